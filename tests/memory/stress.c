/* SPDX-License-Identifier: Apache-2.0 */
/* Stress: several threads allocate, free, copy (sync and async on their own streams, across
 * devices with peer access) and set memory on both devices at once, and hand buffers to
 * each other through a mailbox (so memory is freed by another thread than the one that
 * allocated it). Every buffer carries a description of its contents (a per-allocation
 * pattern, or a constant after a memset) that is verified through a device-to-host copy
 * before it is freed. At the end each device's free memory is its whole capacity again.
 * Sized by CPUACL_STRESS_SCALE. */
#include "memapi.h"

#define NDEV 2
#define NTHREADS 4
#define MAXLIVE 12
#define STAGE ((size_t)4 << 20)
#define ITERS 10000

static aclrtContext g_ctx[NDEV];
static _Atomic int g_stop;
static int g_iters;

#define TFAIL(t, ...)                                                                              \
    do {                                                                                           \
        fprintf(stderr, "thread %d, op %d: ", (t)->id, (t)->op);                                   \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fprintf(stderr, "\n");                                                                     \
        atomic_store(&g_stop, 1);                                                                  \
        (t)->failed = 1;                                                                           \
    } while (0)

#define TCALL(t, call)                                                                             \
    ({                                                                                             \
        aclError rc_ = (call);                                                                     \
        if (rc_ != ACL_SUCCESS) {                                                                  \
            const char *m_ = aclGetRecentErrMsg();                                                 \
            TFAIL(t, "%s:%d: %s returned %d (%s)", __FILE__, __LINE__, #call, rc_,                 \
                  m_ ? m_ : "no message");                                                         \
        }                                                                                          \
        rc_ == ACL_SUCCESS;                                                                        \
    })

struct buf {
    uint8_t *p;
    size_t size;
    int dev;
    bool pattern; /* true: pat_byte(v, i); false: the constant v */
    uint32_t v;
};

/* Buffers handed from one thread to another. */
#define BOX 32
static struct {
    pthread_mutex_t lock;
    struct buf q[BOX];
    int n;
} g_box = {.lock = PTHREAD_MUTEX_INITIALIZER};

struct worker {
    int id;
    pthread_t th;
    uint64_t rng;
    int op;
    int failed;
    aclrtStream stream[NDEV];
    uint8_t *pin0, *pin1; /* pinned staging, STAGE bytes each */
    uint8_t *heap;        /* pageable staging, STAGE bytes, 64-byte aligned */
    struct buf live[MAXLIVE];
    int nlive;
    uint64_t allocs, frees, copies, sets, bytes;
};

static uint64_t rnd(struct worker *w)
{
    uint64_t x = w->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return w->rng = x;
}

static void use(struct worker *w, int dev)
{
    (void)TCALL(w, aclrtSetCurrentContext(g_ctx[dev]));
}

static uint8_t expect_byte(const struct buf *b, size_t i)
{
    return b->pattern ? pat_byte(b->v, i) : (uint8_t)b->v;
}

static bool check_host(struct worker *w, const struct buf *b, const uint8_t *h, const char *how)
{
    for (size_t i = 0; i < b->size; i++)
        if (h[i] != expect_byte(b, i)) {
            TFAIL(w,
                  "buffer %p (%zu bytes, device %d, %s %u) read back by %s: byte %zu is "
                  "0x%02x, expected 0x%02x",
                  (void *)b->p, b->size, b->dev, b->pattern ? "pattern" : "constant", b->v, how, i,
                  h[i], expect_byte(b, i));
            return false;
        }
    return true;
}

static void fill_host(const struct buf *b, uint8_t *h)
{
    if (b->pattern)
        pat_fill(h, b->size, b->v);
    else
        memset(h, (int)b->v, b->size);
}

