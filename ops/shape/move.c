/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Data-movement operators: Permute, Cat, Slice, Repeat, Tril / Triu and the
 * in-place Tril / Triu; the move plan view.c builds its operators on (move.h).
 *
 * All but Tril/Triu are strided copies ("moves"). Phase 1 describes each as
 * an index space of up to 16 dims with a source and a destination view over
 * it (element strides, element offsets, address slots):
 *  MV1. Permute: the destination is out, the source is self with its dims and
 *      strides reordered by dims. Slice: self with start's offset added and
 *      dim's stride multiplied by step. Repeat: out dim i splits into the
 *      pair (repeats[i], self dim i) with a zero source stride on the first
 *      (hence up to 2 x 8 dims). Cat: one move per input, into the sub-view of
 *      out that starts at the input's position along dim.
 *  MV2. A move is normalised once, in phase 1: size-1 dims dropped,
 *      neighbours merged where both views are contiguous across them. A
 *      contiguous copy of any rank is then a single memmove.
 *  MV3. The run walks the index space in out's logical (row-major) order. An
 *      innermost run is a memmove when both sides have unit stride and the
 *      same type; otherwise it goes through a stack buffer with engine/dtype.c's
 *      converters (gather + convert, convert + scatter), MV_CHUNK elements at
 *      a time. A zero source stride reads one element for the whole run.
 *      A same-type move whose destination is unit-stride inside but whose
 *      source is unit-stride along another dim (a transpose: Permute, or a
 *      column-major input) is "tiled": that dim moves next to the innermost
 *      (the order of the outer dims is free, as no two index points share a
 *      destination) and the last two dims are copied in square blocks of
 *      64-byte rows (at least TILE elements a side), so both sides stay in
 *      cache.
 *  MV4. The same type on both sides moves bits (NaN payloads and -0.0 survive).
 *      Cat converts each input to the list's promoted type and then to out's
 *      type, as AscendCL's Cat does (cast, concat, cast): in double when a
 *      floating type is involved, else in int64 (exact: the promoted integer
 *      type holds every input's values).
 *  MV5. Tril/Triu go row by row over the last two dims: the kept columns
 *      [lo, hi) are copied and the others set to zero (all-zero bytes are 0
 *      in every supported type). When out is self (in place) the kept part is
 *      not touched.
 *  MV6. Empty tensors: phase 1 validates as usual and builds an executor with
 *      nothing to run (e->run = NULL).
 *  MV7. A zero move (view.c: Diag of a vector, DiagFlat) has a destination
 *      only and writes all-zero bytes over it; the moves of a plan run in
 *      order, so a later move writes over it (the diagonal).
 *
 * The argument checks follow AscendCL's op_api sources (ops-math:
 * aclnn_permute, aclnn_cat, aclnn_slice, aclnn_repeat, aclnn_tril,
 * aclnn_triu); the choices where they say nothing are in docs/aclnn.md.
 * Plans are immutable after phase 1 (engine/exec.c EX4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/engine.h"
#include "ops/shape/move.h"
#include "ops/shape/table.h"
#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_repeat.h"
#include "aclnnop/aclnn_slice.h"
#include "aclnnop/aclnn_tril.h"
#include "aclnnop/aclnn_triu.h"
#include "aclnnop/aclnn_trilu.h"

#pragma GCC optimize("O3")

#define MV_CHUNK 512          /* elements per buffered step (8-byte kinds: 4 KiB) */
#define TILE 16               /* least elements per side of a transposed block (MV3) */
#define CAT_MAX_TENSORS 32766 /* slots and groups are int16_t; out takes one */

/* ---- moves (MV1-MV4) ------------------------------------------------------------------------ */

/* Source and destination of a same-type move (MV4); the caller fills the dims. */
void mv_ends(struct mv *m, const struct ops_tensor *s, const struct ops_tensor *d)
{
    m->sdt = s->dt;
    m->ddt = d->dt;
    m->sslot = s->slot;
    m->dslot = d->slot;
    m->soff = s->offset;
    m->doff = d->offset;
    m->ck = (int8_t)ops_ck_raw(s->dt);
    m->pdt = DT_NONE;
}

/* MV2: drop size-1 dims, merge contiguous neighbours. */
static void mv_normalise(struct mv *m)
{
    int k = 0;
    m->numel = 1;
    for (int d = 0; d < m->nd; d++) {
        m->numel *= m->dims[d];
        if (m->dims[d] == 1)
            continue;
        if (k > 0 && m->sst[k - 1] == m->sst[d] * m->dims[d] &&
            m->dstr[k - 1] == m->dstr[d] * m->dims[d]) {
            m->dims[k - 1] *= m->dims[d];
            m->sst[k - 1] = m->sst[d];
            m->dstr[k - 1] = m->dstr[d];
            continue;
        }
        m->dims[k] = m->dims[d];
        m->sst[k] = m->sst[d];
        m->dstr[k] = m->dstr[d];
        k++;
    }
    if (k == 0) { /* a single element */
        m->dims[0] = 1;
        m->sst[0] = 0;
        m->dstr[0] = 0;
        k = 1;
    }
    m->nd = k;
    /* MV3: a transpose-like same-type move becomes tiled. */
    int last = k - 1;
    if (!m->zero && m->ck >= CK_RAW1 && k >= 2 && m->dstr[last] == 1 && m->sst[last] != 1 &&
        m->dims[last] >= TILE) {
        for (int q = last - 1; q >= 0; q--) {
            if (m->sst[q] != 1 || m->dims[q] < TILE)
                continue;
            int64_t dq = m->dims[q], sq = m->sst[q], tq = m->dstr[q];
            for (int j = q; j < last - 1; j++) {
                m->dims[j] = m->dims[j + 1];
                m->sst[j] = m->sst[j + 1];
                m->dstr[j] = m->dstr[j + 1];
            }
            m->dims[last - 1] = dq;
            m->sst[last - 1] = sq;
            m->dstr[last - 1] = tq;
            m->tiled = true;
            break;
        }
    }
}

/* Blocked transpose of an R x C block: d[i * dr + j] = s[i + j * sc]. */
#define DEF_TILE(NAME, T, SIDE)                                                                    \
    static void NAME(char *d_, int64_t dr, const char *s_, int64_t sc, int64_t R, int64_t C)       \
    {                                                                                              \
        T *d = (T *)(void *)d_;                                                                    \
        const T *s = (const T *)(const void *)s_;                                                  \
        for (int64_t i0 = 0; i0 < R; i0 += SIDE) {                                                 \
            int64_t i1 = R - i0 < SIDE ? R : i0 + SIDE;                                            \
            for (int64_t j0 = 0; j0 < C; j0 += SIDE) {                                             \
                int64_t j1 = C - j0 < SIDE ? C : j0 + SIDE;                                        \
                for (int64_t i = i0; i < i1; i++)                                                  \
                    for (int64_t j = j0; j < j1; j++)                                              \
                        d[i * dr + j] = s[i + j * sc];                                             \
            }                                                                                      \
        }                                                                                          \
    }
/* Sides: one 64-byte line per block row, and at least TILE elements. */
DEF_TILE(tile_1, uint8_t, 64)
DEF_TILE(tile_2, uint16_t, 32)
DEF_TILE(tile_4, uint32_t, TILE)
DEF_TILE(tile_8, uint64_t, TILE)

typedef void (*tile_fn)(char *, int64_t, const char *, int64_t, int64_t, int64_t);

/* n elements from s (byte stride ssb) to d (byte stride dsb); same type when
 * ck is a RAW kind, else converted through a ck buffer (rounded through pdt). */
static void run_copy(char *d, int64_t dsb, const char *s, int64_t ssb, int64_t n, int sdt, int ddt,
                     int ck, int pdt)
{
    int64_t esz = ops_dt_size(sdt);
    if (ck >= CK_RAW1 && ssb == esz && dsb == esz) {
        memmove(d, s, (size_t)(n * esz));
        return;
    }
    ops_load_fn ld = ops_loader(ck, sdt);
    ops_store_fn st = ops_storer(ck, ddt);
    _Alignas(64) unsigned char buf[MV_CHUNK * 8];
    for (int64_t j = 0; j < n; j += MV_CHUNK) {
        int64_t c = n - j < MV_CHUNK ? n - j : MV_CHUNK;
        ld(buf, s + j * ssb, ssb, c);
        if (pdt != DT_NONE)
            ops_round_f64((double *)(void *)buf, c, pdt);
        st(d + j * dsb, dsb, buf, c);
    }
}

/* n zero elements of esz bytes at d, byte stride dsb (all-zero bytes are 0 in every type). */
static void mv_zero_run(char *d, int64_t dsb, int64_t n, int64_t esz)
{
    if (n <= 0)
        return;
    if (dsb == esz) {
        memset(d, 0, (size_t)(n * esz));
        return;
    }
    for (int64_t j = 0; j < n; j++)
        memset(d + j * dsb, 0, (size_t)esz);
}

/* MV3: walk the outer dims (odometer over element offsets), copy inner runs. */
static void mv_run(const struct mv *m, void *const *addr)
{
    if (m->numel == 0)
        return;
    const int64_t ssz = ops_dt_size(m->sdt), dsz = ops_dt_size(m->ddt);
    const char *sbase = (const char *)addr[m->sslot];
    char *dbase = (char *)addr[m->dslot];
    const int nd = m->nd;
    const int64_t inner = m->dims[nd - 1], outer = m->numel / inner;
    const int64_t ssb = m->sst[nd - 1] * ssz, dsb = m->dstr[nd - 1] * dsz;
    int64_t idx[MV_MAX_DIMS] = {0};
    int64_t so = m->soff, dof = m->doff;
    /* Tiled: the odometer covers nd - 2 dims, each step one R x C block. */
    const int od = m->tiled ? nd - 2 : nd - 1;
    const int64_t steps = m->tiled ? outer / m->dims[nd - 2] : outer;
    static const tile_fn tiles[9] = {[1] = tile_1, [2] = tile_2, [4] = tile_4, [8] = tile_8};
    for (int64_t o = 0; o < steps; o++) {
        if (m->zero)
            mv_zero_run(dbase + dof * dsz, dsb, inner, dsz);
        else if (m->tiled)
            tiles[ssz](dbase + dof * dsz, m->dstr[nd - 2], sbase + so * ssz, m->sst[nd - 1],
                       m->dims[nd - 2], inner);
        else
            run_copy(dbase + dof * dsz, dsb, sbase + so * ssz, ssb, inner, m->sdt, m->ddt, m->ck,
                     m->pdt);
        for (int d = od - 1; d >= 0; d--) {
            so += m->sst[d];
            dof += m->dstr[d];
            if (++idx[d] < m->dims[d])
                break;
            so -= m->sst[d] * m->dims[d];
            dof -= m->dstr[d] * m->dims[d];
            idx[d] = 0;
        }
    }
}

void mv_launch(struct mv *m, void *const *addr)
{
    mv_normalise(m);
    mv_run(m, addr);
}

static int32_t mv_exec_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mv_plan *p = e->plan;
    for (int i = 0; i < p->n; i++)
        mv_run(&p->m[i], addr);
    return 0;
}

