/* SPDX-License-Identifier: Apache-2.0 */
/*
 * acl/acl_dump.h: tensor dump. aclmdlInitDump / aclmdlSetDump /
 * aclmdlFinalizeDump (declared in acl/acl_rt.h, as in AscendCL) switch the
 * dump of every aclnn operator's inputs and outputs, run eagerly or replayed
 * in a captured model, to files under dump_path in the layout
 *   <dump_path>/<YYYYMMDDhhmmss>/<device>/<OpType>.<OpName>.<task>.<stream>.<timestamp>
 * in cpuacl's documented binary format (not AscendCL's protobuf:
 * docs/runtime.md, "Dump"), or to a callback registered here.
 * Library link name: -lascend_dump.
 */
#ifndef CPUACL_ACL_ACL_DUMP_H
#define CPUACL_ACL_ACL_DUMP_H

#include <stdint.h>

#include "acl_base.h"

#define ACL_DUMP_API __attribute__((visibility("default")))
#define ACL_DUMP_WEAK __attribute__((weak))

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_DUMP_MAX_FILE_PATH_LENGTH 4096
/* One piece of a dump file handed to the callback. */
__extension__ typedef struct acldumpChunk { /* dataBuf[0]: as AscendCL declares it */
    char fileName[ACL_DUMP_MAX_FILE_PATH_LENGTH]; /* the file it would be written to */
    uint32_t bufLen;                              /* bytes in dataBuf */
    uint32_t isLastChunk;                         /* 1: the file's last chunk */
    int64_t offset;                               /* offset in the file, -1: append */
    int32_t flag;                                 /* reserved */
    uint8_t dataBuf[0];
} acldumpChunk;

ACL_DUMP_API aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk *,
                                                                          int32_t),
                                         int32_t flag);
ACL_DUMP_API void acldumpUnregCallback(void);

#define ACL_OP_DUMP_OP_AICORE_ARGS 0x00000001U

/* Write one operator-information file per operator and shape run under path. */
ACL_FUNC_VISIBILITY aclError aclopStartDumpArgs(uint32_t dumpType, const char *path);
ACL_FUNC_VISIBILITY aclError aclopStopDumpArgs(uint32_t dumpType);

typedef enum acldumpType {
    AIC_ERR_BRIEF_DUMP = 1,
    AIC_ERR_NORM_DUMP = 2,
    AIC_ERR_DETAIL_DUMP = 3,
    DATA_DUMP = 4,
    OVERFLOW_DUMP = 5
} acldumpType;

ACL_FUNC_VISIBILITY const char *acldumpGetPath(acldumpType dumpType);

#define ACL_DUMP_MAX_SHAPE_NUM 25

typedef enum acldumpTensorType {
    ACL_DUMP_TENSOR_INPUT = 0,
    ACL_DUMP_TENSOR_OUTPUT,
    ACL_DUMP_TENSOR_WORKSPACE
} acldumpTensorType;

typedef enum acldumpTensorAddressType {
    ACL_DUMP_ADDR_PTR = 0, /* *tensorAddr is the data address */
    ACL_DUMP_ADDR_PTR_PTR, /* **tensorAddr is the data address */
    ACL_DUMP_ADDR_RAW      /* tensorAddr is the data address */
} acldumpTensorAddressType;

typedef enum acldumpTensorPlacement {
    ACL_DUMP_PLACEMENT_DEVICE = 0,
    ACL_DUMP_PLACEMENT_HOST,
    ACL_DUMP_PLACEMENT_END
} acldumpTensorPlacement;

typedef struct acldumpTensorInfo {
    acldumpTensorType type;
    size_t tensorSize;
    int32_t format;
    int32_t dataType;
    int64_t *tensorAddr;
    acldumpTensorAddressType addrType;
    acldumpTensorPlacement placement;
    uint32_t argsOffset;
    uint32_t shapeNum;
    uint32_t originShapeNum;
    uint64_t shape[ACL_DUMP_MAX_SHAPE_NUM];
    uint64_t originShape[ACL_DUMP_MAX_SHAPE_NUM];
} acldumpTensorInfo;

ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpSaveExceptionInfo(const char *fileName,
                                                                    const char *userTag,
                                                                    const acldumpTensorInfo *tensors,
                                                                    size_t tensorCount);
ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpGetExceptionInfoPath(char *path, size_t maxLen);

#ifdef __cplusplus
}
#endif

#endif
