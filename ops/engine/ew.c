/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The elementwise engine: one output and N inputs, broadcast to the
 * output's shape, any strides and offsets, any supported data types.
 *
 * Plan (phase 1, ew_plan_init):
 *  EW1. Each input is right-aligned against the output's shape; a dimension
 *      it broadcasts along gets stride 0 (a constant operand has stride 0
 *      everywhere and its value in cval).
 *  EW2. Dimensions of size 1 are dropped, then neighbours i, i+1 merge when
 *      every operand has stride[i] == stride[i+1] * dims[i+1]. A contiguous
 *      tensor of any rank thus becomes one run; broadcasting along leading
 *      dims keeps a contiguous inner run.
 *
 * Run (on a device worker, ew_run): the innermost dimension is processed in
 * chunks of EW_CHUNK elements. An operand whose data type is the compute
 * kind's own and whose inner stride is one element is used in place
 * ("direct"); any other is converted into a small contiguous buffer (load:
 * gather + convert; store: convert + scatter, rounding through the result
 * type first when it is narrower than the compute kind, rule ER1). When
 * every operand is direct the kernel gets the whole inner run in one call:
 * a contiguous float32 Add is one loop over the three arrays.
 *
 *  ER1. Results round as the operator's result type would before converting
 *      to out's type (float16 Add into a float32 out rounds to float16).
 *  EW3. Split (ew_exec_block, a multi-block launch: ops/engine/exec.c): the
 *      work is cut into units (EW_CHUNK-element pieces of rows) and each
 *      block runs a contiguous range of them, so every element goes through
 *      the same kernel call position (vector body or tail) as in a single
 *      run: results are bit-identical for any block count. A plan of fewer
 *      than 2 x EW_SPLIT_MIN elements is one block (ew_blocks). An output
 *      that overlaps an input other than element for element (a shifted
 *      in-place copy) runs whole, in order, on block 0.
 *  EW4. Short rows (at most EW_CHUNK / 2 elements) run in groups of
 *      EW_CHUNK / inner consecutive rows of one plane, one kernel call a
 *      group; an operand whose group is one strided run (contiguous rows, or
 *      constant) loads in one call, one broadcast along the row (stride 0,
 *      e.g. a per-block scale) loads its one value a row and is spread. The
 *      groups are the units of EW3. A shifted in-place plan runs row by row.
 *  EW5. A group of a product (EW_FUSE_MUL) of contiguous int8 rows by a
 *      scale broadcast along the row (ggml-cann's Q8_0 dequantisation, GET_ROWS
 *      of a quantised table and friends) into a contiguous float32 out runs
 *      as one fused vector pass (simd.h K8: the float32 / float16 / bfloat16
 *      scales read in place, convert, multiply, round to the result type,
 *      store): the values of the load / multiply / round / store passes,
 *      without them.
 *  EW6. The identity kernel (copies, Cast) with one input: when out is used
 *      in place the input loads straight into it, and when the input is and
 *      nothing rounds, out stores straight from it (one pass instead of a
 *      conversion into a buffer and a copy); only when out and the input
 *      share no byte. A float16 -> float32 Cast (unit strides) into
 *      KS_STREAM_MIN (16 MiB) of out or more stores around the cache (simd.h
 *      K10, st_fence at the end of the block). The rule, measured on the
 *      Xeon VM (2 MiB L2 a core; aclnnCast then aclnnAdd of its whole out,
 *      back to back or after 26 MiB of other work; docs/operator-kernels.md):
 *      the Cast alone gains from 4 MiB (0.80-0.86x at 4 MiB, 0.39-0.56x at
 *      8-16 MiB after other work), but a consumer reading all of out then
 *      reads it from memory instead of the cache: 1.21-1.24x at 4 MiB, up to
 *      1.50x at 8 MiB, 0.86-1.06x at 16 MiB, 0.78-0.92x at 32 MiB. The
 *      threshold is where the chain stops losing. (ggml-cann's GET_ROWS casts
 *      a whole 4 MiB table to read 8 rows of it: below the threshold.)
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/engine.h"
#include "ops/engine/simd.h"

