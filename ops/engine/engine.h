/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/: the aclnn operator layer, private header.
 *
 * Layout of the layer: engine/ runs every operator, the other folders hold
 * the operators by family (phase-1 validation and their kernels).
 *   engine/tensor.c    aclTensor / aclScalar / arrays / lists, their queries, shapes
 *   engine/check.c     the argument checks every first phase shares
 *   engine/dtype.c     data type facts, promotion, casts, element conversions
 *   engine/exec.c      executors: allocation, reuse rules, address tables, phase 2
 *   engine/p1cache.c   the first-phase cache
 *   engine/plan.c      the phase-1 set-up operators share (executor + plan + views)
 *   engine/ew.c        the elementwise engine (broadcast + strided N-d iteration)
 *   engine/ew_build.c  building elementwise executors (ew_build.h)
 *   engine/simd.c      the SIMD inner loops of the heavy kernels (simd.h)
 *   elementwise/ activation/ reduce/ norm/ index/ shape/ matmul/ attention/
 *   conv/ sort/        the operator families
 *
 * Names: ops_* for this layer's internals; only the AscendCL names are
 * exported. All sizes and offsets of tensors are in elements.
 *
 * Execution model: a first-phase call validates and builds an executor that
 * owns copies of every tensor view it needs (struct ops_tensor) plus one
 * device-address slot per tensor; the kernel (exec->run) runs later on a
 * device worker with the addresses of that launch. Kernels never see the
 * user's aclTensor objects, which may be gone by then.
 */
#ifndef CPUACL_OPS_ENGINE_ENGINE_H
#define CPUACL_OPS_ENGINE_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aclnn/aclnn_base.h"
#include "core/half.h"

#define OPS_MAX_DIMS 8         /* operator limit (AscendCL's) */
#define OPS_TENSOR_MAX_DIMS 25 /* what aclCreateTensor accepts */

/* ---- meta objects (the structs behind the public opaque types) ---------- */

#define OPS_MAGIC_TENSOR 0x54656E73u
#define OPS_MAGIC_SCALAR 0x5363616Cu

struct aclTensor {
    uint32_t magic;
    aclDataType dtype;
    aclFormat format;
    uint32_t ndim, storage_ndim;
    int64_t offset;
    void *data;
    int64_t dims[OPS_TENSOR_MAX_DIMS];
    int64_t strides[OPS_TENSOR_MAX_DIMS];
    int64_t storage_dims[OPS_TENSOR_MAX_DIMS];
};

struct aclScalar {
    uint32_t magic;
    aclDataType dtype;
    union {
        double f64;
        float f32;
        int64_t i64;
        uint64_t u64;
        unsigned char bytes[16];
    } v;
};

struct aclIntArray {
    uint64_t n;
    int64_t v[];
};
struct aclFloatArray {
    uint64_t n;
    float v[];
};
struct aclBoolArray {
    uint64_t n;
    bool v[];
};
struct aclTensorList {
    uint64_t n;
    aclTensor *v[];
};
struct aclScalarList {
    uint64_t n;
    aclScalar *v[];
};

/* Scalar value accessors (any supported scalar type). */
double ops_scalar_f64(const aclScalar *s);
int64_t ops_scalar_i64(const aclScalar *s);

/* ---- data types (dtype.c) ----------------------------------------------- */

/* The data types the kernels handle, as a dense index. */
enum ops_dt {
    DT_F32,
    DT_F16,
    DT_BF16,
    DT_F64,
    DT_I8,
    DT_U8,
    DT_I16,
    DT_I32,
    DT_I64,
    DT_BOOL,
    DT_U16, /* the wide unsigned types: only the operators whose CANN declaration */
    DT_U32, /* takes them (LeftShift, RightShift) accept them (DTM_UWIDE); no   */
    DT_U64, /* DTM_* mask but DTM_UWIDE holds them, and they promote only alone */
    DT_COUNT,
    DT_NONE = -1
};

#define DTM(x) (1u << (x)) /* dtype mask bit */
#define DTM_FLOAT (DTM(DT_F32) | DTM(DT_F16) | DTM(DT_BF16) | DTM(DT_F64))
#define DTM_INT (DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64))
#define DTM_ALL (DTM_FLOAT | DTM_INT | DTM(DT_BOOL))
#define DTM_F3 (DTM(DT_F32) | DTM(DT_F16) | DTM(DT_BF16)) /* the NPU float trio */
#define DTM_NUM (DTM_FLOAT | DTM_INT)                     /* no bool */
#define DTM_IDX (DTM(DT_I32) | DTM(DT_I64))               /* index tensors, ArgMax out */
/* uint16/32/64: only for the operators that ask (see DT_U16) */
#define DTM_UWIDE (DTM(DT_U16) | DTM(DT_U32) | DTM(DT_U64))

