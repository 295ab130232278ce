/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Indexing and sequence operators: IndexSelect, GatherV2, Embedding, ArgMax, Cumsum,
 * Arange, Clamp.
 *
 * Semantics follow AscendCL's operators (ops-nn / ops-math op_api sources,
 * Ascend910B data type lists):
 *  X1. IndexSelect and GatherV2 move element bits (out has self's type).
 *      out = self.shape[:dim] + index.shape + self.shape[dim+1:] (a 0-d index
 *      counts as [1]); IndexSelect takes a 0-d or 1-d index. The kernel first
 *      reads every index value and checks it: IndexSelect accepts
 *      [0, n), GatherV2 [-n, n) (negative ones count from the end), with n =
 *      self.shape[dim] (1 for a 0-d self). A value outside fails the launch
 *      with ACL_ERROR_RT_AICORE_EXCEPTION before anything is written (the
 *      stream reports it at its next synchronisation); nothing is ever read
 *      out of bounds. An empty self or index makes the launch a no-op (as
 *      AscendCL: the executor does nothing), and IndexSelect checks out's
 *      shape only when both are non-empty. Embedding(weight, indices) is
 *      GatherV2 along dim 0 accepting only [0, n) (a negative index fails the
 *      launch like an out-of-range one).
 *  X2. ArgMax returns the first index of the largest value along dim; a NaN
 *      counts as larger than everything (the first NaN wins). out is INT32 or
 *      INT64. An argmax over a zero-length dim with a non-empty out is
 *      refused with 161002 (there is no answer to write).
 *  X3. Cumsum converts self to out's type as aclnnCast would (dtype must be
 *      out's type; float to integer truncates and saturates) and sums in it:
 *      floating sums accumulate in double and round per element to out's
 *      type, integer sums wrap (two's complement).
 *  X4. Arange: out may have any shape whose element count is the sequence's
 *      length (filled in row-major order; ggml passes a 4-d out). The length:
 *      ceil((end - start) / step), computed in double, or in float for
 *      FLOAT/FLOAT16/BFLOAT16 outs (either count is accepted). A float out
 *      gets start + i * step computed in double; an integer out (INT32,
 *      INT64) truncates start, end and step to integers first and wraps.
 *  X5. Clamp computes min(max(x, lo), hi) in out's type (self converted to
 *      it first, as a Cast would); lo > hi gives hi; a NaN element or bound
 *      gives NaN. An absent bound is no bound; integer bounds saturate to
 *      out's range (a bound beyond it bounds nothing, unless lo > hi).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_arange.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_clamp.h"
#include "aclnnop/aclnn_cumsum.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_gather_v2.h"
#include "aclnnop/aclnn_index_select.h"
#include "ops/ops.h"

#pragma GCC optimize("O3")

/* The data types AscendCL's Ascend910B lists give these operators (all of
 * them are within what cpuacl's kernels handle). */
#define DTM_NUM (DTM_FLOAT | DTM_INT)       /* no bool */
#define DTM_IDX (DTM(DT_I32) | DTM(DT_I64)) /* index tensors, ArgMax out */
#define DTM_ARANGE (DTM_F3 | DTM(DT_F64) | DTM_IDX)

/* ---- phase-1 helpers ------------------------------------------------------------------------- */

static aclnnStatus need_dt(const char *name, const char *what, aclDataType t, unsigned mask,
                           int *dt)
{
    *dt = ops_dt_index(t);
    if (*dt < 0 || !(mask & DTM(*dt)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, which is not supported",
                       name, what, ops_dt_name(t));
    return ACLNN_SUCCESS;
}

/* dim against a rank (a 0-d tensor counts as 1-d): the wrapped dim. */
static aclnnStatus wrap_dim(const char *name, int64_t dim, int nd, int *out)
{
    int lim = nd ? nd : 1;
    if (dim < -lim || dim >= lim)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dim %lld is out of range for a %d-dim tensor (expected [%d, %d])", name,
                       (long long)dim, nd, -lim, lim - 1);
    *out = (int)(dim < 0 ? dim + lim : dim);
    return ACLNN_SUCCESS;
}

static bool shape_is(const aclTensor *t, const int64_t *dims, int nd)
{
    if ((int)t->ndim != nd)
        return false;
    for (int i = 0; i < nd; i++)
        if (t->dims[i] != dims[i])
            return false;
    return true;
}

static aclnnStatus bad_shape(const char *name, const char *what, const aclTensor *t,
                             const int64_t *want, int nwant)
{
    char a[160], b[160];
    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has shape %s, expected %s", name, what,
                   ops_shape_str(a, sizeof a, t->dims, (int)t->ndim),
                   ops_shape_str(b, sizeof b, want, nwant));
}

