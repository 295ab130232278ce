/* SPDX-License-Identifier: Apache-2.0 */
/* Per-thread capacity reservations (mem/devmem.c D9-D11) and block caches (D12).
 * Reservations are invisible in the
 * statistics and aclrtGetMemInfo numbers, capacity parked in another thread's
 * reservation is reclaimed before an allocation or a charge is refused, a device reset
 * with outstanding reservations leaves the new incarnation exact, thread exit gives
 * them back, and a multi-thread stress with cross-thread frees, payload checks and
 * constant exhaustion (so constant reclaims) ends with every byte accounted for. A
 * freed small block is reused by the next allocation of its size on the thread, is
 * unknown to the registry meanwhile (a second free is refused), and never outlives
 * its pool's incarnation. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "mem/devmem.h"
#include "mem/registry.h"
#include "memtest.h"

#define CAP (64 * MEM_MiB)
#define SMALL 4096
#define SMALL_R (SMALL + 32) /* what a SMALL allocation is charged */

static size_t used_of(int dev)
{
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(dev, &st));
    CHECK(st.used <= st.capacity);
    size_t f, t;
    CHECK_OK(mem_dev_meminfo(dev, MEM_CLASS_ALL, &f, &t));
    CHECK(t == st.capacity && f == st.capacity - st.used);
    return st.used;
}

static uint64_t fails_of(int dev)
{
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(dev, &st));
    return st.fail_capacity;
}

/* ---- a helper thread that holds a reservation and acts on command ---- */

enum { CMD_NONE, CMD_ALLOC_FREE, CMD_ALLOC_KEEP, CMD_FREE_KEPT, CMD_EXIT };

struct holder {
    int dev;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int cmd, done, rc;
    void *kept;
};

static void *holder_main(void *arg)
{
    struct holder *h = arg;
    pthread_mutex_lock(&h->mu);
    for (;;) {
        while (h->cmd == CMD_NONE)
            pthread_cond_wait(&h->cv, &h->mu);
        int cmd = h->cmd;
        h->cmd = CMD_NONE;
        void *p = NULL;
        switch (cmd) {
        case CMD_ALLOC_FREE: /* leaves this thread with an unspent reservation */
            h->rc = mem_dev_alloc(h->dev, SMALL, MEM_POLICY_HUGE_FIRST, 0, &p);
            if (h->rc == 0)
                h->rc = mem_dev_free(p);
            break;
        case CMD_ALLOC_KEEP:
            h->rc = mem_dev_alloc(h->dev, SMALL, MEM_POLICY_HUGE_FIRST, 0, &h->kept);
            break;
        case CMD_FREE_KEPT:
            h->rc = mem_dev_free(h->kept);
            break;
        }
        h->done++;
        pthread_cond_broadcast(&h->cv);
        if (cmd == CMD_EXIT)
            break;
    }
    pthread_mutex_unlock(&h->mu);
    return NULL;
}

static int holder_do(struct holder *h, int cmd)
{
    pthread_mutex_lock(&h->mu);
    int d = h->done;
    h->cmd = cmd;
    pthread_cond_broadcast(&h->cv);
    while (h->done == d)
        pthread_cond_wait(&h->cv, &h->mu);
    int rc = h->rc;
    pthread_mutex_unlock(&h->mu);
    return rc;
}

static void holder_start(struct holder *h, pthread_t *th, int dev)
{
    *h = (struct holder){.dev = dev};
    pthread_mutex_init(&h->mu, NULL);
    pthread_cond_init(&h->cv, NULL);
    CHECK(pthread_create(th, NULL, holder_main, h) == 0);
}

static void holder_stop(struct holder *h, pthread_t th)
{
    holder_do(h, CMD_EXIT);
    CHECK(pthread_join(th, NULL) == 0);
    pthread_cond_destroy(&h->cv);
    pthread_mutex_destroy(&h->mu);
}