struct aclOpExecutor *mv_exec_new(const char *name, uint16_t nin, uint16_t nout, int n)
{
    struct aclOpExecutor *e = ops_exec_plan(
        name, nin, nout, sizeof(struct mv_plan) + (size_t)n * sizeof(struct mv), NULL);
    if (e)
        ((struct mv_plan *)e->plan)->n = n;
    return e;
}

void mv_cast(struct mv *m, int prom)
{
    if (m->sdt == m->ddt)
        return;
    bool fl = ops_dt_is_float(m->sdt) || ops_dt_is_float(m->ddt) || ops_dt_is_float(prom);
    m->ck = fl ? CK_F64 : CK_I64;
    m->pdt = (int8_t)(fl && prom != m->sdt ? prom : DT_NONE);
}

aclnnStatus mv_finish(struct aclOpExecutor *e, uint64_t *ws, aclOpExecutor **ex)
{
    struct mv_plan *p = e->plan;
    bool any = false;
    for (int i = 0; i < p->n; i++) {
        mv_normalise(&p->m[i]);
        any |= p->m[i].numel > 0;
    }
    e->run = any ? mv_exec_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus mv_single(const char *name, const aclTensor *self, const aclTensor *out,
                      struct aclOpExecutor **pe, struct ops_tensor *x, struct ops_tensor *o)
{
    struct aclOpExecutor *e = mv_exec_new(name, 1, 1, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    aclnnStatus rc;
    if ((rc = OPS_VIEWS(e, {x, self, "self"}, {o, out, "out"})))
        return rc;
    mv_ends(&((struct mv_plan *)e->plan)->m[0], x, o);
    *pe = e;
    return ACLNN_SUCCESS;
}

/* The one-to-one move Permute and Slice plan: out must have the shape want[nd], and out dim k
 * walks self's dim perm[k] (dim k when perm is NULL). Gives the executor, self's view and the
 * move, which the caller may still adjust (Slice's start offset and step). */
static aclnnStatus mv_dims(const char *name, const aclTensor *self, const aclTensor *out,
                           const int64_t *want, int nd, const int *perm, struct aclOpExecutor **pe,
                           struct ops_tensor *x, struct mv **pm)
{
    aclnnStatus rc;
    if ((rc = ops_check_out_shape(name, out, want, nd)))
        return rc;
    struct ops_tensor o;
    if ((rc = mv_single(name, self, out, pe, x, &o)))
        return rc;
    struct mv *m = &((struct mv_plan *)(*pe)->plan)->m[0];
    m->nd = nd;
    for (int k = 0; k < nd; k++) {
        m->dims[k] = o.dims[k];
        m->sst[k] = x->strides[perm ? perm[k] : k];
        m->dstr[k] = o.strides[k];
    }
    *pm = m;
    return ACLNN_SUCCESS;
}

/* ---- shared checks -------------------------------------------------------------------------- */

/* self and out: live, at most 8 dims, a type of the operator's row (types), the same type. */
aclnnStatus mv_check_types(const char *name, unsigned types, const aclTensor *self,
                           const char *sname, const aclTensor *out)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, sname)) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    if (!ops_dt_in(self->dtype, types))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s, which is not supported",
                       name, sname, ops_dt_name(self->dtype));
    if (out->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out has data type %s and %s has %s; they must be the same", name,
                       ops_dt_name(out->dtype), sname, ops_dt_name(self->dtype));
    return ACLNN_SUCCESS;
}