static aclnnStatus check_scalar(const char *name, const char *what, const aclScalar *s)
{
    if (s->magic != OPS_MAGIC_SCALAR)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is not a live aclScalar", name, what);
    if (ops_dt_index(s->dtype) < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, which is not supported",
                       name, what, ops_dt_name(s->dtype));
    return ACLNN_SUCCESS;
}

/* ---- kernel helpers -------------------------------------------------------------------------- */

/* Gather a view (row-major order) into a contiguous buffer of kind ck. */
static void load_view(void *buf, int ck, const struct ops_tensor *t, void *const *addr)
{
    ops_load_fn ld = ops_loader(ck, t->dt);
    int64_t esz = ops_dt_size(t->dt), csz = ops_ck_size(ck);
    const char *base = ops_base(t, addr);
    int nd = t->ndim;
    if (nd == 0) {
        ld(buf, base, esz, 1);
        return;
    }
    int64_t inner = t->dims[nd - 1], idx[OPS_MAX_DIMS] = {0};
    char *b = buf;
    do {
        ld(b, base + ops_odo_off(idx, t->strides, nd - 1) * esz, t->strides[nd - 1] * esz, inner);
        b += inner * csz;
    } while (ops_odo_next(idx, t->dims, nd - 1));
}

/* Copy n elements of esz bytes between two strided runs (strides in bytes). */
static void copy_run(char *d, int64_t ds, const char *s, int64_t ss, int64_t n, int esz)
{
    if (ds == esz && ss == esz) {
        memcpy(d, s, (size_t)(n * esz));
        return;
    }
#define COPY_RUN(T)                                                                                \
    for (int64_t i = 0; i < n; i++) {                                                              \
        T v;                                                                                       \
        memcpy(&v, s + i * ss, sizeof v);                                                          \
        memcpy(d + i * ds, &v, sizeof v);                                                          \
    }                                                                                              \
    break
    switch (esz) {
    case 1:
        COPY_RUN(uint8_t);
    case 2:
        COPY_RUN(uint16_t);
    case 4:
        COPY_RUN(uint32_t);
    default:
        COPY_RUN(uint64_t);
    }
#undef COPY_RUN
}

/* Copy an nd-dim block of esz-byte elements between two views (element
 * strides dst_st / src_st over the same dims). */
static void copy_block(char *dst, const int64_t *dst_st, const char *src, const int64_t *src_st,
                       const int64_t *dims, int nd, int esz)
{
    if (nd == 0) {
        memcpy(dst, src, (size_t)esz);
        return;
    }
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        copy_run(dst + ops_odo_off(idx, dst_st, nd - 1) * esz, dst_st[nd - 1] * esz,
                 src + ops_odo_off(idx, src_st, nd - 1) * esz, src_st[nd - 1] * esz, dims[nd - 1],
                 esz);
    } while (ops_odo_next(idx, dims, nd - 1));
}

/* ---- IndexSelect / GatherV2 ------------------------------------------------------------------ */

struct gather_plan {
    struct ops_tensor x, idx, out;
    int dim;       /* self's dim (0 for a 0-d self) */
    int kdims;     /* out dims the index positions span: index ndim, at least 1 */
    int64_t lim;   /* self.shape[dim] (1 for a 0-d self) */
    bool negative; /* negative index values count from the end (GatherV2) */
};

