/* SPDX-License-Identifier: Apache-2.0 */
/* The CPU kernel binary tests/kernel/function.c loads: kernels with parameter
 * descriptors (cpuacl/cpuacl_kernel.h), a SIMT-style kernel, one that fails
 * through cpuaclKernelFail, an AI CPU style entry and one without descriptor. */
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl_kernel.h"

#define EXPORT __attribute__((visibility("default")))

/* The kernel contract (cpuaclKernelFunc). */
#define KERNEL(name) EXPORT void name(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
KERNEL(axpy);
KERNEL(simt_fill);
KERNEL(failing);
KERNEL(cpu_entry);
KERNEL(plain);

/* axpy(a, x, y, n): y[i] += a * x[i]; parameters at 0 (4 bytes), 8, 16, 24 (4 bytes). */
static const cpuaclKernelParam axpy_params[] = {{0, 4}, {8, 8}, {16, 8}, {24, 4}};
EXPORT const cpuaclKernelDesc axpy_cpuacl_desc = {
    CPUACL_KERNEL_DESC_VERSION, ACL_KERNEL_TYPE_AICORE, 0, 0, 0, 0, 4, axpy_params};

EXPORT void axpy(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    const unsigned char *p = args;
    if (size < 28)
        return;
    float a = *(const float *)p;
    const float *x = *(float *const *)(p + 8);
    float *y = *(float *const *)(p + 16);
    uint32_t n = *(const uint32_t *)(p + 24);
    for (uint32_t i = blockIdx; i < n; i += numBlocks)
        y[i] += a * x[i];
}

/* simt_fill(out, mult): out[idx] = idx * mult + (numBlocks << 16). */
static const cpuaclKernelParam fill_params[] = {{0, 8}, {8, 4}};
EXPORT const cpuaclKernelDesc simt_fill_cpuacl_desc = {
    CPUACL_KERNEL_DESC_VERSION, ACL_KERNEL_TYPE_VECTOR, 1, 2, 1, 4096, 2, fill_params};

EXPORT void simt_fill(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)size;
    const unsigned char *p = args;
    uint32_t *out = *(uint32_t *const *)p;
    uint32_t mult = *(const uint32_t *)(p + 8);
    out[blockIdx] = blockIdx * mult + (numBlocks << 16);
}

/* failing(counter): counts its blocks; block 1 fails. */
static const cpuaclKernelParam fail_params[] = {{0, 8}};
EXPORT const cpuaclKernelDesc failing_cpuacl_desc = {
    CPUACL_KERNEL_DESC_VERSION, ACL_KERNEL_TYPE_MIX, 0, 0, 0, 0, 1, fail_params};

EXPORT void failing(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)size;
    (void)numBlocks;
    uint32_t *counter = *(uint32_t *const *)args;
    __atomic_add_fetch(counter, 1, __ATOMIC_RELAXED);
    if (blockIdx == 1)
        cpuaclKernelFail(ACL_ERROR_RT_AICORE_EXCEPTION);
}

/* An AI CPU style entry (aclrtRegisterCpuFunc): *(int *)args = 7. */
EXPORT void cpu_entry(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)size;
    (void)blockIdx;
    (void)numBlocks;
    **(int *const *)args = 7;
}

/* No descriptor. */
EXPORT void plain(void *args, size_t size, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)args;
    (void)size;
    (void)blockIdx;
    (void)numBlocks;
}
