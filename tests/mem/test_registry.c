/* SPDX-License-Identifier: Apache-2.0 */
/* Pointer registry: base / interior / last byte / one-past-end / foreign lookups,
 * interior and double frees rejected, device vs host kinds, virtual-memory ranges and
 * capacity charges without allocations, a brute-force comparison
 * against a reference model on random layouts, GiB-crossing allocations, and lookups
 * with 100k live device allocations. */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <time.h>

#include "mem/devmem.h"
#include "mem/hostmem.h"
#include "mem/registry.h"
#include "mem/thread.h"
#include "memtest.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int reg_insert(uintptr_t b, size_t n)
{
    struct mem_thread *t = mem_thread_self();
    mem_op_begin(t);
    int rc = mem_reg_insert(b, n, 3, MEM_POLICY_NORMAL_ONLY, MEM_PAGE_NORMAL, 0);
    mem_op_end(t);
    return rc;
}

static int reg_remove(uintptr_t b, enum mem_reg_want want)
{
    struct mem_thread *t = mem_thread_self();
    struct mem_reg_info info;
    mem_op_begin(t);
    int rc = mem_reg_remove((void *)b, want, &info);
    mem_op_end(t);
    return rc;
}

static void expect_in(uintptr_t a, uintptr_t b, size_t n)
{
    struct mem_reg_info info;
    int rc = mem_reg_lookup((void *)a, &info);
    if (rc != 0 || info.base != b || info.size != n) {
        fprintf(stderr, "lookup %#lx: rc %d base %#lx size %zu, want %#lx+%zu\n",
                (unsigned long)a, rc, (unsigned long)info.base, info.size, (unsigned long)b, n);
        exit(1);
    }
}

static void expect_out(uintptr_t a)
{
    struct mem_reg_info info;
    int rc = mem_reg_lookup((void *)a, &info);
    if (rc != -ENOENT) {
        fprintf(stderr, "lookup %#lx: rc %d base %#lx size %zu, want ENOENT\n",
                (unsigned long)a, rc, (unsigned long)info.base, info.size);
        exit(1);
    }
}

/* One allocation in an empty neighbourhood: every interesting address. */
static void single(uintptr_t b, size_t n)
{
    CHECK_OK(reg_insert(b, n));
    expect_in(b, b, n);
    if (n > 1)
        expect_in(b + 1, b, n);
    expect_in(b + n / 2, b, n);
    expect_in(b + n - 1, b, n);
    for (uintptr_t a = (b + 4096) & ~(uintptr_t)4095; a < b + n && a < b + 64 * 4096; a += 4096) {
        expect_in(a, b, n);
        expect_in(a - 1, b, n);
    }
    expect_out(b + n);
    expect_out(b + n + 4096);
    expect_out(b - 1);
    expect_out(b - 64);
    /* interior and misaligned frees are refused, nothing changes */
    if (n > 64)
        CHECK_RC(-EINVAL, reg_remove(b + 64, MEM_REG_WANT_ANY));
    CHECK_RC(n > 1 ? -EINVAL : -ENOENT, reg_remove(b + 1, MEM_REG_WANT_ANY));
    CHECK_RC(-EINVAL, reg_remove(b, MEM_REG_WANT_HOST)); /* owner 3 is a device */
    CHECK_RC(-ENOENT, reg_remove(b + n + 64, MEM_REG_WANT_ANY));
    expect_in(b, b, n);
    CHECK_OK(reg_remove(b, MEM_REG_WANT_DEVICE));
    CHECK_RC(-ENOENT, reg_remove(b, MEM_REG_WANT_ANY)); /* double free */
    expect_out(b);
    expect_out(b + n - 1);
    for (uintptr_t a = (b + 4096) & ~(uintptr_t)4095; a < b + n && a < b + 64 * 4096; a += 4096)
        expect_out(a);
}

/* Random non-overlapping layouts in a window, checked granule by granule against a
 * reference map (owner base per 64-byte granule). */
