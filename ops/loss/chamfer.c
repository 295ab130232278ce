/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChamferDistanceBackward: the gradient of the 2-d chamfer distance (dist1[b][i] the squared
 * distance from xyz1's point i to its nearest point idx1[b][i] of xyz2, dist2 the reverse).
 *
 *  CH1. xyz1 (B, N, 2), xyz2 (B, M, 2); idx1 (B, N), idx2 (B, M) INT32, the forward's nearest
 *      indices; gradDist1 (B, N), gradDist2 (B, M). With d = xyz1[i] - xyz2[idx1[i]]:
 *      gradXyz1[i] += 2 gradDist1[i] d, gradXyz2[idx1[i]] -= 2 gradDist1[i] d; with
 *      e = xyz2[j] - xyz1[idx2[j]]: gradXyz2[j] += 2 gradDist2[j] e, gradXyz1[idx2[j]] -=
 *      2 gradDist2[j] e (CANN's formulas; its doc's shapes say (B, N) for gradDist2 and
 *      (B, N, 2) for gradXyz2, which are (B, M) and (B, M, 2)).
 *  CH2. In double, summed in index order (deterministic), one rounding at the store. An index
 *      outside its point set adds nothing (CANN's kernel skips it too; ops-nn's example passes
 *      indices past M).
 */
#include <stdlib.h>

#include "aclnnop/aclnn_chamfer_distance_backward.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

#define CHB "aclnnChamferDistanceBackward"

enum { CX1, CX2, CI1, CI2, CG1, CG2, CO1, CO2, CN };

struct ch_plan {
    struct ops_tensor t[CN];
    int64_t B, N, M;
};

static int32_t ch_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ch_plan *p = e->plan;
    const int64_t B = p->B, N = p->N, M = p->M;
    int32_t rc = ACL_SUCCESS;
    double *x1 = malloc((size_t)(B * N * 2 + 1) * sizeof(double));
    double *x2 = malloc((size_t)(B * M * 2 + 1) * sizeof(double));
    double *g1 = malloc((size_t)(B * N + 1) * sizeof(double));
    double *g2 = malloc((size_t)(B * M + 1) * sizeof(double));
    double *o1 = calloc((size_t)(B * N * 2 + 1), sizeof(double));
    double *o2 = calloc((size_t)(B * M * 2 + 1), sizeof(double));
    int64_t *i1 = malloc((size_t)(B * N + 1) * sizeof(int64_t));
    int64_t *i2 = malloc((size_t)(B * M + 1) * sizeof(int64_t));
    if (!x1 || !x2 || !g1 || !g2 || !o1 || !o2 || !i1 || !i2) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    const struct ops_tensor *t = p->t;
    double *const fb[6] = {x1, x2, NULL, NULL, g1, g2};
    for (int k = 0; k < 6; k++)
        if (fb[k])
            ops_gather_nd(fb[k], CK_F64, ops_base(&t[k], addr), t[k].dt, t[k].ndim, t[k].dims,
                          t[k].strides);
    ops_gather_nd(i1, CK_I64, ops_base(&t[CI1], addr), t[CI1].dt, 2, t[CI1].dims, t[CI1].strides);
    ops_gather_nd(i2, CK_I64, ops_base(&t[CI2], addr), t[CI2].dt, 2, t[CI2].dims, t[CI2].strides);
    for (int64_t b = 0; b < B; b++) { /* CH1 */
        for (int64_t i = 0; i < N; i++) {
            const int64_t k = b * N + i, q = b * M + i1[k];
            if (i1[k] < 0 || i1[k] >= M)
                continue; /* CH2 */
            for (int c = 0; c < 2; c++) {
                const double d = 2.0 * g1[k] * (x1[2 * k + c] - x2[2 * q + c]);
                o1[2 * k + c] += d;
                o2[2 * q + c] -= d;
            }
        }
        for (int64_t j = 0; j < M; j++) {
            const int64_t k = b * M + j, q = b * N + i2[k];
            if (i2[k] < 0 || i2[k] >= N)
                continue; /* CH2 */
            for (int c = 0; c < 2; c++) {
                const double d = 2.0 * g2[k] * (x2[2 * k + c] - x1[2 * q + c]);
                o2[2 * k + c] += d;
                o1[2 * q + c] -= d;
            }
        }
    }
    ops_scatter_nd(o1, CK_F64, ops_base(&t[CO1], addr), t[CO1].dt, 3, t[CO1].dims, t[CO1].strides);
    ops_scatter_nd(o2, CK_F64, ops_base(&t[CO2], addr), t[CO2].dt, 3, t[CO2].dims, t[CO2].strides);
out:
    free(x1);
    free(x2);
    free(g1);
    free(g2);
    free(o1);
    free(o2);
    free(i1);
    free(i2);
    return rc;
}

