/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operators whose output element is an input element chosen per dimension,
 * or a constant: ConstantPadNd, the reflection, replication and circular pads
 * (1-3d) and their backward forms, Roll, RepeatInterleaveIntWithDim
 * (UpsampleNearest2d moved to ops/image/upsample.c, the upsampling plan).
 *
 * The engine (phase 1 builds, remap_run runs):
 *  RM1. out and self have one type and one rank; every out dim d has a table
 *      map[d][o] = the self index along d feeding out index o, or -1 when
 *      out's element there is the constant (padding). An out element takes
 *      self[map[0][o0], ..., map[nd-1][o(nd-1)]] when no entry is -1, else
 *      the constant. This holds for every operator here because each of them
 *      acts on every dim independently (Roll's flat form, dims empty, is the
 *      exception: remap_flat_run, one linear map).
 *  RM2. Rows along the last dim are walked with an odometer over the outer
 *      dims; a row whose outer entries include -1 is all constant. Elements
 *      move as raw bits of the type's size (no conversion: the types match).
 *  PD1. The mode pads (reflection, replication, circular) are per-dim
 *      tables too (pad_src); their backward forms sum gradOutput into
 *      gradInput through the same tables (pad_backward_run: a double
 *      accumulator, one pass over gradOutput).
 *  PD2. PadV2 (ops-math's experimental pad_v2) is ConstantPadNd with its pads as attributes:
 *      (pad0, pad1) before and after dim 0, (pad2, pad3) dim 1, ... for x of 1 to 4 dims (the
 *      pads of absent dims unused), each >= 0, and value an integer converted to x's type.
 *      CANN's kernel does not read mode (its tiling stores it): every mode pads with value.
 * Semantics per operator are in the comments of the builders below and in
 * the headers.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_constant_pad_nd.h"
#include "aclnnop/aclnn_circular_pad2d.h"
#include "aclnnop/aclnn_circular_pad2d_backward.h"
#include "aclnnop/aclnn_circular_pad3d.h"
#include "aclnnop/aclnn_circular_pad3d_backward.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "aclnnop/aclnn_pad_v2.h"
#include "aclnnop/aclnn_reflection_pad1d.h"
#include "aclnnop/aclnn_reflection_pad1d_v2.h"
#include "aclnnop/aclnn_reflection_pad1d_backward.h"
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_reflection_pad3d.h"
#include "aclnnop/aclnn_reflection_pad3d_backward.h"
#include "aclnnop/aclnn_replication_pad1d.h"
#include "aclnnop/aclnn_replication_pad1d_backward.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "aclnnop/aclnn_replication_pad3d.h"
#include "aclnnop/aclnn_replication_pad3d_backward.h"
#include "aclnnop/aclnn_repeat_interleave.h"
#include "aclnnop/aclnn_roll.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h" /* RepeatInterleaveIntWithDim's row */
#include "ops/shape/shape.h"
#include "ops/shape/table.h"

#pragma GCC optimize("O3")

struct remap_plan {
    struct ops_tensor in, out;
    int64_t *map[OPS_MAX_DIMS]; /* RM1, into maps */
    int64_t *maps;
    int64_t flat_shift; /* Roll with dims empty */
    unsigned char cval[16];
    struct ops_tensor cv; /* ops_pad_nd's value tensor, read at each launch when cv_live */
    bool cv_live;
};

static void remap_fini(struct aclOpExecutor *e)
{
    struct remap_plan *p = e->plan;
    if (p) {
        free(p->maps);
        free(p);
    }
}

#define ROW_COPY(T)                                                                                \
    do {                                                                                           \
        T *o = (T *)orow;                                                                          \
        const T *s = (const T *)srow;                                                              \
        T c;                                                                                       \
        memcpy(&c, cval, sizeof c);                                                                \
        if (!srow) {                                                                               \
            for (int64_t j = 0; j < inner; j++)                                                    \
                o[j * ost] = c;                                                                    \
        } else {                                                                                   \
            for (int64_t j = 0; j < inner; j++) {                                                  \
                int64_t m = last[j];                                                               \
                o[j * ost] = m >= 0 ? s[m * ist] : c;                                              \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static int32_t remap_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct remap_plan *p = e->plan;
    const struct ops_tensor *in = &p->in, *out = &p->out;
    int nd = out->ndim, esz = (int)ops_dt_size(out->dt);
    char *ob = ops_base(out, addr);
    const char *ib = ops_base(in, addr);
    const unsigned char *cval =
        p->cv_live ? (const unsigned char *)ops_base(&p->cv, addr) : p->cval;
    if (nd == 0) {
        memcpy(ob, ib, (size_t)esz);
        return 0;
    }
    int64_t inner = out->dims[nd - 1], ost = out->strides[nd - 1], ist = in->strides[nd - 1];
    const int64_t *last = p->map[nd - 1];
    int64_t idx[OPS_MAX_DIMS] = {0};
    int64_t rows = out->numel / inner;
    for (int64_t r = 0; r < rows; r++) {
        int64_t ooff = 0, ioff = 0;
        bool valid = true;
        for (int d = 0; d < nd - 1; d++) {
            int64_t m = p->map[d][idx[d]];
            valid &= m >= 0;
            ooff += idx[d] * out->strides[d];
            ioff += m * in->strides[d];
        }
        char *orow = ob + ooff * esz;
        const char *srow = valid ? ib + ioff * esz : NULL;
        switch (esz) {
        case 1:
            ROW_COPY(uint8_t);
            break;
        case 2:
            ROW_COPY(uint16_t);
            break;
        case 4:
            ROW_COPY(uint32_t);
            break;
        default:
            ROW_COPY(uint64_t);
            break;
        }
        for (int d = nd - 2; d >= 0; d--) {
            if (++idx[d] < out->dims[d])
                break;
            idx[d] = 0;
        }
    }
    return 0;
}

/* Element offset of the lin-th element (row-major) of a view. */
static inline int64_t lin_off(const struct ops_tensor *t, int64_t lin)
{
    int64_t off = 0;
    for (int d = t->ndim - 1; d >= 0; d--) {
        off += (lin % t->dims[d]) * t->strides[d];
        lin /= t->dims[d];
    }
    return off;
}

/* Roll over the flattened tensor: out flat j = in flat (j - shift) mod n. */
static int32_t remap_flat_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct remap_plan *p = e->plan;
    const struct ops_tensor *in = &p->in, *out = &p->out;
    int esz = (int)ops_dt_size(out->dt);
    char *ob = ops_base(out, addr);
    const char *ib = ops_base(in, addr);
    int64_t n = out->numel, s = p->flat_shift;
    for (int64_t j = 0; j < n; j++) {
        int64_t src = j - s < 0 ? j - s + n : j - s;
        memcpy(ob + lin_off(out, j) * esz, ib + lin_off(in, src) * esz, (size_t)esz);
    }
    return 0;
}

/* Phase 1 common part: checks self / out (types equal, in mask; ranks
 * equal; out's shape = want), builds the executor and the plan with empty
 * tables of out's sizes (of map_dims when not NULL: the pads' backward). cv, when not NULL,
 * is a second input whose one element is the constant (read at each launch). */
static aclnnStatus remap_begin_cv(const char *name, const aclTensor *self, const aclTensor *cv,
                                  const aclTensor *out, unsigned mask, const int64_t *want,
                                  const int64_t *map_dims, struct aclOpExecutor **pe,
                                  struct remap_plan **pp)
{
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_need_dt(name, "self", self->dtype, mask, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, mask, &odt)))
        return rc;
    if (sdt != odt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    if ((rc = ops_check_shape(name, want, (int)self->ndim, out, "out")))
        return rc;
    struct aclOpExecutor *e =
        ops_exec_plan(name, cv ? 2 : 1, 1, sizeof(struct remap_plan), remap_fini);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct remap_plan *p = e->plan;
    int64_t total = 0;
    bool big = false; /* the tables would not fit the address space (an empty out can say so) */
    if (!map_dims)
        map_dims = want;
    for (uint32_t d = 0; d < self->ndim; d++)
        big |= __builtin_add_overflow(total, map_dims[d], &total);
    big |= total > (int64_t)(SIZE_MAX / sizeof(int64_t));
    if (big || !(p->maps = malloc((size_t)(total ? total : 1) * sizeof(int64_t)))) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    if ((rc =
             cv ? OPS_VIEWS(e, {&p->in, self, "self"}, {&p->cv, cv, "value"}, {&p->out, out, "out"})
                : OPS_VIEWS(e, {&p->in, self, "self"}, {&p->out, out, "out"})))
        return rc;
    p->cv_live = cv != NULL;
    int64_t at = 0;
    for (uint32_t d = 0; d < self->ndim; d++) {
        p->map[d] = p->maps + at;
        at += map_dims[d];
    }
    *pe = e;
    *pp = p;
    return ACLNN_SUCCESS;
}

static aclnnStatus remap_begin(const char *name, const aclTensor *self, const aclTensor *out,
                               unsigned mask, const int64_t *want, const int64_t *map_dims,
                               struct aclOpExecutor **pe, struct remap_plan **pp)
{
    return remap_begin_cv(name, self, NULL, out, mask, want, map_dims, pe, pp);
}

/* Fill the identity table for dim d. */
static void map_identity(struct remap_plan *p, int d)
{
    for (int64_t o = 0; o < p->out.dims[d]; o++)
        p->map[d][o] = o;
}

static aclnnStatus remap_done(struct aclOpExecutor *e, uint64_t *ws, aclOpExecutor **ex)
{
    struct remap_plan *p = e->plan;
    e->run = p->out.numel ? remap_run : NULL;
    return ops_exec_done(e, ws, ex);
}

/* The checks a remap operator opens with: self, out, workspaceSize and executor not NULL, then
 * self's and out's ranks. REMAP_CHECK_ARGS first checks the operator's own pointer arguments
 * (the variadic ones) for NULL. */
#define REMAP_CHECK(name, self, out)                                                               \
    do {                                                                                           \
        OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);                                 \
        aclnnStatus rc_;                                                                           \
        if ((rc_ = ops_check_dims(self, name, "self")) ||                                          \
            (rc_ = ops_check_dims(out, name, "out")))                                              \
            return rc_;                                                                            \
    } while (0)