/* Read a buffer back and check it, by one of several paths. */
static bool verify(struct worker *w, const struct buf *b)
{
    use(w, b->dev);
    int how = (int)(rnd(w) % 4);
    uint8_t *h = how == 0 ? w->heap : w->pin0;
    memset(h, ~expect_byte(b, 0), b->size);
    switch (how) {
    case 0: /* sync into pageable */
        if (!TCALL(w, aclrtMemcpy(h, STAGE, b->p, b->size, ACL_MEMCPY_DEVICE_TO_HOST)))
            return false;
        return check_host(w, b, h, "aclrtMemcpy to pageable");
    case 1: /* sync into pinned, DEFAULT kind */
        if (!TCALL(w, aclrtMemcpy(h, STAGE, b->p, b->size, ACL_MEMCPY_DEFAULT)))
            return false;
        return check_host(w, b, h, "aclrtMemcpy DEFAULT to pinned");
    case 2: /* async into pinned */
        if (!TCALL(w, aclrtMemcpyAsync(h, STAGE, b->p, b->size, ACL_MEMCPY_DEVICE_TO_HOST,
                                       w->stream[b->dev])) ||
            !TCALL(w, aclrtSynchronizeStream(w->stream[b->dev])))
            return false;
        return check_host(w, b, h, "aclrtMemcpyAsync to pinned");
    default: /* 2-D, rows of 64 at pitch 64 when the size allows, else plain sync */
        if (b->size % 64 == 0) {
            if (!TCALL(w,
                       aclrtMemcpy2d(h, 64, b->p, 64, 64, b->size / 64, ACL_MEMCPY_DEVICE_TO_HOST)))
                return false;
            return check_host(w, b, h, "aclrtMemcpy2d");
        }
        if (!TCALL(w, aclrtMemcpy(h, STAGE, b->p, b->size, ACL_MEMCPY_DEVICE_TO_HOST)))
            return false;
        return check_host(w, b, h, "aclrtMemcpy");
    }
}

static size_t pick_size(struct worker *w)
{
    uint64_t r = rnd(w) % 1000;
    if (r < 600)
        return 1 + rnd(w) % 4096;
    if (r < 950)
        return 1 + rnd(w) % (256u << 10);
    if (r < 990)
        return (1u << 20) + rnd(w) % (1u << 20);
    return (2u << 20) + rnd(w) % (2u << 20); /* huge pages when available */
}

static bool dev_alloc(struct worker *w, int dev, size_t size, uint8_t **out)
{
    static const aclrtMemMallocPolicy pols[] = {
        ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_NORMAL_ONLY, ACL_MEM_MALLOC_HUGE_FIRST_P2P,
        ACL_MEM_MALLOC_NORMAL_ONLY_P2P};
    use(w, dev);
    aclrtMemMallocPolicy pol = pols[rnd(w) % 4];
    void *p = NULL;
    aclError rc;
    switch (rnd(w) % 3) {
    case 0:
        rc = aclrtMalloc(&p, size, pol);
        break;
    case 1:
        rc = aclrtMallocCached(&p, size, pol);
        break;
    default:
        rc = aclrtMallocAlign32(&p, size, pol);
        break;
    }
    if (rc != ACL_SUCCESS || !p || ((uintptr_t)p & 63)) {
        TFAIL(w, "allocation of %zu bytes on device %d (policy %d): %d, %p (%s)", size, dev,
              (int)pol, rc, p, aclGetRecentErrMsg());
        return false;
    }
    w->allocs++;
    *out = p;
    return true;
}

/* Give a buffer new contents, by one of several paths. */
static bool write_contents(struct worker *w, struct buf *b)
{
    use(w, b->dev);
    aclrtStream s = w->stream[b->dev];
    int how = (int)(rnd(w) % 6);
    b->pattern = how < 4;
    b->v = b->pattern ? (uint32_t)rnd(w) : (uint32_t)(rnd(w) & 0xff);
    w->bytes += b->size;
    switch (how) {
    case 0: /* sync from pageable */
        fill_host(b, w->heap);
        return TCALL(w, aclrtMemcpy(b->p, b->size, w->heap, b->size, ACL_MEMCPY_HOST_TO_DEVICE));
    case 1: /* sync from pinned */
        fill_host(b, w->pin1);
        return TCALL(w, aclrtMemcpy(b->p, b->size, w->pin1, b->size, ACL_MEMCPY_HOST_TO_DEVICE));
    case 2: /* async from pinned, read back in the same stream before the sync */
        fill_host(b, w->pin1);
        memset(w->pin0, 0, b->size);
        if (!TCALL(w, aclrtMemcpyAsync(b->p, b->size, w->pin1, b->size, ACL_MEMCPY_HOST_TO_DEVICE,
                                       s)) ||
            !TCALL(w,
                   aclrtMemcpyAsync(w->pin0, STAGE, b->p, b->size, ACL_MEMCPY_DEVICE_TO_HOST, s)) ||
            !TCALL(w, aclrtSynchronizeStream(s)))
            return false;
        return check_host(w, b, w->pin0, "H2D+D2H async chain");
    case 3: /* async from pageable: synchronous at return */
        fill_host(b, w->heap);
        return TCALL(
            w, aclrtMemcpyAsync(b->p, b->size, w->heap, b->size, ACL_MEMCPY_HOST_TO_DEVICE, s));
    case 4: /* memset */
        w->sets++;
        return TCALL(w, aclrtMemset(b->p, b->size, (int32_t)b->v, b->size));
    default: /* memset async, twice in a row (the second wins) */
        w->sets++;
        return TCALL(w, aclrtMemsetAsync(b->p, b->size, (int32_t)(b->v ^ 0x55), b->size, s)) &&
               TCALL(w, aclrtMemsetAsync(b->p, b->size, (int32_t)b->v, b->size, s)) &&
               TCALL(w, aclrtSynchronizeStream(s));
    }
}

