/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the studies of cpuacl-bench share (bench_study.h): progress, run
 * sizes, the kernels they launch.
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

_Atomic uint64_t bs_beat;
const char *_Atomic bs_step;

void bs_report_failure(const char *call, aclError e)
{
    const char *m = aclGetRecentErrMsg();
    fprintf(stderr, "cpuacl-bench: %s failed: %d (%s)\n", call, (int)e, m ? m : "no message");
}

void bs_progress(const struct bs_ctx *c, const char *what)
{
    /* relaxed: the watchdog only needs to see that something moves. */
    atomic_store_explicit(&bs_step, what, memory_order_relaxed);
    atomic_fetch_add_explicit(&bs_beat, 1, memory_order_relaxed);
    if (c->bar && c->study_count) {
        /* [#####.....] 3/6 12s/~20s, ~40s left  step: the bar fills by
         * expected time (studies done plus this one's share so far) */
        enum { W = 24 };
        double el = (double)(bu_now_ns() - c->study_t0_ns) / 1e9;
        double here = c->study_est_s > el ? c->study_est_s - el : 0; /* left in this study */
        double frac = (double)c->study_index / c->study_count;
        if (c->study_est_s > 0)
            frac += (el < c->study_est_s ? el / c->study_est_s : 1.0) / c->study_count;
        unsigned done = (unsigned)(frac * W);
        char bar[W + 1];
        for (unsigned i = 0; i < W; i++)
            bar[i] = i < done ? '#' : '.';
        bar[W] = 0;
        if (el <= c->study_est_s)
            fprintf(stderr, "\r\033[K[%s] %u/%u %.0fs/~%.0fs, ~%.0fs left  %.50s", bar,
                    c->study_index + 1, c->study_count, el, c->study_est_s, here + c->rest_est_s,
                    what);
        else /* past its estimate: what is left after it */
            fprintf(stderr, "\r\033[K[%s] %u/%u %.0fs (~%.0fs expected), then ~%.0fs  %.50s", bar,
                    c->study_index + 1, c->study_count, el, c->study_est_s, c->rest_est_s, what);
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
uint64_t bs_n_items(const struct bs_ctx *c) /* sustained-rate runs */
{
    return c->full ? 1000000u : 200000u;
}
unsigned bs_n_batches(const struct bs_ctx *c) /* submit-cost batches per rep */
{
    return c->full ? 1000u : 200u;
}

/* ------------------------------------------------------------------------
 * Kernels (run on the device's workers)
 * ---------------------------------------------------------------------- */
int32_t bs_k_nop(void *args)
{
    (void)args;
    return 0;
}

/* Writes CLOCK_MONOTONIC at kernel start into *(uint64_t *)args. The host
 * reads it after synchronising, which orders the access. */
int32_t bs_k_stamp(void *args)
{
    *(uint64_t *)args = bu_now_ns();
    return 0;
}

/* Holds its stream until the host opens the gate. */
int32_t bs_k_gate(void *args)
{
    _Atomic uint32_t *gate = args;
    unsigned n = 0;
    /* acquire: pairs with the host's release that opens the gate. */
    while (!atomic_load_explicit(gate, memory_order_acquire))
        bu_backoff(&n);
    return 0;
}

/* About `iters` rounds of dependent integer work (calibrated to ~1 us). */
uint64_t bs_work(uint64_t iters)
{
    uint64_t x = iters | 1;
    for (uint64_t i = 0; i < iters; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        __asm__ __volatile__("" : "+r"(x));
    }
    return x;
}

int32_t bs_k_work(void *args)
{
    uint64_t x = bs_work((uint64_t)(uintptr_t)args);
    bu_escape(&x);
    return 0;
}

/* Iterations of bs_work() that take about 1 us on this core. */
uint64_t bs_calibrate_work(double *ns_per_call)
{
    uint64_t iters = 1000;
    double ns = 0;
    for (int round = 0; round < 6; round++) {
        double v[9];
        for (int i = 0; i < 9; i++) {
            uint64_t t0 = bu_now_ns();
            uint64_t x = bs_work(iters);
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

/* One rep of submit cost: median over batches of BS_BATCH launches, with
 * the worker draining concurrently; sync between batches, outside timing. */
int bs_launch_submit_rep(struct bs_ctx *c, aclrtStream s, double *out)
{
    unsigned nb = bs_n_batches(c);
    double *v = calloc(nb, sizeof(*v));
    if (!v)
        return -1;
    for (unsigned b = 0; b < nb; b++) {
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < BS_BATCH; i++) {
            aclError e = cpuaclLaunchKernel(s, bs_k_nop, NULL);
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

void bs_sleep_ns(uint64_t ns)
{
    struct timespec ts = {.tv_sec = (time_t)(ns / 1000000000u),
                          .tv_nsec = (long)(ns % 1000000000u)};
    nanosleep(&ts, NULL);
}

int bs_worker_kicks(const struct bs_ctx *c, uint64_t *kicks, uint64_t *parks)
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