static int32_t gather_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gather_plan *p = e->plan;
    int64_t n = p->idx.numel;
    int64_t *iv = malloc((size_t)n * sizeof(int64_t));
    if (!iv)
        return ACL_ERROR_BAD_ALLOC;
    load_view(iv, CK_I64, &p->idx, addr);
    /* X1: validate every index before writing anything. */
    for (int64_t j = 0; j < n; j++) {
        int64_t v = iv[j];
        if (v < 0 && p->negative)
            v += p->lim;
        if (v < 0 || v >= p->lim) {
            free(iv);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
        iv[j] = v;
    }
    int esz = (int)ops_dt_size(p->x.dt);
    const char *xb = ops_base(&p->x, addr);
    char *ob = ops_base(&p->out, addr);
    const struct ops_tensor *x = &p->x, *o = &p->out;
    if (x->ndim == 0) { /* out is 0-d too: the one element */
        memcpy(ob, xb, (size_t)esz);
        free(iv);
        return 0;
    }
    /* Outer space: out dims [0, d + k): the leading d shared with self, then
     * the index positions; the trailing dims of both are the copied block. */
    int d = p->dim, no = d + p->kdims, npost = x->ndim - d - 1;
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        int64_t xo = 0, oo = 0, j = 0;
        for (int q = 0; q < d; q++) {
            xo += idx[q] * x->strides[q];
            oo += idx[q] * o->strides[q];
        }
        for (int q = d; q < no; q++) {
            j = j * o->dims[q] + idx[q];
            oo += idx[q] * o->strides[q];
        }
        xo += iv[j] * x->strides[d];
        copy_block(ob + oo * esz, o->strides + no, xb + xo * esz, x->strides + d + 1,
                   x->dims + d + 1, npost, esz);
    } while (ops_odo_next(idx, o->dims, no));
    free(iv);
    return 0;
}

enum gather_kind { GK_INDEX_SELECT, GK_GATHER_V2, GK_EMBEDDING };

