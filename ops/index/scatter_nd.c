/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scatters addressed by coordinate rows or flat positions: ScatterNd, ScatterNdUpdate,
 * TfScatterAdd, InplacePut.
 *
 *  ND1. indices' last dim holds K coordinates (1 <= K <= rank of the target), one row per
 *      update slice: updates has shape indices.shape[:-1] + target.shape[K:], and row j writes
 *      its slice at target[indices[j, 0], ..., indices[j, K-1], ...]. Coordinates must lie in
 *      [0, size) (CANN documents non-negative, in-range indices); every row is checked before
 *      any write and a bad one fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION. Rows that
 *      repeat a coordinate are applied in order (the last one stays). ScatterNd first copies
 *      data to out and scatters into out; ScatterNdUpdate scatters into varRef in place.
 *  ND2. InplacePut(selfRef, index, source, accumulate) is torch.Tensor.put_: selfRef read as
 *      1-d in row-major order, source's element j (row-major) replaces (or, with accumulate,
 *      is added to) element index[j]; index and source have the same element count, index
 *      values lie in [-numel, numel) (negative ones from the end; others fail the launch as
 *      in ND1). Accumulation runs in double (floats) or int64 (integers, wrapping to the type;
 *      bool as logical or).
 *  ND3. TfScatterAdd (tf.compat.v1.scatter_nd_add / scatter_add) adds ND1's slices into varRef
 *      (ops_put_elem's accumulation, one rounding per update, in row order): the scatter_nd_add
 * form when updates.shape = indices.shape[:-1] + varRef.shape[K:] (K = indices' last dim, at most
 * varRef's rank; CANN's op_api takes this form first), else the scatter_add form, each element of
 * indices one row of K = 1 (updates.shape = indices.shape + varRef.shape[1:]). CANN computes
 * BFLOAT16 in FLOAT, rounding once: here each update rounds, so repeated rows may differ in the
 * last place. Out-of-range rows fail the launch as in ND1 (CANN leaves them undefined).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_put.h"
#include "aclnnop/aclnn_scatter_nd.h"
#include "aclnnop/aclnn_scatter_nd_update.h"
#include "aclnnop/aclnn_tf_scatter_add.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct snd_plan {
    struct ops_tensor src, idx, upd, out; /* src: ScatterNd's data (copied to out first) */
    int k;                                /* coordinates per row (ND1); 0 = flat (ND2) */
    bool copy;                            /* ScatterNd */
    bool accumulate;                      /* InplacePut's accumulate */
};

/* Element j (row-major) of a view: its offset in elements. */
static int64_t lin_off(const struct ops_tensor *t, int64_t j)
{
    int64_t off = 0;
    for (int d = t->ndim - 1; d >= 0; d--) {
        off += (j % t->dims[d]) * t->strides[d];
        j /= t->dims[d];
    }
    return off;
}

static int32_t snd_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct snd_plan *p = e->plan;
    const struct ops_tensor *o = &p->out, *u = &p->upd, *ix = &p->idx;
    const int esz = (int)ops_dt_size(o->dt);
    int64_t ni = ix->numel;
    int64_t *iv = malloc((size_t)(ni ? ni : 1) * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    int k = p->k ? p->k : 1;
    int64_t rows = ni / k;
    /* ND1 / ND2: check every row first; iv becomes each row's element offset in out. */
    for (int64_t j = 0; j < rows; j++) {
        int64_t off = 0;
        for (int c = 0; c < k; c++) {
            int64_t v = iv[j * k + c], lim = p->k ? o->dims[c] : o->numel;
            if (!p->k && v < 0)
                v += lim;
            if (v < 0 || v >= lim) {
                free(iv);
                return ACL_ERROR_RT_AICORE_EXCEPTION;
            }
            off += p->k ? v * o->strides[c] : lin_off(o, v);
        }
        iv[j] = off;
    }
    char *ob = ops_base(o, addr);
    const char *ub = ops_base(u, addr);
    if (p->copy) { /* ScatterNd: out = data first */
        const char *sb = ops_base(&p->src, addr);
        for (int64_t j = 0; j < o->numel; j++)
            memcpy(ob + lin_off(o, j) * esz, sb + lin_off(&p->src, j) * esz, (size_t)esz);
    }
    if (!p->k) { /* ND2 */
        for (int64_t j = 0; j < rows; j++)
            ops_put_elem(ob + iv[j] * esz, ub + lin_off(u, j) * esz, o->dt, p->accumulate);
    } else { /* ND1: row j's slice is updates' elements [j * slice, (j + 1) * slice) */
        int tail = o->ndim - k;
        int64_t slice = ops_numel(o->dims + k, tail);
        for (int64_t j = 0; j < rows; j++) {
            int64_t t[OPS_MAX_DIMS] = {0};
            for (int64_t q = 0; q < slice; q++) {
                ops_put_elem(ob + (iv[j] + ops_odo_off(t, o->strides + k, tail)) * esz,
                             ub + lin_off(u, j * slice + q) * esz, o->dt, p->accumulate);
                ops_odo_next(t, o->dims + k, tail);
            }
        }
    }
    free(iv);
    return 0;
}

