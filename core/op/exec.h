/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Single-operator execution inside the op room (core/op/): the installed
 * provider of operator types (provider.c), operator instances read from
 * tensor descriptions and data buffers and their launches (exec.c), the
 * plan cache and the threads' memos (cache.c),
 * handles (handle.c) and the compile-side bookkeeping (compile.c). The entry
 * points are core/api/op.c; docs/op.md says what each returns.
 *
 * Plans (struct core_op_plan) are what an instance resolves to: the
 * provider's plan plus what a launch needs without the descriptions (the
 * bytes each operand must hold, the const values). Immutable once made;
 * counted (refs): the cache's own reference, one per handle, one per launch
 * record still queued or captured, and a batch per thread memo holding it,
 * so evicting a plan never frees one a queued task still uses.
 */
#ifndef CPUACL_CORE_OP_EXEC_H
#define CPUACL_CORE_OP_EXEC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_op.h"
#include "core/op.h"
#include "core/runtime/tensor_desc.h"

/* The installed provider, NULL before core_op_provide. */
const struct core_op_provider *core_op_provider(void);

/* ---- instances ----------------------------------------------------------------- */

/* What a call gives: the type, the descriptions, the buffers (NULL for the
 * description-only calls) and the attributes. */
struct core_op_call {
    const char *type;
    int nin;
    const aclTensorDesc *const *in_desc;
    const aclDataBuffer *const *in_buf; /* NULL: no buffers (handles, compile) */
    int nout;
    const aclTensorDesc *const *out_desc;
    const aclDataBuffer *const *out_buf;
    const aclopAttr *attr;
    const char *fn;
    bool bufs;      /* in_buf and out_buf are arguments (core_op_check checks them) */
    bool read_data; /* every input buffer holding its bytes is a value (aclopInferShape) */
};

/* The argument rows every aclop call shares (docs/op.md, "Execution"):
 * a NULL type, negative counts, NULL arrays or elements; with buffers, a
 * buffer smaller than its description (const inputs excepted).
 * ACL_ERROR_INVALID_PARAM with its message naming c->fn. */
aclError core_op_check(const struct core_op_call *c);
/* ACL_ERROR_API_NOT_SUPPORT when a description of c is host-placed
 * (handles and compiles take none, as in AscendCL). */
aclError core_op_no_host(const struct core_op_call *c);
/* Whether every output of c describes zero elements (and there is one). */
bool core_op_outputs_empty(const struct core_op_call *c);
/* Whether input k of c is an optional input not given (its description
 * says ACL_DT_UNDEFINED). */
static inline bool core_op_absent(const struct core_op_call *c, int k)
{
    return core_tdesc_type(c->in_desc[k]) == ACL_DT_UNDEFINED;
}
/* The value input k runs with when the call fixes it: the const value of
 * its description (aclSetTensorConst), else its buffer when host-placed
 * (ACL_MEMTYPE_HOST*) or c->read_data; NULL otherwise. *len its bytes. */
const void *core_op_input_value_slow(const struct core_op_call *c, int k, size_t *len);
static inline const void *core_op_input_value(const struct core_op_call *c, int k, size_t *len)
{
    const aclTensorDesc *d = c->in_desc[k];
    if (__builtin_expect(!d->const_data && d->placement == ACL_MEMTYPE_DEVICE && !c->read_data, 1))
        return NULL; /* the common input: a device buffer */
    return core_op_input_value_slow(c, k, len);
}
/* The values of c's tensors: in[nin] then out[nout] (vals must hold both). */
void core_op_vals(const struct core_op_call *c, struct core_op_val *vals);

/* ---- plans ----------------------------------------------------------------------- */

