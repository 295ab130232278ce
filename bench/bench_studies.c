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