/* The checks ND1 shares: types (from the row), indices' last dim, updates' shape. k1: every
 * element of indices is one row of one coordinate (ND3's scatter_add form); add: the rows add. */
static aclnnStatus snd_op(const char *name, const aclTensor *data, const aclTensor *indices,
                          const aclTensor *updates, const aclTensor *out, const char *oname,
                          unsigned types, unsigned itypes, bool k1, bool add, uint64_t *ws,
                          aclOpExecutor **ex)
{
    aclnnStatus rc;
    int ddt = DT_NONE, idt, udt, odt;
    if ((data && ((rc = ops_check_dims(data, name, "data")) ||
                  (rc = ops_need_dt(name, "data", data->dtype, types, &ddt)))) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_check_dims(updates, name, "updates")) ||
        (rc = ops_check_dims(out, name, oname)) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, itypes, &idt)) ||
        (rc = ops_need_dt(name, "updates", updates->dtype, types, &udt)) ||
        (rc = ops_need_dt(name, oname, out->dtype, types, &odt)))
        return rc;
    if (udt != odt || (data && ddt != odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: updates (%s) and %s (%s)%s must have one type",
                       name, ops_dt_name(updates->dtype), oname, ops_dt_name(out->dtype),
                       data ? " and data" : "");
    if (data && (rc = ops_check_shape(name, data->dims, (int)data->ndim, out, oname)))
        return rc;
    int r = (int)out->ndim, ni = (int)indices->ndim;
    int64_t k = k1 ? 1 : ni ? indices->dims[ni - 1] : 0;
    if (ni < 1 || k < 1 || k > r)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: indices' last dim (%lld) must be in [1, %s's rank %d]", name,
                       (long long)k, oname, r);
    int64_t want[OPS_TENSOR_MAX_DIMS];
    int nw = 0;
    for (int q = 0; q < ni - (k1 ? 0 : 1); q++)
        want[nw++] = indices->dims[q];
    for (int q = (int)k; q < r; q++)
        want[nw++] = out->dims[q];
    if (nw > OPS_MAX_DIMS || !ops_shape_is(updates, want, nw))
        return ops_shape_err(name, "updates", updates, want, nw);
    struct snd_plan *p;
    struct aclOpExecutor *e;
    if (data) {
        OPS_PLAN(e1, p1, name, 3, 1, struct snd_plan, NULL, {&p1->src, data, "data"},
                 {&p1->idx, indices, "indices"}, {&p1->upd, updates, "updates"},
                 {&p1->out, out, oname});
        e = e1, p = p1;
    } else { /* in place: varRef is an input and the output */
        OPS_PLAN(e2, p2, name, 2, 1, struct snd_plan, NULL, {&p2->idx, indices, "indices"},
                 {&p2->upd, updates, "updates"}, {&p2->out, out, oname});
        e = e2, p = p2;
    }
    p->k = (int)k;
    p->copy = data != NULL;
    p->accumulate = add;
    bool empty_out = ops_numel(out->dims, r) == 0;
    e->run = (ops_numel(indices->dims, ni) > 0 || data) && !empty_out ? snd_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnScatterNdGetWorkspaceSize(const aclTensor *data, const aclTensor *indices,
                                           const aclTensor *updates, aclTensor *out, WS)
{
    const char *name = "aclnnScatterNd";
    OPS_CHECK_NULLS(name, data, indices, updates, out, workspaceSize, executor);
    return snd_op(name, data, indices, updates, out, "out", OPS_DT_ScatterNd, OPS_DT2_ScatterNd,
                  false, false, workspaceSize, executor);
}
PHASE2(ScatterNd)

