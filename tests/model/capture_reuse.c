/* SPDX-License-Identifier: Apache-2.0 */
/* Lane node arrays are recycled across captures (core/model/capture.c): a model
 * destroyed hands its arrays back and the next capture writes into them.
 * Checks that every replay runs exactly its own capture's tasks, in order,
 * with their own arguments, whatever the previous captures left in the
 * recycled memory: sizes that cross every growth step (1 .. 70 000 tasks,
 * so arrays of 256 .. 131 072 records are reused at other sizes), captures
 * kept alive while others are destroyed, and two threads capturing and
 * destroying at once on their own streams. */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpuacl/cpuacl.h"
#include "testutil.h"

enum { NT = 2, MAXN = 70000 };

struct log {
    uint32_t *v;
    uint32_t n;
};
static struct log g_log[NT];

/* The argument packs (thread, tag, index): tag differs per capture so a
 * stale node from an earlier capture is caught. */
static int32_t rec(void *a)
{
    uintptr_t x = (uintptr_t)a;
    struct log *l = &g_log[x >> 60];
    if (l->n < MAXN)
        l->v[l->n] = (uint32_t)(x & 0xffffffffu);
    l->n++;
    return 0;
}

static uintptr_t arg_of(unsigned t, uint32_t tag, uint32_t i)
{
    return ((uintptr_t)t << 60) | ((uintptr_t)tag << 20 & 0xfff00000u) | i;
}

/* Capture n tasks on s tagged `tag`; the model in *ri. */
static int capture(aclrtStream s, unsigned t, uint32_t tag, uint32_t n, aclmdlRI *ri)
{
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    for (uint32_t i = 0; i < n; i++)
        CHECK_OK(cpuaclLaunchKernel(s, rec, (void *)arg_of(t, tag, i)));
    CHECK_OK(aclmdlRICaptureEnd(s, ri));
    return 0;
}

/* Replay ri once and check the log holds exactly tag's n tasks in order. */
static int replay_check(aclrtStream s, unsigned t, uint32_t tag, uint32_t n, aclmdlRI ri)
{
    g_log[t].n = 0;
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(g_log[t].n == n);
    for (uint32_t i = 0; i < n; i++)
        if (g_log[t].v[i] != (uint32_t)(arg_of(t, tag, i) & 0xffffffffu)) {
            fprintf(stderr, "thread %u tag %u: node %u ran %#x\n", t, tag, i, g_log[t].v[i]);
            return 1;
        }
    return 0;
}

static const uint32_t sizes[] = {1, 255, 256, 257, 1000, 70000, 3000, 511, 513, 40000, 17, 9000};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static int run(unsigned t, unsigned rounds)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclmdlRI keep = NULL;
    uint32_t keep_tag = 0, keep_n = 0;
    for (unsigned r = 0; r < rounds; r++)
        for (unsigned k = 0; k < NSIZES; k++) {
            uint32_t tag = (r * NSIZES + k + 1) & 0xfff, n = sizes[(k + t * 5) % NSIZES];
            aclmdlRI ri;
            if (capture(s, t, tag, n, &ri) || replay_check(s, t, tag, n, ri))
                return 1;
            if (k % 4 == 1) { /* keep one alive across the next captures */
                if (keep) {
                    if (replay_check(s, t, keep_tag, keep_n, keep))
                        return 1;
                    CHECK_OK(aclmdlRIDestroy(keep));
                }
                keep = ri;
                keep_tag = tag;
                keep_n = n;
            } else {
                CHECK_OK(aclmdlRIDestroy(ri));
            }
        }
    if (keep) {
        if (replay_check(s, t, keep_tag, keep_n, keep))
            return 1;
        CHECK_OK(aclmdlRIDestroy(keep));
    }
    CHECK_OK(aclrtDestroyStream(s));
    return 0;
}

static int32_t nop(void *a)
{
    (void)a;
    return 0;
}

/* Resident memory in KiB (/proc/self/statm), 0 if unknown. */
static uint64_t rss_kib(void)
{
    unsigned long size = 0, res = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return 0;
    if (fscanf(f, "%lu %lu", &size, &res) != 2)
        res = 0;
    fclose(f);
    return (uint64_t)res * 4;
}

/* Capture churn: each captured model has a stream of its own, created at the end and
 * destroyed with the model, and recycled only once its worker let go of it. A loop
 * that outran a starved worker took a new stream and ring every time (core/stream/stream.c
 * SD8: 2179 streams, 150 MB, in 500 000 cycles on a loaded 2-vCPU machine); memory now
 * stays bounded. The sanitizers keep freed memory in quarantine: there, only the churn. */
static int churn(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    const unsigned cycles = 2000;
    const bool measure = false;
#else
    const unsigned cycles = 40000;
    const bool measure = true;
#endif
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    uint64_t before = 0;
    for (unsigned i = 0; i < cycles; i++) {
        if (i == 1000)
            before = rss_kib(); /* after the first streams and arrays are made */
        aclmdlRI ri = NULL;
        CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
        for (int j = 0; j < 10; j++)
            CHECK_OK(cpuaclLaunchKernel(s, nop, NULL));
        CHECK_OK(aclmdlRICaptureEnd(s, &ri));
        CHECK_OK(aclmdlRIDestroy(ri));
    }
    uint64_t after = rss_kib();
    printf("capture churn: %u cycles, resident %llu -> %llu KiB\n", cycles,
           (unsigned long long)before, (unsigned long long)after);
    if (measure && before && after)
        CHECK(after < before + 64 * 1024);
    CHECK_OK(aclrtDestroyStream(s));
    return 0;
}

static void *thr(void *a)
{
    unsigned t = (unsigned)(uintptr_t)a;
    CHECK_OK(aclrtSetDevice(0));
    return (void *)(uintptr_t)run(t, 3);
}

int main(void)
{
    for (unsigned t = 0; t < NT; t++) {
        g_log[t].v = calloc(MAXN, sizeof(uint32_t));
        if (!g_log[t].v)
            return 1;
    }
    TEST_OPEN();
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    /* one thread: reuse at every size */
    if (run(0, 2))
        return 1;
    if (churn())
        return 1;
    /* two threads capturing, replaying and destroying at once */
    pthread_t th[NT];
    for (unsigned t = 0; t < NT; t++)
        CHECK(pthread_create(&th[t], NULL, thr, (void *)(uintptr_t)t) == 0);
    int bad = 0;
    for (unsigned t = 0; t < NT; t++) {
        void *rv;
        pthread_join(th[t], &rv);
        bad |= rv != NULL;
    }
    CHECK(!bad);
    TEST_CLOSE();
    for (unsigned t = 0; t < NT; t++)
        free(g_log[t].v);
    puts("capture_reuse: ok");
    return 0;
}
