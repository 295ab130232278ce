/* SPDX-License-Identifier: Apache-2.0 */
/* CPU builds of four kernels, loaded by kernel_binary.c through
 * aclrtBinaryLoadFromFile / FromData (contract: acl/acl_rt_kernel.h). */
#include <stddef.h>
#include <stdint.h>

#define EXPORT __attribute__((visibility("default")))

EXPORT void vector_add(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);
EXPORT void block_ids(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);
EXPORT void scale_tiling(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);
EXPORT void block_hits(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);

/* The (x, y, z, n) argument block of vector_add. */
struct add_args {
    const float *x, *y;
    float *z;
    uint32_t n;
};

/* z = x + y; block b handles its share of [0, n). */
EXPORT void vector_add(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks)
{
    if (argsSize < offsetof(struct add_args, n) + sizeof(uint32_t)) /* no tail padding */
        return;
    const struct add_args *a = args;
    uint32_t per = (a->n + numBlocks - 1) / numBlocks;
    uint32_t lo = blockIdx * per, hi = lo + per > a->n ? a->n : lo + per;
    for (uint32_t i = lo; i < hi; i++)
        a->z[i] = a->x[i] + a->y[i];
}

/* out[b] = blockIdx * 100 + numBlocks; args: (uint32_t *out). */
EXPORT void block_ids(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)argsSize;
    uint32_t *out = *(uint32_t **)args;
    out[blockIdx] = blockIdx * 100 + numBlocks;
}

/* args: (float *out, const float *tiling, float scale): out[i] = tiling[i] * scale,
 * tiling being a placeholder of 4 floats. */
EXPORT void scale_tiling(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)argsSize;
    (void)numBlocks;
    unsigned char *p = args;
    float *out = *(float **)p;
    const float *tiling = *(const float **)(p + 8);
    float scale = *(const float *)(p + 16);
    if (blockIdx == 0)
        for (int i = 0; i < 4; i++)
            out[i] = tiling[i] * scale;
}

/* out[b] += 1 for block b (atomically: a block run twice, by any thread, counts twice);
 * args: (uint32_t *out). tests/model/caller_run.c checks every block runs once. */
EXPORT void block_hits(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)argsSize;
    (void)numBlocks;
    uint32_t *out = *(uint32_t **)args;
    __atomic_fetch_add(&out[blockIdx], 1, __ATOMIC_RELAXED);
}

EXPORT int32_t kernel_table[6] = {1, 2, 3, 4, 5, 6};