aclnnStatus
aclnnChamferDistanceBackwardGetWorkspaceSize(const aclTensor *xyz1, const aclTensor *xyz2,
                                             const aclTensor *idx1, const aclTensor *idx2,
                                             const aclTensor *gradDist1, const aclTensor *gradDist2,
                                             aclTensor *gradXyz1, aclTensor *gradXyz2, WS)
{
    OPS_CHECK_NULLS(CHB, workspaceSize, executor, xyz1, xyz2, idx1, idx2, gradDist1, gradDist2,
                    gradXyz1, gradXyz2);
    const aclTensor *in[CN] = {xyz1, xyz2, idx1, idx2, gradDist1, gradDist2, gradXyz1, gradXyz2};
    static const char *const nm[CN] = {"xyz1",      "xyz2",      "idx1",     "idx2",
                                       "gradDist1", "gradDist2", "gradXyz1", "gradXyz2"};
    aclnnStatus rc;
    for (int i = 0; i < CN; i++)
        if ((rc = ops_check_dims(in[i], CHB, nm[i])))
            return rc;
    if (!ops_dt_in(xyz1->dtype, OPS_DT_ChamferDistanceBackward))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: xyz1 is %s (FLOAT or FLOAT16)", CHB,
                       ops_dt_name(xyz1->dtype));
    for (int i = 1; i < CN; i++) {
        const bool idx = i == CI1 || i == CI2;
        if (idx ? !ops_dt_in(in[i]->dtype, OPS_DT2_ChamferDistanceBackward)
                : in[i]->dtype != xyz1->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s (%s)", CHB, nm[i],
                           ops_dt_name(in[i]->dtype), idx ? "INT32" : "xyz1's type");
    }
    if (xyz1->ndim != 3 || xyz1->dims[2] != 2 || xyz2->ndim != 3 || xyz2->dims[2] != 2 ||
        xyz2->dims[0] != xyz1->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: xyz1 and xyz2 must be (B, N, 2), (B, M, 2)",
                       CHB);
    const int64_t B = xyz1->dims[0], N = xyz1->dims[1], M = xyz2->dims[1];
    const int64_t bn[2] = {B, N}, bm[2] = {B, M};
    const aclTensor *two[4] = {idx1, idx2, gradDist1, gradDist2};
    const int64_t *want[4] = {bn, bm, bn, bm};
    for (int k = 0; k < 4; k++)
        if (!ops_shape_is(two[k], want[k], 2))
            return ops_shape_err(CHB, nm[CI1 + k], two[k], want[k], 2);
    if ((rc = ops_check_shape(CHB, xyz1->dims, 3, gradXyz1, "gradXyz1")) ||
        (rc = ops_check_shape(CHB, xyz2->dims, 3, gradXyz2, "gradXyz2")))
        return rc;
    OPS_PLAN(e, p, CHB, 6, 2, struct ch_plan, NULL, {&p->t[CX1], xyz1, "xyz1"},
             {&p->t[CX2], xyz2, "xyz2"}, {&p->t[CI1], idx1, "idx1"}, {&p->t[CI2], idx2, "idx2"},
             {&p->t[CG1], gradDist1, "gradDist1"}, {&p->t[CG2], gradDist2, "gradDist2"},
             {&p->t[CO1], gradXyz1, "gradXyz1"}, {&p->t[CO2], gradXyz2, "gradXyz2"});
    p->B = B, p->N = N, p->M = M;
    e->run = ch_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ChamferDistanceBackward)
