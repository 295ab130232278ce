/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `collective` (registry: bench_studies.c; help text below).
 *
 * HCCL lives in its own library (libhccl, which loads Open MPI), so the
 * measuring is done by hccl-bench (bench_collective.c), run as a child: in
 * process with 2..8 ranks, and under mpirun with one rank per process, where
 * it also times MPI_Allreduce on the same buffers. This file turns its lines
 * into figures: HCCL bus bandwidth beside MPI_Allreduce's, as a ratio.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_study.h"

struct coll_row {
    unsigned long long bytes;
    double us, busbw, mpi_us, mpi_busbw;
    /* per call and rank, whole process (hccl-bench's getrusage): context switches
     * (voluntary, involuntary) and CPU time; mpi_*: MPI_Allreduce's; -1 if absent */
    double vcsw, icsw, cpu_us, mpi_vcsw, mpi_icsw, mpi_cpu_us;
};

/* The value of " name=" in line, or -1. */
static double coll_field(const char *line, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, " %s=", name);
    const char *p = strstr(line, key);
    double v = -1;
    if (p)
        sscanf(p + strlen(key), "%lf", &v);
    return v;
}

/* Run one hccl-bench child; rows parsed from its "collective" lines. */
static int coll_run(const struct bs_ctx *c, const char *what, const char *cmd,
                    struct coll_row *rows, unsigned max)
{
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    char line[512];
    unsigned n = 0;
    while (fgets(line, sizeof line, p)) {
        bs_progress(c, what); /* one line per size: the watchdog sees progress */
        struct coll_row r = {0};
        unsigned ranks;
        if (n < max && (sscanf(line,
                               "collective mode=mpi ranks=%u bytes=%llu us=%lf busbw=%lf "
                               "mpi_us=%lf mpi_busbw=%lf",
                               &ranks, &r.bytes, &r.us, &r.busbw, &r.mpi_us, &r.mpi_busbw) == 6 ||
                        sscanf(line, "collective mode=local ranks=%u bytes=%llu us=%lf", &ranks,
                               &r.bytes, &r.us) == 3)) {
            if (!r.busbw)
                sscanf(strstr(line, "busbw="), "busbw=%lf", &r.busbw);
            r.vcsw = coll_field(line, "vcsw");
            r.icsw = coll_field(line, "icsw");
            r.cpu_us = coll_field(line, "cpu_us");
            r.mpi_vcsw = coll_field(line, "mpi_vcsw");
            r.mpi_icsw = coll_field(line, "mpi_icsw");
            r.mpi_cpu_us = coll_field(line, "mpi_cpu_us");
            rows[n++] = r;
        }
    }
    int st = pclose(p);
    return st == 0 && n ? (int)n : -1;
}

static const char *size_name(unsigned long long b, char *buf, size_t n)
{
    if (b >= (1u << 20))
        snprintf(buf, n, "%llu MiB", b >> 20);
    else if (b >= 1024)
        snprintf(buf, n, "%llu KiB", b >> 10);
    else
        snprintf(buf, n, "%llu B", b);
    return buf;
}

/* Figure collective.<key> (key and label formatted with the rank count n and the
 * size), against collective.<base> when that figure exists. Times (a key with
 * "lat" or "cpu") are lower-better microseconds, bandwidths higher-better GB/s. */
static struct br_figure *coll_fig(struct bs_ctx *c, unsigned reps, const char *basefmt,
                                  const char *keyfmt, const char *labelfmt, unsigned n,
                                  unsigned long long bytes, double value)
{
    char key[48], label[96], base[64], sz[32];
    snprintf(key, sizeof key, keyfmt, n);
    snprintf(label, sizeof label, labelfmt, n, size_name(bytes, sz, sizeof sz));
    if (basefmt) {
        char b[48];
        snprintf(b, sizeof b, basefmt, n);
        snprintf(base, sizeof base, "collective.%s", b);
    }
    int lat = strstr(keyfmt, "lat") != NULL || strstr(keyfmt, "cpu") != NULL;
    return br_add_value(c->res, "collective", key, label, lat ? "us" : "GB/s",
                        lat ? BR_LOWER : BR_HIGHER, value, reps,
                        basefmt && br_find(c->res, base) ? base : NULL, NULL);
}