int ops_dt_index(aclDataType t); /* DT_* or DT_NONE */
aclDataType ops_dt_acl(int dt);
unsigned ops_dt_size(int dt);
const char *ops_dt_name(aclDataType t);
/* t is a supported type in mask (DTM_*). */
static inline bool ops_dt_in(aclDataType t, unsigned mask)
{
    int d = ops_dt_index(t);
    return d >= 0 && (DTM(d) & mask);
}
static inline bool ops_dt_is_float(int dt)
{
    return dt >= DT_F32 && dt <= DT_F64;
}
static inline bool ops_dt_is_int(int dt)
{
    return (dt >= DT_I8 && dt <= DT_I64) || (dt >= DT_U16 && dt <= DT_U64);
}

/* Type promotion (AscendCL's "mutual derivation" table, PyTorch's);
 * DT_NONE when the pair does not promote. */
int ops_promote(int a, int b);
/* Whether a value of type `from` may be written to type `to`: no float to
 * integer/bool, no integer to bool. */
bool ops_can_cast(int from, int to);
/* Promotion of a tensor with a host scalar (aclnnAdds and friends). */
int ops_promote_scalar(int tensor_dt, int scalar_dt, int out_dt);

/* Scalar float16/bfloat16 conversions: half_* in core/half.h. */

/* Store one double / int64 value into an element of type dt (saturating,
 * truncating float to integer conversion; NaN gives 0). */
void ops_store_f64(void *dst, int dt, double v);
void ops_store_i64(void *dst, int dt, int64_t v);
/* The value range of an integer type (int64's for the others). */
void ops_dt_int_range(int dt, int64_t *lo, int64_t *hi);
/* v wrapped to type dt (two's complement; BOOL: v != 0; others: v). */
static inline int64_t ops_dt_wrap(int dt, int64_t v)
{
    switch (dt) {
    case DT_I8:
        return (int8_t)v;
    case DT_U8:
        return (uint8_t)v;
    case DT_I16:
        return (int16_t)v;
    case DT_I32:
        return (int32_t)v;
    case DT_BOOL:
        return v != 0;
    default:
        return v;
    }
}

/* ---- compute kinds and conversions (dtype.c) ---------------------------- */

/* The type a kernel computes in. The RAW kinds move element bits. */
enum ops_ck { CK_F32, CK_F64, CK_I64, CK_RAW1, CK_RAW2, CK_RAW4, CK_RAW8, CK_COUNT };

static inline int ops_ck_size(int ck)
{
    static const unsigned char sz[CK_COUNT] = {4, 8, 8, 1, 2, 4, 8};
    return sz[ck];
}
/* The data type a compute kind holds natively (for zero-copy use); DT_NONE
 * for the RAW kinds, which take any type of their size. */
int ops_ck_native(int ck);
/* The kind a float/int computation with result type dt runs in. */
static inline int ops_ck_for(int dt)
{
    return dt == DT_F64 ? CK_F64 : ops_dt_is_float(dt) ? CK_F32 : CK_I64;
}
static inline int ops_ck_raw(int dt)
{
    switch (ops_dt_size(dt)) {
    case 1:
        return CK_RAW1;
    case 2:
        return CK_RAW2;
    case 4:
        return CK_RAW4;
    default:
        return CK_RAW8;
    }
}

/* Gather n elements of type dt from src (byte stride st, 0 = broadcast one)
 * into the contiguous compute buffer dst of kind ck, and the reverse. */
typedef void (*ops_load_fn)(void *dst, const char *src, int64_t st, int64_t n);
typedef void (*ops_store_fn)(char *dst, int64_t st, const void *src, int64_t n);
ops_load_fn ops_loader(int ck, int dt);
ops_store_fn ops_storer(int ck, int dt);
/* The element of type dt at dst = the one at src, or (add) dst + src: floats summed in
 * double, integers in int64 wrapped to dt, BOOL as or; one rounding (index_put_ /
 * scatter_nd's accumulation). */
void ops_put_elem(char *dst, const char *src, int dt, bool add);
/* Round a float buffer to the precision of dt (F16/BF16), in place. */
void ops_round_f32(float *buf, int64_t n, int dt);
/* Round a double buffer to the value set of dt (float or integer), in place. */
void ops_round_f64(double *buf, int64_t n, int dt);

