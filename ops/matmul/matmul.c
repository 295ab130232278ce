/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Matrix products: Mm (2-D), BatchMatMul (3-D, batch broadcast) and Matmul
 * (NumPy matmul semantics: 1-D operands, any number of broadcast batch
 * dims). All three reduce to one plan: out[b] = A[b] @ B[b] over a batch
 * index space, with A [m, k], B [k, n], out [m, n] given by strides.
 *
 *  MM1. The products run through cblas_sgemm (OpenBLAS). A float32 operand
 *      whose matrix has a unit stride in one dim and a valid leading dim is
 *      handed to the BLAS in place (transposed if column-major); anything
 *      else (other types, general strides, cubeMathType USE_FP16) is first
 *      converted into a contiguous float32 block. The BLAS writes a float32
 *      out in place; other outs go through a float32 block.
 *  MM2. An operand broadcast over the batch (batch strides 0) is converted
 *      once per run, not once per batch.
 *  MM3. k == 0 gives zeros (the empty sum).
 *  MM5. A converted operand whose rows are contiguous in memory (a
 *      transposed view, as ggml passes float16 weights) is converted column
 *      by column into a column-major block and handed to the BLAS
 *      transposed: sequential reads (F16C where the CPU has it) instead of
 *      a strided gather.
 *  MM6. The converted blocks live in the worker's scratch buffer
 *      (ks_scratch) when together they fit in MM_SCRATCH_MAX bytes: a decode
 *      step multiplies every weight once, and fresh pages per call (mmap,
 *      fault, zero, unmap) cost more than the conversion. Larger blocks are
 *      allocated per call (the scratch is kept for the thread's life). A
 *      float16 operand under USE_FP16 is not rounded again (it is exact).
 *  MM7. With few rows (m <= MM_CHUNK_M = 8: decode) a large converted B (over
 *      MM_CHUNK_MIN bytes as float32) is converted and multiplied in column
 *      chunks of about MM_CHUNK_BYTES, each still in cache when the BLAS
 *      reads it: the weight's memory is read once per call instead of read,
 *      written as float32 and read again. Not when B is broadcast over a
 *      batch (MM2 converts it once for all batches instead).
 *  MM8. With few rows (m <= MM_MV_M = 8: decode) and a float weight the
 *      BLAS cannot read in place (float16 or bfloat16, or float32 rounded
 *      under USE_FP16) whose columns or rows are contiguous, no float32
 *      block of the weight is made: ks_ops.mv_small_m (ops/engine/simd.h,
 *      simd_body_pvt.h HW1-HW3) reads each weight element once, converts it
 *      in registers and multiplies it into float32 sums for every row of x
 *      (x converted row-major per batch, rounded under USE_FP16 as MM6).
 *      The sums run in another order than the BLAS's: float32 rounding
 *      differences only. The other weights and views take MM1-MM7.
 *  MM9. Such a launch splits across the device's workers (engine.h's
 *      ops_split): units of 16 output columns of one batch, consecutive
 *      units of all batches (row-major batch order) per block, from 2 x
 *      MM_MV_SPLIT_MIN weight elements (each block at least MM_MV_SPLIT_MIN,
 *      at most 256 blocks). A column's sum is the same computation in any
 *      block: bit-identical for any worker count. Other launches are one
 *      block (their sgemm uses OpenBLAS's threads, MM4).
 *  MM10. Batch dims that b is broadcast along (stride 0) and over which a's
 *      and c's rows run on (the batch stride is m rows in both) fold into m,
 *      innermost first: [batch..., m, k] @ [k, n] is one [batch * m, k] @
 *      [k, n] product, as a framework's Linear runs it, and the BLAS packs b
 *      once instead of once a batch (the model study's transformer block:
 *      sgemm_itcopy, OpenBLAS's packing of b, was 15% of its samples with 4
 *      batches of 32 rows). Not for plans MM8 takes (small m, its own split).
 *      Each output element's sum is over the same k terms.
 *  MM11. With more rows, a converted B over MM_BIG_MIN (32 MiB as float32)
 *      not broadcast over a batch is converted and multiplied as MM7 does,
 *      in chunks of whole vectors of columns of about MM_BIG_CHUNK_BYTES
 *      (16 MiB), reusing the worker's scratch: a prompt's product with a
 *      large float16 weight (ggml's f16 MUL_MAT at n = 512) made a float32
 *      copy of the whole weight per call (235 MiB for [14336, 4096]: fresh
 *      pages, faulted and zeroed, then written and read again), converted
 *      on one core while OpenBLAS's other threads waited. test-backend-ops
 *      perf -b CANN0, MUL_MAT f16 m=4096 n=512 k=14336, CPUACL_WORKERS=2
 *      (OpenBLAS's Haswell kernels, as this VM's environment chooses):
 *      1.02-1.05 s -> 0.33 s a call (ggml-cpu on the same 2 cores: 0.56 s).
 *      Each column's sum is still one sgemm over all of k.
 *  MM4. The BLAS is ops/matmul/blas.c's (BL1, BL2: loaded on first use, its
 *      thread count the device's workers, its kernels chosen from the CPU's
 *      features). Only a plan that calls sgemm (not MM8's) loads it, in its
 *      first phase: a short prompt's products (m <= 8) never start OpenBLAS
 *      (its dlopen took 2-5 ms of a model's 8-token prefill, and its
 *      threads spin yielding for a while after their start, taking a core
 *      from the device's workers). Without a BLAS the first phase of such a
 *      plan fails with ACLNN_ERR_INNER_FIND_KERNEL_ERROR.
 */
#include <cblas.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/launch.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/engine/public.h"
#include "ops/matmul/table.h"

#define MM_MAX_BATCH_DIMS (OPS_MAX_DIMS - 1)
#define MM_SCRATCH_MAX ((size_t)64 << 20) /* MM6 */
#define MM_CHUNK_M 8                      /* MM7 */
#define MM_CHUNK_MIN ((size_t)1 << 20)
#define MM_CHUNK_BYTES ((size_t)256 << 10)
#define MM_BIG_MIN ((size_t)32 << 20) /* MM11 */
#define MM_BIG_CHUNK_BYTES ((size_t)16 << 20)
#define MM_MV_M 8                       /* MM8 */
#define MM_MV_SPLIT_MIN ((int64_t)1 << 16) /* MM9 */

/* One matrix operand: element offset and dtype from its view, the matrix
 * strides (rows, cols), and strides along each batch dim of the plan. */
struct mm_opnd {
    int dt;
    int slot;
    int64_t off;
    int64_t rs, cs;
    int64_t bst[MM_MAX_BATCH_DIMS];
};

struct mm_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    int nb;                        /* batch dims */
    int64_t bdims[MM_MAX_BATCH_DIMS];
    int64_t m, k, n;
    struct mm_opnd a, b, c;
    bool fp16_inputs; /* cubeMathType USE_FP16 with float32 inputs */
    bool mv;          /* the small-m kernel (MM8) */
};

/* ---- the BLAS (MM4: ops/matmul/blas.c) -------------------------------------- */

typedef __typeof__(cblas_sgemm) sgemm_fn;
static sgemm_fn *g_sgemm; /* written once under g_mm_blas_once */
static pthread_once_t g_mm_blas_once = PTHREAD_ONCE_INIT;

static void mm_blas_bind(void)
{
    void *v = ops_blas_load();
    memcpy(&g_sgemm, &v, sizeof(v)); /* object -> function pointer (POSIX) */
}

/* The BLAS, or NULL with a message (phase 1 only; pthread_once orders the
 * bind before every later use, including the kernels on the workers, which
 * are queued after a successful phase 1). */
static sgemm_fn *blas_sgemm(const char *op)
{
    pthread_once(&g_mm_blas_once, mm_blas_bind);
    if (!g_sgemm)
        ops_err(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                "%s: no BLAS with cblas_sgemm found (libopenblas.so.0, libblas.so.3)", op);
    return g_sgemm;
}

/* How the BLAS can read a [rows, cols] operand in place (MM1): 0 = not,
 * else CblasNoTrans (row-major, unit column stride) or CblasTrans (unit row
 * stride) with its leading dim. Strides of size-1 dims do not matter. */
static int blas_view(const struct mm_opnd *o, int64_t rows, int64_t cols, int64_t *ld)
{
    if (o->dt != DT_F32)
        return 0;
    int64_t rmin = rows > 1 ? rows : 1, cmin = cols > 1 ? cols : 1;
    if (cols == 1 || o->cs == 1) {
        *ld = rows == 1 ? cmin : o->rs;
        if (*ld >= cmin)
            return CblasNoTrans;
    }
    if (rows == 1 || o->rs == 1) {
        *ld = cols == 1 ? rmin : o->cs;
        if (*ld >= rmin)
            return CblasTrans;
    }
    return 0;
}

/* Whether a converted operand is best built column-major (MM5): its rows
 * are contiguous in memory and its columns are not. */
static bool col_block(const struct mm_opnd *o, int64_t rows, int64_t cols)
{
    return rows > 1 && cols > 1 && o->rs == 1 && o->cs != 1;
}

/* Convert a [rows, cols] matrix into a contiguous float block: row-major,
 * or column-major ([cols, rows]) when cm (callers pass col_block, which
 * reads memory in order). */
static void to_block(float *dst, const struct mm_opnd *o, const char *base, int64_t rows,
                     int64_t cols, bool fp16, bool cm)
{
    ops_load_fn ld = ops_loader(CK_F32, o->dt);
    int64_t esz = ops_dt_size(o->dt);
    if (cm)
        for (int64_t c = 0; c < cols; c++)
            ld(dst + c * rows, base + c * o->cs * esz, o->rs * esz, rows);
    else
        for (int64_t r = 0; r < rows; r++)
            ld(dst + r * cols, base + r * o->rs * esz, o->cs * esz, cols);
    if (fp16 && o->dt != DT_F16) /* a float16 value is already exact (MM6) */
        ops_round_f32(dst, rows * cols, DT_F16);
}

static int32_t mm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mm_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n;
    int64_t lda = 0, ldb = 0, ldc = 0;
    int ta = p->fp16_inputs ? 0 : blas_view(&p->a, m, k, &lda);
    int tb = p->fp16_inputs ? 0 : blas_view(&p->b, k, n, &ldb);
    int64_t nmin = n > 1 ? n : 1;
    bool c_direct = p->c.dt == DT_F32 && (p->c.cs == 1 || n == 1) && (m == 1 || p->c.rs >= nmin);
    float *abuf = NULL, *bbuf = NULL, *cbuf = NULL;
    int64_t nbatch = ops_numel(p->bdims, p->nb), idx[MM_MAX_BATCH_DIMS] = {0};
    /* MM7: columns of B per chunk (n: no chunks) */
    int64_t nbc = n;
    const size_t bfull = (size_t)(k * n) * sizeof(float);
    const bool few = m <= MM_CHUNK_M; /* MM7; else MM11 */
    if (!tb && k > 0 && bfull > (few ? MM_CHUNK_MIN : MM_BIG_MIN)) {
        bool b_bcast = false;
        for (int d = 0; d < p->nb; d++)
            b_bcast |= p->bdims[d] > 1 && p->b.bst[d] == 0;
        if (!b_bcast) {
            int64_t w = (int64_t)((few ? MM_CHUNK_BYTES : MM_BIG_CHUNK_BYTES) / sizeof(float)) / k;
            w = few ? w : w / 16 * 16; /* MM11: whole vectors of columns */
            nbc = w < 16 ? 16 : w < n ? w : n;
        }
    }
    /* block sizes in floats, each rounded up to 16 (64 bytes) so that the
     * blocks carved from one allocation stay aligned */
    const size_t na = ta ? 0 : ((size_t)(m * k > 0 ? m * k : 1) + 15) & ~(size_t)15;
    const size_t nbk = tb ? 0 : ((size_t)(k * nbc > 0 ? k * nbc : 1) + 15) & ~(size_t)15;
    const size_t nc = c_direct ? 0 : ((size_t)(m * n > 0 ? m * n : 1) + 15) & ~(size_t)15;
    const size_t bytes = (na + nbk + nc) * sizeof(float);
    float *mem = NULL, *owned = NULL;
    if (bytes) {
        mem = bytes <= MM_SCRATCH_MAX ? ks_scratch(bytes) : NULL;
        if (!mem && !(mem = owned = malloc(bytes)))
            return ACL_ERROR_BAD_ALLOC;
        abuf = na ? mem : NULL;
        bbuf = nbk ? mem + na : NULL;
        cbuf = nc ? mem + na + nbk : NULL;
    }
    if (!ta) {
        ta = col_block(&p->a, m, k) ? CblasTrans : CblasNoTrans;
        lda = ta == CblasTrans ? m : k > 0 ? k : 1;
    }
    if (!tb) {
        tb = col_block(&p->b, k, n) ? CblasTrans : CblasNoTrans;
        ldb = tb == CblasTrans ? k : n > 0 ? n : 1;
    }
    ldc = c_direct && m > 1 ? p->c.rs : nmin;
    const int64_t ea = ops_dt_size(p->a.dt), eb = ops_dt_size(p->b.dt), ec = ops_dt_size(p->c.dt);
    const char *abase = (const char *)addr[p->a.slot] + p->a.off * ea;
    const char *bbase = (const char *)addr[p->b.slot] + p->b.off * eb;
    char *cbase = (char *)addr[p->c.slot] + p->c.off * ec;
    const char *a_last = NULL, *b_last = NULL; /* MM2 */
    ops_store_fn st = c_direct ? NULL : ops_storer(CK_F32, p->c.dt);
    for (int64_t bi = 0; bi < nbatch; bi++) {
        int64_t oa = 0, ob = 0, oc = 0;
        for (int d = 0; d < p->nb; d++) {
            oa += idx[d] * p->a.bst[d];
            ob += idx[d] * p->b.bst[d];
            oc += idx[d] * p->c.bst[d];
        }
        const char *pa = abase + oa * ea, *pb = bbase + ob * eb;
        char *pc = cbase + oc * ec;
        const float *A = (const float *)(const void *)pa, *B = (const float *)(const void *)pb;
        if (abuf) {
            if (pa != a_last)
                to_block(abuf, &p->a, pa, m, k, p->fp16_inputs, col_block(&p->a, m, k));
            a_last = pa;
            A = abuf;
        }
        if (bbuf && nbc < n) { /* MM7 */
            float *C = c_direct ? (float *)(void *)pc : cbuf;
            for (int64_t j0 = 0; j0 < n; j0 += nbc) {
                int64_t w = n - j0 < nbc ? n - j0 : nbc;
                to_block(bbuf, &p->b, pb + j0 * p->b.cs * eb, k, w, p->fp16_inputs,
                         col_block(&p->b, k, w));
                int tbj = col_block(&p->b, k, w) ? CblasTrans : CblasNoTrans;
                g_sgemm(CblasRowMajor, (enum CBLAS_TRANSPOSE)ta, (enum CBLAS_TRANSPOSE)tbj,
                        (blasint)m, (blasint)w, (blasint)k, 1.0f, A, (blasint)lda, bbuf,
                        (blasint)(tbj == CblasTrans ? k : w), 0.0f, C + j0, (blasint)ldc);
            }
            goto stored;
        }
        if (bbuf) {
            if (pb != b_last)
                to_block(bbuf, &p->b, pb, k, n, p->fp16_inputs, col_block(&p->b, k, n));
            b_last = pb;
            B = bbuf;
        }
        float *C = c_direct ? (float *)(void *)pc : cbuf;
        if (k == 0) { /* MM3 */
            for (int64_t r = 0; r < m; r++)
                memset(C + r * ldc, 0, (size_t)n * sizeof(float));
        } else {
            g_sgemm(CblasRowMajor, (enum CBLAS_TRANSPOSE)ta, (enum CBLAS_TRANSPOSE)tb, (blasint)m,
                    (blasint)n, (blasint)k, 1.0f, A, (blasint)lda, B, (blasint)ldb, 0.0f, C,
                    (blasint)ldc);
        }
    stored:
        if (!c_direct)
            for (int64_t r = 0; r < m; r++)
                st(pc + r * p->c.rs * ec, p->c.cs * ec, cbuf + r * n, n);
        for (int d = p->nb - 1; d >= 0; d--) {
            if (++idx[d] < p->bdims[d])
                break;
            idx[d] = 0;
        }
    }
    free(owned);
    return 0;
}

/* ---- small m (MM8, MM9) ------------------------------------------------------ */

/* Whether a launch runs on the small-m kernel (MM8): few rows, a float
 * weight that the BLAS cannot read in place (it would be converted) with
 * contiguous columns or rows. */
static bool mv_fits(const struct mm_plan *p)
{
    const struct mm_opnd *b = &p->b;
    int64_t ld;
    if (p->m > MM_MV_M || p->k < 1 || p->n < 1 || !(DTM(b->dt) & DTM_F3))
        return false;
    if (!p->fp16_inputs && blas_view(b, p->k, p->n, &ld))
        return false;
    return b->rs == 1 || p->k == 1 || b->cs == 1 || p->n == 1;
}

/* MM10: fold the innermost batch dims that b is broadcast along and over which a's and c's
 * rows run on (the dim's stride is m rows) into m. */
static void mm_fold(struct mm_plan *p)
{
    while (p->nb > 0) {
        const int d = p->nb - 1;
        const int64_t bd = p->bdims[d];
        if (bd > 1) {
            /* m == 1: the row stride is free (one row), the batch stride becomes it */
            const int64_t ars = p->m == 1 ? p->a.bst[d] : p->a.rs;
            const int64_t crs = p->m == 1 ? p->c.bst[d] : p->c.rs;
            if (p->b.bst[d] != 0 || p->a.bst[d] == 0 || p->c.bst[d] == 0 ||
                p->a.bst[d] != p->m * ars || p->c.bst[d] != p->m * crs)
                return;
            p->a.rs = ars;
            p->c.rs = crs;
            p->m *= bd;
        }
        p->nb--;
    }
}

static uint32_t mm_blocks(const struct aclOpExecutor *e)
{
    const struct mm_plan *p = e->plan;
    if (!p->mv)
        return 1;
    const int64_t nbatch = ops_numel(p->bdims, p->nb), units = nbatch * ((p->n + 15) / 16);
    const int64_t work = nbatch * p->k * p->n;
    if (work < 2 * MM_MV_SPLIT_MIN)
        return 1;
    int64_t b = work / MM_MV_SPLIT_MIN;
    b = b < units ? b : units;
    return b > 256 ? 256 : (uint32_t)b;
}

/* The element offsets of batch bi (the batch index space in row-major
 * order, as mm_run walks it) in a, b and c. */
static void mm_batch_at(const struct mm_plan *p, int64_t bi, int64_t *oa, int64_t *ob, int64_t *oc)
{
    *oa = *ob = *oc = 0;
    for (int d = p->nb - 1; d >= 0; d--) {
        const int64_t i = bi % p->bdims[d];
        bi /= p->bdims[d];
        *oa += i * p->a.bst[d];
        *ob += i * p->b.bst[d];
        *oc += i * p->c.bst[d];
    }
}

/* Block bi of bn of a small-m launch (MM8, MM9): units of 16 output
 * columns of one batch, consecutive units of all batches in row-major
 * order; each run of units in one batch is one kernel call. */
static int32_t mv_block(const struct mm_plan *p, void *const *addr, uint32_t bi, uint32_t bn)
{
    const int64_t m = p->m, k = p->k, n = p->n, cu = (n + 15) / 16;
    const int64_t nbatch = ops_numel(p->bdims, p->nb);
    int64_t u0, u1;
    ops_split_range(nbatch * cu, 1, bi, bn, &u0, &u1);
    if (u0 >= u1)
        return 0;
    const int64_t ncol = (u1 - u0) * 16 < n ? (u1 - u0) * 16 : n;
    const int64_t nw = KS_WQ_CHUNK > ncol ? KS_WQ_CHUNK : ncol;
    float *X = ks_scratch(sizeof(float) * (size_t)(m * k + m * ncol + nw));
    if (!X)
        return ACL_ERROR_BAD_ALLOC;
    float *C = X + m * k, *wbuf = C + m * ncol;
    const struct ks_ops *ks = ks_get();
    const int64_t ea = ops_dt_size(p->a.dt), eb = ops_dt_size(p->b.dt), ec = ops_dt_size(p->c.dt);
    const char *abase = (const char *)addr[p->a.slot] + p->a.off * ea;
    const char *bbase = (const char *)addr[p->b.slot] + p->b.off * eb;
    char *cbase = (char *)addr[p->c.slot] + p->c.off * ec;
    const ops_store_fn st = ops_storer(CK_F32, p->c.dt);
    const char *a_last = NULL;
    struct ks_mv mv = {.dt = p->b.dt,
                       .k = k,
                       .sk = p->b.rs,
                       .sn = p->b.cs,
                       .kmajor = p->b.rs == 1 || k == 1,
                       .r16 = p->fp16_inputs};
    for (int64_t u = u0; u < u1;) {
        const int64_t b = u / cu, ue = (b + 1) * cu < u1 ? (b + 1) * cu : u1;
        const int64_t j0 = (u - b * cu) * 16, j1 = (ue - b * cu) * 16 < n ? (ue - b * cu) * 16 : n;
        int64_t oa, ob, oc;
        mm_batch_at(p, b, &oa, &ob, &oc);
        const char *pa = abase + oa * ea;
        if (pa != a_last) /* x of this batch, float32 row-major (rounded under USE_FP16) */
            to_block(X, &p->a, pa, m, k, p->fp16_inputs, false);
        a_last = pa;
        mv.w = bbase + (ob + j0 * p->b.cs) * eb;
        ks->mv_small_m(&mv, X, k, m, C, j1 - j0, j1 - j0, wbuf);
        char *pc = cbase + (oc + j0 * p->c.cs) * ec;
        for (int64_t r = 0; r < m; r++)
            st(pc + r * p->c.rs * ec, p->c.cs * ec, C + r * (j1 - j0), j1 - j0);
        u = ue;
    }
    return 0;
}

static int32_t mm_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct mm_plan *p = e->plan;
    return p->mv ? mv_block(p, addr, bi, bn) : mm_run(e, addr);
}

