/* SPDX-License-Identifier: Apache-2.0 */
/*
 * torch's advanced indexing with integer index tensors: IndexPutImpl (ops-nn index/index_put_v2,
 * index_put_) and Index (ops-nn experimental/index/index, aclnn_index_v2.h: the read,
 * self[indices]).
 *
 *  AI1. indices holds k (1 to selfRef's rank) INT32 / INT64 tensors for selfRef's dims 0 to
 *      k - 1; they broadcast together to a shape B, and the indexed result has the shape
 *      R = B + selfRef.shape[k:]. values (selfRef's type) broadcasts to R (torch's rule; CANN's
 *      docs give values R's rank). For every b in B (row-major) the slice selfRef[c0, ..., ck-1]
 *      with cd = indices[d][b] (negative from the end of dim d) takes values' slice at b
 *      (accumulate false: the last b naming a slice wins) or has it added (accumulate true:
 *      floats in double, integers in int64 wrapping to the type, BOOL as logical or; one
 *      rounding per update). Every coordinate is checked before any write: one outside its dim
 *      fails the launch (ACL_ERROR_RT_AICORE_EXCEPTION), whatever unsafe says (CANN: unsafe
 *      false may leave it undefined).
 *  AI2. BOOL masks, which CANN also takes (each mask standing for the coordinates of its true
 *      elements, a data-dependent count), are refused with 161002 (cpuacl).
 *  AI3. Index: out (of shape R, self's type) = self's slices at AI1's coordinates, element bits
 *      moved; a coordinate outside its dim fails the launch before any write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_index_put_impl.h"
#include "aclnnop/aclnn_index_v2.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct ip_plan {
    struct ops_tensor self, values, idx[OPS_MAX_DIMS];
    int k, nb;                               /* index tensors; B's rank */
    int64_t bdims[OPS_MAX_DIMS];             /* B */
    int64_t ist[OPS_MAX_DIMS][OPS_MAX_DIMS]; /* each index tensor's strides over B (0: broadcast) */
    int64_t vst[2 * OPS_MAX_DIMS];           /* values' strides over R (0: broadcast) */
    bool accumulate;
    bool get; /* Index (AI3): values is the out, read into */
};

static int32_t ip_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ip_plan *p = e->plan;
    const struct ops_tensor *s = &p->self, *v = &p->values;
    const int k = p->k, nb = p->nb, tail = s->ndim - k;
    const int64_t nbe = ops_numel(p->bdims, nb), slice = ops_numel(s->dims + k, tail);
    const int esz = (int)ops_dt_size(s->dt);
    int64_t *off = malloc((size_t)(nbe ? nbe : 1) * sizeof(int64_t));
    if (!off)
        return ACL_ERROR_BAD_ALLOC;
    int64_t b[OPS_MAX_DIMS] = {0};
    for (int64_t j = 0; j < nbe; j++) { /* AI1: every coordinate before any write */
        int64_t o = 0;
        for (int d = 0; d < k; d++) {
            const struct ops_tensor *t = &p->idx[d];
            int64_t c, io = 0;
            for (int q = 0; q < nb; q++)
                io += b[q] * p->ist[d][q];
            ops_loader(CK_I64, t->dt)(&c, ops_elem(t, addr, io), 0, 1);
            c = c < 0 ? c + s->dims[d] : c;
            if (c < 0 || c >= s->dims[d]) {
                free(off);
                return ACL_ERROR_RT_AICORE_EXCEPTION;
            }
            o += c * s->strides[d];
        }
        off[j] = o;
        ops_odo_next(b, p->bdims, nb);
    }
    char *sb = ops_base(s, addr);
    const char *vb = ops_base(v, addr);
    memset(b, 0, sizeof(b));
    for (int64_t j = 0; j < nbe; j++) {
        int64_t vo = 0, t[OPS_MAX_DIMS] = {0};
        for (int q = 0; q < nb; q++)
            vo += b[q] * p->vst[q];
        for (int64_t r = 0; r < slice; r++) {
            char *at = sb + (off[j] + ops_odo_off(t, s->strides + k, tail)) * esz;
            char *vat = (char *)vb + (vo + ops_odo_off(t, p->vst + nb, tail)) * esz;
            if (p->get)
                memcpy(vat, at, (size_t)esz);
            else
                ops_put_elem(at, vat, s->dt, p->accumulate);
            ops_odo_next(t, s->dims + k, tail);
        }
        ops_odo_next(b, p->bdims, nb);
    }
    free(off);
    return 0;
}

