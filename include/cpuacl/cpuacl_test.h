/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Test hooks of libcpuacl (not AscendCL; compiled into every build, cheap
 * when off). Used by tests/runtime/fault_inject.c and tests/fuzz.
 */
#ifndef CPUACL_CPUACL_TEST_H
#define CPUACL_CPUACL_TEST_H

#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Make allocation number `nth` (0 = the next one) inside the runtime core
 * fail, once; nth < 0 disarms. Resets the counters below. */
ACL_FUNC_VISIBILITY void cpuaclTestFailAlloc(int64_t nth);
/* Allocations counted since cpuaclTestFailAlloc armed the hook; *fired (if
 * not NULL) receives the number of failures injected (0 or 1). */
ACL_FUNC_VISIBILITY uint64_t cpuaclTestAllocCount(uint64_t *fired);

#ifdef __cplusplus
}
#endif

#endif