struct core_op_plan {
    uint32_t nin, nout;
    const struct core_op_provider *prov; /* the one that made plan */
    void *plan;                          /* the provider's */
    size_t *need;                        /* [nin + nout] bytes each buffer must hold (0: none) */
    const void **fixed;                  /* [nin] the value a const input runs with, else NULL */
    uint64_t hash;                       /* of key */
    size_t nkey;                         /* words at key */
    uint64_t *key;                       /* the instance (cache.c) */
    struct core_op_plan *fifo_next;      /* cache.c, under its fill lock */
    bool empty;                          /* every output describes 0 elements */
    /* Written by every run's release: a cache line of its own, so that the
     * fields above, read by every call, stay shared between cores. */
    _Alignas(64) _Atomic uint32_t refs;
    /* need, fixed and key follow */
};

/* Take one more reference of p (the caller holds one): from the thread's
 * memo, without an atomic operation in the common case. */
void core_op_plan_take(struct core_op_plan *p);
/* Drop one reference; the last frees the plan (with the provider's release). */
void core_op_plan_put(struct core_op_plan *p);

/* The plan of instance c (mode CORE_OP_EXECUTE): from the cache, else
 * prepared and cached. *out holds a reference for the caller. Codes: the
 * provider's, ACL_ERROR_OP_TYPE_NOT_MATCH without a provider,
 * ACL_ERROR_BAD_ALLOC. */
aclError core_op_plan_get(const struct core_op_call *c, struct core_op_plan **out);

/* The plan this thread's memo expects next (the one it used after its last
 * plan, last time: the last plan itself for a repeated call), when c is its
 * instance (compared with the plan's key, not hashed); NULL otherwise. No reference is
 * taken: the thread's memo keeps the plan alive until this thread's next
 * core_op_plan_get or core_op_plan_take, which takes one (core_op_plan_take).
 * c's type, arrays and their elements must not be NULL, its counts >= 0. */
struct core_op_plan *core_op_plan_last(const struct core_op_call *c);

/* The repeated call's path (aclopExecuteV2, aclopExecute): the plan of c,
 * without a reference, when c is the instance this thread ran last
 * (or the next of its sequence: core_op_plan_last) and every row core_op_check and
 * core_op_outputs_empty
 * test passes (against the sizes the plan keeps: the instance, so the sizes,
 * are the same); NULL otherwise, and the caller takes the full path, which
 * gives the codes and messages. */
struct core_op_plan *core_op_repeat(const struct core_op_call *c);

/* Queue one run of p (an operator of `type`: the trace's name) on stream with the buffers of
 * c's shape (inputs, outputs); takes no reference of the caller's. ACL_SUCCESS or the
 * stream's code, nothing queued on failure. */
aclError core_op_launch(struct core_op_plan *p, const aclDataBuffer *const *in,
                        const aclDataBuffer *const *out, aclrtStream stream, const char *type,
                        const char *fn);

/* The calling thread uses the op room's per-thread state: its exit returns it
 * (the memo's credits, the launch records). */
void core_op_thread_note(void);
/* cache.c: drop the calling thread's memo. */
void core_op_memo_exit(void);

/* aclopSetMaxOpQueueNum: the cache's bound (plans kept), evicting down to it. */
void core_op_cache_bound(uint64_t max);
/* Plans in the cache now (tests, docs). */
size_t core_op_cache_size(void);

/* ---- handles (handle.c) ----------------------------------------------------------- */

/* A handle of instance c (no buffers: host-placed inputs are refused with
 * ACL_ERROR_API_NOT_SUPPORT, as in AscendCL). */
aclError core_op_handle_new(const struct core_op_call *c, aclopHandle **out);
void core_op_handle_free(aclopHandle *h);
/* aclopExecWithHandle: the counts (ACL_ERROR_OP_INPUT_NOT_MATCH /
 * _OUTPUT_NOT_MATCH), the buffers (ACL_ERROR_INVALID_PARAM), one launch. */
aclError core_op_handle_exec(aclopHandle *h, int nin, const aclDataBuffer *const *in, int nout,
                             const aclDataBuffer *const *out, aclrtStream stream, const char *fn);

#endif