/* AI1's phase 1 for both: selfRef / self, indices, values / out (get: out, exactly R). */
static aclnnStatus ip_build(const char *name, const aclTensor *selfRef,
                            const aclTensorList *indices, const aclTensor *values, bool get,
                            bool accumulate, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *sname = get ? "self" : "selfRef", *vname = get ? "out" : "values";
    aclnnStatus rc;
    int dt, vdt;
    if ((rc = ops_check_dims(selfRef, name, sname)) || (rc = ops_check_dims(values, name, vname)) ||
        (rc = ops_need_dt(name, sname, selfRef->dtype, OPS_DT_IndexPutImpl, &dt)) ||
        (rc = ops_need_dt(name, vname, values->dtype, OPS_DT_IndexPutImpl, &vdt)))
        return rc;
    const int nd = (int)selfRef->ndim;
    if (vdt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, %s %s", name, vname,
                       ops_dt_name(values->dtype), sname, ops_dt_name(selfRef->dtype));
    if (nd < 1 || indices->n < 1 || indices->n > (uint64_t)nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: indices has %llu tensors; %s's %d dims take 1 to that many", name,
                       (unsigned long long)indices->n, sname, nd);
    const int k = (int)indices->n;
    int64_t bd[OPS_MAX_DIMS];
    int nb = 0;
    for (int d = 0; d < k; d++) {
        const aclTensor *t = indices->v[d];
        char what[24];
        snprintf(what, sizeof(what), "indices[%d]", d);
        int idt;
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, what);
        if ((rc = ops_check_dims(t, name, what)))
            return rc;
        if (t->dtype == ACL_BOOL)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s is a BOOL mask; only INT32 / INT64 indices are supported "
                           "(cpuacl)",
                           name, what);
        if ((rc = ops_need_dt(name, what, t->dtype, OPS_DT2_IndexPutImpl, &idt)))
            return rc;
        int64_t nbd[OPS_MAX_DIMS];
        int nn;
        if (!ops_broadcast(bd, nb, t->dims, (int)t->ndim, nbd, &nn))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the index tensors do not broadcast", name);
        memcpy(bd, nbd, sizeof(nbd));
        nb = nn;
    }
    const int tail = nd - k, nr = nb + tail;
    if (nr > 2 * OPS_MAX_DIMS || (int)values->ndim > nr || (get && nr > OPS_MAX_DIMS))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %u dims, the indexed result %d", name,
                       vname, (unsigned)values->ndim, nr);
    int64_t rd[2 * OPS_MAX_DIMS];
    memcpy(rd, bd, (size_t)nb * sizeof(int64_t));
    memcpy(rd + nb, selfRef->dims + k, (size_t)tail * sizeof(int64_t));
    if (get && (rc = ops_check_shape(name, rd, nr, values, vname)))
        return rc;
    const int vo = nr - (int)values->ndim;
    for (int q = 0; q < (int)values->ndim; q++)
        if (values->dims[q] != 1 && values->dims[q] != rd[vo + q])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: values does not broadcast to the indexed result (dim %d: %lld "
                           "against %lld)",
                           name, q, (long long)values->dims[q], (long long)rd[vo + q]);
    struct aclOpExecutor *e =
        ops_exec_plan(name, (uint16_t)(k + (get ? 1 : 2)), 1, sizeof(struct ip_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ip_plan *p = e->plan;
    if ((rc = ops_tensor_from(&p->self, selfRef, ops_exec_slot(e, selfRef), name, sname)) ||
        (rc = ops_tensor_from(&p->values, values, ops_exec_slot(e, values), name, vname))) {
        ops_exec_discard(e);
        return rc;
    }
    for (int d = 0; d < k; d++)
        if ((rc = ops_tensor_from(&p->idx[d], indices->v[d], ops_exec_slot(e, indices->v[d]), name,
                                  "indices[]"))) {
            ops_exec_discard(e);
            return rc;
        }
    p->k = k;
    p->nb = nb;
    memcpy(p->bdims, bd, (size_t)nb * sizeof(int64_t));
    for (int d = 0; d < k; d++) { /* right-aligned over B, 0 where broadcast */
        const struct ops_tensor *t = &p->idx[d];
        for (int q = 0; q < nb; q++) {
            int tq = q - (nb - t->ndim);
            p->ist[d][q] = tq >= 0 && t->dims[tq] != 1 ? t->strides[tq] : 0;
        }
    }
    for (int q = 0; q < nr; q++) {
        int vq = q - vo;
        p->vst[q] = vq >= 0 && p->values.dims[vq] != 1 ? p->values.strides[vq] : 0;
    }
    p->accumulate = accumulate;
    p->get = get;
    e->run = ops_numel(bd, nb) && ops_numel(selfRef->dims + k, tail) ? ip_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnIndexPutImplGetWorkspaceSize(aclTensor *selfRef, const aclTensorList *indices,
                                              const aclTensor *values, const bool accumulate,
                                              const bool unsafe, WS)
{
    const char *name = "aclnnIndexPutImpl";
    (void)unsafe; /* coordinates are always checked (AI1) */
    OPS_CHECK_NULLS(name, selfRef, indices, values, workspaceSize, executor);
    return ip_build(name, selfRef, indices, values, false, accumulate, workspaceSize, executor);
}
PHASE2(IndexPutImpl)

aclnnStatus aclnnIndexGetWorkspaceSize(const aclTensor *self, const aclTensorList *indices,
                                       aclTensor *out, WS)
{
    const char *name = "aclnnIndex";
    OPS_CHECK_NULLS(name, self, indices, out, workspaceSize, executor);
    _Static_assert(OPS_DT_Index == OPS_DT_IndexPutImpl && OPS_DT2_Index == OPS_DT2_IndexPutImpl,
                   "Index takes IndexPutImpl's types (ip_build)");
    return ip_build(name, self, indices, out, true, false, workspaceSize, executor);
}
PHASE2(Index)