/* Fill dev with SMALL blocks until refused; returns how many (blocks in *out). */
static size_t fill(int dev, void ***out)
{
    size_t cap = CAP / SMALL_R + 16, n = 0;
    void **v = malloc(cap * sizeof(*v));
    CHECK(v != NULL);
    int rc;
    while ((rc = mem_dev_alloc(dev, SMALL, MEM_POLICY_HUGE_FIRST, 0, &v[n])) == 0) {
        n++;
        CHECK(n < cap);
    }
    CHECK(rc == -ENOMEM);
    *out = v;
    return n;
}

static void unfill(void **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        CHECK_OK(mem_dev_free(v[i]));
    free(v);
}

/* ---- stress ---- */

#define NSTRESS 4
#define LIVE 64
#define XCH 16

struct xslot {
    _Atomic(uintptr_t) p; /* a block handed to whoever takes it (cross-thread free) */
};

static struct xslot xch[XCH];
static atomic_int stress_stop;
static atomic_long stress_nomem, stress_cross;

/* Word 0 holds the size, the rest a pattern of the tag. */
static void fill_pattern(void *p, size_t n, uint64_t tag)
{
    uint64_t *w = p;
    w[0] = n;
    for (size_t i = 1; i < n / 8; i++)
        w[i] = tag ^ (i * 0x9e3779b97f4a7c15ull);
}

static size_t block_size(const void *p)
{
    return (size_t)*(const uint64_t *)p;
}

static void check_pattern(const void *p, size_t n, uint64_t tag)
{
    const uint64_t *w = p;
    CHECK(w[0] == n);
    for (size_t i = 1; i < n / 8; i++)
        CHECK(w[i] == (tag ^ (i * 0x9e3779b97f4a7c15ull)));
}

/* The tag of a block is its own address: whoever frees it can check the payload. */
static void *stress_main(void *arg)
{
    unsigned seed = (unsigned)(uintptr_t)arg * 2654435761u + 1;
    void *live[LIVE] = {0};
    size_t lsz[LIVE] = {0};
    while (!atomic_load_explicit(&stress_stop, memory_order_relaxed)) {
        seed = seed * 1103515245u + 12345u;
        unsigned i = (seed >> 8) % LIVE;
        if (live[i]) {
            check_pattern(live[i], lsz[i], (uintptr_t)live[i]);
            unsigned x = (seed >> 4) % XCH;
            uintptr_t none = 0;
            /* release: the payload is visible to the taker (acquire) */
            if ((seed & 1) && atomic_compare_exchange_strong_explicit(
                                  &xch[x].p, &none, (uintptr_t)live[i], memory_order_release,
                                  memory_order_relaxed)) {
                live[i] = NULL;
                continue;
            }
            CHECK_OK(mem_dev_free(live[i]));
            live[i] = NULL;
            continue;
        }
        /* take a block another thread left: a cross-thread free */
        unsigned x = (seed >> 12) % XCH;
        /* acquire: pairs with the publishing CAS */
        uintptr_t q = atomic_exchange_explicit(&xch[x].p, 0, memory_order_acquire);
        if (q) {
            check_pattern((void *)q, block_size((void *)q), q);
            CHECK_OK(mem_dev_free((void *)q));
            atomic_fetch_add_explicit(&stress_cross, 1, memory_order_relaxed);
        }
        /* mostly reservation-sized, sometimes larger (charged exactly) */
        size_t sz = (seed >> 16) % 8 ? 64 + ((seed >> 10) % 512) * 64 : 100 * 1024 + (seed % 4096) * 64;
        void *p;
        int rc = mem_dev_alloc(0, sz, MEM_POLICY_HUGE_FIRST, 0, &p);
        if (rc == -ENOMEM) {
            atomic_fetch_add_explicit(&stress_nomem, 1, memory_order_relaxed);
            continue;
        }
        CHECK(rc == 0);
        fill_pattern(p, sz, (uintptr_t)p);
        live[i] = p;
        lsz[i] = sz;
    }
    for (unsigned i = 0; i < LIVE; i++)
        if (live[i]) {
            check_pattern(live[i], lsz[i], (uintptr_t)live[i]);
            CHECK_OK(mem_dev_free(live[i]));
        }
    return NULL;
}

