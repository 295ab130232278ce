/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The foreach family: every aclnnForeach* operator, generated from its row
 * of table.h, applies one elementwise formula to each tensor of a tensor
 * list (with a second and third list, a scalar, a scalar per tensor), on the
 * elementwise engine (engine/ew.c): one engine plan per list entry, all in
 * one executor. The formulas are the elementwise family's kernels
 * (elementwise/kernels.h) where that family has the row.
 *
 * Semantics follow AscendCL's foreach operators (ops-nn's foreach/ docs):
 *  FE1. Every list holds 1 to FE_MAX_LIST tensors and no NULL one (161001
 *      naming the list and index); the lists of one call have the same
 *      length, and each entry of x2, x3, weight and out has the dtype and
 *      shape of the entry of x (x1); all of x's tensors share one dtype, in
 *      the row's DT. Else 161002 naming the parameter.
 *  FE2. Float16/bfloat16 compute in float32 and round once at the store;
 *      integers compute in int64 and wrap to their type. Integer inputs of a
 *      formula that has no integer kernel (Exp, Expm1) compute in float32 and
 *      convert to the type (truncating, saturating).
 *  FE3. Scalars: an aclScalar (the V2 forms, LerpScalar, Norm) and an
 *      aclScalarList are read in phase 1; an aclTensor scalar (alpha, scalar,
 *      scalars) is read when the operator runs, one element, or one per list
 *      entry for the `scalars` of the Addcdiv/Addcmul List and ScalarList
 *      forms. The scalar enters the formula in the compute type (an integer
 *      computation truncates a float scalar).
 *  FE4. The in-place forms write the first list (x, x1, scaledGrads).
 *  FE5. ForeachNorm: out[i] (one element, x's type) = (sum |x|^p)^(1/p) of
 *      x[i] in double, p = inf the largest |x|, -inf the smallest, 0 the
 *      count of nonzeros (NaN counts); NaN propagates to every other p;
 *      an empty tensor gives 0.
 *  FE6. ForeachNonFiniteCheckAndUnscale: foundInf (float32, one element) is
 *      set to 1.0 when any element of scaledGrads is inf or NaN, else left
 *      alone; then every tensor is multiplied by invScale (float32, one
 *      element) in place.
 *  FE7. ForeachRoundOffNumber(V2): roundMode (a one-element INT8 tensor read at launch; V2 an
 *      INT8 / INT64 scalar) picks CANN's kernel's rounding (RoundMode CAST_*): 1 half to even,
 *      2 floor, 3 ceil, 4 half away from zero, 5 toward zero, 6 to odd (x when integral, else
 *      the odd neighbour: a guess at CAST_ODD on integral values), 7 the fraction x - trunc(x);
 *      any other value x itself (CAST_NONE). Integers stay as they are (7: 0).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>

#include "ops/elementwise/kernels.h"
#include "ops/engine/engine.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/public.h"
#include "ops/foreach/table.h"

#pragma GCC optimize("O3")

#define FE_MAX_LIST 4096 /* tensors per list (slots of one executor stay below 2^15) */

/* ---- the family's own kernels -------------------------------------------------------------- */

/* FE_UNARY_EXTRA's kernels fe_f32_<id>, fe_f64_<id>, fe_i64_<id> (the integer one used only
 * by rows with INT set), one macro per row: T is a typedef in each kernel, F the type-generic
 * math function (<tgmath.h>), C(c) the constant in T. */
#define FE_KERN1(NAME, TY, EXPR)                                                                   \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        typedef TY T;                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            o[i] = (T)(EXPR);                                                                      \
        }                                                                                          \
    }
#define F(fn) fn
#define C(c) ((T)(c))
#define X(id, FORMULA, INT)                                                                        \
    FE_KERN1(fe_f32_##id, float, FORMULA)                                                          \
    FE_KERN1(fe_f64_##id, double, FORMULA) FE_KERN1(fe_i64_##id, int64_t, FORMULA)
FE_UNARY_EXTRA(X)
#undef X
#undef F
#undef C

/* addcmul: a + v * x * y (integers wrap); lerp: a + w * (b - a) with w the
 * parameter (lerp) or the third operand (lerpt). */
#define KADDCMUL(NAME, T, U, V)                                                                    \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], *x = in[1], *y = in[2];                                                \
        const U v = (U)(V);                                                                        \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = (T)((U)a[i] + v * (U)x[i] * (U)y[i]);                                           \
    }
KADDCMUL(fe_f32_addcmul, float, float, p->f[0])
KADDCMUL(fe_f64_addcmul, double, double, p->f[0])
KADDCMUL(fe_i64_addcmul, int64_t, uint64_t, p->i[0])

#define KLERP(NAME, T)                                                                             \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1], w = (T)p->f[0];                                            \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = a[i] + w * (b[i] - a[i]);                                                       \
    }