static aclnnStatus gather_op(const char *name, int kind, const aclTensor *self, int64_t dim,
                             const aclTensor *index, const aclTensor *out, uint64_t *ws,
                             aclOpExecutor **ex)
{
    /* Embedding is GatherV2 along dim 0 of a weight of at least 1 dim, with
     * indices in [0, n) only (CANN rejects negative ones). */
    bool gv2 = kind != GK_INDEX_SELECT;
    OPS_CHECK_NULLS(name, self, index, out, ws, ex);
    aclnnStatus rc;
    int sdt, idt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(index, name, "index")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = need_dt(name, "self", self->dtype, DTM_ALL, &sdt)) ||
        (rc = need_dt(name, "index", index->dtype, DTM_IDX, &idt)) ||
        (rc = need_dt(name, "out", out->dtype, DTM_ALL, &odt)))
        return rc;
    if (odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self has %s; they must match",
                       name, ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    int nd = (int)self->ndim, d = 0;
    if (kind == GK_EMBEDDING && nd == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight must have at least 1 dim", name);
    if (!gv2 && nd == 0 && out->ndim != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self is 0-d, so out must be 0-d too", name);
    if ((rc = wrap_dim(name, dim, nd, &d)))
        return rc;
    if (!gv2 && index->ndim > 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index has %u dims, at most 1 is supported",
                       name, index->ndim);
    /* Expected out shape (X1). */
    int64_t want[OPS_TENSOR_MAX_DIMS];
    int nw = 0;
    if (nd > 0) {
        for (int q = 0; q < d; q++)
            want[nw++] = self->dims[q];
        if (index->ndim == 0)
            want[nw++] = 1;
        for (uint32_t q = 0; q < index->ndim; q++)
            want[nw++] = index->dims[q];
        for (int q = d + 1; q < nd; q++)
            want[nw++] = self->dims[q];
    }
    int64_t sn = ops_numel(self->dims, nd), in = ops_numel(index->dims, (int)index->ndim);
    bool check = gv2 || (sn > 0 && in > 0); /* AscendCL's IndexSelect skips it when empty */
    if (check && !shape_is(out, want, nw))
        return bad_shape(name, "out", out, want, nw);

    OPS_PLAN(e, p, name, 2, 1, struct gather_plan, NULL, {&p->x, self, "self"},
             {&p->idx, index, "index"}, {&p->out, out, "out"});
    p->dim = d;
    p->kdims = index->ndim ? (int)index->ndim : 1;
    p->lim = nd ? self->dims[d] : 1;
    p->negative = kind == GK_GATHER_V2;
    e->run = sn > 0 && in > 0 && p->out.numel > 0 ? gather_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnIndexSelectGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                             const aclTensor *index, aclTensor *out, WS)
{
    return gather_op("aclnnIndexSelect", GK_INDEX_SELECT, self, dim, index, out, workspaceSize, executor);
}
PHASE2(IndexSelect)

aclnnStatus aclnnGatherV2GetWorkspaceSize(const aclTensor *self, int64_t dim,
                                          const aclTensor *index, aclTensor *out, WS)
{
    return gather_op("aclnnGatherV2", GK_GATHER_V2, self, dim, index, out, workspaceSize, executor);
}
PHASE2(GatherV2)

aclnnStatus aclnnEmbeddingGetWorkspaceSize(const aclTensor *weight, const aclTensor *indices,
                                           const aclTensor *out, WS)
{
    return gather_op("aclnnEmbedding", GK_EMBEDDING, weight, 0, indices, out, workspaceSize,
                     executor);
}
PHASE2(Embedding)

/* ---- ArgMax ---------------------------------------------------------------------------------- */

struct argmax_plan {
    struct ops_tensor x, out;
    int dim; /* self's dim (0 for a 0-d self) */
    int on;  /* outer dims: every self dim but dim */
    int64_t odims[OPS_MAX_DIMS], xst[OPS_MAX_DIMS], ost[OPS_MAX_DIMS];
};

static int32_t argmax_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct argmax_plan *p = e->plan;
    const struct ops_tensor *x = &p->x;
    bool fl = ops_dt_is_float(x->dt);
    int ck = fl ? CK_F64 : CK_I64;
    int64_t len = x->ndim ? x->dims[p->dim] : 1;
    void *row = malloc((size_t)len * 8);
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    ops_load_fn ld = ops_loader(ck, x->dt);
    int64_t xe = ops_dt_size(x->dt), oe = ops_dt_size(p->out.dt);
    int64_t xs = (x->ndim ? x->strides[p->dim] : 1) * xe;
    const char *xb = ops_base(x, addr);
    char *ob = ops_base(&p->out, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        ld(row, xb + ops_odo_off(idx, p->xst, p->on) * xe, xs, len);
        int64_t best = 0;
        if (fl) {
            const double *r = row;
            double m = r[0];
            for (int64_t i = 0; i < len && m == m; i++) /* X2: stop at the first NaN */
                if (r[i] > m || r[i] != r[i]) {
                    m = r[i];
                    best = i;
                }
        } else {
            const int64_t *r = row;
            int64_t m = r[0];
            for (int64_t i = 1; i < len; i++)
                if (r[i] > m) {
                    m = r[i];
                    best = i;
                }
        }
        ops_store_i64(ob + ops_odo_off(idx, p->ost, p->on) * oe, p->out.dt, best);
    } while (ops_odo_next(idx, p->odims, p->on));
    free(row);
    return 0;
}

aclnnStatus aclnnArgMaxGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim,
                                        aclTensor *out, WS)
{
    const char *name = "aclnnArgMax";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt, d = 0;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = need_dt(name, "self", self->dtype, DTM_NUM, &sdt)) ||
        (rc = need_dt(name, "out", out->dtype, DTM_IDX, &odt)))
        return rc;
    int nd = (int)self->ndim;
    if ((rc = wrap_dim(name, dim, nd, &d)))
        return rc;
    int64_t want[OPS_MAX_DIMS];
    int nw = 0;
    for (int q = 0; q < nd; q++)
        if (q != d)
            want[nw++] = self->dims[q];
        else if (keepdim)
            want[nw++] = 1;
    /* A 0-d self: a 0-d out, or [1] (AscendCL reshapes self to [1]). */
    bool ok =
        nd ? shape_is(out, want, nw) : (out->ndim == 0 || (out->ndim == 1 && out->dims[0] == 1));
    if (!ok)
        return bad_shape(name, "out", out, want, nw);
    int64_t on_el = ops_numel(out->dims, (int)out->ndim);
    if (on_el > 0 && ops_numel(self->dims, nd) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: argmax over the empty dim %d of self has no result", name, d);

    OPS_PLAN(e, p, name, 1, 1, struct argmax_plan, NULL, {&p->x, self, "self"},
             {&p->out, out, "out"});
    p->dim = d;
    for (int q = 0, oq = 0; q < nd; q++) {
        if (q == d) {
            oq += keepdim;
            continue;
        }
        p->odims[p->on] = self->dims[q];
        p->xst[p->on] = self->strides[q];
        p->ost[p->on] = out->strides[oq++];
        p->on++;
    }
    e->run = on_el > 0 ? argmax_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ArgMax)

