/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SVG charts of cpuacl-bench's report (bench_html.c), written by hand so
 * the report needs nothing but this program and opens offline. Two kinds:
 *
 *   bch_rows   one horizontal row per item: a bar to the median (linear
 *              axis) or a dot (log axis), the box of the repetitions'
 *              quartiles and whiskers to their min and max, the value in a
 *              column of its own and an optional note (a ratio) beside it;
 *   bch_lines  series over a categorical x axis (stream counts) on a linear
 *              y axis from 0, each point
 *              with whiskers from its repetitions, reference lines, a
 *              legend above the plot and the value of each series' last
 *              point at the right edge (never on top of another label).
 *
 * The axis is linear unless the values span more than BCH_LOG_SPAN (then
 * log10, and the axis label says so) or the caller asks for linear. Every chart starts with its
 * title in an <h3 class='answer'> (the answer, computed by the caller) and carries the same text in
 * the SVG's <title>.
 */
#ifndef CPUACL_BENCH_CHART_H
#define CPUACL_BENCH_CHART_H

#include <stdbool.h>
#include <stdio.h>

#define BCH_LOG_SPAN 50.0

/* One row or point: its repetitions (may be NULL/0: the value alone). */
struct bch_item {
    const char *label;
    double value; /* the median; NaN or <= 0 on a log axis: not drawn */
    const double *samples;
    unsigned n;
    int series;    /* colour */
    char note[40]; /* e.g. "8.1x cheaper"; "" none */
};

struct bch_series {
    char label[64];
    int colour;
    bool dashed;
    int n;
    struct bch_item pt[16]; /* pt[i] at x category i */
};

struct bch_ref {
    char label[64];
    double y;
    int colour;
};

/* HTML-escape s to o. */
void bch_esc(FILE *o, const char *s);
/* A value with 3-4 significant digits ("-" for NaN). */
void bch_num(char *buf, size_t cap, double v);

/* flags of bch_rows */
#define BCH_LINEAR 1 /* a linear axis whatever the span (the ratio is printed beside) */

void bch_rows(FILE *o, const char *title, const char *axis, const struct bch_item *it, int n,
              const char *const *legend, int nlegend, double ref, const char *ref_label, int flags);
void bch_lines(FILE *o, const char *title, const char *xaxis, const char *yaxis,
               const char *const *xcat, int ncat, const struct bch_series *s, int ns,
               const struct bch_ref *refs, int nrefs);

#endif /* CPUACL_BENCH_CHART_H */