#define KLERPT(NAME, T)                                                                            \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1], *w = in[2];                                                \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = a[i] + w[i] * (b[i] - a[i]);                                                    \
    }
/* ForeachRoundOffNumber(V2) (FE7): x rounded by mode in[1] (a constant operand). */
#define KROUNDOFF(NAME, T, FN)                                                                     \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0], *m = in[1];                                                            \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i], f = FN(floor)(x);                                                          \
            switch ((int)m[i]) {                                                                   \
            case 1: /* half to even */                                                             \
                o[i] = FN(nearbyint)(x);                                                           \
                break;                                                                             \
            case 2:                                                                                \
                o[i] = f;                                                                          \
                break;                                                                             \
            case 3:                                                                                \
                o[i] = FN(ceil)(x);                                                                \
                break;                                                                             \
            case 4: /* half away from zero */                                                      \
                o[i] = FN(round)(x);                                                               \
                break;                                                                             \
            case 5:                                                                                \
                o[i] = FN(trunc)(x);                                                               \
                break;                                                                             \
            case 6: /* to odd: x when integral, else the odd one of floor and ceil */              \
                o[i] = x == f || FN(fmod)(f, (T)2) != 0 ? f : f + 1;                               \
                break;                                                                             \
            case 7: /* the fraction */                                                             \
                o[i] = x - FN(trunc)(x);                                                           \
                break;                                                                             \
            default: /* CAST_NONE: x as it is */                                                   \
                o[i] = x;                                                                          \
            }                                                                                      \
        }                                                                                          \
    }
KROUNDOFF(fe_f32_roundoff, float, EW_F32_FN)
KROUNDOFF(fe_f64_roundoff, double, EW_F64_FN)
static void fe_i64_roundoff(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    int64_t *o = o_;
    const int64_t *a = in[0], *m = in[1];
    for (int64_t i = 0; i < n; i++)
        o[i] = m[i] == 7 ? 0 : a[i]; /* integers are integral: no fraction */
}

KLERP(fe_f32_lerp, float)
KLERP(fe_f64_lerp, double)
KLERPT(fe_f32_lerpt, float)
KLERPT(fe_f64_lerpt, double)

/* ---- the rows ------------------------------------------------------------------------------ */

enum fe_sig {
    FE_SIG_U,
    FE_SIG_UI,
    FE_SIG_LL,
    FE_SIG_LLI,
    FE_SIG_LLA,
    FE_SIG_LLAI,
    FE_SIG_LLS,
    FE_SIG_LT,
    FE_SIG_LTI,
    FE_SIG_LS,
    FE_SIG_LSL,
    FE_SIG_SL,
    FE_SIG_L3T,
    FE_SIG_L3S,
    FE_SIG_LLL,
    FE_SIG_LLW,
    FE_SIG_NORM,
    FE_SIG_UNSCALE,
};
enum fe_ks { KS_EWU, KS_EWB, KS_EWT, KS_FEU, KS_FEK };

enum fe_id {
#define X(Name, ...) FE_##Name,
    FE_LIST_OPS(X) FE_BINARY_OPS(X) FE_TERNARY_OPS(X)
#undef X
        FE_COUNT
};

struct fe_row {
    const char *name;  /* "aclnnForeachAddList" */
    const char *sname; /* the scalar parameter (ARG2) */
    unsigned dt, dt2;
    int sig, ks;
    const char *kid; /* the kernel's name in its source */
};