/* ---- Cumsum ---------------------------------------------------------------------------------- */

/* The value range of an integer type (int64's for the others). */
static void int_range(int dt, int64_t *lo, int64_t *hi)
{
    switch (dt) {
    case DT_I8:
        *lo = INT8_MIN, *hi = INT8_MAX;
        break;
    case DT_U8:
        *lo = 0, *hi = UINT8_MAX;
        break;
    case DT_I16:
        *lo = INT16_MIN, *hi = INT16_MAX;
        break;
    case DT_I32:
        *lo = INT32_MIN, *hi = INT32_MAX;
        break;
    default:
        *lo = INT64_MIN, *hi = INT64_MAX;
        break;
    }
}

struct cumsum_plan {
    struct ops_tensor x, out;
    int dim; /* (0 for a 0-d self) */
    int on;  /* outer dims: every dim but dim */
    int64_t odims[OPS_MAX_DIMS], xst[OPS_MAX_DIMS], ost[OPS_MAX_DIMS];
};

static int32_t cumsum_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct cumsum_plan *p = e->plan;
    const struct ops_tensor *x = &p->x, *o = &p->out;
    bool fl = ops_dt_is_float(o->dt), from_float = ops_dt_is_float(x->dt);
    int ck = fl ? CK_F64 : CK_I64;
    int64_t lo, hi;
    int_range(o->dt, &lo, &hi);
    int64_t len = x->ndim ? x->dims[p->dim] : 1;
    void *row = malloc((size_t)len * 8);
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    ops_load_fn ld = ops_loader(ck, x->dt);
    ops_store_fn st = ops_storer(ck, o->dt);
    int64_t xe = ops_dt_size(x->dt), oe = ops_dt_size(o->dt);
    int64_t xs = (x->ndim ? x->strides[p->dim] : 1) * xe;
    int64_t os = (o->ndim ? o->strides[p->dim] : 1) * oe;
    const char *xb = ops_base(x, addr);
    char *ob = ops_base(o, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        ld(row, xb + ops_odo_off(idx, p->xst, p->on) * xe, xs, len);
        if (fl) {
            double *r = row, s = 0;
            ops_round_f64(r, len, o->dt); /* self converted to out's type first (X3) */
            for (int64_t i = 0; i < len; i++)
                r[i] = (s += r[i]);
        } else { /* the wrapped int64 sum stores as the wrapped sum in out's type */
            int64_t *r = row;
            uint64_t s = 0;
            if (from_float) /* a float -> integer Cast saturates (to int64 by the loader) */
                for (int64_t i = 0; i < len; i++)
                    r[i] = r[i] < lo ? lo : r[i] > hi ? hi : r[i];
            for (int64_t i = 0; i < len; i++)
                r[i] = (int64_t)(s += (uint64_t)r[i]);
        }
        st(ob + ops_odo_off(idx, p->ost, p->on) * oe, os, row, len);
    } while (ops_odo_next(idx, p->odims, p->on));
    free(row);
    return 0;
}

aclnnStatus aclnnCumsumGetWorkspaceSize(const aclTensor *self, int64_t dim, aclDataType dtype,
                                        aclTensor *out, WS)
{
    const char *name = "aclnnCumsum";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt, d = 0;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = need_dt(name, "out", out->dtype, DTM_NUM, &odt)) ||
        (rc = need_dt(name, "self", self->dtype, DTM_ALL, &sdt)))
        return rc;
    if (dtype != out->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dtype %s differs from out's type %s", name,
                       ops_dt_name(dtype), ops_dt_name(out->dtype));
    if (!ops_same_shape(self, out))
        return bad_shape(name, "out", out, self->dims, (int)self->ndim);
    int nd = (int)self->ndim;
    if ((rc = wrap_dim(name, dim, nd, &d)))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct cumsum_plan, NULL, {&p->x, self, "self"},
             {&p->out, out, "out"});
    p->dim = d;
    for (int q = 0; q < nd; q++)
        if (q != d) {
            p->odims[p->on] = self->dims[q];
            p->xst[p->on] = self->strides[q];
            p->ost[p->on] = out->strides[q];
            p->on++;
        }
    e->run = p->x.numel > 0 ? cumsum_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Cumsum)

