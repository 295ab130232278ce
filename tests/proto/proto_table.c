/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tests/proto/proto_table.c: every operator type of ops/proto's table
 * (iterated with proto_at), prepared, built and run on small shapes against
 * a reference computed here in double; then the misuse rows (unknown type,
 * wrong input counts, shapes that do not broadcast, a type the operator
 * never takes, missing and mistyped required attributes, a value input that
 * is not const, outputs described unlike the inferred ones) with their
 * status and a message naming what is wrong.
 *
 * White-box: proto_* are hidden in libcpuacl, so this program links the
 * library's objects (tests/proto/CMakeLists.txt). A type in the table
 * without a case here fails the test.
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "ops/proto/proto.h"

static int g_fail;

#define FAILF(...)                                                                                 \
    do {                                                                                           \
        fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                                            \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        g_fail = 1;                                                                                \
    } while (0)

/* ---- values ------------------------------------------------------------------------ */

static size_t dt_size(aclDataType t)
{
    return aclDataTypeSize(t);
}

static double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? INFINITY : ldexp(m + 1024, e - 25);
    return (h & 0x8000) ? -v : v;
}

static double load(const void *p, aclDataType t, int64_t i)
{
    switch (t) {
    case ACL_FLOAT:
        return ((const float *)p)[i];
    case ACL_DOUBLE:
        return ((const double *)p)[i];
    case ACL_FLOAT16:
        return half_to_double(((const uint16_t *)p)[i]);
    case ACL_INT32:
        return ((const int32_t *)p)[i];
    case ACL_INT64:
        return (double)((const int64_t *)p)[i];
    case ACL_INT8:
        return ((const int8_t *)p)[i];
    case ACL_INT16:
        return ((const int16_t *)p)[i];
    case ACL_UINT8:
    case ACL_BOOL:
        return ((const uint8_t *)p)[i];
    default:
        return NAN;
    }
}

static void store(void *p, aclDataType t, int64_t i, double v)
{
    switch (t) {
    case ACL_FLOAT:
        ((float *)p)[i] = (float)v;
        break;
    case ACL_DOUBLE:
        ((double *)p)[i] = v;
        break;
    case ACL_INT32:
        ((int32_t *)p)[i] = (int32_t)v;
        break;
    case ACL_INT64:
        ((int64_t *)p)[i] = (int64_t)v;
        break;
    case ACL_INT8:
        ((int8_t *)p)[i] = (int8_t)v;
        break;
    case ACL_INT16:
        ((int16_t *)p)[i] = (int16_t)v;
        break;
    case ACL_UINT8:
    case ACL_BOOL:
        ((uint8_t *)p)[i] = (uint8_t)v;
        break;
    default:
        break;
    }
}

static int64_t numel(const struct core_op_val *v)
{
    int64_t n = 1;
    for (int i = 0; i < v->nd; i++)
        n *= v->dims[i];
    return n;
}

/* ---- cases ----------------------------------------------------------------------- */

#define MAXIN 6
#define MAXATTR 6

struct tin {
    aclDataType dt;
    int nd;
    int64_t dims[8];
    const int64_t *cval; /* a const input: its values (stored as dt) */
    const int64_t *rval; /* an input fed at run time (not const) with these values */
    bool absent;
    aclFormat fmt; /* 0: NCHW (the default of a description here) */
};

struct tattr {
    const char *name;
    struct proto_attr v;
};

struct tcase;
/* Reference: x[k] the inputs as doubles, y[k] the outputs to fill. */
typedef void (*ref_fn)(const struct tcase *c, const struct proto_op *op, double *const *x,
                       double *const *y);

struct tcase {
    const char *type;
    int nin;
    struct tin in[MAXIN];
    int nattr;
    struct tattr attr[MAXATTR];
    ref_fn ref;
    double tol;
    double lo, hi;  /* input value range (default -2..2) */
    struct tin out; /* nd > 0: the output as the caller describes it (Aipp's features) */
    int nout;       /* > 0: the caller's output count (a dynamic output's entries) */
};

#define SHAPE(...) .nd = sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t), .dims = {__VA_ARGS__}
#define ABOOL(nm, val)                                                                             \
    {                                                                                              \
        nm,                                                                                        \
        {                                                                                          \
            .type = PROTO_A_BOOL, .i = (val)                                                       \
        }                                                                                          \
    }
#define AINT(nm, val)                                                                              \
    {                                                                                              \
        nm,                                                                                        \
        {                                                                                          \
            .type = PROTO_A_INT, .i = (val)                                                        \
        }                                                                                          \
    }
#define AFLOAT(nm, val)                                                                            \
    {                                                                                              \
        nm,                                                                                        \
        {                                                                                          \
            .type = PROTO_A_FLOAT, .f = (val)                                                      \
        }                                                                                          \
    }
#define ASTR(nm, val)                                                                              \
    {                                                                                              \
        nm,                                                                                        \
        {                                                                                          \
            .type = PROTO_A_STRING, .s = (val)                                                     \
        }                                                                                          \
    }
#define ATYPE(nm, val)                                                                             \
    {                                                                                              \
        nm,                                                                                        \
        {                                                                                          \
            .type = PROTO_A_TYPE, .i = (val)                                                       \
        }                                                                                          \
    }
#define AINTS(nm, ...)                                                                             \
    {                                                                                              \
        nm,                                                                                        \
        {                                                                                          \
            .type = PROTO_A_LIST_INT, .ints = (const int64_t[]){__VA_ARGS__},                      \
            .n = sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)                                \
        }                                                                                          \
    }

/* The attribute source over a case's list. */
struct attr_set {
    const struct tattr *a;
    int n;
};

static enum proto_found get_attr(const void *set, const char *name, enum proto_attr_type want,
                                 struct proto_attr *out)
{
    (void)want;
    const struct attr_set *s = set;
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->a[i].name, name)) {
            *out = s->a[i].v;
            return PROTO_FOUND;
        }
    return PROTO_ABSENT;
}

/* An axis value read from a const input, wrapped for rank nd. */
static int axis_of(double v, int nd)
{
    return v < 0 ? (int)v + nd : (int)v;
}

/* Index helpers for references. */
static void unravel(int64_t i, const int64_t *dims, int nd, int64_t *idx)
{
    for (int d = nd - 1; d >= 0; d--) {
        idx[d] = dims[d] ? i % dims[d] : 0;
        i = dims[d] ? i / dims[d] : 0;
    }
}

/* The offset in v of the output index idx (rank ond), broadcasting v. */
static int64_t bcast_off(const struct core_op_val *v, const int64_t *idx, int ond)
{
    int64_t off = 0;
    for (int d = 0; d < v->nd; d++) {
        int64_t k = idx[ond - v->nd + d];
        off = off * v->dims[d] + (v->dims[d] == 1 ? 0 : k);
    }
    return off;
}

/* y = f(x1, x2) with broadcasting. */
static void ref_binary(const struct proto_op *op, double *const *x, double *y,
                       double (*f)(double, double))
{
    const struct core_op_val *o = &op->out[0];
    int64_t idx[8];
    for (int64_t i = 0; i < numel(o); i++) {
        unravel(i, o->dims, o->nd, idx);
        y[i] = f(x[0][bcast_off(&op->in[0], idx, o->nd)], x[1][bcast_off(&op->in[1], idx, o->nd)]);
    }
}

static void ref_unary(const struct proto_op *op, double *const *x, double *y, double (*f)(double))
{
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[i] = f(x[0][i]);
}

#define CV(...)                                                                                    \
    .cval = (const int64_t[])                                                                      \
    {                                                                                              \
        __VA_ARGS__                                                                                \
    }
#define RANGE(a, b) .lo = (a), .hi = (b)

static double f_add(double a, double b)
{
    return a + b;
}
static double f_sub(double a, double b)
{
    return a - b;
}
static double f_mul(double a, double b)
{
    return a * b;
}
static double f_div(double a, double b)
{
    return a / b;
}
static double f_max(double a, double b)
{
    return a > b ? a : b;
}
static double f_min(double a, double b)
{
    return a < b ? a : b;
}
static double f_relu(double a)
{
    return a > 0 ? a : 0;
}
static double f_id(double a)
{
    return a;
}
static double f_neg(double a)
{
    return -a;
}
static double f_sq(double a)
{
    return a * a;
}
static double f_rsqrt(double a)
{
    return 1 / sqrt(a);
}
static double f_sigmoid(double a)
{
    return 1 / (1 + exp(-a));
}
static double f_eq(double a, double b)
{
    return a == b;
}
static double f_softplus(double a)
{
    return log1p(exp(a));
}
static double f_gelu(double a)
{
    return 0.5 * a * (1 + erf(a / sqrt(2.0)));
}

static const struct proto_attr *cattr(const struct tcase *c, const char *name)
{
    for (int i = 0; i < c->nattr; i++)
        if (!strcmp(c->attr[i].name, name))
            return &c->attr[i].v;
    return NULL;
}

/* A reference made of a helper (ref_binary, ref_unary, ref_pick) and its function. */
#define R_WITH(name, helper, f)                                                                    \
    static void name(const struct tcase *c, const struct proto_op *op, double *const *x,           \
                     double *const *y)                                                             \
    {                                                                                              \
        (void)c;                                                                                   \
        helper(op, x, y[0], f);                                                                    \
    }
#define R_BIN(name, f) R_WITH(name, ref_binary, f)
#define R_UN(name, f) R_WITH(name, ref_unary, f)
R_BIN(r_add, f_add)
R_BIN(r_sub, f_sub)
R_BIN(r_mul, f_mul)
R_BIN(r_div, f_div)
R_BIN(r_max, f_max)
R_BIN(r_min, f_min)
R_BIN(r_pow, pow)
R_UN(r_relu, f_relu)
R_UN(r_id, f_id)
R_UN(r_abs, fabs)
R_UN(r_exp, exp)
R_UN(r_log, log)
R_UN(r_sqrt, sqrt)
R_UN(r_rsqrt, f_rsqrt)
R_UN(r_neg, f_neg)
R_UN(r_sq, f_sq)
R_UN(r_sigmoid, f_sigmoid)
R_UN(r_tanh, tanh)
R_UN(r_gelu, f_gelu)
R_UN(r_sin, sin)
R_UN(r_cos, cos)
R_UN(r_softplus, f_softplus)
R_BIN(r_eq, f_eq)

static double f_ne(double a, double b)
{
    return a != b;
}
static double f_gt(double a, double b)
{
    return a > b;
}
static double f_ge(double a, double b)
{
    return a >= b;
}
static double f_lt(double a, double b)
{
    return a < b;
}
static double f_le(double a, double b)
{
    return a <= b;
}
static double f_and(double a, double b)
{
    return a != 0 && b != 0;
}
static double f_or(double a, double b)
{
    return a != 0 || b != 0;
}
static double f_floormod(double a, double b)
{
    return a - floor(a / b) * b;
}
/* Div of integers floors (CANN's Div kernel): -7 / 2 = -4, 7 / -2 = -4. */
static double f_floordiv(double a, double b)
{
    return floor(a / b);
}
static double f_shl(double a, double b)
{
    return (double)((int64_t)a << (int64_t)b);
}
static double f_shr(double a, double b)
{
    return (double)((int64_t)a >> (int64_t)b);
}
static double f_not(double a)
{
    return a == 0;
}
static double f_false(double a)
{
    return (double)(isnan(a) != 0);
}
static double f_posinf(double a)
{
    return a == INFINITY;
}
static double f_neginf(double a)
{
    return a == -INFINITY;
}
static double f_sign(double a)
{
    return (a > 0) - (a < 0);
}
static double f_softsign(double a)
{
    return a / (1 + fabs(a));
}

/* SoftsignGrad: gradients / (1 + |features|)^2 */
static double f_softsign_grad(double g, double x)
{
    return g / ((1 + fabs(x)) * (1 + fabs(x)));
}

/* Selu's constants, as torch.nn.SELU's */
static double f_selu(double a)
{
    const double alpha = 1.6732632423543772848170429916717, scale = 1.0507009873554804934193349852946;
    return scale * (a > 0 ? a : alpha * (exp(a) - 1));
}

static double f_inv(double a)
{
    return 1 / a;
}
R_BIN(r_ne, f_ne)
R_BIN(r_gt, f_gt)
R_BIN(r_ge, f_ge)
R_BIN(r_lt, f_lt)
R_BIN(r_le, f_le)
R_BIN(r_and, f_and)
R_BIN(r_or, f_or)
R_BIN(r_floormod, f_floormod)
R_BIN(r_truncmod, fmod)
R_BIN(r_floordiv, f_floordiv)
R_BIN(r_shl, f_shl)
R_BIN(r_shr, f_shr)
R_UN(r_not, f_not)
R_UN(r_isnan, f_false)
R_UN(r_posinf, f_posinf)
R_UN(r_neginf, f_neginf)
R_UN(r_sign, f_sign)
R_UN(r_softsign, f_softsign)
R_BIN(r_softsign_grad, f_softsign_grad)
R_UN(r_selu, f_selu)
R_UN(r_inv, f_inv)
R_UN(r_tan, tan)
R_UN(r_asin, asin)
R_UN(r_acos, acos)
R_UN(r_atan, atan)
R_UN(r_sinh, sinh)
R_UN(r_cosh, cosh)
R_UN(r_asinh, asinh)
R_UN(r_acosh, acosh)
R_UN(r_atanh, atanh)
R_UN(r_erf, erf)
R_UN(r_ceil, ceil)
R_UN(r_floor, floor)
R_UN(r_round, nearbyint)

/* SelectV2: condition ? then : else, broadcast. */
static void r_select(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    (void)c;
    const struct core_op_val *o = &op->out[0];
    int64_t idx[8];
    for (int64_t i = 0; i < numel(o); i++) {
        unravel(i, o->dims, o->nd, idx);
        bool cond = x[0][bcast_off(&op->in[0], idx, o->nd)] != 0;
        y[0][i] = x[cond ? 1 : 2][bcast_off(&op->in[cond ? 1 : 2], idx, o->nd)];
    }
}

/* Tril / Triu of the last two dims, diagonal from the attribute; Trilu: from input k (0
 * when absent), upper from its attribute. */
static void r_tri(const struct tcase *c, const struct proto_op *op, double *const *x,
                  double *const *y)
{
    const struct proto_attr *a = cattr(c, "diagonal"), *u = cattr(c, "upper");
    bool trilu = !strcmp(c->type, "Trilu");
    int64_t k = a ? a->i : 0, idx[8];
    if (trilu && c->nin > 1 && !c->in[1].absent)
        k = (int64_t)x[1][0];
    const struct core_op_val *o = &op->out[0];
    bool upper = trilu ? u && u->i : !strcmp(c->type, "Triu");
    for (int64_t i = 0; i < numel(o); i++) {
        unravel(i, o->dims, o->nd, idx);
        int64_t d = idx[o->nd - 1] - idx[o->nd - 2];
        y[0][i] = (upper ? d >= k : d <= k) ? x[0][i] : 0;
    }
}

static void r_shrink(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    double l = cattr(c, "lambd")->f, b = cattr(c, "bias")->f;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[0][i] < -l ? x[0][i] + b : x[0][i] > l ? x[0][i] - b : 0;
}

/* GatherElements along dim (x and index 2-D here). */
static void r_gather_el(const struct tcase *c, const struct proto_op *op, double *const *x,
                        double *const *y)
{
    int ax = (int)cattr(c, "dim")->i;
    const struct core_op_val *I = &op->in[1], *X = &op->in[0];
    int64_t idx[8];
    for (int64_t i = 0; i < numel(I); i++) {
        unravel(i, I->dims, I->nd, idx);
        idx[ax] = (int64_t)x[1][i];
        int64_t off = 0;
        for (int d = 0; d < X->nd; d++)
            off = off * X->dims[d] + idx[d];
        y[0][i] = x[0][off];
    }
}

/* ScatterElements (reduction none) along axis. */
static void r_scatter_el(const struct tcase *c, const struct proto_op *op, double *const *x,
                         double *const *y)
{
    int ax = (int)cattr(c, "axis")->i;
    const struct core_op_val *I = &op->in[1], *X = &op->in[0];
    int64_t idx[8];
    memcpy(y[0], x[0], (size_t)numel(X) * sizeof(double));
    for (int64_t i = 0; i < numel(I); i++) {
        unravel(i, I->dims, I->nd, idx);
        idx[ax] = (int64_t)x[1][i];
        int64_t off = 0;
        for (int d = 0; d < X->nd; d++)
            off = off * X->dims[d] + idx[d];
        y[0][off] = x[2][i];
    }
}