static void op_alloc(struct worker *w)
{
    struct buf b = {.size = pick_size(w), .dev = (int)(rnd(w) % NDEV)};
    if (!dev_alloc(w, b.dev, b.size, &b.p))
        return;
    if (write_contents(w, &b))
        w->live[w->nlive++] = b;
}

static void op_free(struct worker *w)
{
    int i = (int)(rnd(w) % (uint64_t)w->nlive);
    struct buf b = w->live[i];
    w->live[i] = w->live[--w->nlive];
    verify(w, &b);
    use(w, b.dev);
    if (TCALL(w, aclrtFree(b.p)))
        w->frees++;
}

/* Copy a live buffer into a new one on either device. */
static void op_copy(struct worker *w)
{
    const struct buf *a = &w->live[rnd(w) % (uint64_t)w->nlive];
    struct buf b = *a;
    b.dev = (int)(rnd(w) % NDEV);
    if (!dev_alloc(w, b.dev, b.size, &b.p))
        return;
    /* the current device is one of the two (peer access is enabled both ways) */
    int cur = rnd(w) % 2 ? a->dev : b.dev;
    use(w, cur);
    aclrtMemcpyKind kind = rnd(w) % 2 ? ACL_MEMCPY_DEVICE_TO_DEVICE : ACL_MEMCPY_DEFAULT;
    bool ok;
    if (rnd(w) % 2) {
        ok = TCALL(w, aclrtMemcpy(b.p, b.size, a->p, a->size, kind));
    } else {
        /* async in two halves, the second on the default stream of the context: both are
         * waited for */
        size_t h = b.size / 2;
        ok = TCALL(w, aclrtMemcpyAsync(b.p, b.size, a->p, h, kind, w->stream[cur])) &&
             TCALL(w, aclrtMemcpyAsync(b.p + h, b.size - h, a->p + h, a->size - h, kind, NULL)) &&
             TCALL(w, aclrtSynchronizeStream(w->stream[cur])) &&
             TCALL(w, aclrtSynchronizeStream(NULL));
    }
    w->copies++;
    w->bytes += b.size;
    if (ok)
        w->live[w->nlive++] = b;
}

/* Hand a live buffer to whichever thread takes it next. */
static void op_give(struct worker *w)
{
    pthread_mutex_lock(&g_box.lock);
    if (g_box.n < BOX) {
        int i = (int)(rnd(w) % (uint64_t)w->nlive);
        g_box.q[g_box.n++] = w->live[i];
        w->live[i] = w->live[--w->nlive];
    }
    pthread_mutex_unlock(&g_box.lock);
}

/* Take a buffer another thread (or this one) gave away. */
static bool op_take(struct worker *w)
{
    bool got = false;
    pthread_mutex_lock(&g_box.lock);
    if (g_box.n > 0 && w->nlive < MAXLIVE) {
        w->live[w->nlive++] = g_box.q[--g_box.n];
        got = true;
    }
    pthread_mutex_unlock(&g_box.lock);
    return got;
}

static bool worker_setup(struct worker *w)
{
    for (int d = 0; d < NDEV; d++) {
        use(w, d);
        if (!TCALL(w, aclrtCreateStream(&w->stream[d])))
            return false;
    }
    use(w, w->id % NDEV);
    if (!TCALL(w, aclrtMallocHost((void **)&w->pin0, STAGE)) ||
        !TCALL(w, aclrtMallocHost((void **)&w->pin1, STAGE)))
        return false;
    w->heap = aligned_alloc(64, STAGE);
    CHECK(w->heap);
    return true;
}

