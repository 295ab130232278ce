/* SPDX-License-Identifier: Apache-2.0 */
/*
 * acl/acl_op.h: single-operator execution (docs/op.md). An operator is run
 * by its CANN type name ("Add", "Cast", ...) on tensor descriptions and data
 * buffers (acl/acl_base.h), with its attributes in an aclopAttr.
 *
 * The calls are declared as AscendCL declares them. Operators run on the
 * given stream (NULL: the current context's default stream) in stream order
 * with its other tasks; the kernels are built in, so the model calls
 * (aclopSetModelDir, aclopLoad) read no om file. Compiling is in
 * acl/acl_op_compiler.h.
 */
#ifndef CPUACL_ACL_ACL_OP_H
#define CPUACL_ACL_ACL_OP_H

#include <stddef.h>
#include <stdint.h>

#include "acl_base.h"
#include "acl_dump.h"
#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclopHandle aclopHandle;         /* an operator resolved once, run many times */
typedef struct aclopAttr aclopAttr;             /* name -> typed value: the attributes */
typedef struct aclopKernelDesc aclopKernelDesc; /* filled in by a user compile function */

/* Frees a kernel binary handed to aclopCreateKernel. */
typedef void (*aclDataDeallocator)(void *data, size_t length);

static const int ACL_COMPILE_FLAG_BIN_SELECTOR = 1;

typedef enum aclEngineType {
    ACL_ENGINE_SYS, /* any engine (the only value AscendCL supports) */
    ACL_ENGINE_AICORE,
    ACL_ENGINE_VECTOR,
} aclopEngineType;

/* ---- loading single-operator models ---- */
ACL_FUNC_VISIBILITY aclError aclopSetModelDir(const char *modelDir);
ACL_FUNC_VISIBILITY aclError aclopLoad(const void *model, size_t modelSize);

/* ---- attributes ----
 * An empty set (NULL when out of memory); destroying NULL does nothing. */
ACL_FUNC_VISIBILITY aclopAttr *aclopCreateAttr(void);
ACL_FUNC_VISIBILITY void aclopDestroyAttr(const aclopAttr *attr);

/* Each setter stores a copy under attrName, replacing what the name held
 * (whatever its type). attrValue of a bool: 0 is false, anything else true. */
ACL_FUNC_VISIBILITY aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName,
                                              uint8_t attrValue);
ACL_FUNC_VISIBILITY aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName,
                                             int64_t attrValue);
ACL_FUNC_VISIBILITY aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName,
                                               float attrValue);
ACL_FUNC_VISIBILITY aclError aclopSetAttrString(aclopAttr *attr, const char *attrName,
                                                const char *attrValue);
ACL_FUNC_VISIBILITY aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName,
                                                  aclDataType attrValue);
/* Lists: numValues values (0: an empty list, values may then be NULL). */
ACL_FUNC_VISIBILITY aclError aclopSetAttrListDataType(aclopAttr *attr, const char *attrName,
                                                      int numValues, const aclDataType values[]);
ACL_FUNC_VISIBILITY aclError aclopSetAttrListBool(aclopAttr *attr, const char *attrName,
                                                  int numValues, const uint8_t *values);
ACL_FUNC_VISIBILITY aclError aclopSetAttrListInt(aclopAttr *attr, const char *attrName,
                                                 int numValues, const int64_t *values);
ACL_FUNC_VISIBILITY aclError aclopSetAttrListFloat(aclopAttr *attr, const char *attrName,
                                                   int numValues, const float *values);
ACL_FUNC_VISIBILITY aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName,
                                                    int numValues, const char **values);
/* numLists lists, list i holding numValues[i] values at values[i]. */
ACL_FUNC_VISIBILITY aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName,
                                                     int numLists, const int *numValues,
                                                     const int64_t *const values[]);

/* ---- execution ---- */
ACL_DEPRECATED_MESSAGE("aclopExecute is deprecated, use aclopExecuteV2 instead")
ACL_FUNC_VISIBILITY aclError aclopExecute(const char *opType, int numInputs,
                                          const aclTensorDesc *const inputDesc[],
                                          const aclDataBuffer *const inputs[], int numOutputs,
                                          const aclTensorDesc *const outputDesc[],
                                          aclDataBuffer *const outputs[], const aclopAttr *attr,
                                          aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclopExecuteV2(const char *opType, int numInputs,
                                            aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                                            int numOutputs, aclTensorDesc *outputDesc[],
                                            aclDataBuffer *outputs[], aclopAttr *attr,
                                            aclrtStream stream);

/* ---- handles ---- */
ACL_FUNC_VISIBILITY aclError aclopCreateHandle(const char *opType, int numInputs,
                                               const aclTensorDesc *const inputDesc[],
                                               int numOutputs,
                                               const aclTensorDesc *const outputDesc[],
                                               const aclopAttr *opAttr, aclopHandle **handle);
ACL_FUNC_VISIBILITY void aclopDestroyHandle(aclopHandle *handle);
ACL_FUNC_VISIBILITY aclError aclopExecWithHandle(aclopHandle *handle, int numInputs,
                                                 const aclDataBuffer *const inputs[],
                                                 int numOutputs, aclDataBuffer *const outputs[],
                                                 aclrtStream stream);

/* ---- casts ---- */
ACL_FUNC_VISIBILITY aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer,
                                       const aclTensorDesc *dstDesc, aclDataBuffer *dstBuffer,
                                       uint8_t truncate, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc,
                                                      aclTensorDesc *dstDesc, uint8_t truncate,
                                                      aclopHandle **handle);

/* ---- user kernels ---- */
ACL_FUNC_VISIBILITY aclError aclopCreateKernel(const char *opType, const char *kernelId,
                                               const char *kernelName, void *binData, int binSize,
                                               aclopEngineType enginetype,
                                               aclDataDeallocator deallocator);

/* A user compile function (aclopRegisterCompileFunc): fills in the kernel description. */
typedef aclError (*aclopCompileFunc)(int numInputs, const aclTensorDesc *const inputDesc[],
                                     int numOutputs, const aclTensorDesc *const outputDesc[],
                                     const aclopAttr *opAttr, aclopKernelDesc *aclopKernelDesc);

ACL_FUNC_VISIBILITY aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func);
ACL_FUNC_VISIBILITY aclError aclopUnregisterCompileFunc(const char *opType);
ACL_FUNC_VISIBILITY aclError aclopSetKernelArgs(aclopKernelDesc *kernelDesc, const char *kernelId,
                                                uint32_t blockDim, const void *args,
                                                uint32_t argSize);
ACL_FUNC_VISIBILITY aclError aclopSetKernelWorkspaceSizes(aclopKernelDesc *kernelDesc,
                                                          int numWorkspaces,
                                                          size_t *workspaceSizes);
ACL_FUNC_VISIBILITY aclError aclopUpdateParams(const char *opType, int numInputs,
                                               const aclTensorDesc *const inputDesc[],
                                               int numOutputs,
                                               const aclTensorDesc *const outputDesc[],
                                               const aclopAttr *attr);
ACL_FUNC_VISIBILITY aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum);

/* ---- shape inference ---- */
ACL_FUNC_VISIBILITY aclError aclopInferShape(const char *opType, int numInputs,
                                             aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                                             int numOutputs, aclTensorDesc *outputDesc[],
                                             aclopAttr *attr);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACL_ACL_OP_H */
