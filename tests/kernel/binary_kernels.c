/* SPDX-License-Identifier: Apache-2.0 */
/* CPU builds of the kernels kernel_binary.c loads through aclrtBinaryLoadFromFile /
 * FromData (contract: acl/acl_rt_kernel.h), block_hits for tests/model/caller_run.c and
 * spin_blocks for tests/tools/trace_streams.c. */
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))

EXPORT void vector_add(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);
EXPORT void block_ids(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);
EXPORT void scale_tiling(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);
EXPORT void spin_blocks(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks);
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

/* args: (uint64_t ns, _Atomic uint64_t *longest): each block spins ns of CLOCK_MONOTONIC
 * time and raises *longest to the time it took. */
EXPORT void spin_blocks(void *args, size_t argsSize, uint32_t blockIdx, uint32_t numBlocks)
{
    (void)argsSize, (void)blockIdx, (void)numBlocks;
    const uint64_t ns = *(const uint64_t *)args;
    _Atomic uint64_t *longest = *(_Atomic uint64_t **)((const char *)args + 8);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    const uint64_t t0 = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
    uint64_t t = t0;
    while (t - t0 < ns) {
        clock_gettime(CLOCK_MONOTONIC, &ts);
        t = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
    }
    /* relaxed: a maximum the host reads after synchronising the stream */
    uint64_t m = atomic_load_explicit(longest, memory_order_relaxed);
    while (m < t - t0 && !atomic_compare_exchange_weak_explicit(
                             longest, &m, t - t0, memory_order_relaxed, memory_order_relaxed))
        ;
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
