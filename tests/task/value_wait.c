/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclrtValueWrite / aclrtValueWait: a stream waits until a 64-bit word of
 * device memory satisfies a comparison; the word is written in stream order
 * by another stream, by the host, or by a captured model. Misuse gets
 * ACL_ERROR_INVALID_PARAM (or the stream's handle error) with a message.
 */
#include "acltest.h"

static uint64_t *word(void *base, size_t i)
{
    return (uint64_t *)base + i;
}

static void test_misuse(aclrtStream s, void *dev)
{
    void *pinned = NULL;
    CHECK_OK(aclrtMallocHost(&pinned, 64));
    uint64_t host = 0;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWrite(NULL, 1, 0, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWait(NULL, 1, 0, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWrite((char *)dev + 4, 1, 0, s)); /* misaligned */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWait((char *)dev + 4, 1, 0, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWrite(&host, 1, 0, s)); /* not device memory */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWait(pinned, 1, 0, s));
    void *freed = NULL; /* freed device memory is no longer device memory */
    CHECK_OK(aclrtMalloc(&freed, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtFree(freed));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWrite(freed, 1, 0, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWrite(dev, 1, 1, s)); /* reserved flag */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtValueWait(dev, 1, 4, s));  /* unknown comparison */
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtValueWrite(dev, 1, 0, BAD_STREAM));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtValueWait(dev, 1, 0, BAD_STREAM));
    CHECK_OK(aclrtValueWrite(word(dev, 7), 3, 0, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(*word(dev, 7) == 3);
    CHECK_OK(aclrtFreeHost(pinned));
}

/* s1 waits for a value s2 writes behind a gate: s1's kernel must not run
 * before the write, and must see what s2 did before writing. */
static void test_cross_stream(aclrtStream s1, aclrtStream s2, void *dev)
{
    static _Atomic uint64_t before, after;
    atomic_store(&before, 0);
    atomic_store(&after, 0);
    CHECK_OK(aclrtMemset(dev, 64, 0, 64));
    struct kt_gate g = {0};
    CHECK_OK(aclrtValueWait(dev, 5, ACL_STREAM_WAIT_VALUE_GEQ, s1));
    CHECK_OK(launch_inc(s1, &after));
    CHECK_OK(launch_gate(s2, &g));
    CHECK_OK(launch_inc(s2, &before));
    CHECK_OK(aclrtValueWrite(dev, 4, 0, s2)); /* not enough */
    CHECK_OK(aclrtValueWrite(dev, 5, 0, s2));
    sleep_ms(50);
    CHECK(atomic_load(&after) == 0); /* still waiting behind the gate */
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s1));
    CHECK(atomic_load(&after) == 1 && atomic_load(&before) == 1);
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_NO_KFAIL();
}

/* Each comparison, met at once and met only after a later write. */
static void test_flags(aclrtStream s1, aclrtStream s2, void *dev)
{
    static const struct {
        uint32_t flag;
        uint64_t value, first, later; /* first: not met; later: met */
    } cases[] = {
        {ACL_STREAM_WAIT_VALUE_GEQ, 10, 9, 11},
        {ACL_STREAM_WAIT_VALUE_GEQ, UINT64_MAX, UINT64_MAX - 1, 1}, /* wraps: 1 - MAX = 2 */
        {ACL_STREAM_WAIT_VALUE_EQ, 7, 8, 7},
        {ACL_STREAM_WAIT_VALUE_AND, 0x30, 0x0f, 0x10},
        {ACL_STREAM_WAIT_VALUE_NOR, 0x0f, ~(uint64_t)0x0f, ~(uint64_t)0xff},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        _Atomic uint64_t ran = 0;
        *word(dev, 1) = cases[i].first;
        struct kt_gate g = {0};
        CHECK_OK(aclrtValueWait(word(dev, 1), cases[i].value, cases[i].flag, s1));
        CHECK_OK(launch_inc(s1, &ran));
        CHECK_OK(launch_gate(s2, &g));
        CHECK_OK(aclrtValueWrite(word(dev, 1), cases[i].later, 0, s2));
        sleep_ms(20);
        if (atomic_load(&ran) != 0) {
            fprintf(stderr, "case %zu: the wait passed on %#llx\n", i,
                    (unsigned long long)cases[i].first);
            exit(1);
        }
        gate_open(&g);
        CHECK_OK(aclrtSynchronizeStream(s1));
        CHECK(atomic_load(&ran) == 1);
        CHECK_OK(aclrtSynchronizeStream(s2));
        /* met at submission: passes at once */
        CHECK_OK(aclrtValueWait(word(dev, 1), cases[i].value, cases[i].flag, s1));
        CHECK_OK(aclrtSynchronizeStreamWithTimeout(s1, 5000));
    }
    CHECK_NO_KFAIL();
}