/* OneHot of 1-D x, axis -1: y[i][j] = x[i] == j ? on : off. */
static void r_one_hot(const struct tcase *c, const struct proto_op *op, double *const *x,
                      double *const *y)
{
    (void)c;
    int64_t n = (int64_t)x[1][0];
    for (int64_t i = 0; i < numel(&op->in[0]); i++)
        for (int64_t j = 0; j < n; j++)
            y[0][i * n + j] = (int64_t)x[0][i] == j ? x[2][0] : x[3][0];
}

/* NLLLoss, reduction mean: sum(-w[t] x[n, t]) / sum(w[t]); total_weight the sum. */
static void r_nll(const struct tcase *c, const struct proto_op *op, double *const *x,
                  double *const *y)
{
    (void)c;
    int64_t n = op->in[0].dims[0], cls = op->in[0].dims[1];
    double sum = 0, tw = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t t = (int64_t)x[1][i];
        sum -= x[2][t] * x[0][i * cls + t];
        tw += x[2][t];
    }
    y[0][0] = sum / tw;
    y[1][0] = tw;
}

/* Conv2DTranspose / Conv3DTranspose, channels first, groups 1, stride s, pads p (before =
 * after), dilation 1: y[o] += x[i] * w[ci, co, k] at o = i * s - p + k (2-D: D = 1). */
static void r_convt(const struct tcase *c, const struct proto_op *op, double *const *x,
                    double *const *y)
{
    const struct core_op_val *X = &op->in[1], *W = &op->in[2], *Y = &op->out[0];
    bool three = X->nd == 5;
    int64_t s = cattr(c, "strides")->ints[2], p = cattr(c, "pads")->ints[0];
    int64_t xd[3] = {1, 1, 1}, kd[3] = {1, 1, 1}, yd[3] = {1, 1, 1};
    for (int i = 0; i < X->nd - 2; i++)
        xd[3 - (X->nd - 2) + i] = X->dims[2 + i], kd[3 - (X->nd - 2) + i] = W->dims[2 + i],
                             yd[3 - (X->nd - 2) + i] = Y->dims[2 + i];
    int64_t ci_n = X->dims[1], co_n = Y->dims[1];
    memset(y[0], 0, (size_t)numel(Y) * sizeof(double));
    for (int64_t nb = 0; nb < X->dims[0]; nb++)
        for (int64_t ci = 0; ci < ci_n; ci++)
            for (int64_t co = 0; co < co_n; co++)
                for (int64_t i0 = 0; i0 < xd[0]; i0++)
                    for (int64_t i1 = 0; i1 < xd[1]; i1++)
                        for (int64_t i2 = 0; i2 < xd[2]; i2++)
                            for (int64_t k0 = 0; k0 < kd[0]; k0++)
                                for (int64_t k1 = 0; k1 < kd[1]; k1++)
                                    for (int64_t k2 = 0; k2 < kd[2]; k2++) {
                                        int64_t o0 = three ? i0 * s - p + k0 : 0,
                                                o1 = i1 * s - p + k1, o2 = i2 * s - p + k2;
                                        if (o0 < 0 || o0 >= yd[0] || o1 < 0 || o1 >= yd[1] ||
                                            o2 < 0 || o2 >= yd[2])
                                            continue;
                                        int64_t xo =
                                            (((nb * ci_n + ci) * xd[0] + i0) * xd[1] + i1) * xd[2] +
                                            i2;
                                        int64_t wo =
                                            (((ci * co_n + co) * kd[0] + k0) * kd[1] + k1) * kd[2] +
                                            k2;
                                        int64_t yo =
                                            (((nb * co_n + co) * yd[0] + o0) * yd[1] + o1) * yd[2] +
                                            o2;
                                        y[0][yo] += x[1][xo] * x[2][wo];
                                    }
}

static void r_elu(const struct tcase *c, const struct proto_op *op, double *const *x,
                  double *const *y)
{
    double al = cattr(c, "alpha")->f, sc = cattr(c, "scale")->f;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = sc * (x[0][i] > 0 ? x[0][i] : al * (exp(x[0][i]) - 1));
}

/* Pack: output index (.., k at axis, ..) reads input k. */
static void r_pack(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    const struct proto_attr *a = cattr(c, "axis");
    const struct core_op_val *o = &op->out[0];
    int ax = axis_of(a ? (double)a->i : 0, o->nd);
    int64_t idx[8] = {0};
    for (int64_t i = 0; i < numel(o); i++) {
        unravel(i, o->dims, o->nd, idx);
        int64_t off = 0;
        for (int d = 0; d < o->nd; d++)
            if (d != ax)
                off = off * o->dims[d] + idx[d];
        y[0][i] = x[idx[ax]][off];
    }
}

/* SplitV along dim 1 of a 2-D x: output k holds the columns after those of the ones
 * before it (their widths from the inferred dims). */
static void r_split_v(const struct tcase *c, const struct proto_op *op, double *const *x,
                      double *const *y)
{
    (void)c;
    int64_t rows = op->in[0].dims[0], cols = op->in[0].dims[1], at = 0;
    for (uint32_t k = 0; k < op->nout; k++) {
        int64_t w = op->out[k].dims[1];
        for (int64_t i = 0; i < rows; i++)
            for (int64_t j = 0; j < w; j++)
                y[k][i * w + j] = x[0][i * cols + at + j];
        at += w;
    }
}

static void r_leaky(const struct tcase *c, const struct proto_op *op, double *const *x,
                    double *const *y)
{
    double s = cattr(c, "negative_slope")->f;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[0][i] > 0 ? x[0][i] : s * x[0][i];
}

static void r_reduce(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    const struct core_op_val *xv = &op->in[0];
    bool red[8] = {false};
    int64_t axes[8];
    int n = 0;
    const struct proto_attr *a = cattr(c, "axes");
    if (a) {
        for (size_t i = 0; i < a->n; i++)
            axes[n++] = a->ints[i];
    } else {
        for (int64_t i = 0; i < numel(&op->in[1]); i++)
            axes[n++] = (int64_t)x[1][i];
    }
    for (int i = 0; i < n; i++)
        red[axes[i] < 0 ? axes[i] + xv->nd : axes[i]] = true;
    bool avg = strstr(c->type, "Mean") != NULL;
    if (n == 0) {
        const struct proto_attr *na = cattr(c, "noop_with_empty_axes");
        bool noop =
            na ? na->i != 0 : strcmp(c->type, "ReduceSumD") && strcmp(c->type, "ReduceMeanD");
        for (int d = 0; d < xv->nd; d++)
            red[d] = !noop;
    }
    int64_t idx[8], cnt = 1;
    for (int d = 0; d < xv->nd; d++)
        cnt *= red[d] ? xv->dims[d] : 1;
    /* 'S'um or mean, 'X' max, 'N' min, 'P' prod */
    char k = strstr(c->type, "Max")    ? 'X'
             : strstr(c->type, "Min")  ? 'N'
             : strstr(c->type, "Prod") ? 'P'
                                       : 'S';
    for (int64_t o = 0; o < numel(&op->out[0]); o++)
        y[0][o] = k == 'X' ? -INFINITY : k == 'N' ? INFINITY : k == 'P' ? 1.0 : 0.0;
    for (int64_t i = 0; i < numel(xv); i++) {
        unravel(i, xv->dims, xv->nd, idx);
        int64_t o = 0;
        for (int d = 0; d < xv->nd; d++)
            if (!red[d])
                o = o * xv->dims[d] + idx[d];
        if (k == 'X')
            y[0][o] = fmax(y[0][o], x[0][i]);
        else if (k == 'N')
            y[0][o] = fmin(y[0][o], x[0][i]);
        else if (k == 'P')
            y[0][o] *= x[0][i];
        else
            y[0][o] += x[0][i] / (avg ? (double)cnt : 1.0);
    }
}

static void r_argmax(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    const struct core_op_val *xv = &op->in[0];
    int ax = axis_of(x[1][0], xv->nd);
    int64_t idx[8];
    for (int64_t o = 0; o < numel(&op->out[0]); o++)
        y[0][o] = -1;
    double *best = calloc((size_t)numel(&op->out[0]) + 1, sizeof(double));
    for (int64_t i = 0; i < numel(xv); i++) {
        unravel(i, xv->dims, xv->nd, idx);
        int64_t o = 0;
        for (int d = 0; d < xv->nd; d++)
            if (d != ax)
                o = o * xv->dims[d] + idx[d];
        bool better = strcmp(c->type, "ArgMin") ? x[0][i] > best[o] : x[0][i] < best[o];
        if (y[0][o] < 0 || better) {
            best[o] = x[0][i];
            y[0][o] = (double)idx[ax];
        }
    }
    free(best);
}

/* y[m, n] (batched) = op(x1) op(x2) (+ bias). */
static void r_matmul(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    const struct proto_attr *a1 =
        cattr(c, "transpose_x1") ? cattr(c, "transpose_x1") : cattr(c, "adj_x1");
    const struct proto_attr *a2 =
        cattr(c, "transpose_x2") ? cattr(c, "transpose_x2") : cattr(c, "adj_x2");
    bool t1 = a1 && a1->i, t2 = a2 && a2->i;
    const struct core_op_val *A = &op->in[0], *B = &op->in[1], *Y = &op->out[0];
    int64_t m = Y->dims[Y->nd - 2], n = Y->dims[Y->nd - 1];
    int64_t k = A->dims[A->nd - (t1 ? 2 : 1)];
    int64_t batch = numel(Y) / (m * n);
    int64_t ab = numel(A) / (m * k), bb = numel(B) / (k * n);
    bool bias = op->nin > 2 && !op->in[2].absent;
    for (int64_t bi = 0; bi < batch; bi++)
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                double acc = 0;
                const double *pa = x[0] + (bi % ab) * m * k, *pb = x[1] + (bi % bb) * k * n;
                for (int64_t q = 0; q < k; q++)
                    acc +=
                        (t1 ? pa[q * m + i] : pa[i * k + q]) * (t2 ? pb[j * k + q] : pb[q * n + j]);
                y[0][(bi * m + i) * n + j] = acc + (bias ? x[2][j] : 0);
            }
}

static void r_bias_add(const struct tcase *c, const struct proto_op *op, double *const *x,
                       double *const *y)
{
    bool nchw = !strcmp(cattr(c, "data_format")->s, "NCHW");
    const struct core_op_val *xv = &op->in[0];
    int64_t idx[8];
    for (int64_t i = 0; i < numel(xv); i++) {
        unravel(i, xv->dims, xv->nd, idx);
        y[0][i] = x[0][i] + x[1][idx[nchw ? 1 : xv->nd - 1]];
    }
}

static void r_concat(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    const struct proto_attr *a = cattr(c, "concat_dim");
    const struct core_op_val *o = &op->out[0];
    int ax = axis_of(a ? (double)a->i : x[op->ndyn][0], o->nd);
    int64_t idx[8] = {0};
    for (int64_t i = 0; i < numel(o); i++) {
        unravel(i, o->dims, o->nd, idx);
        uint32_t k = 0;
        while (idx[ax] >= op->in[k].dims[ax])
            idx[ax] -= op->in[k++].dims[ax];
        int64_t off = 0;
        for (int d = 0; d < o->nd; d++)
            off = off * op->in[k].dims[d] + idx[d];
        y[0][i] = x[k][off];
    }
}

/* Conv2D / pools on NCHW index math, reading any layout through positions. */
static int64_t at4(const struct core_op_val *v, const int *pos, int64_t a, int64_t b, int64_t c,
                   int64_t d)
{
    int64_t idx[4];
    idx[pos[0]] = a, idx[pos[1]] = b, idx[pos[2]] = c, idx[pos[3]] = d;
    return ((idx[0] * v->dims[1] + idx[1]) * v->dims[2] + idx[2]) * v->dims[3] + idx[3];
}

static void fmt_pos(const char *fmt, int *pos)
{
    bool nhwc = !strcmp(fmt, "NHWC");
    pos[0] = 0, pos[1] = nhwc ? 3 : 1, pos[2] = nhwc ? 1 : 2, pos[3] = nhwc ? 2 : 3;
}

static void r_conv(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    int px[4], pf[4];
    const struct proto_attr *df = cattr(c, "data_format");
    fmt_pos(df ? df->s : "NHWC", px);
    const struct core_op_val *X = &op->in[0], *F = &op->in[1], *Y = &op->out[0];
    if (F->format == ACL_FORMAT_HWCN)
        pf[0] = 3, pf[1] = 2, pf[2] = 0, pf[3] = 1; /* out, in, h, w */
    else
        fmt_pos(F->format == ACL_FORMAT_NHWC ? "NHWC" : "NCHW", pf);
    const int64_t *st = cattr(c, "strides")->ints, *pd = cattr(c, "pads")->ints;
    int64_t N = X->dims[px[0]], C = X->dims[px[1]], H = X->dims[px[2]], W = X->dims[px[3]];
    int64_t K = F->dims[pf[0]], KH = F->dims[pf[2]], KW = F->dims[pf[3]];
    int64_t OH = Y->dims[px[2]], OW = Y->dims[px[3]];
    bool bias = op->nin > 2 && !op->in[2].absent;
    for (int64_t n = 0; n < N; n++)
        for (int64_t k = 0; k < K; k++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double acc = bias ? x[2][k] : 0;
                    for (int64_t ci = 0; ci < C; ci++)
                        for (int64_t i = 0; i < KH; i++)
                            for (int64_t j = 0; j < KW; j++) {
                                int64_t h = oh * st[px[2]] - pd[0] + i,
                                        w = ow * st[px[3]] - pd[2] + j;
                                if (h < 0 || h >= H || w < 0 || w >= W)
                                    continue;
                                acc +=
                                    x[0][at4(X, px, n, ci, h, w)] * x[1][at4(F, pf, k, ci, i, j)];
                            }
                    y[0][at4(Y, px, n, k, oh, ow)] = acc;
                }
}

static void r_pool(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    int p[4];
    const struct proto_attr *df = cattr(c, "data_format");
    fmt_pos(df ? df->s : "NHWC", p);
    bool is_max = !strcmp(c->type, "MaxPool"), same = !strcmp(cattr(c, "padding")->s, "SAME");
    const int64_t *ks = cattr(c, "ksize")->ints, *st = cattr(c, "strides")->ints;
    const struct core_op_val *X = &op->in[0], *Y = &op->out[0];
    int64_t H = X->dims[p[2]], W = X->dims[p[3]], OH = Y->dims[p[2]], OW = Y->dims[p[3]];
    int64_t kh = ks[p[2]], kw = ks[p[3]], sh = st[p[2]], sw = st[p[3]];
    int64_t pt = same ? ((OH - 1) * sh + kh - H > 0 ? ((OH - 1) * sh + kh - H) / 2 : 0) : 0;
    int64_t pl = same ? ((OW - 1) * sw + kw - W > 0 ? ((OW - 1) * sw + kw - W) / 2 : 0) : 0;
    for (int64_t n = 0; n < X->dims[p[0]]; n++)
        for (int64_t ch = 0; ch < X->dims[p[1]]; ch++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double acc = is_max ? -INFINITY : 0;
                    int cnt = 0;
                    for (int64_t i = 0; i < kh; i++)
                        for (int64_t j = 0; j < kw; j++) {
                            int64_t h = oh * sh - pt + i, w = ow * sw - pl + j;
                            if (h < 0 || h >= H || w < 0 || w >= W)
                                continue;
                            double v = x[0][at4(X, p, n, ch, h, w)];
                            acc = is_max ? (v > acc ? v : acc) : acc + v;
                            cnt++;
                        }
                    y[0][at4(Y, p, n, ch, oh, ow)] = is_max ? acc : acc / cnt;
                }
}

/* MaxPoolWithArgmaxV3 (NCHW, ksize / strides / pads / dilation of 2 values): y the window's
 * maximum, argmax its flat position h * W + w in the input plane (the first one on ties). */
static void r_pool_argmax(const struct tcase *c, const struct proto_op *op, double *const *x,
                          double *const *y)
{
    const int64_t *ks = cattr(c, "ksize")->ints, *st = cattr(c, "strides")->ints;
    const int64_t *pd = cattr(c, "pads")->ints;
    const struct proto_attr *da = cattr(c, "dilation");
    int64_t dl[2] = {da ? da->ints[0] : 1, da ? da->ints[1] : 1};
    const struct core_op_val *X = &op->in[0], *Y = &op->out[0];
    int64_t H = X->dims[2], W = X->dims[3], OH = Y->dims[2], OW = Y->dims[3];
    for (int64_t nc = 0; nc < X->dims[0] * X->dims[1]; nc++)
        for (int64_t oh = 0; oh < OH; oh++)
            for (int64_t ow = 0; ow < OW; ow++) {
                double best = -INFINITY;
                int64_t at = -1;
                for (int64_t i = 0; i < ks[0]; i++)
                    for (int64_t j = 0; j < ks[1]; j++) {
                        int64_t h = oh * st[0] - pd[0] + i * dl[0],
                                w = ow * st[1] - pd[1] + j * dl[1];
                        if (h < 0 || h >= H || w < 0 || w >= W)
                            continue;
                        double v = x[0][(nc * H + h) * W + w];
                        if (at < 0 || v > best)
                            best = v, at = h * W + w;
                    }
                y[0][(nc * OH + oh) * OW + ow] = best;
                y[1][(nc * OH + oh) * OW + ow] = (double)at;
            }
}

