/* SPDX-License-Identifier: Apache-2.0 */
/* Entry-point boilerplate shared by the blas room (a private header of the room). */
#ifndef CPUACL_BLAS_ENTRY_H
#define CPUACL_BLAS_ENTRY_H

#include "blas/blas_internal.h"

/* Look the handle up (HANDLE_IS_NULLPTR / NOT_INITIALIZED) and take its stream. */
#define BLAS_BEGIN(fn)                                                                             \
    aclrtStream stream_;                                                                           \
    do {                                                                                           \
        aclblasStatus_t b_ = blas_begin(handle, fn, &stream_);                                     \
        if (b_)                                                                                    \
            return b_;                                                                             \
    } while (0)
/* A task `t` with `tail` extra bytes. */
#define BLAS_TASK(fn, tail)                                                                        \
    blas_task *t = blas_task_new((tail), fn);                                                      \
    if (!t)                                                                                        \
    return ACLBLAS_STATUS_ALLOC_FAILED
#define BLAS_QUEUE(kern, fn) return blas_queue(stream_, kern, t, fn)

typedef struct {
    float re, im;
} blas_c32;

#endif
