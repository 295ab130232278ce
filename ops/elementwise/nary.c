/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Elementwise operators over a tensor list, on the engine (engine/ew.c): MaxN,
 * MinN, Sum (AccumulateNV2) and AddN (Sum's kernels, fewer types), one per
 * EW_NARY_OPS row of table.h, which gives the entry points and the types.
 *
 *  EN1. The inputs promote by ops_promote; Sum and AddN need every input of out's type.
 *  EN5. MaxN/MinN propagate NaN.
 *  EN6. Integer sums wrap (two's complement).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/engine/public.h"
#include "ops/elementwise/table.h"

#pragma GCC optimize("O3")

/* MaxN / MinN over p->nin inputs. */
#define KVAR(NAME, T, BETTER)                                                                      \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            for (int k = 1; k < p->nin; k++) {                                                     \
                T y = ((const T *)in[k])[i];                                                       \
                x = (BETTER) ? x : y;                                                              \
            }                                                                                      \
            o[i] = x;                                                                              \
        }                                                                                          \
    }
KVAR(f32_maxn, float, x > y || x != x)
KVAR(f32_minn, float, x < y || x != x)
KVAR(f64_maxn, double, x > y || x != x)
KVAR(f64_minn, double, x < y || x != x)
KVAR(i64_maxn, int64_t, x > y)
KVAR(i64_minn, int64_t, x < y)

/* Sum (AccumulateNV2) over p->nin inputs; integers wrap (unsigned adds). */
#define KSUMN(NAME, T, ADD)                                                                        \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = ((const T *)in[0])[i];                                                          \
        for (int k = 1; k < p->nin; k++) {                                                         \
            const T *y = in[k];                                                                    \
            for (int64_t i = 0; i < n; i++)                                                        \
                o[i] = ADD(o[i], y[i]);                                                            \
        }                                                                                          \
    }
#define PLAIN_ADD(a, b) ((a) + (b))
#define WRAP_ADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
KSUMN(f32_sumn, float, PLAIN_ADD)
KSUMN(f64_sumn, double, PLAIN_ADD)
KSUMN(i64_sumn, int64_t, WRAP_ADD)

/* MaxN / MinN / Sum over a tensor list: LN_<Name>, a row of EW_NARY_OPS. */
enum listn_kind {
#define X(Name, ...) LN_##Name,
    EW_NARY_OPS(X)
#undef X
        LN_COUNT
};

static aclnnStatus listn_op(const char *name, int kind, const aclTensorList *tensors,
                            const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, tensors, out, ws, ex);
    if (tensors->n == 0 || tensors->n > 64)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %llu tensors (1 to 64 are supported)", name,
                       (unsigned long long)tensors->n);
    aclnnStatus rc;
    static const unsigned typesof[LN_COUNT] = {
#define X(Name, ...) [LN_##Name] = OPS_DT_##Name,
        EW_NARY_OPS(X)
#undef X
    };
    const unsigned types = typesof[kind];
    int prom = DT_NONE, outdt, n = (int)tensors->n;
    int64_t bs[OPS_MAX_DIMS];
    int nb = 0;
    for (int k = 0; k < n; k++) {
        const aclTensor *t = tensors->v[k];
        int dt;
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: tensors[%d] is NULL", name, k);
        if ((rc = ops_check_dims(t, name, "tensors[]")) ||
            (rc = ops_need_dt(name, "tensors[]", t->dtype, types, &dt)))
            return rc;
        if ((kind == LN_Sum || kind == LN_AddN || kind == LN_SumV2) && t->dtype != out->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: tensors[%d] is %s but out is %s (Sum and AddN "
                           "need one type)",
                           name, k, ops_dt_name(t->dtype), ops_dt_name(out->dtype));
        prom = k ? ops_promote(prom, dt) : dt;
        if (k == 0) {
            nb = (int)t->ndim;
            memcpy(bs, t->dims, (size_t)nb * sizeof(int64_t));
        } else if (!ops_broadcast(bs, nb, t->dims, (int)t->ndim, bs, &nb)) {
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensors[%d] does not broadcast", name, k);
        }
    }
    if ((rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &outdt)))
        return rc;
    if (!ops_can_cast(prom, outdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: result type %s cannot cast to out type %s",
                       name, ops_dt_name(ops_dt_acl(prom)), ops_dt_name(out->dtype));
    if ((rc = ops_check_shape(name, bs, nb, out, "out")))
        return rc;

    struct aclOpExecutor *e = ops_exec_new(name, (uint16_t)n, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    uint16_t cnt = (uint16_t)n;
    ops_exec_ir(e, &cnt, 1);
    struct ops_tensor *tin = calloc((size_t)n, sizeof(*tin));
    const struct ops_tensor **pin = calloc((size_t)n, sizeof(*pin));
    struct ops_tensor tout;
    struct ew_plan *pl = malloc(sizeof(*pl));
    rc = tin && pin && pl ? ACLNN_SUCCESS
                          : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    for (int k = 0; k < n && !rc; k++) {
        rc = ops_tensor_from(&tin[k], tensors->v[k], ops_exec_slot(e, tensors->v[k]), name,
                             "tensors[]");
        pin[k] = &tin[k];
    }
    if (!rc)
        rc = ops_tensor_from(&tout, out, ops_exec_slot(e, out), name, "out");
    int ck = ops_ck_for(prom);
    static const ew_kern_fn kerns[LN_COUNT][3] = {
        [LN_MaxN] = {f32_maxn, f64_maxn, i64_maxn},  [LN_MinN] = {f32_minn, f64_minn, i64_minn},
        [LN_Sum] = {f32_sumn, f64_sumn, i64_sumn},   [LN_AddN] = {f32_sumn, f64_sumn, i64_sumn},
        [LN_SumV2] = {f32_sumn, f64_sumn, i64_sumn}, /* AccumulateNv2V2: Sum's, fewer types */
    };
    if (!rc && ew_plan_init(pl, ck, kerns[kind][ew_col(ck)], &tout, pin, n))
        rc = ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    free(tin);
    free(pin);
    if (rc) {
        free(pl);
        ops_exec_discard(e);
        return rc;
    }
    pl->rt = (int8_t)prom;
    e->plan = pl;
    e->fini = ew_exec_fini;
    e->run = pl->numel ? ew_exec_run : NULL;
    return ops_exec_done(e, ws, ex);
}

/* The entry points of each EW_NARY_OPS row. */
#define X(Name, ...)                                                                               \
    aclnnStatus aclnn##Name##GetWorkspaceSize(const aclTensorList *tensors, aclTensor *out, WS)    \
    {                                                                                              \
        return listn_op("aclnn" #Name, LN_##Name, tensors, out, workspaceSize, executor);          \
    }                                                                                              \
    PHASE2(Name)
EW_NARY_OPS(X)
#undef X