/* Conv3D / 3-d pools on NCDHW index math, reading NDHWC through positions. */
static int64_t at5(const struct core_op_val *v, const int *pos, const int64_t *i5)
{
    int64_t idx[5], off = 0;
    for (int d = 0; d < 5; d++)
        idx[pos[d]] = i5[d];
    for (int d = 0; d < 5; d++)
        off = off * v->dims[d] + idx[d];
    return off;
}

static void fmt_pos5(bool last, int *pos)
{
    pos[0] = 0, pos[1] = last ? 4 : 1;
    for (int i = 0; i < 3; i++)
        pos[2 + i] = last ? 1 + i : 2 + i;
}

static void r_conv3d(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    int px[5], pf[5];
    const struct proto_attr *df = cattr(c, "data_format");
    fmt_pos5(!df || !strcmp(df->s, "NDHWC"), px);
    const struct core_op_val *X = &op->in[0], *F = &op->in[1], *Y = &op->out[0];
    fmt_pos5(F->format == ACL_FORMAT_NDHWC, pf);
    const int64_t *st = cattr(c, "strides")->ints, *pd = cattr(c, "pads")->ints;
    bool bias = op->nin > 2 && !op->in[2].absent;
    int64_t C = X->dims[px[1]];
    for (int64_t o = 0; o < numel(Y); o++) {
        int64_t yi[5], r = o; /* (n, k, od, oh, ow) */
        for (int d = 4; d >= 0; d--)
            yi[d] = r % Y->dims[px[d]], r /= Y->dims[px[d]];
        double acc = bias ? x[2][yi[1]] : 0;
        for (int64_t ci = 0; ci < C; ci++)
            for (int64_t a = 0; a < F->dims[pf[2]]; a++)
                for (int64_t b = 0; b < F->dims[pf[3]]; b++)
                    for (int64_t e = 0; e < F->dims[pf[4]]; e++) {
                        int64_t fi[5] = {yi[1], ci, a, b, e}, xi[5] = {yi[0], ci, 0, 0, 0};
                        bool in = true;
                        for (int s = 0; s < 3; s++) {
                            xi[2 + s] = yi[2 + s] * st[px[2 + s]] - pd[2 * s] + fi[2 + s];
                            in = in && xi[2 + s] >= 0 && xi[2 + s] < X->dims[px[2 + s]];
                        }
                        if (in)
                            acc += x[0][at5(X, px, xi)] * x[1][at5(F, pf, fi)];
                    }
        y[0][at5(Y, px, yi)] = acc;
    }
}

/* MaxPool3D (padding SAME or CALCULATED) and AvgPool3D (pads, count_include_pad); ceil mode
 * through the output's shape. */
static void r_pool3d(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    int p[5];
    const struct proto_attr *df = cattr(c, "data_format"), *pa = cattr(c, "padding");
    fmt_pos5(!df || !strcmp(df->s, "NDHWC"), p);
    bool is_max = !strcmp(c->type, "MaxPool3D"), same = pa && !strcmp(pa->s, "SAME");
    const struct proto_attr *ks = cattr(c, "ksize"), *ss = cattr(c, "strides");
    const struct proto_attr *pads = cattr(c, "pads"), *cip = cattr(c, "count_include_pad");
    const struct proto_attr *dil = cattr(c, "dilation");
    bool incl = !is_max && (!cip || cip->i);
    const struct core_op_val *X = &op->in[0], *Y = &op->out[0];
    int64_t k[3], st[3], lo[3], hi[3], dl[3];
    for (int s = 0; s < 3; s++) {
        k[s] = ks->n == 5 ? ks->ints[p[2 + s]] : ks->ints[s];
        st[s] = ss->n == 5 ? ss->ints[p[2 + s]] : ss->ints[s];
        dl[s] = !dil ? 1 : dil->n == 5 ? dil->ints[p[2 + s]] : dil->ints[s];
        int64_t n = X->dims[p[2 + s]],
                tot = (Y->dims[p[2 + s]] - 1) * st[s] + dl[s] * (k[s] - 1) + 1 - n;
        lo[s] = same ? (tot > 0 ? tot / 2 : 0) : pads ? pads->ints[2 * s] : 0;
        hi[s] = same ? 0 : pads ? pads->ints[2 * s + 1] : 0;
    }
    for (int64_t o = 0; o < numel(Y); o++) {
        int64_t yi[5], r = o;
        for (int d = 4; d >= 0; d--)
            yi[d] = r % Y->dims[p[d]], r /= Y->dims[p[d]];
        double acc = is_max ? -INFINITY : 0;
        int cnt = 0, cntp = 0;
        for (int64_t w = 0; w < k[0] * k[1] * k[2]; w++) {
            int64_t xi[5] = {yi[0], yi[1], 0, 0, 0},
                    off[3] = {w / (k[1] * k[2]), w / k[2] % k[1], w % k[2]};
            bool in = true, inp = true;
            for (int s = 0; s < 3; s++) {
                int64_t v = yi[2 + s] * st[s] - lo[s] + off[s] * dl[s], n = X->dims[p[2 + s]];
                xi[2 + s] = v;
                in = in && v >= 0 && v < n;
                inp = inp && v >= -lo[s] && v < n + hi[s];
            }
            cntp += inp;
            if (!in)
                continue;
            double v = x[0][at5(X, p, xi)];
            acc = is_max ? (v > acc ? v : acc) : acc + v;
            cnt++;
        }
        y[0][at5(Y, p, yi)] = is_max ? acc : acc / (incl ? cntp : cnt);
    }
}

static void r_layer_norm(const struct tcase *c, const struct proto_op *op, double *const *x,
                         double *const *y)
{
    const struct core_op_val *X = &op->in[0];
    int b = (int)cattr(c, "begin_norm_axis")->i;
    if (b < 0)
        b += X->nd;
    double eps = cattr(c, "epsilon") ? cattr(c, "epsilon")->f : 1e-7;
    int64_t inner = 1;
    for (int d = b; d < X->nd; d++)
        inner *= X->dims[d];
    for (int64_t r = 0; r < numel(X) / inner; r++) {
        double m = 0, v = 0;
        for (int64_t i = 0; i < inner; i++)
            m += x[0][r * inner + i];
        m /= (double)inner;
        for (int64_t i = 0; i < inner; i++)
            v += (x[0][r * inner + i] - m) * (x[0][r * inner + i] - m);
        v /= (double)inner;
        for (int64_t i = 0; i < inner; i++)
            y[0][r * inner + i] = (x[0][r * inner + i] - m) / sqrt(v + eps) * x[1][i] + x[2][i];
        y[1][r] = m;
        y[2][r] = v;
    }
}

static void r_rms_norm(const struct tcase *c, const struct proto_op *op, double *const *x,
                       double *const *y)
{
    const struct proto_attr *e = cattr(c, "epsilon");
    double eps = e ? e->f : 1e-6;
    int64_t inner = numel(&op->in[1]);
    for (int64_t r = 0; r < numel(&op->in[0]) / inner; r++) {
        double ms = 0;
        for (int64_t i = 0; i < inner; i++)
            ms += x[0][r * inner + i] * x[0][r * inner + i];
        double rs = 1 / sqrt(ms / (double)inner + eps);
        for (int64_t i = 0; i < inner; i++)
            y[0][r * inner + i] = x[0][r * inner + i] * rs * x[1][i];
        y[1][r] = rs;
    }
}

static void r_cumsum(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    const struct proto_attr *ex = cattr(c, "exclusive"), *rv = cattr(c, "reverse");
    bool excl = ex && ex->i, rev = rv && rv->i;
    const struct core_op_val *X = &op->in[0];
    int ax = axis_of(x[1][0], X->nd);
    int64_t inner = 1, n = X->dims[ax];
    for (int d = ax + 1; d < X->nd; d++)
        inner *= X->dims[d];
    for (int64_t o = 0; o < numel(X) / (n * inner); o++)
        for (int64_t in = 0; in < inner; in++) {
            double acc = 0;
            for (int64_t j = 0; j < n; j++) {
                int64_t k = rev ? n - 1 - j : j, at = (o * n + k) * inner + in;
                if (excl) {
                    y[0][at] = acc;
                    acc += x[0][at];
                } else {
                    acc += x[0][at];
                    y[0][at] = acc;
                }
            }
        }
}

static void r_softmax(const struct tcase *c, const struct proto_op *op, double *const *x,
                      double *const *y)
{
    const struct core_op_val *X = &op->in[0];
    const struct proto_attr *a = cattr(c, "axes");
    int ax = axis_of(a ? (double)a->ints[0] : -1, X->nd);
    int64_t inner = 1, n = X->dims[ax];
    for (int d = ax + 1; d < X->nd; d++)
        inner *= X->dims[d];
    for (int64_t o = 0; o < numel(X) / (n * inner); o++)
        for (int64_t in = 0; in < inner; in++) {
            double mx = -INFINITY, sum = 0;
            for (int64_t k = 0; k < n; k++)
                mx = fmax(mx, x[0][(o * n + k) * inner + in]);
            for (int64_t k = 0; k < n; k++)
                sum += exp(x[0][(o * n + k) * inner + in] - mx);
            for (int64_t k = 0; k < n; k++)
                y[0][(o * n + k) * inner + in] = exp(x[0][(o * n + k) * inner + in] - mx) / sum;
        }
}

static void r_log_softmax(const struct tcase *c, const struct proto_op *op, double *const *x,
                          double *const *y)
{
    r_softmax(c, op, x, y);
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = log(y[0][i]);
}

/* y[i] = x0[src]: each output index idx read from the source index src
 * that map computes (x the inputs as doubles, for const operands). */
typedef void (*index_map)(const struct proto_op *op, double *const *x, const int64_t *idx,
                          int64_t *src);

static void ref_pick(const struct proto_op *op, double *const *x, double *y, index_map map)
{
    const struct core_op_val *X = &op->in[0], *Y = &op->out[0];
    int64_t idx[8] = {0}, src[8] = {0};
    for (int64_t i = 0; i < numel(Y); i++) {
        unravel(i, Y->dims, Y->nd, idx);
        map(op, x, idx, src);
        int64_t off = 0;
        for (int d = 0; d < X->nd; d++)
            off = off * X->dims[d] + src[d];
        y[i] = x[0][off];
    }
}

static void m_tile(const struct proto_op *op, double *const *x, const int64_t *idx, int64_t *src)
{
    (void)x;
    for (int d = 0; d < op->in[0].nd; d++)
        src[d] = idx[d] % op->in[0].dims[d];
}

static void m_slice(const struct proto_op *op, double *const *x, const int64_t *idx, int64_t *src)
{
    for (int d = 0; d < op->in[0].nd; d++)
        src[d] = idx[d] + (int64_t)x[1][d];
}

/* StridedSliceV2 of the case below (x [4, 5]; begin 3, 1; end -5, 10; axes 0, -1; strides
 * -2, 2): by ONNX's rule rows 3, 1 (end -5 is before the start: -1) and columns 1, 3 (end 10
 * clamped to 5). */
static void m_strided(const struct proto_op *op, double *const *x, const int64_t *idx, int64_t *src)
{
    (void)op;
    (void)x;
    src[0] = 3 - 2 * idx[0];
    src[1] = 1 + 2 * idx[1];
}

static void m_transpose(const struct proto_op *op, double *const *x, const int64_t *idx,
                        int64_t *src)
{
    for (int d = 0; d < op->out[0].nd; d++)
        src[(int)x[1][d]] = idx[d];
}

/* GatherV2: x's index with the axis dim taken from indices[idx's middle dims]. */
static void m_gather(const struct proto_op *op, double *const *x, const int64_t *idx, int64_t *src)
{
    const struct core_op_val *X = &op->in[0], *I = &op->in[1];
    int ax = axis_of(x[2][0], X->nd);
    int64_t ioff = 0;
    for (int d = 0; d < I->nd; d++)
        ioff = ioff * I->dims[d] + idx[ax + d];
    int s = 0;
    for (int d = 0; d < ax; d++)
        src[s++] = idx[d];
    src[s++] = (int64_t)x[1][ioff];
    for (int d = ax + I->nd; d < op->out[0].nd; d++)
        src[s++] = idx[d];
}

/* Expand: x's dims aligned to the right of y's, a dim of 1 repeated. */
static void m_expand(const struct proto_op *op, double *const *x, const int64_t *idx, int64_t *src)
{
    (void)x;
    int off = op->out[0].nd - op->in[0].nd;
    for (int d = 0; d < op->in[0].nd; d++)
        src[d] = op->in[0].dims[d] == 1 ? 0 : idx[d + off];
}

/* Fill: every element is value's one element. */
static void r_fill(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    (void)c;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[1][0];
}

/* Range: start + i * delta. */
static void r_range(const struct tcase *c, const struct proto_op *op, double *const *x,
                    double *const *y)
{
    (void)c;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[0][0] + (double)i * x[2][0];
}

/* The index of x (dim n) coordinate a (already less the pad before) reads in a mode, folded
 * one reflection or wrap at a time (the kernel folds with a modulo); -1: the constant. */
static int64_t pad_fold(const char *mode, int64_t a, int64_t n)
{
    while (a < 0 || a >= n) {
        if (!strcmp(mode, "constant"))
            return -1;
        if (!strcmp(mode, "edge"))
            a = a < 0 ? 0 : n - 1;
        else if (!strcmp(mode, "reflect"))
            a = n == 1 ? 0 : a < 0 ? -a : 2 * (n - 1) - a;
        else if (!strcmp(mode, "symmetric"))
            a = a < 0 ? -a - 1 : 2 * n - 1 - a;
        else /* circular */
            a = a < 0 ? a + n : a - n;
    }
    return a;
}

/* PadV3 of a 2-D x: the element of x each coordinate of y maps to in the case's mode, else
 * constant_values' element (zero without it); pads [lo0, hi0, lo1, hi1] (contiguous) or
 * [lo0, lo1, hi0, hi1]. */
static void r_pad(const struct tcase *c, const struct proto_op *op, double *const *x,
                  double *const *y)
{
    const struct proto_attr *ma = cattr(c, "mode"), *ca = cattr(c, "paddings_contiguous");
    const char *mode = ma ? ma->s : "constant";
    bool contig = !ca || ca->i;
    const int64_t *xd = op->in[0].dims, *yd = op->out[0].dims;
    int64_t lo0 = (int64_t)x[1][0], lo1 = (int64_t)(contig ? x[1][2] : x[1][1]);
    for (int64_t i = 0; i < yd[0]; i++)
        for (int64_t j = 0; j < yd[1]; j++) {
            int64_t a = pad_fold(mode, i - lo0, xd[0]), b = pad_fold(mode, j - lo1, xd[1]);
            y[0][i * yd[1] + j] = a >= 0 && b >= 0 ? x[0][a * xd[1] + b]
                                  : op->nin > 2    ? x[2][0]
                                                   : 0.0;
        }
}

/* TopKV2 of a 2-D x along dim 1: each row's k largest (smallest with largest false) by
 * selection, the first index of equal values first; values and indices. */
static void r_top_k(const struct tcase *c, const struct proto_op *op, double *const *x,
                    double *const *y)
{
    (void)c;
    bool largest = true;
    for (int a = 0; a < c->nattr; a++)
        if (!strcmp(c->attr[a].name, "largest"))
            largest = c->attr[a].v.i != 0;
    int64_t r = op->in[0].dims[0], n = op->in[0].dims[1], k = op->out[0].dims[1];
    for (int64_t i = 0; i < r; i++) {
        bool used[64] = {false};
        for (int64_t j = 0; j < k; j++) {
            int64_t best = -1;
            for (int64_t m = 0; m < n; m++) {
                double v = x[0][i * n + m];
                if (!used[m] &&
                    (best < 0 || (largest ? v > x[0][i * n + best] : v < x[0][i * n + best])))
                    best = m;
            }
            used[best] = true;
            y[0][i * k + j] = x[0][i * n + best];
            y[1][i * k + j] = (double)best;
        }
    }
}

