/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ops study's family rows (issues 29, 31): one operator of the reduction,
 * the foreach, the norm and the softmax family on 64 MiB of float32, in bytes moved per second
 * against memcpy(3) moving as many bytes over the same memory, both timed in
 * this run, alternately, as bench_ops_bw.c times Add.
 *
 *  - aclnnReduceSum over the contiguous last dim of [4096, 4096] (reads 64
 *    MiB, writes 16 KiB): vs a memcpy of 32 MiB (64 MiB moved).
 *  - aclnnForeachAddListV2 (x1 + 1 * x2) over 16 tensors of 4 MiB each
 *    (reads 2 x 64 MiB, writes 64 MiB; one executor): vs a memcpy of 96 MiB.
 *  - aclnnRmsNorm over the last dim of [4096, 4096] with gamma [4096] (reads
 *    64 MiB, writes 64 MiB and 16 KiB of rstd): vs a memcpy of 64 MiB.
 *  - aclnnSoftmax over the last dim of [4096, 4096] (reads 64 MiB, writes
 *    64 MiB): vs a memcpy of 64 MiB.
 *
 * Goal (the table's target): >= 0.8x memcpy, as the elementwise rows: the
 * kernels stream through DRAM like a copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_foreach_add_list_v2.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_softmax.h"
#include "bench_ops.h"
#include "bench_report.h"
#include "bench_util.h"

#define FAM_GOAL 0.8
#define FAM_ROWS 4096
#define FAM_LIST 16

struct fam_op {
    aclTensor *x, *out, *y, *gamma, *rstd;
    aclIntArray *dim;
    aclTensorList *x1, *x2, *o;
    aclScalar *alpha;
};

static int sum_launch(void *op, aclrtStream s)
{
    struct fam_op *o = op;
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    int rc = aclnnReduceSumGetWorkspaceSize(o->x, o->dim, false, ACL_FLOAT, o->out, &ws, &ex);
    return rc ? rc : aclnnReduceSum(NULL, ws, ex, s);
}

static int foreach_launch(void *op, aclrtStream s)
{
    struct fam_op *o = op;
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    int rc = aclnnForeachAddListV2GetWorkspaceSize(o->x1, o->x2, o->alpha, o->o, &ws, &ex);
    return rc ? rc : aclnnForeachAddListV2(NULL, ws, ex, s);
}

static int rms_launch(void *op, aclrtStream s)
{
    struct fam_op *o = op;
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    int rc = aclnnRmsNormGetWorkspaceSize(o->x, o->gamma, 1e-6, o->y, o->rstd, &ws, &ex);
    return rc ? rc : aclnnRmsNorm(NULL, ws, ex, s);
}

/* A list of FAM_LIST contiguous float tensors of n elements from base on. */
static int softmax_launch(void *op, aclrtStream s)
{
    struct fam_op *o = op;
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    int rc = aclnnSoftmaxGetWorkspaceSize(o->x, 1, o->y, &ws, &ex);
    return rc ? rc : aclnnSoftmax(NULL, ws, ex, s);
}

static aclTensorList *fam_list(char *base, int64_t n)
{
    aclTensor *t[FAM_LIST];
    for (int i = 0; i < FAM_LIST; i++)
        if (!(t[i] = bop_tensor(base + (size_t)i * (size_t)n * 4, ACL_FLOAT, 1, &n, NULL)))
            return NULL;
    return aclCreateTensorList((const aclTensor *const *)t, FAM_LIST);
}

/* reps alternating timings of one memcpy of ncopy bytes and one launch + sync, both in
 * bytes moved per ns (memcpy: 2 x ncopy, the operator: moved). */
static int fam_time(struct bs_ctx *c, aclrtStream s, bop_launch_fn fn, void *op, char *dst,
                    const char *src, size_t ncopy, double moved, struct br_acc *mc,
                    struct br_acc *acc)
{
    if (fn(op, s) || aclrtSynchronizeStream(s) != ACL_SUCCESS) /* warm-up */
        return -1;
    memcpy(dst, src, ncopy);
    for (unsigned r = 0; r < c->reps; r++) {
        uint64_t t0 = bu_now_ns();
        memcpy(dst, src, ncopy);
        uint64_t t1 = bu_now_ns();
        br_acc_add(mc, 2.0 * (double)ncopy / (double)(t1 - t0 ? t1 - t0 : 1));
        if (fn(op, s) || aclrtSynchronizeStream(s) != ACL_SUCCESS)
            return -1;
        uint64_t t2 = bu_now_ns();
        br_acc_add(acc, moved / (double)(t2 - t1 ? t2 - t1 : 1));
    }
    return 0;
}

static void fam_rows_out(struct br_results *R, const char *mkey, const char *mlabel,
                         struct br_acc *mc, const char *key, const char *label, struct br_acc *acc,
                         const char *note)
{
    char bkey[64];
    snprintf(bkey, sizeof(bkey), "ops.%s", mkey);
    br_set_note(br_add(R, "ops", mkey, mlabel, "GB/s", BR_HIGHER, mc, NULL, NULL),
                "memcpy(3), host thread, over the operator's bytes: read + write per s");
    struct br_figure *f = br_add(R, "ops", key, label, "GB/s", BR_HIGHER, acc, bkey, NULL);
    br_set_target(f, 'b', '>', FAM_GOAL);
    br_set_note(f, "%s", note);
}

int bs_ops_family(struct bs_ctx *c, aclrtStream s)
{
    const size_t mb64 = (size_t)64 << 20;
    char *blk = NULL;
    struct fam_op op = {0};
    int rc = -1;
    bop_step("ops: reduction, foreach and norm block (3 x 64 MiB)");
    if (aclrtMalloc((void **)&blk, 3 * mb64, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
        aclrtMemset(blk, 3 * mb64, 0x3F, 3 * mb64) != ACL_SUCCESS) /* floats 0.747 */
        goto out;
    /* ReduceSum [4096, 4096] over dim 1 into [4096] (in the third 64 MiB). */
    int64_t xd[2] = {FAM_ROWS, (int64_t)(mb64 / 4 / FAM_ROWS)}, od = FAM_ROWS, d1 = 1;
    op.x = bop_tensor(blk, ACL_FLOAT, 2, xd, NULL);
    op.out = bop_tensor(blk + 2 * mb64, ACL_FLOAT, 1, &od, NULL);
    op.dim = aclCreateIntArray(&d1, 1);
    if (!op.x || !op.out || !op.dim)
        goto out;
    bop_step("ops: ReduceSum f32 64 MiB vs memcpy");
    struct br_acc mc = {0}, acc = {0};
    if (fam_time(c, s, sum_launch, &op, blk + mb64, blk, mb64 / 2, (double)mb64, &mc, &acc))
        goto out;
    fam_rows_out(c->res, "memcpy_moved_64M", "memcpy 32 MiB (bytes moved)", &mc,
                 "reduce_sum_f32_64M", "aclnnReduceSum f32 64 MiB, last dim (bytes moved)", &acc,
                 "reads 64 MiB, writes 16 KiB; launch + sync");
    /* ForeachAddListV2: 16 x 4 MiB each of x1 | x2 | out. */
    const float one = 1.0f;
    int64_t n = (int64_t)(mb64 / FAM_LIST / 4);
    op.x1 = fam_list(blk, n);
    op.x2 = fam_list(blk + mb64, n);
    op.o = fam_list(blk + 2 * mb64, n);
    op.alpha = aclCreateScalar((void *)&one, ACL_FLOAT);
    if (!op.x1 || !op.x2 || !op.o || !op.alpha)
        goto out;
    bop_step("ops: ForeachAddListV2 f32 16 x 4 MiB vs memcpy");
    struct br_acc mc2 = {0}, acc2 = {0};
    if (fam_time(c, s, foreach_launch, &op, blk + mb64 + mb64 / 2, blk, mb64 + mb64 / 2,
                 3.0 * (double)mb64, &mc2, &acc2))
        goto out;
    fam_rows_out(c->res, "memcpy_moved_192M_fe", "memcpy 96 MiB (bytes moved)", &mc2,
                 "foreach_add_list_f32_16x4M", "aclnnForeachAddListV2 f32 16 x 4 MiB (bytes moved)",
                 &acc2, "2 reads + 1 write per tensor, one executor; launch + sync");
    /* RmsNorm [4096, 4096] over the last dim: x the first 64 MiB, y the second, gamma and
     * rstd at the start of the third. */
    int64_t gd = xd[1];
    op.y = bop_tensor(blk + mb64, ACL_FLOAT, 2, xd, NULL);
    op.gamma = bop_tensor(blk + 2 * mb64, ACL_FLOAT, 1, &gd, NULL);
    op.rstd = bop_tensor(blk + 2 * mb64 + (size_t)gd * 4, ACL_FLOAT, 1, &od, NULL);
    if (!op.y || !op.gamma || !op.rstd)
        goto out;
    bop_step("ops: RmsNorm f32 64 MiB vs memcpy");
    struct br_acc mc3 = {0}, acc3 = {0};
    if (fam_time(c, s, rms_launch, &op, blk + mb64, blk, mb64, 2.0 * (double)mb64, &mc3, &acc3))
        goto out;
    fam_rows_out(c->res, "memcpy_moved_128M_norm", "memcpy 64 MiB (bytes moved)", &mc3,
                 "rms_norm_f32_64M", "aclnnRmsNorm f32 64 MiB, last dim (bytes moved)", &acc3,
                 "reads 64 MiB, writes 64 MiB + 16 KiB of rstd; launch + sync");
    bop_step("ops: Softmax f32 64 MiB vs memcpy");
    struct br_acc mc4 = {0}, acc4 = {0};
    if (fam_time(c, s, softmax_launch, &op, blk + mb64, blk, mb64, 2.0 * (double)mb64, &mc4, &acc4))
        goto out;
    fam_rows_out(c->res, "memcpy_moved_128M_softmax", "memcpy 64 MiB (bytes moved)", &mc4,
                 "softmax_f32_64M", "aclnnSoftmax f32 64 MiB, last dim (bytes moved)", &acc4,
                 "reads 64 MiB, writes 64 MiB; launch + sync");
    rc = 0;
out:
    aclDestroyTensor(op.x), aclDestroyTensor(op.out), aclDestroyIntArray(op.dim);
    aclDestroyTensor(op.y), aclDestroyTensor(op.gamma), aclDestroyTensor(op.rstd);
    aclDestroyTensorList(op.x1), aclDestroyTensorList(op.x2), aclDestroyTensorList(op.o);
    aclDestroyScalar(op.alpha);
    aclrtFree(blk);
    return rc;
}