static const struct ops_split mm_split = {mm_blocks, mm_block};

/* A matrix operand from a view: its last two dims are the matrix (a 1-D
 * view is a row vector [1, k] when `row`, else a column [k, 1]); its
 * leading dims right-align against the plan's batch dims (broadcast dims get
 * stride 0). */
static void mm_opnd_from(struct mm_opnd *o, const aclTensor *t, int slot, bool row, int nb,
                         const int64_t *bdims)
{
    int nd = (int)t->ndim;
    o->dt = ops_dt_index(t->dtype);
    o->slot = slot;
    o->off = t->offset;
    if (nd == 1) {
        o->rs = row ? 0 : t->strides[0];
        o->cs = row ? t->strides[0] : 0;
    } else {
        o->rs = t->strides[nd - 2];
        o->cs = t->strides[nd - 1];
    }
    int tb = nd > 2 ? nd - 2 : 0;
    for (int d = 0; d < nb; d++) {
        int td = d - (nb - tb);
        o->bst[d] = (td < 0 || t->dims[td] == 1 || bdims[d] == 1) ? 0 : t->strides[td];
    }
}

/* The out operand: dims [batch..., (m), (n)]; m or n absent for 1-D inputs. */
static void mm_out_from(struct mm_opnd *o, const aclTensor *t, int slot, bool has_m, bool has_n,
                        int nb)
{
    int d = (int)t->ndim;
    o->dt = ops_dt_index(t->dtype);
    o->slot = slot;
    o->off = t->offset;
    o->cs = has_n ? t->strides[--d] : 0;
    o->rs = has_m ? t->strides[--d] : 0;
    for (int i = 0; i < nb; i++)
        o->bst[i] = t->dims[i] == 1 ? 0 : t->strides[i];
}

