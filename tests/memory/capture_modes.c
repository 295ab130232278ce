/* SPDX-License-Identifier: Apache-2.0 */
/* The capture-mode rule for synchronous copies and sets (reference 6.3; memory.md
 * aclrtMemcpy "refused by a capture mode: 107030", aclrtMemcpyAsync "while a capture mode
 * forbids sync calls 107041"): for every capture mode x the calling thread's exchange mode
 * x the capturing thread or another thread of the same context, aclrtMemcpy, aclrtMemset,
 * aclrtMemcpy2d and a pageable aclrtMemcpyAsync are either refused or done at once. */
#include "memapi.h"

#define N 4096

static const char *const mode_name[] = {"GLOBAL", "THREAD_LOCAL", "RELAXED"};

static aclrtContext g_ctx;
static void *g_dev;

/* The rule of reference 6.3 with one capture in the context, begun by the main thread. */
static bool allowed(int cap, int ex, bool same_thread)
{
    const int G = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL, T = ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL,
              R = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    int ctx_mode = cap, thr_mode = same_thread ? cap : -1;
    if (ex == R)
        return true;
    if (ex == G)
        return ctx_mode != G && thr_mode != T;
    return thr_mode != G && thr_mode != T;
}

struct probe {
    int cap, ex;
    bool same;
    int line;
    aclrtStream stream; /* a non-capturing stream of the context */
};

/* Set this thread's exchange mode to p->ex, try every unsafe call, restore the mode. */
static void try_calls(struct probe *p)
{
    aclmdlRICaptureMode m = (aclmdlRICaptureMode)p->ex;
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&m));
    bool ok = allowed(p->cap, p->ex, p->same);
    aclError want_sync = ok ? ACL_SUCCESS : ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT;
    aclError want_async = ok ? ACL_SUCCESS : ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC;
    uint8_t *h = aligned_alloc(64, N);
    CHECK(h);
    uint32_t seed = (uint32_t)(p->cap * 100 + p->ex * 10 + p->same);
    const char *where = p->same ? "capturing thread" : "other thread";

    struct {
        const char *name;
        aclError want, got;
        bool effect; /* the call's effect is visible */
    } r[4];
    /* aclrtMemcpy */
    pat_fill(h, N, seed);
    pat_fill(g_dev, N, seed + 1);
    r[0].name = "aclrtMemcpy";
    r[0].want = want_sync;
    r[0].got = aclrtMemcpy(g_dev, N, h, N, ACL_MEMCPY_HOST_TO_DEVICE);
    r[0].effect = pat_check(g_dev, N, seed) < 0;
    /* aclrtMemset */
    r[1].name = "aclrtMemset";
    r[1].want = want_sync;
    r[1].got = aclrtMemset(g_dev, N, 0x3e, N);
    r[1].effect = all_bytes(g_dev, N, 0x3e) < 0;
    /* aclrtMemcpy2d */
    pat_fill(h, N, seed + 2);
    r[2].name = "aclrtMemcpy2d";
    r[2].want = want_sync;
    r[2].got = aclrtMemcpy2d(g_dev, 64, h, 64, 64, N / 64, ACL_MEMCPY_HOST_TO_DEVICE);
    r[2].effect = pat_check(g_dev, N, seed + 2) < 0;
    /* pageable aclrtMemcpyAsync on a stream that is not capturing */
    memset(h, 0, N);
    r[3].name = "aclrtMemcpyAsync(pageable)";
    r[3].want = want_async;
    r[3].got = aclrtMemcpyAsync(h, N, g_dev, N, ACL_MEMCPY_DEVICE_TO_HOST, p->stream);
    r[3].effect = all_bytes(h, N, 0) >= 0;

    for (int i = 0; i < 4; i++) {
        if (r[i].got != r[i].want) {
            fprintf(stderr,
                    "line %d: capture %s, exchange mode %s, %s: %s returned %d, "
                    "expected %d\n",
                    p->line, mode_name[p->cap], mode_name[p->ex], where, r[i].name, r[i].got,
                    r[i].want);
            g_failed = 1;
        } else if (r[i].effect != ok) {
            fprintf(stderr, "line %d: capture %s, exchange mode %s, %s: %s %s\n", p->line,
                    mode_name[p->cap], mode_name[p->ex], where, r[i].name,
                    ok ? "succeeded without doing its work" : "was refused but did its work");
            g_failed = 1;
        }
    }
    free(h);
    aclmdlRICaptureMode back = m;
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&back));
    CHECK(back == (aclmdlRICaptureMode)p->ex);
}