#define REMAP_CHECK_ARGS(name, self, out, ...)                                                     \
    do {                                                                                           \
        OPS_CHECK_NULLS(name, __VA_ARGS__);                                                        \
        REMAP_CHECK(name, self, out);                                                              \
    } while (0)

/* ---- ConstantPadNd ------------------------------------------------------------------------- */

aclnnStatus aclnnConstantPadNdGetWorkspaceSize(const aclTensor *self, const aclIntArray *pad,
                                               const aclScalar *value, aclTensor *out, WS)
{
    const char *name = "aclnnConstantPadNd";
    REMAP_CHECK_ARGS(name, self, out, pad, value);
    int nd = (int)self->ndim;
    if (pad->n % 2 || pad->n > 2 * (uint64_t)nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: pad has %llu values; it needs an even number, at most twice self's "
                       "%d dims",
                       name, (unsigned long long)pad->n, nd);
    if (!ops_dt_in(value->dtype, OPS_DT2_ConstantPadNd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: value has data type %s, not supported", name,
                       ops_dt_name(value->dtype));
    int64_t want[OPS_MAX_DIMS], lo[OPS_MAX_DIMS] = {0};
    for (int d = 0; d < nd; d++) {
        int k = nd - 1 - d; /* pairs run from the last dim backwards */
        int64_t b = 2 * (uint64_t)k < pad->n ? pad->v[2 * k] : 0;
        int64_t a = 2 * (uint64_t)k + 1 < pad->n ? pad->v[2 * k + 1] : 0;
        lo[d] = b;
        if (__builtin_add_overflow(self->dims[d], a, &want[d]) ||
            __builtin_add_overflow(want[d], b, &want[d]))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: padding %lld, %lld of dim %d (size %lld) overflows int64", name,
                           (long long)b, (long long)a, d, (long long)self->dims[d]);
        if (want[d] < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: padding %lld, %lld of dim %d (size %lld) leaves a negative size",
                           name, (long long)b, (long long)a, d, (long long)self->dims[d]);
    }
    struct aclOpExecutor *e;
    struct remap_plan *p;
    aclnnStatus rc = remap_begin(name, self, out, OPS_DT_ConstantPadNd, want, NULL, &e, &p);
    if (rc)
        return rc;
    for (int d = 0; d < nd; d++)
        for (int64_t o = 0; o < want[d]; o++) {
            int64_t i = o - lo[d];
            p->map[d][o] = i >= 0 && i < self->dims[d] ? i : -1;
        }
    ops_scalar_to(p->cval, p->out.dt, value);
    return remap_done(e, workspaceSize, executor);
}
PHASE2(ConstantPadNd)