static aclnnStatus mm_types(const char *name, unsigned types, const aclTensor *a,
                            const aclTensor *b, const aclTensor *out, int8_t cubeMathType,
                            bool *fp16)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(a, name, "self")) || (rc = ops_check_dims(b, name, "mat2")) ||
        (rc = ops_check_dims(out, name, "out")))
        return rc;
    int ad = ops_dt_index(a->dtype), bd = ops_dt_index(b->dtype), od = ops_dt_index(out->dtype);
    if (ad < 0 || bd < 0 || od < 0 || !(DTM(ad) & types) || !(DTM(bd) & types) ||
        !(DTM(od) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: types %s @ %s -> %s are not supported "
                       "(FLOAT, FLOAT16, BFLOAT16)",
                       name, ops_dt_name(a->dtype), ops_dt_name(b->dtype), ops_dt_name(out->dtype));
    if (cubeMathType < 0 || cubeMathType > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", name,
                       (int)cubeMathType);
    *fp16 = cubeMathType == 2 && ops_promote(ad, bd) == DT_F32;
    return ACLNN_SUCCESS;
}

static aclnnStatus mm_build(const char *name, const aclTensor *self, const aclTensor *mat2,
                            const aclTensor *out, bool fp16, int nb, const int64_t *bdims,
                            int64_t m, int64_t k, int64_t n, uint64_t *ws, aclOpExecutor **ex)
{
    struct aclOpExecutor *e = ops_exec_plan(name, 2, 1, sizeof(struct mm_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct mm_plan *p = e->plan;
    p->nb = nb;
    if (nb)
        memcpy(p->bdims, bdims, (size_t)nb * sizeof(int64_t));
    p->m = m;
    p->k = k;
    p->n = n;
    p->fp16_inputs = fp16;
    int sa = ops_exec_slot(e, self), sb = ops_exec_slot(e, mat2), sc = ops_exec_slot(e, out);
    mm_opnd_from(&p->a, self, sa, true, nb, bdims);
    mm_opnd_from(&p->b, mat2, sb, false, nb, bdims);
    mm_out_from(&p->c, out, sc, self->ndim > 1, mat2->ndim > 1, nb);
    if (!mv_fits(p))
        mm_fold(p);
    p->mv = mv_fits(p);
    if (!p->mv && !blas_sgemm(name)) { /* MM4: only the plans that call sgemm load the BLAS */
        ops_exec_discard(e);
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    }
    p->split = &mm_split;
    e->run = m * n * ops_numel(bdims, nb) > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, ws, ex);
}

/* What every matrix product checks first: the arguments are there (b is
 * named bname in messages), the types (fp16: multiply in half precision).
 * The BLAS is checked by mm_build, once the plan says it calls sgemm (MM4). */
static aclnnStatus mm_begin(const char *name, unsigned types, const aclTensor *self,
                            const aclTensor *b, const char *bname, const aclTensor *out,
                            int8_t cubeMathType, uint64_t *ws, aclOpExecutor **ex, bool *fp16)
{
    const void *const arg[] = {self, b, out, ws, ex};
    const char *const what[] = {"self", bname, "out", "workspaceSize", "executor"};
    for (int i = 0; i < 5; i++)
        if (!arg[i])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, what[i]);
    return mm_types(name, types, self, b, out, cubeMathType, fp16);
}

