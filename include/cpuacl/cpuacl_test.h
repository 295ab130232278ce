/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Test hooks of libcpuacl (not AscendCL; compiled into every build, cheap
 * when off). Used by tests/runtime/fault_inject.c, tests/fuzz and tests/mdl.
 */
#ifndef CPUACL_CPUACL_TEST_H
#define CPUACL_CPUACL_TEST_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "acl/acl_mdl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Make allocation number `nth` (0 = the next one) inside the runtime core
 * fail, once; nth < 0 disarms. Resets the counters below. */
ACL_FUNC_VISIBILITY void cpuaclTestFailAlloc(int64_t nth);
/* Allocations counted since cpuaclTestFailAlloc armed the hook; *fired (if
 * not NULL) receives the number of failures injected (0 or 1). */
ACL_FUNC_VISIBILITY uint64_t cpuaclTestAllocCount(uint64_t *fired);

/* The model file writer (docs/mdl.md, "The model file"): n sections, section
 * i of id ids[i] with sizes[i] bytes at data[i], and the work size, written
 * into out[0, cap); *len gets the file's size. out NULL: only *len. */
ACL_FUNC_VISIBILITY aclError cpuaclTestModelFileWrite(size_t n, const uint32_t *ids,
                                                      const void *const *data, const size_t *sizes,
                                                      uint64_t workSize, void *out, size_t cap,
                                                      size_t *len);
/* Section sectionId (1 io, 4 gears, 6 op-attrs) of a description, encoded as
 * a model file holds it, into out[0, cap); *len gets its size (out NULL:
 * only *len). */
ACL_FUNC_VISIBILITY aclError cpuaclTestModelDescEncode(const aclmdlDesc *desc, uint32_t sectionId,
                                                       void *out, size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
