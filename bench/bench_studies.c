/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The studies of cpuacl-bench (registry in bench_studies.h).
 *
 * Method, common to all studies:
 *  - the host thread (the submitter) runs on one core, worker 0 on another;
 *    the baselines use the same two cores (producer = host, consumer =
 *    worker 0's core), so a ratio compares like with like;
 *  - a figure is the median over ctx->reps repetitions; a repetition's value
 *    is itself a median over many batches where the quantity is tiny (submit
 *    costs) or a rate over a long run (throughputs);
 *  - nothing that is not the measured quantity sits in a timed region:
 *    synchronisation that keeps a ring from filling is done between batches.
 */
#define _GNU_SOURCE
#include "bench_studies.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "bench_memstudies.h"
#include "bench_ops.h"
#include "bench_peers.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

/* Report a failed runtime call and leave the study with its code. */
#define CK(call)                                                                                   \
    do {                                                                                           \
        aclError e_ = (call);                                                                      \
        if (e_ != ACL_SUCCESS) {                                                                   \
            const char *m_ = aclGetRecentErrMsg();                                                 \
            fprintf(stderr, "cpuacl-bench: %s failed: %d (%s)\n", #call, (int)e_,                  \
                    m_ ? m_ : "no message");                                                       \
            return (int)e_;                                                                        \
        }                                                                                          \
    } while (0)

_Atomic uint64_t bs_beat;
const char *_Atomic bs_step;

static void progress(const struct bs_ctx *c, const char *what)
{
    /* relaxed: the watchdog only needs to see that something moves. */
    atomic_store_explicit(&bs_step, what, memory_order_relaxed);
    atomic_fetch_add_explicit(&bs_beat, 1, memory_order_relaxed);
    if (c->bar && c->study_count) {
        /* [#####.....] 3/6 step: whole studies done, plus a tick per step */
        enum { W = 30 };
        unsigned done = c->study_index * W / c->study_count;
        char bar[W + 1];
        for (unsigned i = 0; i < W; i++)
            bar[i] = i < done ? '#' : '.';
        bar[W] = 0;
        fprintf(stderr, "\r\033[K[%s] %u/%u %.60s", bar, c->study_index + 1, c->study_count, what);
        fflush(stderr);
    } else if (c->progress) {
        fprintf(stderr, "  ... %s\n", what);
    }
}

void bs_bar_clear(const struct bs_ctx *c)
{
    if (c->bar) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
}

/* Sizes: quick (default) and --full. */
static uint64_t n_items(const struct bs_ctx *c) /* sustained-rate runs */
{
    return c->full ? 1000000u : 200000u;
}
static unsigned n_batches(const struct bs_ctx *c) /* submit-cost batches per rep */
{
    return c->full ? 1000u : 200u;
}

/* ------------------------------------------------------------------------
 * Kernels (run on the device's workers)
 * ---------------------------------------------------------------------- */
static int32_t k_nop(void *args)
{
    (void)args;
    return 0;
}

/* Writes CLOCK_MONOTONIC at kernel start into *(uint64_t *)args. The host
 * reads it after synchronising, which orders the access. */
static int32_t k_stamp(void *args)
{
    *(uint64_t *)args = bu_now_ns();
    return 0;
}

/* Holds its stream until the host opens the gate. */
static int32_t k_gate(void *args)
{
    _Atomic uint32_t *gate = args;
    unsigned n = 0;
    /* acquire: pairs with the host's release that opens the gate. */
    while (!atomic_load_explicit(gate, memory_order_acquire))
        bu_backoff(&n);
    return 0;
}

/* About `iters` rounds of dependent integer work (calibrated to ~1 us). */
static uint64_t work(uint64_t iters)
{
    uint64_t x = iters | 1;
    for (uint64_t i = 0; i < iters; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        __asm__ __volatile__("" : "+r"(x));
    }
    return x;
}

static int32_t k_work(void *args)
{
    uint64_t x = work((uint64_t)(uintptr_t)args);
    bu_escape(&x);
    return 0;
}

/* ------------------------------------------------------------------------
 * limits: the physical limits and baselines
 * ---------------------------------------------------------------------- */

/* Cost of one CLOCK_MONOTONIC read: a latency timed per sample contains one. */
static double clock_cost_ns(void)
{
    enum { N = 100000 };
    uint64_t t0 = bu_now_ns(), x = 0;
    for (int i = 0; i < N; i++)
        x += bu_now_ns();
    bu_escape(&x);
    return (double)(bu_now_ns() - t0) / N;
}
static int study_limits(struct bs_ctx *c)
{
    struct br_acc rtt = {0}, push = {0}, rate = {0}, mpush = {0}, mrate = {0}, mrtt = {0},
                  mcpy = {0}, clk = {0};
    const unsigned rtt_samples = c->full ? 1000 : 200;
    const unsigned mq_samples = c->full ? 50 : 20;
    for (unsigned r = 0; r < c->reps; r++) {
        progress(c, "limits: cache-line round trip");
        br_acc_add(&rtt, bl_measure_cacheline_rtt_ns(&c->pair, rtt_samples, 500));
        progress(c, "limits: raw ring");
        br_acc_add(&push, bl_measure_ring_push_ns(&c->pair, c->ring_slots, n_batches(c), BS_BATCH));
        br_acc_add(&rate, bl_measure_ring_rate(&c->pair, c->ring_slots, n_items(c)) / 1e6);
        progress(c, "limits: mutex+condvar queue");
        br_acc_add(&mpush,
                   bl_measure_mq_push_ns(&c->pair, c->ring_slots, n_batches(c) / 2, BS_BATCH));
        br_acc_add(&mrate, bl_measure_mq_rate(&c->pair, c->ring_slots, n_items(c)) / 1e6);
        br_acc_add(&mrtt, bl_measure_mq_rtt_ns(&c->pair, mq_samples, 20));
        progress(c, "limits: memcpy");
        br_acc_add(&mcpy, bl_measure_memcpy_gbps((size_t)64 << 20, c->full ? 9 : 3));
        br_acc_add(&clk, clock_cost_ns());
    }
    struct br_results *R = c->res;
    char pin[64];
    snprintf(pin, sizeof(pin), "cores %d->%d", c->pair.producer_cpu, c->pair.consumer_cpu);
    br_set_note(br_add(R, "limits", "cl_rtt", "cache-line RTT", "ns", BR_LOWER, &rtt, NULL, NULL),
                "%s, 1 atomic ping-pong", pin);
    br_set_note(br_add(R, "limits", "ring_push", "ring push", "ns", BR_LOWER, &push, NULL, NULL),
                "raw SPSC ring, 64 B records, %u-push batches", BS_BATCH);
    br_set_note(
        br_add(R, "limits", "ring_rate", "ring rate", "Mitem/s", BR_HIGHER, &rate, NULL, NULL),
        "%u slots, consumer calls each record", c->ring_slots);
    br_set_note(br_add(R, "limits", "mq_push", "mutex+cv push", "ns", BR_LOWER, &mpush, NULL,
                       "limits.ring_push"),
                "pthread mutex + 2 condvars");
    br_set_note(br_add(R, "limits", "mq_rate", "mutex+cv rate", "Mitem/s", BR_HIGHER, &mrate, NULL,
                       "limits.ring_rate"),
                "one record per lock hold");
    br_set_note(
        br_add(R, "limits", "mq_rtt", "mutex+cv RTT", "ns", BR_LOWER, &mrtt, NULL, "limits.cl_rtt"),
        "ping-pong through two queues (futex wake-ups)");
    br_set_note(
        br_add(R, "limits", "memcpy", "memcpy 64 MiB", "GB/s", BR_HIGHER, &mcpy, NULL, NULL),
        "one thread");
    br_set_note(br_add(R, "limits", "clock", "clock read", "ns", BR_INFO, &clk, NULL, NULL),
                "clock_gettime(CLOCK_MONOTONIC); per-sample latencies include one");
    return 0;
}

/* ------------------------------------------------------------------------
 * launch: submit cost and sustained rate of empty kernels on one stream
 * ---------------------------------------------------------------------- */

/* One rep of submit cost: median over batches of BS_BATCH launches, with
 * the worker draining concurrently; sync between batches, outside timing. */
static int launch_submit_rep(struct bs_ctx *c, aclrtStream s, double *out)
{
    unsigned nb = n_batches(c);
    double *v = calloc(nb, sizeof(*v));
    if (!v)
        return -1;
    for (unsigned b = 0; b < nb; b++) {
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < BS_BATCH; i++) {
            aclError e = cpuaclLaunchKernel(s, k_nop, NULL);
            if (e != ACL_SUCCESS) {
                free(v);
                CK(e);
            }
        }
        uint64_t t1 = bu_now_ns();
        v[b] = (double)(t1 - t0) / BS_BATCH;
        aclError e = aclrtSynchronizeStream(s);
        if (e != ACL_SUCCESS) {
            free(v);
            CK(e);
        }
    }
    *out = bu_median(v, nb);
    free(v);
    return 0;
}

/* One rep of sustained rate: n empty kernels, timed until the sync returns. */
static int launch_rate_rep(struct bs_ctx *c, aclrtStream s, cpuaclKernel k, void *args, uint64_t n,
                           double *out)
{
    (void)c;
    uint64_t t0 = bu_now_ns();
    for (uint64_t i = 0; i < n; i++)
        CK(cpuaclLaunchKernel(s, k, args));
    CK(aclrtSynchronizeStream(s));
    uint64_t t1 = bu_now_ns();
    *out = (double)n * 1e9 / (double)(t1 - t0);
    return 0;
}