/* ---- tensor views held by executors -------------------------------------- */

struct ops_tensor {
    int8_t dt; /* DT_* */
    int8_t ndim;
    int16_t slot;   /* address slot in the executor, -1 = constant (cptr) */
    int64_t offset; /* elements */
    int64_t numel;
    int64_t dims[OPS_MAX_DIMS];
    int64_t strides[OPS_MAX_DIMS]; /* elements */
};

/* ---- executors (exec.c) -------------------------------------------------- */

#define OPS_EXEC_INLINE_SLOTS 6
#define OPS_EXEC_PLAN_INLINE 768 /* bytes; holds a struct ew_plan */
#define OPS_EXEC_EXT_MAX 4096    /* bytes a header keeps for a plan, or for its slot arrays */

struct aclOpExecutor;
/* A kernel: runs the operator with the device addresses of one launch
 * (addr[slot]). Returns 0 or an aclError for the stream's error state. */
typedef int32_t (*ops_run_fn)(const struct aclOpExecutor *e, void *const *addr);

enum ops_exec_state {
    EXEC_FREE = 0,   /* in the pool */
    EXEC_READY,      /* built by phase 1, not launched */
    EXEC_LAUNCHED,   /* single-use, handed to the stream */
    EXEC_REPEATABLE, /* reusable; owned by the caller */
    EXEC_DESTROYED,  /* reusable, destroyed by the caller; launches pending */
};

struct aclOpExecutor {
    /* Laid out by cache line (64 B; the header is 64-byte aligned). The
     * worker reads the header and writes none of it (the free in exec.c
     * leaves a LAUNCHED header as it is); a cached first phase on a header
     * that still holds its template (p1cache.c, plan_tag) writes line 0 and
     * line 2, which the caller prefetches for writing a few launches ahead
     * (exec.c, the pool). The other lines and the plan stay shared in both
     * caches. */
    /* line 0 */
    _Alignas(64) _Atomic uint32_t state; /* A: ops_exec_state; transitions in exec.c */
    _Atomic uint32_t refs; /* A: REPEATABLE: caller reference + one per queued launch */
    /* The owner's unlocked launch (exec.c, EX5): busy while the owner is in
     * it, stolen once another thread has touched the READY executor. */
    _Atomic uint8_t busy, stolen;
    /* Address slots: inputs [0, nin), outputs [nin, nin + nout). Slots made
     * from the same aclTensor share a group and are refreshed together. */
    uint16_t nslots, ngroups;
    ops_run_fn run;                           /* I: NULL = nothing to do (empty tensors) */
    void *plan;                               /* I: op-specific data */
    _Atomic(const void *) owner;              /* A: &ops_t_token of the phase-1 thread (EX5) */
    void *addr_inline[OPS_EXEC_INLINE_SLOTS]; /* [0..2] in line 0, [3..5] in line 1 */
    /* line 1 (from addr_inline[3]) */
    void (*fini)(struct aclOpExecutor *e); /* I: frees what plan holds (plan itself too) */
    void **addr;                           /* group -> device address (caller thread writes) */
    int16_t *slot_group;                   /* slot -> group, -1 = absent optional input */
    uint8_t *group_need;                   /* group -> non-empty: a NULL address is a fault */
    const void **group_src;                /* group -> the aclTensor it came from (phase 1) */
    /* line 2 */
    const void *group_src_inline[OPS_EXEC_INLINE_SLOTS];
    const char *op; /* I: "aclnnAdd", for messages */
    uint32_t gen;   /* I: bumped at each reuse of the header (debug aid) */
    uint16_t nin, nout;
    /* line 3 */
    int16_t slot_group_inline[OPS_EXEC_INLINE_SLOTS];
    uint8_t group_need_inline[OPS_EXEC_INLINE_SLOTS];
    /* The operator's IR parameters (a tensor list is one): first slot and
     * tensor count of IR input i (then IR output i). Default: one per slot. */
    uint16_t n_ir_in, n_ir_out;
    uint16_t ir_first[8], ir_count[8];
    /* Per-slot tensor views for the profiler and the dump (core/obs.h), made
     * at phase 1 while core_obs_active(); NULL otherwise. */
    struct core_obs_tensor *obs;
    /* line 4. Which cached first phase (p1cache.c) last wrote plan_inline and
     * the header's template fields (all but line 0's, line 2's group_src_inline
     * and gen), 0 = none; cleared by ops_exec_new. A header whose tag matches
     * needs neither written again. */
    uint64_t plan_tag;
    struct aclOpExecutor *next_free; /* spill list link (exec.c: spill_push), rarely used */
    /* Room for a small plan (ops_exec_plan_mem): the two-phase path of a small
     * elementwise operator allocates nothing. Not cleared by ops_exec_new. */
    _Alignas(16) unsigned char plan_inline[OPS_EXEC_PLAN_INLINE];
    /* Memory the header keeps from one use to the next (exec.c EX7): the slot arrays of an
     * executor of more than OPS_EXEC_INLINE_SLOTS slots, and a plan too large for
     * plan_inline (ops_exec_plan_mem). Grown by phase 1, never freed by the release; not
     * cleared by ops_exec_new. */
    struct ops_exec_ext *slots_ext, *plan_ext;
};

