/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChunkCat: every tensor of a list cut into numChunks chunks along dim 0 and the chunks joined
 * per chunk (torch._chunk_cat; ops-math's conversion/chunk_cat, its A2/A3 checks).
 *
 *  CC1. tensors: FLOAT, FLOAT16 or BFLOAT16, all of one type, each of 1 to 8 dims; out FLOAT,
 *      FLOAT16 or BFLOAT16, FLOAT when the tensors are (CANN: out's element size a multiple of
 *      theirs). dim must be 0 (the only one CANN takes), numChunks at least 1. An empty list,
 *      or one whose tensors are all empty, runs nothing and out is not checked (CANN returns
 *      before its shape check); empty tensors are skipped.
 *  CC2. Tensor i, of d0 rows of r elements (r: the product of its other dims), gives each
 *      chunk c_i = ceil(d0 / numChunks) rows, the last chunks padded with zeros (torch pads
 *      the same way). out is [numChunks, sum of c_i * r_i]: row k holds chunk k of tensor 0,
 *      then of tensor 1, ... Values convert to out's type, each rounded once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_chunk_cat.h"
#include "ops/engine/engine.h"
#include "ops/shape/table.h"

#define CC_MAX_TENSORS 32766 /* slots and groups are int16_t; out takes one */

struct cc_plan {
    struct ops_tensor out;
    int64_t chunks, width; /* out is [chunks, width] */
    uint64_t n;
    struct ops_tensor in[]; /* numel 0: skipped (CC1) */
};

static int32_t cc_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct cc_plan *p = e->plan;
    int64_t most = 0;
    for (uint64_t i = 0; i < p->n; i++)
        most = p->in[i].numel > most ? p->in[i].numel : most;
    double *o = calloc((size_t)(p->chunks * p->width), sizeof(double));
    double *t = malloc((size_t)most * sizeof(double));
    if (!o || !t) {
        free(o);
        free(t);
        return ACL_ERROR_BAD_ALLOC;
    }
    int64_t col = 0;
    for (uint64_t i = 0; i < p->n; i++) {
        const struct ops_tensor *s = &p->in[i];
        if (!s->numel)
            continue;
        ops_gather_nd(t, CK_F64, ops_base(s, addr), s->dt, s->ndim, s->dims, s->strides);
        /* CC2: chunk k is t's elements [k * w, (k + 1) * w), zeros past its end */
        int64_t r = s->numel / s->dims[0];
        int64_t w = (s->dims[0] + p->chunks - 1) / p->chunks * r;
        for (int64_t k = 0; k < p->chunks; k++) {
            int64_t lo = k * w, hi = lo + w < s->numel ? lo + w : s->numel;
            if (hi > lo)
                memcpy(o + k * p->width + col, t + lo, (size_t)(hi - lo) * sizeof(double));
        }
        col += w;
    }
    const struct ops_tensor *d = &p->out;
    ops_scatter_nd(o, CK_F64, ops_base(d, addr), d->dt, d->ndim, d->dims, d->strides);
    free(o);
    free(t);
    return 0;
}

aclnnStatus aclnnChunkCatGetWorkspaceSize(const aclTensorList *tensors, int64_t dim,
                                          int64_t numChunks, aclTensor *out, WS)
{
    static const char name[] = "aclnnChunkCat";
    OPS_CHECK_NULLS(name, tensors, out, workspaceSize, executor);
    if (dim != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim is %lld, only 0 is supported", name,
                       (long long)dim);
    if (numChunks < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numChunks is %lld, it must be at least 1",
                       name, (long long)numChunks);
    uint64_t n = tensors->n;
    if (n > CC_MAX_TENSORS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %llu tensors, at most %d are supported", name,
                       (unsigned long long)n, CC_MAX_TENSORS);
    aclnnStatus rc;
    int dt = DT_NONE, odt = DT_NONE;
    int64_t width = 0;
    for (uint64_t k = 0; k < n; k++) {
        const aclTensor *t = tensors->v[k];
        char what[40];
        snprintf(what, sizeof what, "tensors[%llu]", (unsigned long long)k);
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, what);
        if ((rc = ops_check_dims(t, name, what)))
            return rc;
        if (k == 0 && (rc = ops_need_dt(name, what, t->dtype, OPS_DT_ChunkCat, &dt)))
            return rc;
        if (t->dtype != tensors->v[0]->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has data type %s, tensors[0] %s (they must match)", name, what,
                           ops_dt_name(t->dtype), ops_dt_name(tensors->v[0]->dtype));
        if (t->ndim == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has 0 dims, 1 to 8 are needed", name,
                           what);
        int64_t numel = ops_numel(t->dims, (int)t->ndim), w;
        if (!numel)
            continue;
        int64_t rows = (t->dims[0] + numChunks - 1) / numChunks;
        if (__builtin_mul_overflow(rows, numel / t->dims[0], &w) ||
            __builtin_add_overflow(width, w, &width) ||
            __builtin_mul_overflow(width, numChunks, &w))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's size overflows", name);
    }
    if ((rc = ops_check_dims(out, name, "out")))
        return rc;
    if (n && (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_ChunkCat, &odt)))
        return rc;
    if (n && dt == DT_F32 && odt != DT_F32)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, FLOAT tensors need a FLOAT out",
                       name, ops_dt_name(out->dtype));
    int64_t want[2] = {numChunks, width};
    if (width && (rc = ops_check_out_shape(name, out, want, 2)))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(
        name, (uint16_t)n, 1, sizeof(struct cc_plan) + n * sizeof(struct ops_tensor), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    /* every tensor of the list has its slot (the list is IR input 0, as aclnnCat's) */
    uint16_t cnt = (uint16_t)n;
    ops_exec_ir(e, &cnt, 1);
    struct cc_plan *p = e->plan;
    rc = ACLNN_SUCCESS;
    for (uint64_t k = 0; k < n && !rc; k++)
        rc = ops_tensor_from(&p->in[k], tensors->v[k], ops_exec_slot(e, tensors->v[k]), name,
                             "tensors[]");
    if (!rc)
        rc = ops_tensor_from(&p->out, out, ops_exec_slot(e, out), name, "out");
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    p->n = n;
    p->chunks = numChunks;
    p->width = width;
    e->run = width ? cc_run : NULL; /* CC1 */
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(ChunkCat)