#define EWU(id) KS_EWU, #id
#define EWB(id) KS_EWB, #id
#define EWT(id) KS_EWT, #id
#define FEU(id) KS_FEU, #id
#define FEK(id) KS_FEK, #id
static const struct fe_row g_rows[FE_COUNT] = {
#define X(Name, header, FORMS, KINDS, DT, ARG2, DT2, SIG, KERN)                                    \
    [FE_##Name] = {"aclnn" #Name, #ARG2, OPS_DT_##Name, OPS_DT2_##Name, FE_SIG_##SIG, KERN},
    FE_LIST_OPS(X) FE_BINARY_OPS(X) FE_TERNARY_OPS(X)
#undef X
};
#undef EWU
#undef EWB
#undef EWT
#undef FEU
#undef FEK

/* The kernels of a row, by ew_col column; false when the row's formula is unknown. */
static bool fe_kernels(const struct fe_row *r, ew_kern_fn k[3])
{
    static const struct {
        const char *id;
        ew_kern_fn k[3];
        bool i64;
    } feu[] = {
#define X(id, FORMULA, INT) {#id, {fe_f32_##id, fe_f64_##id, fe_i64_##id}, INT},
        FE_UNARY_EXTRA(X)
#undef X
            {"addcmul", {fe_f32_addcmul, fe_f64_addcmul, fe_i64_addcmul}, true},
        {"lerp", {fe_f32_lerp, fe_f64_lerp, NULL}, false},
        {"lerpt", {fe_f32_lerpt, fe_f64_lerpt, NULL}, false},
        {"roundoff", {fe_f32_roundoff, fe_f64_roundoff, fe_i64_roundoff}, true},
    };
    k[0] = k[1] = k[2] = NULL;
    for (int c = 0; c < 3; c++) {
        switch (r->ks) {
        case KS_EWU:
            k[c] = ew_unary_kernel(r->kid, c);
            break;
        case KS_EWB:
            k[c] = ew_binary_kernel(r->kid, c);
            break;
        case KS_EWT:
            k[c] = ew_ternary_kernel(r->kid, c);
            break;
        default:
            for (size_t i = 0; i < sizeof(feu) / sizeof(feu[0]); i++)
                if (!strcmp(feu[i].id, r->kid))
                    k[c] = c < 2 || feu[i].i64 ? feu[i].k[c] : NULL;
            break;
        }
    }
    return k[0] || !strcmp(r->kid, "copy") || !strcmp(r->kid, "norm");
}

/* ---- plans and running ---------------------------------------------------------------------- */

enum fe_role { SR_NONE, SR_CONST, SR_PARAM };

struct fe_plan {
    int n;
    int role;             /* how the scalar enters (FE3) */
    int sck;              /* SR_CONST: the constant operand's input index */
    bool per;             /* a device scalar holds one value per entry */
    struct ops_tensor st; /* the device scalar (slot -1: none) */
    struct ew_plan *pl;   /* n engine plans */
    /* ForeachNorm and NonFiniteCheckAndUnscale */
    double p;
    struct ops_tensor *x, found;
};

static void fe_fini(struct aclOpExecutor *e)
{
    struct fe_plan *p = e->plan;
    if (p) {
        free(p->pl);
        free(p->x);
        free(p);
    }
}

/* Put a scalar's value into plan pl (FE3). */
static void fe_patch(struct ew_plan *pl, int role, int k, double v, int64_t iv)
{
    if (role == SR_CONST) {
        struct ew_operand *o = &pl->op[1 + k];
        if (pl->ck == CK_I64)
            ops_store_i64(o->cval, o->dt, iv);
        else
            ops_store_f64(o->cval, o->dt, v);
    } else if (role == SR_PARAM) {
        pl->p.f[0] = v;
        pl->p.i[0] = iv;
    }
}

static int32_t fe_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fe_plan *p = e->plan;
    const struct ops_tensor *s = &p->st;
    for (int i = 0; i < p->n; i++) {
        const struct ew_plan *pl = &p->pl[i];
        struct ew_plan cp;
        if (s->slot >= 0) { /* read the device scalar now (FE3) */
            const char *src = ops_elem(s, addr, p->per ? i * (s->ndim ? s->strides[0] : 1) : 0);
            double v;
            int64_t iv;
            ops_loader(CK_F64, s->dt)(&v, src, 0, 1);
            ops_loader(CK_I64, s->dt)(&iv, src, 0, 1);
            memcpy(&cp, pl, sizeof(cp));
            cp.op = cp.op_inline;
            fe_patch(&cp, p->role, p->sck, v, iv);
            pl = &cp;
        }
        int32_t rc = ew_run(pl, addr);
        if (rc)
            return rc;
    }
    return 0;
}