/* ---- Permute ----------------------------------------------------------------------------------
 */

aclnnStatus aclnnPermuteGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims,
                                         aclTensor *out, WS)
{
    const char *name = "aclnnPermute";
    OPS_CHECK_NULLS(name, self, dims, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = mv_check_types(name, OPS_DT_Permute, self, "self", out)))
        return rc;
    int nd = (int)self->ndim;
    if (dims->n != (uint64_t)nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dims has %llu entries for a %d-dim self", name,
                       (unsigned long long)dims->n, nd);
    int perm[OPS_MAX_DIMS];
    bool seen[OPS_MAX_DIMS] = {false};
    int64_t want[OPS_MAX_DIMS];
    for (int k = 0; k < nd; k++) {
        int64_t d = dims->v[k];
        if (d < -nd || d >= nd)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: dims[%d] = %lld is out of range [%d, %d] for a %d-dim self", name,
                           k, (long long)d, -nd, nd - 1, nd);
        if (d < 0)
            d += nd;
        if (seen[d])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dims names dim %lld twice", name,
                           (long long)d);
        seen[d] = true;
        perm[k] = (int)d;
        want[k] = self->dims[d];
    }
    struct aclOpExecutor *e;
    struct ops_tensor x;
    struct mv *m;
    if ((rc = mv_dims(name, self, out, want, nd, perm, &e, &x, &m)))
        return rc;
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(Permute)