/* ---- PadV2 (PD2) --------------------------------------------------------------------------- */

aclnnStatus aclnnPadV2GetWorkspaceSize(const aclTensor *x, int64_t mode, int64_t value,
                                       int64_t pad0, int64_t pad1, int64_t pad2, int64_t pad3,
                                       int64_t pad4, int64_t pad5, int64_t pad6, int64_t pad7,
                                       aclTensor *y, WS)
{
    const char *name = "aclnnPadV2";
    (void)mode; /* not read by CANN's kernel (PD2) */
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(y, name, "y")))
        return rc;
    const int nd = (int)x->ndim;
    const int64_t pads[8] = {pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7};
    if (nd < 1 || nd > 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims, 1 to 4 are supported", name,
                       nd);
    int64_t want[4];
    for (int d = 0; d < nd; d++) {
        if (pads[2 * d] < 0 || pads[2 * d + 1] < 0 ||
            __builtin_add_overflow(x->dims[d], pads[2 * d], &want[d]) ||
            __builtin_add_overflow(want[d], pads[2 * d + 1], &want[d]))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: pad%d, pad%d (%lld, %lld) of dim %d must be >= 0", name, 2 * d,
                           2 * d + 1, (long long)pads[2 * d], (long long)pads[2 * d + 1], d);
    }
    struct aclOpExecutor *e;
    struct remap_plan *p;
    if ((rc = remap_begin(name, x, y, OPS_DT_PadV2, want, NULL, &e, &p)))
        return rc;
    for (int d = 0; d < nd; d++)
        for (int64_t o = 0; o < want[d]; o++) {
            int64_t i = o - pads[2 * d];
            p->map[d][o] = i >= 0 && i < x->dims[d] ? i : -1;
        }
    const struct aclScalar v = {.dtype = ACL_INT64, .v.i64 = value};
    ops_scalar_to(p->cval, p->out.dt, &v);
    return remap_done(e, workspaceSize, executor);
}
PHASE2(PadV2)

