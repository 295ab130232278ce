/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers for the operator tests (tests/ops): a device and a stream, host
 * buffers standing in for device memory (cpuacl's device memory is host
 * memory), test tensors with contiguous and non-contiguous layouts, element
 * access through doubles, an independent float16/bfloat16 reference
 * conversion, and tolerant comparison.
 *
 * Every test tensor is created through the public aclCreateTensor with
 * explicit strides and offset, so the layouts exercise the operators' view
 * handling: L_CONTIG (row-major), L_TRANS (last two dims stored
 * column-major), L_GAP (padded rows, offset 5), L_STEP (every stride
 * doubled, offset 1).
 */
#ifndef CPUACL_TESTS_OPS_OPTEST_H
#define CPUACL_TESTS_OPS_OPTEST_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "testutil.h"

/* Expect an aclnn call to return `want` (and a message when it fails). */
#define CHECK_NN(want, call)                                                                       \
    do {                                                                                           \
        aclnnStatus got_ = (call);                                                                 \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclnnStatus)(want)) {                                                         \
            fprintf(stderr, "%s:%d: %s returned %d, expected %d (%s)\n", __FILE__, __LINE__,       \
                    #call, (int)got_, (int)(want), m_ ? m_ : "no message");                        \
            exit(1);                                                                               \
        }                                                                                          \
        if ((want) != 0 && (!m_ || !*m_)) {                                                        \
            fprintf(stderr, "%s:%d: %s failed without a message\n", __FILE__, __LINE__, #call);    \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static aclrtStream g_stream;

static inline void ot_init(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtCreateStream(&g_stream));
    CHECK(aclnnInit(NULL) == ACLNN_SUCCESS);
}

static inline void ot_fini(void)
{
    CHECK(aclnnFinalize() == ACLNN_SUCCESS);
    CHECK_OK(aclrtDestroyStream(g_stream));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
}

/* ---- float16 / bfloat16 reference conversions (independent of the library) */

static inline double ot_f16_to_d(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
}
static inline uint16_t ot_d_to_f16(double d)
{
    _Float16 h = (_Float16)(float)d; /* GCC: IEEE round-to-nearest-even */
    uint16_t u;
    memcpy(&u, &h, 2);
    return u;
}
static inline double ot_bf16_to_d(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint16_t ot_d_to_bf16(double d)
{
    float f = (float)d;
    uint32_t u;
    memcpy(&u, &f, 4);
    if (isnan(f))
        return (uint16_t)((u >> 16) | 0x40);
    u += 0x7fff + ((u >> 16) & 1);
    return (uint16_t)(u >> 16);
}

/* ---- data types ------------------------------------------------------------ */

static const aclDataType OT_ALL[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT8,
                                     ACL_UINT8, ACL_INT16,   ACL_INT32, ACL_INT64,  ACL_BOOL};
#define OT_NALL ((int)(sizeof(OT_ALL) / sizeof(OT_ALL[0])))

static inline const char *ot_dt_name(aclDataType t)
{
    switch ((int)t) {
    case ACL_FLOAT:
        return "f32";
    case ACL_FLOAT16:
        return "f16";
    case ACL_BF16:
        return "bf16";
    case ACL_DOUBLE:
        return "f64";
    case ACL_INT8:
        return "i8";
    case ACL_UINT8:
        return "u8";
    case ACL_INT16:
        return "i16";
    case ACL_INT32:
        return "i32";
    case ACL_INT64:
        return "i64";
    case ACL_BOOL:
        return "bool";
    default:
        return "?";
    }
}

static inline bool ot_is_float(aclDataType t)
{
    return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16 || t == ACL_DOUBLE;
}

/* Round a double to the value set of type t (what storing it would give). */
static inline double ot_round(aclDataType t, double v)
{
    switch ((int)t) {
    case ACL_FLOAT:
        return (float)v;
    case ACL_FLOAT16:
        return ot_f16_to_d(ot_d_to_f16(v));
    case ACL_BF16:
        return ot_bf16_to_d(ot_d_to_bf16(v));
    case ACL_DOUBLE:
        return v;
    case ACL_BOOL:
        return v != 0;
    case ACL_INT8:
        return (int8_t)(int64_t)trunc(v); /* integers wrap */
    case ACL_UINT8:
        return (uint8_t)(int64_t)trunc(v);
    case ACL_INT16:
        return (int16_t)(int64_t)trunc(v);
    case ACL_INT32:
        return (int32_t)(int64_t)trunc(v);
    default:
        return trunc(v);
    }
}

/* Relative tolerance for results of type t computed in float32. */
static inline double ot_tol(aclDataType t)
{
    switch ((int)t) {
    case ACL_FLOAT:
        return 2e-6;
    case ACL_FLOAT16:
        return 1.5e-3;
    case ACL_BF16:
        return 1e-2;
    case ACL_DOUBLE:
        return 1e-12;
    default:
        return 0;
    }
}

/* ---- test tensors ---------------------------------------------------------- */

enum ot_layout { L_CONTIG, L_TRANS, L_GAP, L_STEP, L_COUNT };

typedef struct {
    aclTensor *t;
    void *buf;
    size_t bytes;
    aclDataType dt;
    int nd;
    int64_t dims[16], strides[16], offset, numel;
} ot_tensor;

static inline void ot_make(ot_tensor *x, aclDataType dt, int nd, const int64_t *dims, int layout)
{
    memset(x, 0, sizeof(*x));
    x->dt = dt;
    x->nd = nd;
    x->numel = 1;
    for (int i = 0; i < nd; i++) {
        x->dims[i] = dims[i];
        x->numel *= dims[i];
    }
    if (layout == L_TRANS && nd < 2)
        layout = L_STEP;
    int64_t s = 1;
    for (int i = nd - 1; i >= 0; i--) {
        x->strides[i] = s;
        s *= dims[i] > 0 ? dims[i] : 1;
    }
    if (layout == L_TRANS) { /* last two dims column-major; leading dims as row-major */
        x->strides[nd - 2] = 1;
        x->strides[nd - 1] = dims[nd - 2] > 0 ? dims[nd - 2] : 1;
    } else if (layout == L_GAP && nd >= 1) {
        int64_t row = (dims[nd - 1] > 0 ? dims[nd - 1] : 1) + 3;
        x->strides[nd - 1] = 1;
        int64_t st = row;
        for (int i = nd - 2; i >= 0; i--) {
            x->strides[i] = st;
            st *= dims[i] > 0 ? dims[i] : 1;
        }
        x->offset = 5;
    } else if (layout == L_STEP) {
        for (int i = 0; i < nd; i++)
            x->strides[i] *= 2;
        x->offset = 1;
    }
    int64_t maxoff = x->offset;
    for (int i = 0; i < nd; i++)
        if (dims[i] > 0)
            maxoff += (dims[i] - 1) * x->strides[i];
    size_t esz = aclDataTypeSize(dt);
    x->bytes = (size_t)(maxoff + 1) * esz + 64;
    x->buf = aligned_alloc(64, (x->bytes + 63) / 64 * 64);
    CHECK(x->buf);
    memset(x->buf, 0xA5, x->bytes); /* poison: gaps must stay untouched */
    int64_t storage = maxoff + 1;
    x->t = aclCreateTensor(x->dims, (uint64_t)nd, dt, x->strides, x->offset, ACL_FORMAT_ND,
                           &storage, 1, x->buf);
    CHECK(x->t);
}

static inline void ot_free(ot_tensor *x)
{
    if (x->t)
        aclDestroyTensor(x->t);
    free(x->buf);
    memset(x, 0, sizeof(*x));
}

/* OT_FREE(&a, &b, ...): ot_free on each. */
#define OT_FREE(...)                                                                               \
    ot_free_each((ot_tensor *[]){__VA_ARGS__},                                                     \
                 sizeof((ot_tensor *[]){__VA_ARGS__}) / sizeof(ot_tensor *))
static inline void ot_free_each(ot_tensor *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ot_free(v[i]);
}

/* A contiguous tensor for OT_MAKE_CONTIG to make. */
typedef struct {
    ot_tensor *x;
    aclDataType dt;
    int nd;
    const int64_t *dims;
} ot_spec;

/* OT_MAKE_CONTIG({&a, dt, nd, dims}, ...): ot_make(&a, dt, nd, dims, L_CONTIG) on each. */
#define OT_MAKE_CONTIG(...)                                                                        \
    ot_make_contig_each((const ot_spec[]){__VA_ARGS__},                                            \
                        sizeof((const ot_spec[]){__VA_ARGS__}) / sizeof(ot_spec))
static inline void ot_make_contig_each(const ot_spec *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ot_make(v[i].x, v[i].dt, v[i].nd, v[i].dims, L_CONTIG);
}

/* The output dims of reducing the dimensions marked in red[]: the others,
 * and each reduced one as 1 with keep. Returns the output rank. */
static inline int ot_keep_shape(int nd, const int64_t *dims, const bool *red, bool keep,
                                int64_t *od)
{
    int on = 0;
    for (int i = 0; i < nd; i++)
        if (!red[i])
            od[on++] = dims[i];
        else if (keep)
            od[on++] = 1;
    return on;
}

/* A reduction's shape (at most 8 dims): red[i] is set for each dimension of
 * rd[0..nrd) (negative ones count from the end; none given = all), and od[0..on)
 * are the output dims: the kept ones, each reduced one as 1 with keep. */
typedef struct {
    bool red[8];
    int64_t od[8];
    int on;
} ot_rshape;

static inline ot_rshape ot_reduce_shape(int nd, const int64_t *dims, const int64_t *rd, int nrd,
                                        bool keep)
{
    ot_rshape r = {{false}, {0}, 0};
    for (int i = 0; i < nd; i++)
        r.red[i] = nrd == 0;
    for (int i = 0; i < nrd; i++)
        r.red[rd[i] < 0 ? rd[i] + nd : rd[i]] = true;
    r.on = ot_keep_shape(nd, dims, r.red, keep, r.od);
    return r;
}

/* Scalars of a float32 and of an int64 value. */
static inline aclScalar *ot_scalar_f32(float v)
{
    aclScalar *s = aclCreateScalar(&v, ACL_FLOAT);
    CHECK(s);
    return s;
}
static inline aclScalar *ot_scalar_i64(int64_t v)
{
    aclScalar *s = aclCreateScalar(&v, ACL_INT64);
    CHECK(s);
    return s;
}

/* Linear logical index -> element pointer. */
static inline char *ot_ptr(const ot_tensor *x, int64_t lin)
{
    int64_t off = x->offset;
    for (int i = x->nd - 1; i >= 0; i--) {
        int64_t n = x->dims[i];
        off += (lin % n) * x->strides[i];
        lin /= n;
    }
    return (char *)x->buf + off * (int64_t)aclDataTypeSize(x->dt);
}

/* The T stored at p (which may be unaligned). */
#define OT_LOAD(T, p)                                                                              \
    ({                                                                                             \
        T v_;                                                                                      \
        memcpy(&v_, (p), sizeof v_);                                                               \
        v_;                                                                                        \
    })
/* Store x as a T at p (which may be unaligned). */
#define OT_STORE(T, p, x)                                                                          \
    do {                                                                                           \
        T v_ = (x);                                                                                \
        memcpy((p), &v_, sizeof v_);                                                               \
    } while (0)

static inline double ot_load(aclDataType dt, const void *p)
{
    switch ((int)dt) {
    case ACL_FLOAT:
        return OT_LOAD(float, p);
    case ACL_FLOAT16:
        return ot_f16_to_d(OT_LOAD(uint16_t, p));
    case ACL_BF16:
        return ot_bf16_to_d(OT_LOAD(uint16_t, p));
    case ACL_DOUBLE:
        return OT_LOAD(double, p);
    case ACL_INT8:
        return *(const int8_t *)p;
    case ACL_UINT8:
        return *(const uint8_t *)p;
    case ACL_INT16:
        return OT_LOAD(int16_t, p);
    case ACL_INT32:
        return OT_LOAD(int32_t, p);
    case ACL_INT64:
        return (double)OT_LOAD(int64_t, p);
    case ACL_BOOL:
        return *(const uint8_t *)p != 0;
    default:
        return NAN;
    }
}

static inline void ot_store(aclDataType dt, void *p, double v)
{
    switch ((int)dt) {
    case ACL_FLOAT:
        OT_STORE(float, p, (float)v);
        break;
    case ACL_FLOAT16:
        OT_STORE(uint16_t, p, ot_d_to_f16(v));
        break;
    case ACL_BF16:
        OT_STORE(uint16_t, p, ot_d_to_bf16(v));
        break;
    case ACL_DOUBLE:
        OT_STORE(double, p, v);
        break;
    case ACL_INT8:
        *(int8_t *)p = (int8_t)v;
        break;
    case ACL_UINT8:
        *(uint8_t *)p = (uint8_t)v;
        break;
    case ACL_INT16:
        OT_STORE(int16_t, p, (int16_t)v);
        break;
    case ACL_INT32:
        OT_STORE(int32_t, p, (int32_t)v);
        break;
    case ACL_INT64:
        OT_STORE(int64_t, p, (int64_t)v);
        break;
    case ACL_BOOL:
        *(uint8_t *)p = v != 0;
        break;
    default:
        break;
    }
}

static inline double ot_get(const ot_tensor *x, int64_t lin)
{
    return ot_load(x->dt, ot_ptr(x, lin));
}
static inline void ot_set(ot_tensor *x, int64_t lin, double v)
{
    ot_store(x->dt, ot_ptr(x, lin), v);
}

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static inline double ot_rand01(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (double)(g_rng >> 11) / 9007199254740992.0;
}

/* Fill with values in [lo, hi] suited to the type (integers: whole numbers,
 * bool: 0/1), rounded to the type. */
static inline void ot_fill(ot_tensor *x, double lo, double hi)
{
    for (int64_t i = 0; i < x->numel; i++) {
        double v = lo + (hi - lo) * ot_rand01();
        if (x->dt == ACL_BOOL)
            v = ot_rand01() < 0.5;
        else if (!ot_is_float(x->dt))
            v = floor(v + 0.5);
        ot_set(x, i, ot_round(x->dt, v));
    }
}

/* The elements of x as doubles, in logical order, in a malloc'd array (at
 * least one slot, so an empty tensor gets one too): the caller frees it. */
static inline double *ot_values(const ot_tensor *x)
{
    double *v = malloc((size_t)(x->numel > 0 ? x->numel : 1) * sizeof(double));
    CHECK(v);
    for (int64_t i = 0; i < x->numel; i++)
        v[i] = ot_get(x, i);
    return v;
}

/* An aclTensorList of t[0..n)'s tensors. */
static inline aclTensorList *ot_list(const ot_tensor *t, int n)
{
    const aclTensor *v[16];
    CHECK(n <= 16);
    for (int k = 0; k < n; k++)
        v[k] = t[k].t;
    aclTensorList *l = aclCreateTensorList(v, (uint64_t)n);
    CHECK(l);
    return l;
}

/* Make t[0..n) of types dts[k] and shapes shapes[k] of rank nds[k] in layouts
 * (layout + k) % L_COUNT, filled over [-20, 20] ([0, 20] for uint8), and
 * return the list of them. */
static inline aclTensorList *ot_make_list(ot_tensor *t, int n, const aclDataType *dts,
                                          const int *nds, int64_t (*shapes)[3], int layout)
{
    for (int k = 0; k < n; k++) {
        ot_make(&t[k], dts[k], nds[k], shapes[k], (layout + k) % L_COUNT);
        ot_fill(&t[k], dts[k] == ACL_UINT8 ? 0 : -20, 20);
    }
    return ot_list(t, n);
}

/* Destroy tl (NULL: destroyed already), which destroys the tensors in it, and
 * free the buffers of t[0..n), the tensors it was made of. */
static inline void ot_free_list(aclTensorList *tl, ot_tensor *t, int n)
{
    if (tl)
        aclDestroyTensorList(tl);
    for (int k = 0; k < n; k++) {
        t[k].t = NULL;
        ot_free(&t[k]);
    }
}

/* The softmax family's sweep: check(dt, dim, li, lo) for each float type,
 * each dim of a 3-d tensor (-1 .. 2) and each input layout li, with the
 * output in another layout lo. */
static inline void ot_softmax_sweep(void (*check)(aclDataType dt, int dim, int li, int lo))
{
    static const aclDataType f[4] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (int t = 0; t < 4; t++)
        for (int dim = -1; dim < 3; dim++)
            for (int l = 0; l < L_COUNT; l++)
                check(f[t], dim, l, (l + dim + 4) % L_COUNT);
}

/* The softmax reference's terms for element i of x (shape s[3], row-major
 * strides st[3]) along dimension d: the maximum *m of its row and the sum
 * *sum of exp(v - *m) over the row. */
static inline void ot_softmax_row(const ot_tensor *x, const int64_t *s, const int64_t *st, int d,
                                  int64_t i, double *m, double *sum)
{
    int64_t c = (i / st[d]) % s[d], base = i - c * st[d];
    *m = -INFINITY;
    *sum = 0;
    for (int64_t j = 0; j < s[d]; j++)
        *m = fmax(*m, ot_get(x, base + j * st[d]));
    for (int64_t j = 0; j < s[d]; j++)
        *sum += exp(ot_get(x, base + j * st[d]) - *m);
}

/* Index of element `lin` of a tensor of shape out[nout] in a tensor of shape
 * dims[nd] that broadcasts to it. */
static inline int64_t ot_bcast_index(int64_t lin, const int64_t *out, int nout, const int64_t *dims,
                                     int nd)
{
    int64_t idx = 0, mul = 1;
    for (int i = nout - 1; i >= 0; i--) {
        int64_t c = lin % out[i];
        lin /= out[i];
        int j = i - (nout - nd);
        if (j >= 0) {
            if (dims[j] != 1)
                idx += c * mul;
            mul *= dims[j];
        }
    }
    return idx;
}

/* Compare got with want for an out of type t whose result was computed with
 * result type rt (rounding errors of rt). */
/* Row-major linear index <-> multi-index over dims[0..nd). */
static inline void ot_unravel(int64_t lin, const int64_t *dims, int nd, int64_t *idx)
{
    for (int i = nd - 1; i >= 0; i--) {
        idx[i] = lin % dims[i];
        lin /= dims[i];
    }
}

static inline int64_t ot_ravel(const int64_t *idx, const int64_t *dims, int nd)
{
    int64_t lin = 0;
    for (int i = 0; i < nd; i++)
        lin = lin * dims[i] + idx[i];
    return lin;
}

static inline bool ot_close(aclDataType t, aclDataType rt, double got, double want)
{
    if (isnan(want))
        return isnan(got) || !ot_is_float(t);
    if (isinf(want))
        return got == want || (!ot_is_float(t));
    if (!ot_is_float(t) && !ot_is_float(rt))
        return got == want;
    double tol = ot_tol(rt) > ot_tol(t) ? ot_tol(rt) : ot_tol(t);
    if (!ot_is_float(t)) /* float result into an integer out: truncation */
        return fabs(got - trunc(want)) <= 1 + fabs(want) * tol * 4;
    return fabs(got - want) <= (fabs(want) + 1e-3) * tol * 4 + 1e-30;
}

/* ot_close for a sum of terms whose magnitudes add up to mag: a float result
 * may also differ from want by the rounding error such a sum carries, which
 * scales with mag, not with want (cancellation leaves want small). */
static inline bool ot_close_sum(aclDataType t, aclDataType rt, double got, double want, double mag)
{
    double tol = ot_tol(rt) > ot_tol(t) ? ot_tol(rt) : ot_tol(t);
    return ot_close(t, rt, got, want) || (ot_is_float(t) && fabs(got - want) <= mag * tol * 4);
}

/* Check that the poison bytes outside the tensor's elements are intact. */
static inline bool ot_gaps_intact(const ot_tensor *x)
{
    size_t esz = aclDataTypeSize(x->dt);
    unsigned char *mark = calloc(x->bytes, 1);
    CHECK(mark);
    for (int64_t i = 0; i < x->numel; i++)
        memset(mark + (ot_ptr(x, i) - (char *)x->buf), 1, esz);
    bool ok = true;
    for (size_t i = 0; i < x->bytes && ok; i++)
        ok = mark[i] || ((unsigned char *)x->buf)[i] == 0xA5;
    free(mark);
    return ok;
}

/* Run phase 2 and synchronise. */
typedef aclnnStatus (*ot_phase2)(void *, uint64_t, aclOpExecutor *, aclrtStream);
static inline void ot_run(ot_phase2 fn, uint64_t ws, aclOpExecutor *ex)
{
    CHECK(ws == 0);
    CHECK_NN(ACLNN_SUCCESS, fn(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
}

/* OT_RUN(aclnnFoo, args...): aclnnFooGetWorkspaceSize(args..., &ws, &ex) must
 * succeed; then ot_run(aclnnFoo, ws, ex). */
#define OT_RUN(op, ...)                                                                            \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        CHECK_NN(ACLNN_SUCCESS, op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_));                    \
        ot_run(op, ws_, ex_);                                                                      \
    } while (0)

/* OT_FAILS(want, aclnnFoo, args...): aclnnFooGetWorkspaceSize(args..., &ws, &ex)
 * must return the error `want` (with a message). */
#define OT_FAILS(want, op, ...)                                                                    \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        CHECK_NN(want, op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_));                             \
    } while (0)

/* OT_FAILS_NAMING(want, aclnnFoo, frag, args...): aclnnFooGetWorkspaceSize(args..., &ws, &ex)
 * must return `want` with a message naming aclnnFoo and holding frag (the message is read
 * once: reading it clears it). */
#define OT_FAILS_NAMING(want, op, frag, ...)                                                       \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus r_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                            \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (r_ != (aclnnStatus)(want) || !m_ || !strstr(m_, #op) || !strstr(m_, frag)) {           \
            fprintf(stderr, "%s:%d: %s returned %d (%s), want %d and \"%s\"\n", __FILE__,          \
                    __LINE__, #op, (int)r_, m_ ? m_ : "no message", (int)(want), frag);            \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* OT_NULL_OUTS(aclnnFoo, args...): aclnnFooGetWorkspaceSize(args..., NULL, &ex)
 * and (args..., &ws, NULL) must each return ACLNN_ERR_PARAM_NULLPTR. */
#define OT_NULL_OUTS(op, ...)                                                                      \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, op##GetWorkspaceSize(__VA_ARGS__, NULL, &ex_));          \
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, op##GetWorkspaceSize(__VA_ARGS__, &ws_, NULL));          \
    } while (0)

#endif /* CPUACL_TESTS_OPS_OPTEST_H */
