/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `roundtrip` (registry: bench_studies.c; help text below).
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "bench_study.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

/* ------------------------------------------------------------------------
 * roundtrip: launch + aclrtSynchronizeStream latency distribution
 * ---------------------------------------------------------------------- */
static void h_nop(void *arg)
{
    (void)arg;
}

/* One timed round trip on s: queue an empty kernel (or, with hostfn, an empty
 * host function), synchronise. The time in ns, or -1 after reporting a failed
 * call. Always inlined with a constant hostfn, so each loop below times just
 * the two calls it names. */
static inline __attribute__((always_inline)) double roundtrip_ns(aclrtStream s, bool hostfn)
{
    uint64_t t0 = bu_now_ns();
    aclError e1 =
        hostfn ? aclrtLaunchHostFunc(s, h_nop, NULL) : cpuaclLaunchKernel(s, bs_k_nop, NULL);
    aclError e2 = aclrtSynchronizeStream(s);
    uint64_t t1 = bu_now_ns();
    if (e1 != ACL_SUCCESS || e2 != ACL_SUCCESS) {
        fprintf(stderr, "cpuacl-bench: roundtrip: %s %d, sync %d\n",
                hostfn ? "host function" : "launch", (int)e1, (int)e2);
        return -1.0;
    }
    return (double)(t1 - t0);
}

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
    int rc = bs_worker_kicks(c, &wk0, &parks0);
    for (unsigned i = 0; i < 100 && rc == 0; i++) { /* warm-up */
        if (cpuaclLaunchKernel(s, bs_k_nop, NULL) != ACL_SUCCESS || aclrtSynchronizeStream(s))
            rc = -1;
    }
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        bs_progress(c, "roundtrip: launch + sync");
        for (unsigned i = 0; i < k; i++) {
            double t = roundtrip_ns(s, false);
            if (t < 0) {
                rc = -1;
                break;
            }
            v[i] = t;
        }
        bu_sort(v, k);
        br_acc_add(&p50, bu_quantile_sorted(v, k, 0.50));
        br_acc_add(&p90, bu_quantile_sorted(v, k, 0.90));
        br_acc_add(&p99, bu_quantile_sorted(v, k, 0.99));
        if (v[k - 1] > maxv)
            maxv = v[k - 1];
    }
    if (rc == 0)
        rc = bs_worker_kicks(c, &wk1, &parks1);
    /* After an idle pause longer than the spin budget: the worker has parked,
     * so this is the wake-up path users hit after a pause. */
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        bs_progress(c, "roundtrip: after 2 ms idle");
        for (unsigned i = 0; i < k_idle; i++) {
            bs_sleep_ns(2000000);
            double t = roundtrip_ns(s, false);
            if (t < 0) {
                rc = -1;
                break;
            }
            vi[i] = t;
        }
        br_acc_add(&idle, bu_median(vi, k_idle));
    }
    if (rc == 0)
        rc = bs_worker_kicks(c, &wk2, &parks2);
    /* Host function round trip: aclrtLaunchHostFunc + sync (host functions
     * run on host threads, off the device workers: issue 11). */
    struct br_acc hf = {0};
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        bs_progress(c, "roundtrip: host function + sync");
        for (unsigned i = 0; i < k; i++) {
            double t = roundtrip_ns(s, true);
            if (t < 0) {
                rc = -1;
                break;
            }
            v[i] = t;
        }
        if (rc == 0)
            br_acc_add(&hf, bu_median(v, k));
    }
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
    br_set_target(f, 'l', '<', 1.5); /* issue 16 */
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
    f = br_add(R, "roundtrip", "hostfn", "host function+sync p50", "ns", BR_LOWER, &hf,
               "limits.mq_rtt", "limits.cl_rtt");
    br_set_note(f, "%u per rep: aclrtLaunchHostFunc (empty function) + aclrtSynchronizeStream", k);
    return 0;
}

const struct bs_study bs_roundtrip_study = {
    "roundtrip", "launch + aclrtSynchronizeStream latency: p50, p90, p99, max",
    "Each sample launches one empty kernel and synchronises the stream; 2000\n"
    "(full: 10000) samples per repetition, back to back so the worker is spinning:\n"
    "vs the cache-line round trip (target p50 <= 3x). Also the same after a 2 ms\n"
    "idle pause (the worker has parked: the futex wake-up path). The notes give\n"
    "worker parks and kicks (futex wake-ups issued to it) per round trip. Each\n"
    "sample includes one clock read (see limits: clock read). Last, an empty\n"
    "host function + sync (host functions run on host threads).",
    study_roundtrip,
};