/* ---- Reflection, replication and circular padding (PD1) -----------------------------------
 */

/* PD1: the self index out index o of a dim of size w padded by lo in front reads, -1 for the
 * constant. The mirrors and the wrap are periodic, so any pad the callers' checks let through
 * maps: reflect has period 2(w - 1) (... 2 1 | 0 1 2 | 1 0 ...), symmetric 2w (... 1 0 | 0 1 2 |
 * 2 1 ...), circular w. */
static int64_t pad_src(enum ops_pad_mode mode, int64_t o, int64_t lo, int64_t w)
{
    int64_t i = o - lo, per;
    if (i >= 0 && i < w)
        return i;
    switch (mode) {
    case OPS_PAD_EDGE:
        return i < 0 ? 0 : w - 1;
    case OPS_PAD_REFLECT:
        per = 2 * (w - 1);
        if (per == 0)
            return 0;
        i = ((i % per) + per) % per;
        return i < w ? i : per - i;
    case OPS_PAD_SYMMETRIC:
        per = 2 * w;
        if (per == 0)
            return -1;
        i = ((i % per) + per) % per;
        return i < w ? i : per - 1 - i;
    case OPS_PAD_CIRCULAR:
        return w == 0 ? -1 : ((i % w) + w) % w;
    default:
        return -1;
    }
}

/* checks self (k + 1 or k + 2 dims for a k-d pad) and padding (2k values, last dim's pair
 * first), gives the padded shape want and the front pads lo per dim. */
