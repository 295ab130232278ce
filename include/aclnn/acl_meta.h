/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The aclnn meta API: the opaque objects every aclnn operator takes
 * (aclTensor, aclScalar, the arrays and lists, aclOpExecutor), their create,
 * destroy and query functions, and the executor reuse controls.
 *
 * Clean as C11 and as C++17. In C++ the header also defines
 * `constexpr aclnnStatus OK = 0`, as AscendCL's does.
 *
 * Ownership, as in AscendCL:
 *  - aclCreateTensor and aclCreateScalar copy what they are given (dims,
 *    strides, the host value); the device address is only recorded.
 *  - A tensor list owns the tensors in it (aclDestroyTensorList destroys
 *    them, do not destroy them again); a scalar list owns its scalars.
 *  - An operator's executor owns copies of everything it needs: the objects
 *    given to the first-phase call may be destroyed right after it returned.
 *  - The arrays returned by aclGetViewShape / aclGetStorageShape /
 *    aclGetViewStrides belong to the caller: `delete[]` them in C++ (they are
 *    allocated with operator new[] when the program has a C++ runtime),
 *    free() them in C.
 */
#ifndef CPUACL_ACLNN_ACL_META_H
#define CPUACL_ACLNN_ACL_META_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ACLNN_META
#define ACLNN_META
typedef struct aclOpExecutor aclOpExecutor; /* what an operator's phase 2 runs */
typedef struct aclTensor aclTensor;         /* a strided view of device memory */
typedef struct aclScalar aclScalar;         /* a host value with its data type */
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;

typedef int32_t aclnnStatus; /* 0 or one of the ACLNN_ERR_* codes (aclnn_base.h) */
#ifdef __cplusplus
constexpr aclnnStatus OK = 0;
#endif
#endif /* ACLNN_META */

/* ---- creation -----------------------------------------------------------
 * aclCreateTensor: viewDims[viewDimsNum] is the logical shape; stride (in
 * elements, one per view dim; NULL = contiguous row-major) and offset (in
 * elements) place element [i0, i1, ...] at
 *   tensorData + (offset + sum(ik * stride[k])) * element size.
 * storageDims describe the underlying allocation (recorded, not checked
 * against the view). tensorData is a device address (may be NULL and set
 * later with aclSetRawTensorAddr). Returns NULL on bad arguments (a NULL
 * dims array with a non-zero count, a negative dim, more than 25 dims, an
 * unknown data type) or when out of memory. */
ACL_FUNC_VISIBILITY aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum,
                                               aclDataType dataType, const int64_t *stride,
                                               int64_t offset, aclFormat format,
                                               const int64_t *storageDims, uint64_t storageDimsNum,
                                               void *tensorData);
/* value points to one host value of dataType; it is copied. */
ACL_FUNC_VISIBILITY aclScalar *aclCreateScalar(void *value, aclDataType dataType);
ACL_FUNC_VISIBILITY aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
ACL_FUNC_VISIBILITY aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size);
ACL_FUNC_VISIBILITY aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size);
/* The list takes ownership of the tensors (scalars) in value[0..size). */
ACL_FUNC_VISIBILITY aclTensorList *aclCreateTensorList(const aclTensor *const *value,
                                                       uint64_t size);
ACL_FUNC_VISIBILITY aclScalarList *aclCreateScalarList(const aclScalar *const *value,
                                                       uint64_t size);

/* ---- destruction (NULL is accepted and ignored) ------------------------- */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor *tensor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar *scalar);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList *array);

/* ---- queries (161001 ACLNN_ERR_PARAM_NULLPTR on a NULL argument) -------- */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims,
                                                uint64_t *viewDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims,
                                                   uint64_t *storageDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue,
                                                  uint64_t *stridesNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format);
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray *array, uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFloatArraySize(const aclFloatArray *array, uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray *array, uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList,
                                                     uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetScalarListSize(const aclScalarList *scalarList,
                                                     uint64_t *size);

/* Re-initialise an existing tensor in place (same arguments as create). */
ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor *tensor, const int64_t *viewDims,
                                              uint64_t viewDimsNum, aclDataType dataType,
                                              const int64_t *stride, int64_t offset,
                                              aclFormat format, const int64_t *storageDims,
                                              uint64_t storageDimsNum, void *tensorDataAddr);
/* The device address a tensor records. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr);

/* ---- executors -----------------------------------------------------------
 * An executor made by an aclnnXxxGetWorkspaceSize call is consumed by the
 * one aclnnXxx call that runs it: it is freed once that run finished (or,
 * when the call was captured into a model run instance, when the instance is
 * destroyed). Calling phase 2 twice on it fails with ACLNN_ERR_PARAM_INVALID.
 *
 * aclSetAclOpExecutorRepeatable, called right after phase 1, makes it
 * reusable: phase 2 may then run it any number of times (each launch uses
 * the tensor addresses current at the launch), and the caller frees it with
 * aclDestroyAclOpExecutor (runs already queued still complete).
 * aclDestroyOpExecutor is the same function under the name some of CANN's
 * example programs call after a single-use run (there it returns 161002: the
 * runtime has already freed that executor).
 *
 * The address setters refresh the device address of one operator input or
 * output: `index` counts the operator's tensor inputs (outputs) in parameter
 * order, the tensors of a tensor-list input one by one. The address is also
 * stored into `tensor`. A NULL executor or tensor gives 561103
 * (ACLNN_ERR_INNER_NULLPTR), an index out of range or an optional input that
 * was absent at phase 1 gives 161002. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyOpExecutor(aclOpExecutor *executor);
ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                      aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                       aclTensor *tensor, void *addr);
/* irIndex: the operator's tensor-list input (output) counted among its
 * inputs (outputs), relativeIndex: the tensor within that list. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList *tensors, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList *tensors, void *addr);
/* As the input/output setters, with index counting inputs then outputs. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index,
                                                 aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList *tensors, void *addr);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNN_ACL_META_H */