/* Keeps the device near exhaustion: grabs most of what is free, holds it, lets go. */
static void *hog_main(void *arg)
{
    (void)arg;
    while (!atomic_load_explicit(&stress_stop, memory_order_relaxed)) {
        size_t f, t;
        CHECK_OK(mem_dev_meminfo(0, MEM_CLASS_ALL, &f, &t));
        CHECK(f <= t && t == CAP);
        void *p = NULL;
        if (f > 256 * MEM_KiB &&
            mem_dev_alloc(0, f - 192 * MEM_KiB, MEM_POLICY_NORMAL_ONLY, 0, &p) == 0) {
            for (int i = 0; i < 20; i++)
                sched_yield();
            CHECK_OK(mem_dev_free(p));
        }
        uint32_t gen;
        if (mem_dev_charge(0, MEM_MiB, &gen) == 0)
            mem_dev_credit(0, MEM_MiB, gen);
    }
    return NULL;
}

int main(void)
{
    CHECK_OK(mem_init());
    CHECK_OK(mem_dev_init(0, CAP));

    /* 1. One thread: the reservation is invisible, numbers are exact. */
    void *a[8];
    for (int i = 0; i < 8; i++) {
        CHECK_OK(mem_dev_alloc(0, SMALL, MEM_POLICY_HUGE_FIRST, 0, &a[i]));
        CHECK(used_of(0) == (size_t)(i + 1) * SMALL_R);
    }
    for (int i = 0; i < 8; i++) {
        CHECK_OK(mem_dev_free(a[i]));
        CHECK(used_of(0) == (size_t)(7 - i) * SMALL_R);
    }
    CHECK_RC(-ENOENT, mem_dev_free(a[0])); /* double free still refused */

    /* 1b. The block cache: LIFO reuse of the exact size, unregistered while cached. */
    void *q;
    CHECK_OK(mem_dev_alloc(0, SMALL, MEM_POLICY_HUGE_FIRST, 0, &q));
    CHECK_OK(mem_dev_free(q));
    struct mem_reg_info info;
    CHECK_RC(-ENOENT, mem_reg_lookup(q, &info));
    CHECK_RC(-ENOENT, mem_dev_free(q));
    CHECK_OK(mem_dev_alloc(0, SMALL, MEM_POLICY_HUGE_FIRST, 0, &a[0]));
    CHECK(a[0] == q);
    CHECK_OK(mem_reg_lookup((char *)a[0] + SMALL - 1, &info));
    CHECK(info.base == (uintptr_t)a[0] && info.size == SMALL_R && info.owner == 0);
    CHECK_OK(mem_dev_alloc(0, SMALL, MEM_POLICY_HUGE_FIRST, MEM_DEV_F_ALIGN32, &a[1]));
    CHECK(a[1] != q); /* another rounded size: not from that bin */
    CHECK_OK(mem_dev_free(a[1]));
    CHECK_OK(mem_dev_free(a[0]));
    CHECK(used_of(0) == 0);

    /* 2. Another (idle) thread's reservation never causes a refusal: fill exactly. */
    struct holder h;
    pthread_t th;
    holder_start(&h, &th, 0);
    CHECK_OK(holder_do(&h, CMD_ALLOC_FREE));
    CHECK(used_of(0) == 0);
    uint64_t f0 = fails_of(0);
    void **v;
    size_t n = fill(0, &v);
    CHECK(n == CAP / SMALL_R); /* every byte could be had */
    CHECK(used_of(0) == n * SMALL_R);
    CHECK(fails_of(0) == f0 + 1); /* one refusal counted, the reclaim is not one */
    /* The holder's stale reservation: it is refused like everyone, then recovers. */
    CHECK_RC(-ENOMEM, holder_do(&h, CMD_ALLOC_KEEP));
    CHECK_OK(mem_dev_free(v[--n]));
    CHECK_OK(holder_do(&h, CMD_ALLOC_KEEP));
    CHECK(used_of(0) == (n + 1) * SMALL_R);
    CHECK_OK(mem_dev_free(h.kept)); /* freed by another thread */
    unfill(v, n);
    CHECK(used_of(0) == 0);

    /* 3. A capacity charge (aclrtMallocPhysical) reclaims reservations too. */
    CHECK_OK(holder_do(&h, CMD_ALLOC_FREE));
    void *m;
    CHECK_OK(mem_dev_alloc(0, SMALL, MEM_POLICY_HUGE_FIRST, 0, &m));
    CHECK_OK(mem_dev_free(m)); /* this thread holds one as well */
    uint32_t gen;
    CHECK_OK(mem_dev_charge(0, CAP, &gen));
    CHECK(used_of(0) == CAP);
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, 1, MEM_POLICY_HUGE_FIRST, 0, &m));
    mem_dev_credit(0, CAP, gen);
    CHECK(used_of(0) == 0);

    /* 4. Device reset with outstanding reservations (and a live block): the new
     *    incarnation starts exact and stale words are never credited into it. */
    CHECK_OK(holder_do(&h, CMD_ALLOC_FREE));
    CHECK_OK(holder_do(&h, CMD_ALLOC_KEEP));
    CHECK_OK(mem_dev_alloc(0, SMALL, MEM_POLICY_HUGE_FIRST, 0, &m));
    CHECK_OK(mem_dev_free(m)); /* m is now cached by this thread */
    CHECK_OK(mem_dev_fini(0));
    CHECK_OK(mem_dev_init(0, CAP));
    CHECK(used_of(0) == 0);
    CHECK_RC(-ENOENT, holder_do(&h, CMD_FREE_KEPT)); /* gone with the old pool */
    /* The cached block died with the old arena: a new allocation of its size comes
     * from the new pool and is fully usable. */
    CHECK_OK(mem_dev_alloc(0, SMALL, MEM_POLICY_HUGE_FIRST, 0, &m));
    CHECK(mem_dev_in_pool(m, SMALL));
    memset(m, 0x5a, SMALL);
    CHECK_OK(mem_reg_lookup(m, &info));
    CHECK(info.base == (uintptr_t)m && info.owner == 0);
    CHECK_OK(mem_dev_free(m));
    CHECK_OK(holder_do(&h, CMD_ALLOC_FREE));
    CHECK(used_of(0) == 0);
    n = fill(0, &v);
    CHECK(n == CAP / SMALL_R);
    unfill(v, n);
    CHECK(used_of(0) == 0);

    /* 5. Thread exit gives the reservation back to `used` itself. */
    CHECK_OK(holder_do(&h, CMD_ALLOC_FREE));
    holder_stop(&h, th);
    CHECK(used_of(0) == 0);
    n = fill(0, &v); /* no reclaim needed for the exited thread's share */
    CHECK(n == CAP / SMALL_R);
    unfill(v, n);

    /* 6. Stress: threads allocating, checking payloads, freeing each other's
     *    blocks, while a hog keeps the device at exhaustion (constant reclaims). */
    pthread_t st[NSTRESS + 1];
    for (int i = 0; i < NSTRESS; i++)
        CHECK(pthread_create(&st[i], NULL, stress_main, (void *)(uintptr_t)(i + 1)) == 0);
    CHECK(pthread_create(&st[NSTRESS], NULL, hog_main, NULL) == 0);
    struct timespec ts = {0, (long)(test_stress_scale() * 400e6) % 1000000000L};
    nanosleep(&ts, NULL);
    atomic_store(&stress_stop, 1);
    for (int i = 0; i <= NSTRESS; i++)
        CHECK(pthread_join(st[i], NULL) == 0);
    for (unsigned x = 0; x < XCH; x++) {
        uintptr_t q = atomic_exchange(&xch[x].p, 0);
        if (q) {
            check_pattern((void *)q, block_size((void *)q), q);
            CHECK_OK(mem_dev_free((void *)q));
        }
    }
    CHECK(used_of(0) == 0); /* every thread that ran has exited: nothing reserved */
    n = fill(0, &v);
    CHECK(n == CAP / SMALL_R);
    unfill(v, n);
    CHECK(used_of(0) == 0);

    CHECK_OK(mem_dev_fini(0));
    mem_fini();
    printf("mem_reserve: ok (stress: %ld refusals, %ld cross-thread frees)\n",
           atomic_load(&stress_nomem), atomic_load(&stress_cross));
    return 0;
}