/* Phase-1 helpers. ops_exec_new returns a READY executor (NULL = out of
 * memory, message recorded). ops_exec_add_tensor registers the tensor behind
 * a slot (in order: all inputs, then all outputs) and returns the slot;
 * t may be NULL for an absent optional input. */
struct aclOpExecutor *ops_exec_new(const char *op, uint16_t nin, uint16_t nout);
int ops_exec_slot(struct aclOpExecutor *e, const aclTensor *t);
/* Declare the IR parameters when a tensor list is among them: counts[i]
 * tensors for IR input i (then outputs), in slot order. */
void ops_exec_ir(struct aclOpExecutor *e, const uint16_t *in_counts, uint16_t n_ir_in);
void ops_exec_discard(struct aclOpExecutor *e); /* phase 1 failed after new */
/* Memory for e's plan of `size` bytes: the executor's inline room when it
 * fits (and is not taken yet), else the header's kept plan memory up to
 * OPS_EXEC_EXT_MAX bytes (exec.c EX7; not taken yet either), else malloc;
 * NULL when out of memory. Not zeroed. Free it with ops_exec_plan_release
 * (ops_plan_free, ew_exec_fini do), never with free. */
void *ops_exec_plan_mem(struct aclOpExecutor *e, size_t size);
void ops_exec_plan_release(struct aclOpExecutor *e, void *plan);
/* Whether plan is memory e holds (its inline room or its kept block): nothing to release. */
bool ops_exec_plan_kept(const struct aclOpExecutor *e, const void *plan);
/* Finish phase 1: store outputs for the caller. */
aclnnStatus ops_exec_done(struct aclOpExecutor *e, uint64_t *workspaceSize,
                          aclOpExecutor **executor);

/* An executor for op owning a zeroed plan of size bytes at e->plan, freed by
 * fini (NULL: the plan comes from ops_exec_plan_mem, and e->fini is
 * ops_plan_free, or NULL when the header holds the memory; a non-NULL fini
 * gets it from calloc, and may free it with free). NULL when
 * out of memory (message recorded; the caller returns
 * ACLNN_ERR_INNER_CREATE_EXECUTOR). */
struct aclOpExecutor *ops_exec_plan(const char *op, uint16_t nin, uint16_t nout, size_t size,
                                    void (*fini)(struct aclOpExecutor *e));
/* One tensor of an executor: t gets the next address slot and, when t and
 * view are both non-NULL, view is filled from it (ops_tensor_from; what names
 * it in messages). A NULL t is an absent optional tensor (slot without an
 * address); a NULL view registers the slot only. */
struct ops_view {
    struct ops_tensor *view;
    const aclTensor *t;
    const char *what;
};
/* Register the views of a list ended by an entry with what == NULL, in slot
 * order. On failure e is discarded and the error returned. */
aclnnStatus ops_exec_views(struct aclOpExecutor *e, const struct ops_view *v);
#define OPS_VIEWS(e, ...) ops_exec_views((e), (const struct ops_view[]){__VA_ARGS__, {0}})

/* The opening most operators' phase 1 shares, ops_exec_plan then OPS_VIEWS: declares `e`, an
 * executor for op with nin inputs and nout outputs owning a zeroed plan of `type` (freed by
 * fini; NULL: ops_plan_free), and `p`, that plan; then registers the views, which name p's
 * fields. On failure the calling function returns: ACLNN_ERR_INNER_CREATE_EXECUTOR when out of
 * memory, else the views' error (e discarded). */