int64_t mv_slice_len(int64_t N, int64_t *start, int64_t *end, int64_t step)
{
    /* AscendCL's clamping: negative values count from the end, then both
     * clamp to [0, N] with end >= start. */
    int64_t s = *start < 0 ? *start + N : *start, t = *end < 0 ? *end + N : *end;
    s = s < 0 ? 0 : s > N ? N : s;
    t = t < s ? s : t > N ? N : t;
    *start = s;
    *end = t;
    return t > s ? 1 + (t - s - 1) / step : 0;
}

/* ---- Slice ------------------------------------------------------------------------------------
 */

aclnnStatus aclnnSliceGetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t start,
                                       int64_t end, int64_t step, aclTensor *out, WS)
{
    const char *name = "aclnnSlice";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = mv_check_types(name, OPS_DT_Slice, self, "self", out)))
        return rc;
    int nd = (int)self->ndim;
    if (nd < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self must have at least 1 dim", name);
    if (dim < -nd || dim >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range [%d, %d]", name,
                       (long long)dim, -nd, nd - 1);
    if (step <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: step %lld must be positive", name,
                       (long long)step);
    int d = (int)(dim < 0 ? dim + nd : dim);
    int64_t count = mv_slice_len(self->dims[d], &start, &end, step);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
    want[d] = count;
    struct aclOpExecutor *e;
    struct ops_tensor x;
    struct mv *m;
    if ((rc = mv_dims(name, self, out, want, nd, NULL, &e, &x, &m)))
        return rc;
    if (count > 0)
        m->soff += start * x.strides[d];
    if (count > 1) /* then step < N: the product stays within the view's extent */
        m->sst[d] *= step;
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(Slice)

/* ---- Repeat -----------------------------------------------------------------------------------
 */

aclnnStatus aclnnRepeatGetWorkspaceSize(const aclTensor *self, const aclIntArray *repeats,
                                        aclTensor *out, WS)
{
    const char *name = "aclnnRepeat";
    OPS_CHECK_NULLS(name, self, repeats, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = mv_check_types(name, OPS_DT_Repeat, self, "self", out)))
        return rc;
    int nd = (int)self->ndim;
    if (repeats->n < (uint64_t)nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: repeats has %llu entries, fewer than self's %d dims", name,
                       (unsigned long long)repeats->n, nd);
    if (repeats->n > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: repeats has %llu entries, at most %d", name,
                       (unsigned long long)repeats->n, OPS_MAX_DIMS);
    int R = (int)repeats->n, pad = R - nd;
    int64_t want[OPS_MAX_DIMS], sdim[OPS_MAX_DIMS];
    for (int i = 0; i < R; i++) {
        int64_t r = repeats->v[i];
        if (r < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: repeats[%d] = %lld is negative", name, i,
                           (long long)r);
        sdim[i] = i < pad ? 1 : self->dims[i - pad];
        if (__builtin_mul_overflow(r, sdim[i], &want[i]))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: repeats[%d] * %lld overflows", name, i,
                           (long long)sdim[i]);
    }
    int64_t total = 1; /* the whole result must be countable too */
    for (int i = 0; i < R; i++)
        if (__builtin_mul_overflow(total, want[i], &total))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the result has more than 2^63 elements",
                           name);
    if ((rc = ops_check_out_shape(name, out, want, R)))
        return rc;
    struct aclOpExecutor *e;
    struct ops_tensor x, o;
    if ((rc = mv_single(name, self, out, &e, &x, &o)))
        return rc;
    /* MV1: out dim i = (repeat k, self index j) at out index k * sdim + j. */
    struct mv *m = &((struct mv_plan *)e->plan)->m[0];
    m->nd = 2 * R;
    for (int i = 0; i < R; i++) {
        m->dims[2 * i] = repeats->v[i];
        m->sst[2 * i] = 0;
        m->dstr[2 * i] = sdim[i] * o.strides[i];
        m->dims[2 * i + 1] = sdim[i];
        m->sst[2 * i + 1] = i < pad ? 0 : x.strides[i - pad];
        m->dstr[2 * i + 1] = o.strides[i];
    }
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(Repeat)