/* ---- data-dependent outputs: compact results, the rest of the bound zero ---------------- */

/* NonZero: x's nonzero coordinates in row-major order, [n, rank] or transposed [rank, n]. */
static void r_non_zero(const struct tcase *c, const struct proto_op *op, double *const *x,
                       double *const *y)
{
    const struct proto_attr *t = cattr(c, "transpose");
    bool tr = t && t->i;
    int nd = op->in[0].nd;
    int64_t total = numel(&op->in[0]), n = 0;
    for (int64_t i = 0; i < total; i++)
        n += x[0][i] != 0;
    for (int64_t i = 0, j = 0; i < total; i++) {
        if (x[0][i] == 0)
            continue;
        int64_t rest = i;
        for (int d = nd - 1; d >= 0; d--) {
            y[0][tr ? d * n + j : j * nd + d] = (double)(rest % op->in[0].dims[d]);
            rest /= op->in[0].dims[d];
        }
        j++;
    }
}

/* MaskedSelect of x [r, m] with mask [m] (broadcast over the rows). */
static void r_masked_select(const struct tcase *c, const struct proto_op *op, double *const *x,
                            double *const *y)
{
    (void)c;
    int64_t total = numel(&op->in[0]), m = op->in[1].dims[0], n = 0;
    for (int64_t i = 0; i < total; i++)
        if (x[1][i % m] != 0)
            y[0][n++] = x[0][i];
}

/* Unique over all elements (sorted, or in order of first occurrence): y, the inverse, the
 * counts, by a quadratic search. */
static void r_unique(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    const struct proto_attr *s = cattr(c, "sorted");
    bool sorted = !s || s->i;
    int64_t n = numel(&op->in[0]), k = 0;
    for (int64_t i = 0; i < n; i++) {
        bool seen = false;
        for (int64_t j = 0; j < k && !seen; j++)
            seen = y[0][j] == x[0][i];
        if (!seen)
            y[0][k++] = x[0][i];
    }
    for (int64_t a = 0; sorted && a < k; a++) /* selection sort of the k values */
        for (int64_t b = a + 1; b < k; b++)
            if (y[0][b] < y[0][a]) {
                double t = y[0][a];
                y[0][a] = y[0][b];
                y[0][b] = t;
            }
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < k; j++)
            if (y[0][j] == x[0][i]) {
                y[1][i] = (double)j;
                y[2][j] += 1;
            }
}

/* UniqueDim of a 2-d x along dim 1: its distinct columns in lexicographic order. */
static void r_unique_dim(const struct tcase *c, const struct proto_op *op, double *const *x,
                         double *const *y)
{
    (void)c;
    int64_t r = op->in[0].dims[0], n = op->in[0].dims[1], k = 0, col[16];
    for (int64_t j = 0; j < n; j++) {
        int64_t at = 0; /* where column j goes among the distinct ones kept so far */
        bool dup = false;
        for (; at < k; at++) {
            int cmp = 0;
            for (int64_t i = 0; i < r && !cmp; i++)
                cmp = (x[0][i * n + j] > x[0][i * n + col[at]]) -
                      (x[0][i * n + j] < x[0][i * n + col[at]]);
            if (cmp <= 0) {
                dup = cmp == 0;
                break;
            }
        }
        if (dup)
            continue;
        memmove(col + at + 1, col + at, (size_t)(k - at) * sizeof(col[0]));
        col[at] = j;
        k++;
    }
    for (int64_t p = 0; p < k; p++)
        for (int64_t i = 0; i < r; i++)
            y[0][i * k + p] = x[0][i * n + col[p]];
    for (int64_t j = 0; j < n; j++)
        for (int64_t p = 0; p < k; p++) {
            bool eq = true;
            for (int64_t i = 0; i < r && eq; i++)
                eq = x[0][i * n + j] == x[0][i * n + col[p]];
            if (eq) {
                y[1][j] = (double)p;
                y[2][p] += 1;
            }
        }
}

/* NonMaxSuppressionV6 of one batch and class, corner boxes, iou threshold 0 (any overlap
 * suppresses), max_output_size from the case: greedy by descending score. */
static void r_nms(const struct tcase *c, const struct proto_op *op, double *const *x,
                  double *const *y)
{
    (void)c;
    int64_t nb = op->in[0].dims[1], max = (int64_t)x[2][0], kept[16], nk = 0;
    bool used[16] = {false};
    while (nk < max) {
        int64_t best = -1;
        for (int64_t i = 0; i < nb; i++)
            if (!used[i] && (best < 0 || x[1][i] > x[1][best]))
                best = i;
        if (best < 0)
            break;
        used[best] = true;
        const double *b = &x[0][best * 4];
        bool drop = false;
        for (int64_t j = 0; j < nk && !drop; j++) {
            const double *o = &x[0][kept[j] * 4];
            drop = fmin(b[2], o[2]) > fmax(b[0], o[0]) && fmin(b[3], o[3]) > fmax(b[1], o[1]);
        }
        if (!drop) {
            y[0][nk * 3 + 2] = (double)best;
            kept[nk++] = best;
        }
    }
}

#define R_PICK(name, map) R_WITH(name, ref_pick, map)
R_PICK(r_expand, m_expand)
R_PICK(r_tile, m_tile)
R_PICK(r_slice, m_slice)
R_PICK(r_strided, m_strided)
R_PICK(r_transpose, m_transpose)
R_PICK(r_gather, m_gather)

#define F32(...)                                                                                   \
    {                                                                                              \
        ACL_FLOAT, SHAPE(__VA_ARGS__)                                                              \
    }
#define NONE                                                                                       \
    {                                                                                              \
        .absent = true                                                                             \
    }
#define NOATTR                                                                                     \
    0,                                                                                             \
    {                                                                                              \
        {                                                                                          \
            0                                                                                      \
        }                                                                                          \
    }

/* Aipp: an RGB888 2x2 source, no stage on, variance reciprocals 1.0 (the
 * block of docs/aipp.md: format byte 0, batch byte 4, source W and H at 8 and
 * 12, the image's float16 variance reciprocals at 64 + 72): the output is
 * the image, NHWC uint8 to NCHW float32. */
static int64_t g_aipp_block[64 + 96];
static void aipp_block(void)
{
    g_aipp_block[0] = 3;
    g_aipp_block[4] = 1;
    g_aipp_block[8] = 2;
    g_aipp_block[12] = 2;
    for (int c = 0; c < 4; c++)
        g_aipp_block[64 + 72 + 2 * c + 1] = 0x3C; /* 1.0 = 0x3C00, little-endian */
}

/* Resize, for the two cases below: nearest with asymmetric coordinates and floor (y[o] =
 * x[floor(o / scale)]), or linear with align_corners (x' = o (in - 1) / (out - 1)); the
 * last two dims of a 4-d x, the others kept. */
static void r_resize(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    const struct core_op_val *X = &op->in[0], *Y = &op->out[0];
    const struct proto_attr *m = cattr(c, "mode");
    bool linear = m && !strcmp(m->s, "linear");
    int64_t planes = X->dims[0] * X->dims[1], h = X->dims[2], w = X->dims[3];
    int64_t oh = Y->dims[2], ow = Y->dims[3];
    for (int64_t p = 0; p < planes; p++)
        for (int64_t i = 0; i < oh; i++)
            for (int64_t j = 0; j < ow; j++) {
                const double *src = x[0] + p * h * w;
                double v;
                if (!linear) {
                    v = src[(i * h / oh) * w + j * w / ow]; /* scales = out / in here */
                } else {
                    double yi = oh > 1 ? (double)i * (h - 1) / (oh - 1) : 0;
                    double xj = ow > 1 ? (double)j * (w - 1) / (ow - 1) : 0;
                    int64_t y0 = (int64_t)floor(yi), x0 = (int64_t)floor(xj);
                    int64_t y1 = y0 + 1 < h ? y0 + 1 : y0, x1 = x0 + 1 < w ? x0 + 1 : x0;
                    double ty = yi - y0, tx = xj - x0;
                    v = (src[y0 * w + x0] * (1 - tx) + src[y0 * w + x1] * tx) * (1 - ty) +
                        (src[y1 * w + x0] * (1 - tx) + src[y1 * w + x1] * tx) * ty;
                }
                y[0][(p * oh + i) * ow + j] = v;
            }
}

/* GridSampler2D, bilinear, zeros padding, align_corners false: each grid point (gx, gy)
 * at pixel ((gx + 1) w - 1) / 2, ((gy + 1) h - 1) / 2, taps outside the image read 0. */
static void r_grid_sampler(const struct tcase *c, const struct proto_op *op, double *const *x,
                           double *const *y)
{
    (void)c;
    const struct core_op_val *X = &op->in[0], *G = &op->in[1];
    int64_t n = X->dims[0], ch = X->dims[1], h = X->dims[2], w = X->dims[3];
    int64_t oh = G->dims[1], ow = G->dims[2];
    for (int64_t b = 0; b < n; b++)
        for (int64_t k = 0; k < ch; k++)
            for (int64_t p = 0; p < oh * ow; p++) {
                const double *g = x[1] + (b * oh * ow + p) * 2;
                double px = ((g[0] + 1) * w - 1) / 2, py = ((g[1] + 1) * h - 1) / 2, v = 0;
                int64_t x0 = (int64_t)floor(px), y0 = (int64_t)floor(py);
                for (int dy = 0; dy < 2; dy++)
                    for (int dx = 0; dx < 2; dx++) {
                        int64_t xx = x0 + dx, yy = y0 + dy;
                        double wt = (dx ? px - x0 : 1 - (px - x0)) * (dy ? py - y0 : 1 - (py - y0));
                        if (xx >= 0 && xx < w && yy >= 0 && yy < h)
                            v += wt * x[0][((b * ch + k) * h + yy) * w + xx];
                    }
                y[0][(b * ch + k) * oh * ow + p] = v;
            }
}

/* LogMatrixDeterminant of 3 x 3 matrices: the rule of Sarrus; sign and log |det|. */
static void r_log_det(const struct tcase *c, const struct proto_op *op, double *const *x,
                      double *const *y)
{
    (void)c;
    for (int64_t b = 0; b < op->in[0].dims[0]; b++) {
        const double *m = x[0] + b * 9;
        double d = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                   m[2] * (m[3] * m[7] - m[4] * m[6]);
        y[0][b] = d > 0 ? 1 : d < 0 ? -1 : 0;
        y[1][b] = log(fabs(d));
    }
}

static void r_aipp(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    (void)c;
    (void)op;
    for (int ch = 0; ch < 3; ch++)
        for (int i = 0; i < 4; i++)
            y[0][ch * 4 + i] = x[0][i * 3 + ch];
}

/* ---- the gradient, loss-gradient and clamp types (grad.c, loss.c, elementwise.c) ------ */

static double f_sigmoid_grad(double y, double dy)
{
    return dy * y * (1 - y);
}
static double f_relu_grad(double g, double f)
{
    return f > 0 ? g : 0;
}
static double f_relu6_grad(double g, double f)
{
    return f > 0 && f < 6 ? g : 0;
}
static double f_elu_grad(double g, double a)
{
    return a > 0 ? g : g * (a + 1);
}
static double f_softplus_grad(double g, double f)
{
    return g / (1 + exp(-f));
}
static double f_selu_grad(double g, double o)
{
    const double alpha = 1.6732632423543772848170429916717, scale = 1.0507009873554804934193349852946;
    return o > 0 ? g * scale : g * (o + scale * alpha);
}
static double f_sqrt_grad(double y, double dy)
{
    return dy / (2 * y);
}
static double f_acos_grad(double y, double dy)
{
    return -dy / sqrt(1 - y * y);
}
static double f_asin_grad(double y, double dy)
{
    return dy / sqrt(1 - y * y);
}
static double f_acosh_grad(double y, double dy)
{
    return dy / sinh(y);
}
static double f_asinh_grad(double y, double dy)
{
    return dy / cosh(y);
}
R_BIN(r_sigmoid_grad, f_sigmoid_grad)
R_BIN(r_relu_grad, f_relu_grad)
R_BIN(r_relu6_grad, f_relu6_grad)
R_BIN(r_elu_grad, f_elu_grad)
R_BIN(r_softplus_grad, f_softplus_grad)
R_BIN(r_selu_grad, f_selu_grad)
R_BIN(r_sqrt_grad, f_sqrt_grad)
R_BIN(r_acos_grad, f_acos_grad)
R_BIN(r_asin_grad, f_asin_grad)
R_BIN(r_acosh_grad, f_acosh_grad)
R_BIN(r_asinh_grad, f_asinh_grad)
R_UN(r_log1p, log1p)

/* Relu6 / Relu6D: min(max(x, 0), 6 * scale). */
static void r_relu6(const struct tcase *c, const struct proto_op *op, double *const *x,
                    double *const *y)
{
    const struct proto_attr *s = cattr(c, "scale");
    double hi = 6 * (s ? s->f : 1.0);
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[0][i] < 0 ? 0 : x[0][i] > hi ? hi : x[0][i];
}

/* Celu: max(0, x) + min(0, a * (exp(x / a) - 1)). */
static void r_celu(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    const struct proto_attr *s = cattr(c, "alpha1");
    double a = s ? s->f : 1.0;
    for (int64_t i = 0; i < numel(&op->out[0]); i++) {
        double v = x[0][i], n = a * (exp(v / a) - 1);
        y[0][i] = (v > 0 ? v : 0) + (n < 0 ? n : 0);
    }
}

/* Assign: the output is value. */
static void r_assign(const struct tcase *c, const struct proto_op *op, double *const *x,
                     double *const *y)
{
    (void)c;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[1][i];
}

/* SmoothL1LossGrad: d = predict - label; dout * (|d| < sigma ? d / sigma : sign(d)). */
static void r_smooth_l1_grad(const struct tcase *c, const struct proto_op *op, double *const *x,
                             double *const *y)
{
    const struct proto_attr *s = cattr(c, "sigma");
    double sg = s ? s->f : 1.0;
    for (int64_t i = 0; i < numel(&op->out[0]); i++) {
        double d = x[0][i] - x[1][i];
        double g = fabs(d) < sg ? d / sg : (d > 0) - (d < 0);
        y[0][i] = g * x[2][numel(&op->in[2]) == 1 ? 0 : i];
    }
}

/* SoftMarginLossGrad: -label * sigmoid(-label * predict) * dout (mean: / N). */
static void r_soft_margin_grad(const struct tcase *c, const struct proto_op *op, double *const *x,
                               double *const *y)
{
    const struct proto_attr *r = cattr(c, "reduction");
    const char *red = r ? r->s : "mean";
    int64_t n = numel(&op->out[0]);
    for (int64_t i = 0; i < n; i++) {
        double p = x[0][i], l = x[1][i], e = exp(-l * p);
        double g = -l * e / (1 + e) * x[2][numel(&op->in[2]) == 1 ? 0 : i];
        y[0][i] = !strcmp(red, "mean") ? g / (double)n : g;
    }
}

/* AddMatMatElements(Plus): c * beta + alpha * a * b. */
static void r_add_mat_mat(const struct tcase *c, const struct proto_op *op, double *const *x,
                          double *const *y)
{
    (void)c;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[0][i] * x[3][0] + x[4][0] * x[1][i] * x[2][i];
}

/* ClipByValueV2: min(max(x, lo), hi), the bounds broadcast. */
static double f_clip_lo(double a, double b)
{
    return a > b ? a : b;
}
static void r_clip(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    (void)c;
    const struct core_op_val *o = &op->out[0];
    int64_t idx[8];
    for (int64_t i = 0; i < numel(o); i++) {
        unravel(i, o->dims, o->nd, idx);
        double v = f_clip_lo(x[0][i], x[1][bcast_off(&op->in[1], idx, o->nd)]);
        double hi = x[2][bcast_off(&op->in[2], idx, o->nd)];
        y[0][i] = v < hi ? v : hi;
    }
}

static double f_hard_sigmoid(double v)
{
    double r = v / 6 + 0.5;
    return r < 0 ? 0 : r > 1 ? 1 : r;
}
R_UN(r_hard_sigmoid, f_hard_sigmoid)

/* SigmoidCrossEntropyWithLogitsGrad: (sigmoid(predict) - target) * dout. */
static void r_sce_grad(const struct tcase *c, const struct proto_op *op, double *const *x,
                       double *const *y)
{
    (void)c;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = (1 / (1 + exp(-x[0][i])) - x[1][i]) * x[2][i];
}

/* Threshold: 1 where x > threshold, else 0. */
static void r_threshold(const struct tcase *c, const struct proto_op *op, double *const *x,
                        double *const *y)
{
    const struct proto_attr *s = cattr(c, "threshold");
    double th = s ? s->f : 0.0;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[0][i] > th;
}

