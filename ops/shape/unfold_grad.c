/* SPDX-License-Identifier: Apache-2.0 */
/*
 * UnfoldGrad: the gradient of Tensor.unfold(dim, size, step) (torch.ops.aten.unfold_backward;
 * ops-math's aclnn_unfold_grad.h).
 *
 *  UG1. inputSizes (1 to 8 values) is the forward input's shape and gradIn's; dim is
 *      len(inputSizes) - 1 or len(inputSizes) - 2 (CANN's two kernels; no negative dims);
 *      size in (0, inputSizes[dim]], step > 0; gradOut is inputSizes with dim cut to
 *      W = (inputSizes[dim] - size) / step + 1 windows and a last dim of size. CANN returns
 *      ACLNN_ERR_INNER_TILING_ERROR (561002) for a wrong dim, size, step, gradOut rank or
 *      gradOut's window count (its docs' list), so cpuacl does for those too; gradIn's shape and
 *      the types get 161002. CANN's per-type caps on size and step (the kernels' buffers: 49088
 *      / 32720 on the last dim, 88 / 72 on the one before) are not imposed: an open choice,
 *      recorded in docs/operators.md.
 *  UG2. gradIn = 0, then gradIn[.., w * step + k, ..] += gradOut[.., w, .., k] for each window w
 *      and offset k, summed in double in window order, rounded to gradIn's type once (positions
 *      no window reads, past the last one, stay 0).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_unfold_grad.h"
#include "ops/engine/engine.h"
#include "ops/shape/table.h"

struct unfold_grad_plan {
    struct ops_tensor go, gi;
    int64_t outer, len, inner, win, size, step;
};

static int32_t unfold_grad_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct unfold_grad_plan *p = e->plan;
    const struct ops_tensor *go = &p->go, *gi = &p->gi;
    double *g = malloc((size_t)(go->numel ? go->numel : 1) * sizeof(double));
    double *o = calloc((size_t)gi->numel, sizeof(double));
    if (!g || !o) {
        free(g);
        free(o);
        return ACL_ERROR_BAD_ALLOC;
    }
    if (go->numel)
        ops_gather_nd(g, CK_F64, ops_base(go, addr), go->dt, go->ndim, go->dims, go->strides);
    /* g is [outer][win][inner][size], o [outer][len][inner] (UG2) */
    for (int64_t a = 0; a < p->outer; a++)
        for (int64_t w = 0; w < p->win; w++)
            for (int64_t c = 0; c < p->inner; c++) {
                const double *src = g + ((a * p->win + w) * p->inner + c) * p->size;
                double *dst = o + (a * p->len + w * p->step) * p->inner + c;
                for (int64_t k = 0; k < p->size; k++)
                    dst[k * p->inner] += src[k];
            }
    ops_scatter_nd(o, CK_F64, ops_base(gi, addr), gi->dt, gi->ndim, gi->dims, gi->strides);
    free(g);
    free(o);
    return 0;
}

aclnnStatus aclnnUnfoldGradGetWorkspaceSize(const aclTensor *gradOut, const aclIntArray *inputSizes,
                                            int64_t dim, int64_t size, int64_t step,
                                            const aclTensor *gradIn, WS)
{
    static const char name[] = "aclnnUnfoldGrad";
    OPS_CHECK_NULLS(name, gradOut, inputSizes, gradIn, workspaceSize, executor);
    aclnnStatus rc;
    int dt, odt;
    if ((rc = ops_check_dims(gradOut, name, "gradOut")) ||
        (rc = ops_check_dims(gradIn, name, "gradIn")) ||
        (rc = ops_need_dt(name, "gradOut", gradOut->dtype, OPS_DT_UnfoldGrad, &dt)) ||
        (rc = ops_need_dt(name, "gradIn", gradIn->dtype, OPS_DT_UnfoldGrad, &odt)))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradIn must have gradOut's type", name);
    int n = (int)inputSizes->n;
    if (n < 1 || n > OPS_MAX_DIMS - 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inputSizes has %d values, 1 to %d are needed",
                       name, n, OPS_MAX_DIMS - 1);
    for (int i = 0; i < n; i++)
        if (inputSizes->v[i] < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inputSizes[%d] is %lld", name, i,
                           (long long)inputSizes->v[i]);
    if ((rc = ops_check_shape(name, inputSizes->v, n, gradIn, "gradIn")))
        return rc;
    /* UG1: CANN's tiling checks, its code */
    if (dim != n - 1 && dim != n - 2)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: dim is %lld, it must be len(inputSizes) - 1 or - 2 (%d or %d)", name,
                       (long long)dim, n - 1, n - 2);
    int64_t len = inputSizes->v[dim];
    if (size <= 0 || size > len)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: size is %lld, it must be in (0, %lld]",
                       name, (long long)size, (long long)len);
    if (step <= 0)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: step is %lld, it must be > 0", name,
                       (long long)step);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, inputSizes->v, (size_t)n * sizeof(int64_t));
    want[dim] = (len - size) / step + 1;
    want[n] = size;
    if ((int)gradOut->ndim != n + 1 || gradOut->dims[dim] != want[dim])
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: gradOut must have %d dims and %lld windows in dim %lld", name, n + 1,
                       (long long)want[dim], (long long)dim);
    if ((rc = ops_check_shape(name, want, n + 1, gradOut, "gradOut")))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct unfold_grad_plan, NULL, {&p->go, gradOut, "gradOut"},
             {&p->gi, gradIn, "gradIn"});
    p->outer = ops_numel(inputSizes->v, (int)dim);
    p->len = len;
    p->inner = ops_numel(inputSizes->v + dim + 1, n - (int)dim - 1);
    p->win = want[dim];
    p->size = size;
    p->step = step;
    e->run = ops_numel(inputSizes->v, n) ? unfold_grad_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(UnfoldGrad)
