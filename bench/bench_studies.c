/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The registry of cpuacl-bench's studies (BS_STUDIES in bench_studies.h):
 * each study lives in its own file, bench_study_<name>.c (memcpy and alloc
 * in bench_memstudies.c, peers in bench_peers.c), and defines
 * `const struct bs_study bs_<name>_study`.
 *
 * Method, common to all studies:
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
#include <string.h>

#include "bench_studies.h"

const struct bs_study *const bs_studies[] = {
#define BS_STUDY_ENTRY(name) &bs_##name##_study,
    BS_STUDIES(BS_STUDY_ENTRY)
#undef BS_STUDY_ENTRY
};

const size_t bs_nstudies = sizeof(bs_studies) / sizeof(bs_studies[0]);

int bs_find(const char *name)
{
    for (size_t i = 0; i < bs_nstudies; i++)
        if (strcmp(bs_studies[i]->name, name) == 0)
            return (int)i;
    return -1;
}

/*
 * Expected wall time of each study in seconds at the default repetitions
 * (quick: 7, --full: 11) on an idle 2-core VM, where the whole quick run
 * takes 45-55 s (`cpuacl-bench --json` records each study's "seconds"
 * under "noise"; re-measure them when a study changes much).
 * Most of a study's time grows with its repetitions; the rest (children,
 * set-up) is small enough for the ETA to ignore.
 */
static const struct {
    const char *name;
    double quick_s, full_s;
} bs_costs[] = {
    {"limits", 3.0, 6.0},    {"launch", 0.5, 2.0}, {"roundtrip", 1.0, 3.0}, {"event", 2.0, 6.0},
    {"multistream", 14, 60}, {"capture", 3.0, 10}, {"memcpy", 5.0, 15},     {"alloc", 2.0, 6.0},
    {"graph", 1.0, 4.0},     {"ops", 10, 30},      {"peers", 1.5, 6.0},     {"collective", 8.0, 20},
    {"model", 15, 30},   /* torch start-up, export and atc, then the timed runs (e2e estimate) */
    {"scaling", 10, 25}, /* children with 1 and W workers (mb estimate) */
    {"ggml", 0.1, 0.1},  /* skipped without --ggml-src; with it, a build then 15-60 s a type */
};

double bs_cost_s(const char *name, bool full, unsigned reps)
{
    double base = BS_COST_UNKNOWN_S;
    for (size_t i = 0; i < sizeof(bs_costs) / sizeof(bs_costs[0]); i++)
        if (strcmp(bs_costs[i].name, name) == 0)
            base = full ? bs_costs[i].full_s : bs_costs[i].quick_s;
    return base * (double)reps / (full ? 11.0 : 7.0);
}
