/* SPDX-License-Identifier: Apache-2.0 */
/* The launchers of the `ascendc` study's kernels (bench_ascendc_kernels.cc). */
#ifndef CPUACL_BENCH_ASCENDC_H
#define CPUACL_BENCH_ASCENDC_H

#include <stdint.h>

#include "acl/acl.h"

#ifdef __cplusplus
extern "C" {
#endif
/* z = x + y over n floats (n a multiple of blockDim * bench_ascendc_tile()). */
aclError bench_ascendc_add(aclrtStream s, uint32_t blockDim, void *x, void *y, void *z, uint64_t n);
/* An empty kernel. */
aclError bench_ascendc_empty(aclrtStream s, uint32_t blockDim);
/* An empty kernel that reads its 32 bytes of arguments (x, y, z, n; n != 0). */
aclError bench_ascendc_args(aclrtStream s, uint32_t blockDim, uint64_t n);
uint64_t bench_ascendc_tile(void);
#ifdef __cplusplus
}
#endif

#endif