/* Mm ([m, k] @ [k, n]) and BatchMatMul ([b, m, k] @ [b, k, n], a batch of 1
 * broadcasts): the products of fixed rank. */
static aclnnStatus mm_fixed(const char *name, bool batched, const aclTensor *self,
                            const aclTensor *mat2, aclTensor *out, int8_t cubeMathType, WS)
{
    bool fp16 = false;
    aclnnStatus rc = mm_begin(name, batched ? OPS_DT_BatchMatMul : OPS_DT_Mm, self, mat2, "mat2",
                              out, cubeMathType, workspaceSize, executor, &fp16);
    if (rc)
        return rc;
    const int r = batched ? 1 : 0;                          /* leading batch dims */
    const int64_t *a = self->dims + r, *b = mat2->dims + r; /* the matrices' dims */
    if (self->ndim != 2u + r || mat2->ndim != 2u + r || a[1] != b[0] ||
        (batched && self->dims[0] != mat2->dims[0] && self->dims[0] != 1 && mat2->dims[0] != 1))
        return batched
                   ? ops_err(ACLNN_ERR_PARAM_INVALID, "%s: needs [b, m, k] @ [b, k, n]", name)
                   : ops_err(ACLNN_ERR_PARAM_INVALID, "%s: needs [m, k] @ [k, n] (got %u-D @ %u-D)",
                             name, self->ndim, mat2->ndim);
    int64_t want[3] = {self->dims[0] == 1 ? mat2->dims[0] : self->dims[0], a[0], b[1]};
    if ((rc = ops_check_out_shape(name, out, want + 1 - r, 2 + r)))
        return rc;
    return mm_build(name, self, mat2, out, fp16, r, want, a[0], a[1], b[1], workspaceSize,
                    executor);
}

