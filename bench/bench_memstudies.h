/* SPDX-License-Identifier: Apache-2.0 */
/* The memcpy and alloc studies (bench_memstudies.c), run from the registry
 * in bench_studies.c with its progress function. */
#ifndef CPUACL_BENCH_MEMSTUDIES_H
#define CPUACL_BENCH_MEMSTUDIES_H

#include "bench_studies.h"

typedef void (*bs_progress_fn)(const struct bs_ctx *c, const char *what);

int bs_study_memcpy(struct bs_ctx *c, bs_progress_fn progress);
int bs_study_alloc(struct bs_ctx *c, bs_progress_fn progress);

#endif /* CPUACL_BENCH_MEMSTUDIES_H */