static void sleep_ns(uint64_t ns)
{
    struct timespec ts = {.tv_sec = (time_t)(ns / 1000000000u),
                          .tv_nsec = (long)(ns % 1000000000u)};
    nanosleep(&ts, NULL);
}

static int worker_kicks(const struct bs_ctx *c, uint64_t *kicks, uint64_t *parks)
{
    *kicks = *parks = 0;
    for (uint32_t i = 0; i < c->workers; i++) {
        cpuaclWorkerStats st;
        CK(cpuaclGetWorkerStats(c->device, i, &st));
        *kicks += st.wakeups;
        *parks += st.parks;
    }
    return 0;
}

/* One rep of submit cost after an idle pause longer than the spin budget
 * (the worker has parked): median over samples of the first BS_BATCH
 * launches' cost per launch. */
static int launch_idle_rep(struct bs_ctx *c, aclrtStream s, unsigned samples, double *out)
{
    double v[64];
    if (samples > 64)
        samples = 64;
    for (unsigned k = 0; k < samples; k++) {
        sleep_ns(2000000);
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < BS_BATCH; i++)
            CK(cpuaclLaunchKernel(s, k_nop, NULL));
        uint64_t t1 = bu_now_ns();
        v[k] = (double)(t1 - t0) / BS_BATCH;
        CK(aclrtSynchronizeStream(s));
    }
    (void)c;
    *out = bu_median(v, samples);
    return 0;
}

static int study_launch(struct bs_ctx *c)
{
    aclrtStream s;
    CK(aclrtCreateStream(&s));
    struct br_acc sub = {0}, rate = {0}, idle = {0};
    const unsigned idle_samples = c->full ? 40 : 10;
    uint64_t kick0 = 0, park0 = 0, kick1 = 0, park1 = 0, kicks = 0, parks = 0;
    int rc = 0;
    double x;
    /* warm-up: the ring's pages, the worker's caches */
    rc = launch_rate_rep(c, s, k_nop, NULL, 4 * c->ring_slots, &x);
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        progress(c, "launch: submit cost");
        rc = launch_submit_rep(c, s, &x);
        br_acc_add(&sub, x);
        if (rc)
            break;
        progress(c, "launch: sustained rate");
        rc = launch_rate_rep(c, s, k_nop, NULL, n_items(c), &x);
        br_acc_add(&rate, x / 1e6);
        if (rc)
            break;
        progress(c, "launch: submit after 2 ms idle");
        rc = worker_kicks(c, &kick0, &park0);
        if (rc == 0)
            rc = launch_idle_rep(c, s, idle_samples, &x);
        if (rc == 0)
            rc = worker_kicks(c, &kick1, &park1);
        br_acc_add(&idle, x);
        kicks += kick1 - kick0;
        parks += park1 - park0;
    }
    aclrtDestroyStream(s);
    if (rc)
        return rc;
    struct br_figure *f;
    f = br_add(c->res, "launch", "submit", "submit, empty kernel", "ns", BR_LOWER, &sub,
               "limits.mq_push", "limits.ring_push");
    br_set_target(f, 'l', '<', 5.0);
    br_set_note(f, "cpuaclLaunchKernel, %u-launch batches, worker draining", BS_BATCH);
    f = br_add(c->res, "launch", "rate", "one-stream rate", "Mtask/s", BR_HIGHER, &rate,
               "limits.mq_rate", "limits.ring_rate");
    br_set_target(f, 'b', '>', 10.0);
    br_set_target(f, 'l', '>', 0.3);
    br_set_note(f, "%llu empty kernels + sync", (unsigned long long)n_items(c));
    f = br_add(c->res, "launch", "submit_idle", "submit, after 2 ms idle", "ns", BR_LOWER, &idle,
               "limits.mq_push", "limits.ring_push");
    br_set_note(f, "first %u launches; worker kicks %.1f per burst (parks %.2f)", BS_BATCH,
                (double)kicks / ((double)idle_samples * c->reps),
                (double)parks / ((double)idle_samples * c->reps));
    return 0;
}

/* ------------------------------------------------------------------------
 * roundtrip: launch + aclrtSynchronizeStream latency distribution
 * ---------------------------------------------------------------------- */
static int study_roundtrip(struct bs_ctx *c)
{
    const unsigned k = c->full ? 10000 : 2000;
    const unsigned k_idle = c->full ? 100 : 30;
    double *v = calloc(k, sizeof(*v));
    double *vi = calloc(k_idle, sizeof(*vi));
    aclrtStream s;
    if (!v || !vi) {
        free(v);
        free(vi);
        return -1;
    }
    aclError e = aclrtCreateStream(&s);
    if (e != ACL_SUCCESS) {
        free(v);
        free(vi);
        CK(e);
    }
    struct br_acc p50 = {0}, p90 = {0}, p99 = {0}, idle = {0};
    double maxv = 0;
    uint64_t parks0, wk0, parks1, wk1, parks2, wk2;
    int rc = worker_kicks(c, &wk0, &parks0);
    for (unsigned i = 0; i < 100 && rc == 0; i++) { /* warm-up */
        if (cpuaclLaunchKernel(s, k_nop, NULL) != ACL_SUCCESS || aclrtSynchronizeStream(s))
            rc = -1;
    }
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        progress(c, "roundtrip: launch + sync");
        for (unsigned i = 0; i < k; i++) {
            uint64_t t0 = bu_now_ns();
            aclError e1 = cpuaclLaunchKernel(s, k_nop, NULL);
            aclError e2 = aclrtSynchronizeStream(s);
            uint64_t t1 = bu_now_ns();
            if (e1 != ACL_SUCCESS || e2 != ACL_SUCCESS) {
                fprintf(stderr, "cpuacl-bench: roundtrip: launch %d, sync %d\n", (int)e1, (int)e2);
                rc = -1;
                break;
            }
            v[i] = (double)(t1 - t0);
        }
        bu_sort(v, k);
        br_acc_add(&p50, bu_quantile_sorted(v, k, 0.50));
        br_acc_add(&p90, bu_quantile_sorted(v, k, 0.90));
        br_acc_add(&p99, bu_quantile_sorted(v, k, 0.99));
        if (v[k - 1] > maxv)
            maxv = v[k - 1];
    }
    if (rc == 0)
        rc = worker_kicks(c, &wk1, &parks1);
    /* After an idle pause longer than the spin budget: the worker has parked,
     * so this is the wake-up path users hit after a pause. */
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        progress(c, "roundtrip: after 2 ms idle");
        for (unsigned i = 0; i < k_idle; i++) {
            sleep_ns(2000000);
            uint64_t t0 = bu_now_ns();
            aclError e1 = cpuaclLaunchKernel(s, k_nop, NULL);
            aclError e2 = aclrtSynchronizeStream(s);
            uint64_t t1 = bu_now_ns();
            if (e1 != ACL_SUCCESS || e2 != ACL_SUCCESS) {
                rc = -1;
                break;
            }
            vi[i] = (double)(t1 - t0);
        }
        br_acc_add(&idle, bu_median(vi, k_idle));
    }
    if (rc == 0)
        rc = worker_kicks(c, &wk2, &parks2);
    aclrtDestroyStream(s);
    free(v);
    free(vi);
    if (rc)
        return rc;
    struct br_results *R = c->res;
    double n = (double)k * c->reps;
    struct br_figure *f;
    f = br_add(R, "roundtrip", "p50", "launch+sync p50", "ns", BR_LOWER, &p50, "limits.mq_rtt",
               "limits.cl_rtt");
    br_set_target(f, 'l', '<', 3.0);
    br_set_note(f, "%u per rep, each incl. 1 clock read; worker parks %.3f/rt, kicks %.3f/rt", k,
                (double)(parks1 - parks0) / n, (double)(wk1 - wk0) / n);
    br_add(R, "roundtrip", "p90", "launch+sync p90", "ns", BR_LOWER, &p90, "limits.mq_rtt",
           "limits.cl_rtt");
    br_add(R, "roundtrip", "p99", "launch+sync p99", "ns", BR_LOWER, &p99, "limits.mq_rtt",
           "limits.cl_rtt");
    f = br_add_value(R, "roundtrip", "max", "launch+sync max", "ns", BR_LOWER, maxv, c->reps,
                     "limits.mq_rtt", "limits.cl_rtt");
    br_set_note(f, "max over all %u reps", c->reps);
    f = br_add(R, "roundtrip", "idle_p50", "after 2 ms idle p50", "ns", BR_LOWER, &idle,
               "limits.mq_rtt", "limits.cl_rtt");
    br_set_note(f, "%u per rep; worker parks %.2f/rt, kicks %.2f/rt", k_idle,
                (double)(parks2 - parks1) / ((double)k_idle * c->reps),
                (double)(wk2 - wk1) / ((double)k_idle * c->reps));
    return 0;
}

/* ------------------------------------------------------------------------
 * event: cross-stream record -> wait -> kernel start; record+wait cost
 * ---------------------------------------------------------------------- */
struct ev_setup {
    aclrtStream s1, s2;
    aclrtEvent e;
};

/*
 * One latency sample. s1: gate, stamp(t1), record(e). s2: wait(e),
 * stamp(t2). The gate holds s1 until both sides are queued, so the wait is
 * always issued before the record runs: t2 - t1 is the record -> wait ->
 * kernel-start path and never includes host submission time.
 */
