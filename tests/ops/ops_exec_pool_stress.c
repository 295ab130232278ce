/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stress of the executor pool (ops/engine/exec.c: per-thread caches of free
 * headers, magazines handed on through the lock-free stack g_mags, their
 * emptied shells back through g_shells). Executors are taken by the calling
 * thread at phase 1 and given back by the stream worker after the run, so
 * every header crosses threads. The test checks payloads: each launch has its
 * own input values and every output element is compared with the exact
 * result (small integers in float: exact), so a header handed to two owners
 * at once, a lost clear, or a plan published before its fields shows up as a
 * wrong value (or, under ASan/TSan, a report).
 *
 *  - SUBMITTERS threads on 2 streams: batches of two-phase aclnnAdd/aclnnMul
 *    (phase 1 for the whole batch, then all launches, so many executors are
 *    queued at once), plus per batch: one executor destroyed without launch,
 *    one repeatable executor launched twice (new output address in between)
 *    and destroyed while both launches are still queued.
 *  - a spawner: short-lived threads that build executors, launch some and
 *    exit while they are queued, and leave the others READY for the spawner
 *    to launch (allocated by a thread that has exited, launched by another,
 *    freed by the worker). Their free lists go back at thread exit.
 *  - at the end, a batch still queued when aclFinalize runs (must be drained
 *    or released, never leaked: LSan under the asan preset).
 * Iterations scale with CPUACL_STRESS_SCALE.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"
#include "testutil.h"

