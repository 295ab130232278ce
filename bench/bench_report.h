/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The results model of cpuacl-bench: a flat list of figures, each the median
 * over repetitions of one measured quantity, with optional references to a
 * baseline figure and a physical-limit figure (by key) and an optional
 * target ratio. The table printer and the summary line read only this model,
 * so other back ends (JSON, HTML) can be added beside them.
 *
 * Ratios are always value / reference value: for a time (lower is better)
 * 2.0x means twice as slow as the reference, for a rate (higher is better)
 * 0.5x means half as fast.
 */
#ifndef CPUACL_BENCH_REPORT_H
#define CPUACL_BENCH_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define BR_MAX_REPS 101u

enum br_better { BR_LOWER = 0, BR_HIGHER = 1, BR_INFO = 2 };

/* A target ratio against the baseline or the limit: "<=" or ">=" x. */
struct br_target {
    char op; /* 0 = none, '<' (value/ref <= x) or '>' (value/ref >= x) */
    double x;
};

struct br_figure {
    char study[16];
    char key[48];   /* stable id, "<study>.<name>", for references and JSON */
    char label[48]; /* what the table prints */
    char unit[12];
    enum br_better better;
    double value;  /* median over the repetitions; NaN: not measured (the note says why) */
    double lo, hi; /* min and max over the repetitions */
    unsigned reps;
    /* every repetition's value, in the order taken (br_add; br_add_value
     * records none): the spread, the report's boxes and compare's U test */
    double samples[BR_MAX_REPS];
    unsigned nsamples;
    char base_key[48];          /* "" = no baseline */
    char limit_key[48];         /* "" = no limit */
    struct br_target target[2]; /* [0] vs baseline, [1] vs limit */
    char note[96];
};

/* A part of a study that did not run (a peer not installed, a device not
 * found): reported, never faked. */
struct br_skip {
    char study[16];
    char what[48];
    char why[128];
};

#define BR_MAX_SKIPPED 16u

/*
 * The machine's state around one study (bench_noise.h measures it): load
 * average before and after, and how long this process's threads waited on
 * a run queue for a CPU while the study ran. `loaded` marks every figure of
 * the study as taken under load (the table, the JSON and the report say so).
 */
struct br_noise {
    char study[16];
    double seconds;        /* wall time of the study */
    double load_before[3]; /* /proc/loadavg: 1, 5, 15 minutes */
    double load_after[3];
    double rq_wait_ms; /* run-queue wait of the threads alive before and after; < 0 unknown */
    double rq_share;   /* rq_wait / wall time (CPU-seconds waited per second); < 0 unknown */
    bool loaded;
    char why[160]; /* what made it loaded, "" when not */
};

#define BR_MAX_STUDIES 32u

struct br_results {
    struct br_figure *v;
    size_t n, cap;
    struct br_skip skipped[BR_MAX_SKIPPED];
    size_t nskipped;
    struct br_noise noise[BR_MAX_STUDIES];
    size_t nnoise;
};

/* Per-repetition samples of one quantity. */
struct br_acc {
    double v[BR_MAX_REPS];
    unsigned n;
};

static inline void br_acc_add(struct br_acc *a, double x)
{
    if (a->n < BR_MAX_REPS)
        a->v[a->n++] = x;
}

void br_init(struct br_results *r);
void br_fini(struct br_results *r);

/*
 * Add a figure summarising `a` (median, min, max; `a` is sorted in place).
 * base_key / limit_key may be NULL. Returns the new figure (valid until the
 * next br_add) so the caller can set a target or a note, or NULL when out of
 * memory.
 */
struct br_figure *br_add(struct br_results *r, const char *study, const char *key,
                         const char *label, const char *unit, enum br_better better,
                         struct br_acc *a, const char *base_key, const char *limit_key);
/* As br_add with a single value (e.g. a max over all repetitions). */
struct br_figure *br_add_value(struct br_results *r, const char *study, const char *key,
                               const char *label, const char *unit, enum br_better better,
                               double value, unsigned reps, const char *base_key,
                               const char *limit_key);
/* ref 'b' (baseline) or 'l' (limit); op '<' or '>'. */
void br_set_target(struct br_figure *f, char ref, char op, double x);
void br_set_note(struct br_figure *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Record a skipped part (printed after the table, listed in JSON/HTML). */
void br_add_skipped(struct br_results *r, const char *study, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

const struct br_figure *br_find(const struct br_results *r, const char *key);
/* value / reference value; false when a figure or its reference is missing. */
bool br_ratio(const struct br_results *r, const char *key, char ref, double *ratio);
/* Has the figure met its target against ref ('b' or 'l')? -1 no target or
 * not computable, 0 no, 1 yes. */
int br_target_met(const struct br_results *r, const struct br_figure *f, char ref);

/* Record the noise of a study (copied; a second record of a study replaces it). */
void br_add_noise(struct br_results *r, const struct br_noise *n);
/* The noise record of a study, NULL when none. */
const struct br_noise *br_noise_of(const struct br_results *r, const char *study);
/* Was the figure taken under load (its study's record says so)? */
bool br_loaded(const struct br_results *r, const struct br_figure *f);

/* The table: study, figure, value (a '*' when taken under load), unit,
 * min..max and IQR over the repetitions, ratio to baseline, ratio to limit,
 * target, note; then the studies taken under load, and why. */
void br_print_table(const struct br_results *r, FILE *out);

#endif /* CPUACL_BENCH_REPORT_H */
