/* SPDX-License-Identifier: Apache-2.0 */
/* Launch records under stress (core/kernel/ascendc.c AK6: records pooled per submitting
 * thread, given back by the workers): several threads launch at once, each on its own
 * stream and on one shared stream, with argument blocks of many sizes (pooled and not)
 * whose every byte a kernel checks in every block; threads exit while their launches are
 * still queued (their pools outlive them until the last record returns). Run with
 * CPUACL_WORKERS 1 and 4, and under the sanitizers. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acltest.h"
#include "cpuacl/cpuacl_ascendc.h"

#define THREADS 4
#define ROUNDS 3
#define LAUNCHES 600
#define MAXARGS 2048

struct hdr {
    uint32_t thread, seq, len, sum; /* len payload bytes follow; sum: their checksum */
};

static _Atomic uint64_t g_blocks; /* blocks run */

static uint8_t pat(uint32_t t, uint32_t q, uint32_t k)
{
    return (uint8_t)(t * 131u + q * 7u + k * 13u + (k >> 8));
}

static void k_check(const void *a)
{
    struct hdr h;
    memcpy(&h, a, sizeof h);
    const uint8_t *p = (const uint8_t *)a + sizeof h;
    uint32_t sum = 0;
    for (uint32_t k = 0; k < h.len; k++) {
        if (p[k] != pat(h.thread, h.seq, k)) {
            KFAIL("thread %u launch %u: byte %u is %u, not %u", h.thread, h.seq, k, p[k],
                  pat(h.thread, h.seq, k));
            return;
        }
        sum += p[k];
    }
    if (sum != h.sum)
        KFAIL("thread %u launch %u: checksum %u, not %u", h.thread, h.seq, sum, h.sum);
    atomic_fetch_add_explicit(&g_blocks, 1, memory_order_relaxed);
}

struct worker {
    uint32_t id;
    aclrtContext ctx;
    aclrtStream shared; /* launched on, never synchronised by this thread */
    uint64_t blocks;    /* out: blocks launched */
    int rc;
};

static int launch_one(aclrtStream s, uint32_t t, uint32_t q, uint64_t *blocks)
{
    static const uint32_t sizes[] = {0, 8, 48, 200, 511, 700, 900, 1500, 2000};
    _Alignas(16) uint8_t buf[sizeof(struct hdr) + MAXARGS];
    struct hdr h = {t, q, sizes[(t + q) % (sizeof sizes / sizeof sizes[0])], 0};
    for (uint32_t k = 0; k < h.len; k++) {
        buf[sizeof h + k] = pat(t, q, k);
        h.sum += buf[sizeof h + k];
    }
    memcpy(buf, &h, sizeof h);
    uint32_t dim = 1 + (q % 5);
    aclError rc = cpuaclAscendcLaunch(s, dim, "k_check", k_check, buf, sizeof h + h.len);
    memset(buf, 0xee, sizeof buf); /* the launch copied its arguments */
    if (rc == ACL_SUCCESS)
        *blocks += dim;
    return rc;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    if ((w->rc = aclrtSetCurrentContext(w->ctx)) != ACL_SUCCESS)
        return NULL;
    aclrtStream s;
    if ((w->rc = aclrtCreateStream(&s)) != ACL_SUCCESS)
        return NULL;
    for (uint32_t q = 0; q < LAUNCHES && !w->rc; q++) {
        w->rc = launch_one(q % 3 ? s : w->shared, w->id, q, &w->blocks);
        if (!w->rc && q % 97 == 0)
            w->rc = aclrtSynchronizeStream(s);
    }
    if (!w->rc)
        w->rc = aclrtSynchronizeStream(s);
    if (!w->rc)
        w->rc = aclrtDestroyStream(s);
    /* The launches on the shared stream may still be queued: this thread's pool outlives
     * it until they are released. */
    return NULL;
}

int main(void)
{
    TEST_OPEN();
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    aclrtStream shared;
    CHECK_OK(aclrtCreateStream(&shared));
    uint64_t want = 0;
    for (int round = 0; round < ROUNDS; round++) {
        pthread_t th[THREADS];
        struct worker w[THREADS];
        for (uint32_t i = 0; i < THREADS; i++) {
            w[i] = (struct worker){(uint32_t)(round * THREADS) + i, ctx, shared, 0, 0};
            CHECK(pthread_create(&th[i], NULL, worker_main, &w[i]) == 0);
        }
        for (uint32_t i = 0; i < THREADS; i++) {
            CHECK(pthread_join(th[i], NULL) == 0);
            CHECK_OK(w[i].rc);
            want += w[i].blocks;
        }
        CHECK_OK(aclrtSynchronizeStream(shared));
        CHECK_NO_KFAIL();
        CHECK(atomic_load(&g_blocks) == want);
    }
    /* The main thread's own pool: many queued launches, then reuse. */
    for (uint32_t q = 0; q < 3 * LAUNCHES; q++)
        CHECK_OK(launch_one(shared, 999, q, &want));
    CHECK_OK(aclrtSynchronizeStream(shared));
    CHECK_NO_KFAIL();
    CHECK(atomic_load(&g_blocks) == want);
    CHECK_OK(aclrtDestroyStream(shared));
    TEST_CLOSE();
    printf("ascendc_launch_stress: ok (%llu blocks)\n", (unsigned long long)want);
    return 0;
}