static void *other_main(void *arg)
{
    struct probe *p = arg;
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    /* a new thread starts in GLOBAL exchange mode */
    aclmdlRICaptureMode m = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    try_calls(p);
    return NULL;
}

static void matrix(void)
{
    aclrtStream cap, other;
    CREATE_STREAMS(&cap, &other);
    for (int c = 0; c < 3; c++) {
        for (int ex = 0; ex < 3; ex++) {
            for (int same = 1; same >= 0; same--) {
                CHECK_OK(aclmdlRICaptureBegin(cap, (aclmdlRICaptureMode)c));
                struct probe p = {c, ex, same, __LINE__, other};
                if (same) {
                    try_calls(&p);
                } else {
                    pthread_t t;
                    CHECK(pthread_create(&t, NULL, other_main, &p) == 0);
                    pthread_join(t, NULL);
                }
                aclmdlRI ri = NULL;
                CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
                if (ri)
                    CHECK_OK(aclmdlRIDestroy(ri));
                /* no capture any more: everything is allowed in every mode */
                /* (a RELAXED capture allows everything, as no capture does) */
                struct probe q = {ACL_MODEL_RI_CAPTURE_MODE_RELAXED,
                                  ACL_MODEL_RI_CAPTURE_MODE_GLOBAL, true, __LINE__, other};
                try_calls(&q);
            }
        }
    }
    DESTROY_STREAMS(cap, other);
}

/* A capture in one context does not restrict threads of another context (another device). */
static void *ctx1_main(void *arg)
{
    aclrtContext *c1 = arg;
    CHECK_OK(aclrtSetCurrentContext(*c1));
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, N, ACL_MEM_MALLOC_HUGE_FIRST));
    uint8_t *h = aligned_alloc(64, N);
    CHECK(h);
    pat_fill(h, N, 77);
    EXPECT_OK(aclrtMemcpy(d, N, h, N, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_OK(aclrtMemset(d, N, 1, N / 2));
    EXPECT_OK(aclrtMemcpy2d(d, 64, h, 64, 32, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_OK(aclrtMemcpyAsync(h, N, d, N, ACL_MEMCPY_DEVICE_TO_HOST, NULL));
    EXPECT_OK(aclrtFree(d));
    free(h);
    return NULL;
}

static void other_context(void)
{
    aclrtContext c1;
    CHECK_OK(aclrtCreateContext(&c1, 1));
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    aclrtStream cap;
    CHECK_OK(aclrtCreateStream(&cap));
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    pthread_t t;
    CHECK(pthread_create(&t, NULL, ctx1_main, &c1) == 0);
    pthread_join(t, NULL);
    /* while this thread, in the capturing context, is refused */
    uint8_t h[64] __attribute__((aligned(64))) = {0};
    EXPECT_ERR(ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
               aclrtMemcpy(g_dev, N, h, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    if (ri)
        CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(cap));
    CHECK_OK(aclrtDestroyContext(c1));
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
}

static void exchange_mode_api(void)
{
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureThreadExchangeMode(NULL));
    aclmdlRICaptureMode m = ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
    EXPECT_OK(aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL); /* the default */
    m = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
    EXPECT_OK(aclmdlRICaptureThreadExchangeMode(&m));
    EXPECT(m == ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL);
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&g_ctx));
    CHECK_OK(aclrtMalloc(&g_dev, N, ACL_MEM_MALLOC_HUGE_FIRST));
    exchange_mode_api();
    matrix();
    other_context();
    EXPECT_OK(aclrtFree(g_dev));
    TEST_CLOSE();
    return memapi_exit("memory_capture_modes");
}