static int event_sample(struct ev_setup *es, double *out)
{
    static _Atomic uint32_t gate;
    static uint64_t t1, t2;
    /* relaxed: no kernel reads the gate before the launch below publishes it. */
    atomic_store_explicit(&gate, 0, memory_order_relaxed);
    CK(cpuaclLaunchKernel(es->s1, k_gate, (void *)&gate));
    aclError e = cpuaclLaunchKernel(es->s1, k_stamp, &t1);
    if (e == ACL_SUCCESS)
        e = aclrtRecordEvent(es->e, es->s1);
    if (e == ACL_SUCCESS)
        e = aclrtStreamWaitEvent(es->s2, es->e);
    if (e == ACL_SUCCESS)
        e = cpuaclLaunchKernel(es->s2, k_stamp, &t2);
    /* release: pairs with the acquire in k_gate (opened on failure too, so
     * the worker is never left spinning). */
    atomic_store_explicit(&gate, 1, memory_order_release);
    CK(e);
    CK(aclrtSynchronizeStream(es->s2));
    CK(aclrtSynchronizeStream(es->s1));
    *out = (double)(int64_t)(t2 - t1);
    return 0;
}

/* One rep of the host cost of a record+wait pair, batched like launches. */
static int event_pair_rep(struct bs_ctx *c, struct ev_setup *es, double *out)
{
    const unsigned half = BS_BATCH / 2; /* two tasks per pair */
    unsigned nb = n_batches(c);
    double *v = calloc(nb, sizeof(*v));
    if (!v)
        return -1;
    int rc = 0;
    for (unsigned b = 0; b < nb && rc == 0; b++) {
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < half; i++) {
            if (aclrtRecordEvent(es->e, es->s1) != ACL_SUCCESS ||
                aclrtStreamWaitEvent(es->s2, es->e) != ACL_SUCCESS) {
                rc = -1;
                break;
            }
        }
        uint64_t t1 = bu_now_ns();
        v[b] = (double)(t1 - t0) / half;
        if (aclrtSynchronizeStream(es->s2) != ACL_SUCCESS ||
            aclrtSynchronizeStream(es->s1) != ACL_SUCCESS)
            rc = -1;
    }
    if (rc) {
        const char *m = aclGetRecentErrMsg();
        fprintf(stderr, "cpuacl-bench: event: record/wait/sync failed (%s)\n", m ? m : "");
    }
    *out = bu_median(v, nb);
    free(v);
    return rc;
}

/*
 * Fan-out of one event to N waiting streams. One sample: s1 runs the gate,
 * a clock stamp and the record; each of the N streams waits on the event
 * (the N waits timed together on the host), then each runs a stamp kernel.
 * The gate holds s1 until all is queued. *wait_ns: host cost per wait;
 * *lat_ns: record (s1's stamp) -> the last waiter's kernel start.
 */
enum { EV_MAX_WAITERS = 64 };
static int event_fan_sample(aclrtStream s1, aclrtEvent ev, aclrtStream *w, unsigned n,
                            double *wait_ns, double *lat_ns)
{
    static _Atomic uint32_t gate;
    static uint64_t t1, t2[EV_MAX_WAITERS];
    /* relaxed: no kernel reads the gate before the launch below publishes it. */
    atomic_store_explicit(&gate, 0, memory_order_relaxed);
    CK(cpuaclLaunchKernel(s1, k_gate, (void *)&gate));
    aclError e = cpuaclLaunchKernel(s1, k_stamp, &t1);
    if (e == ACL_SUCCESS)
        e = aclrtRecordEvent(ev, s1);
    uint64_t h0 = bu_now_ns();
    for (unsigned i = 0; i < n && e == ACL_SUCCESS; i++)
        e = aclrtStreamWaitEvent(w[i], ev);
    uint64_t h1 = bu_now_ns();
    for (unsigned i = 0; i < n && e == ACL_SUCCESS; i++)
        e = cpuaclLaunchKernel(w[i], k_stamp, &t2[i]);
    /* release: pairs with the acquire in k_gate (opened on failure too). */
    atomic_store_explicit(&gate, 1, memory_order_release);
    CK(e);
    for (unsigned i = 0; i < n; i++)
        CK(aclrtSynchronizeStream(w[i]));
    CK(aclrtSynchronizeStream(s1));
    uint64_t last = t2[0];
    for (unsigned i = 1; i < n; i++)
        if (t2[i] > last)
            last = t2[i];
    *wait_ns = (double)(h1 - h0) / n;
    *lat_ns = (double)(int64_t)(last - t1);
    return 0;
}

static int event_fanout(struct bs_ctx *c, aclrtStream s1)
{
    static const unsigned ns[] = {1, 2, 8, 64};
    aclrtStream w[EV_MAX_WAITERS];
    aclrtEvent ev;
    CK(aclrtCreateEventExWithFlag(&ev, ACL_EVENT_SYNC));
    unsigned made = 0;
    int rc = 0;
    for (; made < EV_MAX_WAITERS && rc == 0; made++)
        if (aclrtCreateStream(&w[made]) != ACL_SUCCESS)
            rc = -1;
    if (rc)
        made--;
    const unsigned k_quick = 100, k_full = 400;
    double *vw = calloc(k_full, sizeof(*vw)), *vl = calloc(k_full, sizeof(*vl));
    if (!vw || !vl)
        rc = -1;
    for (size_t ni = 0; ni < sizeof(ns) / sizeof(ns[0]) && rc == 0; ni++) {
        const unsigned n = ns[ni];
        const unsigned k = (c->full ? k_full : k_quick) / (n >= 64 ? 4 : 1);
        struct br_acc wacc = {0}, lacc = {0}, l99 = {0};
        static char what[64]; /* static: the watchdog may print it later */
        double x, y;
        for (unsigned i = 0; i < 5 && rc == 0; i++) /* warm-up */
            rc = event_fan_sample(s1, ev, w, n, &x, &y);
        for (unsigned r = 0; r < c->reps && rc == 0; r++) {
            snprintf(what, sizeof(what), "event: %u waiting stream(s)", n);
            progress(c, what);
            for (unsigned i = 0; i < k && rc == 0; i++)
                rc = event_fan_sample(s1, ev, w, n, &vw[i], &vl[i]);
            if (rc)
                break;
            br_acc_add(&wacc, bu_median(vw, k));
            bu_sort(vl, k);
            br_acc_add(&lacc, bu_quantile_sorted(vl, k, 0.50));
            br_acc_add(&l99, bu_quantile_sorted(vl, k, 0.99));
        }
        if (rc)
            break;
        char key[32], label[48];
        struct br_figure *f;
        snprintf(key, sizeof(key), "wait_%u", n);
        snprintf(label, sizeof(label), "wait submit, %u waiter%s", n, n > 1 ? "s" : "");
        f = br_add(c->res, "event", key, label, "ns", BR_LOWER, &wacc, "limits.mq_push",
                   "limits.ring_push");
        br_set_note(f, "host cost per aclrtStreamWaitEvent, %u stream%s on 1 event%s", n,
                    n > 1 ? "s" : "", n == 1 ? " (incl. 1 clock read)" : "");
        snprintf(key, sizeof(key), "fan_p50_%u", n);
        snprintf(label, sizeof(label), "record->last of %u start p50", n);
        f = br_add(c->res, "event", key, label, "ns", BR_LOWER, &lacc, "limits.mq_rtt",
                   "limits.cl_rtt");
        br_set_note(f, "%u samples/rep; each waiter runs a clock-stamp kernel", k);
        snprintf(key, sizeof(key), "fan_p99_%u", n);
        snprintf(label, sizeof(label), "record->last of %u start p99", n);
        br_add(c->res, "event", key, label, "ns", BR_LOWER, &l99, "limits.mq_rtt", "limits.cl_rtt");
    }
    free(vw);
    free(vl);
    for (unsigned i = 0; i < made; i++)
        aclrtDestroyStream(w[i]);
    aclrtDestroyEvent(ev);
    return rc;
}

static int study_event(struct bs_ctx *c)
{
    struct ev_setup es;
    CK(aclrtCreateStream(&es.s1));
    CK(aclrtCreateStream(&es.s2));
    CK(aclrtCreateEventExWithFlag(&es.e, ACL_EVENT_SYNC));
    uint32_t w1 = 0, w2 = 0;
    CK(cpuaclStreamGetWorker(es.s1, &w1));
    CK(cpuaclStreamGetWorker(es.s2, &w2));
    const unsigned k = c->full ? 2000 : 400;
    double *v = calloc(k, sizeof(*v));
    struct br_acc p50 = {0}, p99 = {0}, pair = {0};
    int rc = v ? 0 : -1;
    double x;
    for (unsigned i = 0; i < 20 && rc == 0; i++) /* warm-up */
        rc = event_sample(&es, &x);
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        progress(c, "event: record -> wait -> kernel start");
        for (unsigned i = 0; i < k && rc == 0; i++)
            rc = event_sample(&es, &v[i]);
        if (rc)
            break;
        bu_sort(v, k);
        br_acc_add(&p50, bu_quantile_sorted(v, k, 0.50));
        br_acc_add(&p99, bu_quantile_sorted(v, k, 0.99));
        progress(c, "event: record+wait cost");
        rc = event_pair_rep(c, &es, &x);
        br_acc_add(&pair, x);
    }
    free(v);
    aclrtDestroyEvent(es.e);
    aclrtDestroyStream(es.s2);
    if (rc) {
        aclrtDestroyStream(es.s1);
        return rc;
    }
    struct br_results *R = c->res;
    struct br_figure *f;
    f = br_add(R, "event", "lat_p50", "record->kernel start p50", "ns", BR_LOWER, &p50,
               "limits.mq_rtt", "limits.cl_rtt");
    br_set_note(f, "s1 on worker %u, s2 on worker %u%s", w1, w2, w1 == w2 ? " (same worker)" : "");
    br_add(R, "event", "lat_p99", "record->kernel start p99", "ns", BR_LOWER, &p99, "limits.mq_rtt",
           "limits.cl_rtt");
    f = br_add(R, "event", "pair", "record+wait pair, submit", "ns", BR_LOWER, &pair,
               "limits.mq_push", "limits.ring_push");
    br_set_note(f, "host cost of 2 tasks (1 record, 1 wait)");
    /* cost of waits as the number of waiting streams grows */
    rc = event_fanout(c, es.s1);
    aclrtDestroyStream(es.s1);
    return rc;
}