#pragma GCC optimize("O3")

#define EW_CHUNK 1024

static inline int ck_native_match(int ck, int dt)
{
    if (ck >= CK_RAW1)
        return (int)ops_dt_size(dt) == ops_ck_size(ck);
    return ops_ck_native(ck) == dt;
}

int ew_plan_init(struct ew_plan *pl, int ck, ew_kern_fn kern, const struct ops_tensor *out,
                 const struct ops_tensor *const *in, int nin)
{
    /* The inline operands are cleared one by one below, only those used
     * (a small operator's phase 1 is ~100 ns; the whole plan is ~700 B). */
    memset(pl, 0, offsetof(struct ew_plan, op_inline));
    pl->ck = ck;
    pl->kern = kern;
    pl->rt = DT_NONE;
    if (nin < 0 || nin > EW_MAX_OPS - 1)
        return -1;
    pl->nops = 1 + nin;
    pl->p.nin = nin;
    if (nin <= EW_MAX_IN) {
        pl->op = pl->op_inline;
    } else if (!(pl->op = calloc((size_t)pl->nops, sizeof(*pl->op)))) {
        return -1;
    }
    int nd = out->ndim;
    int64_t dims[OPS_MAX_DIMS];
    for (int d = 0; d < nd; d++)
        dims[d] = out->dims[d];
    /* EW1: raw strides per operand against the output's dims. */
    for (int k = 0; k < pl->nops; k++) {
        const struct ops_tensor *t = k == 0 ? out : in[k - 1];
        struct ew_operand *o = &pl->op[k];
        memset(o, 0, sizeof(*o));
        o->dt = t->dt;
        o->slot = t->slot;
        o->off = t->offset;
        for (int d = 0; d < nd; d++) {
            int td = d - (nd - t->ndim);
            o->st[d] = (t->slot < 0 || td < 0 || t->dims[td] == 1) ? 0 : t->strides[td];
        }
    }
    /* EW2: drop size-1 dims, merge mergeable neighbours. An empty output is one dim of 0
     * (its other dims may be huge: their strides times dims would overflow). */
    int m = 0;
    int64_t cd[OPS_MAX_DIMS];
    for (int d = 0; d < nd; d++)
        if (dims[d] == 0) {
            cd[0] = 0;
            for (int k = 0; k < pl->nops; k++)
                pl->op[k].st[0] = 0;
            m = 1;
            nd = 0; /* skip the merge */
        }
    for (int d = 0; d < nd; d++) {
        if (dims[d] == 1)
            continue;
        if (m > 0) {
            bool merge = true;
            for (int k = 0; k < pl->nops && merge; k++)
                merge = pl->op[k].st[m - 1] == pl->op[k].st[d] * dims[d];
            if (merge) {
                cd[m - 1] *= dims[d];
                for (int k = 0; k < pl->nops; k++)
                    pl->op[k].st[m - 1] = pl->op[k].st[d];
                continue;
            }
        }
        cd[m] = dims[d];
        for (int k = 0; k < pl->nops; k++)
            pl->op[k].st[m] = pl->op[k].st[d];
        m++;
    }
    if (m == 0) {
        cd[0] = 1;
        for (int k = 0; k < pl->nops; k++)
            pl->op[k].st[0] = 0;
        m = 1;
    }
    pl->nd = m;
    memcpy(pl->dims, cd, (size_t)m * sizeof(int64_t));
    pl->numel = ops_numel(cd, m);
    return 0;
}

void ew_plan_fini(struct ew_plan *pl)
{
    if (pl->op && pl->op != pl->op_inline)
        free(pl->op);
    pl->op = NULL;
}