#define OPS_PLAN(e, p, op, nin, nout, type, fini, ...)                                             \
    struct aclOpExecutor *e = ops_exec_plan((op), (nin), (nout), sizeof(type), (fini));            \
    if (!e)                                                                                        \
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;                                                    \
    type *p = e->plan;                                                                             \
    do {                                                                                           \
        aclnnStatus ops_vrc_ = OPS_VIEWS(e, __VA_ARGS__);                                          \
        if (ops_vrc_ != ACLNN_SUCCESS)                                                             \
            return ops_vrc_;                                                                       \
    } while (0)

/* A header from the pool, not initialised (p1cache.c; NULL when out of memory). */
struct aclOpExecutor *ops_exec_header(void);
/* The calling thread's token (its address; EX5 in exec.c). */
extern __thread char ops_t_token __attribute__((tls_model("initial-exec")));
/* Make e READY and owned by the calling thread (the end of a phase 1). */
static inline void ops_exec_make_ready(struct aclOpExecutor *e)
{
    /* relaxed: the header is this thread's until its phase 2 publishes it
     * (through the stream's release), or another thread takes it (EX5: the
     * caller's own synchronisation orders that hand-over). */
    atomic_store_explicit(&e->owner, (const void *)&ops_t_token, memory_order_relaxed);
    atomic_store_explicit(&e->busy, 0, memory_order_relaxed);
    atomic_store_explicit(&e->stolen, 0, memory_order_relaxed);
    atomic_store_explicit(&e->refs, 0, memory_order_relaxed);
    atomic_store_explicit(&e->state, EXEC_READY, memory_order_relaxed);
}

/* ---- the first-phase cache (p1cache.c) ------------------------------------------------
 *
 * An elementwise operator's phase 1 is a pure function of its arguments' contents (types,
 * formats, shapes, strides, offsets, scalar values, which arguments are the same tensor) and
 * of the entry point. A per-thread cache keyed on exactly that keeps the executor template
 * and plan of each successful phase 1, so a repeated call (same descriptors, or new ones
 * with the same contents, as ggml makes per operator) validates and plans nothing:
 *
 *   struct ops_p1key k = {name, site_word, 3, 1, {self, other, out}, {alpha}};
 *   if (ops_p1_hit(&k, ws, ex)) return ACLNN_SUCCESS;
 *   ... the uncached phase 1 ...
 *   return ops_p1_keep(&k, rc, ex);
 *
 * site_word: the caller's own parameters (operator kind, mode, in place); tensors and
 * scalars may be NULL. Only successful results are kept, so a hit returns what the uncached
 * call returned for the same contents; errors always take the uncached path (same code,
 * same message). A tensor or scalar that is not live (bad magic), or a tensor of more than
 * OPS_MAX_DIMS dims, makes the call uncacheable. Nothing is cached while core_obs_active()
 * (the profiler wants its per-slot views). ops_p1_keep only caches executors with an
 * ew_plan held inline. The key is read in place from the arguments (a hit stores nothing
 * but the executor: see p1cache.c). */
#define OPS_P1_MAX_T 4
#define OPS_P1_MAX_S 3
struct ops_p1key {
    const char *op;
    uint64_t site;
    unsigned nt, ns;
    const aclTensor *t[OPS_P1_MAX_T];
    const aclScalar *s[OPS_P1_MAX_S];
};
bool ops_p1_hit(const struct ops_p1key *k, uint64_t *workspaceSize, aclOpExecutor **executor);
aclnnStatus ops_p1_keep(const struct ops_p1key *k, aclnnStatus rc, aclOpExecutor *const *executor);

/* Phase 2: queue e on stream (all aclnnXxx functions). */
aclnnStatus ops_launch(void *workspace, uint64_t workspaceSize, aclOpExecutor *e,
                       aclrtStream stream, const char *name);

/* F1. aclCreateTensor accepts any format; NC1HWC0, FRACTAL_Z, FRACTAL_NZ (and
 * their variants) are blocked layouts, not strided views, so ops_tensor_from refuses
 * them and an operator that documents one reads it itself. ACL_INT4 tensors (two
 * values per byte) likewise reach only the operators that document int4. */
bool ops_format_private(aclFormat f);

/* Fill an ops_tensor from an aclTensor (checks dims <= 8, dtype known, format not
 * private). */
aclnnStatus ops_tensor_from(struct ops_tensor *o, const aclTensor *t, int slot, const char *op,
                            const char *what);

/* Element pointer of a view at a launch. */
static inline char *ops_base(const struct ops_tensor *t, void *const *addr)
{
    return (char *)addr[t->slot] + t->offset * (int64_t)ops_dt_size(t->dt);
}