static aclnnStatus pad_shape(const char *name, enum ops_pad_mode mode, int k, const aclTensor *self,
                             const char *sname, const aclIntArray *padding, int64_t *want,
                             int64_t *lo)
{
    int nd = (int)self->ndim;
    if (nd != k + 1 && nd != k + 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %d dims (%d or %d are supported)", name,
                       sname, nd, k + 1, k + 2);
    if (padding->n != 2 * (uint64_t)k)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: padding has %llu values, %d are needed", name,
                       (unsigned long long)padding->n, 2 * k);
    for (int d = 0; d < nd; d++) {
        want[d] = self->dims[d];
        lo[d] = 0;
    }
    for (int j = 0; j < k; j++) {
        int d = nd - 1 - j;
        int64_t w = self->dims[d], l = padding->v[2 * j], r = padding->v[2 * j + 1];
        bool ok = mode == OPS_PAD_REFLECT    ? l >= 0 && r >= 0 && l < w && r < w
                  : mode == OPS_PAD_CIRCULAR ? l >= 0 && r >= 0 && l <= w && r <= w && w > 0
                                             : l >= 0 && r >= 0 && w > 0;
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: padding %lld, %lld of dim %d (size %lld) is out of range (%s)",
                           name, (long long)l, (long long)r, d, (long long)w,
                           mode == OPS_PAD_REFLECT    ? "each must be in [0, size)"
                           : mode == OPS_PAD_CIRCULAR ? "each must be in [0, size], size > 0"
                                                      : "each must be >= 0, size > 0");
        want[d] = w + l + r;
        lo[d] = l;
    }
    return ACLNN_SUCCESS;
}

static void pad_maps(struct remap_plan *p, enum ops_pad_mode mode, const int64_t *src_dims,
                     const int64_t *lo, int nd)
{
    for (int d = 0; d < nd; d++)
        for (int64_t o = 0; o < p->out.dims[d]; o++)
            p->map[d][o] = pad_src(mode, o, lo[d], src_dims[d]);
}

static aclnnStatus pad_forward(const char *name, enum ops_pad_mode mode, int k, unsigned types,
                               const aclTensor *self, const aclIntArray *padding,
                               const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    int64_t want[OPS_MAX_DIMS], lo[OPS_MAX_DIMS];
    aclnnStatus rc;
    if ((rc = pad_shape(name, mode, k, self, "self", padding, want, lo)))
        return rc;
    struct aclOpExecutor *e;
    struct remap_plan *p;
    if ((rc = remap_begin(name, self, out, types, want, NULL, &e, &p)))
        return rc;
    pad_maps(p, mode, self->dims, lo, (int)self->ndim);
    return remap_done(e, ws, ex);
}

/* PD1, backward: gradInput[i] = the sum of gradOutput over the out indices whose source is i,
 * summed in double in gradOutput's row-major order, then stored in gradInput's type. */
static int32_t pad_backward_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct remap_plan *p = e->plan;
    const struct ops_tensor *g = &p->in, *gi = &p->out;
    int nd = g->ndim;
    int64_t n = gi->numel, cst[OPS_MAX_DIMS], s = 1;
    for (int d = nd - 1; d >= 0; d--) {
        cst[d] = s;
        s *= gi->dims[d];
    }
    double *acc = calloc((size_t)n, sizeof(double));
    if (!acc)
        return ACLNN_ERR_INNER;
    ops_load_fn ld = ops_loader(CK_F64, g->dt);
    ops_store_fn st = ops_storer(CK_F64, gi->dt);
    const char *gb = ops_base(g, addr);
    int64_t esz = ops_dt_size(g->dt), inner = g->dims[nd - 1], idx[OPS_MAX_DIMS] = {0};
    double row[512];
    for (int64_t r = 0; r < g->numel / inner; r++) {
        int64_t goff = 0, ioff = 0;
        for (int d = 0; d < nd - 1; d++) {
            goff += idx[d] * g->strides[d];
            ioff += p->map[d][idx[d]] * cst[d];
        }
        for (int64_t b = 0; b < inner; b += 512) {
            int64_t m = inner - b < 512 ? inner - b : 512;
            ld(row, gb + (goff + b * g->strides[nd - 1]) * esz, g->strides[nd - 1] * esz, m);
            for (int64_t j = 0; j < m; j++)
                acc[ioff + p->map[nd - 1][b + j]] += row[j];
        }
        for (int d = nd - 2; d >= 0; d--) {
            if (++idx[d] < g->dims[d])
                break;
            idx[d] = 0;
        }
    }
    /* acc is row-major over gradInput's dims: store it row by row */
    char *ob = ops_base(gi, addr);
    int64_t oesz = ops_dt_size(gi->dt), oin = gi->dims[nd - 1];
    memset(idx, 0, sizeof idx);
    for (int64_t r = 0; r < n / oin; r++) {
        int64_t ooff = 0;
        for (int d = 0; d < nd - 1; d++)
            ooff += idx[d] * gi->strides[d];
        st(ob + ooff * oesz, gi->strides[nd - 1] * oesz, acc + r * oin, oin);
        for (int d = nd - 2; d >= 0; d--) {
            if (++idx[d] < gi->dims[d])
                break;
            idx[d] = 0;
        }
    }
    free(acc);
    return 0;
}