/* Round a compute buffer to the result type (ER1). */
static void ew_round(int ck, void *buf, int64_t n, int rt)
{
    if (ck == CK_F32) {
        ops_round_f32(buf, n, rt);
    } else if (ck == CK_F64) {
        ops_round_f64(buf, n, rt);
    } else if (ck == CK_I64) {
        int64_t *b = buf;
        switch (rt) {
        case DT_I8:
            for (int64_t i = 0; i < n; i++)
                b[i] = (int8_t)b[i];
            break;
        case DT_U8:
            for (int64_t i = 0; i < n; i++)
                b[i] = (uint8_t)b[i];
            break;
        case DT_I16:
            for (int64_t i = 0; i < n; i++)
                b[i] = (int16_t)b[i];
            break;
        case DT_I32:
            for (int64_t i = 0; i < n; i++)
                b[i] = (int32_t)b[i];
            break;
        case DT_BOOL:
            for (int64_t i = 0; i < n; i++)
                b[i] = b[i] != 0;
            break;
        default:
            break;
        }
    }
}

/* The type a result rounds through before its store (ER1), DT_NONE when the
 * compute kind or out's own type already holds it. */
static int ew_round_type(const struct ew_plan *pl)
{
    int rt = pl->rt;
    return rt == pl->op[0].dt || rt == ops_ck_native(pl->ck) ? DT_NONE : rt;
}

static void ew_extent(const struct ew_plan *pl, int k, void *const *addr, uintptr_t *lo,
                      uintptr_t *hi);

/* Do operands a and b span disjoint bytes? */
static bool ew_disjoint(const struct ew_plan *pl, void *const *addr, int a, int b)
{
    uintptr_t alo, ahi, blo, bhi;
    ew_extent(pl, a, addr, &alo, &ahi);
    ew_extent(pl, b, addr, &blo, &bhi);
    return ahi <= blo || bhi <= alo;
}

/*
 * Run the units [u0, u1) of the plan. A unit is one EW_CHUNK-element piece of
 * an inner run (a row): a row has ceil(inner / EW_CHUNK) units, rows follow in
 * order. The whole plan is [0, ew_units). Split runs (EW3) cut only at unit
 * boundaries, so every kernel call of a block starts where a call of the
 * whole run would, at a multiple of EW_CHUNK in its row.
 */