/* ---- Cat
 * ----------------------------------------------------------------------------------------- */

/* AscendCL skips one-dimensional tensors of shape [0] (the legacy "empty"). */
static bool cat_skipped(const aclTensor *t)
{
    return t->ndim == 1 && t->dims[0] == 0;
}

aclnnStatus aclnnCatGetWorkspaceSize(const aclTensorList *tensors, int64_t dim, aclTensor *out, WS)
{
    const char *name = "aclnnCat";
    OPS_CHECK_NULLS(name, tensors, out, workspaceSize, executor);
    uint64_t n = tensors->n;
    if (n > CAT_MAX_TENSORS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %llu tensors, at most %d are supported", name,
                       (unsigned long long)n, CAT_MAX_TENSORS);
    aclnnStatus rc;
    const aclTensor *first = NULL;
    int kept = 0, prom = DT_NONE;
    for (uint64_t k = 0; k < n; k++) {
        const aclTensor *t = tensors->v[k];
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: tensors[%llu] is NULL", name,
                           (unsigned long long)k);
        char what[40];
        snprintf(what, sizeof what, "tensors[%llu]", (unsigned long long)k);
        if ((rc = ops_check_dims(t, name, what)))
            return rc;
        if (cat_skipped(t))
            continue;
        int dt = ops_dt_index(t->dtype);
        if (dt < 0 || !(DTM(dt) & OPS_DT_Cat))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has data type %s, which is not supported", name, what,
                           ops_dt_name(t->dtype));
        prom = kept ? ops_promote(prom, dt) : dt;
        if (!first)
            first = t;
        kept++;
    }
    if ((rc = ops_check_dims(out, name, "out")))
        return rc;
    int odt = DT_NONE, nd = 0, d = 0;
    int64_t want[OPS_MAX_DIMS];
    if (kept) {
        if ((odt = ops_dt_index(out->dtype)) < 0 || !(DTM(odt) & OPS_DT_Cat))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: out has data type %s, which is not supported", name,
                           ops_dt_name(out->dtype));
        if (!ops_can_cast(prom, odt))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: the tensors promote to %s, which cannot be cast to out's %s", name,
                           ops_dt_name(ops_dt_acl(prom)), ops_dt_name(out->dtype));
        nd = (int)first->ndim;
        if (dim < -nd || dim >= nd)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: dim %lld is out of range for %d-dim tensors", name, (long long)dim,
                           nd);
        d = (int)(dim < 0 ? dim + nd : dim);
        memcpy(want, first->dims, (size_t)nd * sizeof(int64_t));
        want[d] = 0;
        for (uint64_t k = 0; k < n; k++) {
            const aclTensor *t = tensors->v[k];
            if (cat_skipped(t))
                continue;
            bool ok = (int)t->ndim == nd;
            for (int j = 0; ok && j < nd; j++)
                ok = j == d || t->dims[j] == first->dims[j];
            if (!ok) {
                char a[160], b[160];
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: tensors[%llu] has shape %s, which does not match %s "
                               "outside dim %d",
                               name, (unsigned long long)k,
                               ops_shape_str(a, sizeof a, t->dims, (int)t->ndim),
                               ops_shape_str(b, sizeof b, first->dims, nd), d);
            }
            if (__builtin_add_overflow(want[d], t->dims[d], &want[d]))
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the joined size overflows", name);
        }
        if ((rc = ops_check_out_shape(name, out, want, nd)))
            return rc;
    }
    /* Every tensor of the list has its slot (the list is IR input 0, so
     * aclSetDynamicInputTensorAddr indexes it as the caller does); skipped
     * and empty ones get no move. */
    struct aclOpExecutor *e = mv_exec_new(name, (uint16_t)n, 1, kept);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    uint16_t cnt = (uint16_t)n;
    ops_exec_ir(e, &cnt, 1);
    struct mv_plan *p = e->plan;
    struct ops_tensor *tin = calloc((size_t)(n ? n : 1), sizeof(*tin));
    if (!tin) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    rc = ACLNN_SUCCESS;
    for (uint64_t k = 0; k < n && !rc; k++) {
        const aclTensor *t = tensors->v[k];
        int slot = ops_exec_slot(e, t);
        if (!cat_skipped(t))
            rc = ops_tensor_from(&tin[k], t, slot, name, "tensors[]");
    }
    struct ops_tensor o;
    if (!rc)
        rc = ops_tensor_from(&o, out, ops_exec_slot(e, out), name, "out");
    if (rc) {
        free(tin);
        ops_exec_discard(e);
        return rc;
    }
    int64_t pos = 0;
    int i = 0;
    for (uint64_t k = 0; k < n; k++) {
        if (cat_skipped(tensors->v[k]))
            continue;
        const struct ops_tensor *s = &tin[k];
        struct mv *m = &p->m[i++];
        mv_ends(m, s, &o);
        mv_cast(m, prom);
        m->nd = nd;
        for (int j = 0; j < nd; j++) {
            m->dims[j] = s->dims[j];
            m->sst[j] = s->strides[j];
            m->dstr[j] = o.strides[j];
        }
        m->doff += pos * o.strides[d];
        pos += s->dims[d];
    }
    free(tin);
    return mv_finish(e, workspaceSize, executor);
}
PHASE2(Cat)