/* ------------------------------------------------------------------------
 * multistream: the same work over 1, 2, 4, 8 (.. 64) streams
 * ---------------------------------------------------------------------- */
enum { MS_MAX_STREAMS = 64, MS_CHUNK = 64 };

/* Iterations of work() that take about 1 us on this core. */
static uint64_t calibrate_work(double *ns_per_call)
{
    uint64_t iters = 1000;
    double ns = 0;
    for (int round = 0; round < 6; round++) {
        double v[9];
        for (int i = 0; i < 9; i++) {
            uint64_t t0 = bu_now_ns();
            uint64_t x = work(iters);
            bu_escape(&x);
            v[i] = (double)(bu_now_ns() - t0);
        }
        ns = bu_median(v, 9);
        if (ns > 0)
            iters = (uint64_t)((double)iters * 1000.0 / ns) + 1;
    }
    *ns_per_call = ns;
    return iters;
}

/* Stamps CLOCK_MONOTONIC at its start into *(uint64_t *)args, then runs
 * ms_stamp_iters rounds of work (set by the host before launching). */
static uint64_t ms_stamp_iters;
static int32_t k_stamp_work(void *args)
{
    *(uint64_t *)args = bu_now_ns();
    uint64_t x = work(ms_stamp_iters);
    bu_escape(&x);
    return 0;
}

/* One rep of the event-chained run: the same chunks round robin over n
 * streams, but before its chunk stream i waits on the event stream i-1
 * recorded after the previous chunk (a chain through every stream). */
static int ms_chain_rep(aclrtStream *s, aclrtEvent *ev, unsigned n, uint64_t total, void *arg,
                        double *rate)
{
    uint64_t t0 = bu_now_ns();
    for (uint64_t i = 0, j = 0; i < total; i += MS_CHUNK, j++) {
        unsigned si = (unsigned)(j % n);
        uint64_t m = total - i < MS_CHUNK ? total - i : MS_CHUNK;
        if (j > 0)
            CK(aclrtStreamWaitEvent(s[si], ev[(si + n - 1) % n]));
        for (uint64_t q = 0; q < m; q++)
            CK(cpuaclLaunchKernel(s[si], k_work, arg));
        CK(aclrtRecordEvent(ev[si], s[si]));
    }
    for (unsigned i = 0; i < n; i++)
        CK(aclrtSynchronizeStream(s[i]));
    *rate = (double)total * 1e3 / (double)(bu_now_ns() - t0);
    return 0;
}

/* One rep of per-task latency: rounds of one stamping ~1 us kernel per
 * stream (n in flight), submit time taken just before each launch, then
 * every stream synchronised. p50 and p99 of kernel start - submit. */
static int ms_latency_rep(aclrtStream *s, unsigned n, unsigned samples, double *v, uint64_t *sub,
                          uint64_t *start, double *p50, double *p99)
{
    unsigned k = 0;
    while (k + n <= samples) {
        for (unsigned i = 0; i < n; i++) {
            sub[k + i] = bu_now_ns();
            CK(cpuaclLaunchKernel(s[i], k_stamp_work, &start[k + i]));
        }
        for (unsigned i = 0; i < n; i++)
            CK(aclrtSynchronizeStream(s[i]));
        k += n;
    }
    for (unsigned i = 0; i < k; i++)
        v[i] = (double)(int64_t)(start[i] - sub[i]);
    bu_sort(v, k);
    *p50 = bu_quantile_sorted(v, k, 0.50);
    *p99 = bu_quantile_sorted(v, k, 0.99);
    return 0;
}

/* The stream counts of the multistream study (quick, or --full). */
static const unsigned ms_counts_quick[] = {1, 2, 4, 8};
static const unsigned ms_counts_full[] = {1, 2, 4, 8, 16, 64};

static void ms_counts(const struct bs_ctx *c, const unsigned **counts, unsigned *n)
{
    *counts = c->full ? ms_counts_full : ms_counts_quick;
    *n = c->full ? 6 : 4;
}

static uint64_t ms_total(const struct bs_ctx *c)
{
    return c->full ? 100000 : 20000;
}

/* Calibrate the ~1 us kernel; `kacc` gets its host-measured time per rep. */
static uint64_t ms_kernel(const struct bs_ctx *c, struct br_acc *kacc)
{
    double kns;
    uint64_t iters = calibrate_work(&kns);
    void *arg = (void *)(uintptr_t)iters;
    for (unsigned r = 0; r < c->reps; r++) {
        double v[31];
        for (int i = 0; i < 31; i++) {
            uint64_t t0 = bu_now_ns();
            k_work(arg);
            v[i] = (double)(bu_now_ns() - t0);
        }
        br_acc_add(kacc, bu_median(v, 31));
    }
    return iters;
}

/* One rep of the independent run: `total` kernels in MS_CHUNK-task chunks
 * round robin over n streams, then every stream synchronised. */
static int ms_rate_rep(aclrtStream *s, unsigned n, uint64_t total, void *arg, double *rate)
{
    uint64_t t0 = bu_now_ns();
    for (uint64_t i = 0, j = 0; i < total; i += MS_CHUNK, j++) {
        aclrtStream sj = s[j % n];
        uint64_t m = total - i < MS_CHUNK ? total - i : MS_CHUNK;
        for (uint64_t q = 0; q < m; q++)
            CK(cpuaclLaunchKernel(sj, k_work, arg));
    }
    for (unsigned i = 0; i < n; i++)
        CK(aclrtSynchronizeStream(s[i]));
    *rate = (double)total * 1e3 / (double)(bu_now_ns() - t0);
    return 0;
}

/*
 * The independent rate on n streams, c->reps times, with the workers'
 * counters around it: st0/st1 (c->workers each) before and after, *wall the
 * time from the first rep's start to the last one's end. Busy time is
 * credited when a worker goes idle, so the counters are read after an idle
 * pause on both sides.
 */
static int ms_measure(struct bs_ctx *c, aclrtStream *s, unsigned n, void *arg, const char *what,
                      struct br_acc *rate, cpuaclWorkerStats *st0, cpuaclWorkerStats *st1,
                      uint64_t *wall)
{
    for (unsigned i = 0; i < n; i++) { /* warm-up and placement */
        CK(cpuaclLaunchKernel(s[i], k_work, arg));
        CK(aclrtSynchronizeStream(s[i]));
    }
    sleep_ns(2000000);
    for (uint32_t w = 0; w < c->workers; w++)
        CK(cpuaclGetWorkerStats(c->device, w, &st0[w]));
    uint64_t first = bu_now_ns();
    for (unsigned r = 0; r < c->reps; r++) {
        double x = 0;
        progress(c, what);
        int rc = ms_rate_rep(s, n, ms_total(c), arg, &x);
        if (rc)
            return rc;
        br_acc_add(rate, x);
    }
    *wall = bu_now_ns() - first;
    sleep_ns(2000000);
    for (uint32_t w = 0; w < c->workers; w++)
        CK(cpuaclGetWorkerStats(c->device, w, &st1[w]));
    return 0;
}

/* The chained rate on n streams, c->reps times. */
static int ms_measure_chain(struct bs_ctx *c, aclrtStream *s, aclrtEvent *ev, unsigned n, void *arg,
                            const char *what, struct br_acc *rate)
{
    for (unsigned r = 0; r < c->reps; r++) {
        double x = 0;
        progress(c, what);
        int rc = ms_chain_rep(s, ev, n, ms_total(c), arg, &x);
        if (rc)
            return rc;
        br_acc_add(rate, x);
    }
    return 0;
}

static int ms_worker_sweep(struct bs_ctx *c);