/* AtanGrad, InvGrad, ApplyGradientDescent, ApproximateEqual. */
static double f_atan_grad(double y, double dy)
{
    return dy / (1 + y * y);
}
static double f_inv_grad(double x, double g)
{
    return -g * x * x;
}
R_BIN(r_atan_grad, f_atan_grad)
R_BIN(r_inv_grad, f_inv_grad)
static void r_apply_gd(const struct tcase *c, const struct proto_op *op, double *const *x,
                       double *const *y)
{
    (void)c;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = x[0][i] - x[1][0] * x[2][i];
}
static void r_approx_eq(const struct tcase *c, const struct proto_op *op, double *const *x,
                        double *const *y)
{
    const struct proto_attr *s = cattr(c, "tolerance");
    double tol = s ? s->f : 1e-5;
    for (int64_t i = 0; i < numel(&op->out[0]); i++)
        y[0][i] = fabs(x[0][i] - x[1][i]) < tol;
}

static const struct tcase g_cases[] = {
    {"ApplyGradientDescent", 3, {F32(2, 3), F32(), F32(2, 3)}, NOATTR, r_apply_gd, 1e-6},
    {"ApproximateEqual", 2, {F32(12), F32(12)}, 1, {AFLOAT("tolerance", 0.5)}, r_approx_eq, 0},
    {"ApproximateEqual", 2, {{ACL_INT32, SHAPE(12)}, {ACL_INT32, SHAPE(12)}}, 1,
     {AFLOAT("tolerance", 2)}, r_approx_eq, 0, RANGE(-3, 3)},
    {"AtanGrad", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_atan_grad, 1e-6},
    {"InvGrad", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_inv_grad, 1e-6},
    {"InvGrad", 2, {{ACL_INT32, SHAPE(6)}, {ACL_INT32, SHAPE(6)}}, NOATTR, r_inv_grad, 0,
     RANGE(-5, 5)},
    {"AddMatMatElements", 5, {F32(2, 3), F32(2, 3), F32(2, 3), F32(1), F32(1)}, NOATTR,
     r_add_mat_mat, 1e-6},
    {"AddMatMatElementsPlus", 5, {F32(3, 4), F32(3, 4), F32(3, 4), F32(), F32(1, 1)}, NOATTR,
     r_add_mat_mat, 1e-6},
    {"ClipByValueV2", 3, {F32(2, 3), F32(), F32(3)}, NOATTR, r_clip, 0},
    {"ClipByValueV2", 3, {{ACL_INT32, SHAPE(2, 3)}, {ACL_INT32, SHAPE(1)}, {ACL_INT32, SHAPE(2, 1)}},
     NOATTR, r_clip, 0, RANGE(-5, 5)},
    {"HardSigmoid", 1, {F32(10)}, NOATTR, r_hard_sigmoid, 1e-6, RANGE(-5, 5)},
    {"SigmoidCrossEntropyWithLogitsGrad", 3, {F32(2, 4), F32(2, 4), F32(2, 4)}, NOATTR, r_sce_grad,
     1e-6},
    {"Threshold", 1, {F32(10)}, 1, {AFLOAT("threshold", 0.5)}, r_threshold, 0},
    {"AcosGrad", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_acos_grad, 1e-5, RANGE(-0.9, 0.9)},
    {"AcoshGrad", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_acosh_grad, 1e-5, RANGE(0.5, 2)},
    {"AsinGrad", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_asin_grad, 1e-5, RANGE(-0.9, 0.9)},
    {"AsinhGrad", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_asinh_grad, 1e-5},
    {"Assign", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_assign, 0},
    {"Assign", 2, {{ACL_INT32, SHAPE(2, 3)}, {ACL_INT32, SHAPE(3)}}, 1,
     {ABOOL("validate_shape", 0)}, r_assign, 0},
    {"BNLL", 1, {F32(8)}, NOATTR, r_softplus, 1e-5, RANGE(-6, 6)},
    {"Celu", 1, {F32(8)}, NOATTR, r_celu, 1e-5},
    {"Celu", 1, {F32(8)}, 3, {AFLOAT("alpha1", 0.5), AFLOAT("alpha2", 0.5), AFLOAT("alpha3", 0.5)},
     r_celu, 1e-5},
    {"EluGrad", 2, {F32(2, 4), F32(2, 4)}, NOATTR, r_elu_grad, 1e-6, RANGE(-0.99, 2)},
    {"Log1pV2", 1, {F32(6)}, NOATTR, r_log1p, 1e-6, RANGE(-0.9, 3)},
    {"Relu6", 1, {F32(12)}, NOATTR, r_relu6, 0, RANGE(-3, 9)},
    {"Relu6", 1, {{ACL_INT32, SHAPE(12)}}, NOATTR, r_relu6, 0, RANGE(-3, 9)},
    {"Relu6D", 1, {F32(3, 4)}, 1, {AFLOAT("scale", 0.5)}, r_relu6, 0, RANGE(-3, 9)},
    {"Relu6Grad", 2, {F32(2, 6), F32(2, 6)}, NOATTR, r_relu6_grad, 0, RANGE(-3, 9)},
    {"ReluGrad", 2, {F32(2, 4), F32(2, 4)}, NOATTR, r_relu_grad, 0},
    {"SeluGrad", 2, {F32(2, 4), F32(2, 4)}, NOATTR, r_selu_grad, 1e-6, RANGE(-1.5, 2)},
    {"SigmoidGrad", 2, {F32(2, 4), F32(2, 4)}, NOATTR, r_sigmoid_grad, 1e-6, RANGE(0, 1)},
    {"SmoothL1LossGrad", 3, {F32(2, 4), F32(2, 4), F32(2, 4)}, NOATTR, r_smooth_l1_grad, 1e-6},
    {"SmoothL1LossGrad", 3, {F32(2, 4), F32(2, 4), F32(2, 4)}, 1, {AFLOAT("sigma", 0.5)},
     r_smooth_l1_grad, 1e-6},
    {"SoftMarginLossGrad", 3, {F32(2, 4), F32(2, 4), F32()}, NOATTR, r_soft_margin_grad, 1e-6},
    {"SoftMarginLossGrad", 3, {F32(2, 4), F32(2, 4), F32(2, 4)}, 1, {ASTR("reduction", "none")},
     r_soft_margin_grad, 1e-6},
    {"SoftplusGrad", 2, {F32(2, 4), F32(2, 4)}, NOATTR, r_softplus_grad, 1e-6, RANGE(-5, 5)},
    {"SqrtGrad", 2, {F32(2, 4), F32(2, 4)}, NOATTR, r_sqrt_grad, 1e-6, RANGE(0.5, 2)},
    {"Abs", 1, {F32(3, 4)}, NOATTR, r_abs, 0},
    {"Acos", 1, {F32(6)}, NOATTR, r_acos, 1e-6, RANGE(-0.9, 0.9)},
    {"Acosh", 1, {F32(6)}, NOATTR, r_acosh, 1e-6, RANGE(1.1, 3)},
    {"ArgMin", 2, {F32(3, 5), {ACL_INT32, SHAPE(1), CV(1)}}, NOATTR, r_argmax, 0},
    {"Asin", 1, {F32(6)}, NOATTR, r_asin, 1e-6, RANGE(-0.9, 0.9)},
    {"Asinh", 1, {F32(6)}, NOATTR, r_asinh, 1e-6},
    {"Atan", 1, {F32(6)}, NOATTR, r_atan, 1e-6},
    {"Atanh", 1, {F32(6)}, NOATTR, r_atanh, 1e-6, RANGE(-0.9, 0.9)},
    {"Ceil", 1, {F32(6)}, NOATTR, r_ceil, 0},
    {"Conv2DTranspose",
     3,
     {{ACL_INT64, SHAPE(4), CV(1, 2, 5, 5)}, F32(1, 3, 3, 3), F32(3, 2, 3, 3)},
     4,
     {AINTS("strides", 1, 1, 2, 2), AINTS("pads", 1, 1, 1, 1), ASTR("data_format", "NCHW"),
      AINTS("output_padding", 0, 0, 0, 0)},
     r_convt,
     1e-5},
    {"Conv3DTranspose",
     3,
     {{ACL_INT64, SHAPE(5), CV(1, 2, 4, 4, 4)}, F32(1, 2, 2, 2, 2), F32(2, 2, 2, 2, 2)},
     4,
     {AINTS("strides", 1, 1, 2, 2, 2), AINTS("pads", 0, 0, 0, 0, 0, 0),
      ASTR("data_format", "NCDHW"), AINTS("output_padding", 0, 0, 0, 0, 0)},
     r_convt,
     1e-5},
    {"Cosh", 1, {F32(6)}, NOATTR, r_cosh, 1e-6},
    {"Erf", 1, {F32(6)}, NOATTR, r_erf, 1e-6},
    {"Floor", 1, {F32(6)}, NOATTR, r_floor, 0},
    {"FloorMod",
     2,
     {{ACL_INT32, SHAPE(3, 4)}, {ACL_INT32, SHAPE(4)}},
     NOATTR,
     r_floormod,
     0,
     RANGE(1, 9)},
    {"FloorMod", 2, {F32(3, 4), F32(4)}, NOATTR, r_floormod, 1e-5, RANGE(0.5, 3)},
    {"GatherElements",
     2,
     {F32(3, 4), {ACL_INT64, SHAPE(2, 4), CV(0, 2, 1, 0, 2, 2, 0, 1)}},
     1,
     {AINT("dim", 0)},
     r_gather_el,
     0},
    {"Greater", 2, {F32(3, 4), F32(4)}, NOATTR, r_gt, 0},
    {"GreaterEqual", 2, {{ACL_INT32, SHAPE(3, 4)}, {ACL_INT32, SHAPE(4)}}, NOATTR, r_ge, 0},
    {"IsNan", 1, {F32(6)}, NOATTR, r_isnan, 0},
    {"IsNegInf", 1, {F32(6)}, NOATTR, r_neginf, 0},
    {"IsPosInf", 1, {F32(6)}, NOATTR, r_posinf, 0},
    {"LeftShift", 2, {{ACL_INT32, SHAPE(6)}, {ACL_INT32, SHAPE(6)}}, NOATTR, r_shl, 0, RANGE(0, 9)},
    {"Less", 2, {F32(3, 4), F32(4)}, NOATTR, r_lt, 0},
    {"LessEqual", 2, {{ACL_INT32, SHAPE(3, 4)}, {ACL_INT32, SHAPE(3, 1)}}, NOATTR, r_le, 0},
    {"LogicalAnd", 2, {{ACL_BOOL, SHAPE(3, 4)}, {ACL_BOOL, SHAPE(4)}}, NOATTR, r_and, 0},
    {"LogicalNot", 1, {{ACL_BOOL, SHAPE(6)}}, NOATTR, r_not, 0},
    {"LogicalOr", 2, {{ACL_BOOL, SHAPE(3, 4)}, {ACL_BOOL, SHAPE(4)}}, NOATTR, r_or, 0},
    {"NLLLoss",
     3,
     {F32(4, 3), {ACL_INT64, SHAPE(4), CV(0, 2, 1, 2)}, {ACL_FLOAT, SHAPE(3), CV(1, 2, 3)}},
     NOATTR,
     r_nll,
     1e-5},
    {"NotEqual", 2, {{ACL_INT32, SHAPE(3, 4)}, {ACL_INT32, SHAPE(4)}}, NOATTR, r_ne, 0},
    {"OneHot",
     4,
     {{ACL_INT64, SHAPE(4), CV(0, 3, 1, 5)},
      {ACL_INT32, SHAPE(), CV(4)},
      {ACL_FLOAT, SHAPE(), CV(2)},
      {ACL_FLOAT, SHAPE(), CV(-1)}},
     NOATTR,
     r_one_hot,
     0},
    {"ReduceMax",
     2,
     {F32(2, 3, 4), {ACL_INT64, SHAPE(2), CV(0, 2)}},
     1,
     {ABOOL("keep_dims", 1)},
     r_reduce,
     0},
    {"ReduceMin", 2, {F32(2, 3, 4), {ACL_INT64, SHAPE(1), CV(-1)}}, NOATTR, r_reduce, 0},
    {"ReduceProd", 2, {F32(2, 3, 4), {ACL_INT64, SHAPE(1), CV(1)}}, NOATTR, r_reduce, 1e-5},
    {"ReduceProd", 2, {F32(2, 3), {ACL_INT64, SHAPE(2), CV(0, 1)}}, NOATTR, r_reduce, 1e-5},
    {"RightShift",
     2,
     {{ACL_INT32, SHAPE(6)}, {ACL_INT32, SHAPE(6)}},
     NOATTR,
     r_shr,
     0,
     RANGE(0, 9)},
    {"Round", 1, {F32(6)}, NOATTR, r_round, 0},
    {"ScatterElements",
     3,
     {F32(3, 4), {ACL_INT64, SHAPE(1, 4), CV(2, 0, 1, 2)}, F32(1, 4)},
     1,
     {AINT("axis", 0)},
     r_scatter_el,
     0},
    {"SelectV2", 3, {{ACL_BOOL, SHAPE(3, 1)}, F32(3, 4), F32(4)}, NOATTR, r_select, 0},
    {"Shrink", 1, {F32(8)}, 2, {AFLOAT("lambd", 0.5), AFLOAT("bias", 0.25)}, r_shrink, 1e-6},
    {"Sign", 1, {{ACL_INT32, SHAPE(6)}}, NOATTR, r_sign, 0},
    {"Sinh", 1, {F32(6)}, NOATTR, r_sinh, 1e-6},
    {"Softsign", 1, {F32(6)}, NOATTR, r_softsign, 1e-6},
    {"SoftsignGrad", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_softsign_grad, 1e-6},
    {"Selu", 1, {F32(7)}, NOATTR, r_selu, 1e-6},
    {"Inv", 1, {F32(5)}, NOATTR, r_inv, 1e-6, RANGE(0.2, 3)},
    {"Reciprocal", 1, {F32(5)}, NOATTR, r_inv, 1e-6, RANGE(0.2, 3)},
    {"Tan", 1, {F32(6)}, NOATTR, r_tan, 1e-5, RANGE(-1, 1)},
    {"Tril", 1, {F32(2, 3, 4)}, 1, {AINT("diagonal", 1)}, r_tri, 0},
    /* Trilu: k absent, a const, fed at run time (read at each launch; beyond the matrix) */
    {"Trilu", 1, {F32(2, 3, 4)}, 1, {AINT("upper", 1)}, r_tri, 0},
    {"Trilu", 2, {F32(3, 5), {ACL_INT64, SHAPE(), CV(-1)}}, NOATTR, r_tri, 0},
    {"Trilu",
     2,
     {{ACL_DOUBLE, SHAPE(3, 4)}, {ACL_INT32, SHAPE(1), CV(1)}},
     1,
     {AINT("upper", 1)},
     r_tri,
     0},
    {"Trilu",
     2,
     {{ACL_BOOL, SHAPE(4, 4)}, {ACL_INT64, SHAPE(), .rval = (const int64_t[]){-1}}},
     NOATTR,
     r_tri,
     0},
    {"Trilu",
     2,
     {{ACL_INT32, SHAPE(2, 4, 3)}, {ACL_INT64, SHAPE(), .rval = (const int64_t[]){1}}},
     1,
     {AINT("upper", 1)},
     r_tri,
     0,
     RANGE(-9, 9)},
    {"Trilu",
     2,
     {F32(4, 5), {ACL_INT32, SHAPE(1), .rval = (const int64_t[]){-2}}},
     NOATTR,
     r_tri,
     0},
    {"Trilu",
     2,
     {F32(4, 5), {ACL_INT64, SHAPE(), .rval = (const int64_t[]){7}}},
     1,
     {AINT("upper", 1)},
     r_tri,
     0},
    {"Trilu",
     2,
     {F32(3, 0, 5), {ACL_INT64, SHAPE(), .rval = (const int64_t[]){0}}},
     NOATTR,
     r_tri,
     0},
    {"Triu", 1, {{ACL_INT32, SHAPE(4, 3)}}, 1, {AINT("diagonal", -1)}, r_tri, 0},
    {"TruncateMod", 2, {F32(3, 4), F32(4)}, NOATTR, r_truncmod, 1e-5, RANGE(0.5, 3)},
    {"Add", 2, {F32(2, 3), F32(3)}, NOATTR, r_add, 1e-6},
    {"AddV2", 2, {F32(2, 3), F32(3)}, NOATTR, r_add, 1e-6},
    {"Add",
     2,
     {{ACL_INT32, SHAPE(4, 1)}, {ACL_INT32, SHAPE(1, 5)}},
     NOATTR,
     r_add,
     0,
     RANGE(-50, 50)},
    {"Aipp",
     2,
     {{ACL_UINT8, SHAPE(1, 2, 2, 3)}, {ACL_UINT8, SHAPE(160), .cval = g_aipp_block}},
     NOATTR,
     r_aipp,
     0,
     0,
     255,
     {ACL_FLOAT, SHAPE(1, 3, 2, 2), .fmt = ACL_FORMAT_NCHW}},
    {"ArgMaxV2", 2, {F32(3, 5), {ACL_INT32, SHAPE(1), CV(1)}}, NOATTR, r_argmax, 0},
    {"ArgMaxV2",
     2,
     {F32(4, 2, 3), {ACL_INT64, SHAPE(), CV(0)}},
     1,
     {ATYPE("dtype", ACL_INT32)},
     r_argmax,
     0},
    {"AvgPool",
     1,
     {F32(1, 2, 5, 5)},
     4,
     {AINTS("ksize", 1, 1, 2, 2), AINTS("strides", 1, 1, 2, 2), ASTR("padding", "VALID"),
      ASTR("data_format", "NCHW")},
     r_pool,
     1e-5},
    {"AvgPool",
     1,
     {F32(2, 5, 5, 3)},
     3,
     {AINTS("ksize", 1, 3, 3, 1), AINTS("strides", 1, 2, 2, 1), ASTR("padding", "SAME")},
     r_pool,
     1e-5},
    {"AvgPool3D",
     1,
     {F32(1, 2, 3, 4, 4)},
     5,
     {AINTS("ksize", 2, 2, 2), AINTS("strides", 1, 2, 2), AINTS("pads", 1, 0, 1, 1, 0, 1),
      ABOOL("ceil_mode", 1), ASTR("data_format", "NCDHW")},
     r_pool3d,
     1e-5},
    {"AvgPool3D",
     1,
     {F32(1, 3, 4, 4, 2)},
     4,
     {AINTS("ksize", 1, 2, 2, 2, 1), AINTS("strides", 1, 1, 2, 2, 1),
      AINTS("pads", 0, 1, 1, 0, 0, 0), ABOOL("count_include_pad", 0)},
     r_pool3d,
     1e-5},
    {"BatchMatMul", 2, {F32(2, 3, 4), F32(2, 5, 4)}, 1, {ABOOL("adj_x2", 1)}, r_matmul, 1e-5},
    {"BatchMatMulV2",
     3,
     {F32(2, 3, 4), F32(3, 5), F32(5)},
     1,
     {ABOOL("adj_x1", 1)},
     r_matmul,
     1e-5},
    {"BiasAdd", 2, {F32(2, 3, 2, 2), F32(3)}, 1, {ASTR("data_format", "NCHW")}, r_bias_add, 1e-6},
    {"BiasAdd", 2, {F32(2, 4), F32(4)}, 1, {ASTR("data_format", "NHWC")}, r_bias_add, 1e-6},
    {"Cast", 1, {F32(7)}, 1, {AINT("dst_type", ACL_FLOAT16)}, r_id, 1e-3},
    {"Cast",
     1,
     {{ACL_INT32, SHAPE(2, 2)}},
     1,
     {AINT("dst_type", ACL_FLOAT)},
     r_id,
     0,
     RANGE(-9, 9)},
    {"ConcatD", 3, {F32(2, 1), F32(2, 3), F32(2, 2)}, 1, {AINT("concat_dim", -1)}, r_concat, 0},
    {"ConcatV2", 3, {F32(1, 3), F32(2, 3), {ACL_INT32, SHAPE(), CV(0)}}, NOATTR, r_concat, 0},
    {"Conv2D",
     2,
     {F32(1, 2, 5, 5), F32(3, 2, 3, 3)},
     3,
     {AINTS("strides", 1, 1, 1, 1), AINTS("pads", 1, 1, 1, 1), ASTR("data_format", "NCHW")},
     r_conv,
     1e-5},
    {"Conv2D",
     3,
     {F32(2, 6, 6, 3), {ACL_FLOAT, SHAPE(3, 3, 3, 4), .fmt = ACL_FORMAT_HWCN}, F32(4)},
     2,
     {AINTS("strides", 1, 2, 2, 1), AINTS("pads", 0, 0, 0, 0)},
     r_conv,
     1e-5},
    {"Conv3D",
     3,
     {F32(1, 2, 3, 4, 4), F32(3, 2, 2, 3, 3), F32(3)},
     3,
     {AINTS("strides", 1, 1, 1, 2, 1), AINTS("pads", 0, 0, 1, 1, 1, 1),
      ASTR("data_format", "NCDHW")},
     r_conv3d,
     1e-5},
    {"Conv3D",
     2,
     {F32(1, 3, 4, 4, 2), {ACL_FLOAT, SHAPE(2, 2, 2, 2, 2), .fmt = ACL_FORMAT_NDHWC}},
     2,
     {AINTS("strides", 1, 1, 2, 1, 1), AINTS("pads", 1, 1, 0, 0, 0, 0)},
     r_conv3d,
     1e-5},
    {"Cos", 1, {F32(6)}, NOATTR, r_cos, 1e-6},
    {"Elu", 1, {F32(8)}, 2, {AFLOAT("alpha", 0.5), AFLOAT("scale", 1.5)}, r_elu, 1e-5},
    {"Equal", 2, {{ACL_INT32, SHAPE(3, 4)}, {ACL_INT32, SHAPE(4)}}, NOATTR, r_eq, 0, RANGE(-2, 2)},
    {"ExpandDims", 2, {F32(2, 3), {ACL_INT32, SHAPE(), CV(-1)}}, NOATTR, r_id, 0},
    {"Expand", 2, {F32(3, 1), {ACL_INT64, SHAPE(3), CV(2, 1, 4)}}, NOATTR, r_expand, 0},
    {"Fill", 2, {{ACL_INT64, SHAPE(2), CV(2, 3)}, F32()}, NOATTR, r_fill, 0},
    {"Range",
     3,
     {{ACL_INT32, SHAPE(), CV(10)}, {ACL_INT32, SHAPE(), CV(3)}, {ACL_INT32, SHAPE(), CV(-3)}},
     NOATTR,
     r_range,
     0},
    {"Pack", 3, {F32(2, 3), F32(2, 3), F32(2, 3)}, 1, {AINT("axis", 1)}, r_pack, 0},
    {"PadV3", 3, {F32(2, 3), {ACL_INT64, SHAPE(4), CV(1, 0, -1, 2)}, F32()}, NOATTR, r_pad, 0},
    {"PadV3",
     2,
     {F32(2, 3), {ACL_INT32, SHAPE(4), CV(1, 2, 1, 0)}},
     2,
     {ASTR("mode", "edge"), ABOOL("paddings_contiguous", 0)},
     r_pad,
     0},
    {"PadV3",
     2,
     {F32(3, 4), {ACL_INT64, SHAPE(4), CV(2, -1, 2, 3)}},
     2,
     {ASTR("mode", "reflect"), ABOOL("paddings_contiguous", 0)},
     r_pad,
     0},
    {"PadV3",
     2,
     {F32(3, 4), {ACL_INT64, SHAPE(4), CV(3, 1, -2, 4)}},
     1,
     {ASTR("mode", "symmetric")},
     r_pad,
     0},
    {"PadV3",
     3,
     {{ACL_INT32, SHAPE(3, 2)},
      {ACL_INT64, SHAPE(4), CV(3, 2, -1, 2)},
      {ACL_INT32, SHAPE(), CV(7)}},
     1,
     {ASTR("mode", "circular")},
     r_pad,
     0,
     RANGE(-50, 50)},
    {"NonZero", 1, {{ACL_INT32, SHAPE(3, 4)}}, NOATTR, r_non_zero, 0, RANGE(-1, 2)},
    {"NonZero", 1, {F32(2, 3, 2)}, 1, {ABOOL("transpose", 1)}, r_non_zero, 0, RANGE(-1, 2)},
    {"MaskedSelect",
     2,
     {F32(3, 4), {ACL_BOOL, SHAPE(4), .rval = (const int64_t[]){1, 0, 1, 1}}},
     NOATTR,
     r_masked_select,
     0},
    {"UniqueWithCountsAndSorting",
     1,
     {{ACL_INT64, SHAPE(3, 4)}},
     NOATTR,
     r_unique,
     0,
     RANGE(-3, 3)},
    {"UniqueWithCountsAndSorting",
     1,
     {{ACL_INT32, SHAPE(10)}},
     2,
     {ABOOL("sorted", 0), ATYPE("out_idx", ACL_INT32)},
     r_unique,
     0,
     RANGE(-4, 4)},
    {"UniqueDim", 1, {{ACL_INT32, SHAPE(2, 6)}}, 1, {AINT("dim", 1)}, r_unique_dim, 0, RANGE(0, 2)},
    {"NonMaxSuppressionV6",
     3,
     {{ACL_FLOAT, SHAPE(1, 4, 4),
       .rval = (const int64_t[]){0, 0, 2, 2, 1, 1, 3, 3, 5, 5, 6, 6, 0, 3, 1, 4}},
      {ACL_FLOAT, SHAPE(1, 1, 4), .rval = (const int64_t[]){3, 9, 1, 5}},
      {ACL_INT32, SHAPE(1), .rval = (const int64_t[]){3}}},
     NOATTR,
     r_nms,
     0},
    {"TopKV2", 2, {F32(3, 5), {ACL_INT32, SHAPE(), CV(2)}}, NOATTR, r_top_k, 0},
    {"TopKV2",
     2,
     {{ACL_INT64, SHAPE(2, 6)}, {ACL_INT64, SHAPE(1), CV(6)}},
     2,
     {ABOOL("largest", 0), AINT("indices_dtype", ACL_INT64)},
     r_top_k,
     0,
     RANGE(-1000, 1000)},
    {"Pack", 2, {{ACL_INT64, SHAPE(4)}, {ACL_INT64, SHAPE(4)}}, NOATTR, r_pack, 0, RANGE(-9, 9)},
    {"NonZero", 1, {{ACL_FLOAT, SHAPE(2, 3), CV(0, 1, 0, -2, 0, 3)}}, NOATTR, r_non_zero, 0},
    {"NonZero",
     1,
     {{ACL_BOOL, SHAPE(2, 2, 2), CV(1, 0, 0, 1, 1, 1, 0, 0)}},
     1,
     {ABOOL("transpose", 1)},
     r_non_zero,
     0},
    {"Sin", 1, {F32(6)}, NOATTR, r_sin, 1e-6},
    /* size_splits with a -1 (what the others leave) and a 0 */
    {"SplitV",
     3,
     {F32(3, 7), {ACL_INT64, SHAPE(4), CV(2, -1, 0, 1)}, {ACL_INT32, SHAPE(), CV(-1)}},
     1,
     {AINT("num_split", 4)},
     r_split_v,
     0,
     .nout = 4},
    {"Softplus", 1, {F32(6)}, NOATTR, r_softplus, 1e-5},
    {"Squeeze", 1, {F32(1, 3, 1, 2)}, NOATTR, r_id, 0},
    {"Squeeze", 1, {F32(1, 3, 1, 2)}, 1, {AINTS("axis", 2)}, r_id, 0},
    {"Tile", 2, {F32(2, 3), {ACL_INT32, SHAPE(2), CV(2, 3)}}, NOATTR, r_tile, 0},
    {"SqueezeV3", 1, {F32(1, 3, 1, 2)}, NOATTR, r_id, 0},
    {"SqueezeV3", 2, {F32(1, 3, 1, 2), {ACL_INT64, SHAPE(1), CV(-2)}}, NOATTR, r_id, 0},
    {"StridedSliceV2",
     5,
     {F32(4, 5),
      {ACL_INT64, SHAPE(2), CV(3, 1)},
      {ACL_INT64, SHAPE(2), CV(-5, 10)},
      {ACL_INT32, SHAPE(2), CV(0, -1)},
      {ACL_INT64, SHAPE(2), CV(-2, 2)}},
     NOATTR,
     r_strided,
     0,
     .out = {ACL_FLOAT, SHAPE(2, 2)}},
    {"StridedSliceV2", /* an empty dim walked backwards: nothing taken (it read x[0]) */
     5,
     {F32(0, 3),
      {ACL_INT64, SHAPE(1), CV(-1)},
      {ACL_INT64, SHAPE(1), CV(-10)},
      {ACL_INT64, SHAPE(1), CV(0)},
      {ACL_INT64, SHAPE(1), CV(-1)}},
     NOATTR,
     r_strided,
     0,
     .out = {ACL_FLOAT, SHAPE(0, 3)}},
    {"Unsqueeze", 1, {F32(3, 2)}, 1, {AINTS("axes", 0, 3)}, r_id, 0},
    {"UnsqueezeV3", 2, {F32(3, 2), {ACL_INT64, SHAPE(2), CV(0, 3)}}, NOATTR, r_id, 0},
    {"Cumsum", 2, {F32(3, 4), {ACL_INT32, SHAPE(), CV(1)}}, NOATTR, r_cumsum, 1e-5},
    /* exclusive / reverse; the axis fed at run time (a select step over the axes) */
    {"Cumsum",
     2,
     {F32(3, 4), {ACL_INT64, SHAPE(), CV(-1)}},
     2,
     {ABOOL("exclusive", 1), ABOOL("reverse", 1)},
     r_cumsum,
     1e-5},
    {"Cumsum",
     2,
     {F32(3, 4, 2), {ACL_INT64, SHAPE(), .rval = (const int64_t[]){1}}},
     1,
     {ABOOL("reverse", 1)},
     r_cumsum,
     1e-5},
    {"Cumsum",
     2,
     {{ACL_INT32, SHAPE(3, 4)}, {ACL_INT32, SHAPE(1), .rval = (const int64_t[]){-2}}},
     1,
     {ABOOL("exclusive", 1)},
     r_cumsum,
     0,
     RANGE(-9, 9)},
    {"Cumsum",
     2,
     {{ACL_INT64, SHAPE(5, 2)}, {ACL_INT64, SHAPE(1), CV(0)}},
     NOATTR,
     r_cumsum,
     0,
     RANGE(-9, 9)},
    {"LogSoftmaxV2", 1, {F32(2, 5)}, NOATTR, r_log_softmax, 1e-5},
    {"RmsNorm", 2, {F32(3, 8), F32(8)}, 1, {AFLOAT("epsilon", 1e-5)}, r_rms_norm, 1e-5},
    {"Div", 2, {F32(2, 3), F32(2, 3)}, NOATTR, r_div, 1e-6, RANGE(0.5, 2)},
    {"Div",
     2,
     {{ACL_INT32, SHAPE(8), .rval = (const int64_t[]){7, -7, 7, -7, 6, -6, 0, 9}},
      {ACL_INT32, SHAPE(8), .rval = (const int64_t[]){2, 2, -2, -2, 3, 3, -5, 10}}},
     NOATTR,
     r_floordiv,
     0},
    {"Div",
     2,
     {{ACL_UINT8, SHAPE(3, 4)}, {ACL_UINT8, SHAPE(4)}},
     NOATTR,
     r_floordiv,
     0,
     RANGE(1, 200)},
    {"Exp", 1, {F32(5)}, NOATTR, r_exp, 1e-6},
    {"GatherV2",
     3,
     {F32(4, 3), {ACL_INT32, SHAPE(2, 2), CV(3, 0, 1, 3)}, {ACL_INT32, SHAPE(1), CV(0)}},
     NOATTR,
     r_gather,
     0},
    {"GatherV2",
     3,
     {F32(2, 5), {ACL_INT64, SHAPE(3), CV(4, 4, 2)}, {ACL_INT64, SHAPE(), CV(-1)}},
     NOATTR,
     r_gather,
     0},
    {"GatherV2", /* a 0-d index: y drops the axis (aclnnGatherV2 gets it as [1]) */
     3,
     {F32(3, 4), {ACL_INT64, SHAPE(), CV(2)}, {ACL_INT32, SHAPE(), CV(1)}},
     NOATTR,
     r_gather,
     0},
    {"Gelu", 1, {F32(9)}, NOATTR, r_gelu, 1e-3},
    {"GeluV2", 1, {F32(9)}, NOATTR, r_gelu, 1e-6},
    {"GeluV2", 1, {F32(9)}, 1, {ASTR("approximate", "tanh")}, r_gelu, 1e-3},
    {"Identity", 1, {{ACL_INT64, SHAPE(2, 3)}}, NOATTR, r_id, 0, RANGE(-100, 100)},
    {"LayerNorm",
     3,
     {F32(2, 3, 4), F32(3, 4), F32(3, 4)},
     2,
     {AINT("begin_norm_axis", 1), AINT("begin_params_axis", 1)},
     r_layer_norm,
     1e-4},
    {"LeakyRelu", 1, {F32(8)}, 1, {AFLOAT("negative_slope", 0.25)}, r_leaky, 1e-6},
    {"Log", 1, {F32(6)}, NOATTR, r_log, 1e-6, RANGE(0.1, 4)},
    {"MatMul", 3, {F32(4, 3), F32(4, 5), F32(5)}, 1, {ABOOL("transpose_x1", 1)}, r_matmul, 1e-5},
    {"MatMulV2", 2, {F32(3, 4), F32(4, 2)}, NOATTR, r_matmul, 1e-5},
    {"MaxPoolWithArgmaxV3",
     1,
     {F32(2, 3, 5, 6)},
     4,
     {AINTS("ksize", 3, 3), AINTS("strides", 2, 1), AINTS("pads", 1, 1), AINT("dtype", 9)},
     r_pool_argmax,
     0},
    {"MaxPoolWithArgmaxV3",
     1,
     {F32(1, 2, 7, 7)},
     5,
     {AINTS("ksize", 2, 3), AINTS("strides", 2, 2), AINTS("pads", 0, 1), AINTS("dilation", 2, 1),
      ABOOL("ceil_mode", 1)},
     r_pool_argmax,
     0},
    {"MaxPool",
     1,
     {{ACL_UINT8, SHAPE(1, 2, 5, 5)}},
     4,
     {AINTS("ksize", 1, 1, 3, 3), AINTS("strides", 1, 1, 2, 2), ASTR("padding", "SAME"),
      ASTR("data_format", "NCHW")},
     r_pool,
     0,
     RANGE(0, 255)},
    {"MaxPool",
     1,
     {{ACL_INT16, SHAPE(2, 4, 4, 3)}},
     3,
     {AINTS("ksize", 1, 2, 2, 1), AINTS("strides", 1, 1, 1, 1), ASTR("padding", "VALID")},
     r_pool,
     0,
     RANGE(-30000, 30000)},
    {"MaxPool",
     1,
     {F32(1, 2, 4, 4)},
     4,
     {AINTS("ksize", 1, 1, 2, 2), AINTS("strides", 1, 1, 2, 2), ASTR("padding", "VALID"),
      ASTR("data_format", "NCHW")},
     r_pool,
     0},
    {"MaxPool",
     1,
     {F32(1, 5, 5, 2)},
     3,
     {AINTS("ksize", 1, 2, 2, 1), AINTS("strides", 1, 2, 2, 1), ASTR("padding", "SAME")},
     r_pool,
     0},
    {"MaxPool3D",
     1,
     {F32(1, 2, 3, 5, 5)},
     5,
     {AINTS("ksize", 1, 1, 2, 3, 3), AINTS("strides", 1, 1, 1, 2, 2), ASTR("padding", "CALCULATED"),
      AINTS("pads", 0, 1, 1, 1, 0, 0), ASTR("data_format", "NCDHW")},
     r_pool3d,
     0},
    {"MaxPool3D",
     1,
     {F32(1, 2, 2, 6, 7)},
     6,
     {AINTS("ksize", 1, 1, 1, 2, 3), AINTS("strides", 1, 1, 1, 1, 2), ASTR("padding", "CALCULATED"),
      AINTS("pads", 0, 0, 1, 1, 0, 1), ASTR("data_format", "NCDHW"),
      AINTS("dilation", 1, 1, 1, 2, 2)},
     r_pool3d,
     0},
    {"MaxPool3D",
     1,
     {F32(1, 3, 5, 4, 2)},
     3,
     {AINTS("ksize", 2, 2, 2), AINTS("strides", 2, 2, 2), ASTR("padding", "SAME")},
     r_pool3d,
     0},
    {"Maximum", 2, {F32(2, 3), F32(1, 3)}, NOATTR, r_max, 0},
    {"Minimum", 2, {F32(2, 3), F32(2, 1)}, NOATTR, r_min, 0},
    {"Mul", 2, {F32(4), F32(2, 1)}, NOATTR, r_mul, 1e-6},
    {"Neg", 1, {F32(5)}, NOATTR, r_neg, 0},
    {"Pow", 2, {F32(3), F32(3)}, NOATTR, r_pow, 1e-5, RANGE(0.5, 2)},
    {"RealDiv", 2, {F32(3, 2), F32(2)}, NOATTR, r_div, 1e-6, RANGE(0.5, 2)},
    {"ReduceMean", 2, {F32(2, 3, 4), {ACL_INT32, SHAPE(2), CV(0, -1)}}, NOATTR, r_reduce, 1e-5},
    {"ReduceMeanD", 1, {F32(3, 4)}, 2, {AINTS("axes", 1), ABOOL("keep_dims", 1)}, r_reduce, 1e-5},
    {"ReduceSum",
     2,
     {F32(2, 3, 4), {ACL_INT64, SHAPE(1), CV(1)}},
     1,
     {ABOOL("keep_dims", 1)},
     r_reduce,
     1e-5},
    {"ReduceSum", 2, {F32(2, 3), {ACL_INT64, SHAPE(0), CV()}}, NOATTR, r_reduce, 0},
    {"ReduceSum",
     2,
     {F32(2, 3), {ACL_INT64, SHAPE(0), CV()}},
     1,
     {ABOOL("noop_with_empty_axes", 0)},
     r_reduce,
     1e-5},
    {"ReduceSumD", 1, {F32(3, 4)}, 1, {AINTS("axes", 0)}, r_reduce, 1e-5},
    {"Relu", 1, {F32(3, 4)}, NOATTR, r_relu, 0},
    {"Reshape", 2, {F32(2, 6), {ACL_INT32, SHAPE(3), CV(3, -1, 2)}}, NOATTR, r_id, 0},
    {"Rsqrt", 1, {F32(5)}, NOATTR, r_rsqrt, 1e-5, RANGE(0.2, 3)},
    {"Sigmoid", 1, {F32(5)}, NOATTR, r_sigmoid, 1e-6},
    {"Slice",
     3,
     {F32(4, 5), {ACL_INT32, SHAPE(2), CV(1, 2)}, {ACL_INT32, SHAPE(2), CV(2, -1)}},
     NOATTR,
     r_slice,
     0},
    {"SoftmaxV2", 1, {F32(3, 5)}, NOATTR, r_softmax, 1e-6},
    {"SoftmaxV2", 1, {F32(3, 4, 2)}, 1, {AINTS("axes", 1)}, r_softmax, 1e-6},
    {"Sqrt", 1, {F32(5)}, NOATTR, r_sqrt, 1e-6, RANGE(0, 4)},
    {"Square", 1, {F32(5)}, NOATTR, r_sq, 1e-6},
    {"Sub", 2, {F32(2, 3), F32(3)}, NOATTR, r_sub, 1e-6},
    {"Tanh", 1, {F32(5)}, NOATTR, r_tanh, 1e-6},
    {"Transpose", 2, {F32(2, 3, 4), {ACL_INT64, SHAPE(3), CV(2, 0, 1)}}, NOATTR, r_transpose, 0},
    {"Resize",
     4,
     {F32(1, 2, 3, 4), NONE, {ACL_FLOAT, SHAPE(4), CV(1, 1, 2, 2)}, NONE},
     2,
     {ASTR("coordinate_transformation_mode", "asymmetric"), ASTR("nearest_mode", "floor")},
     r_resize,
     0},
    {"Resize",
     4,
     {F32(2, 1, 3, 4), NONE, NONE, {ACL_INT64, SHAPE(4), CV(2, 1, 5, 7)}},
     2,
     {ASTR("mode", "linear"), ASTR("coordinate_transformation_mode", "align_corners")},
     r_resize,
     1e-5},
    {"GridSampler2D", 2, {F32(2, 3, 4, 5), F32(2, 3, 2, 2)}, NOATTR, r_grid_sampler, 1e-5},
    {"LogMatrixDeterminant", 1, {F32(4, 3, 3)}, NOATTR, r_log_det, 1e-5},
};
#define NCASES (sizeof(g_cases) / sizeof(g_cases[0]))

