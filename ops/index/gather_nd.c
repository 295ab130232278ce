/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GatherNd: slices of self gathered by coordinate rows, ONNX's GatherND with batch_dims 0 and
 * tf.gather_nd (ops-nn's aclnn_gather_nd.h).
 *
 *  GN1. self [r dims, 1 to 8], indices [q dims, 1 to 8] (INT32, INT64) whose last dim K is in
 *      [1, r]; out = indices.shape[:-1] + self.shape[K:], of self's type (CANN's checks). Row j
 *      of indices addresses self[i0, ..., iK-1, ...] and out's j-th slice is that slice.
 *  GN2. Coordinates are data, read at the launch: with negativeIndexSupport a coordinate in
 *      [-s, 0) counts from the end (ONNX's negative indices); every row is checked before any
 *      write, and one outside [-s, s) (or negative without negativeIndexSupport: CANN then
 *      requires indices in range) fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION, as
 *      scatter_nd.c's rows do.
 *  GN3. Elements move as bits (no conversion): every type of the row, the unsigned wide ones
 *      included.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_gather_nd.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct gnd_plan {
    struct ops_tensor self, idx, out;
    int k;
    bool negative;
};

/* Element j (row-major) of a view: its offset in elements. */
static int64_t gnd_lin_off(const struct ops_tensor *t, int64_t j)
{
    int64_t off = 0;
    for (int d = t->ndim - 1; d >= 0; d--) {
        off += (j % t->dims[d]) * t->strides[d];
        j /= t->dims[d];
    }
    return off;
}

static int32_t gnd_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gnd_plan *p = e->plan;
    const struct ops_tensor *x = &p->self, *ix = &p->idx, *o = &p->out;
    const int esz = (int)ops_dt_size(x->dt), k = p->k, tail = x->ndim - k;
    int64_t ni = ix->numel, rows = ni / k;
    int64_t *iv = malloc((size_t)(ni ? ni : 1) * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    for (int64_t j = 0; j < rows; j++) { /* GN2: every row first; iv[j] its offset in self */
        int64_t off = 0;
        for (int c = 0; c < k; c++) {
            int64_t v = iv[j * k + c], s = x->dims[c];
            if (p->negative && v < 0)
                v += s;
            if (v < 0 || v >= s) {
                free(iv);
                return ACL_ERROR_RT_AICORE_EXCEPTION;
            }
            off += v * x->strides[c];
        }
        iv[j] = off;
    }
    const char *xb = ops_base(x, addr);
    char *ob = ops_base(o, addr);
    int64_t slice = ops_numel(x->dims + k, tail);
    for (int64_t j = 0; j < rows; j++) { /* GN3: out's elements [j * slice, (j + 1) * slice) */
        int64_t t[OPS_MAX_DIMS] = {0};
        for (int64_t q = 0; q < slice; q++) {
            memcpy(ob + gnd_lin_off(o, j * slice + q) * esz,
                   xb + (iv[j] + ops_odo_off(t, x->strides + k, tail)) * esz, (size_t)esz);
            ops_odo_next(t, x->dims + k, tail);
        }
    }
    free(iv);
    return 0;
}

aclnnStatus aclnnGatherNdGetWorkspaceSize(const aclTensor *self, const aclTensor *indices,
                                          bool negativeIndexSupport, aclTensor *out, WS)
{
    static const char name[] = "aclnnGatherNd";
    OPS_CHECK_NULLS(name, self, indices, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt, idt, odt;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_GatherNd, &dt)) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, OPS_DT2_GatherNd, &idt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_GatherNd, &odt)))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must have self's type", name);
    int r = (int)self->ndim, q = (int)indices->ndim;
    if (r < 1 || q < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self and indices need at least 1 dim", name);
    int64_t k = indices->dims[q - 1];
    if (k < 1 || k > r)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: indices' last dim is %lld, it must be in [1, %d] (self's rank)", name,
                       (long long)k, r);
    if (q - 1 + r - k > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out would have %lld dims, at most %d", name,
                       (long long)(q - 1 + r - k), OPS_MAX_DIMS);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, indices->dims, (size_t)(q - 1) * sizeof(int64_t));
    memcpy(want + q - 1, self->dims + k, (size_t)(r - k) * sizeof(int64_t));
    if ((rc = ops_check_shape(name, want, q - 1 + r - (int)k, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct gnd_plan, NULL, {&p->self, self, "self"},
             {&p->idx, indices, "indices"}, {&p->out, out, "out"});
    p->k = (int)k;
    p->negative = negativeIndexSupport;
    e->run = p->out.numel ? gnd_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(GatherNd)
