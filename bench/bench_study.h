/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the study files of cpuacl-bench (bench_study_<name>.c) share:
 * progress reporting, run sizes, the kernels they launch (bench_study.c).
 */
#ifndef CPUACL_BENCH_STUDY_H
#define CPUACL_BENCH_STUDY_H

#include <stdint.h>
#include <stdio.h>

#include "acl/acl.h"
#include "bench_studies.h"

/* Check a runtime call: on failure report it (call text, code, message) on
 * stderr and run `on_failure`, which sees the code as e_. */
#define BS_CHECK(call, on_failure)                                                                 \
    do {                                                                                           \
        aclError e_ = (call);                                                                      \
        if (e_ != ACL_SUCCESS) {                                                                   \
            bs_report_failure(#call, e_);                                                          \
            on_failure;                                                                            \
        }                                                                                          \
    } while (0)

/* Report a failed runtime call and leave the study with its code. */
#define CK(call) BS_CHECK(call, return (int)e_)

/* "cpuacl-bench: <call> failed: <code> (<aclGetRecentErrMsg()>)" on stderr. */
void bs_report_failure(const char *call, aclError e);

/* A progress step: feeds the watchdog (bs_beat, bs_step) and draws the bar
 * or prints a line. */
void bs_progress(const struct bs_ctx *c, const char *what);

/* Sizes: quick (default) and --full. */
uint64_t bs_n_items(const struct bs_ctx *c);   /* sustained-rate runs */
unsigned bs_n_batches(const struct bs_ctx *c); /* submit-cost batches per rep */

/* Kernels (run on the device's workers). */
int32_t bs_k_nop(void *args);
/* Writes CLOCK_MONOTONIC at kernel start into *(uint64_t *)args. */
int32_t bs_k_stamp(void *args);
/* Holds its stream until the host opens the gate (*(_Atomic uint32_t *)args). */
int32_t bs_k_gate(void *args);
/* About iters rounds of dependent integer work (its result, to escape). */
uint64_t bs_work(uint64_t iters);
/* bs_work((uintptr_t)args). */
int32_t bs_k_work(void *args);
/* Rounds of bs_k_work that take about 1 us here; *ns_per_call what one took. */
uint64_t bs_calibrate_work(double *ns_per_call);

/* One repetition of the submit cost: median over batches of BS_BATCH empty
 * launches on s while the worker drains (launch and capture studies). */
int bs_launch_submit_rep(struct bs_ctx *c, aclrtStream s, double *out);
void bs_sleep_ns(uint64_t ns);
/* Futex wake-ups issued to the device's workers (kicks) and their parks. */
int bs_worker_kicks(const struct bs_ctx *c, uint64_t *kicks, uint64_t *parks);

#endif /* CPUACL_BENCH_STUDY_H */