static int study_multistream(struct bs_ctx *c)
{
    const unsigned *counts;
    unsigned ncounts;
    ms_counts(c, &counts, &ncounts);
    const uint64_t total = ms_total(c);
    /* The kernel's time measured on the host (timing it through the engine
     * would include the engine). */
    struct br_acc kacc = {0};
    uint64_t iters = ms_kernel(c, &kacc);
    void *arg = (void *)(uintptr_t)iters;
    double kmed = bu_median(kacc.v, kacc.n);

    aclrtStream s[MS_MAX_STREAMS];
    unsigned nmax = counts[ncounts - 1];
    for (unsigned i = 0; i < nmax; i++)
        CK(aclrtCreateStream(&s[i]));
    cpuaclWorkerStats *st0 = calloc(c->workers, sizeof(*st0));
    cpuaclWorkerStats *st1 = calloc(c->workers, sizeof(*st1));
    int rc = (st0 && st1) ? 0 : -1;
    struct br_results *R = c->res;
    struct br_figure *f;

    f = br_add(R, "multistream", "kernel", "kernel body (host)", "ns", BR_INFO, &kacc, NULL, NULL);
    br_set_note(f, "%llu rounds of integer work, calibrated to ~1 us", (unsigned long long)iters);
    struct br_acc ideal = {0};
    br_acc_add(&ideal, (double)c->workers * 1e3 / kmed);
    f = br_add(R, "multistream", "ideal", "ideal rate", "Mtask/s", BR_HIGHER, &ideal, NULL, NULL);
    br_set_note(f, "%u worker(s) x 1/kernel body", c->workers);
    struct br_acc serial = {0};
    br_acc_add(&serial, 1e3 / kmed);
    f = br_add(R, "multistream", "serial_ideal", "serial ideal rate", "Mtask/s", BR_HIGHER, &serial,
               NULL, NULL);
    br_set_note(f, "1/kernel body: the most an event chain (one kernel at a time) can reach");

    for (unsigned ci = 0; ci < ncounts && rc == 0; ci++) {
        unsigned n = counts[ci];
        static char what[64]; /* static: the watchdog may print it later */
        char key[32], label[48];
        snprintf(what, sizeof(what), "multistream: %u stream(s)", n);
        struct br_acc rate = {0};
        uint64_t wall = 1;
        rc = ms_measure(c, s, n, arg, what, &rate, st0, st1, &wall);
        if (rc)
            break;
        snprintf(key, sizeof(key), "rate_%u", n);
        snprintf(label, sizeof(label), "%u stream%s, rate", n, n > 1 ? "s" : "");
        f = br_add(R, "multistream", key, label, "Mtask/s", BR_HIGHER, &rate,
                   n > 1 ? "multistream.rate_1" : NULL, "multistream.ideal");
        br_set_note(f, "%llu kernels of ~1 us, %u-task chunks round robin",
                    (unsigned long long)total, MS_CHUNK);
        for (uint32_t w = 0; w < c->workers; w++) {
            struct br_acc u = {0};
            double busy = (double)(st1[w].busyNs - st0[w].busyNs);
            br_acc_add(&u, 100.0 * busy / (double)wall);
            snprintf(key, sizeof(key), "util_%u_w%u", n, w);
            snprintf(label, sizeof(label), "%u stream%s, worker %u busy", n, n > 1 ? "s" : "", w);
            f = br_add(R, "multistream", key, label, "%", BR_INFO, &u, NULL, NULL);
            br_set_note(f, "cpu %d, %u streams; tasks %llu, parks %llu, kicks %llu",
                        (int)st1[w].cpu, st1[w].streams,
                        (unsigned long long)(st1[w].tasks - st0[w].tasks),
                        (unsigned long long)(st1[w].parks - st0[w].parks),
                        (unsigned long long)(st1[w].wakeups - st0[w].wakeups));
        }
    }
    /* (a) the same work, event-chained streams, beside the independent case */
    aclrtEvent ev[MS_MAX_STREAMS];
    unsigned nev = 0;
    for (; nev < nmax && rc == 0; nev++)
        if (aclrtCreateEventExWithFlag(&ev[nev], ACL_EVENT_SYNC) != ACL_SUCCESS) {
            rc = -1;
            break;
        }
    for (unsigned ci = 1; ci < ncounts && rc == 0; ci++) {
        unsigned n = counts[ci];
        static char what[64]; /* static: the watchdog may print it later */
        char key[32], label[48], bkey[48];
        snprintf(what, sizeof(what), "multistream: %u event-chained streams", n);
        struct br_acc rate = {0};
        rc = ms_measure_chain(c, s, ev, n, arg, what, &rate);
        if (rc)
            break;
        snprintf(key, sizeof(key), "chain_rate_%u", n);
        snprintf(label, sizeof(label), "%u streams chained, rate", n);
        snprintf(bkey, sizeof(bkey), "multistream.rate_%u", n);
        f = br_add(R, "multistream", key, label, "Mtask/s", BR_HIGHER, &rate, bkey,
                   "multistream.serial_ideal");
        br_set_note(f, "as rate_%u, stream i waits on i-1's event before each %u-task chunk", n,
                    MS_CHUNK);
    }
    for (unsigned i = 0; i < nev; i++)
        aclrtDestroyEvent(ev[i]);

    /* (b) per-task latency distribution, 1 and 8 streams */
    static const unsigned lat_n[] = {1, 8};
    const unsigned samples = c->full ? 8000 : 2000;
    double *v = calloc(samples, sizeof(*v));
    uint64_t *sub = calloc(samples, sizeof(*sub)), *start = calloc(samples, sizeof(*start));
    if (rc == 0 && (!v || !sub || !start))
        rc = -1;
    ms_stamp_iters = iters;
    for (size_t li = 0; li < sizeof(lat_n) / sizeof(lat_n[0]) && rc == 0; li++) {
        unsigned n = lat_n[li];
        if (n > nmax)
            break;
        static char what[64]; /* static: the watchdog may print it later */
        char key[32], label[48];
        snprintf(what, sizeof(what), "multistream: task latency, %u stream(s)", n);
        struct br_acc p50 = {0}, p99 = {0};
        for (unsigned r = 0; r < c->reps && rc == 0; r++) {
            double a = 0, b = 0;
            progress(c, what);
            rc = ms_latency_rep(s, n, samples, v, sub, start, &a, &b);
            br_acc_add(&p50, a);
            br_acc_add(&p99, b);
        }
        if (rc)
            break;
        snprintf(key, sizeof(key), "lat_p50_%u", n);
        snprintf(label, sizeof(label), "%u stream%s, submit->start p50", n, n > 1 ? "s" : "");
        f = br_add(R, "multistream", key, label, "ns", BR_LOWER, &p50, "limits.mq_rtt",
                   "limits.cl_rtt");
        br_set_note(f, "%u tasks/rep, %u in flight (1 per stream), ~1 us kernels stamp the clock",
                    samples / n * n, n);
        snprintf(key, sizeof(key), "lat_p99_%u", n);
        snprintf(label, sizeof(label), "%u stream%s, submit->start p99", n, n > 1 ? "s" : "");
        br_add(R, "multistream", key, label, "ns", BR_LOWER, &p99, "limits.mq_rtt",
               "limits.cl_rtt");
    }
    free(v);
    free(sub);
    free(start);
    for (unsigned i = 0; i < nmax; i++)
        aclrtDestroyStream(s[i]);
    free(st0);
    free(st1);
    if (rc == 0)
        rc = ms_worker_sweep(c);
    return rc;
}

/*
 * The child side of the worker sweep (cpuacl-bench --child-multistream W,
 * run with CPUACL_WORKERS=W): the independent and chained rates on every
 * stream count, written to `out` one line per quantity, values per rep:
 *   kernel v...        the kernel body, ns (host-measured)
 *   rate N v...        Mtask/s on N streams
 *   util N x           mean busy share of the workers over those reps, %
 *   chain N v...       Mtask/s on N event-chained streams
 */
int bs_multistream_child(struct bs_ctx *c, FILE *out)
{
    const unsigned *counts;
    unsigned ncounts;
    ms_counts(c, &counts, &ncounts);
    struct br_acc kacc = {0};
    void *arg = (void *)(uintptr_t)ms_kernel(c, &kacc);
    fprintf(out, "kernel");
    for (unsigned i = 0; i < kacc.n; i++)
        fprintf(out, " %.6g", kacc.v[i]);
    fprintf(out, "\n");
    aclrtStream s[MS_MAX_STREAMS];
    aclrtEvent ev[MS_MAX_STREAMS];
    unsigned nmax = counts[ncounts - 1];
    for (unsigned i = 0; i < nmax; i++) {
        CK(aclrtCreateStream(&s[i]));
        CK(aclrtCreateEventExWithFlag(&ev[i], ACL_EVENT_SYNC));
    }
    cpuaclWorkerStats *st0 = calloc(c->workers, sizeof(*st0));
    cpuaclWorkerStats *st1 = calloc(c->workers, sizeof(*st1));
    int rc = (st0 && st1) ? 0 : -1;
    for (unsigned ci = 0; ci < ncounts && rc == 0; ci++) {
        struct br_acc rate = {0};
        uint64_t wall = 1;
        rc = ms_measure(c, s, counts[ci], arg, "rate", &rate, st0, st1, &wall);
        if (rc)
            break;
        fprintf(out, "rate %u", counts[ci]);
        for (unsigned i = 0; i < rate.n; i++)
            fprintf(out, " %.6g", rate.v[i]);
        double busy = 0;
        for (uint32_t w = 0; w < c->workers; w++)
            busy += (double)(st1[w].busyNs - st0[w].busyNs);
        fprintf(out, "\nutil %u %.6g\n", counts[ci], 100.0 * busy / c->workers / (double)wall);
    }
    for (unsigned ci = 1; ci < ncounts && rc == 0; ci++) {
        struct br_acc rate = {0};
        rc = ms_measure_chain(c, s, ev, counts[ci], arg, "chain", &rate);
        if (rc)
            break;
        fprintf(out, "chain %u", counts[ci]);
        for (unsigned i = 0; i < rate.n; i++)
            fprintf(out, " %.6g", rate.v[i]);
        fprintf(out, "\n");
    }
    fflush(out);
    for (unsigned i = 0; i < nmax; i++) {
        aclrtDestroyEvent(ev[i]);
        aclrtDestroyStream(s[i]);
    }
    free(st0);
    free(st1);
    return rc;
}