/* Visit every element of view t as doubles, a row at a time: fn(acc, row, len). */
static int32_t fe_rows(const struct ops_tensor *t, void *const *addr,
                       void (*fn)(double *acc, const double *row, int64_t n, double p), double *acc,
                       double p)
{
    if (t->numel == 0)
        return 0;
    int nd = t->ndim;
    int64_t inner = nd ? t->dims[nd - 1] : 1, st = nd ? t->strides[nd - 1] : 1;
    double *row = malloc((size_t)inner * sizeof(double));
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    ops_load_fn ld = ops_loader(CK_F64, t->dt);
    int64_t esz = ops_dt_size(t->dt), idx[OPS_MAX_DIMS] = {0};
    do {
        ld(row, ops_elem(t, addr, ops_odo_off(idx, t->strides, nd - 1)), st * esz, inner);
        fn(acc, row, inner, p);
    } while (nd > 1 && ops_odo_next(idx, t->dims, nd - 1));
    free(row);
    return 0;
}

/* FE5: acc[0] the running sum / extreme, acc[1] set once NaN was seen. */
static void fe_norm_rows(double *acc, const double *r, int64_t n, double p)
{
    for (int64_t i = 0; i < n; i++) {
        double a = fabs(r[i]);
        if (p == 0)
            acc[0] += a != 0; /* NaN is nonzero */
        else if (a != a)
            acc[1] = 1;
        else if (isinf(p))
            acc[0] = p > 0 ? (a > acc[0] ? a : acc[0]) : (a < acc[0] ? a : acc[0]);
        else if (p == 1)
            acc[0] += a;
        else if (p == 2)
            acc[0] += a * a;
        else
            acc[0] += pow(a, p);
    }
}

static int32_t fe_norm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fe_plan *p = e->plan;
    for (int i = 0; i < p->n; i++) {
        const struct ops_tensor *x = &p->x[i], *o = &p->x[p->n + i];
        double acc[2] = {p->p < 0 && isinf(p->p) ? INFINITY : 0, 0};
        int32_t rc = fe_rows(x, addr, fe_norm_rows, acc, p->p);
        if (rc)
            return rc;
        double v = acc[0];
        if (x->numel == 0)
            v = 0;
        else if (acc[1])
            v = NAN;
        else if (!isinf(p->p) && p->p != 0 && p->p != 1)
            v = p->p == 2 ? sqrt(v) : pow(v, 1.0 / p->p);
        ops_store_f64(ops_base(o, addr), o->dt, v);
    }
    return 0;
}

static void fe_finite_rows(double *acc, const double *r, int64_t n, double p)
{
    (void)p;
    for (int64_t i = 0; i < n; i++)
        if (!isfinite(r[i]))
            acc[0] = 1;
}

static int32_t fe_unscale_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fe_plan *p = e->plan;
    double bad = 0;
    for (int i = 0; i < p->n && !bad; i++) {
        int32_t rc = fe_rows(&p->x[i], addr, fe_finite_rows, &bad, 0);
        if (rc)
            return rc;
    }
    if (bad)
        ops_store_f64(ops_base(&p->found, addr), p->found.dt, 1.0);
    for (int i = 0; i < p->n; i++) {
        int32_t rc = ew_run(&p->pl[i], addr);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- phase 1 ----------------------------------------------------------------------------- */

/* The arguments of one call, by role. */
struct fe_args {
    const aclTensorList *l[3]; /* the input lists */
    const char *ln[3];
    int nl;
    const aclTensorList *out; /* NULL for the in-place forms (they write l[0]) */
    const aclTensor *st;      /* a scalar tensor */
    const aclScalar *sc;      /* a host scalar */
    const aclScalarList *sl;  /* a host scalar per entry */
    const aclTensor *found;   /* NonFiniteCheckAndUnscale */
};

/* FE1: list l (named what) is non-empty, within FE_MAX_LIST, without NULL entries, of n
 * tensors when n > 0, and each of its tensors is live and of the type and shape of ref's
 * entry (ref NULL: of one type in mask). */
static aclnnStatus fe_check_list(const char *name, const char *what, const aclTensorList *l,
                                 const aclTensorList *ref, unsigned mask, bool same_shape)
{
    if (l->n == 0 || l->n > FE_MAX_LIST)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s holds %llu tensors (1 to %d are supported)",
                       name, what, (unsigned long long)l->n, FE_MAX_LIST);
    if (ref && l->n != ref->n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s holds %llu tensors, the first list %llu",
                       name, what, (unsigned long long)l->n, (unsigned long long)ref->n);
    int dt0 = DT_NONE;
    for (uint64_t i = 0; i < l->n; i++) {
        const aclTensor *t = l->v[i];
        char w[48];
        snprintf(w, sizeof(w), "%s[%llu]", what, (unsigned long long)i);
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, w);
        aclnnStatus rc;
        int dt;
        if ((rc = ops_check_dims(t, name, w)))
            return rc;
        if (ref) {
            const aclTensor *r = ref->v[i];
            if (t->dtype != r->dtype)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, the first list's %s",
                               name, w, ops_dt_name(t->dtype), ops_dt_name(r->dtype));
            if (same_shape && !ops_same_shape(t, r))
                return ops_shape_err(name, w, t, r->dims, (int)r->ndim);
        } else {
            if ((rc = ops_need_dt(name, w, t->dtype, mask, &dt)))
                return rc;
            if (i && dt != dt0)
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: %s has type %s, %s[0] %s (a list holds one type)", name, w,
                               ops_dt_name(t->dtype), what, ops_dt_name(l->v[0]->dtype));
            dt0 = dt;
        }
    }
    return ACLNN_SUCCESS;
}