static int32_t ew_run_part(const struct ew_plan *pl, void *const *addr, int64_t u0, int64_t u1)
{
    if (pl->numel == 0 || u0 >= u1)
        return 0;
    const int nops = pl->nops, nd = pl->nd, ck = pl->ck, csz = ops_ck_size(ck);
    const int64_t inner = pl->dims[nd - 1];
    const int64_t per_row = (inner + EW_CHUNK - 1) / EW_CHUNK;
    const int rt = ew_round_type(pl);

    /* Per-operand state (nops <= EW_MAX_OPS). */
    char *ptr[EW_MAX_OPS];
    int64_t stb_in[EW_MAX_OPS];
    bool direct[EW_MAX_OPS] = {false};
    ops_load_fn ld[EW_MAX_OPS];
    bool all_direct = true;
    int64_t idx[OPS_MAX_DIMS] = {0};
    int64_t row = u0 / per_row;
    for (int d = nd - 2; d >= 0; d--) { /* the first row's outer index */
        idx[d] = row % pl->dims[d];
        row /= pl->dims[d];
    }
    row = u0 / per_row;
    for (int k = 0; k < nops; k++) {
        const struct ew_operand *o = &pl->op[k];
        int64_t esz = ops_dt_size(o->dt);
        ptr[k] = o->slot < 0 ? (char *)o->cval : (char *)addr[o->slot] + o->off * esz;
        if (o->slot >= 0)
            for (int d = 0; d < nd - 1; d++)
                ptr[k] += idx[d] * o->st[d] * esz;
        stb_in[k] = o->st[nd - 1] * esz;
        direct[k] = o->slot >= 0 && ck_native_match(ck, o->dt) && o->st[nd - 1] == 1 &&
                    (k > 0 || rt == DT_NONE);
        ld[k] = k ? ops_loader(ck, o->dt) : NULL;
        all_direct &= direct[k];
    }
    ops_store_fn st0 = direct[0] ? NULL : ops_storer(ck, pl->op[0].dt);
    /* EW6: one input through the identity kernel, one side of it in place */
    const bool copy1 = nops == 2 && !all_direct && pl->kern == ew_copy_kern[ck] &&
                       pl->op[1].slot >= 0 && (direct[0] || direct[1]) &&
                       ew_disjoint(pl, addr, 0, 1);
    /* EW6: a float16 -> float32 Cast into KS_STREAM_MIN bytes or more stores around the cache */
    const bool nt = copy1 && direct[0] && ck == CK_F32 && pl->op[1].dt == DT_F16 &&
                    stb_in[1] == 2 && pl->numel * 4 >= KS_STREAM_MIN;
    const struct ks_ops *ks = nt ? ks_get() : NULL;

    const int64_t chunk = all_direct ? inner : (inner < EW_CHUNK ? inner : EW_CHUNK);
    /* Buffers for the operands that are not direct. */
    enum { STACK_BYTES = (1 + EW_MAX_IN) * EW_CHUNK * 8 };
    _Alignas(64) char stack_buf[STACK_BYTES];
    char *heap = NULL, *bufs = stack_buf;
    size_t need = all_direct ? 0 : (size_t)nops * (size_t)chunk * (size_t)csz;
    if (need > sizeof(stack_buf)) {
        if (!(heap = malloc(need)))
            return ACL_ERROR_BAD_ALLOC;
        bufs = heap;
    }
    const void *src[EW_MAX_OPS];
    const int64_t last = (u1 - 1) / per_row;
    for (; row <= last; row++) {
        /* This row's elements in [u0, u1): whole rows but at the ends. */
        int64_t jb = row * per_row < u0 ? (u0 - row * per_row) * EW_CHUNK : 0;
        int64_t je = (row + 1) * per_row > u1 ? (u1 - row * per_row) * EW_CHUNK : inner;
        for (int64_t j = jb; j < je; j += chunk) {
            int64_t n = je - j < chunk ? je - j : chunk;
            char *p0 = ptr[0] + j * stb_in[0];
            if (nt) {
                ks->f16_nt((float *)(void *)p0, (const uint16_t *)(ptr[1] + j * stb_in[1]), n);
                continue;
            }
            if (copy1 && direct[0]) { /* EW6: load into out */
                ld[1](p0, ptr[1] + j * stb_in[1], stb_in[1], n);
                continue;
            }
            if (copy1 && direct[1] && rt == DT_NONE) { /* EW6: store from the input */
                st0(p0, stb_in[0], ptr[1] + j * stb_in[1], n);
                continue;
            }
            for (int k = 1; k < nops; k++) {
                char *p = ptr[k] + j * stb_in[k];
                if (direct[k]) {
                    src[k - 1] = p;
                } else {
                    char *b = bufs + (size_t)k * (size_t)chunk * (size_t)csz;
                    ld[k](b, p, stb_in[k], n);
                    src[k - 1] = b;
                }
            }
            void *dst = direct[0] ? (void *)p0 : (void *)bufs;
            pl->kern(dst, src, n, &pl->p);
            if (!direct[0]) {
                if (rt != DT_NONE)
                    ew_round(ck, bufs, n, rt);
                st0(p0, stb_in[0], bufs, n);
            }
        }
        /* Odometer over the outer dims; pointers move by byte strides. */
        for (int d = nd - 2; d >= 0; d--) {
            idx[d]++;
            for (int k = 0; k < nops; k++)
                if (pl->op[k].slot >= 0)
                    ptr[k] += pl->op[k].st[d] * (int64_t)ops_dt_size(pl->op[k].dt);
            if (idx[d] < pl->dims[d])
                break;
            for (int k = 0; k < nops; k++)
                if (pl->op[k].slot >= 0)
                    ptr[k] -= pl->op[k].st[d] * pl->dims[d] * (int64_t)ops_dt_size(pl->op[k].dt);
            idx[d] = 0;
        }
    }
    if (nt)
        ks->st_fence();
    free(heap);
    return 0;
}

/* EW4: rows of at most EW_CHUNK / 2 elements are run R = EW_CHUNK / inner at a
 * time (consecutive rows of one plane: the same outer index, rows [qR, qR + R)
 * of dim nd - 2), so a plan of short rows (ggml's Q8_0 dequantisation: rows of
 * 32 times a broadcast scale) costs one kernel call per group instead of one
 * per row. The group is then the unit (EW3 still holds: groups are fixed by
 * the plan, a split cuts between them). 0: rows are the units. */
