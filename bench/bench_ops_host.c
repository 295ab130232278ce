/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ops study's host-overhead rows (issue 16): what one small operator
 * costs the calling thread, aclnnAdd on a [4, 2] float32 tensor.
 *
 *  - descriptors created each time: aclCreateTensor x3 + aclCreateScalar,
 *    aclnnAddGetWorkspaceSize, aclnnAdd, then the four destroys;
 *  - descriptors reused: aclnnAddGetWorkspaceSize + aclnnAdd only (the
 *    issue's goal: <= 100 ns of host time, a fixed project target);
 *  - the same Add by its CANN type (issue 27): aclopExecuteV2 with tensor
 *    descriptions, data buffers and an attribute set reused (goal <= 1.5x
 *    the reused aclnnAdd), and aclopExecWithHandle on a handle made once
 *    (goal <= 1.1x).
 *
 * Host time only: a batch of BS_BATCH operators is timed while the worker
 * executes them concurrently, then the stream is synchronised outside the
 * timed region; a repetition's value is the median over its batches.
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "acl/acl_op.h"
#include "aclnnop/aclnn_add.h"
#include "bench_ops.h"
#include "bench_report.h"
#include "bench_study.h"
#include "bench_util.h"

struct add_op {
    void *dx, *dy, *dz;
    aclTensor *x, *y, *z;
    aclScalar *alpha;
    /* aclop: inputs x, y and output z as descriptions and buffers */
    aclTensorDesc *desc[3];
    aclDataBuffer *buf[3];
    aclopAttr *attr;
    aclopHandle *handle;
};

/* How a repetition queues its Add. */
enum add_way { ADD_REUSED, ADD_FRESH, ADD_OP, ADD_HANDLE };

static const int64_t k_dims[2] = {4, 2}, k_strides[2] = {2, 1}, k_storage = 8;
static const float k_one = 1.0f;

static aclTensor *small(void *d)
{
    return aclCreateTensor(k_dims, 2, ACL_FLOAT, k_strides, 0, ACL_FORMAT_ND, &k_storage, 1, d);
}

static int add_create(struct add_op *o)
{
    o->x = small(o->dx), o->y = small(o->dy), o->z = small(o->dz);
    o->alpha = aclCreateScalar((void *)&k_one, ACL_FLOAT);
    return o->x && o->y && o->z && o->alpha ? 0 : -1;
}

static void add_destroy(struct add_op *o)
{
    aclDestroyTensor(o->x), aclDestroyTensor(o->y), aclDestroyTensor(o->z);
    aclDestroyScalar(o->alpha);
    o->x = o->y = o->z = NULL;
    o->alpha = NULL;
}

static int aclop_create(struct add_op *o)
{
    void *d[3] = {o->dx, o->dy, o->dz};
    for (int i = 0; i < 3; i++) {
        o->desc[i] = aclCreateTensorDesc(ACL_FLOAT, 2, k_dims, ACL_FORMAT_ND);
        o->buf[i] = aclCreateDataBuffer(d[i], 32);
        if (!o->desc[i] || !o->buf[i])
            return -1;
    }
    o->attr = aclopCreateAttr();
    if (!o->attr)
        return -1;
    return aclopCreateHandle("Add", 2, (const aclTensorDesc *const *)o->desc, 1,
                             (const aclTensorDesc *const *)&o->desc[2], o->attr,
                             &o->handle) == ACL_SUCCESS
               ? 0
               : -1;
}

static void aclop_destroy(struct add_op *o)
{
    for (int i = 0; i < 3; i++) {
        aclDestroyTensorDesc(o->desc[i]);
        aclDestroyDataBuffer(o->buf[i]);
        o->desc[i] = NULL;
        o->buf[i] = NULL;
    }
    aclopDestroyAttr(o->attr);
    aclopDestroyHandle(o->handle);
    o->attr = NULL;
    o->handle = NULL;
}

static int aclop_launch(struct add_op *o, aclrtStream s, enum add_way way)
{
    if (way == ADD_HANDLE)
        return aclopExecWithHandle(o->handle, 2, (const aclDataBuffer *const *)o->buf, 1,
                                   &o->buf[2], s) != ACL_SUCCESS
                   ? -1
                   : 0;
    return aclopExecuteV2("Add", 2, o->desc, o->buf, 1, &o->desc[2], &o->buf[2], o->attr, s) !=
                   ACL_SUCCESS
               ? -1
               : 0;
}

static int add_launch(struct add_op *o, aclrtStream s)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    if (aclnnAddGetWorkspaceSize(o->x, o->y, o->alpha, o->z, &ws, &ex) != 0 || ws != 0)
        return -1;
    return aclnnAdd(NULL, 0, ex, s) != 0 ? -1 : 0;
}

