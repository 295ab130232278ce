/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The studies of cpuacl-bench, in a registry: each one has a name (for
 * --study), a one-line summary (for --list), a help paragraph (for --help)
 * and a run function that appends figures to the results model
 * (bench_report.h). A new study is one file and one line in BS_STUDIES.
 *
 * Every figure is the median over ctx->reps repetitions. The `limits` study
 * measures the physical limits and baselines that the other studies' figures
 * are divided by; cpuacl-bench always runs it first.
 */
#ifndef CPUACL_BENCH_STUDIES_H
#define CPUACL_BENCH_STUDIES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "baseline.h"
#include "bench_report.h"

/* Batch of submissions timed together (raw ring, queue and launches alike). */
#define BS_BATCH 256u

struct bs_ctx {
    /* I: from the command line */
    unsigned reps;                     /* repetitions per figure */
    bool full;                         /* --full: longer runs, more configurations */
    const char *ggml_src;              /* --ggml-src DIR: a ggml source tree (ggml study) */
    bool progress;                     /* progress lines on stderr */
    bool bar;                          /* a one-line progress bar on stderr (a terminal) */
    unsigned study_index, study_count; /* for the bar: this study, of how many */
    uint64_t study_t0_ns;              /* for the ETA: when this study started */
    double study_est_s;                /* its expected seconds (0: unknown) */
    double rest_est_s;                 /* expected seconds of the studies after it */
    /* I: from the runtime and the machine */
    int32_t device;
    uint32_t workers;    /* workers of the device */
    uint32_t ring_slots; /* task slots per stream (CPUACL_RING_SLOTS or 1024) */
    int host_cpu;        /* core the host (submitting) thread is pinned to, -1 */
    struct bl_pair pair; /* producer = host core, consumer = worker 0's core */
    /* the results */
    struct br_results *res;
};

struct bs_study {
    const char *name;
    const char *summary;
    const char *help;
    /* Appends figures to ctx->res. 0, or an aclError / -1 on failure. */
    int (*run)(struct bs_ctx *ctx);
};

/* Liveness for the watchdog in cpuacl-bench: every progress step of a study
 * bumps bs_beat and names itself in bs_step (both relaxed: a hint only). */
extern _Atomic uint64_t bs_beat;
extern const char *_Atomic bs_step;

/*
 * The studies, in the order they run. Adding a study: one line here, and
 * its file defining `const struct bs_study bs_<name>_study` (see
 * bench_study_launch.c; bench_study.h has what the study files share).
 */
#define BS_STUDIES(X)                                                                              \
    X(limits)      /* bench_study_limits.c */                                                      \
    X(launch)      /* bench_study_launch.c */                                                      \
    X(roundtrip)   /* bench_study_roundtrip.c */                                                   \
    X(event)       /* bench_study_event.c */                                                       \
    X(multistream) /* bench_study_multistream.c */                                                 \
    X(capture)     /* bench_study_capture.c */                                                     \
    X(memcpy)      /* bench_memstudies.c */                                                        \
    X(alloc)       /* bench_memstudies.c */                                                        \
    X(graph)       /* bench_graph.c */                                                             \
    X(ops)         /* bench_ops.c */                                                               \
    X(scaling)     /* bench_study_scaling.c (children with 1 and W workers) */                     \
    X(peers)       /* bench_peers.c */                                                             \
    X(model)       /* bench_study_model.c (PyTorch peer, atc) */                                   \
    X(collective)  /* bench_study_collective.c (runs hccl-bench) */                                \
    X(ascendc)     /* bench_study_ascendc.c, bench_ascendc_kernels.cc */                          \
    X(ggml)        /* bench_study_ggml.c (needs --ggml-src: builds ggml, runs its driver) */

#define BS_STUDY_DECL(name) extern const struct bs_study bs_##name##_study;
BS_STUDIES(BS_STUDY_DECL)
#undef BS_STUDY_DECL

extern const struct bs_study *const bs_studies[];
extern const size_t bs_nstudies;

/* Index of the study called name in bs_studies, -1 if none. */
int bs_find(const char *name);

/*
 * The expected wall time of a study in seconds with `reps` repetitions
 * (quick or --full), from the costs measured on a 2-core VM (bench_studies.c;
 * a study not in that table counts BS_COST_UNKNOWN_S). cpuacl-bench scales
 * it by how fast the studies already run went, for the progress ETA.
 */
#define BS_COST_UNKNOWN_S 3.0
double bs_cost_s(const char *name, bool full, unsigned reps);

/*
 * The traced phase of --out: a short multi-stream run (4 streams of ~1 us
 * kernels, event-chained in pairs) on device 0, then cpuaclTraceDump(path).
 * The caller has called aclInit with tracing on and set device 0 (the
 * tool runs this in a child process, so tracing never touches the studies).
 * 0, or an aclError / -1.
 */
int bs_trace_phase(const char *path);

/*
 * The child side of multistream's worker sweep: cpuacl-bench runs itself
 * with --child-multistream W and CPUACL_WORKERS=W for each worker count W,
 * and this writes the child's rates (plain lines, see bench_study_multistream.c) to
 * `out`, which the parent turns into figures. 0, or an aclError / -1.
 */
int bs_multistream_child(struct bs_ctx *ctx, FILE *out);
/* The child side of the scaling study (cpuacl-bench --child-scaling W,
 * CPUACL_WORKERS=W): lines "ew <GB/s>..." and "mm <GFLOP/s>..." to out. */
int bs_scaling_child(struct bs_ctx *ctx, FILE *out);

/* Clear the progress bar's line (when one was drawn). */
void bs_bar_clear(const struct bs_ctx *c);

#endif /* CPUACL_BENCH_STUDIES_H */