#define CHECK_NN(call)                                                                             \
    do {                                                                                           \
        aclnnStatus st_ = (call);                                                                  \
        if (st_ != ACLNN_SUCCESS) {                                                                \
            const char *m_ = aclGetRecentErrMsg();                                                 \
            fprintf(stderr, "%s:%d: %s returned %d (%s)\n", __FILE__, __LINE__, #call, (int)st_,   \
                    m_ ? m_ : "no message");                                                       \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define N 16          /* elements per tensor: a small plan, inline in the executor */
#define BATCH 8       /* executors queued at once per submitter */
#define SUBMITTERS 4
#define CHILD_OPS 6   /* executors per short-lived thread */

static aclrtStream g_streams[2];
static aclScalar *g_alpha1, *g_alpha2;
static int g_iters, g_spawns;

/* One operation's buffers and tensors (reused across batches). */
struct slot {
    float a[N], b[N], out[N], out2[N];
    aclTensor *ta, *tb, *tout, *tout2;
    aclOpExecutor *ex;
    int kind; /* 0 add alpha 1, 1 add alpha 2, 2 mul */
};

static aclTensor *ftensor(float *p)
{
    int64_t dims[1] = {N}, strides[1] = {1}, storage = N;
    aclTensor *t = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &storage, 1, p);
    CHECK(t);
    return t;
}

static void slot_init(struct slot *s)
{
    s->ta = ftensor(s->a);
    s->tb = ftensor(s->b);
    s->tout = ftensor(s->out);
    s->tout2 = ftensor(s->out2);
}

static void slot_fini(struct slot *s)
{
    aclDestroyTensor(s->ta);
    aclDestroyTensor(s->tb);
    aclDestroyTensor(s->tout);
    aclDestroyTensor(s->tout2);
}

/* Distinct payload per (tag, iteration, slot); every value exact in float. */
static void slot_fill(struct slot *s, unsigned tag, unsigned it, unsigned k)
{
    s->kind = (int)((tag + it + k) % 3);
    for (unsigned j = 0; j < N; j++) {
        s->a[j] = (float)((tag * 7919u + it * 31u + k * 131u + j) % 4096u);
        s->b[j] = (float)((it + j * 3u + k + tag) % 1024u + 1u);
        s->out[j] = -1.0f;
        s->out2[j] = -1.0f;
    }
}

static float want(const struct slot *s, unsigned j)
{
    switch (s->kind) {
    case 0: return s->a[j] + s->b[j];
    case 1: return s->a[j] + 2.0f * s->b[j];
    default: return s->a[j] * s->b[j];
    }
}

static void slot_check(const struct slot *s, const float *out, const char *what)
{
    for (unsigned j = 0; j < N; j++)
        if (out[j] != want(s, j)) {
            fprintf(stderr, "%s: kind %d element %u: got %g, want %g (a %g b %g)\n", what, s->kind,
                    j, (double)out[j], (double)want(s, j), (double)s->a[j], (double)s->b[j]);
            exit(1);
        }
}

/* Phase 1 into s->ex. */
static void slot_phase1(struct slot *s)
{
    uint64_t ws = 1;
    s->ex = NULL;
    if (s->kind == 2)
        CHECK_NN(aclnnMulGetWorkspaceSize(s->ta, s->tb, s->tout, &ws, &s->ex));
    else
        CHECK_NN(aclnnAddGetWorkspaceSize(s->ta, s->tb, s->kind ? g_alpha2 : g_alpha1, s->tout,
                                          &ws, &s->ex));
    CHECK(ws == 0 && s->ex);
}

static void slot_launch(struct slot *s, aclrtStream st)
{
    if (s->kind == 2)
        CHECK_NN(aclnnMul(NULL, 0, s->ex, st));
    else
        CHECK_NN(aclnnAdd(NULL, 0, s->ex, st));
}

static void *submitter(void *p)
{
    unsigned k = (unsigned)(uintptr_t)p;
    aclrtStream st = g_streams[k % 2];
    CHECK_OK(aclrtSetDevice(0));
    struct slot *sl = calloc(BATCH + 2, sizeof(*sl));
    CHECK(sl);
    for (int i = 0; i < BATCH + 2; i++)
        slot_init(&sl[i]);
    for (unsigned it = 0; it < (unsigned)g_iters; it++) {
        for (unsigned i = 0; i < BATCH + 2; i++)
            slot_fill(&sl[i], k + 1, it, i);
        for (int i = 0; i < BATCH + 2; i++)
            slot_phase1(&sl[i]);
        /* sl[BATCH]: destroyed without a launch (READY -> FREE). */
        CHECK_NN(aclDestroyAclOpExecutor(sl[BATCH].ex));
        /* sl[BATCH + 1]: repeatable, launched into out then out2, destroyed
         * while both launches are queued (freed by the last release). */
        struct slot *r = &sl[BATCH + 1];
        CHECK_NN(aclSetAclOpExecutorRepeatable(r->ex));
        for (int i = 0; i < BATCH; i++) {
            slot_launch(&sl[i], st);
            if (i == BATCH / 2) {
                slot_launch(r, st);
                CHECK_NN(aclSetOutputTensorAddr(r->ex, 0, r->tout2, r->out2));
                slot_launch(r, st);
                CHECK_NN(aclDestroyAclOpExecutor(r->ex));
            }
        }
        CHECK_OK(aclrtSynchronizeStream(st));
        for (int i = 0; i < BATCH; i++)
            slot_check(&sl[i], sl[i].out, "submitter");
        slot_check(r, r->out, "repeatable launch 1");
        slot_check(r, r->out2, "repeatable launch 2");
        for (unsigned j = 0; j < N; j++)
            CHECK(sl[BATCH].out[j] == -1.0f); /* destroyed: never ran */
    }
    for (int i = 0; i < BATCH + 2; i++)
        slot_fini(&sl[i]);
    free(sl);
    CHECK_OK(aclrtResetDevice(0));
    return NULL;
}

/* Short-lived threads: launch half their executors and exit while they are
 * queued; leave the other half READY for the spawner. */
struct child {
    struct slot sl[CHILD_OPS];
    unsigned round;
};

static void *child(void *p)
{
    struct child *c = p;
    CHECK_OK(aclrtSetDevice(0));
    for (unsigned i = 0; i < CHILD_OPS; i++) {
        slot_fill(&c->sl[i], 100, c->round, i);
        slot_phase1(&c->sl[i]);
    }
    for (unsigned i = 0; i < CHILD_OPS; i += 2)
        slot_launch(&c->sl[i], g_streams[c->round % 2]);
    /* One more executor destroyed here: this thread's free list is not empty
     * when it exits (handed back by the pool's thread-exit hook). */
    struct slot extra;
    slot_init(&extra);
    slot_fill(&extra, 200, c->round, 0);
    slot_phase1(&extra);
    CHECK_NN(aclDestroyAclOpExecutor(extra.ex));
    slot_fini(&extra);
    CHECK_OK(aclrtResetDevice(0));
    return NULL; /* no synchronize: the launches are still queued */
}

static void *spawner(void *unused)
{
    (void)unused;
    CHECK_OK(aclrtSetDevice(0));
    struct child *c = calloc(1, sizeof(*c));
    CHECK(c);
    for (int i = 0; i < CHILD_OPS; i++)
        slot_init(&c->sl[i]);
    for (unsigned r = 0; r < (unsigned)g_spawns; r++) {
        c->round = r;
        pthread_t th;
        CHECK(pthread_create(&th, NULL, child, c) == 0);
        CHECK(pthread_join(th, NULL) == 0);
        aclrtStream st = g_streams[(r + 1) % 2]; /* the other stream than the child's */
        for (unsigned i = 1; i < CHILD_OPS; i += 2)
            slot_launch(&c->sl[i], st);
        CHECK_OK(aclrtSynchronizeStream(g_streams[0]));
        CHECK_OK(aclrtSynchronizeStream(g_streams[1]));
        for (unsigned i = 0; i < CHILD_OPS; i++)
            slot_check(&c->sl[i], c->sl[i].out, "short-lived thread");
    }
    for (int i = 0; i < CHILD_OPS; i++)
        slot_fini(&c->sl[i]);
    free(c);
    CHECK_OK(aclrtResetDevice(0));
    return NULL;
}

int main(void)
{
    double sc = test_stress_scale();
    g_iters = (int)(3000 * sc);
    g_spawns = (int)(1000 * sc);
    if (g_iters < 10)
        g_iters = 10;
    if (g_spawns < 10)
        g_spawns = 10;
    TEST_OPEN();
    CHECK(aclnnInit(NULL) == ACLNN_SUCCESS);
    for (int i = 0; i < 2; i++)
        CHECK_OK(aclrtCreateStream(&g_streams[i]));
    float one = 1.0f, two = 2.0f;
    g_alpha1 = aclCreateScalar(&one, ACL_FLOAT);
    g_alpha2 = aclCreateScalar(&two, ACL_FLOAT);
    CHECK(g_alpha1 && g_alpha2);

    pthread_t th[SUBMITTERS + 1];
    for (uintptr_t k = 0; k < SUBMITTERS; k++)
        CHECK(pthread_create(&th[k], NULL, submitter, (void *)k) == 0);
    CHECK(pthread_create(&th[SUBMITTERS], NULL, spawner, NULL) == 0);
    for (int k = 0; k <= SUBMITTERS; k++)
        CHECK(pthread_join(th[k], NULL) == 0);

    /* Executors still queued at aclFinalize: released, not leaked. */
    static struct slot fin[BATCH];
    for (unsigned i = 0; i < BATCH; i++) {
        slot_init(&fin[i]);
        slot_fill(&fin[i], 300, 0, i);
        slot_phase1(&fin[i]);
        slot_launch(&fin[i], g_streams[i % 2]);
    }
    for (unsigned i = 0; i < BATCH; i++) /* the queued runs use addresses, not tensors */
        slot_fini(&fin[i]);
    CHECK(aclnnFinalize() == ACLNN_SUCCESS);
    TEST_CLOSE();
    aclDestroyScalar(g_alpha1);
    aclDestroyScalar(g_alpha2);
    printf("ops_exec_pool_stress: %d iterations x %d submitters, %d short-lived threads: ok\n",
           g_iters, SUBMITTERS, g_spawns);
    return 0;
}