/* ---- Arange ---------------------------------------------------------------------------------- */

#define ARANGE_CHUNK 512

struct arange_plan {
    struct ops_tensor out;
    bool integer;
    double fstart, fstep;
    int64_t istart, istep;
};

static int32_t arange_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct arange_plan *p = e->plan;
    const struct ops_tensor *o = &p->out;
    int ck = p->integer ? CK_I64 : CK_F64;
    ops_store_fn st = ops_storer(ck, o->dt);
    int nd = o->ndim;
    int64_t oe = ops_dt_size(o->dt), n = o->numel;
    /* Rows along the last dim (a 0-d out is one row of one element); the
     * outer dims are walked row-major with an odometer. */
    int64_t inner = nd ? o->dims[nd - 1] : 1, os = nd ? o->strides[nd - 1] * oe : oe;
    int64_t idx[OPS_MAX_DIMS] = {0};
    char *row = ops_base(o, addr);
    union {
        double f[ARANGE_CHUNK];
        int64_t i[ARANGE_CHUNK];
    } buf;
    for (int64_t base = 0; base < n; base += inner) {
        for (int64_t b = 0; b < inner; b += ARANGE_CHUNK) {
            int64_t m = inner - b < ARANGE_CHUNK ? inner - b : ARANGE_CHUNK;
            for (int64_t k = 0; k < m; k++) {
                int64_t j = base + b + k;
                if (p->integer) /* wraps (X4) */
                    buf.i[k] = (int64_t)((uint64_t)p->istart + (uint64_t)j * (uint64_t)p->istep);
                else
                    buf.f[k] = p->fstart + (double)j * p->fstep;
            }
            st(row + b * os, os, &buf, m);
        }
        for (int d = nd - 2; d >= 0; d--) {
            row += o->strides[d] * oe;
            if (++idx[d] < o->dims[d])
                break;
            row -= o->strides[d] * o->dims[d] * oe;
            idx[d] = 0;
        }
    }
    return 0;
}