/* One repetition: median ns per operator over the batches. */
static int host_rep(struct bs_ctx *c, aclrtStream s, struct add_op *o, enum add_way way,
                    double *out)
{
    int fresh = way == ADD_FRESH;
    unsigned nb = bs_n_batches(c);
    double *v = calloc(nb, sizeof(*v));
    int rc = v ? 0 : -1;
    for (unsigned b = 0; b < nb && rc == 0; b++) {
        /* relaxed: a hint for the watchdog, outside the timed region */
        atomic_fetch_add_explicit(&bs_beat, 1, memory_order_relaxed);
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < BS_BATCH && rc == 0; i++) {
            if (fresh && add_create(o) != 0)
                rc = -1;
            if (rc == 0)
                rc = way >= ADD_OP ? aclop_launch(o, s, way) : add_launch(o, s);
            if (fresh)
                add_destroy(o);
        }
        v[b] = (double)(bu_now_ns() - t0) / BS_BATCH;
        if (aclrtSynchronizeStream(s) != ACL_SUCCESS)
            rc = -1;
    }
    if (rc == 0)
        *out = bu_median(v, nb);
    free(v);
    return rc;
}

int bs_ops_host(struct bs_ctx *c, void *s)
{
    struct br_results *R = c->res;
    struct add_op o = {0};
    int rc = -1;
    /* relaxed: the watchdog only needs to see progress */
    atomic_store_explicit(&bs_step, "ops: small aclnnAdd host time", memory_order_relaxed);
    atomic_fetch_add_explicit(&bs_beat, 1, memory_order_relaxed);
    if (aclrtMalloc(&o.dx, 64, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
        aclrtMalloc(&o.dy, 64, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
        aclrtMalloc(&o.dz, 64, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        goto out;
    struct br_acc fresh = {0}, reuse = {0}, byop = {0}, handle = {0};
    double x = 0;
    /* warm-up: one rep of each, not recorded */
    if (host_rep(c, s, &o, ADD_FRESH, &x) != 0 || add_create(&o) != 0 || aclop_create(&o) != 0 ||
        host_rep(c, s, &o, ADD_REUSED, &x) != 0 || host_rep(c, s, &o, ADD_OP, &x) != 0 ||
        host_rep(c, s, &o, ADD_HANDLE, &x) != 0)
        goto out;
    /* The three reused forms interleaved, so drift in the machine's load
     * falls on all of them alike. */
    for (unsigned r = 0; r < c->reps; r++) {
        if (host_rep(c, s, &o, ADD_REUSED, &x) != 0)
            goto out;
        br_acc_add(&reuse, x);
        if (host_rep(c, s, &o, ADD_OP, &x) != 0)
            goto out;
        br_acc_add(&byop, x);
        if (host_rep(c, s, &o, ADD_HANDLE, &x) != 0)
            goto out;
        br_acc_add(&handle, x);
    }
    add_destroy(&o);
    for (unsigned r = 0; r < c->reps; r++) {
        if (host_rep(c, s, &o, ADD_FRESH, &x) != 0)
            goto out;
        br_acc_add(&fresh, x);
    }
    struct br_figure *f = br_add_value(R, "ops", "host_target_ns", "small operator host target",
                                       "ns", BR_INFO, 100.0, 1, NULL, NULL);
    br_set_note(f, "project target (issue 16), not a measurement");
    f = br_add(R, "ops", "add_small_host", "aclnnAdd 4x2 f32, host, reused desc", "ns", BR_LOWER,
               &reuse, "launch.submit", "ops.host_target_ns");
    br_set_target(f, 'l', '<', 1.0);
    br_set_note(f, "aclnnAddGetWorkspaceSize + aclnnAdd, descriptors reused; vs empty-kernel "
                   "submit");
    f = br_add(R, "ops", "add_small_fresh", "aclnnAdd 4x2 f32, host, new desc", "ns", BR_LOWER,
               &fresh, "launch.submit", NULL);
    br_set_note(f, "3 x aclCreateTensor + aclCreateScalar + GetWorkspaceSize + aclnnAdd + "
                   "4 destroys");
    f = br_add(R, "ops", "aclop_small_host", "aclopExecuteV2 Add 4x2 f32, host", "ns", BR_LOWER,
               &byop, "ops.add_small_host", NULL);
    br_set_target(f, 'b', '<', 1.5);
    br_set_note(f, "by op type, descs/buffers/attr reused (plan cache hit); vs reused aclnnAdd");
    f = br_add(R, "ops", "aclop_handle_host", "aclopExecWithHandle Add 4x2 f32, host", "ns",
               BR_LOWER, &handle, "ops.add_small_host", NULL);
    br_set_target(f, 'b', '<', 1.1);
    br_set_note(f, "handle made once by aclopCreateHandle; vs reused aclnnAdd");
    rc = 0;
out:
    add_destroy(&o);
    aclop_destroy(&o);
    aclrtFree(o.dx), aclrtFree(o.dy), aclrtFree(o.dz);
    return rc;
}
