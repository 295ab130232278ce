/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream-ordered memory pools (CANN's acl/acl_rt_memory_soma.h): pools of device memory
 * whose allocations and frees are ordered by streams. cpuacl's behaviour and codes:
 * docs/memory.md; implementation core/memory/pool.c.
 */
#ifndef INC_EXTERNAL_ACL_RT_MEMORY_H_
#define INC_EXTERNAL_ACL_RT_MEMORY_H_

#include <stddef.h>

#include "acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void *aclrtMemPool;

typedef enum aclrtMemPoolAttr {
    ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES = 0x1,   /* uint32_t, 0 or 1 */
    ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC = 0x2,         /* uint32_t, 0 or 1 */
    ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES = 0x3, /* uint32_t, 0 or 1 */
    ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD = 0x4,            /* uint64_t bytes */
    ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT = 0x5,         /* uint64_t, read only */
    ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH = 0x6,            /* uint64_t, set only to 0 */
    ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT = 0x7,             /* uint64_t, read only */
    ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH = 0x8                 /* uint64_t, set only to 0 */
} aclrtMemPoolAttr;

typedef struct {
    aclrtMemAllocationType allocType;
    aclrtMemHandleType handleType;
    aclrtMemLocation location;
    size_t maxSize;
    unsigned char reserved[32];
} aclrtMemPoolProps;

ACL_FUNC_VISIBILITY aclError aclrtMemPoolCreate(aclrtMemPool *memPool,
                                                const aclrtMemPoolProps *poolProps);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolDestroy(const aclrtMemPool memPool);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolSetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr,
                                                 void *value);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolGetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr,
                                                 void *value);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolMallocAsync(void **ptr, size_t size, aclrtMemPool memPool,
                                                     aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolFreeAsync(void *ptr, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtMemPoolTrimTo(aclrtMemPool memPool, size_t minBytesToKeep);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_RT_MEMORY_H_ */
