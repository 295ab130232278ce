/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mem/: the memory layer of cpuacl (private header, never installed).
 *
 * Module map (one prefix per file):
 *   mem_pages_*   pages.c     map/unmap chunks huge-page-first (hugetlb, THP, normal)
 *   mem_thread_*  thread.c    per-thread state; op sections (the read side of mem/'s
 *   mem_op_*                  RCU) and their grace period
 *   mem_reg_*     registry.c  pointer registry: address -> allocation, lock-free reads
 *   mem_dev_*     devmem.c    per-device jemalloc arenas with extent hooks, capacity, stats
 *   mem_pool_*    devmem.c    the pool machinery shared by devices and host memory
 *   mem_host_*    hostmem.c   host-pinned memory (aclrtMallocHost)
 *   mem_je_*      jemalloc.c  jemalloc's calls, bound at mem_init (not linked: dlopen, TLS)
 *   mem_ext_*     extalloc.c  the builtin extent allocator used when jemalloc is not there
 *   mem_init/fini mem.c       module bring-up / tear-down
 *
 * Nothing here knows AscendCL types. core/ maps aclrtMemMallocPolicy and
 * aclrtMemAttr onto the enums below (the policy values are identical by design) and
 * -errno results onto aclError.
 *
 * Return convention: 0 on success, -errno on failure. The errno values used:
 *   -EINVAL  bad argument (size 0, bad device id, interior pointer, wrong kind of memory)
 *   -ENOENT  pointer unknown to the registry (never allocated, or already freed)
 *   -ENOMEM  capacity exhausted, or the requested kind of pages cannot be had
 *   -ENODEV  device not initialised (or being torn down)
 *   -EBUSY   device already initialised
 */
#ifndef CPUACL_MEM_MEM_H
#define CPUACL_MEM_MEM_H

#include <stddef.h>
#include <stdint.h>

/* Virtual devices the memory layer can serve (docs/runtime.md allows 1..64). */
#define MEM_DEV_MAX 64
/* Pools: one per device, then the host-pinned pool. */
#define MEM_POOL_HOST MEM_DEV_MAX
#define MEM_POOL_MAX (MEM_DEV_MAX + 1)
/* Owner id the registry reports for host-pinned memory. */
#define MEM_OWNER_HOST 127u

/* Every allocation starts on this boundary (aclrtMalloc and aclrtMallocHost rule). */
#define MEM_ALIGN 64u
/* Device allocations start on this stronger boundary: the real runtime's device
 * addresses are far more aligned than 64 bytes, and ggml places tensors at 128-byte
 * offsets from a buffer's start expecting the buffer itself to be at least that aligned
 * (issue 14). The host-pinned pool keeps MEM_ALIGN. */
#define MEM_DEV_ALIGN 512u

#define MEM_KiB ((size_t)1 << 10)
#define MEM_MiB ((size_t)1 << 20)
#define MEM_GiB ((size_t)1 << 30)

/* Allocation policies; values equal aclrtMemMallocPolicy's low bits (core masks off
 * ACL_MEM_TYPE_* / ACL_MEM_ACCESS_* before calling). Any other value follows the
 * reference's "out of range" rule: >= 2 MiB on huge pages when possible, else normal. */
enum mem_policy {
    MEM_POLICY_HUGE_FIRST = 0,
    MEM_POLICY_HUGE_ONLY = 1,
    MEM_POLICY_NORMAL_ONLY = 2,
    MEM_POLICY_HUGE_FIRST_P2P = 3,
    MEM_POLICY_HUGE_ONLY_P2P = 4,
    MEM_POLICY_NORMAL_ONLY_P2P = 5,
    MEM_POLICY_HUGE1G_ONLY = 6,
    MEM_POLICY_HUGE1G_ONLY_P2P = 7,
    MEM_POLICY_MANAGED = 13, /* aclrtMemAllocManaged (core/memory/managed.c): device memory the
                                host shares; placed as HUGE_FIRST, freed by aclrtFree */
    MEM_POLICY_VMM = 14,   /* a range mapped by the virtual-memory API (core/memory/vmm.c): device
                              memory for copies, but no allocation (aclrtFree refuses it) */
    MEM_POLICY_OTHER = 15, /* what the registry records for out-of-range policies */
};

/* The kind of pages a mapping (and so an allocation) got. */
enum mem_page_kind {
    MEM_PAGE_NORMAL = 0,     /* base pages (MADV_NOHUGEPAGE)                         */
    MEM_PAGE_THP = 1,        /* 2 MiB-aligned anonymous mapping with MADV_HUGEPAGE   */
    MEM_PAGE_HUGETLB_2M = 2, /* MAP_HUGETLB | MAP_HUGE_2MB                           */
    MEM_PAGE_HUGETLB_1G = 3, /* MAP_HUGETLB | MAP_HUGE_1GB                           */
};
#define MEM_PAGE_KINDS 4

/* Memory classes for aclrtGetMemInfo. core maps aclrtMemAttr as follows (DDR and HBM
 * are one pool here; P2P memory is ordinary device memory):
 *   ACL_DDR_MEM, ACL_HBM_MEM                                  -> MEM_CLASS_ALL
 *   ACL_{DDR,HBM}_MEM_NORMAL, *_P2P_NORMAL, ACL_MEM_NORMAL,
 *   ACL_MEM_P2P_NORMAL                                        -> MEM_CLASS_NORMAL
 *   ACL_{DDR,HBM}_MEM_HUGE, *_P2P_HUGE, ACL_MEM_HUGE,
 *   ACL_MEM_P2P_HUGE                                          -> MEM_CLASS_HUGE
 *   ACL_HBM_MEM_HUGE1G, ACL_HBM_MEM_P2P_HUGE1G, ACL_MEM_HUGE1G,
 *   ACL_MEM_P2P_HUGE1G                                        -> MEM_CLASS_HUGE1G */
enum mem_class {
    MEM_CLASS_ALL = 0,
    MEM_CLASS_NORMAL = 1,
    MEM_CLASS_HUGE = 2,
    MEM_CLASS_HUGE1G = 3,
};

const char *mem_page_kind_name(enum mem_page_kind kind);

/*
 * Bring the memory layer up: page-provider capabilities, the registry, the host pool.
 * Idempotent per init/fini pair; not thread-safe against mem_fini (core calls both
 * under its init lock). Must not be called inside a mem op section.
 */
int mem_init(void);

/*
 * Tear everything down: every device pool still initialised, the host pool, the
 * registry. Outstanding allocations are released wholesale; pointers to them are
 * unknown afterwards. Blocks for grace periods. No other thread may use mem/ while it
 * runs (unlike mem_dev_fini, which tolerates racing threads).
 */
void mem_fini(void);

#endif
