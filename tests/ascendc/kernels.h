/* SPDX-License-Identifier: Apache-2.0 */
/* The launchers of the Ascend C test kernels (tests/ascendc/kernels.cpp): what the `<<<>>>`
 * rewriter generates, written by hand (pack the arguments, cpuaclAscendcLaunch). */
#ifndef CPUACL_TESTS_ASCENDC_KERNELS_H
#define CPUACL_TESTS_ASCENDC_KERNELS_H

#include <stdint.h>

#include "acl/acl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* z = x + y over n floats, split over the blocks, tiles of `tile` floats double buffered. */
aclError launch_add(uint32_t blockDim, aclrtStream s, void *x, void *y, void *z, uint32_t n,
                    uint32_t tile);
/* Every block adds (its index + 1) to each of n floats and n int32s of out (SetAtomicAdd). */
aclError launch_atomic(uint32_t blockDim, aclrtStream s, void *outf, void *outi, uint32_t n);
/* Block i writes i*i to slot[i], SyncAll, then writes slot[(i+1) % n] to got[i]; twice. */
aclError launch_sync(uint32_t blockDim, aclrtStream s, void *slot, void *got);
/* Misuse inside a block (what: 0 UB over-allocation, 1 queue depth exceeded, 2 misaligned
 * DataCopy, 3 trap, 4 assert, 5 DeQue of an empty queue, 6 FreeTensor of a foreign tensor,
 * 7 GlobalTensor out of bounds with CPUACL_ASCENDC_CHECK); only block `bad` misbehaves. */
aclError launch_misuse(uint32_t blockDim, aclrtStream s, uint32_t what, uint32_t bad, void *out);
/* DataCopyPad: rows of `len` floats (len*4 not a multiple of 32) from x to the UB padded
 * with pad, then back to y densely; the padded UB image to ub (rows * 8 floats each). */
aclError launch_pad(aclrtStream s, void *x, void *y, void *ub, uint32_t rows, uint32_t len,
                    float pad);
/* Block ids and pipe: out[i] = i * 1000 + blockNum, plus 1 if GetTPipePtr() is its pipe. */
aclError launch_ids(uint32_t blockDim, aclrtStream s, void *out);

#ifdef __cplusplus
}
#endif

#endif