/* A device scalar: live, numel 1 (or n when per), of a type in mask. */
static aclnnStatus fe_check_st(const char *name, const char *what, const aclTensor *t,
                               unsigned mask, int64_t n)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(t, name, what)) || (rc = ops_need_dt(name, what, t->dtype, mask, &dt)))
        return rc;
    int64_t ne = ops_numel(t->dims, (int)t->ndim);
    if (ne != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s holds %lld elements, expected %lld", name,
                       what, (long long)ne, (long long)n);
    return ACLNN_SUCCESS;
}

/* A view of t as a 0-d tensor at its first element (t has one element) or, per, as the
 * 1-d run of its n elements (t contiguous or not: its flat index strides in memory order). */
static aclnnStatus fe_scalar_view(struct ops_tensor *v, const aclTensor *t, int slot,
                                  const char *name, const char *what, bool per)
{
    aclnnStatus rc = ops_tensor_from(v, t, slot, name, what);
    if (rc)
        return rc;
    int64_t st = 1;
    for (int d = v->ndim - 1; d >= 0; d--) /* the stride of the last dim longer than 1 */
        if (v->dims[d] > 1) {
            st = v->strides[d];
            break;
        }
    for (int d = 0; d < v->ndim; d++)
        if (per && v->dims[d] > 1 && d != v->ndim - 1)
            for (int e = d + 1; e < v->ndim; e++)
                if (v->dims[e] > 1)
                    return ops_err(ACLNN_ERR_PARAM_INVALID,
                                   "%s: %s must hold its values along one dim", name, what);
    v->ndim = per ? 1 : 0;
    v->dims[0] = v->numel;
    v->strides[0] = st;
    return ACLNN_SUCCESS;
}