static void worker_teardown(struct worker *w)
{
    while (w->nlive > 0)
        op_free(w);
    for (int d = 0; d < NDEV; d++) {
        use(w, d);
        (void)TCALL(w, aclrtDestroyStream(w->stream[d]));
    }
    (void)TCALL(w, aclrtFreeHost(w->pin0));
    (void)TCALL(w, aclrtFreeHost(w->pin1));
    free(w->heap);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    if (!worker_setup(w))
        return NULL;
    for (w->op = 0; w->op < g_iters && !atomic_load(&g_stop); w->op++) {
        uint64_t r = rnd(w) % 100;
        if (w->nlive == 0 || (r < 30 && w->nlive < MAXLIVE))
            op_alloc(w);
        else if (r < 55)
            op_free(w);
        else if (r < 75 && w->nlive < MAXLIVE)
            op_copy(w);
        else if (r < 86)
            (void)write_contents(w, &w->live[rnd(w) % (uint64_t)w->nlive]);
        else if (r < 91)
            op_give(w);
        else if (r < 96 && op_take(w))
            continue;
        else
            verify(w, &w->live[rnd(w) % (uint64_t)w->nlive]);
    }
    worker_teardown(w);
    return NULL;
}

int main(void)
{
    double scale = test_stress_scale();
    g_iters = (int)(ITERS * scale);
    if (g_iters < 50)
        g_iters = 50;
    CHECK_OK(aclInit(NULL));
    size_t total[NDEV];
    for (int d = 0; d < NDEV; d++) {
        CHECK_OK(aclrtSetDevice(d));
        CHECK_OK(aclrtGetCurrentContext(&g_ctx[d]));
        CHECK_OK(aclrtDeviceEnablePeerAccess(1 - d, 0));
        total[d] = mi_total(ACL_HBM_MEM);
        CHECK(mi_free(ACL_HBM_MEM) == total[d]);
    }
    double t0 = mt_now_ms();
    static struct worker ws[NTHREADS];
    for (int i = 0; i < NTHREADS; i++) {
        ws[i].id = i;
        ws[i].rng = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1);
        CHECK(pthread_create(&ws[i].th, NULL, worker_main, &ws[i]) == 0);
    }
    uint64_t allocs = 0, frees = 0, copies = 0, sets = 0, bytes = 0;
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(ws[i].th, NULL);
        g_failed |= ws[i].failed;
        allocs += ws[i].allocs;
        frees += ws[i].frees;
        copies += ws[i].copies;
        sets += ws[i].sets;
        bytes += ws[i].bytes;
    }
    /* what is left in the mailbox is verified and freed by this thread */
    static struct worker last;
    last.id = NTHREADS;
    last.rng = 12345;
    if (worker_setup(&last)) {
        while (g_box.n > 0 && !last.failed) {
            last.live[last.nlive++] = g_box.q[--g_box.n];
            op_free(&last);
        }
        worker_teardown(&last);
    }
    g_failed |= last.failed;
    allocs += last.allocs;
    frees += last.frees;
    double dt = mt_now_ms() - t0;
    fprintf(stderr,
            "info: %d threads x %d ops in %.0f ms: %llu allocs, %llu frees, %llu copies, "
            "%llu sets, %.1f MiB written\n",
            NTHREADS, g_iters, dt, (unsigned long long)allocs, (unsigned long long)frees,
            (unsigned long long)copies, (unsigned long long)sets, (double)bytes / (1 << 20));
    if (!g_failed) {
        EXPECT(allocs == frees);
        /* nothing leaked: every device has its whole capacity free again */
        for (int d = 0; d < NDEV; d++) {
            CHECK_OK(aclrtSetCurrentContext(g_ctx[d]));
            size_t f = mi_free(ACL_HBM_MEM);
            if (f != total[d]) {
                fprintf(stderr, "device %d: %zu of %zu bytes free after everything was freed\n", d,
                        f, total[d]);
                g_failed = 1;
            }
        }
    }
    for (int d = 0; d < NDEV; d++)
        CHECK_OK(aclrtResetDevice(d));
    CHECK_OK(aclFinalize());
    return memapi_exit("memory_stress");
}
