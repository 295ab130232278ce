/* SPDX-License-Identifier: Apache-2.0 */
/* kernels.h: the host functions of the test project's kernel files (each launches its
 * kernel with <<<>>> and returns the launch status). */
#ifndef CPUACL_TEST_ASCENDC_KERNELS_H
#define CPUACL_TEST_ASCENDC_KERNELS_H

#include <cstdint>

uint32_t ScaleAddDo(uint32_t blockDim, void *stream, const float *x, const float *y, float *z,
                    float alpha, uint32_t n);
uint32_t BlockIdsDo(uint32_t blockDim, void *stream, int32_t *ids);
uint32_t TrapDo(void *stream);

#endif