/* ---- running a case -------------------------------------------------------------- */

static uint64_t g_rng = 88172645463325252ull;
static double rnd(double lo, double hi)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return lo + (hi - lo) * (double)(g_rng >> 11) / 9007199254740992.0;
}

static void fill_vals(const struct tcase *c, struct core_op_val *in, void **buf, double **x,
                      struct tin const *ti, int nin)
{
    for (int k = 0; k < nin; k++) {
        struct core_op_val *v = &in[k];
        memset(v, 0, sizeof(*v));
        v->dtype = ti[k].dt;
        v->format = ti[k].fmt;
        v->nd = ti[k].nd;
        memcpy(v->dims, ti[k].dims, sizeof(v->dims));
        v->absent = ti[k].absent;
        buf[k] = NULL;
        x[k] = NULL;
        if (v->absent)
            continue;
        int64_t n = numel(v);
        buf[k] = calloc((size_t)n + 1, dt_size(v->dtype) ? dt_size(v->dtype) : 8);
        x[k] = calloc((size_t)n + 1, sizeof(double));
        double lo = c->lo, hi = c->hi;
        if (lo == 0 && hi == 0)
            lo = -2, hi = 2;
        for (int64_t i = 0; i < n; i++) {
            double d = ti[k].cval   ? (double)ti[k].cval[i]
                       : ti[k].rval ? (double)ti[k].rval[i]
                                    : rnd(lo, hi);
            if (v->dtype != ACL_FLOAT && v->dtype != ACL_DOUBLE && v->dtype != ACL_FLOAT16)
                d = v->dtype == ACL_BOOL ? (d > 0) : floor(d);
            store(buf[k], v->dtype, i, d);
            x[k][i] = load(buf[k], v->dtype, i);
        }
        if (ti[k].cval) {
            v->data = buf[k];
            v->bytes = (size_t)n * dt_size(v->dtype);
        }
    }
}