/* Parse one "tag N v..." line of the child's output into acc (N optional). */
static bool ms_parse_line(const char *line, const char *tag, unsigned *n, struct br_acc *acc)
{
    size_t tl = strlen(tag);
    if (strncmp(line, tag, tl) != 0 || line[tl] != ' ')
        return false;
    const char *p = line + tl;
    char *end;
    if (n) {
        unsigned long x = strtoul(p, &end, 10);
        if (end == p || x == 0 || x > MS_MAX_STREAMS)
            return false;
        *n = (unsigned)x;
        p = end;
    }
    acc->n = 0;
    for (;;) {
        double v = strtod(p, &end);
        if (end == p)
            break;
        if (!(v > 0))
            return false;
        br_acc_add(acc, v);
        p = end;
    }
    return acc->n > 0 && (*p == '\n' || *p == 0);
}

/*
 * The worker sweep: the rates again with 1, 2, 4, .. workers up to the
 * allowed CPUs, and twice that (oversubscribed), each in a child process
 * (a device's worker count is fixed at aclInit): figures w<W>_rate_<N>,
 * w<W>_chain_<N>, w<W>_util_<N> and w<W>_ideal.
 */
static int ms_worker_sweep(struct bs_ctx *c)
{
    int cpus[256];
    int ncpu = bu_allowed_cpus(cpus, 256);
    if (ncpu < 1)
        ncpu = 1;
    unsigned ws[16], nw = 0;
    for (unsigned w = 1; w < (unsigned)ncpu && w < MS_MAX_STREAMS; w *= 2)
        ws[nw++] = w;
    ws[nw++] = (unsigned)ncpu < MS_MAX_STREAMS ? (unsigned)ncpu : MS_MAX_STREAMS;
    if (2u * (unsigned)ncpu <= MS_MAX_STREAMS)
        ws[nw++] = 2u * (unsigned)ncpu;
    const size_t cap = 1u << 16;
    char *out = malloc(cap);
    if (!out)
        return -1;
    struct br_results *R = c->res;
    int rc = 0;
    for (unsigned wi = 0; wi < nw && rc == 0; wi++) {
        unsigned W = ws[wi];
        static char what[64]; /* static: the watchdog may print it later */
        snprintf(what, sizeof(what), "multistream: %u worker(s), child process", W);
        progress(c, what);
        char wbuf[16], rbuf[16], envw[48], why[160];
        snprintf(wbuf, sizeof(wbuf), "%u", W);
        snprintf(rbuf, sizeof(rbuf), "%u", c->reps);
        snprintf(envw, sizeof(envw), "CPUACL_WORKERS=%u", W);
        const char *args[] = {"--child-multistream",
                              wbuf,
                              "--reps",
                              rbuf,
                              c->full ? "--full" : "--quick",
                              c->host_cpu >= 0 ? NULL : "--no-pin",
                              NULL};
        const char *env[] = {envw, "CPUACL_TRACE", "CPUACL_TRACE_EVENTS", NULL};
        /* below the watchdog's 60 s (300 s): a hung child is named here */
        if (bu_run_self(args, env, c->full ? 280 : 55, out, cap, why, sizeof(why)) != 0) {
            fprintf(stderr, "cpuacl-bench: multistream with %u workers: %s\n", W, why);
            rc = -1;
            break;
        }
        struct br_acc acc;
        double kmed = 0;
        char key[40], label[48], bkey[48], lkey[48];
        snprintf(lkey, sizeof(lkey), "multistream.w%u_ideal", W);
        unsigned got = 0;
        for (char *line = out; line && *line && rc == 0;) {
            char *nl = strchr(line, '\n');
            unsigned n = 0;
            struct br_figure *f = NULL;
            if (ms_parse_line(line, "kernel", NULL, &acc)) {
                kmed = bu_median(acc.v, acc.n);
                struct br_acc ideal = {0};
                unsigned cores = W < (unsigned)ncpu ? W : (unsigned)ncpu;
                br_acc_add(&ideal, cores * 1e3 / kmed);
                snprintf(key, sizeof(key), "w%u_ideal", W);
                snprintf(label, sizeof(label), "%u worker%s, ideal rate", W, W > 1 ? "s" : "");
                f = br_add(R, "multistream", key, label, "Mtask/s", BR_HIGHER, &ideal, NULL, NULL);
                br_set_note(f, "min(workers, %d cpus) x 1/kernel body (%.0f ns)", ncpu, kmed);
            } else if (ms_parse_line(line, "rate", &n, &acc)) {
                snprintf(key, sizeof(key), "w%u_rate_%u", W, n);
                snprintf(label, sizeof(label), "%u worker%s, %u stream%s, rate", W,
                         W > 1 ? "s" : "", n, n > 1 ? "s" : "");
                snprintf(bkey, sizeof(bkey), "multistream.w%u_rate_1", W);
                f = br_add(R, "multistream", key, label, "Mtask/s", BR_HIGHER, &acc,
                           n > 1 ? bkey : NULL, lkey);
                got++;
            } else if (ms_parse_line(line, "chain", &n, &acc)) {
                snprintf(key, sizeof(key), "w%u_chain_%u", W, n);
                snprintf(label, sizeof(label), "%u worker%s, %u streams chained, rate", W,
                         W > 1 ? "s" : "", n);
                snprintf(bkey, sizeof(bkey), "multistream.w%u_rate_%u", W, n);
                f = br_add(R, "multistream", key, label, "Mtask/s", BR_HIGHER, &acc, bkey,
                           "multistream.serial_ideal");
            } else if (ms_parse_line(line, "util", &n, &acc)) {
                snprintf(key, sizeof(key), "w%u_util_%u", W, n);
                snprintf(label, sizeof(label), "%u worker%s, %u stream%s, busy", W,
                         W > 1 ? "s" : "", n, n > 1 ? "s" : "");
                f = br_add(R, "multistream", key, label, "%", BR_INFO, &acc, NULL, NULL);
                if (f)
                    br_set_note(f, "mean over the %u workers of busy time / wall time", W);
            } else {
                fprintf(stderr, "cpuacl-bench: multistream with %u workers: bad line '%.*s'\n", W,
                        nl ? (int)(nl - line) : (int)strlen(line), line);
                rc = -1;
            }
            if (f && !f->note[0])
                br_set_note(f, "child process, CPUACL_WORKERS=%u", W);
            line = nl ? nl + 1 : NULL;
        }
        if (rc == 0 && (kmed <= 0 || got == 0)) {
            fprintf(stderr, "cpuacl-bench: multistream with %u workers: no figures\n", W);
            rc = -1;
        }
    }
    free(out);
    return rc;
}

/* ------------------------------------------------------------------------
 * capture: capture cost per task, replay per node vs eager per task
 * ---------------------------------------------------------------------- */
enum { CAP_LANES = 8 }; /* most lanes of the lane graphs */

/* Eager: `reps` x (n empty kernels), then one sync; ns per task. */
static int eager_rep(aclrtStream s, unsigned n, uint64_t execs, double *out)
{
    uint64_t t0 = bu_now_ns();
    for (uint64_t e = 0; e < execs; e++)
        for (unsigned i = 0; i < n; i++)
            CK(cpuaclLaunchKernel(s, k_nop, NULL));
    CK(aclrtSynchronizeStream(s));
    *out = (double)(bu_now_ns() - t0) / ((double)execs * n);
    return 0;
}

/* Capture n empty kernels on s; per task: *ns the launches alone, *all
 * Begin..End inclusive (End compiles the replay plan). */
static int capture_rep(aclrtStream s, unsigned n, aclmdlRI *ri, double *ns, double *all)
{
    uint64_t t0 = bu_now_ns();
    CK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    uint64_t t1 = bu_now_ns();
    for (unsigned i = 0; i < n; i++) {
        aclError e = cpuaclLaunchKernel(s, k_nop, NULL);
        if (e != ACL_SUCCESS) {
            aclmdlRI junk = NULL;
            aclmdlRICaptureEnd(s, &junk);
            if (junk)
                aclmdlRIDestroy(junk);
            CK(e);
        }
    }
    uint64_t t2 = bu_now_ns();
    CK(aclmdlRICaptureEnd(s, ri));
    *all = (double)(bu_now_ns() - t0) / n;
    *ns = (double)(t2 - t1) / n;
    return 0;
}

/* `execs` replays of ri on s, then one sync; ns per node. */
static int replay_rep(aclrtStream s, aclmdlRI ri, unsigned nodes, uint64_t execs, double *out)
{
    uint64_t t0 = bu_now_ns();
    for (uint64_t e = 0; e < execs; e++)
        CK(aclmdlRIExecuteAsync(ri, s));
    CK(aclrtSynchronizeStream(s));
    *out = (double)(bu_now_ns() - t0) / ((double)execs * nodes);
    return 0;
}

/* The multi-lane graph: s[0] forks to s[1..nl-1] through fork, each lane
 * runs per_lane empty kernels, lanes 1..nl-1 join back into s[0] through
 * join[]. With nl = 1 it is a plain chain of per_lane kernels. */