aclnnStatus aclnnMmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                    int8_t cubeMathType, WS)
{
    return mm_fixed("aclnnMm", false, self, mat2, out, cubeMathType, workspaceSize, executor);
}
PHASE2(Mm)

aclnnStatus aclnnBatchMatMulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2,
                                             aclTensor *out, int8_t cubeMathType, WS)
{
    return mm_fixed("aclnnBatchMatMul", true, self, mat2, out, cubeMathType, workspaceSize,
                    executor);
}
PHASE2(BatchMatMul)

aclnnStatus aclnnMatmulGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                        aclTensor *out, int8_t cubeMathType, WS)
{
    const char *name = "aclnnMatmul";
    bool fp16 = false;
    aclnnStatus rc = mm_begin(name, OPS_DT_Matmul, self, other, "other", out, cubeMathType,
                              workspaceSize, executor, &fp16);
    if (rc)
        return rc;
    int na = (int)self->ndim, nb_ = (int)other->ndim;
    if (na < 1 || nb_ < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: operands need at least one dim", name);
    int64_t m = na > 1 ? self->dims[na - 2] : 1, k = self->dims[na - 1];
    int64_t k2 = nb_ > 1 ? other->dims[nb_ - 2] : other->dims[0];
    int64_t n = nb_ > 1 ? other->dims[nb_ - 1] : 1;
    if (k != k2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inner dims differ (%lld vs %lld)", name,
                       (long long)k, (long long)k2);
    int64_t bdims[MM_MAX_BATCH_DIMS];
    int nb = 0;
    int ba = na > 2 ? na - 2 : 0, bb = nb_ > 2 ? nb_ - 2 : 0;
    if (!ops_broadcast(self->dims, ba, other->dims, bb, bdims, &nb))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batch dims do not broadcast", name);
    int64_t want[OPS_MAX_DIMS + 2];
    int nw = 0;
    for (int i = 0; i < nb; i++)
        want[nw++] = bdims[i];
    if (na > 1)
        want[nw++] = m;
    if (nb_ > 1)
        want[nw++] = n;
    if ((rc = ops_check_out_shape(name, out, want, nw)))
        return rc;
    if (nb > MM_MAX_BATCH_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: too many batch dims", name);
    return mm_build(name, self, other, out, fp16, nb, bdims, m, k, n, workspaceSize, executor);
}
PHASE2(Matmul)
