/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `launch` (registry: bench_studies.c; help text below).
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
 * launch: submit cost and sustained rate of empty kernels on one stream
 * ---------------------------------------------------------------------- */

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

/* One rep of submit cost after an idle pause longer than the spin budget
 * (the worker has parked): median over samples of the first BS_BATCH
 * launches' cost per launch. */
static int launch_idle_rep(struct bs_ctx *c, aclrtStream s, unsigned samples, double *out)
{
    double v[64];
    if (samples > 64)
        samples = 64;
    for (unsigned k = 0; k < samples; k++) {
        bs_sleep_ns(2000000);
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < BS_BATCH; i++)
            CK(cpuaclLaunchKernel(s, bs_k_nop, NULL));
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
    rc = launch_rate_rep(c, s, bs_k_nop, NULL, 4 * c->ring_slots, &x);
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        bs_progress(c, "launch: submit cost");
        rc = bs_launch_submit_rep(c, s, &x);
        br_acc_add(&sub, x);
        if (rc)
            break;
        bs_progress(c, "launch: sustained rate");
        rc = launch_rate_rep(c, s, bs_k_nop, NULL, bs_n_items(c), &x);
        br_acc_add(&rate, x / 1e6);
        if (rc)
            break;
        bs_progress(c, "launch: submit after 2 ms idle");
        rc = bs_worker_kicks(c, &kick0, &park0);
        if (rc == 0)
            rc = launch_idle_rep(c, s, idle_samples, &x);
        if (rc == 0)
            rc = bs_worker_kicks(c, &kick1, &park1);
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
    br_set_note(f, "%llu empty kernels + sync", (unsigned long long)bs_n_items(c));
    f = br_add(c->res, "launch", "submit_idle", "submit, after 2 ms idle", "ns", BR_LOWER, &idle,
               "limits.mq_push", "limits.ring_push");
    br_set_note(f, "first %u launches; worker kicks %.1f per burst (parks %.2f)", BS_BATCH,
                (double)kicks / ((double)idle_samples * c->reps),
                (double)parks / ((double)idle_samples * c->reps));
    return 0;
}

const struct bs_study bs_launch_study = {
    "launch", "submit cost of an empty kernel; sustained tasks/s on one stream",
    "Host time per cpuaclLaunchKernel of an empty kernel, in batches of 256 while\n"
    "the worker drains (synchronised between batches, outside the timing): vs the\n"
    "raw ring push (target <= 5x). Sustained rate: 200k (full: 1M) empty kernels\n"
    "then aclrtSynchronizeStream: vs the raw ring rate (target >= 0.3x) and the\n"
    "mutex+condvar queue (target >= 10x). Also the submit cost of the first 256\n"
    "launches after a 2 ms idle pause (the worker has parked), with the number of\n"
    "futex wake-ups (kicks) the submitter issued to the worker per burst.",
    study_launch,
};