static int64_t ew_group_rows(const struct ew_plan *pl)
{
    if (pl->nd < 2 || pl->nops > 1 + EW_MAX_IN)
        return 0;
    const int64_t inner = pl->dims[pl->nd - 1];
    if (inner < 2 || inner * 2 > EW_CHUNK || pl->dims[pl->nd - 2] < 2)
        return 0;
    return EW_CHUNK / inner;
}

static inline int64_t ew_units(const struct ew_plan *pl)
{
    const int64_t inner = pl->dims[pl->nd - 1], r = ew_group_rows(pl);
    if (r) {
        const int64_t d = pl->dims[pl->nd - 2];
        return pl->numel / inner / d * ((d + r - 1) / r);
    }
    return pl->numel / inner * ((inner + EW_CHUNK - 1) / EW_CHUNK);
}

/* Fill rows of `inner` elements of csz bytes at buf, row r with the value at
 * one[r] (a broadcast-along-the-row operand, EW4). */
static void ew_splat_rows(char *buf, const char *one, int64_t rows, int64_t inner, int csz)
{
    for (int64_t r = 0; r < rows; r++) {
        char *d = buf + (size_t)(r * inner) * (size_t)csz;
        if (csz == 4) {
            uint32_t v;
            memcpy(&v, one + r * 4, 4);
            for (int64_t j = 0; j < inner; j++)
                memcpy(d + j * 4, &v, 4);
        } else if (csz == 8) {
            uint64_t v;
            memcpy(&v, one + r * 8, 8);
            for (int64_t j = 0; j < inner; j++)
                memcpy(d + j * 8, &v, 8);
        } else {
            for (int64_t j = 0; j < inner; j++)
                memcpy(d + j * csz, one + r * csz, (size_t)csz);
        }
    }
}

/* How an operand's rows of one group are read or written (EW4). */
enum { GR_DIRECT, GR_RUN, GR_SPLAT, GR_ROWS };

