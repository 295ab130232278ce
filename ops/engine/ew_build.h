/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Building elementwise executors (ops/engine/ew_build.c): the phase-1 half
 * shared by every operator that runs on the elementwise engine (ew.c), and
 * the helpers their kernels share. Private to ops/.
 */
#ifndef CPUACL_OPS_ENGINE_EW_BUILD_H
#define CPUACL_OPS_ENGINE_EW_BUILD_H

#include "ops/engine/engine.h"

/* One elementwise executor: tensor inputs in[0..nin) (NULL entries are the
 * scalar operand, given as a constant of type cdt with value bytes cval),
 * one output. */
struct ew_build {
    const char *name;
    int nin;
    const aclTensor *in[EW_MAX_IN + 1];
    const aclTensor *out;
    int cdt;                /* constant operand's type */
    unsigned char cval[16]; /* constant operand's value, as cdt */
    int ck, rt;             /* compute kind; result type rounded through (R1) or DT_NONE */
    ew_kern_fn kern;
    struct ew_params p;
    int fuse; /* EW_FUSE_*: what kern computes (ew.c EW5); 0: none */
};

/* Elementwise kernels (ew_kern_fn) over contiguous buffers of T: EW_KERN1
 * computes out[i] = EXPR from x = in[0][i], EW_KERN2 from x = in[0][i] and
 * y = in[1][i]. */
#define EW_KERN1(NAME, T, EXPR)                                                                    \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }
#define EW_KERN2(NAME, T, EXPR)                                                                    \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1];                                                            \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i], y = b[i];                                                                  \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }

/* Kernel tables list one kernel per compute kind, in the columns [f32, f64,
 * i64]: the column of compute kind ck (CK_F32, CK_F64, anything else CK_I64). */
static inline int ew_col(int ck)
{
    return ck == CK_F32 ? 0 : ck == CK_F64 ? 1 : 2;
}
/* Kernel lists written once for both precisions take F, the math function
 * fn for float (EW_F32_FN: expf) or for double (EW_F64_FN: exp). */
#define EW_F32_FN(fn) fn##f
#define EW_F64_FN(fn) fn

/* Build the executor (out of memory: 561103 with a message). */
aclnnStatus ew_build_exec(struct ew_build *b, uint64_t *ws, aclOpExecutor **ex);

/* Store a scalar's value into cval (16 bytes) as type dt. */
void ops_scalar_to(unsigned char *cval, int dt, const aclScalar *s);

#endif /* CPUACL_OPS_ENGINE_EW_BUILD_H */