aclnnStatus aclnnArangeGetWorkspaceSize(const aclScalar *start, const aclScalar *end,
                                        const aclScalar *step, aclTensor *out, WS)
{
    const char *name = "aclnnArange";
    OPS_CHECK_NULLS(name, start, end, step, out, workspaceSize, executor);
    aclnnStatus rc;
    int odt;
    if ((rc = check_scalar(name, "start", start)) || (rc = check_scalar(name, "end", end)) ||
        (rc = check_scalar(name, "step", step)) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = need_dt(name, "out", out->dtype, DTM_ARANGE, &odt)))
        return rc;
    bool integer = !ops_dt_is_float(odt);
    double fs = ops_scalar_f64(start), fe = ops_scalar_f64(end), fst = ops_scalar_f64(step);
    int64_t is = ops_scalar_i64(start), ie = ops_scalar_i64(end), ist = ops_scalar_i64(step);
    /* The element count (X4): exact for integers; in double and, for the
     * float32 family, also in float. */
    uint64_t n1, n2;
    if (!isfinite(fs) || !isfinite(fe) || !isfinite(fst)) /* integer scalars are always finite */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: start, end and step must be finite", name);
    if (integer) {
        if (ist == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: step must be nonzero (as an integer)",
                           name);
        if ((ist > 0 && is > ie) || (ist < 0 && is < ie))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: start %lld, end %lld and step %lld are inconsistent (the step's "
                           "sign must lead from start to end)",
                           name, (long long)is, (long long)ie, (long long)ist);
        /* |end - start| and |step| as unsigned: exact even across the int64 range. */
        uint64_t span = ist > 0 ? (uint64_t)ie - (uint64_t)is : (uint64_t)is - (uint64_t)ie;
        uint64_t ust = ist > 0 ? (uint64_t)ist : 0 - (uint64_t)ist;
        n1 = n2 = span / ust + (span % ust != 0);
    } else {
        bool f32 = odt != DT_F64;
        float gs = (float)fs, ge = (float)fe, gst = (float)fst;
        if (f32 ? gst == 0 : fst == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: step must be nonzero", name);
        if (f32 ? ((gst > 0 && gs > ge) || (gst < 0 && gs < ge))
                : ((fst > 0 && fs > fe) || (fst < 0 && fs < fe)))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: start %g, end %g and step %g are inconsistent (the step's sign "
                           "must lead from start to end)",
                           name, fs, fe, fst);
        /* A count that is negative (the float reading's sign check passed,
         * the double one's would not) or too long for any tensor is
         * unusable: UINT64_MAX matches no length. Refused only when both
         * readings are unusable. */
        double c1 = ceil((fe - fs) / fst);
        double c2 = f32 ? (double)ceilf((ge - gs) / gst) : c1;
        n1 = c1 >= 0 && c1 < 9.2e18 ? (uint64_t)c1 : UINT64_MAX;
        n2 = c2 >= 0 && c2 < 9.2e18 ? (uint64_t)c2 : UINT64_MAX;
        if (n1 == UINT64_MAX && n2 == UINT64_MAX)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the sequence is too long", name);
    }
    uint64_t len = (uint64_t)ops_numel(out->dims, (int)out->ndim);
    if (len != n1 && len != n2) {
        int64_t want = (int64_t)(n1 != UINT64_MAX ? n1 : n2);
        char sh[160];
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out has shape %s (%llu elements); the sequence has %lld", name,
                       ops_shape_str(sh, sizeof sh, out->dims, (int)out->ndim),
                       (unsigned long long)len, (long long)want);
    }
    struct aclOpExecutor *e = ops_exec_plan(name, 0, 1, sizeof(struct arange_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct arange_plan *p = e->plan;
    *p = (struct arange_plan){
        .integer = integer, .fstart = fs, .fstep = fst, .istart = is, .istep = ist};
    if ((rc = OPS_VIEWS(e, {&p->out, out, "out"})))
        return rc;
    e->run = p->out.numel > 0 ? arange_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Arange)

/* ---- Clamp ----------------------------------------------------------------------------------- */

/* Through the elementwise engine (ew.c): one input converted to the compute
 * kind of out's type; p->f / p->i hold the bounds. */
#define KCLAMP_F(NAME, T)                                                                          \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        const T lo = (T)p->f[0], hi = (T)p->f[1];                                                  \
        if (lo != lo || hi != hi) {                                                                \
            for (int64_t i = 0; i < n; i++)                                                        \
                o[i] = lo != lo ? lo : hi;                                                         \
            return;                                                                                \
        }                                                                                          \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            T y = x < lo ? lo : x;                                                                 \
            o[i] = y > hi ? hi : y; /* a NaN x compares false: stays NaN */                        \
        }                                                                                          \
    }
KCLAMP_F(clamp_f32, float)
KCLAMP_F(clamp_f64, double)

/* Integers: the element is first wrapped to out's type (the Cast of self). */
static void clamp_i64(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    int64_t *o = o_;
    const int64_t *a = in[0];
    int64_t lo = p->i[0], hi = p->i[1];
    int dt = (int)p->i[2];
    for (int64_t i = 0; i < n; i++) {
        int64_t x = a[i];
        switch (dt) {
        case DT_I8:
            x = (int8_t)x;
            break;
        case DT_U8:
            x = (uint8_t)x;
            break;
        case DT_I16:
            x = (int16_t)x;
            break;
        case DT_I32:
            x = (int32_t)x;
            break;
        default:
            break;
        }
        x = x < lo ? lo : x;
        o[i] = x > hi ? hi : x;
    }
}