static aclnnStatus fe_op(int id, const struct fe_args *a, uint64_t *ws, aclOpExecutor **ex)
{
    const struct fe_row *r = &g_rows[id];
    const char *name = r->name;
    for (int k = 0; k < a->nl; k++)
        if (!a->l[k])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, a->ln[k]);
    int sig = r->sig;
    bool inplace = sig == FE_SIG_UI || sig == FE_SIG_LLI || sig == FE_SIG_LLAI ||
                   sig == FE_SIG_LTI || sig == FE_SIG_UNSCALE;
    bool has_st = sig == FE_SIG_LLA || sig == FE_SIG_LLAI || sig == FE_SIG_LT ||
                  sig == FE_SIG_LTI || sig == FE_SIG_L3T || sig == FE_SIG_UNSCALE;
    bool has_sc = sig == FE_SIG_LLS || sig == FE_SIG_LS || sig == FE_SIG_SL || sig == FE_SIG_L3S ||
                  sig == FE_SIG_LLW || sig == FE_SIG_NORM;
    if (has_st && !a->st)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name,
                       sig == FE_SIG_UNSCALE ? "invScale" : r->sname);
    if (sig == FE_SIG_UNSCALE && !a->found)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: foundInf is NULL", name);
    if (has_sc && !a->sc)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, r->sname);
    if (sig == FE_SIG_LSL && !a->sl)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, r->sname);
    if (!inplace && !a->out)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: out is NULL", name);
    OPS_CHECK_NULLS(name, ws, ex);

    const aclTensorList *x = a->l[0];
    aclnnStatus rc;
    if ((rc = fe_check_list(name, a->ln[0], x, NULL, r->dt, false)))
        return rc;
    uint64_t n = x->n;
    for (int k = 1; k < a->nl; k++)
        if ((rc = fe_check_list(name, a->ln[k], a->l[k], x, 0, true)))
            return rc;
    bool norm = sig == FE_SIG_NORM;
    if (!inplace && (rc = fe_check_list(name, "out", a->out, x, 0, !norm)))
        return rc;
    if (norm)
        for (uint64_t i = 0; i < n; i++)
            if (ops_numel(a->out->v[i]->dims, (int)a->out->v[i]->ndim) != 1)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out[%llu] must hold one element", name,
                               (unsigned long long)i);
    bool per = r->sname[strlen(r->sname) - 1] == 's' && sig == FE_SIG_L3T; /* "scalars" */
    if (has_st &&
        (rc = fe_check_st(name, sig == FE_SIG_UNSCALE ? "invScale" : r->sname, a->st,
                          sig == FE_SIG_UNSCALE ? DTM(DT_F32) : r->dt2, per ? (int64_t)n : 1)))
        return rc;
    if (sig == FE_SIG_UNSCALE && (rc = fe_check_st(name, "foundInf", a->found, r->dt2, 1)))
        return rc;
    int sdt = DT_NONE;
    if (has_sc && ((rc = ops_check_scalar(name, r->sname, a->sc, &sdt)) ||
                   (rc = ops_need_dt(name, r->sname, a->sc->dtype, r->dt2, &sdt))))
        return rc;
    if (sig == FE_SIG_LSL) {
        if (a->sl->n != n)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s holds %llu scalars, x %llu tensors",
                           name, r->sname, (unsigned long long)a->sl->n, (unsigned long long)n);
        for (uint64_t i = 0; i < n; i++) {
            char w[48];
            snprintf(w, sizeof(w), "%s[%llu]", r->sname, (unsigned long long)i);
            if (!a->sl->v[i])
                return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, w);
            if ((rc = ops_check_scalar(name, w, a->sl->v[i], &sdt)) ||
                (rc = ops_need_dt(name, w, a->sl->v[i]->dtype, r->dt2, &sdt)))
                return rc;
        }
    }
    double pnorm = 0;
    if (norm) {
        pnorm = ops_scalar_f64(a->sc);
        if (pnorm != pnorm)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scalar (the norm's order) is NaN", name);
    }
    ew_kern_fn kern[3];
    if (!fe_kernels(r, kern))
        return ops_err(ACLNN_ERR_INNER, "%s: no kernel %s", name, r->kid);

    /* The executor: inputs l[0..nl) entry by entry, the scalar tensor; outputs out (or l[0]). */
    int ntens = a->nl * (int)n + (has_st ? 1 : 0);
    int nout = (int)n + (sig == FE_SIG_UNSCALE);
    if (ntens + nout > 32000)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %d tensors in one call are too many", name,
                       ntens + nout);
    struct aclOpExecutor *e = ops_exec_new(name, (uint16_t)ntens, (uint16_t)nout);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct fe_plan *p = calloc(1, sizeof(*p));
    if (p) {
        p->pl = calloc(n, sizeof(*p->pl));
        p->x = calloc(3 * n, sizeof(*p->x)); /* the views: l[k] entries, then out */
    }
    e->plan = p;
    e->fini = fe_fini;
    if (!p || !p->pl || !p->x) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    p->n = (int)n;
    p->st.slot = -1;
    uint16_t irc[4] = {(uint16_t)n, (uint16_t)n, (uint16_t)n, 1};
    if (a->nl < 3)
        irc[a->nl] = has_st;
    ops_exec_ir(e, irc, (uint16_t)(a->nl + has_st));

    int dt = ops_dt_index(x->v[0]->dtype);
    int ck = !strcmp(r->kid, "copy") ? ops_ck_raw(dt)
             : ops_dt_is_float(dt)   ? ops_ck_for(dt)
             : kern[2]               ? CK_I64
                                     : CK_F32;
    ew_kern_fn k = !strcmp(r->kid, "copy") ? ew_copy_kern[ck] : kern[ew_col(ck)];
    /* Slots and views: inputs list by list, then the scalar tensor, then the outputs. */
    struct ops_tensor *in = malloc((size_t)(a->nl * n + 1) * sizeof(*in));
    if (!in) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    for (int l = 0; l < a->nl && !rc; l++)
        for (uint64_t i = 0; i < n && !rc; i++)
            rc = ops_tensor_from(&in[l * n + i], a->l[l]->v[i], ops_exec_slot(e, a->l[l]->v[i]),
                                 name, a->ln[l]);
    if (!rc && has_st)
        rc = fe_scalar_view(&p->st, a->st, ops_exec_slot(e, a->st), name,
                            sig == FE_SIG_UNSCALE ? "invScale" : r->sname, per);
    const aclTensorList *out = inplace ? x : a->out;
    for (uint64_t i = 0; i < n && !rc; i++)
        rc = ops_tensor_from(&p->x[n + i], out->v[i], ops_exec_slot(e, out->v[i]), name, "out");
    if (!rc && sig == FE_SIG_UNSCALE)
        rc = fe_scalar_view(&p->found, a->found, ops_exec_slot(e, a->found), name, "foundInf",
                            false);
    for (uint64_t i = 0; i < n && !rc; i++)
        p->x[i] = in[i];
    if (rc) {
        free(in);
        ops_exec_discard(e);
        return rc;
    }

    /* The engine's plans (FE2, FE3). */
    p->role = SR_NONE;
    if (sig == FE_SIG_LT || sig == FE_SIG_LTI || sig == FE_SIG_LS || sig == FE_SIG_LSL ||
        sig == FE_SIG_SL)
        p->role = SR_CONST;
    else if (sig == FE_SIG_LLA || sig == FE_SIG_LLAI || sig == FE_SIG_LLS || sig == FE_SIG_L3T ||
             sig == FE_SIG_L3S || sig == FE_SIG_LLW)
        p->role = SR_PARAM;
    p->sck = sig == FE_SIG_SL ? 0 : 1;
    p->per = per;
    struct ops_tensor cst = {.dt = (int8_t)ops_ck_native(ck), .slot = -1, .numel = 1};
    if (ck == CK_I64)
        cst.dt = DT_I64;
    for (uint64_t i = 0; i < n && !norm && !rc; i++) {
        const struct ops_tensor *pin[EW_MAX_IN];
        int nin = 0;
        if (p->role == SR_CONST && p->sck == 0)
            pin[nin++] = &cst;
        for (int l = 0; l < a->nl; l++)
            pin[nin++] = &in[l * n + i];
        if (p->role == SR_CONST && p->sck == 1)
            pin[nin++] = &cst;
        if (sig == FE_SIG_UNSCALE)
            pin[nin++] = &p->st;
        if (ew_plan_init(&p->pl[i], ck, k, &p->x[n + i], pin, nin))
            rc = ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
        p->pl[i].p.f[0] = 1.0; /* the parameter's default (alpha 1) */
        p->pl[i].p.i[0] = 1;
        const aclScalar *s = sig == FE_SIG_LSL ? a->sl->v[i] : a->sc;
        if (s && p->role != SR_NONE)
            fe_patch(&p->pl[i], p->role, p->sck, ops_scalar_f64(s), ops_scalar_i64(s));
    }
    free(in);
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    if (sig == FE_SIG_UNSCALE)
        p->st.slot = -1; /* an operand of the plans, not a patched scalar */
    p->p = pnorm;
    e->run = norm ? fe_norm_run : sig == FE_SIG_UNSCALE ? fe_unscale_run : fe_run;
    return ops_exec_done(e, ws, ex);
}

