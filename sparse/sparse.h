/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sparse/: CANN's sparse library (cann_ops_sparse.h, link name -lops_sparse) on cpuacl.
 * The objects behind the public handles and descriptors, the registry that tells a live
 * object from a freed or foreign pointer, and the shared argument checks. docs/sparse.md.
 */
#ifndef CPUACL_SPARSE_SPARSE_H
#define CPUACL_SPARSE_SPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The public header declares no visibility (as CANN's): its functions are exported from a
 * library built with -fvisibility=hidden by declaring them under default visibility here. */
#pragma GCC visibility push(default)
#include "cann_ops_sparse.h"
#pragma GCC visibility pop

/* The library version aclsparseGetVersion reports: major * 10000 + minor * 100 + patch
 * (ops-sparse 1.0.0 -> 10000). */
#define SPARSE_VERSION 10000
/* The workspace a handle owns until aclsparseSetWorkspace gives it one (4 MiB, as CANN). */
#define SPARSE_DEFAULT_WORKSPACE ((size_t)4 << 20)

enum sparse_kind {
    SPARSE_KIND_HANDLE = 1,
    SPARSE_KIND_MATDESCR,
    SPARSE_KIND_SPMAT,
    SPARSE_KIND_DNMAT,
    SPARSE_KIND_DNVEC,
    SPARSE_KIND_SPVEC,
};

struct aclsparseContext {
    aclrtStream stream;
    aclsparsePointerMode_t pointer_mode;
    void *own_ws;          /* the default workspace (aclrtMalloc), freed by Destroy */
    size_t own_ws_size;
    void *user_ws;         /* aclsparseSetWorkspace's, not owned; NULL: own_ws in use */
    size_t user_ws_size;
};

struct aclsparseMatDescr {
    aclsparseMatrixType_t type;
    aclsparseIndexBase_t base;
    aclsparseDiagType_t diag;
    aclsparseFillMode_t fill;
};

/* One struct for every sparse format. CSR: outer = row offsets (rows + 1), inner = column
 * indices. CSC: outer = column offsets (cols + 1), inner = row indices. COO: outer = row
 * indices (nnz), inner = column indices (nnz). */
struct aclsparseSpMatDescr {
    aclsparseFormat_t format;
    int64_t rows, cols, nnz;
    void *outer, *inner, *values;
    aclsparseIndexType_t outer_type, inner_type;
    aclsparseIndexBase_t base;
    aclDataType value_type;
    aclsparseFillMode_t fill;
    aclsparseDiagType_t diag;
    bool is_const;
};

struct aclsparseDnMatDescr {
    int64_t rows, cols, ld;
    void *values;
    aclDataType value_type;
    aclsparseOrder_t order;
    bool is_const;
};

struct aclsparseDnVecDescr {
    int64_t size;
    void *values;
    aclDataType value_type;
    bool is_const;
};

struct aclsparseSpVecDescr {
    int64_t size, nnz;
    void *indices, *values;
    aclsparseIndexType_t idx_type;
    aclsparseIndexBase_t base;
    aclDataType value_type;
    bool is_const;
};

/* The registry (sparse/handle.c): every live object the library handed out, with its kind. */
int sparse_reg_add(const void *obj, enum sparse_kind kind);    /* 0, or -1 out of memory */
bool sparse_reg_live(const void *obj, enum sparse_kind kind);
bool sparse_reg_remove(const void *obj, enum sparse_kind kind); /* false: not live */

/* Record a message for aclGetRecentErrMsg ("fn: ...") and return status. */
aclsparseStatus_t sparse_fail(aclsparseStatus_t status, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The value types a descriptor may hold (CANN's list). */
bool sparse_value_type_ok(aclDataType t);
bool sparse_index_type_ok(aclsparseIndexType_t t);
bool sparse_base_ok(aclsparseIndexBase_t b);

/* The handle behind `handle` for fn, or NULL with *st set: HANDLE_IS_NULLPTR for NULL,
 * NOT_INITIALIZED for a value that is not a live handle (destroyed, or never created). */
struct aclsparseContext *sparse_handle(aclsparseHandle_t handle, const char *fn,
                                       aclsparseStatus_t *st);

#endif