/* Clamp, ClampMin, ClampMax, InplaceClampMax: one body (X5). */
static aclnnStatus clamp_op(const char *name, const aclTensor *self, const aclScalar *clipValueMin,
                            const aclScalar *clipValueMax, const aclTensor *out,
                            uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, out);
    if (!clipValueMin && !clipValueMax)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: clipValueMin and clipValueMax are both NULL (at least one bound is "
                       "needed)",
                       name);
    OPS_CHECK_NULLS(name, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = need_dt(name, "self", self->dtype, DTM_NUM, &sdt)) ||
        (rc = need_dt(name, "out", out->dtype, DTM_NUM, &odt)) ||
        (clipValueMin && (rc = check_scalar(name, "clipValueMin", clipValueMin))) ||
        (clipValueMax && (rc = check_scalar(name, "clipValueMax", clipValueMax))))
        return rc;
    if (!ops_same_shape(self, out))
        return bad_shape(name, "out", out, self->dims, (int)self->ndim);
    bool empty = ops_numel(self->dims, (int)self->ndim) == 0;
    /* AscendCL checks the cast only for non-empty tensors. */
    if (!empty && !ops_can_cast(sdt, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self's type %s cannot be cast to out's type %s", name,
                       ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    int ck = ops_ck_for(odt);
    struct ew_params prm;
    memset(&prm, 0, sizeof prm);
    ew_kern_fn kern;
    if (ck == CK_I64) {
        int64_t tlo, thi; /* X5: bounds saturate to out's range */
        int_range(odt, &tlo, &thi);
        int64_t blo = clipValueMin ? ops_scalar_i64(clipValueMin) : tlo;
        int64_t bhi = clipValueMax ? ops_scalar_i64(clipValueMax) : thi;
        prm.i[0] = blo < tlo ? tlo : blo > thi ? thi : blo;
        prm.i[1] = bhi < tlo ? tlo : bhi > thi ? thi : bhi;
        prm.i[2] = odt;
        kern = clamp_i64;
    } else {
        /* The bounds in out's type (as AscendCL converts the scalars). */
        double b[2] = {clipValueMin ? ops_scalar_f64(clipValueMin) : -INFINITY,
                       clipValueMax ? ops_scalar_f64(clipValueMax) : INFINITY};
        ops_round_f64(b, 2, odt);
        prm.f[0] = b[0];
        prm.f[1] = b[1];
        kern = ck == CK_F64 ? clamp_f64 : clamp_f32;
    }
    struct aclOpExecutor *e = ops_exec_new(name, 1, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor tx, to;
    const struct ops_tensor *pin[1] = {&tx};
    if ((rc = OPS_VIEWS(e, {&tx, self, "self"}, {&to, out, "out"})))
        return rc;
    struct ew_plan *pl = malloc(sizeof(*pl));
    if (!pl || ew_plan_init(pl, ck, kern, &to, pin, 1)) {
        free(pl);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    pl->rt = (int8_t)odt;
    memcpy(pl->p.f, prm.f, sizeof prm.f);
    memcpy(pl->p.i, prm.i, sizeof prm.i);
    e->plan = pl;
    e->fini = ew_exec_fini;
    e->run = pl->numel > 0 ? ew_exec_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnClampGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin,
                                       const aclScalar *clipValueMax, aclTensor *out, WS)
{
    return clamp_op("aclnnClamp", self, clipValueMin, clipValueMax, out, workspaceSize, executor);
}
aclnnStatus aclnnClampMinGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin,
                                          aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnClampMin", clipValueMin);
    return clamp_op("aclnnClampMin", self, clipValueMin, NULL, out, workspaceSize, executor);
}
aclnnStatus aclnnClampMaxGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMax,
                                          aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnClampMax", clipValueMax);
    return clamp_op("aclnnClampMax", self, NULL, clipValueMax, out, workspaceSize, executor);
}
aclnnStatus aclnnInplaceClampMaxGetWorkspaceSize(const aclTensor *selfRef,
                                                 const aclScalar *clipValueMax, WS)
{
    OPS_CHECK_NULL("aclnnInplaceClampMax", clipValueMax);
    return clamp_op("aclnnInplaceClampMax", selfRef, NULL, clipValueMax, selfRef, workspaceSize,
                    executor);
}
PHASE2(Clamp)
PHASE2(ClampMin)
PHASE2(ClampMax)
PHASE2(InplaceClampMax)