/* Whether out, at a launch, overlaps in other than element for element
 * (the same first byte, element size and strides): a kernel that splits
 * such a launch, or reads in ahead of writing out, would change results. */
bool ops_views_alias(const struct ops_tensor *in, const struct ops_tensor *out, void *const *addr);

/* Pointer to the element off elements (element strides applied by the
 * caller) from a view's first one at a launch. */
static inline char *ops_elem(const struct ops_tensor *t, void *const *addr, int64_t off)
{
    return ops_base(t, addr) + off * (int64_t)ops_dt_size(t->dt);
}

/* Step a row-major odometer (multi-index idx) over dims[0..nd); false when it wrapped. */
static inline bool ops_odo_next(int64_t *idx, const int64_t *dims, int nd)
{
    for (int d = nd - 1; d >= 0; d--) {
        if (++idx[d] < dims[d])
            return true;
        idx[d] = 0;
    }
    return false;
}

static inline int64_t ops_odo_off(const int64_t *idx, const int64_t *st, int nd)
{
    int64_t off = 0;
    for (int d = 0; d < nd; d++)
        off += idx[d] * st[d];
    return off;
}

/* The dims a reduction of self over dim runs over (reduce/reduce.c): red[d] for
 * each of the OPS_MAX_DIMS dims (all of self's when dim is empty), *count the
 * elements folded into each result; out must have the result's shape (the
 * reduced dims dropped, or kept as 1 with keepdim). 161002 on a dim out of
 * range or given twice, or a wrong out shape. */
aclnnStatus ops_reduce_shape(const char *op, const aclTensor *self, const aclIntArray *dim,
                             bool keepdim, const aclTensor *out, bool *red, int64_t *count);

/* Gather / scatter an nd-dim block (row-major) between a view (element
 * strides) and a contiguous compute buffer of kind ck (dtype.c). */
void ops_gather_nd(void *buf, int ck, const char *base, int dt, int nd, const int64_t *dims,
                   const int64_t *strides);
void ops_scatter_nd(const void *buf, int ck, char *base, int dt, int nd, const int64_t *dims,
                    const int64_t *strides);

/* The BLAS's cblas_sgemm (cast to its type, from <cblas.h>), loaded on first
 * use; NULL with a message recorded when there is none (matmul/blas.c).
 * ops_blas_load: the same without a message. */
void *ops_blas_sgemm(const char *op);
void *ops_blas_load(void);
/* Any other symbol of the BLAS ops_blas_load opened (cblas_strsm, LAPACK's sgetrf_ ...):
 * NULL without a BLAS or when it lacks the name (aclBLAS, blas/). */
void *ops_blas_sym(const char *name);

/* ---- argument checks (check.c) ------------------------------------------ */

