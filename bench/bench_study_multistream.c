/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `multistream` (registry: bench_studies.c; help text below).
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
 * multistream: the same work over 1, 2, 4, 8 (.. 64) streams
 * ---------------------------------------------------------------------- */
enum { MS_MAX_STREAMS = 64, MS_CHUNK = 64 };

/* Stamps CLOCK_MONOTONIC at its start into *(uint64_t *)args, then runs
 * ms_stamp_iters rounds of work (set by the host before launching). */
static uint64_t ms_stamp_iters;
static int32_t k_stamp_work(void *args)
{
    *(uint64_t *)args = bu_now_ns();
    uint64_t x = bs_work(ms_stamp_iters);
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
            CK(cpuaclLaunchKernel(s[si], bs_k_work, arg));
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
    uint64_t iters = bs_calibrate_work(&kns);
    void *arg = (void *)(uintptr_t)iters;
    for (unsigned r = 0; r < c->reps; r++) {
        double v[31];
        for (int i = 0; i < 31; i++) {
            uint64_t t0 = bu_now_ns();
            bs_k_work(arg);
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
            CK(cpuaclLaunchKernel(sj, bs_k_work, arg));
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
        CK(cpuaclLaunchKernel(s[i], bs_k_work, arg));
        CK(aclrtSynchronizeStream(s[i]));
    }
    bs_sleep_ns(2000000);
    for (uint32_t w = 0; w < c->workers; w++)
        CK(cpuaclGetWorkerStats(c->device, w, &st0[w]));
    uint64_t first = bu_now_ns();
    for (unsigned r = 0; r < c->reps; r++) {
        double x = 0;
        bs_progress(c, what);
        int rc = ms_rate_rep(s, n, ms_total(c), arg, &x);
        if (rc)
            return rc;
        br_acc_add(rate, x);
    }
    *wall = bu_now_ns() - first;
    bs_sleep_ns(2000000);
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
        bs_progress(c, what);
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
            bs_progress(c, what);
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
        bs_progress(c, what);
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

const struct bs_study bs_multistream_study = {
    "multistream", "~1 us kernels over 1..8 (full: 64) streams, 1..2xcpus workers: rate, latency",
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
    study_multistream,
};