/* ---- the entry points, by each row's SIG ---------------------------------------------------- */

#define TL const aclTensorList
#define FE_ENTRY(Name, PARAMS, ...)                                                                \
    aclnnStatus aclnn##Name##GetWorkspaceSize PARAMS                                               \
    {                                                                                              \
        return fe_op(FE_##Name, &(const struct fe_args){__VA_ARGS__}, workspaceSize, executor);    \
    }                                                                                              \
    PHASE2(Name)
#define L1 .l = {x}, .ln = {"x"}, .nl = 1
#define L2 .l = {x1, x2}, .ln = {"x1", "x2"}, .nl = 2
#define L3 .l = {x1, x2, x3}, .ln = {"x1", "x2", "x3"}, .nl = 3
#define FE_SIG_ENTRY_U(N) FE_ENTRY(N, (TL * x, TL * out, WS), L1, .out = out)
#define FE_SIG_ENTRY_UI(N) FE_ENTRY(N, (TL * x, WS), L1)
#define FE_SIG_ENTRY_LL(N) FE_ENTRY(N, (TL * x1, TL * x2, TL * out, WS), L2, .out = out)
#define FE_SIG_ENTRY_LLI(N) FE_ENTRY(N, (TL * x1, TL * x2, WS), L2)
#define FE_SIG_ENTRY_LLA(N)                                                                        \
    FE_ENTRY(N, (TL * x1, TL * x2, const aclTensor *alpha, TL *out, WS), L2, .st = alpha,          \
             .out = out)
#define FE_SIG_ENTRY_LLAI(N)                                                                       \
    FE_ENTRY(N, (TL * x1, TL * x2, const aclTensor *alpha, WS), L2, .st = alpha)
#define FE_SIG_ENTRY_LLS(N)                                                                        \
    FE_ENTRY(N, (TL * x1, TL * x2, const aclScalar *alpha, aclTensorList *out, WS), L2,            \
             .sc = alpha, .out = out)
#define FE_SIG_ENTRY_LT(N)                                                                         \
    FE_ENTRY(N, (TL * x, const aclTensor *scalar, TL *out, WS), L1, .st = scalar, .out = out)
#define FE_SIG_ENTRY_LTI(N) FE_ENTRY(N, (TL * x, const aclTensor *scalar, WS), L1, .st = scalar)
#define FE_SIG_ENTRY_LS(N)                                                                         \
    FE_ENTRY(N, (TL * x, const aclScalar *scalar, aclTensorList *out, WS), L1, .sc = scalar,       \
             .out = out)
#define FE_SIG_ENTRY_LSL(N)                                                                        \
    FE_ENTRY(N, (TL * x, const aclScalarList *scalars, TL *out, WS), L1, .sl = scalars, .out = out)
#define FE_SIG_ENTRY_SL(N)                                                                         \
    FE_ENTRY(N, (const aclScalar *scalar, TL *x, TL *out, WS), L1, .sc = scalar, .out = out)
#define FE_SIG_ENTRY_L3T(N)                                                                        \
    FE_ENTRY(N, (TL * x1, TL * x2, TL * x3, const aclTensor *scalar, TL *out, WS), L3,             \
             .st = scalar, .out = out)
#define FE_SIG_ENTRY_L3S(N)                                                                        \
    FE_ENTRY(N, (TL * x1, TL * x2, TL * x3, const aclScalar *scalar, aclTensorList *out, WS), L3,  \
             .sc = scalar, .out = out)
#define FE_SIG_ENTRY_LLL(N)                                                                        \
    FE_ENTRY(N, (TL * x1, TL * x2, TL * weight, TL * out, WS), .l = {x1, x2, weight},              \
             .ln = {"x1", "x2", "weight"}, .nl = 3, .out = out)
#define FE_SIG_ENTRY_LLW(N)                                                                        \
    FE_ENTRY(N, (TL * x1, TL * x2, const aclScalar *weight, TL *out, WS), L2, .sc = weight,        \
             .out = out)
#define FE_SIG_ENTRY_NORM(N)                                                                       \
    FE_ENTRY(N, (TL * x, const aclScalar *scalar, TL *out, WS), L1, .sc = scalar, .out = out)
#define FE_SIG_ENTRY_UNSCALE(N)                                                                    \
    FE_ENTRY(N, (TL * scaledGrads, const aclTensor *foundInf, const aclTensor *invScale, WS),      \
             .l = {scaledGrads}, .ln = {"scaledGrads"}, .nl = 1, .st = invScale,                   \
             .found = foundInf)
#define X(Name, header, FORMS, KINDS, DT, ARG2, DT2, SIG, KERN) FE_SIG_ENTRY_##SIG(Name)
FE_LIST_OPS(X)
FE_BINARY_OPS(X)
FE_TERNARY_OPS(X)
#undef X
