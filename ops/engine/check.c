/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The argument checks every operator's first phase shares: errors and NULL
 * arguments, tensors (live, rank, size, format, data type), scalars, dims,
 * shapes and broadcasting, and the tensor view an executor keeps
 * (ops_tensor_from). Each check records a message (aclGetRecentErrMsg) and
 * returns the aclnn status; ACLNN_SUCCESS when the argument passes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/err.h"
#include "ops/engine/engine.h"

/* ---- errors ---------------------------------------------------------------- */

aclnnStatus ops_err(aclnnStatus code, const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    core_err(code, "%s", buf);
    return code;
}

aclnnStatus ops_first_null(const char *op, const char *names, const void *const *ptrs, size_t n)
{
    size_t bad = 0;
    while (bad < n && ptrs[bad])
        bad++;
    if (bad == n) /* the usual case: no name to find */
        return ACLNN_SUCCESS;
    const char *name = names;
    for (size_t i = 0; i < n; i++) {
        while (*name == ' ')
            name++;
        size_t len = strcspn(name, ",");
        if (!ptrs[i]) {
            while (len && name[len - 1] == ' ')
                len--;
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %.*s is NULL", op, (int)len, name);
        }
        name += len + (name[len] == ',');
    }
    return ACLNN_SUCCESS;
}

/* ---- tensors, data types, scalars, dims ----------------------------------- */

aclnnStatus ops_check_dims(const aclTensor *t, const char *op, const char *what)
{
    if (t->magic != OPS_MAGIC_TENSOR)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is not a live aclTensor", op, what);
    if (t->ndim > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %u dims, at most %d are supported", op,
                       what, t->ndim, OPS_MAX_DIMS);
    if (ops_numel(t->dims, (int)t->ndim) == INT64_MAX) /* (a view with 0 strides may claim it) */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has 2^63 elements or more", op, what);
    return ACLNN_SUCCESS;
}

bool ops_format_private(aclFormat f)
{
    switch ((int)f) {
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NDC1HWC0:
    case ACL_FORMAT_FRACTAL_NZ_C0_16:
    case ACL_FORMAT_FRACTAL_NZ_C0_32:
    case ACL_FORMAT_FRACTAL_NZ_C0_2:
    case ACL_FORMAT_FRACTAL_NZ_C0_4:
    case ACL_FORMAT_FRACTAL_NZ_C0_8:
        return true;
    default:
        return false;
    }
}

aclnnStatus ops_tensor_from(struct ops_tensor *o, const aclTensor *t, int slot, const char *op,
                            const char *what)
{
    aclnnStatus rc = ops_check_dims(t, op, what);
    if (rc)
        return rc;
    /* Blocked (private) formats are not strided views: only an operator that
     * documents one takes it, through its own path (F1 in engine.h). */
    if (ops_format_private(t->format))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s has the private format %d, which this operator does not take", op,
                       what, (int)t->format);
    int dt = ops_dt_index(t->dtype);
    if (dt < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, which is not supported",
                       op, what, ops_dt_name(t->dtype));
    memset(o, 0, sizeof(*o));
    o->dt = (int8_t)dt;
    o->ndim = (int8_t)t->ndim;
    o->slot = (int16_t)slot;
    o->offset = t->offset;
    for (uint32_t i = 0; i < t->ndim; i++) {
        o->dims[i] = t->dims[i];
        o->strides[i] = t->strides[i];
    }
    o->numel = ops_numel(o->dims, o->ndim);
    return ACLNN_SUCCESS;
}

aclnnStatus ops_need_dt(const char *name, const char *what, aclDataType t, unsigned mask, int *dt)
{
    *dt = ops_dt_index(t);
    if (*dt < 0 || !(mask & DTM(*dt)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, which is not supported",
                       name, what, ops_dt_name(t));
    return ACLNN_SUCCESS;
}

aclnnStatus ops_check_scalar(const char *name, const char *what, const aclScalar *s, int *dt)
{
    if (s->magic != OPS_MAGIC_SCALAR)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is not a live aclScalar", name, what);
    int sdt = ops_dt_index(s->dtype);
    if (sdt < 0 || !(DTM(sdt) & DTM_ALL)) /* uint16/32/64 only where an operator asks (DT_U16) */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, which is not supported",
                       name, what, ops_dt_name(s->dtype));
    if (dt)
        *dt = sdt;
    return ACLNN_SUCCESS;
}