static void model(uintptr_t win, size_t winlen, int rounds)
{
    size_t ngran = winlen / 64;
    uintptr_t *ref = calloc(ngran, sizeof(*ref));
    size_t *refsz = calloc(ngran, sizeof(*refsz));
    CHECK(ref && refsz);
    for (int r = 0; r < rounds; r++) {
        /* insert */
        for (int k = 0; k < 200; k++) {
            size_t g = rnd() % ngran;
            size_t lenc = rnd() % 4;
            size_t n = lenc == 0   ? 1 + rnd() % 128
                       : lenc == 1 ? 1 + rnd() % 8192
                       : lenc == 2 ? 1 + rnd() % 65536
                                   : 1 + rnd() % (512 * 1024);
            size_t ng = (n + 63) / 64;
            if (g + ng > ngran)
                continue;
            bool free_range = true;
            for (size_t i = g; i < g + ng && free_range; i++)
                free_range = ref[i] == 0;
            if (!free_range)
                continue;
            uintptr_t b = win + g * 64;
            CHECK_OK(reg_insert(b, n));
            for (size_t i = g; i < g + ng; i++) {
                ref[i] = b;
                refsz[i] = n;
            }
        }
        /* verify every granule start and a random byte in it */
        for (size_t i = 0; i < ngran; i++) {
            uintptr_t a = win + i * 64 + (rnd() % 64);
            uintptr_t b = ref[i];
            if (b && a < b + refsz[i])
                expect_in(a, b, refsz[i]);
            else
                expect_out(a);
        }
        /* remove about half, with interior attempts first */
        for (size_t i = 0; i < ngran; i++) {
            uintptr_t b = ref[i];
            if (!b || b != win + i * 64 || (rnd() & 1))
                continue;
            size_t n = refsz[i];
            if (n > 64)
                CHECK_RC(-EINVAL, reg_remove(b + 64, MEM_REG_WANT_ANY));
            CHECK_OK(reg_remove(b, MEM_REG_WANT_ANY));
            CHECK_RC(-ENOENT, reg_remove(b, MEM_REG_WANT_ANY));
            for (size_t j = i; j < i + (n + 63) / 64; j++)
                ref[j] = 0;
        }
    }
    for (size_t i = 0; i < ngran; i++)
        if (ref[i] && ref[i] == win + i * 64)
            CHECK_OK(reg_remove(ref[i], MEM_REG_WANT_ANY));
    for (size_t i = 0; i < ngran; i += 7)
        expect_out(win + i * 64);
    free(ref);
    free(refsz);
}

/* Insert [b, b + n), check every page of it is inside and its ends are not,
 * that removing at `interior` fails (-EINVAL), and that after the remove
 * nothing of it is inside. */
static void span_check(uintptr_t b, size_t n, uintptr_t interior)
{
    CHECK_OK(reg_insert(b, n));
    for (uintptr_t a = (b + 4096) & ~(uintptr_t)4095; a < b + n; a += 4096) {
        expect_in(a, b, n);
        expect_in(a - 1, b, n);
        expect_in(a + 2049 < b + n ? a + 2049 : b + n - 1, b, n);
    }
    expect_in(b + n - 1, b, n);
    expect_out(b + n);
    expect_out(b - 1);
    CHECK_RC(-EINVAL, reg_remove(interior, MEM_REG_WANT_ANY));
    CHECK_OK(reg_remove(b, MEM_REG_WANT_ANY));
    for (uintptr_t a = b; a < b + n; a += 4096)
        expect_out(a);
}

/* Large allocations: whole 2 MiB blocks carry one block cover instead of 512
 * page covers (issue 16). Every page of the allocation is inside; after the
 * free none is; a stale block cover must not hide an allocation that starts
 * in the page before a freed block and reaches into it. */