static aclError lanes_submit(aclrtStream *s, aclrtEvent fork, aclrtEvent *join, unsigned nl,
                             unsigned per_lane)
{
    aclError e = ACL_SUCCESS;
    if (nl > 1)
        e = aclrtRecordEvent(fork, s[0]);
    for (unsigned l = 1; l < nl && e == ACL_SUCCESS; l++)
        e = aclrtStreamWaitEvent(s[l], fork);
    for (unsigned l = 0; l < nl && e == ACL_SUCCESS; l++)
        for (unsigned i = 0; i < per_lane && e == ACL_SUCCESS; i++)
            e = cpuaclLaunchKernel(s[l], k_nop, NULL);
    for (unsigned l = 1; l < nl && e == ACL_SUCCESS; l++) {
        e = aclrtRecordEvent(join[l], s[l]);
        if (e == ACL_SUCCESS)
            e = aclrtStreamWaitEvent(s[0], join[l]);
    }
    return e;
}

static int capture_lanes(struct bs_ctx *c, aclrtStream *s, unsigned nl, struct br_acc *eager,
                         struct br_acc *replay, unsigned per_lane, uint64_t execs)
{
    aclrtEvent fork, join[CAP_LANES];
    CK(aclrtCreateEventExWithFlag(&fork, ACL_EVENT_SYNC));
    for (unsigned l = 1; l < nl; l++)
        CK(aclrtCreateEventExWithFlag(&join[l], ACL_EVENT_SYNC));
    const unsigned nodes = per_lane * nl;
    int rc = 0;
    aclmdlRI ri = NULL;
    static char what[64]; /* static: the watchdog may print it later */
    aclError e = aclmdlRICaptureBegin(s[0], ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    if (e == ACL_SUCCESS) {
        aclError e2 = lanes_submit(s, fork, join, nl, per_lane);
        e = aclmdlRICaptureEnd(s[0], &ri);
        if (e2 != ACL_SUCCESS)
            e = e2;
    }
    if (e != ACL_SUCCESS) {
        const char *m = aclGetRecentErrMsg();
        fprintf(stderr, "cpuacl-bench: capture: %u-lane capture failed: %d (%s)\n", nl, (int)e,
                m ? m : "");
        rc = (int)e;
    }
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        snprintf(what, sizeof(what), "capture: %u lane(s), eager", nl);
        progress(c, what);
        uint64_t t0 = bu_now_ns();
        for (uint64_t x = 0; x < execs && rc == 0; x++)
            if (lanes_submit(s, fork, join, nl, per_lane) != ACL_SUCCESS)
                rc = -1;
        if (rc == 0 && aclrtSynchronizeStream(s[0]) != ACL_SUCCESS)
            rc = -1;
        br_acc_add(eager, (double)(bu_now_ns() - t0) / ((double)execs * nodes));
        snprintf(what, sizeof(what), "capture: %u lane(s), replay", nl);
        progress(c, what);
        double x = 0;
        if (rc == 0)
            rc = replay_rep(s[0], ri, nodes, execs, &x);
        br_acc_add(replay, x);
    }
    if (ri)
        aclmdlRIDestroy(ri);
    for (unsigned l = 1; l < nl; l++)
        aclrtDestroyEvent(join[l]);
    aclrtDestroyEvent(fork);
    return rc;
}

static int study_capture(struct bs_ctx *c)
{
    static const unsigned sizes[] = {10, 100, 1000, 10000};
    const uint64_t work_total = c->full ? 1000000u : 200000u; /* tasks per rep and size */
    aclrtStream s[CAP_LANES];
    for (unsigned l = 0; l < CAP_LANES; l++)
        CK(aclrtCreateStream(&s[l]));
    struct br_results *R = c->res;
    struct br_figure *f;
    int rc = 0;
    double x;
    /* eager submit cost in this run (the capture target's reference) */
    struct br_acc sub = {0};
    rc = eager_rep(s[0], 1000, 20, &x); /* warm-up */
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        progress(c, "capture: eager submit cost");
        rc = launch_submit_rep(c, s[0], &x);
        br_acc_add(&sub, x);
    }
    if (rc == 0) {
        f = br_add(R, "capture", "eager_submit", "eager submit (this run)", "ns", BR_LOWER, &sub,
                   "limits.mq_push", "limits.ring_push");
        br_set_note(f, "cpuaclLaunchKernel, %u-launch batches: the capture reference", BS_BATCH);
        f = br_add_value(R, "capture", "target_ns", "replay target per node", "ns", BR_INFO, 5.0, 1,
                         NULL, NULL);
        br_set_note(f, "project target (issue 4), not a measurement");
    }
    for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]) && rc == 0; si++) {
        const unsigned n = sizes[si];
        if (!c->full && n > 10000)
            continue;
        uint64_t execs = work_total / n;
        if (execs < 10)
            execs = 10;
        struct br_acc cap = {0}, capall = {0}, eag = {0}, rep = {0};
        static char what[64];
        for (unsigned r = 0; r < c->reps && rc == 0; r++) {
            snprintf(what, sizeof(what), "capture: %u nodes", n);
            progress(c, what);
            aclmdlRI ri = NULL;
            double y = 0;
            rc = capture_rep(s[0], n, &ri, &x, &y);
            if (rc)
                break;
            br_acc_add(&cap, x);
            br_acc_add(&capall, y);
            rc = eager_rep(s[0], n, execs, &x);
            br_acc_add(&eag, x);
            if (rc == 0) {
                rc = replay_rep(s[0], ri, n, execs, &x);
                br_acc_add(&rep, x);
            }
            aclmdlRIDestroy(ri);
        }
        if (rc)
            break;
        char key[32], label[48], ekey[48];
        snprintf(key, sizeof(key), "capture_%u", n);
        snprintf(label, sizeof(label), "capture per task, %u", n);
        f = br_add(R, "capture", key, label, "ns", BR_LOWER, &cap, "capture.eager_submit", NULL);
        br_set_target(f, 'b', '<', 2.0);
        br_set_note(f, "%u launches while capturing, per task", n);
        snprintf(key, sizeof(key), "capend_%u", n);
        snprintf(label, sizeof(label), "capture+Begin/End per task, %u", n);
        f = br_add(R, "capture", key, label, "ns", BR_LOWER, &capall, "capture.eager_submit", NULL);
        br_set_note(f, "Begin + %u launches + End (compiles the plan), per task", n);
        snprintf(key, sizeof(key), "eager_%u", n);
        snprintf(label, sizeof(label), "eager per task, %u", n);
        f = br_add(R, "capture", key, label, "ns", BR_LOWER, &eag, "limits.mq_push",
                   "limits.ring_push");
        br_set_note(f, "%llu x %u launches + 1 sync, per task (submit + execute)",
                    (unsigned long long)execs, n);
        snprintf(ekey, sizeof(ekey), "capture.eager_%u", n);
        snprintf(key, sizeof(key), "replay_%u", n);
        snprintf(label, sizeof(label), "replay per node, %u", n);
        f = br_add(R, "capture", key, label, "ns", BR_LOWER, &rep, ekey,
                   n == 1000 ? "capture.target_ns" : NULL);
        br_set_target(f, 'b', '<', 0.2);
        if (n == 1000)
            br_set_target(f, 'l', '<', 1.0);
        br_set_note(f, "%llu aclmdlRIExecuteAsync + 1 sync, per node; vs eager per task",
                    (unsigned long long)execs);
    }
    /* By number of lanes: ~1000 kernel nodes split over 1, 2, 4, 8 lanes of
     * equal length. The 4-lane figures keep their historical keys
     * (eager_lanes, replay_lanes: the report's charts and peers use them). */
    static const unsigned lanes[] = {1, 2, 4, 8};
    for (size_t li = 0; li < sizeof(lanes) / sizeof(lanes[0]) && rc == 0; li++) {
        const unsigned nl = lanes[li];
        struct br_acc eag = {0}, rep = {0};
        const unsigned per_lane = 1000 / nl;
        uint64_t execs = work_total / (per_lane * nl);
        rc = capture_lanes(c, s, nl, &eag, &rep, per_lane, execs < 10 ? 10 : execs);
        if (rc)
            break;
        char ekey[32], rkey[32], label[48], eref[48];
        if (nl == 4) {
            snprintf(ekey, sizeof(ekey), "eager_lanes");
            snprintf(rkey, sizeof(rkey), "replay_lanes");
        } else {
            snprintf(ekey, sizeof(ekey), "eager_lanes_%u", nl);
            snprintf(rkey, sizeof(rkey), "replay_lanes_%u", nl);
        }
        snprintf(label, sizeof(label), "eager per task, %u lane%s", nl, nl > 1 ? "s" : "");
        f = br_add(R, "capture", ekey, label, "ns", BR_LOWER, &eag, "limits.mq_push",
                   "limits.ring_push");
        if (nl > 1)
            br_set_note(f, "fork/join through events, %u kernels per lane", per_lane);
        else
            br_set_note(f, "one lane (no events), %u kernels", per_lane);
        snprintf(eref, sizeof(eref), "capture.%s", ekey);
        snprintf(label, sizeof(label), "replay per node, %u lane%s", nl, nl > 1 ? "s" : "");
        f = br_add(R, "capture", rkey, label, "ns", BR_LOWER, &rep, eref, NULL);
        br_set_target(f, 'b', '<', 0.2);
        br_set_note(f, "%u kernel nodes + %u record/wait nodes, per kernel node", per_lane * nl,
                    nl > 1 ? 3 * (nl - 1) + 1 : 0);
    }
    for (unsigned l = 0; l < CAP_LANES; l++)
        aclrtDestroyStream(s[l]);
    return rc;
}

/* ------------------------------------------------------------------------
 * The traced phase of --out (bench_studies.h)
 * ---------------------------------------------------------------------- */