/* Record a message for aclGetRecentErrMsg and return code. */
aclnnStatus ops_err(aclnnStatus code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define OPS_CHECK_NULL(op, p)                                                                      \
    do {                                                                                           \
        if (!(p))                                                                                  \
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", op, #p);                     \
    } while (0)

/* OPS_CHECK_NULLS(op, a, b, c...): OPS_CHECK_NULL for each argument in order; the first NULL one
 * is reported by its spelling, with the same code and message as OPS_CHECK_NULL. Each argument
 * must be an object pointer expression without a top-level comma (its name is cut from
 * #__VA_ARGS__ at the commas). ops_first_null returns ACLNN_SUCCESS when none is NULL. */
aclnnStatus ops_first_null(const char *op, const char *names, const void *const *ptrs, size_t n);
#define OPS_CHECK_NULLS(op, ...)                                                                   \
    do {                                                                                           \
        const void *const ops_nulls_[] = {__VA_ARGS__};                                            \
        aclnnStatus ops_nrc_ = ops_first_null(op, #__VA_ARGS__, ops_nulls_,                        \
                                              sizeof(ops_nulls_) / sizeof(ops_nulls_[0]));         \
        if (ops_nrc_ != ACLNN_SUCCESS)                                                             \
            return ops_nrc_;                                                                       \
    } while (0)

/* The checks below return ACLNN_SUCCESS or the status of the first failure,
 * with its message recorded (161002 unless said otherwise). */
/* t is a live tensor of at most OPS_MAX_DIMS dims and fewer than 2^63 elements. */
aclnnStatus ops_check_dims(const aclTensor *t, const char *op, const char *what);
/* t's type as DT_* (into *dt), refused unless in mask. */
aclnnStatus ops_need_dt(const char *name, const char *what, aclDataType t, unsigned mask, int *dt);
/* s is a live scalar of a supported type (its DT_* into *dt unless dt is NULL). */
aclnnStatus ops_check_scalar(const char *name, const char *what, const aclScalar *s, int *dt);
/* t's view is dense in row-major order: each stride is the product of the dims after it (a
 * dim of size 1 may have any stride). t's offset is not looked at. */
bool ops_view_dense(const aclTensor *t);
/* dim against a rank (a 0-d tensor counts as 1-d): the wrapped dim into *out. */
aclnnStatus ops_wrap_dim(const char *name, int64_t dim, int nd, int *out);
/* The dim a GLU-style operator halves (its two halves along it): x has 1 or more dims, dim
 * wraps against them (ops_wrap_dim) and x's size there is even; the wrapped dim into *out. */
aclnnStatus ops_wrap_halved_dim(const char *name, const aclTensor *x, int64_t dim, int *out);
/* A batched matrix product's shapes: x1 [..., m, k] ([..., k, m] when t1), x2 [..., k, n]
 * ([..., n, k] when t2), both of 2 or more dims (checked by the caller). k must agree and the
 * batch dims broadcast to at most maxbatch dims, else 161002; want[0..*nb) gets the batch dims,
 * want[*nb], want[*nb + 1] m and n (the product's shape, *nb + 2 dims). */
aclnnStatus ops_mm_shapes(const char *name, const aclTensor *x1, bool t1, const aclTensor *x2,
                          bool t2, int maxbatch, int64_t *want, int *nb, int64_t *m, int64_t *k,
                          int64_t *n);
/* out's shape must be want[0..nwant): else 161002 naming both shapes. */
aclnnStatus ops_check_shape(const char *name, const int64_t *want, int nwant, const aclTensor *out,
                            const char *what);
/* ops_check_shape for the argument named "out". */
aclnnStatus ops_check_out_shape(const char *op, const aclTensor *out, const int64_t *want, int nw);
/* The failure of ops_check_shape: 161002 naming t's shape and want. */
aclnnStatus ops_shape_err(const char *name, const char *what, const aclTensor *t,
                          const int64_t *want, int nwant);
/* out's shape must be the broadcast of a and b (either may be NULL: a scalar
 * operand, the other's shape is out's); 161002 naming the shapes when a and b
 * do not broadcast or out's shape differs. */
aclnnStatus ops_check_broadcast(const char *name, const aclTensor *a, const aclTensor *b,
                                const aclTensor *out, const char *what);

/* ---- shapes (tensor.c) ---------------------------------------------------- */

/* Broadcast a and b (right-aligned); returns false when they do not. */
bool ops_broadcast(const int64_t *a, int na, const int64_t *b, int nb, int64_t *out, int *nout);
bool ops_same_shape(const aclTensor *a, const aclTensor *b);
/* t's shape is dims[0..nd). */
bool ops_shape_is(const aclTensor *t, const int64_t *dims, int nd);
int64_t ops_numel(const int64_t *dims, int n);
/* "[2, 3]" into buf. */
const char *ops_shape_str(char *buf, size_t n, const int64_t *dims, int nd);

/* ---- the elementwise engine (ew.c) ---------------------------------------- */

#define EW_MAX_IN 4   /* inputs held inline in a plan */
#define EW_MAX_OPS 65 /* operands of one plan: out + up to 64 inputs (MaxN) */

struct ew_params {
    double f[4];  /* float parameters (alpha, scalars, ...) */
    int64_t i[4]; /* integer parameters */
    int nin;      /* number of inputs given to the kernel */
};

/* A kernel over contiguous compute-kind buffers: out[0..n) from in[k][0..n). */
typedef void (*ew_kern_fn)(void *out, const void *const *in, int64_t n, const struct ew_params *p);

struct ew_operand {
    int8_t dt;
    int16_t slot;             /* -1: constant at cval */
    int64_t off;              /* elements */
    int64_t st[OPS_MAX_DIMS]; /* elements per collapsed dim, 0 = broadcast */
    unsigned char cval[16];   /* constant value, stored as type dt */
};

/* What an elementwise kernel computes, where the engine has a fused run for
 * some operand forms (ew.c EW5): none, or the product of its two inputs. */
enum { EW_FUSE_NONE, EW_FUSE_MUL };

struct ew_plan {
    int nd;    /* collapsed rank, >= 1 */
    int nops;  /* operands: [0] = out, [1..] inputs */
    int ck;    /* compute kind */
    int8_t rt; /* result type to round through before storing, DT_NONE */
    int8_t fuse; /* EW_FUSE_*: what kern computes, for the fused runs (ew.c EW5) */
    ew_kern_fn kern;
    struct ew_params p;
    int64_t dims[OPS_MAX_DIMS];
    int64_t numel;
    struct ew_operand *op; /* nops entries */
    struct ew_operand op_inline[1 + EW_MAX_IN];
};

/* Build the plan: out view and input views (broadcast to out's shape; a
 * tensor with slot -1 is a constant whose value is in cval). */
int ew_plan_init(struct ew_plan *pl, int ck, ew_kern_fn kern, const struct ops_tensor *out,
                 const struct ops_tensor *const *in, int nin);
void ew_plan_fini(struct ew_plan *pl);
/* Run it with one launch's addresses. */
int32_t ew_run(const struct ew_plan *pl, void *const *addr);

/* The executor-side wrapper most elementwise operators use: the plan lives
 * in e->plan. */
int32_t ew_exec_run(const struct aclOpExecutor *e, void *const *addr);
/* A kernel that splits its work into blocks (exec.c EX6) other than the
 * elementwise engine's: e->run is ops_split_run and e->plan starts with a
 * pointer to the kernel's ops_split. blocks(e): how many blocks the launch
 * may use (1 = no split; the runtime caps it by the device's workers);
 * block(e, addr, i, n): block i of n, every block of one launch sees the
 * same plan and addresses; ops_split_run runs block 0 of 1 (the whole). */
struct ops_split {
    uint32_t (*blocks)(const struct aclOpExecutor *e);
    int32_t (*block)(const struct aclOpExecutor *e, void *const *addr, uint32_t i, uint32_t n);
};
int32_t ops_split_run(const struct aclOpExecutor *e, void *const *addr);
static inline const struct ops_split *ops_split_of(const struct aclOpExecutor *e)
{
    return *(const struct ops_split *const *)e->plan;
}
/* Columns [j0, j1) of block i of n over n_items items, cut at multiples of
 * align: exact integer products, every item in exactly one block. */
static inline void ops_split_range(int64_t n_items, int64_t align, uint32_t i, uint32_t n,
                                   int64_t *j0, int64_t *j1)
{
    const int64_t units = (n_items + align - 1) / align;
    const int64_t u0 = units * (int64_t)i / (int64_t)n, u1 = units * (int64_t)(i + 1) / (int64_t)n;
    *j0 = u0 * align < n_items ? u0 * align : n_items;
    *j1 = u1 * align < n_items ? u1 * align : n_items;
}
/* Blocks for a launch of `rows` whole rows over numel elements: each block
 * at least min_elems elements and one row, at most 256 blocks (1: no
 * split). */
static inline uint32_t ops_split_rows(int64_t rows, int64_t numel, int64_t min_elems)
{
    int64_t b = numel / min_elems;
    b = b < rows ? b : rows;
    return b < 1 ? 1 : b > 256 ? 256 : (uint32_t)b;
}
/* The split (ew.c, EW3): blocks a launch of pl may use (1: too small to
 * split), and block i of n of a launch. EW_SPLIT_MIN: elements per block at
 * least, measured (docs/operator-kernels.md, "Splitting across workers"). */
#define EW_SPLIT_MIN (64 * 1024)
uint32_t ew_blocks(const struct ew_plan *pl);
int32_t ew_exec_block(const struct aclOpExecutor *e, void *const *addr, uint32_t i, uint32_t n);
void ew_exec_fini(struct aclOpExecutor *e);
/* fini for a plan that is one malloc'd block with no pointers it owns. */
void ops_plan_free(struct aclOpExecutor *e);

/* Shared kernels. */
extern const ew_kern_fn ew_copy_kern[CK_COUNT]; /* identity (1 input) */

/* The public operators' shared shapes: the trailing parameters of every
 * aclnnXxxGetWorkspaceSize, and the phase-2 call that queues the executor. */
#define WS uint64_t *workspaceSize, aclOpExecutor **executor
#define PHASE2(OP)                                                                                 \
    aclnnStatus aclnn##OP(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,        \
                          aclrtStream stream)                                                      \
    {                                                                                              \
        return ops_launch(workspace, workspaceSize, executor, stream, "aclnn" #OP);                \
    }

#endif /* CPUACL_OPS_ENGINE_ENGINE_H */
