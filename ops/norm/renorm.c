/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Renorm, InplaceRenorm and EmbeddingRenorm (torch.renorm, torch.embedding_renorm_).
 *
 *  RE1. Renorm: for each index i of `dim`, the p-norm of the slice self[..., i, ...] (every
 *      other dim) in double; a slice whose norm exceeds maxNorm is multiplied by
 *      maxNorm / (norm + 1e-7), the others are copied. EmbeddingRenorm does the same to
 *      each row of the 2-D selfRef that indices names (each once, however often named),
 *      with normType as p. p = inf takes the largest |x|. RenormV2 (ops-nn's experimental
 *      folder) is Renorm with p and maxNorm as numbers.
 *  RE2. The tensor is gathered whole into double, scaled, and written once (rounded once
 *      to the out's type), so in place and any strides work.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_embedding_renorm.h"
#include "aclnnop/aclnn_renorm.h"
#include "aclnnop/aclnn_renorm_v2.h"
#include "ops/engine/engine.h"
#include "ops/norm/table.h"

struct rn_plan {
    struct ops_tensor x, idx, out;
    bool embedding;
    int dim;
    double p, maxnorm;
};

/* The p-norm of n values at v[0], v[stride], ... (RE1). */
static double rn_norm(const double *v, int64_t n, int64_t stride, int64_t inner, double p)
{
    double acc = 0;
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < inner; j++) {
            const double a = fabs(v[i * stride + j]);
            acc = isinf(p) ? (a > acc || isnan(a) ? a : acc)
                  : p == 2 ? acc + a * a
                  : p == 1 ? acc + a
                           : acc + pow(a, p);
        }
    return isinf(p) || p == 1 ? acc : p == 2 ? sqrt(acc) : pow(acc, 1.0 / p);
}

static void rn_scale(double *v, int64_t n, int64_t stride, int64_t inner, double f)
{
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < inner; j++)
            v[i * stride + j] *= f;
}

static int32_t rn_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct rn_plan *p = e->plan;
    const int64_t n = p->x.numel;
    double *v = malloc((size_t)n * sizeof(double));
    if (!v)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(v, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    if (p->embedding) {
        const int64_t rows = p->x.dims[0], cols = p->x.dims[1], ni = p->idx.numel;
        int64_t *ix = malloc((size_t)(ni + 1) * sizeof(int64_t));
        bool *seen = calloc((size_t)rows + 1, 1);
        if (!ix || !seen) {
            free(ix), free(seen), free(v);
            return ACL_ERROR_BAD_ALLOC;
        }
        ops_gather_nd(ix, CK_I64, ops_base(&p->idx, addr), p->idx.dt, p->idx.ndim, p->idx.dims,
                      p->idx.strides);
        int32_t rc = 0;
        for (int64_t k = 0; k < ni && !rc; k++) {
            const int64_t r = ix[k];
            if (r < 0 || r >= rows) {
                rc = ACL_ERROR_RT_AICORE_EXCEPTION; /* as gather.c: an index out of range */
                break;
            }
            if (seen[r])
                continue;
            seen[r] = true;
            const double norm = rn_norm(v + r * cols, 1, 0, cols, p->p);
            if (norm > p->maxnorm)
                rn_scale(v + r * cols, 1, 0, cols, p->maxnorm / (norm + 1e-7));
        }
        free(ix), free(seen);
        if (rc) {
            free(v);
            return rc;
        }
    } else {
        /* self as [outer, D, inner] around dim */
        const int64_t D = p->x.dims[p->dim];
        const int64_t outer = ops_numel(p->x.dims, p->dim);
        const int64_t inner = ops_numel(p->x.dims + p->dim + 1, p->x.ndim - p->dim - 1);
        for (int64_t i = 0; i < D; i++) {
            double *base = v + i * inner;
            const double norm = rn_norm(base, outer, D * inner, inner, p->p);
            if (norm > p->maxnorm)
                rn_scale(base, outer, D * inner, inner, p->maxnorm / (norm + 1e-7));
        }
    }
    ops_scatter_nd(v, CK_F64, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
                   p->out.strides);
    free(v);
    return 0;
}

