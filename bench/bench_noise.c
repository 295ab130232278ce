/* SPDX-License-Identifier: Apache-2.0 */
/* Load average and run-queue wait around each study (bench_noise.h). */
#define _GNU_SOURCE
#include "bench_noise.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

static void read_loadavg(double load[3])
{
    load[0] = load[1] = load[2] = NAN;
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f)
        return;
    if (fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
        load[0] = load[1] = load[2] = NAN;
    fclose(f);
}

void bn_read(struct bn_sample *s)
{
    s->nthreads = 0;
    s->have_sched = false;
    read_loadavg(s->load);
    DIR *d = opendir("/proc/self/task");
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) && s->nthreads < BN_MAX_THREADS) {
            if (e->d_name[0] < '0' || e->d_name[0] > '9')
                continue;
            char path[300];
            snprintf(path, sizeof(path), "/proc/self/task/%.255s/schedstat", e->d_name);
            FILE *f = fopen(path, "r");
            if (!f)
                continue;
            unsigned long long run, wait;
            if (fscanf(f, "%llu %llu", &run, &wait) == 2) {
                s->tid[s->nthreads] = atoi(e->d_name);
                s->wait_ns[s->nthreads++] = wait;
                s->have_sched = true;
            }
            fclose(f);
        }
        closedir(d);
    }
    s->t_ns = bu_now_ns();
}

void bn_noise(const char *study, const struct bn_sample *before, const struct bn_sample *after,
              int ncpu, struct br_noise *out)
{
    memset(out, 0, sizeof(*out));
    snprintf(out->study, sizeof(out->study), "%s", study);
    out->seconds = (double)(after->t_ns - before->t_ns) / 1e9;
    memcpy(out->load_before, before->load, sizeof(out->load_before));
    memcpy(out->load_after, after->load, sizeof(out->load_after));
    out->rq_wait_ms = out->rq_share = -1;
    if (before->have_sched && after->have_sched) {
        uint64_t waited = 0;
        for (unsigned i = 0; i < after->nthreads; i++)
            for (unsigned j = 0; j < before->nthreads; j++)
                if (after->tid[i] == before->tid[j] && after->wait_ns[i] >= before->wait_ns[j]) {
                    waited += after->wait_ns[i] - before->wait_ns[j];
                    break;
                }
        out->rq_wait_ms = (double)waited / 1e6;
        if (out->seconds > 0)
            out->rq_share = (double)waited / 1e9 / out->seconds;
    }
    size_t k = 0;
    if (out->rq_share >= BN_RQ_SHARE) {
        out->loaded = true;
        k += (size_t)snprintf(out->why, sizeof(out->why),
                              "its threads waited %.0f ms for a CPU (%.0f%% of %.1f s)",
                              out->rq_wait_ms, 100 * out->rq_share, out->seconds);
    }
    if (ncpu > 0 && before->load[0] > ncpu + BN_LOAD_EXCESS && k < sizeof(out->why)) {
        out->loaded = true;
        snprintf(out->why + k, sizeof(out->why) - k, "%sload average %.2f on %d cpus at its start",
                 k ? "; " : "", before->load[0], ncpu);
    }
}