/* ---- Tril / Triu (MV5)
 * ---------------------------------------------------------------------------- */

struct tri_plan {
    struct ops_tensor x, o;
    int64_t diag;
    bool upper;
};

/* Kept columns [lo, hi) of row i of a C-column matrix. */
static void tri_range(int64_t i, int64_t diag, int64_t C, bool upper, int64_t *lo, int64_t *hi)
{
    int64_t t; /* the diagonal's column in row i */
    if (__builtin_add_overflow(i, diag, &t))
        t = diag > 0 ? INT64_MAX : INT64_MIN;
    if (upper) { /* keep j >= t */
        *lo = t < 0 ? 0 : t > C ? C : t;
        *hi = C;
    } else { /* keep j <= t */
        *lo = 0;
        *hi = t < 0 ? 0 : t >= C ? C : t + 1;
    }
}

static int32_t tri_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct tri_plan *p = e->plan;
    const struct ops_tensor *x = &p->x, *o = &p->o;
    const int nd = x->ndim, ck = ops_ck_raw(x->dt);
    const int64_t C = x->dims[nd - 1], rows = x->numel / C, esz = ops_dt_size(x->dt);
    const char *xb = ops_base(x, addr);
    char *ob = ops_base(o, addr);
    const int64_t xsb = x->strides[nd - 1] * esz, osb = o->strides[nd - 1] * esz;
    bool same = (const char *)ob == xb; /* in place: the kept part is already there */
    for (int d = 0; same && d < nd; d++)
        same = x->strides[d] == o->strides[d];
    int64_t idx[OPS_MAX_DIMS] = {0}, xo = 0, oo = 0;
    for (int64_t r = 0; r < rows; r++) {
        int64_t lo, hi;
        tri_range(idx[nd - 2], p->diag, C, p->upper, &lo, &hi);
        char *orow = ob + oo * esz;
        mv_zero_run(orow, osb, lo, esz);
        if (hi > lo && !same)
            run_copy(orow + lo * osb, osb, xb + xo * esz + lo * xsb, xsb, hi - lo, x->dt, o->dt, ck,
                     DT_NONE);
        mv_zero_run(orow + hi * osb, osb, C - hi, esz);
        for (int d = nd - 2; d >= 0; d--) {
            xo += x->strides[d];
            oo += o->strides[d];
            if (++idx[d] < x->dims[d])
                break;
            xo -= x->strides[d] * x->dims[d];
            oo -= o->strides[d] * o->dims[d];
            idx[d] = 0;
        }
    }
    return 0;
}