aclnnStatus aclnnScatterNdUpdateGetWorkspaceSize(aclTensor *varRef, const aclTensor *indices,
                                                 const aclTensor *updates, WS)
{
    const char *name = "aclnnScatterNdUpdate";
    OPS_CHECK_NULLS(name, varRef, indices, updates, workspaceSize, executor);
    return snd_op(name, NULL, indices, updates, varRef, "varRef", OPS_DT_ScatterNdUpdate,
                  OPS_DT2_ScatterNdUpdate, false, false, workspaceSize, executor);
}
PHASE2(ScatterNdUpdate)

aclnnStatus aclnnTfScatterAddGetWorkspaceSize(aclTensor *varRef, const aclTensor *indices,
                                              const aclTensor *updates, WS)
{
    const char *name = "aclnnTfScatterAdd";
    OPS_CHECK_NULLS(name, varRef, indices, updates, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(varRef, name, "varRef")) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_check_dims(updates, name, "updates")))
        return rc;
    const int r = (int)varRef->ndim, ni = (int)indices->ndim;
    if (r < 1 || ni < 1 || updates->ndim < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: varRef, indices and updates need 1 to 8 dims",
                       name);
    if (varRef->dims[0] == 0 && ops_numel(indices->dims, ni) != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: varRef's first dim is 0, so indices must be empty", name);
    /* ND3: the scatter_nd_add form first (CANN's op_api) */
    const int64_t k = indices->dims[ni - 1];
    bool nd = k >= 1 && k <= r && (int)updates->ndim == ni - 1 + r - (int)k;
    for (int q = 0; nd && q < (int)updates->ndim; q++)
        nd = updates->dims[q] == (q < ni - 1 ? indices->dims[q] : varRef->dims[k + q - (ni - 1)]);
    return snd_op(name, NULL, indices, updates, varRef, "varRef", OPS_DT_TfScatterAdd,
                  OPS_DT2_TfScatterAdd, !nd, true, workspaceSize, executor);
}
PHASE2(TfScatterAdd)

aclnnStatus aclnnInplacePutGetWorkspaceSize(aclTensor *selfRef, const aclTensor *index,
                                            const aclTensor *source, bool accumulate, WS)
{
    const char *name = "aclnnInplacePut";
    OPS_CHECK_NULLS(name, selfRef, index, source, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, idt, odt;
    if ((rc = ops_check_dims(selfRef, name, "selfRef")) ||
        (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(source, name, "source")) ||
        (rc = ops_need_dt(name, "selfRef", selfRef->dtype, OPS_DT_Put, &odt)) ||
        (rc = ops_need_dt(name, "index", index->dtype, OPS_DT2_Put, &idt)) ||
        (rc = ops_need_dt(name, "source", source->dtype, OPS_DT_Put, &sdt)))
        return rc;
    if (sdt != odt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: source has type %s, selfRef has %s; they must match", name,
                       ops_dt_name(source->dtype), ops_dt_name(selfRef->dtype));
    int64_t ni = ops_numel(index->dims, (int)index->ndim);
    int64_t ns = ops_numel(source->dims, (int)source->ndim);
    if (ni != ns)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: index has %lld elements, source %lld; they must match", name,
                       (long long)ni, (long long)ns);
    if (ni > 0 && ops_numel(selfRef->dims, (int)selfRef->ndim) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: selfRef is empty but index is not", name);
    OPS_PLAN(e, p, name, 2, 1, struct snd_plan, NULL, {&p->idx, index, "index"},
             {&p->upd, source, "source"}, {&p->out, selfRef, "selfRef"});
    p->k = 0;
    p->accumulate = accumulate;
    e->run = ni > 0 ? snd_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(InplacePut)