/* Run the groups [g0, g1) of a plan whose units are row groups (EW4). */
static int32_t ew_run_groups(const struct ew_plan *pl, void *const *addr, int64_t g0, int64_t g1,
                             int64_t R)
{
    const int nops = pl->nops, nd = pl->nd, ck = pl->ck, csz = ops_ck_size(ck);
    const int64_t inner = pl->dims[nd - 1], D = pl->dims[nd - 2], gpp = (D + R - 1) / R;
    const int rt = ew_round_type(pl);
    int mode[1 + EW_MAX_IN];
    int64_t esz[1 + EW_MAX_IN], stb[1 + EW_MAX_IN], strow[1 + EW_MAX_IN];
    char *base[1 + EW_MAX_IN];
    ops_load_fn ld[1 + EW_MAX_IN];
    for (int k = 0; k < nops; k++) {
        const struct ew_operand *o = &pl->op[k];
        esz[k] = ops_dt_size(o->dt);
        base[k] = o->slot < 0 ? (char *)o->cval : (char *)addr[o->slot] + o->off * esz[k];
        stb[k] = o->st[nd - 1] * esz[k];
        strow[k] = o->slot < 0 ? 0 : o->st[nd - 2] * esz[k];
        bool run = o->slot < 0 || o->st[nd - 2] == inner * o->st[nd - 1];
        bool native = o->slot >= 0 && ck_native_match(ck, o->dt) && o->st[nd - 1] == 1 &&
                      (k > 0 || rt == DT_NONE);
        mode[k] = native && run                 ? GR_DIRECT
                  : run                         ? GR_RUN
                  : k > 0 && o->st[nd - 1] == 0 ? GR_SPLAT
                                                : GR_ROWS;
        ld[k] = k ? ops_loader(ck, o->dt) : NULL;
    }
    ops_store_fn st0 = mode[0] == GR_DIRECT ? NULL : ops_storer(ck, pl->op[0].dt);
    /* EW5: int8 rows (unit stride) times a per-row scale into float32 rows
     * (unit stride), rounded through nothing, float16 or bfloat16 */
    const bool dq = pl->fuse == EW_FUSE_MUL && nops == 3 && ck == CK_F32 &&
                    pl->op[1].dt == DT_I8 && mode[1] == GR_RUN && pl->op[1].slot >= 0 &&
                    stb[1] == 1 && mode[2] == GR_SPLAT &&
                    (pl->op[2].dt == DT_F32 || pl->op[2].dt == DT_F16 ||
                     pl->op[2].dt == DT_BF16) &&
                    pl->op[0].dt == DT_F32 &&
                    mode[0] != GR_ROWS && stb[0] == 4 &&
                    (rt == DT_NONE || rt == DT_F16 || rt == DT_BF16);
    const struct ks_ops *ks = dq ? ks_get() : NULL;
    _Alignas(64) char bufs[(1 + EW_MAX_IN) * EW_CHUNK * 8];
    _Alignas(64) char one[EW_CHUNK / 2 * 8];
    const void *src[EW_MAX_IN];
    for (int64_t g = g0; g < g1; g++) {
        int64_t plane = g / gpp, r0 = (g % gpp) * R, rows = D - r0 < R ? D - r0 : R;
        int64_t n = rows * inner;
        char *ptr[1 + EW_MAX_IN];
        for (int k = 0; k < nops; k++)
            ptr[k] = base[k] + r0 * strow[k];
        for (int d = nd - 3; d >= 0 && plane; d--) { /* the plane's outer index */
            int64_t i = plane % pl->dims[d];
            plane /= pl->dims[d];
            for (int k = 0; k < nops; k++)
                if (pl->op[k].slot >= 0)
                    ptr[k] += i * pl->op[k].st[d] * esz[k];
        }
        if (dq) {
            ks->dq_i8_rows((float *)(void *)ptr[0], (const int8_t *)ptr[1], inner, rows,
                           ptr[2], strow[2], pl->op[2].dt, rt);
            continue;
        }
        for (int k = 1; k < nops; k++) {
            char *b = bufs + (size_t)k * EW_CHUNK * (size_t)csz;
            src[k - 1] = b;
            switch (mode[k]) {
            case GR_DIRECT:
                src[k - 1] = ptr[k];
                break;
            case GR_RUN:
                ld[k](b, ptr[k], stb[k], n);
                break;
            case GR_SPLAT:
                ld[k](one, ptr[k], strow[k], rows);
                ew_splat_rows(b, one, rows, inner, csz);
                break;
            default:
                for (int64_t r = 0; r < rows; r++)
                    ld[k](b + (size_t)(r * inner) * (size_t)csz, ptr[k] + r * strow[k], stb[k],
                          inner);
            }
        }
        void *dst = mode[0] == GR_DIRECT ? (void *)ptr[0] : (void *)bufs;
        pl->kern(dst, src, n, &pl->p);
        if (mode[0] == GR_DIRECT)
            continue;
        if (rt != DT_NONE)
            ew_round(ck, bufs, n, rt);
        if (mode[0] == GR_RUN)
            st0(ptr[0], stb[0], bufs, n);
        else
            for (int64_t r = 0; r < rows; r++)
                st0(ptr[0] + r * strow[0], stb[0], bufs + (size_t)(r * inner) * (size_t)csz, inner);
    }
    return 0;
}

static bool ew_aliased(const struct ew_plan *pl, void *const *addr);

/* The units [u0, u1) of either kind (EW3, EW4); `aliased`: the output overlaps
 * an input other than element for element (ew_aliased), which only a whole run
 * (EW3) may be: a plan of row groups then runs row by row, in order, as before
 * EW4. */
static int32_t ew_run_units(const struct ew_plan *pl, void *const *addr, int64_t u0, int64_t u1,
                            bool aliased)
{
    const int64_t r = ew_group_rows(pl);
    if (!r || u0 >= u1)
        return ew_run_part(pl, addr, u0, u1);
    if (aliased)
        return ew_run_part(pl, addr, 0, pl->numel / pl->dims[pl->nd - 1]);
    return ew_run_groups(pl, addr, u0, u1, r);
}