static aclnnStatus rn_build(const char *name, unsigned types, const aclTensor *x, const char *xname,
                            const aclTensor *idx, int64_t dim, double pv, double maxnorm,
                            const aclTensor *out, WS)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, xname)) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    if (!ops_dt_in(x->dtype, types) || out->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s type %s is not supported (FLOAT, FLOAT16, BFLOAT16; out the same)",
                       name, xname, ops_dt_name(x->dtype));
    if (!ops_same_shape(x, out))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's shape differs from %s's", name, xname);
    if (!(pv > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: p %g must be positive", name, pv);
    if (!(maxnorm >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: maxNorm %g must be >= 0", name, maxnorm);
    const int nd = (int)x->ndim;
    if (!idx && nd < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %d dims, expected 2 to 8", name, xname,
                       nd);
    if (!idx && (dim < -nd || dim >= nd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range for %d dims", name,
                       (long long)dim, nd);
    if (idx) {
        if ((rc = ops_check_dims(idx, name, "indices")))
            return rc;
        if (!ops_dt_in(idx->dtype, OPS_DT2_EmbeddingRenorm))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: indices type %s is not INT32 or INT64",
                           name, ops_dt_name(idx->dtype));
        if (nd != 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: selfRef has %d dims, expected 2", name,
                           nd);
    }
    OPS_PLAN(e, p, name, 2, 1, struct rn_plan, NULL, {&p->x, x, xname}, {&p->idx, idx, "indices"},
             {&p->out, out, "out"});
    p->embedding = idx != NULL;
    p->dim = (int)(dim < 0 ? dim + nd : dim);
    p->p = pv;
    p->maxnorm = maxnorm;
    e->run = p->x.numel && (!idx || p->idx.numel) ? rn_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnRenormGetWorkspaceSize(const aclTensor *self, const aclScalar *p, int64_t dim,
                                        const aclScalar *maxNorm, aclTensor *out,
                                        uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnRenorm";
    OPS_CHECK_NULLS(name, self, p, maxNorm, out, workspaceSize, executor);
    return rn_build(name, OPS_DT_Renorm, self, "self", NULL, dim, ops_scalar_f64(p),
                    ops_scalar_f64(maxNorm), out, workspaceSize, executor);
}
PHASE2(Renorm)

aclnnStatus aclnnInplaceRenormGetWorkspaceSize(aclTensor *selfRef, const aclScalar *p, int64_t dim,
                                               const aclScalar *maxNorm, uint64_t *workspaceSize,
                                               aclOpExecutor **executor)
{
    const char *name = "aclnnInplaceRenorm";
    OPS_CHECK_NULLS(name, selfRef, p, maxNorm, workspaceSize, executor);
    return rn_build(name, OPS_DT_Renorm, selfRef, "selfRef", NULL, dim, ops_scalar_f64(p),
                    ops_scalar_f64(maxNorm), selfRef, workspaceSize, executor);
}
PHASE2(InplaceRenorm)

aclnnStatus aclnnEmbeddingRenormGetWorkspaceSize(aclTensor *selfRef, const aclTensor *indices,
                                                 double maxNorm, double normType,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnEmbeddingRenorm";
    OPS_CHECK_NULLS(name, selfRef, indices, workspaceSize, executor);
    return rn_build(name, OPS_DT_EmbeddingRenorm, selfRef, "selfRef", indices, 0, normType, maxNorm,
                    selfRef, workspaceSize, executor);
}
PHASE2(EmbeddingRenorm)

aclnnStatus aclnnRenormV2GetWorkspaceSize(const aclTensor *x, double p, int64_t dim, double maxNorm,
                                          const aclTensor *y, uint64_t *workspaceSize,
                                          aclOpExecutor **executor)
{
    const char *name = "aclnnRenormV2";
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    return rn_build(name, OPS_DT_RenormV2, x, "x", NULL, dim, p, maxNorm, y, workspaceSize,
                    executor);
}
PHASE2(RenormV2)
