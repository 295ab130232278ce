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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    switch (t) {
    case ACL_FLOAT:
    case ACL_INT32:
        return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
        return 2;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
        return 1;
    case ACL_INT64:
    case ACL_DOUBLE:
        return 8;
    default:
        return 0;
    }
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
    bool absent;
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
    double lo, hi; /* input value range (default -2..2) */
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

static double f_add(double a, double b)
{
    return a + b;
}
static double f_relu(double a)
{
    return a > 0 ? a : 0;
}
static double f_id(double a)
{
    return a;
}

static void r_add(const struct tcase *c, const struct proto_op *op, double *const *x,
                  double *const *y)
{
    (void)c;
    ref_binary(op, x, y[0], f_add);
}
static void r_relu(const struct tcase *c, const struct proto_op *op, double *const *x,
                   double *const *y)
{
    (void)c;
    ref_unary(op, x, y[0], f_relu);
}
static void r_id(const struct tcase *c, const struct proto_op *op, double *const *x,
                 double *const *y)
{
    (void)c;
    ref_unary(op, x, y[0], f_id);
}

static const struct tcase g_cases[] = {
    {"Add", 2, {{ACL_FLOAT, SHAPE(2, 3)}, {ACL_FLOAT, SHAPE(3)}}, 0, {{0}}, r_add, 1e-6, 0, 0},
    {"Add", 2, {{ACL_INT32, SHAPE(4, 1)}, {ACL_INT32, SHAPE(1, 5)}}, 0, {{0}}, r_add, 0, -50, 50},
    {"Cast", 1, {{ACL_FLOAT, SHAPE(7)}}, 1, {AINT("dst_type", ACL_FLOAT16)}, r_id, 1e-3, 0, 0},
    {"Cast", 1, {{ACL_INT32, SHAPE(2, 2)}}, 1, {AINT("dst_type", ACL_FLOAT)}, r_id, 0, -9, 9},
    {"Relu", 1, {{ACL_FLOAT, SHAPE(3, 4)}}, 0, {{0}}, r_relu, 0, 0, 0},
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
        v->format = ACL_FORMAT_ND;
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
            double d = ti[k].cval ? (double)ti[k].cval[i] : rnd(lo, hi);
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
    enum proto_status st = proto_prepare(&op, def, (uint32_t)c->nin, in, 0, NULL, &src);
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
    expect(__LINE__, "Cast", 1, two, 1, &badt, 0, NULL, PROTO_ATTR, "dst_type", "999", NULL);
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
}

int main(void)
{
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
    if (!g_fail)
        printf("proto_table: %zu types, %zu cases: ok\n", ntypes, NCASES);
    return g_fail;
}