static void block_covers(uintptr_t g)
{
    const uintptr_t blk = 2 * MEM_MiB;
    uintptr_t heads[] = {g + blk - 3 * 4096 + 64, g + 2 * blk, g + 3 * blk + 64};
    size_t sizes[] = {8 * MEM_MiB + 5000, 4 * MEM_MiB, 2 * blk - 4096};
    for (size_t k = 0; k < sizeof(heads) / sizeof(heads[0]); k++)
        span_check(heads[k], sizes[k], heads[k] + blk);
    /* The freed base reused by a small allocation, and a neighbour that starts
     * in the page before the formerly covered block and reaches into it. */
    uintptr_t b = g + blk - 4096 + 64; /* block [g + blk, g + 2 blk) fully inside */
    CHECK_OK(reg_insert(b, 4 * MEM_MiB));
    CHECK_OK(reg_remove(b, MEM_REG_WANT_ANY));
    CHECK_OK(reg_insert(b, 64));
    uintptr_t c = g + blk - 4096 + 256; /* after b, in the page before the block */
    CHECK_OK(reg_insert(c, 3 * 4096));
    expect_in(g + blk + 100, c, 3 * 4096);
    expect_in(c + 3 * 4096 - 1, c, 3 * 4096);
    expect_out(g + blk + 4096 * 7); /* inside the old block: nothing there now */
    expect_in(b + 10, b, 64);
    CHECK_OK(reg_remove(c, MEM_REG_WANT_ANY));
    CHECK_OK(reg_remove(b, MEM_REG_WANT_ANY));
    expect_out(g + blk + 100);
}

/* Group covers: whole 64 KiB groups of pages outside covered 2 MiB blocks carry one
 * group cover (issue 16). Spans that mix page, group and block covers are inside
 * page by page; after the free nothing is; a stale group cover must not hide an
 * allocation that starts in the page before the freed group and reaches into it. */
