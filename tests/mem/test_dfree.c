/* SPDX-License-Identifier: Apache-2.0 */
/* Racing frees on the fast path (issue 16). Threads with warm block caches and
 * reservations (so mem_dev_free takes its fast path: entry read, decisions, then the
 * CAS) all free one shared block at the same moment, round after round: exactly one
 * free succeeds, the others get -ENOENT (or -EINVAL for the interior pointer one of
 * them passes), and the block is gone from the registry. Between rounds every thread
 * allocates and frees blocks of the same sizes, which the winner's cache hands out
 * again with the registry entry it cached; each block carries a pattern of its own
 * address and owner that is checked before it is freed, so a block handed out twice
 * (a free that two threads both won) is caught as a clobbered payload or as a
 * registry answer for the wrong base. At the end the device's usage is 0 again. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "mem/devmem.h"
#include "mem/registry.h"
#include "memtest.h"

#define NTH 4
#define LIVE 24

static const size_t sizes[] = {64, 200, 4096, 65536};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static pthread_barrier_t bar;
static void *_Atomic victim;     /* the shared block of this round */
static size_t victim_size;       /* written before the first barrier of a round */
static atomic_int n_ok, n_enoent, n_einval, n_other;
static long rounds;

static void fill(void *p, size_t n, uint64_t tag)
{
    uint64_t *w = p;
    for (size_t i = 0; i < n / 8; i++)
        w[i] = tag ^ ((uintptr_t)p + i * 0x9e3779b97f4a7c15ull);
}

static void check(const void *p, size_t n, uint64_t tag)
{
    const uint64_t *w = p;
    for (size_t i = 0; i < n / 8; i++)
        CHECK(w[i] == (tag ^ ((uintptr_t)p + i * 0x9e3779b97f4a7c15ull)));
    struct mem_reg_info info;
    CHECK_OK(mem_reg_lookup(p, &info));
    CHECK(info.base == (uintptr_t)p && info.owner == 0);
}

static void *racer(void *arg)
{
    unsigned id = (unsigned)(uintptr_t)arg;
    uint64_t tag = 0x5151000000000000ull | ((uint64_t)id << 40);
    uint64_t s = 0x9e3779b97f4a7c15ull * (id + 1);
    void *live[LIVE] = {0};
    size_t lsz[LIVE] = {0};
    for (long r = 0; r < rounds; r++) {
        /* own traffic: warms this thread's cache bins for the sizes of the victims */
        for (int k = 0; k < 6; k++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            unsigned i = (unsigned)(s >> 33) % LIVE;
            if (live[i]) {
                check(live[i], lsz[i], tag);
                CHECK_OK(mem_dev_free(live[i]));
                live[i] = NULL;
            } else {
                size_t n = sizes[(s >> 20) % NSIZES];
                CHECK_OK(mem_dev_alloc(0, n, MEM_POLICY_HUGE_FIRST, 0, &live[i]));
                fill(live[i], n, tag);
                lsz[i] = n;
            }
        }
        unsigned leader = (unsigned)(r % NTH);
        if (id == leader) {
            size_t n = sizes[r % NSIZES];
            void *p;
            CHECK_OK(mem_dev_alloc(0, n, MEM_POLICY_HUGE_FIRST, 0, &p));
            fill(p, n, 0);
            victim_size = n;
            /* relaxed: the barrier orders it */
            atomic_store_explicit(&victim, p, memory_order_relaxed);
        }
        pthread_barrier_wait(&bar);
        void *p = atomic_load_explicit(&victim, memory_order_relaxed); /* relaxed: barrier */
        int rc = id == (leader + 1) % NTH && (r & 1) ? mem_dev_free((char *)p + 64)
                                                     : mem_dev_free(p);
        atomic_fetch_add_explicit(rc == 0 ? &n_ok : rc == -ENOENT ? &n_enoent
                                          : rc == -EINVAL        ? &n_einval
                                                                 : &n_other,
                                  1, memory_order_relaxed); /* relaxed: barrier */
        pthread_barrier_wait(&bar);
        if (id == leader) {
            int ok = atomic_exchange(&n_ok, 0), en = atomic_exchange(&n_enoent, 0);
            int ei = atomic_exchange(&n_einval, 0), ot = atomic_exchange(&n_other, 0);
            if (ok != 1 || ot != 0 || ok + en + ei != NTH || (ei && !(r & 1))) {
                fprintf(stderr, "round %ld (%zu B): %d won, %d -ENOENT, %d -EINVAL, %d other\n",
                        r, victim_size, ok, en, ei, ot);
                exit(1);
            }
            struct mem_reg_info info;
            CHECK_RC(-ENOENT, mem_reg_lookup(p, &info));
            CHECK_RC(-ENOENT, mem_dev_free(p));
            /* A sequential double free of a block from this thread's warm
             * cache, while the others wait at the barrier: here, nobody can
             * have been handed the same address in between. */
            for (unsigned i = 0; i < LIVE; i++)
                if (live[i]) {
                    check(live[i], lsz[i], tag);
                    CHECK_OK(mem_dev_free(live[i]));
                    CHECK_RC(-ENOENT, mem_dev_free(live[i]));
                    live[i] = NULL;
                    break;
                }
        }
        pthread_barrier_wait(&bar);
    }
    for (unsigned i = 0; i < LIVE; i++)
        if (live[i]) {
            check(live[i], lsz[i], tag);
            CHECK_OK(mem_dev_free(live[i]));
        }
    return NULL;
}

int main(void)
{
    rounds = (long)(3000 * test_stress_scale());
    CHECK_OK(mem_init());
    CHECK_OK(mem_dev_init(0, 256 * MEM_MiB));
    CHECK(pthread_barrier_init(&bar, NULL, NTH) == 0);
    pthread_t th[NTH];
    for (unsigned i = 0; i < NTH; i++)
        CHECK(pthread_create(&th[i], NULL, racer, (void *)(uintptr_t)i) == 0);
    for (unsigned i = 0; i < NTH; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.used == 0);
    CHECK_OK(mem_dev_fini(0));
    mem_fini();
    printf("mem_dfree: ok (%d threads x %ld rounds)\n", NTH, rounds);
    return 0;
}