int32_t ew_run(const struct ew_plan *pl, void *const *addr)
{
    bool aliased = ew_group_rows(pl) && ew_aliased(pl, addr);
    return ew_run_units(pl, addr, 0, pl->numel ? ew_units(pl) : 0, aliased);
}

int32_t ew_exec_run(const struct aclOpExecutor *e, void *const *addr)
{
    return ew_run(e->plan, addr);
}

/* ---- the split (EW3) ------------------------------------------------------ */

uint32_t ew_blocks(const struct ew_plan *pl)
{
    if (pl->numel < 2 * EW_SPLIT_MIN)
        return 1;
    int64_t units = ew_units(pl), b = pl->numel / EW_SPLIT_MIN;
    if (b > units)
        b = units;
    return b > 65535 ? 65535 : (uint32_t)b;
}

/* The bytes [lo, hi) operand k's elements span at addr. */
static void ew_extent(const struct ew_plan *pl, int k, void *const *addr, uintptr_t *lo,
                      uintptr_t *hi)
{
    const struct ew_operand *o = &pl->op[k];
    int64_t esz = ops_dt_size(o->dt), a = o->off * esz, b = a;
    for (int d = 0; d < pl->nd; d++) {
        int64_t span = (pl->dims[d] - 1) * o->st[d] * esz;
        if (span < 0)
            a += span;
        else
            b += span;
    }
    *lo = (uintptr_t)addr[o->slot] + (uintptr_t)a;
    *hi = (uintptr_t)addr[o->slot] + (uintptr_t)b + (uintptr_t)esz;
}

/* Does the output overlap an input other than element for element (EW3)? */
static bool ew_aliased(const struct ew_plan *pl, void *const *addr)
{
    uintptr_t olo, ohi;
    ew_extent(pl, 0, addr, &olo, &ohi);
    const struct ew_operand *o0 = &pl->op[0];
    for (int k = 1; k < pl->nops; k++) {
        const struct ew_operand *o = &pl->op[k];
        if (o->slot < 0)
            continue;
        uintptr_t lo, hi;
        ew_extent(pl, k, addr, &lo, &hi);
        if (hi <= olo || lo >= ohi)
            continue;
        bool same = lo == olo && ops_dt_size(o->dt) == ops_dt_size(o0->dt);
        for (int d = 0; d < pl->nd && same; d++)
            same = o->st[d] == o0->st[d];
        if (!same)
            return true;
    }
    return false;
}

int32_t ew_exec_block(const struct aclOpExecutor *e, void *const *addr, uint32_t i, uint32_t n)
{
    const struct ew_plan *pl = e->plan;
    int64_t units = pl->numel ? ew_units(pl) : 0;
    bool aliased = (n > 1 || ew_group_rows(pl)) && ew_aliased(pl, addr);
    if (n > 1 && aliased) /* EW3: the whole run, in order, on block 0 */
        return i == 0 ? ew_run_units(pl, addr, 0, units, true) : 0;
    /* Units split evenly; a block's bounds are exact integer products. */
    int64_t u0 = (int64_t)((__int128)units * i / n), u1 = (int64_t)((__int128)units * (i + 1) / n);
    return ew_run_units(pl, addr, u0, u1, aliased);
}

void ew_exec_fini(struct aclOpExecutor *e)
{
    if (e->plan) {
        ew_plan_fini(e->plan);
        ops_exec_plan_release(e, e->plan);
    }
}

/* ---- the identity kernel (copies, casts) -------------------------------- */

#define DEF_COPY(NAME, T)                                                                          \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        if (o != a)                                                                                \
            memmove(o, a, (size_t)n * sizeof(T));                                                  \
    }
DEF_COPY(copy_4, uint32_t)
DEF_COPY(copy_8, uint64_t)
DEF_COPY(copy_1, uint8_t)
DEF_COPY(copy_2, uint16_t)

const ew_kern_fn ew_copy_kern[CK_COUNT] = {
    [CK_F32] = copy_4,  [CK_F64] = copy_8,  [CK_I64] = copy_8,  [CK_RAW1] = copy_1,
    [CK_RAW2] = copy_2, [CK_RAW4] = copy_4, [CK_RAW8] = copy_8,
};