static void group_covers(uintptr_t g)
{
    const uintptr_t grp = 64 * 1024, blk = 2 * MEM_MiB;
    uintptr_t heads[] = {g + 512,                             /* aclrtMalloc(64 KiB) */
                         g + grp,                             /* group aligned base */
                         g + 2 * grp - 3 * 4096 + 64,         /* pages, groups, pages */
                         g + blk - 5 * grp - 3 * 4096 + 64,   /* pages, groups, block */
                         g + 2 * blk + 7 * 4096 + 512};       /* 1 MiB + 32 inside a block */
    size_t sizes[] = {64 * 1024 + 32, MEM_MiB + 32, 5 * grp + 9 * 4096 + 100,
                      3 * MEM_MiB + 77, MEM_MiB + 32};
    for (size_t k = 0; k < sizeof(heads) / sizeof(heads[0]); k++) {
        span_check(heads[k], sizes[k], heads[k] + grp);
        CHECK_RC(-ENOENT, reg_remove(heads[k], MEM_REG_WANT_ANY));
    }
    /* Two allocations side by side whose group covers meet. */
    CHECK_OK(reg_insert(g + 64, 2 * grp));
    CHECK_OK(reg_insert(g + 2 * grp + 64, 3 * grp));
    expect_in(g + 2 * grp + 63, g + 64, 2 * grp);
    expect_in(g + 2 * grp + 64, g + 2 * grp + 64, 3 * grp);
    expect_in(g + 4 * grp + 100, g + 2 * grp + 64, 3 * grp);
    CHECK_OK(reg_remove(g + 64, MEM_REG_WANT_ANY));
    expect_out(g + grp + 5);
    expect_in(g + 3 * grp, g + 2 * grp + 64, 3 * grp);
    CHECK_OK(reg_remove(g + 2 * grp + 64, MEM_REG_WANT_ANY));
    expect_out(g + 3 * grp);
    /* The freed base reused by a small allocation, and a neighbour that starts
     * in the page before the formerly covered group and reaches into it. */
    uintptr_t b = g + 4 * grp - 4096 + 64; /* group [g + 4 grp, g + 5 grp) fully inside */
    CHECK_OK(reg_insert(b, 3 * grp));
    CHECK_OK(reg_remove(b, MEM_REG_WANT_ANY));
    CHECK_OK(reg_insert(b, 64));
    uintptr_t c = g + 4 * grp - 4096 + 512;
    CHECK_OK(reg_insert(c, 2 * 4096));
    expect_in(g + 4 * grp + 100, c, 2 * 4096);
    expect_out(g + 4 * grp + 4096 * 3); /* inside the old group: nothing there now */
    expect_in(b + 10, b, 64);
    CHECK_OK(reg_remove(c, MEM_REG_WANT_ANY));
    CHECK_OK(reg_remove(b, MEM_REG_WANT_ANY));
    expect_out(g + 4 * grp + 100);
    /* prune clears group covers: a pruned range answers "not found" */
    CHECK_OK(reg_insert(g + 6 * grp + 64, 2 * grp));
    mem_reg_prune(g + 6 * grp, 3 * grp);
    mem_reg_reclaim();
    expect_out(g + 7 * grp + 100);
    expect_out(g + 6 * grp + 64);
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void device_pointers(void)
{
    CHECK_OK(mem_dev_init(0, 8 * MEM_GiB));
    CHECK_OK(mem_dev_init(1, 8 * MEM_GiB));
    void *d, *d1, *h;
    CHECK_OK(mem_dev_alloc(0, 1000, MEM_POLICY_HUGE_FIRST, 0, &d));
    CHECK_OK(mem_dev_alloc(1, 3 * MEM_MiB, MEM_POLICY_HUGE_FIRST, 0, &d1));
    CHECK_OK(mem_host_alloc(1000, &h));
    CHECK((uintptr_t)h % MEM_ALIGN == 0);
    struct mem_reg_info info;
    CHECK_OK(mem_reg_lookup((char *)d + 999, &info));
    CHECK(info.owner == 0 && info.base == (uintptr_t)d && info.size == 1056);
    CHECK_OK(mem_reg_lookup((char *)d1 + 2 * MEM_MiB, &info));
    CHECK(info.owner == 1 && info.base == (uintptr_t)d1);
    CHECK_OK(mem_reg_lookup((char *)h + 999, &info));
    CHECK(info.owner == MEM_OWNER_HOST && info.size == 1000);
    CHECK_RC(-ENOENT, mem_reg_lookup((char *)h + 1000, &info));

    /* foreign pointers */
    int stackvar;
    void *heap = malloc(100);
    CHECK_RC(-ENOENT, mem_reg_lookup(&stackvar, &info));
    CHECK_RC(-ENOENT, mem_reg_lookup(heap, &info));
    CHECK_RC(-ENOENT, mem_reg_lookup(NULL, &info));
    CHECK_RC(-ENOENT, mem_reg_lookup((void *)~(uintptr_t)0, &info));
    CHECK_RC(-ENOENT, mem_dev_free(&stackvar));
    CHECK_RC(-ENOENT, mem_dev_free(heap));
    CHECK_RC(-ENOENT, mem_dev_free(NULL));
    CHECK_RC(-ENOENT, mem_host_free(heap));
    CHECK_RC(-ENOENT, mem_dev_free((void *)(uintptr_t)0xdeadbeef000ull));
    free(heap);

    /* wrong kind, interior, double */
    CHECK_RC(-EINVAL, mem_dev_free(h));
    CHECK_RC(-EINVAL, mem_host_free(d));
    CHECK_RC(-EINVAL, mem_dev_free((char *)d + 64));
    CHECK_RC(-EINVAL, mem_dev_free((char *)d + 1));
    CHECK_RC(-EINVAL, mem_dev_free((char *)d1 + MEM_MiB));
    CHECK_RC(-EINVAL, mem_host_free((char *)h + 64));
    CHECK_OK(mem_dev_free(d));
    CHECK_RC(-ENOENT, mem_dev_free(d));
    CHECK_OK(mem_dev_free(d1));
    CHECK_RC(-ENOENT, mem_dev_free(d1));
    CHECK_OK(mem_host_free(h));
    CHECK_RC(-ENOENT, mem_host_free(h));

    /* virtual-memory ranges (core/memory/vmm.c): device memory for lookups, refused by both
     * frees, removable only as such; capacity charged and credited per incarnation */
    void *v =
        mmap(NULL, 4 * MEM_MiB, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    CHECK(v != MAP_FAILED);
    uintptr_t vb = ((uintptr_t)v + MEM_MiB) & ~(uintptr_t)(MEM_MiB - 1);
    CHECK_OK(mem_dev_vmm_register(1, vb, 2 * MEM_MiB));
    CHECK_OK(mem_reg_lookup((char *)vb + 2 * MEM_MiB - 1, &info));
    CHECK(info.owner == 1 && info.base == vb && info.policy == MEM_POLICY_VMM);
    CHECK_RC(-EINVAL, mem_dev_free((void *)vb));
    CHECK_RC(-EINVAL, mem_host_free((void *)vb));
    CHECK_RC(-EINVAL, mem_dev_vmm_unregister(vb + 64));
    CHECK_OK(mem_dev_alloc(1, 1000, MEM_POLICY_HUGE_FIRST, 0, &d));
    CHECK_RC(-EINVAL, mem_dev_vmm_unregister((uintptr_t)d)); /* an allocation, not a range */
    CHECK_OK(mem_dev_free(d));
    CHECK_OK(mem_dev_vmm_unregister(vb));
    CHECK_RC(-ENOENT, mem_dev_vmm_unregister(vb));
    CHECK_RC(-ENOENT, mem_reg_lookup((void *)vb, &info));
    CHECK_RC(-ENODEV, mem_dev_vmm_register(5, vb, 2 * MEM_MiB));
    CHECK_RC(-EINVAL, mem_dev_vmm_register(-1, vb, 2 * MEM_MiB));
    munmap(v, 4 * MEM_MiB);
    struct mem_dev_stats vst;
    CHECK_OK(mem_dev_stats(1, &vst));
    size_t used0 = vst.used;
    uint32_t gen = 0, gen2 = 0;
    CHECK_OK(mem_dev_charge(1, 6 * MEM_MiB, &gen));
    CHECK(gen != 0);
    CHECK_OK(mem_dev_stats(1, &vst));
    CHECK(vst.used == used0 + 6 * MEM_MiB);
    CHECK_RC(-ENOMEM, mem_dev_charge(1, 8 * MEM_GiB, &gen2));
    CHECK_RC(-ENODEV, mem_dev_charge(5, MEM_MiB, &gen2));
    CHECK_RC(-EINVAL, mem_dev_charge(1, 0, &gen2));
    CHECK_RC(-EINVAL, mem_dev_charge(1, MEM_MiB, NULL));
    mem_dev_credit(1, 6 * MEM_MiB, gen + 1); /* another incarnation: nothing */
    CHECK_OK(mem_dev_stats(1, &vst));
    CHECK(vst.used == used0 + 6 * MEM_MiB);
    mem_dev_credit(1, 6 * MEM_MiB, gen);
    CHECK_OK(mem_dev_stats(1, &vst));
    CHECK(vst.used == used0);

    /* 100k live allocations on two devices */
    enum { N = 100000 };
    void **ptrs = malloc(N * sizeof(*ptrs));
    size_t *sz = malloc(N * sizeof(*sz));
    CHECK(ptrs && sz);
    for (int i = 0; i < N; i++) {
        sz[i] = 1 + rnd() % (i % 10 ? 2048 : 65536);
        CHECK_OK(mem_dev_alloc(i & 1, sz[i], MEM_POLICY_HUGE_FIRST, 0, &ptrs[i]));
    }
    double t0 = now_ns();
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < N; i++) {
            size_t off = (size_t)(rnd() % sz[i]);
            CHECK_OK(mem_reg_lookup((char *)ptrs[i] + off, &info));
            CHECK(info.base == (uintptr_t)ptrs[i] && info.owner == (unsigned)(i & 1));
        }
    }
    double t1 = now_ns();
    struct mem_reg_stats rs;
    mem_reg_stats(&rs);
    printf("mem_registry: 100k live: lookup %.1f ns (random interior, incl. checks); "
           "leaves %zu (%zu KiB)\n",
           (t1 - t0) / (4.0 * N), rs.leaves, rs.leaves / 2);
    for (int i = 0; i < N; i++)
        CHECK_OK(mem_dev_free(ptrs[i]));
    for (int i = 0; i < N; i += 97)
        CHECK_RC(-ENOENT, mem_reg_lookup(ptrs[i], &info));
    free(ptrs);
    free(sz);
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.used == 0);
    CHECK_OK(mem_dev_fini(0));
    CHECK_OK(mem_dev_fini(1));
}