static aclnnStatus pad_backward(const char *name, enum ops_pad_mode mode, int k, unsigned types,
                                const aclTensor *gradOutput, const aclTensor *self,
                                const aclIntArray *padding, const aclTensor *gradInput,
                                uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, gradOutput, self, padding, gradInput, ws, ex);
    int64_t want[OPS_MAX_DIMS], lo[OPS_MAX_DIMS];
    aclnnStatus rc;
    int sdt;
    if ((rc = ops_check_dims(gradOutput, name, "gradOutput")) ||
        (rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(gradInput, name, "gradInput")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = pad_shape(name, mode, k, self, "self", padding, want, lo)) ||
        (rc = ops_check_shape(name, want, (int)self->ndim, gradOutput, "gradOutput")) ||
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, gradInput, "gradInput")))
        return rc;
    if (gradOutput->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput has type %s, self %s", name,
                       ops_dt_name(gradOutput->dtype), ops_dt_name(self->dtype));
    /* remap_begin's plan: in = gradOutput, out = gradInput; the maps index gradOutput's dims */
    struct aclOpExecutor *e;
    struct remap_plan *p;
    if ((rc = remap_begin(name, gradOutput, gradInput, types, self->dims, want, &e, &p)))
        return rc;
    for (int d = 0; d < (int)self->ndim; d++)
        for (int64_t o = 0; o < want[d]; o++)
            p->map[d][o] = pad_src(mode, o, lo[d], self->dims[d]);
    e->run = p->in.numel ? pad_backward_run : NULL;
    if (!p->in.numel && p->out.numel) { /* nothing to sum: zeros */
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput is empty, gradInput is not", name);
    }
    return ops_exec_done(e, ws, ex);
}

/* PadV3's pad (ops/proto/shape.c, its checks there): every dim padded by lo before it (out's
 * dims give the rest; a negative pad crops), in any mode; value (NULL: zero bits) a one-element
 * tensor of self's type read at each launch. */