static int study_collective(struct bs_ctx *c)
{
    char exe[PATH_MAX], dir[PATH_MAX], cmd[PATH_MAX + 512];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return -1;
    exe[len] = 0;
    snprintf(dir, sizeof dir, "%s", exe);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    char bench[PATH_MAX + 16];
    snprintf(bench, sizeof bench, "%s/hccl-bench", dir);
    if (access(bench, X_OK) != 0) {
        br_add_skipped(c->res, "collective", "all of it",
                       "hccl-bench not built (libhccl needs "
                       "Open MPI: libopenmpi-dev)");
        return 0;
    }
    unsigned long long max = c->full ? 256ull << 20 : 16ull << 20;
    unsigned reps = c->reps < 3 ? c->reps : 3; /* each rep is many iterations already */
    const unsigned mpi_ranks[] = {2, 4, 8}, local_ranks[] = {2, 4, 8};
    unsigned nmpi = 3, nnet = c->full ? 3 : 2; /* 2, 4, 8 processes; across hosts 2, 4 (8) */
    const char *asroot = geteuid() == 0 ? "--allow-run-as-root " : "";
    struct coll_row rows[32];
    char label[96];

    for (unsigned k = 0; k < nmpi; k++) {
        unsigned n = mpi_ranks[k];
        snprintf(label, sizeof label, "collective: mpirun -np %u", n);
        bs_progress(c, label);
        snprintf(cmd, sizeof cmd,
                 "mpirun %s--oversubscribe --bind-to none -np %u --mca pml ob1 "
                 "--mca btl self,vader,tcp --mca btl_tcp_if_include lo '%s' --max %llu "
                 "--reps %u 2>/dev/null",
                 asroot, n, bench, max, reps);
        int got = coll_run(c, label, cmd, rows, 32);
        if (got <= 0) {
            br_add_skipped(c->res, "collective", "mpirun",
                           "mpirun -np %u hccl-bench failed (is "
                           "openmpi-bin installed?)",
                           n);
            continue;
        }
        const struct coll_row *big = &rows[got - 1], *small = &rows[0];
        coll_fig(c, reps, NULL, "mpi_%ur", "MPI_Allreduce busbw, %u procs, %s", n, big->bytes,
                 big->mpi_busbw);
        br_set_note(coll_fig(c, reps, "mpi_%ur", "hccl_mpi_%ur",
                             "HcclAllReduce busbw, %u procs, %s", n, big->bytes, big->busbw),
                    "one rank per process over Open MPI (loopback), fp32 sum");
        coll_fig(c, reps, NULL, "mpi_lat_%ur", "MPI_Allreduce time, %u procs, %s", n, small->bytes,
                 small->mpi_us);
        coll_fig(c, reps, "mpi_lat_%ur", "hccl_mpi_lat_%ur",
                 "HcclAllReduce+sync time, %u procs, %s", n, small->bytes, small->us);
        /* What a call costs a rank (every thread of its process): with more ranks than
         * cores, CPU one rank burns waiting is CPU its peers lack. */
        for (int k = 0; k < 2 && small->cpu_us >= 0 && small->mpi_cpu_us >= 0; k++) {
            const struct coll_row *r = k ? big : small;
            char mk[24], hk[24];
            snprintf(mk, sizeof mk, "mpi_cpu%s_%%ur", k ? "_big" : "");
            snprintf(hk, sizeof hk, "hccl_mpi_cpu%s_%%ur", k ? "_big" : "");
            br_set_note(coll_fig(c, reps, NULL, mk, "MPI_Allreduce CPU per call, %u procs, %s", n,
                                 r->bytes, r->mpi_cpu_us),
                        "context switches per call: %.2f voluntary, %.2f involuntary", r->mpi_vcsw,
                        r->mpi_icsw);
            br_set_note(coll_fig(c, reps, mk, hk, "HcclAllReduce CPU per call, %u procs, %s", n,
                                 r->bytes, r->cpu_us),
                        "whole process, per call and rank; context switches per call: %.2f "
                        "voluntary, %.2f involuntary",
                        r->vcsw, r->icsw);
        }
    }
    /* Across hosts: network namespaces over TCP (hccl-netns; root only). */
    char netns[PATH_MAX + 16], ncmd[2 * PATH_MAX + 256];
    snprintf(netns, sizeof netns, "%s/hccl-netns", dir);
    for (unsigned k = 0; k < nnet; k++) {
        unsigned n = mpi_ranks[k], hosts = n / 2 > 1 ? n / 2 : 2, slots = n / hosts;
        if (geteuid() != 0 || access(netns, X_OK) != 0) {
            if (k == 0)
                br_add_skipped(c->res, "collective", "across hosts",
                               "needs root (network "
                               "namespaces) and hccl-netns beside hccl-bench");
            break;
        }
        snprintf(label, sizeof label, "collective: %u hosts x %u over TCP", hosts, slots);
        bs_progress(c, label);
        /* 8 B and the largest size only: TCP between namespaces is slow to measure */
        snprintf(ncmd, sizeof ncmd, "'%s' %u %u '%s' --max %llu --step %llu --reps %u 2>/dev/null",
                 netns, hosts, slots, bench, max, max / 8, reps);
        int got = coll_run(c, label, ncmd, rows, 32);
        if (got <= 0) {
            br_add_skipped(c->res, "collective", "across hosts",
                           "hccl-netns %u %u hccl-bench "
                           "failed or skipped (network namespaces unavailable?)",
                           hosts, slots);
            break;
        }
        const struct coll_row *big = &rows[got - 1], *small = &rows[0];
        coll_fig(c, reps, NULL, "mpi_net_%ur", "MPI_Allreduce busbw, %u procs over TCP, %s", n,
                 big->bytes, big->mpi_busbw);
        br_set_note(coll_fig(c, reps, "mpi_net_%ur", "hccl_net_%ur",
                             "HcclAllReduce busbw, %u procs over TCP, %s", n, big->bytes,
                             big->busbw),
                    "one rank per process, %u network namespaces (veth, bridge) as hosts, Open "
                    "MPI btl tcp only",
                    hosts);
        coll_fig(c, reps, NULL, "mpi_net_lat_%ur", "MPI_Allreduce time, %u procs over TCP, %s", n,
                 small->bytes, small->mpi_us);
        coll_fig(c, reps, "mpi_net_lat_%ur", "hccl_net_lat_%ur",
                 "HcclAllReduce+sync time, %u procs over TCP, %s", n, small->bytes, small->us);
    }
    for (unsigned k = 0; k < 3; k++) {
        unsigned n = local_ranks[k];
        snprintf(label, sizeof label, "collective: %u ranks in process", n);
        bs_progress(c, label);
        snprintf(cmd, sizeof cmd, "'%s' --ranks %u --max %llu --reps %u 2>/dev/null", bench, n, max,
                 reps);
        int got = coll_run(c, label, cmd, rows, 32);
        if (got <= 0) {
            br_add_skipped(c->res, "collective", "in process", "hccl-bench --ranks %u failed", n);
            continue;
        }
        const struct coll_row *big = &rows[got - 1], *small = &rows[0];
        struct br_figure *f =
            coll_fig(c, reps, "mpi_%ur", "local_%ur",
                     "HcclAllReduce busbw, %u ranks in process, %s", n, big->bytes, big->busbw);
        br_set_note(f, "shared device memory; baseline: MPI_Allreduce with %u processes", n);
        coll_fig(c, reps, "mpi_lat_%ur", "local_lat_%ur",
                 "HcclAllReduce+sync time, %u ranks in process, %s", n, small->bytes, small->us);
    }
    return 0;
}