int main(void)
{
    CHECK_OK(mem_init());
    /* Synthetic ranges in a reserved window nobody else uses (the registry never
     * touches the memory it describes). 6 GiB so that GiB boundaries are crossed. */
    size_t wlen = 6 * MEM_GiB;
    char *w = mmap(NULL, wlen, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    CHECK(w != MAP_FAILED);
    uintptr_t g1 = ((uintptr_t)w + MEM_GiB) & ~(uintptr_t)(MEM_GiB - 1); /* GiB aligned */

    size_t sizes[] = {1, 63, 64, 65, 4095, 4096, 4097, 4096 - 64, 8192, 8193, 12288 + 5,
                      65536, 1 << 20, (3 << 20) + 7};
    uintptr_t offs[] = {0, 64, 4096 - 64, 4096 - 128, 2048, 4096 * 3 + 1024};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
        for (size_t k = 0; k < sizeof(offs) / sizeof(offs[0]); k++)
            single(g1 + MEM_MiB + offs[k], sizes[i]);
    /* across a GiB boundary (different mids), and a multi-GiB allocation */
    single(g1 + MEM_GiB - 4096 - 64, 3 * 4096);
    single(g1 + MEM_GiB - 64, 128);
    single(g1 + MEM_GiB - MEM_MiB, 2 * MEM_GiB + 12345);
    CHECK_OK(reg_insert(g1 + 64, 2 * MEM_GiB));
    expect_in(g1 + MEM_GiB, g1 + 64, 2 * MEM_GiB);
    expect_in(g1 + MEM_GiB + 4096 * 77 + 5, g1 + 64, 2 * MEM_GiB);
    expect_in(g1 + 2 * MEM_GiB + 63, g1 + 64, 2 * MEM_GiB);
    expect_out(g1 + 2 * MEM_GiB + 64);
    CHECK_RC(-EINVAL, reg_remove(g1 + MEM_GiB, MEM_REG_WANT_ANY));
    CHECK_OK(reg_remove(g1 + 64, MEM_REG_WANT_ANY));
    expect_out(g1 + MEM_GiB);
    /* neighbours touching each other */
    CHECK_OK(reg_insert(g1 + 4096 - 128, 128));
    CHECK_OK(reg_insert(g1 + 4096, 64));
    CHECK_OK(reg_insert(g1 + 4096 + 64, 8192));
    expect_in(g1 + 4095, g1 + 4096 - 128, 128);
    expect_in(g1 + 4096, g1 + 4096, 64);
    expect_in(g1 + 4096 + 64 + 8191, g1 + 4096 + 64, 8192);
    expect_out(g1 + 4096 + 64 + 8192);
    CHECK_OK(reg_remove(g1 + 4096, MEM_REG_WANT_ANY));
    expect_out(g1 + 4096);
    expect_in(g1 + 4095, g1 + 4096 - 128, 128);
    CHECK_OK(reg_remove(g1 + 4096 - 128, MEM_REG_WANT_ANY));
    CHECK_OK(reg_remove(g1 + 4096 + 64, MEM_REG_WANT_ANY));
    /* bad inserts */
    CHECK_RC(-EINVAL, reg_insert(g1 + 1, 64));
    CHECK_RC(-EINVAL, reg_insert(g1, 0));
    CHECK_RC(-EINVAL, reg_insert(0, 64));

    block_covers(g1 + 2 * MEM_GiB + 64 * MEM_MiB);
    group_covers(g1 + 2 * MEM_GiB + 128 * MEM_MiB);
    model(g1 + 3 * MEM_GiB - MEM_MiB, 2 * MEM_MiB, 6); /* straddles a GiB boundary */
    model(g1 + 4 * MEM_GiB, 4 * MEM_MiB, 3);

    /* prune: entries in the range disappear, leaves are reclaimed */
    CHECK_OK(reg_insert(g1 + 5 * MEM_MiB, 100));
    CHECK_OK(reg_insert(g1 + 5 * MEM_MiB + 8192, 3 * 4096));
    mem_reg_prune(g1 + 5 * MEM_MiB, MEM_MiB);
    mem_reg_reclaim();
    expect_out(g1 + 5 * MEM_MiB);
    expect_out(g1 + 5 * MEM_MiB + 8192 + 4096);
    CHECK_RC(-ENOENT, reg_remove(g1 + 5 * MEM_MiB, MEM_REG_WANT_ANY));
    munmap(w, wlen);

    device_pointers();
    mem_fini();
    printf("mem_registry: ok\n");
    return 0;
}