/* A word the host changes (no aclrtValueWrite) is seen too, by polling. */
static void test_host_write(aclrtStream s1, void *dev)
{
    uint64_t zero = 0, go = 1;
    CHECK_OK(aclrtMemcpy(word(dev, 2), 8, &zero, 8, ACL_MEMCPY_HOST_TO_DEVICE));
    _Atomic uint64_t ran = 0;
    CHECK_OK(aclrtValueWait(word(dev, 2), 1, ACL_STREAM_WAIT_VALUE_EQ, s1));
    CHECK_OK(launch_inc(s1, &ran));
    sleep_ms(20);
    CHECK(atomic_load(&ran) == 0);
    CHECK_OK(aclrtMemcpy(word(dev, 2), 8, &go, 8, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s1, 5000));
    CHECK(atomic_load(&ran) == 1);
}

/* Two streams hand a token back and forth through two words, ROUNDS times;
 * the kernels log their turn, which must alternate exactly. */
#define ROUNDS 1500

static void test_ping_pong(aclrtStream s1, aclrtStream s2, void *dev)
{
    static struct kt_log log;
    atomic_store(&log.n, 0);
    uint64_t *a = word(dev, 3), *b = word(dev, 4);
    *a = *b = 0;
    for (uint32_t k = 1; k <= ROUNDS; k++) {
        CHECK_OK(launch_log(s1, &log, 2 * k));
        CHECK_OK(aclrtValueWrite(a, k, 0, s1));
        CHECK_OK(aclrtValueWait(b, k, ACL_STREAM_WAIT_VALUE_GEQ, s1));
        CHECK_OK(aclrtValueWait(a, k, ACL_STREAM_WAIT_VALUE_EQ, s2));
        CHECK_OK(launch_log(s2, &log, 2 * k + 1));
        CHECK_OK(aclrtValueWrite(b, k, 0, s2));
    }
    CHECK_OK(aclrtSynchronizeStream(s1));
    CHECK_OK(aclrtSynchronizeStream(s2));
    uint32_t n = atomic_load(&log.n);
    CHECK(n == 2 * ROUNDS);
    for (uint32_t i = 0; i < n; i++)
        if (atomic_load(&log.v[i]) != i + 2) {
            fprintf(stderr, "log[%u] = %u, want %u\n", i, atomic_load(&log.v[i]), i + 2);
            exit(1);
        }
}

/* A captured wait + kernel, replayed: each execution waits for its own write. */
static void test_capture(aclrtStream s1, aclrtStream s2, void *dev)
{
    static _Atomic uint64_t ran;
    atomic_store(&ran, 0);
    *word(dev, 5) = 0;
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclrtValueWait(word(dev, 5), 1, ACL_STREAM_WAIT_VALUE_EQ, s1));
    CHECK_OK(launch_inc(s1, &ran));
    CHECK_OK(aclrtValueWrite(word(dev, 5), 0, 0, s1)); /* re-arm for the next execution */
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    CHECK(atomic_load(&ran) == 0); /* captured, not run */
    for (uint64_t k = 1; k <= 5; k++) {
        CHECK_OK(aclmdlRIExecuteAsync(ri, s1));
        sleep_ms(5);
        CHECK(atomic_load(&ran) == k - 1); /* waiting for the write */
        CHECK_OK(aclrtValueWrite(word(dev, 5), 1, 0, s2));
        CHECK_OK(aclrtSynchronizeStreamWithTimeout(s1, 5000));
        CHECK(atomic_load(&ran) == k);
    }
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_OK(aclmdlRIDestroy(ri));
}

/* A replayed model whose value wait is never satisfied: force-destroying
 * the stream that launched it drops the wait (the lanes give up the
 * execution) instead of hanging in the destroy. */
static void test_capture_force_destroy(void *dev)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    *word(dev, 6) = 0;
    static _Atomic uint64_t ran;
    atomic_store(&ran, 0);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclrtValueWait(word(dev, 6), 1, ACL_STREAM_WAIT_VALUE_EQ, s));
    CHECK_OK(launch_inc(s, &ran));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    sleep_ms(5);
    double t0 = now_ms();
    CHECK_OK(aclrtDestroyStreamForce(s));
    printf("force destroy with a pending replayed value wait: %.1f ms\n", now_ms() - t0);
    CHECK_OK(aclmdlRIDestroy(ri));
}

/* A stream destroyed by force while it waits for a value never written. */
static void test_force_destroy(void *dev)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    *word(dev, 6) = 0;
    CHECK_OK(aclrtValueWait(word(dev, 6), 1, ACL_STREAM_WAIT_VALUE_EQ, s));
    sleep_ms(5);
    CHECK_OK(aclrtDestroyStreamForce(s));
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s1, s2;
    CREATE_STREAMS(&s1, &s2);
    void *dev = NULL;
    CHECK_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));

    test_misuse(s1, dev);
    test_cross_stream(s1, s2, dev);
    test_flags(s1, s2, dev);
    test_host_write(s1, dev);
    test_ping_pong(s1, s2, dev);
    test_capture(s1, s2, dev);
    test_force_destroy(dev);
    test_capture_force_destroy(dev);

    CHECK_OK(aclrtFree(dev));
    DESTROY_STREAMS(s1, s2);
    TEST_CLOSE();
    printf("PASS\n");
    return 0;
}
