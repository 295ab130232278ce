/* SPDX-License-Identifier: Apache-2.0 */
/* A CPU kernel binary with device variables, loaded by symbol.c through
 * aclrtBinaryLoadFromFile: two exported variables and a kernel that reads one and
 * counts its launches in the other (contract: acl/acl_rt_kernel.h). */
#include <stddef.h>
#include <stdint.h>

#define EXPORT __attribute__((visibility("default")))

EXPORT float g_weights[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
EXPORT uint32_t g_launches;
EXPORT void apply_weights(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);

struct apply_args {
    const float *x;
    float *y;
    uint32_t n;
};

/* y[i] = x[i] * g_weights[i % 16]; one block, counts its launches. */
EXPORT void apply_weights(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)numBlocks;
    if (argsSize < sizeof(struct apply_args) || blockIdx)
        return;
    const struct apply_args *a = args;
    for (uint32_t i = 0; i < a->n; i++)
        a->y[i] = a->x[i] * g_weights[i % 16];
    g_launches++;
}