const struct bs_study bs_collective_study = {
    "collective",
    "HCCL all-reduce bus bandwidth, in process and over mpirun, vs MPI_Allreduce",
    "Runs hccl-bench (libhccl) as a child: float32 sum all-reduce, out of place,\n"
    "8 B .. 16 MiB (--full: 256 MiB) in steps of 8x, with 2, 4 and 8 ranks in one\n"
    "process (virtual devices exchanging through shared device memory), and under\n"
    "`mpirun -np 2, 4, 8` with one rank per process, where MPI_Allreduce is timed\n"
    "on the same buffers in the same run. Run as root, the same again across hosts\n"
    "(2 and 4 processes; --full: 8): network namespaces joined by a bridge, Open MPI\n"
    "over TCP only (`hccl-netns HOSTS SLOTS hccl-bench`, 2 ranks per host). Reports\n"
    "bus bandwidth as nccl-tests does (busbw = bytes / time * 2 (n-1) / n) at the\n"
    "largest size and the time of the smallest (8 B), beside MPI_Allreduce's\n"
    "(ratio), and what a call costs each rank in CPU time (its whole process, from\n"
    "getrusage) over mpirun at both sizes, with its context switches in the note.\n"
    "Run hccl-bench by hand for every size: `hccl-bench --ranks 4`,\n"
    "`mpirun -np 4 hccl-bench`.",
    study_collective,
};
