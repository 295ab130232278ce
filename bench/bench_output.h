/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Output back ends of cpuacl-bench beside the table (bench_report.h):
 *
 *   bo_write_json   the results model as JSON (every figure with its
 *                   samples, spread, references, ratios and targets, the
 *                   noise of each study), the machine description and the
 *                   exact configuration of the run (bench_output.c);
 *   bo_write_html   a self-contained report (inline SVG charts and a small
 *                   inline script that sorts the tables, no network) drawn
 *                   from the same results model (bench_html.c).
 *
 * Both read only the results model and struct bo_run: every study gets
 * the generic chart from its figures' baselines; multistream and capture
 * have charts of their own keyed on their figures' keys (bench_html.c).
 */
#ifndef CPUACL_BENCH_OUTPUT_H
#define CPUACL_BENCH_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench_report.h"

/* The machine, read from /proc, /sys and uname. */
struct bo_machine {
    char cpu_model[128];
    int ncpu_online;  /* sysconf(_SC_NPROCESSORS_ONLN) */
    int ncpu_allowed; /* CPUs in the process's affinity mask */
    uint64_t mem_total_kib;
    char kernel[400]; /* sysname release version machine */
    char thp_enabled[32];
    char thp_defrag[32];
};

/* The exact configuration of a run. */
struct bo_run {
    struct bo_machine machine;
    const char *version; /* "x.y.z" */
    int argc;
    char **argv;
    const char *mode; /* "quick" or "full" */
    unsigned reps;
    bool pin;
    const char *studies; /* comma-separated, as run (limits first) */
    uint32_t workers;
    int32_t worker_cpus[64]; /* -1 unpinned; first min(workers, 64) */
    int host_cpu;
    int producer_cpu, consumer_cpu; /* the baseline pair */
    uint32_t ring_slots;
    double spin_us;           /* CPUACL_SPIN_US or the documented default (50) */
    double seconds;           /* wall time of the studies */
    const char *failed;       /* comma-separated failed studies, "" */
    const char *trace_file;   /* NULL when no trace was written */
    const char *trace_status; /* "written", "skipped: ...", "failed: ..." */
};

void bo_machine_read(struct bo_machine *m);

/*
 * Output paths, checked before any study runs (nothing is left behind):
 * bo_check_file: `path` can be written as a file (it exists and opens for
 * writing, or its directory takes a new file); bo_prepare_dir: `dir` is a
 * directory (created when missing, one level) that takes new files.
 * 0, or -1 with the reason in why ("<path> is a directory", "cannot write
 * <path>: its directory does not exist", ...).
 */
int bo_check_file(const char *path, char *why, size_t cap);
int bo_prepare_dir(const char *dir, char *why, size_t cap);

/* 0, or -1 with a message on stderr. */
int bo_write_json(const char *path, const struct br_results *r, const struct bo_run *run);
int bo_write_html(const char *path, const struct br_results *r, const struct bo_run *run);

#endif /* CPUACL_BENCH_OUTPUT_H */