aclnnStatus ops_pad_nd(const aclTensor *self, const int64_t *lo, enum ops_pad_mode mode,
                       const aclTensor *value, aclTensor *out, uint64_t *workspaceSize,
                       aclOpExecutor **executor)
{
    const char *name = "PadV3";
    REMAP_CHECK(name, self, out);
    if (out->ndim != self->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y has %u dims, x %u", name,
                       (unsigned)out->ndim, (unsigned)self->ndim);
    if (value && (value->dtype != self->dtype || ops_numel(value->dims, (int)value->ndim) != 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: constant_values must be one element of x's type", name);
    struct aclOpExecutor *e;
    struct remap_plan *p;
    aclnnStatus rc =
        remap_begin_cv(name, self, value, out, OPS_DT_ConstantPadNd, out->dims, NULL, &e, &p);
    if (rc)
        return rc;
    for (int d = 0; d < (int)self->ndim; d++)
        for (int64_t o = 0; o < out->dims[d]; o++)
            p->map[d][o] = pad_src(mode, o, lo[d], self->dims[d]);
    return remap_done(e, workspaceSize, executor);
}

#define PAD_FWD(Name, mode, k, types)                                                              \
    aclnnStatus aclnn##Name##GetWorkspaceSize(const aclTensor *self, const aclIntArray *padding,   \
                                              aclTensor *out, WS)                                  \
    {                                                                                              \
        REMAP_CHECK_ARGS("aclnn" #Name, self, out, padding);                                       \
        return pad_forward("aclnn" #Name, mode, k, types, self, padding, out, workspaceSize,       \
                           executor);                                                              \
    }                                                                                              \
    PHASE2(Name)
#define PAD_BWD(Name, mode, k, types)                                                              \
    aclnnStatus aclnn##Name##GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,  \
                                              const aclIntArray *padding, aclTensor *gradInput,    \
                                              WS)                                                  \
    {                                                                                              \
        return pad_backward("aclnn" #Name, mode, k, types, gradOutput, self, padding, gradInput,   \
                            workspaceSize, executor);                                              \
    }                                                                                              \
    PHASE2(Name)

PAD_FWD(ReflectionPad1d, OPS_PAD_REFLECT, 1, OPS_DT_ReflectionPad1d)
PAD_FWD(ReflectionPad2d, OPS_PAD_REFLECT, 2, OPS_DT_ReflectionPad2d)
PAD_FWD(ReflectionPad3d, OPS_PAD_REFLECT, 3, OPS_DT_ReflectionPad3d)
PAD_FWD(ReplicationPad1d, OPS_PAD_EDGE, 1, OPS_DT_ReplicationPad1d)
PAD_FWD(ReplicationPad2d, OPS_PAD_EDGE, 2, OPS_DT_ReplicationPad2d)
PAD_FWD(ReplicationPad3d, OPS_PAD_EDGE, 3, OPS_DT_ReplicationPad3d)
PAD_FWD(CircularPad2d, OPS_PAD_CIRCULAR, 2, OPS_DT_CircularPad2d)
PAD_FWD(CircularPad3d, OPS_PAD_CIRCULAR, 3, OPS_DT_CircularPad3d)
PAD_BWD(ReflectionPad1dBackward, OPS_PAD_REFLECT, 1, OPS_DT_ReflectionPad1dBackward)
PAD_BWD(ReflectionPad2dBackward, OPS_PAD_REFLECT, 2, OPS_DT_ReflectionPad2dBackward)
PAD_BWD(ReflectionPad3dBackward, OPS_PAD_REFLECT, 3, OPS_DT_ReflectionPad3dBackward)
PAD_BWD(ReplicationPad1dBackward, OPS_PAD_EDGE, 1, OPS_DT_ReplicationPad1dBackward)
PAD_BWD(ReplicationPad2dBackward, OPS_PAD_EDGE, 2, OPS_DT_ReplicationPad2dBackward)
PAD_BWD(ReplicationPad3dBackward, OPS_PAD_EDGE, 3, OPS_DT_ReplicationPad3dBackward)
PAD_BWD(CircularPad2dBackward, OPS_PAD_CIRCULAR, 2, OPS_DT_CircularPad2dBackward)
PAD_BWD(CircularPad3dBackward, OPS_PAD_CIRCULAR, 3, OPS_DT_CircularPad3dBackward)

/* ReflectionPad1dV2 (ops-math's experimental reflection_pad1d_v2): ReflectionPad1d's reflection of
 * the last dim of x of 1 to 3 dims (its infershape's range: a 1-d x is padded too), paddings
 * {left, right} each in [0, size), the float types of its op definition. */
aclnnStatus aclnnReflectionPad1dV2GetWorkspaceSize(const aclTensor *x, const aclIntArray *paddings,
                                                   aclTensor *y, WS)
{
    static const char name[] = "aclnnReflectionPad1dV2";
    REMAP_CHECK_ARGS(name, x, y, x, paddings, y);
    if (x->ndim != 1)
        return pad_forward(name, OPS_PAD_REFLECT, 1, OPS_DT_ReflectionPad1dV2, x, paddings, y,
                           workspaceSize, executor);
    int64_t w = x->dims[0];
    if (paddings->n != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: paddings has %llu values, 2 are needed", name,
                       (unsigned long long)paddings->n);
    int64_t l = paddings->v[0], r = paddings->v[1];
    if (l < 0 || r < 0 || l >= w || r >= w)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: paddings %lld, %lld of dim 0 (size %lld) is out of range (each must be "
                       "in [0, size))",
                       name, (long long)l, (long long)r, (long long)w);
    int64_t want[1] = {w + l + r}, lo[1] = {l};
    struct aclOpExecutor *e;
    struct remap_plan *p;
    aclnnStatus rc = remap_begin(name, x, y, OPS_DT_ReflectionPad1dV2, want, NULL, &e, &p);
    if (rc)
        return rc;
    pad_maps(p, OPS_PAD_REFLECT, x->dims, lo, 1);
    return remap_done(e, workspaceSize, executor);
}
PHASE2(ReflectionPad1dV2)

/* ---- Roll -------------------------------------------------------------------------------------
 */

aclnnStatus aclnnRollGetWorkspaceSize(const aclTensor *x, const aclIntArray *shifts,
                                      const aclIntArray *dims, aclTensor *out, WS)
{
    const char *name = "aclnnRoll";
    REMAP_CHECK_ARGS(name, x, out, shifts, dims);
    int nd = (int)x->ndim;
    bool flat = dims->n == 0;
    if (flat ? shifts->n != 1 : shifts->n != dims->n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %llu shifts for %llu dims (as many as dims, or one with no dims)", name,
                       (unsigned long long)shifts->n, (unsigned long long)dims->n);
    int64_t shift[OPS_MAX_DIMS] = {0};
    for (uint64_t k = 0; k < dims->n; k++) {
        int64_t d = dims->v[k];
        if (d < -nd || d >= nd || nd == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dims[%llu] = %lld is outside [%d, %d]",
                           name, (unsigned long long)k, (long long)d, -nd, nd - 1);
        d = d < 0 ? d + nd : d;
        int64_t n = x->dims[d];
        if (n)
            shift[d] = ((shift[d] + shifts->v[k] % n) % n + n) % n; /* repeated dims add */
    }
    struct aclOpExecutor *e;
    struct remap_plan *p;
    aclnnStatus rc = remap_begin(name, x, out, OPS_DT_Roll, x->dims, NULL, &e, &p);
    if (rc)
        return rc;
    if (flat) {
        int64_t n = p->out.numel;
        p->flat_shift = n ? ((shifts->v[0] % n) + n) % n : 0;
        e->run = n ? remap_flat_run : NULL;
        return ops_exec_done(e, workspaceSize, executor);
    }
    for (int d = 0; d < nd; d++) {
        int64_t n = x->dims[d];
        for (int64_t o = 0; o < n; o++)
            p->map[d][o] = o - shift[d] < 0 ? o - shift[d] + n : o - shift[d];
    }
    return remap_done(e, workspaceSize, executor);
}
PHASE2(Roll)

/* ---- RepeatInterleaveIntWithDim -----------------------------------------------------------------
 */

aclnnStatus aclnnRepeatInterleaveIntWithDimGetWorkspaceSize(const aclTensor *self, int64_t repeats,
                                                            int64_t dim, int64_t outputSize,
                                                            aclTensor *out, WS)
{
    const char *name = "aclnnRepeatInterleaveIntWithDim";
    REMAP_CHECK(name, self, out);
    int nd = (int)self->ndim;
    if (nd == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self must have 1 to 8 dims", name);
    if (dim < -nd || dim >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is outside [%d, %d]", name,
                       (long long)dim, -nd, nd - 1);
    int d = (int)(dim < 0 ? dim + nd : dim);
    int64_t size;
    if (repeats < 0 || __builtin_mul_overflow(repeats, self->dims[d], &size))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: repeats %lld must be >= 0", name,
                       (long long)repeats);
    if (outputSize != size)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: outputSize %lld is not repeats (%lld) times dim %d's size (%lld)", name,
                       (long long)outputSize, (long long)repeats, d, (long long)self->dims[d]);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
    want[d] = size;
    struct aclOpExecutor *e;
    struct remap_plan *p;
    aclnnStatus rc =
        remap_begin(name, self, out, OPS_DT_RepeatInterleaveIntWithDim, want, NULL, &e, &p);
    if (rc)
        return rc;
    for (int k = 0; k < nd; k++)
        if (k != d)
            map_identity(p, k);
    for (int64_t o = 0; o < size; o++)
        p->map[d][o] = o / repeats;
    return remap_done(e, workspaceSize, executor);
}
PHASE2(RepeatInterleaveIntWithDim)