int bs_trace_phase(const char *path)
{
    enum { NS = 4, PER = 500 };
    double kns;
    uint64_t iters = calibrate_work(&kns);
    void *arg = (void *)(uintptr_t)iters;
    aclrtStream s[NS];
    aclrtEvent ev[NS];
    for (unsigned i = 0; i < NS; i++) {
        CK(aclrtCreateStream(&s[i]));
        CK(aclrtCreateEventExWithFlag(&ev[i], ACL_EVENT_SYNC));
    }
    /* independent streams, then event-chained pairs (1 waits on 0, 3 on 2) */
    for (unsigned round = 0; round < 2; round++) {
        for (unsigned k = 0; k < PER; k += 50) {
            for (unsigned i = 0; i < NS; i++) {
                for (unsigned q = 0; q < 50; q++)
                    CK(cpuaclLaunchKernel(s[i], k_work, arg));
                if (round == 1 && i % 2 == 0) {
                    CK(aclrtRecordEvent(ev[i], s[i]));
                    CK(aclrtStreamWaitEvent(s[i + 1], ev[i]));
                }
            }
        }
        for (unsigned i = 0; i < NS; i++)
            CK(aclrtSynchronizeStream(s[i]));
    }
    CK(cpuaclTraceDump(path));
    for (unsigned i = 0; i < NS; i++) {
        aclrtDestroyEvent(ev[i]);
        aclrtDestroyStream(s[i]);
    }
    return 0;
}

static int study_memcpy(struct bs_ctx *c)
{
    return bs_study_memcpy(c, progress);
}

static int study_alloc(struct bs_ctx *c)
{
    return bs_study_alloc(c, progress);
}

static int study_peers(struct bs_ctx *c)
{
    return bs_study_peers(c, progress);
}

/* ------------------------------------------------------------------------
 * Registry
 * ---------------------------------------------------------------------- */
const struct bs_study bs_studies[] = {
    {"limits", "physical limits and baselines (always measured: every ratio refers to them)",
     "Cache-line round trip between the host core and worker 0's core (two threads\n"
     "ping-pong one atomic); a raw SPSC ring of 64-byte records shaped like the\n"
     "engine's (producer-only time per push while a consumer drains, and sustained\n"
     "items/s, the consumer calling each record's function); a pthread mutex+condvar\n"
     "queue of the same records (push cost, items/s, ping-pong round trip); memcpy\n"
     "bandwidth at 64 MiB on one thread; the cost of one clock read.",
     study_limits},
    {"launch", "submit cost of an empty kernel; sustained tasks/s on one stream",
     "Host time per cpuaclLaunchKernel of an empty kernel, in batches of 256 while\n"
     "the worker drains (synchronised between batches, outside the timing): vs the\n"
     "raw ring push (target <= 5x). Sustained rate: 200k (full: 1M) empty kernels\n"
     "then aclrtSynchronizeStream: vs the raw ring rate (target >= 0.3x) and the\n"
     "mutex+condvar queue (target >= 10x). Also the submit cost of the first 256\n"
     "launches after a 2 ms idle pause (the worker has parked), with the number of\n"
     "futex wake-ups (kicks) the submitter issued to the worker per burst.",
     study_launch},
    {"roundtrip", "launch + aclrtSynchronizeStream latency: p50, p90, p99, max",
     "Each sample launches one empty kernel and synchronises the stream; 2000\n"
     "(full: 10000) samples per repetition, back to back so the worker is spinning:\n"
     "vs the cache-line round trip (target p50 <= 3x). Also the same after a 2 ms\n"
     "idle pause (the worker has parked: the futex wake-up path). The notes give\n"
     "worker parks and kicks (futex wake-ups issued to it) per round trip. Each\n"
     "sample includes one clock read (see limits: clock read).",
     study_roundtrip},
    {"event", "cross-stream record -> kernel-start latency; wait cost by 1..64 waiters",
     "s1 runs a gate kernel, a kernel that reads CLOCK_MONOTONIC, and a record of an\n"
     "event; s2 waits on the event and runs a kernel that reads the clock. The gate\n"
     "holds s1 until all is queued, so the figure is the device-side path from the\n"
     "record to the next kernel's start. Also the host cost of one\n"
     "aclrtRecordEvent + aclrtStreamWaitEvent pair. Fan-out: one event recorded\n"
     "behind the gate, N streams (1, 2, 8, 64) each wait on it and run a\n"
     "clock-stamping kernel: host cost per wait (the N waits timed together) and\n"
     "record -> the last waiter's kernel start (p50, p99) vs the cache-line round trip.",
     study_event},
    {"multistream", "~1 us kernels over 1..8 (full: 64) streams, 1..2xcpus workers: rate, latency",
     "20000 (full: 100000) kernels of ~1 us of integer work, submitted from one host\n"
     "thread in chunks of 64 round robin over N streams (N = 1, 2, 4, 8; full also\n"
     "16, 64), then every stream synchronised. Rate vs 1 stream and vs the ideal\n"
     "(workers / kernel time); per worker: busy time as a share of the wall time,\n"
     "tasks, parks and kicks (cpuaclGetWorkerStats). Event-chained: the same chunks,\n"
     "but stream i waits on an event stream i-1 recorded after its previous chunk\n"
     "(ratio to the independent rate and to the serial ideal, 1 / kernel time: a\n"
     "chain runs one kernel at a time). Per-task latency: rounds of one stamping\n"
     "~1 us kernel per stream (1 and 8 streams), submit -> kernel start p50, p99.\n"
     "These use the runtime's worker count (CPUACL_WORKERS, default cpus - 1). Then\n"
     "the worker sweep: the independent and chained rates again with 1, 2, 4, ..\n"
     "workers up to the allowed cpus and twice that (oversubscribed), each count in a\n"
     "child process (a device's workers are fixed at aclInit): rate vs 1 stream and\n"
     "vs that count's ideal (min(workers, cpus) / kernel time), and the workers' mean\n"
     "busy share.",
     study_multistream},
    {"capture", "capture cost per task; replay per node vs eager per task, 10..10000 nodes",
     "Captures N empty kernels on a stream (aclmdlRICaptureBegin .. End, N = 10, 100,\n"
     "1000, 10000): time per captured launch vs an eager submit measured in the same\n"
     "run (target <= 2x), and the same including Begin and End (End compiles the\n"
     "replay plan). Replays the model many times (aclmdlRIExecuteAsync, one sync at the\n"
     "end; 200k, full 1M nodes per repetition): time per node vs eager per task for\n"
     "the same N kernels launched and executed (target >= 5x cheaper, i.e. <= 0.2x)\n"
     "and, at 1000 nodes, vs the 5 ns per node target. Also by number of lanes:\n"
     "1000 kernels in 1, 2, 4, 8 lanes of equal length (one stream forks to the\n"
     "others through an event, joined back through events): replay per kernel node\n"
     "vs the same work eager.",
     study_capture},
    {"memcpy", "aclrtMemcpy / aclrtMemcpyAsync bandwidth by size and kind vs memcpy(3)",
     "Copies of 64 B, 4 KiB, 256 KiB, 4 MiB, 64 MiB (full: also 64 KiB, 256 MiB)\n"
     "between page-locked host memory (aclrtMallocHost) and device memory\n"
     "(aclrtMalloc HUGE_FIRST), all faulted in first: memcpy(3) of the same size is\n"
     "the baseline (target >= 0.95x at 64 MiB), the 64 MiB memcpy of `limits` the\n"
     "limit. H2D by size, synchronous and async (queued, one sync); D2H, D2D and\n"
     "H2H at 64 MiB and above. Also the host cost of a 64 B async copy submit.",
     study_memcpy},
    {"alloc", "aclrtMalloc+aclrtFree vs jemalloc and malloc; huge-page coverage",
     "Pairs of aclrtMalloc(HUGE_FIRST)+aclrtFree of 64 B, 4 KiB, 64 KiB, 1 MiB,\n"
     "64 MiB beside jemalloc mallocx+dallocx (64-byte aligned; target <= 1.5x at\n"
     "4 KiB) and malloc+free (glibc's, named in the note). Then the huge-page\n"
     "coverage of a 256 MiB (full: 1 GiB) HUGE_FIRST allocation after touching it:\n"
     "AnonHugePages / Rss of its mappings in /proc/self/smaps (depends on THP mode).",
     study_alloc},
    {"ops", "heavy aclnn operators vs their floors: sgemm GFLOP/s, memcpy GB/s", BS_OPS_HELP,
     bs_study_ops},
    {"peers", "OpenCL on CPU (PoCL) and oneTBB flow graph, when installed",
     "OpenCL (any platform's CPU device, i.e. PoCL): an empty kernel enqueued on an\n"
     "in-order queue with events (host cost), enqueue + drain per kernel, enqueue +\n"
     "clFinish round trip, and a cross-queue event chain + clFinish. oneTBB flow\n"
     "graph: per-node cost of a chain of continue_nodes (10 and 1000 nodes) and of\n"
     "a fan-out to 1000. Each figure's baseline is its cpuacl counterpart when that\n"
     "study ran in the same invocation (ratio = peer / cpuacl). A peer not found at\n"
     "configure time, or without a CPU device, is reported as skipped. Debian:\n"
     "pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers libtbb-dev.",
     study_peers},
};

const size_t bs_nstudies = sizeof(bs_studies) / sizeof(bs_studies[0]);

const struct bs_study *bs_find(const char *name)
{
    for (size_t i = 0; i < bs_nstudies; i++)
        if (strcmp(bs_studies[i].name, name) == 0)
            return &bs_studies[i];
    return NULL;
}