static void run_case(const struct tcase *c, int ci)
{
    const struct proto_def *def = proto_find(c->type);
    if (!def) {
        FAILF("case %d: %s is not in the table", ci, c->type);
        return;
    }
    struct core_op_val in[MAXIN];
    void *buf[MAXIN + 4];
    double *x[MAXIN], *want[4];
    fill_vals(c, in, buf, x, c->in, c->nin);
    struct attr_set as = {c->attr, c->nattr};
    struct proto_attr_src src = {&as, get_attr};
    static struct proto_op op;
    struct core_op_val out = {.dtype = c->out.dt, .format = c->out.fmt, .nd = c->out.nd};
    memcpy(out.dims, c->out.dims, sizeof(out.dims));
    uint32_t nout = c->nout ? (uint32_t)c->nout : c->out.nd > 0;
    enum proto_status st =
        proto_prepare(&op, def, (uint32_t)c->nin, in, nout, c->out.nd > 0 ? &out : NULL, &src);
    if (st) {
        FAILF("case %d (%s): prepare: status %d: %s", ci, c->type, st, op.msg);
        goto out;
    }
    struct proto_plan *plan;
    st = proto_build(&op, &plan);
    if (st) {
        FAILF("case %d (%s): build: status %d: %s", ci, c->type, st, op.msg);
        goto out;
    }
    void *operands[MAXIN + 4];
    for (uint32_t k = 0; k < op.nin; k++)
        operands[k] = buf[k];
    for (uint32_t k = 0; k < op.nout; k++) {
        buf[op.nin + k] = calloc((size_t)numel(&op.out[k]) + 1, 8);
        operands[op.nin + k] = buf[op.nin + k];
        want[k] = calloc((size_t)numel(&op.out[k]) + 1, sizeof(double));
    }
    if (proto_plan_operands(plan) != op.nin + op.nout)
        FAILF("case %d (%s): plan has %u operands", ci, c->type, proto_plan_operands(plan));
    int32_t rc = proto_plan_run(plan, operands);
    if (rc)
        FAILF("case %d (%s): run returned %d", ci, c->type, rc);
    c->ref(c, &op, x, want);
    for (uint32_t k = 0; k < op.nout && !rc; k++) {
        for (int64_t i = 0; i < numel(&op.out[k]); i++) {
            double got = load(buf[op.nin + k], op.out[k].dtype, i), w = want[k][i];
            if (!(fabs(got - w) <= c->tol * (1 + fabs(w)))) {
                FAILF("case %d (%s): output %u[%lld] = %.9g, expected %.9g", ci, c->type, k,
                      (long long)i, got, w);
                break;
            }
        }
        free(want[k]);
        free(buf[op.nin + k]);
    }
    proto_plan_free(plan);
out:
    for (int k = 0; k < c->nin; k++) {
        free(buf[k]);
        free(x[k]);
    }
}

/* ---- misuse ------------------------------------------------------------------------- */

/* Prepare type with the inputs and attributes given; expect status want
 * and every string of the NULL-terminated list in the message. */
static void expect(int line, const char *type, int nin, const struct tin *ti, int nattr,
                   const struct tattr *attr, int nout, const struct core_op_val *out,
                   enum proto_status want, ...)
{
    static const struct tcase c0 = {.type = "x"};
    struct core_op_val in[MAXIN];
    void *buf[MAXIN];
    double *x[MAXIN];
    fill_vals(&c0, in, buf, x, ti, nin);
    struct attr_set as = {attr, nattr};
    struct proto_attr_src src = {&as, get_attr};
    static struct proto_op op;
    enum proto_status st =
        proto_prepare(&op, proto_find(type), (uint32_t)nin, in, (uint32_t)nout, out, &src);
    if (st != want)
        fprintf(stderr, "%s:%d: %s: status %d, expected %d (%s)\n", __FILE__, line, type, st, want,
                op.msg),
            g_fail = 1;
    va_list ap;
    va_start(ap, want);
    for (const char *s; (s = va_arg(ap, const char *));)
        if (!strstr(op.msg, s))
            fprintf(stderr, "%s:%d: %s: message '%s' lacks '%s'\n", __FILE__, line, type, op.msg,
                    s),
                g_fail = 1;
    va_end(ap);
    for (int k = 0; k < nin; k++) {
        free(buf[k]);
        free(x[k]);
    }
}