static aclnnStatus tri_op(const char *name, bool upper, const aclTensor *self, const char *sname,
                          int64_t diagonal, const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    if ((rc = mv_check_types(name, upper ? OPS_DT_Triu : OPS_DT_Tril, self, sname, out)))
        return rc;
    int64_t numel = ops_numel(self->dims, (int)self->ndim);
    /* AscendCL: Tril always needs 2 dims, Triu only when self is not empty. */
    if (self->ndim < 2 && (!upper || numel > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %u dims, at least 2 are needed", name,
                       sname, self->ndim);
    if (!ops_same_shape(self, out))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's shape differs from %s's", name, sname);
    OPS_PLAN(e, p, name, 1, 1, struct tri_plan, NULL, {&p->x, self, sname}, {&p->o, out, "out"});
    p->diag = diagonal;
    p->upper = upper;
    e->run = numel > 0 ? tri_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnTrilGetWorkspaceSize(const aclTensor *self, int64_t diagonal, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnTril", self, out, workspaceSize, executor);
    return tri_op("aclnnTril", false, self, "self", diagonal, out, workspaceSize, executor);
}
PHASE2(Tril)

aclnnStatus aclnnInplaceTrilGetWorkspaceSize(const aclTensor *selfRef, int64_t diagonal, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceTril", selfRef, workspaceSize, executor);
    return tri_op("aclnnInplaceTril", false, selfRef, "selfRef", diagonal, selfRef, workspaceSize,
                  executor);
}
PHASE2(InplaceTril)

aclnnStatus aclnnTriuGetWorkspaceSize(const aclTensor *self, int64_t diagonal, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnTriu", self, out, workspaceSize, executor);
    return tri_op("aclnnTriu", true, self, "self", diagonal, out, workspaceSize, executor);
}
PHASE2(Triu)

/* Trilu (ops-math experimental): Triu when upper is nonzero, else Tril. */
aclnnStatus aclnnTriluGetWorkspaceSize(const aclTensor *x, int64_t diagonal, int64_t upper,
                                       aclTensor *y, WS)
{
    OPS_CHECK_NULLS("aclnnTrilu", x, y, workspaceSize, executor);
    int dt;
    aclnnStatus rc = ops_need_dt("aclnnTrilu", "x", x->dtype, OPS_DT_Trilu, &dt);
    return rc ? rc : tri_op("aclnnTrilu", upper != 0, x, "x", diagonal, y, workspaceSize, executor);
}
PHASE2(Trilu)

aclnnStatus aclnnInplaceTriuGetWorkspaceSize(aclTensor *selfRef, int64_t diagonal, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceTriu", selfRef, workspaceSize, executor);
    return tri_op("aclnnInplaceTriu", true, selfRef, "selfRef", diagonal, selfRef, workspaceSize,
                  executor);
}
PHASE2(InplaceTriu)
