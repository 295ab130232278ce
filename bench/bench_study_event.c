/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `event` (registry: bench_studies.c; help text below).
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "bench_study.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

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
    CK(cpuaclLaunchKernel(es->s1, bs_k_gate, (void *)&gate));
    aclError e = cpuaclLaunchKernel(es->s1, bs_k_stamp, &t1);
    if (e == ACL_SUCCESS)
        e = aclrtRecordEvent(es->e, es->s1);
    if (e == ACL_SUCCESS)
        e = aclrtStreamWaitEvent(es->s2, es->e);
    if (e == ACL_SUCCESS)
        e = cpuaclLaunchKernel(es->s2, bs_k_stamp, &t2);
    /* release: pairs with the acquire in bs_k_gate (opened on failure too, so
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
    unsigned nb = bs_n_batches(c);
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
    CK(cpuaclLaunchKernel(s1, bs_k_gate, (void *)&gate));
    aclError e = cpuaclLaunchKernel(s1, bs_k_stamp, &t1);
    if (e == ACL_SUCCESS)
        e = aclrtRecordEvent(ev, s1);
    uint64_t h0 = bu_now_ns();
    for (unsigned i = 0; i < n && e == ACL_SUCCESS; i++)
        e = aclrtStreamWaitEvent(w[i], ev);
    uint64_t h1 = bu_now_ns();
    for (unsigned i = 0; i < n && e == ACL_SUCCESS; i++)
        e = cpuaclLaunchKernel(w[i], bs_k_stamp, &t2[i]);
    /* release: pairs with the acquire in bs_k_gate (opened on failure too). */
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
            bs_progress(c, what);
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
        bs_progress(c, "event: record -> wait -> kernel start");
        for (unsigned i = 0; i < k && rc == 0; i++)
            rc = event_sample(&es, &v[i]);
        if (rc)
            break;
        bu_sort(v, k);
        br_acc_add(&p50, bu_quantile_sorted(v, k, 0.50));
        br_acc_add(&p99, bu_quantile_sorted(v, k, 0.99));
        bs_progress(c, "event: record+wait cost");
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
    br_set_target(f, 'l', '<', 1.5); /* issue 16 */
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

const struct bs_study bs_event_study = {
    "event", "cross-stream record -> kernel-start latency; wait cost by 1..64 waiters",
    "s1 runs a gate kernel, a kernel that reads CLOCK_MONOTONIC, and a record of an\n"
    "event; s2 waits on the event and runs a kernel that reads the clock. The gate\n"
    "holds s1 until all is queued, so the figure is the device-side path from the\n"
    "record to the next kernel's start. Also the host cost of one\n"
    "aclrtRecordEvent + aclrtStreamWaitEvent pair. Fan-out: one event recorded\n"
    "behind the gate, N streams (1, 2, 8, 64) each wait on it and run a\n"
    "clock-stamping kernel: host cost per wait (the N waits timed together) and\n"
    "record -> the last waiter's kernel start (p50, p99) vs the cache-line round trip.",
    study_event,
};