bool ops_view_dense(const aclTensor *t)
{
    int64_t st = 1;
    for (int d = (int)t->ndim - 1; d >= 0; d--) {
        if (t->dims[d] != 1 && t->strides[d] != st)
            return false;
        st *= t->dims[d];
    }
    return true;
}

aclnnStatus ops_wrap_dim(const char *name, int64_t dim, int nd, int *out)
{
    int lim = nd ? nd : 1;
    if (dim < -lim || dim >= lim)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dim %lld is out of range for a %d-dim tensor (expected [%d, %d])", name,
                       (long long)dim, nd, -lim, lim - 1);
    *out = (int)(dim < 0 ? dim + lim : dim);
    return ACLNN_SUCCESS;
}

aclnnStatus ops_mm_shapes(const char *name, const aclTensor *x1, bool t1, const aclTensor *x2,
                          bool t2, int maxbatch, int64_t *want, int *nb, int64_t *m, int64_t *k,
                          int64_t *n)
{
    const int r1 = (int)x1->ndim, r2 = (int)x2->ndim;
    const int64_t *d1 = x1->dims + r1 - 2, *d2 = x2->dims + r2 - 2;
    const int64_t k2 = t2 ? d2[1] : d2[0];
    *m = t1 ? d1[1] : d1[0], *k = t1 ? d1[0] : d1[1], *n = t2 ? d2[0] : d2[1];
    if (*k != k2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1's k %lld and x2's k %lld differ", name,
                       (long long)*k, (long long)k2);
    if (!ops_broadcast(x1->dims, r1 - 2, x2->dims, r2 - 2, want, nb) || *nb > maxbatch)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batch dims of x1 and x2 do not broadcast",
                       name);
    want[*nb] = *m, want[*nb + 1] = *n;
    return ACLNN_SUCCESS;
}

aclnnStatus ops_wrap_halved_dim(const char *name, const aclTensor *x, int64_t dim, int *out)
{
    int nd = (int)x->ndim;
    if (nd < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has 0 dims, 1 to 8 are needed", name);
    aclnnStatus rc = ops_wrap_dim(name, dim, nd, out);
    if (rc)
        return rc;
    if (x->dims[*out] % 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x's dim %d has size %lld, it must be even",
                       name, *out, (long long)x->dims[*out]);
    return ACLNN_SUCCESS;
}

/* ---- shapes ---------------------------------------------------------------- */

aclnnStatus ops_shape_err(const char *name, const char *what, const aclTensor *t,
                          const int64_t *want, int nwant)
{
    char a[160], b[160];
    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has shape %s, expected %s", name, what,
                   ops_shape_str(a, sizeof a, t->dims, (int)t->ndim),
                   ops_shape_str(b, sizeof b, want, nwant));
}

aclnnStatus ops_check_shape(const char *name, const int64_t *want, int nwant, const aclTensor *out,
                            const char *what)
{
    return ops_shape_is(out, want, nwant) ? ACLNN_SUCCESS
                                          : ops_shape_err(name, what, out, want, nwant);
}

aclnnStatus ops_check_broadcast(const char *name, const aclTensor *a, const aclTensor *b,
                                const aclTensor *out, const char *what)
{
    int64_t bs[OPS_MAX_DIMS];
    int nb;
    if (a && b) {
        if (!ops_broadcast(a->dims, (int)a->ndim, b->dims, (int)b->ndim, bs, &nb)) {
            char sa[160], sb[160];
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: shapes %s and %s do not broadcast", name,
                           ops_shape_str(sa, sizeof sa, a->dims, (int)a->ndim),
                           ops_shape_str(sb, sizeof sb, b->dims, (int)b->ndim));
        }
    } else {
        const aclTensor *t = a ? a : b;
        nb = (int)t->ndim;
        memcpy(bs, t->dims, (size_t)nb * sizeof(int64_t));
    }
    return ops_check_shape(name, bs, nb, out, what);
}

aclnnStatus ops_check_out_shape(const char *op, const aclTensor *out, const int64_t *want, int nw)
{
    return ops_check_shape(op, want, nw, out, "out");
}