static void misuse(void)
{
    const struct tin f23 = {ACL_FLOAT, SHAPE(2, 3)}, f4 = {ACL_FLOAT, SHAPE(4)};
    struct tin two[2] = {f23, f23}, bad[2] = {f23, f4};
    /* Unknown type. */
    expect(__LINE__, "FrobnicateV9", 1, two, 0, NULL, 0, NULL, PROTO_TYPE, NULL);
    /* Input counts. */
    expect(__LINE__, "Add", 1, two, 0, NULL, 0, NULL, PROTO_INPUT, "Add", "1 inputs", "takes 2",
           NULL);
    struct tin three[3] = {f23, f23, f23};
    expect(__LINE__, "Relu", 3, three, 0, NULL, 0, NULL, PROTO_INPUT, "Relu", "3 inputs", NULL);
    /* Broadcast. */
    expect(__LINE__, "Add", 2, bad, 0, NULL, 0, NULL, PROTO_INPUT, "Add", "[2, 3]", "[4]",
           "broadcast", NULL);
    /* SoftsignGrad does not broadcast. */
    expect(__LINE__, "SoftsignGrad", 2, bad, 0, NULL, 0, NULL, PROTO_INPUT, "SoftsignGrad",
           "[2, 3]", "[4]", "differ", NULL);
    /* The new gradient types do not broadcast either; Assign checks shapes unless told not to;
     * Celu runs one alpha, HardSigmoid its defaults; AddMatMatElements' beta is one value. */
    expect(__LINE__, "ReluGrad", 2, bad, 0, NULL, 0, NULL, PROTO_INPUT, "ReluGrad", "differ", NULL);
    expect(__LINE__, "Assign", 2, bad, 0, NULL, 0, NULL, PROTO_INPUT, "Assign", "[2, 3]", "[4]",
           "validate_shape", NULL);
    struct tattr alphas[2] = {AFLOAT("alpha1", 0.5), AFLOAT("alpha2", 2.0)};
    expect(__LINE__, "Celu", 1, two, 2, alphas, 0, NULL, PROTO_UNSUPPORTED, "Celu", "alpha1 0.5",
           "alpha2 2", NULL);
    struct tattr hsa = AFLOAT("alpha", 0.2);
    expect(__LINE__, "HardSigmoid", 1, two, 1, &hsa, 0, NULL, PROTO_UNSUPPORTED, "HardSigmoid",
           "alpha 0.2", NULL);
    struct tin amm[5] = {f23, f23, f23, f4, {ACL_FLOAT, SHAPE(1)}};
    expect(__LINE__, "AddMatMatElements", 5, amm, 0, NULL, 0, NULL, PROTO_INPUT, "beta", "[4]",
           "one value", NULL);
    struct tin sl1[3] = {f23, f4, f23};
    expect(__LINE__, "SmoothL1LossGrad", 3, sl1, 0, NULL, 0, NULL, PROTO_INPUT, "label [4]",
           "predict [2, 3]", NULL);
    /* Inputs of different types. */
    struct tin mixed[2] = {f23, {ACL_INT32, SHAPE(2, 3)}};
    expect(__LINE__, "Add", 2, mixed, 0, NULL, 0, NULL, PROTO_INPUT, "x2", "int32", "x1", "float32",
           NULL);
    /* A type the operator never takes. */
    struct tin b1[1] = {{ACL_BOOL, SHAPE(4)}};
    expect(__LINE__, "Relu", 1, b1, 0, NULL, 0, NULL, PROTO_DTYPE, "Relu", "input x", "bool", NULL);
    /* Required attribute missing, mistyped, of a bad value. */
    expect(__LINE__, "Cast", 1, two, 0, NULL, 0, NULL, PROTO_ATTR, "Cast", "dst_type", "int", NULL);
    struct tattr fl = AFLOAT("dst_type", 1.0);
    expect(__LINE__, "Cast", 1, two, 1, &fl, 0, NULL, PROTO_ATTR, "dst_type", "float",
           "expected int", NULL);
    struct tattr badt = AINT("dst_type", 999);
    struct tattr fast = ASTR("approximate", "fast");
    expect(__LINE__, "GeluV2", 1, two, 1, &fast, 0, NULL, PROTO_ATTR, "approximate", "'fast'",
           "none or tanh", NULL);
    expect(__LINE__, "Cast", 1, two, 1, &badt, 0, NULL, PROTO_ATTR, "dst_type", "999", NULL);
    /* uint16 is an engine type for the shifts only: Cast does not convert to it */
    struct tattr u16t = AINT("dst_type", ACL_UINT16);
    expect(__LINE__, "Cast", 1, two, 1, &u16t, 0, NULL, PROTO_ATTR, "dst_type", "7", NULL);
    /* the shifts take uint32, each operand alike; Add does not */
    struct tin u32s[2] = {{ACL_UINT32, SHAPE(2, 3)}, {ACL_INT32, SHAPE(2, 3)}};
    expect(__LINE__, "LeftShift", 2, u32s, 0, NULL, 0, NULL, PROTO_INPUT, "LeftShift", "uint32",
           "must agree", NULL);
    expect(__LINE__, "Add", 2, u32s, 0, NULL, 0, NULL, PROTO_DTYPE, "Add", "uint32", NULL);
    /* A value input that is not const; one given as const. */
    struct tin axes_data[2] = {f23, {ACL_INT32, SHAPE(1)}};
    expect(__LINE__, "ReduceSum", 2, axes_data, 0, NULL, 0, NULL, PROTO_INPUT, "ReduceSum",
           "input axes", "const", NULL);
    struct tin axes_const[2] = {f23, {ACL_INT32, SHAPE(1), CV(7)}};
    expect(__LINE__, "ReduceSum", 2, axes_const, 0, NULL, 0, NULL, PROTO_INPUT, "axis 7", NULL);
    /* A dynamic input without entries; a required input absent; optional
     * inputs absent or left out. */
    struct tin dim_only[1] = {{ACL_INT32, SHAPE(), CV(0)}};
    expect(__LINE__, "ConcatV2", 1, dim_only, 0, NULL, 0, NULL, PROTO_INPUT, "dynamic input x",
           NULL);
    struct tin x2_absent[2] = {f23, NONE};
    expect(__LINE__, "Add", 2, x2_absent, 0, NULL, 0, NULL, PROTO_INPUT, "input x2 is required",
           NULL);
    struct tin mm4[4] = {f23, {ACL_FLOAT, SHAPE(3, 2)}, NONE, NONE};
    expect(__LINE__, "MatMulV2", 4, mm4, 0, NULL, 0, NULL, PROTO_OK, NULL);
    expect(__LINE__, "MatMulV2", 2, mm4, 0, NULL, 0, NULL, PROTO_OK, NULL);
    expect(__LINE__, "MatMulV2", 1, mm4, 0, NULL, 0, NULL, PROTO_INPUT, "takes 2 to 4", NULL);
    /* A required list attribute missing; a list of the wrong length. */
    struct tin conv[2] = {{ACL_FLOAT, SHAPE(1, 2, 5, 5)}, {ACL_FLOAT, SHAPE(3, 2, 3, 3)}};
    struct tattr pads = AINTS("pads", 0, 0, 0, 0), strides3[2] = {AINTS("strides", 1, 1, 1), pads};
    expect(__LINE__, "Conv2D", 2, conv, 1, &pads, 0, NULL, PROTO_ATTR, "Conv2D",
           "required attribute strides", "list_int", NULL);
    expect(__LINE__, "Conv2D", 2, conv, 2, strides3, 0, NULL, PROTO_ATTR, "strides", "3 values",
           "expected 4", NULL);
    /* Integer attributes beyond +-2^31 (a damaged model's values) are refused
     * before any shape rule multiplies them. */
    struct tattr huge[2] = {AINTS("strides", 1, 1, 1LL << 40, 1), pads};
    expect(__LINE__, "Conv2D", 2, conv, 2, huge, 0, NULL, PROTO_ATTR, "strides", "2^31", NULL);
    struct tattr big_dim = AINT("concat_dim", -(1LL << 33));
    struct tin cat1[1] = {f23};
    expect(__LINE__, "ConcatD", 1, cat1, 1, &big_dim, 0, NULL, PROTO_ATTR, "concat_dim", "2^31",
           NULL);
    /* A bool attribute given as an int (aclop is strict). */
    struct tattr t_int = AINT("transpose_x1", 1);
    expect(__LINE__, "MatMulV2", 2, mm4, 1, &t_int, 0, NULL, PROTO_ATTR, "transpose_x1", "int",
           "expected bool", NULL);
    /* LayerNorm runs float32 only. */
    struct tin ln16[3] = {
        {ACL_FLOAT16, SHAPE(2, 4)}, {ACL_FLOAT16, SHAPE(4)}, {ACL_FLOAT16, SHAPE(4)}};
    expect(__LINE__, "LayerNorm", 3, ln16, 0, NULL, 0, NULL, PROTO_DTYPE, "float16", "float32",
           NULL);
    /* Outputs: count, and described unlike the inferred. */
    struct core_op_val o[2] = {{.dtype = ACL_FLOAT, .nd = 2, .dims = {2, 3}},
                               {.dtype = ACL_FLOAT, .nd = 2, .dims = {2, 3}}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 2, o, PROTO_OUTPUT, "2 outputs", NULL);
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, o, PROTO_OK, NULL);
    struct core_op_val wrong = {.dtype = ACL_FLOAT, .nd = 2, .dims = {3, 2}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, &wrong, PROTO_OUTPUT, "output y", "[3, 2]",
           "[2, 3]", NULL);
    struct core_op_val any = {.dtype = ACL_FLOAT, .nd = 2, .dims = {-1, 3}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, &any, PROTO_OK, NULL);
    struct core_op_val f16 = {.dtype = ACL_FLOAT16, .nd = 2, .dims = {2, 3}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, &f16, PROTO_OUTPUT, "float16", NULL);
    /* The same shape but for dims of size 1 is the same output ([1, 2, 3],
     * [2, 1, 3]); other shapes of as many elements are not ([6], [3, 2]). */
    struct core_op_val ones = {.dtype = ACL_FLOAT, .nd = 3, .dims = {1, 2, 3}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, &ones, PROTO_OK, NULL);
    struct core_op_val mid = {.dtype = ACL_FLOAT, .nd = 3, .dims = {2, 1, 3}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, &mid, PROTO_OK, NULL);
    struct core_op_val flat = {.dtype = ACL_FLOAT, .nd = 1, .dims = {6}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, &flat, PROTO_OUTPUT, "[6]", "[2, 3]", NULL);
    struct core_op_val ones16 = {.dtype = ACL_FLOAT16, .nd = 3, .dims = {1, 2, 3}};
    expect(__LINE__, "Add", 2, two, 0, NULL, 1, &ones16, PROTO_OUTPUT, "float16", NULL);
}

/* Output types the IR leaves to the caller; inference without checks. */
static void hints(void)
{
    static const struct tcase c0 = {.type = "x"};
    struct tin ti[2] = {{ACL_FLOAT, SHAPE(3, 4)}, {ACL_INT32, SHAPE(1), CV(0)}};
    struct core_op_val in[2];
    void *buf[2];
    double *x[2];
    fill_vals(&c0, in, buf, x, ti, 2);
    static struct proto_op op;
    const struct proto_def *d = proto_find("ArgMaxV2");
    struct core_op_val y32 = {.dtype = ACL_INT32, .nd = 1, .dims = {4}};
    enum proto_status st = proto_prepare(&op, d, 2, in, 1, &y32, NULL);
    if (st || op.out[0].dtype != ACL_INT32)
        FAILF("ArgMaxV2 with y described int32: status %d, y %d (%s)", st, op.out[0].dtype, op.msg);
    st = proto_prepare(&op, d, 2, in, 0, NULL, NULL);
    if (st || op.out[0].dtype != ACL_INT64 || op.out[0].nd != 1 || op.out[0].dims[0] != 4)
        FAILF("ArgMaxV2 without a description: status %d, y %d (%s)", st, op.out[0].dtype, op.msg);
    /* The samples' ArgMaxV2 (x [1000], dimension 0) describes y as int32 [1]:
     * the rule's [] but for a dim of size 1. */
    struct tin t1[2] = {{ACL_FLOAT, SHAPE(5)}, {ACL_INT32, SHAPE(1), CV(0)}};
    struct core_op_val in1[2];
    void *buf1[2];
    double *x1[2];
    fill_vals(&c0, in1, buf1, x1, t1, 2);
    struct core_op_val y1 = {.dtype = ACL_INT32, .nd = 1, .dims = {1}};
    st = proto_prepare(&op, d, 2, in1, 1, &y1, NULL);
    if (st || op.out[0].dtype != ACL_INT32 || op.out[0].nd != 0)
        FAILF("ArgMaxV2 over [5] with y described int32 [1]: status %d (%s)", st, op.msg);
    for (int k = 0; k < 2; k++) {
        free(buf1[k]);
        free(x1[k]);
    }
    struct core_op_val junk = {.dtype = ACL_FLOAT, .nd = 3, .dims = {9, 9, 9}};
    st = proto_prepare_hints(&op, d, 2, in, 1, &junk, NULL);
    if (st || op.out[0].dtype != ACL_INT64 || op.out[0].nd != 1)
        FAILF("proto_prepare_hints: status %d (%s)", st, op.msg);
    st = proto_prepare(&op, d, 2, in, 1, &junk, NULL);
    if (st != PROTO_OUTPUT)
        FAILF("proto_prepare with a wrong output: status %d", st);
    for (int k = 0; k < 2; k++) {
        free(buf[k]);
        free(x[k]);
    }
}

/* A value fed at run time that is out of range fails the launch with its code and a message
 * naming the operator and the input; the next launch with a good value runs. Trilu's k of
 * another type than int32/int64 is refused at prepare. */
static void runtime_values(void)
{
    static const struct tcase c0 = {.type = "x"};
    struct tin ti[2] = {{ACL_FLOAT, SHAPE(2, 3)},
                        {ACL_INT64, SHAPE(), .rval = (const int64_t[]){5}}};
    struct core_op_val in[MAXIN];
    void *buf[MAXIN];
    double *x[MAXIN];
    fill_vals(&c0, in, buf, x, ti, 2);
    static struct proto_op op;
    struct attr_set as = {NULL, 0};
    struct proto_attr_src src = {&as, get_attr};
    struct proto_plan *plan = NULL;
    if (proto_prepare(&op, proto_find("Cumsum"), 2, in, 0, NULL, &src) || proto_build(&op, &plan)) {
        FAILF("Cumsum with a run-time axis: %s", op.msg);
    } else {
        float y[6];
        void *operands[3] = {buf[0], buf[1], y};
        int32_t rc = proto_plan_run(plan, operands);
        const char *m = aclGetRecentErrMsg();
        if (rc != ACL_ERROR_INVALID_PARAM || !m ||
            !strstr(m, "Cumsum: input axis holds 5 at run time, out of range [-2, 2)"))
            FAILF("Cumsum axis 5 at run time: rc %d, message '%s'", rc, m ? m : "(null)");
        int64_t one = -1;
        memcpy(buf[1], &one, sizeof(one));
        if ((rc = proto_plan_run(plan, operands)) != 0)
            FAILF("Cumsum axis -1 at run time: rc %d", rc);
        float *xv = buf[0];
        if (fabs(y[2] - ((double)xv[0] + xv[1] + xv[2])) > 1e-5)
            FAILF("Cumsum axis -1 at run time: y[2] %g, want %g", y[2], xv[0] + xv[1] + xv[2]);
        proto_plan_free(plan);
    }
    for (int k = 0; k < 2; k++) {
        free(buf[k]);
        free(x[k]);
    }
    struct tin kf[2] = {{ACL_FLOAT, SHAPE(2, 3)}, {ACL_FLOAT, SHAPE()}};
    expect(__LINE__, "Trilu", 2, kf, 0, NULL, 0, NULL, PROTO_INPUT, "Trilu", "input k",
           "int32 or int64", NULL);
    /* SplitV: sizes that do not cover the dim, a negative size, num_split against the
     * output count, an output count past the dynamic output's bound */
    struct tin sv[3] = {
        {ACL_FLOAT, SHAPE(2, 6)}, {ACL_INT64, SHAPE(2), CV(2, 5)}, {ACL_INT64, SHAPE(), CV(1)}};
    const struct tattr two_parts[1] = {AINT("num_split", 2)};
    expect(__LINE__, "SplitV", 3, sv, 1, two_parts, 2, NULL, PROTO_INPUT, "SplitV",
           "input size_splits holds [2, 5], which do not cover dim 1 of x (6)", NULL);
    struct tin svn[3] = {
        {ACL_FLOAT, SHAPE(2, 6)}, {ACL_INT64, SHAPE(2), CV(8, -2)}, {ACL_INT64, SHAPE(), CV(1)}};
    expect(__LINE__, "SplitV", 3, svn, 1, two_parts, 2, NULL, PROTO_INPUT,
           "input size_splits holds -2 at 1", NULL);
    expect(__LINE__, "SplitV", 3, sv, 1, two_parts, 3, NULL, PROTO_ATTR,
           "attribute num_split is 2, the node has 3 outputs", NULL);
    expect(__LINE__, "SplitV", 3, sv, 1, two_parts, 5, NULL, PROTO_OUTPUT,
           "5 outputs given; SplitV takes 0 fixed outputs and 1 to 4 entries of its dynamic "
           "output y",
           NULL);
    expect(__LINE__, "SplitV", 3, sv, 1, two_parts, 0, NULL, PROTO_OUTPUT, "0 outputs given", NULL);
    struct tin cf[2] = {{ACL_FLOAT, SHAPE(2, 3)}, {ACL_INT64, SHAPE(2)}};
    expect(__LINE__, "Cumsum", 2, cf, 0, NULL, 0, NULL, PROTO_INPUT, "Cumsum", "input axis",
           "one int32 or int64", NULL);
}

int main(void)
{
    aipp_block();
    /* Every type of the table has a case, in name order. */
    const char *prev = "";
    size_t ntypes = 0;
    for (const struct proto_def *d; (d = proto_at(ntypes)); ntypes++) {
        if (strcmp(prev, d->type) >= 0)
            FAILF("proto_at(%zu) = %s after %s: not in name order", ntypes, d->type, prev);
        prev = d->type;
        if (proto_find(d->type) != d)
            FAILF("proto_find(%s) is not proto_at(%zu)", d->type, ntypes);
        bool seen = false;
        for (size_t i = 0; i < NCASES; i++)
            if (!strcmp(g_cases[i].type, d->type)) {
                run_case(&g_cases[i], (int)i);
                seen = true;
            }
        if (!seen)
            FAILF("%s has no case in this test", d->type);
    }
    if (ntypes < 3)
        FAILF("the table has %zu types", ntypes);
    misuse();
    runtime_values();
    hints();
    if (!g_fail)
        printf("proto_table: %zu types, %zu cases: ok\n", ntypes, NCASES);
    return g_fail;
}
