/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The HTML report of cpuacl-bench (bench_output.h: bo_write_html), built so
 * a reader looks rather than reads:
 *
 *   1. the run: machine, workers, mode, repetitions, load at start and end;
 *   2. the summary: each study's answer (linking to its section), the goals
 *      met and missed, the peers against cpuacl, the studies taken under
 *      load;
 *   3. a section per study: its noise, its chart(s) - the title of each is
 *      the answer computed from this run's figures - and its table, whose
 *      columns sort on a click (a few lines of inline script).
 *
 * Charts (bench_chart.h) draw every repetition's spread: boxes of the
 * quartiles and whiskers to min and max. Most studies get the generic
 * chart: each figure with a baseline, as how many times better than that
 * baseline it is (so 1x is parity and longer is better, whatever the unit);
 * a study with no baselines (limits) charts its values. multistream and
 * capture have charts of their own (scaling over streams on more than one
 * worker; eager vs replayed cost per task on a linear axis with the ratio
 * printed).
 *
 * Why hand-written SVG rather than matplotlib or Vega-Lite: the report is
 * written by the program that measured it, on machines that have neither
 * Python's plotting stack nor a JavaScript runtime, and it must open
 * offline; the two chart kinds needed here are ~400 lines of C
 * (bench_chart.c). docs/tools.md says the same.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_chart.h"
#include "bench_output.h"
#include "bench_stats.h"

static const struct br_figure *fig(const struct br_results *r, const char *key)
{
    const struct br_figure *f = br_find(r, key);
    return f && f->value == f->value ? f : NULL;
}

static struct bch_item item_of(const struct br_figure *f, const char *label, int series)
{
    struct bch_item it;
    memset(&it, 0, sizeof(it));
    it.label = label ? label : f->label;
    it.value = f->value;
    it.samples = f->samples;
    it.n = f->nsamples;
    it.series = series;
    return it;
}

/* "2.3x" with two significant digits below 10. */
static void fmt_x(char *b, size_t cap, double x)
{
    if (x >= 10)
        snprintf(b, cap, "%.0fx", x);
    else
        snprintf(b, cap, "%.2gx", x);
}

/* How many times better than its baseline f is (> 1: better), from the
 * medians; NaN when there is no usable baseline. */
static double better_than_base(const struct br_results *r, const struct br_figure *f)
{
    const struct br_figure *g = fig(r, f->base_key);
    if (!g || f->better == BR_INFO || !(g->value > 0) || !(f->value > 0))
        return NAN;
    return f->better == BR_LOWER ? g->value / f->value : f->value / g->value;
}

/* "A is 2.3x faster than B" / "A is 1.5x slower than B". */
static void phrase_vs(char *b, size_t cap, const char *a, double x, const char *base)
{
    char num[32];
    fmt_x(num, sizeof(num), x >= 1 ? x : 1 / x);
    snprintf(b, cap, "%s: %s %s than %s", a, num, x >= 1 ? "better" : "worse", base);
}

/* ---- multistream: rate over streams, on more than one worker -------- */
static int ms_series(const struct br_results *r, struct bch_series *s, unsigned w, const char *what,
                     const unsigned *counts, int ncount)
{
    s->n = 0;
    int any = 0;
    for (int i = 0; i < ncount && i < 16; i++) {
        char key[64];
        snprintf(key, sizeof(key), "multistream.w%u_%s_%u", w, what, counts[i]);
        const struct br_figure *f = fig(r, key);
        if (f) {
            s->pt[i] = item_of(f, NULL, 0);
            any++;
        } else {
            memset(&s->pt[i], 0, sizeof(s->pt[i]));
            s->pt[i].value = NAN;
        }
        s->n = i + 1;
    }
    return any;
}

static void chart_multistream(FILE *o, const struct br_results *r, const struct bo_run *run,
                              char *answer, size_t cap)
{
    /* the worker count: the most workers the cpus can run at once, > 1 */
    unsigned w = 0;
    int ncpu = run->machine.ncpu_allowed > 0 ? run->machine.ncpu_allowed : 1;
    for (unsigned k = 1; k <= 64; k++) {
        char key[64];
        snprintf(key, sizeof(key), "multistream.w%u_rate_1", k);
        if (fig(r, key) && (k <= (unsigned)ncpu || w == 0) && (w <= 1 || k > w))
            w = k <= (unsigned)ncpu || w == 0 ? k : w;
    }
    unsigned counts[16];
    int nc = 0;
    for (unsigned s = 1; s <= 64 && nc < 16; s *= 2) {
        char key[64];
        snprintf(key, sizeof(key), "multistream.w%u_rate_%u", w, s);
        if (w && fig(r, key))
            counts[nc++] = s;
    }
    if (!w || nc < 2)
        return;
    static char cat[16][16];
    const char *xcat[16];
    for (int i = 0; i < nc; i++) {
        snprintf(cat[i], sizeof(cat[i]), "%u", counts[i]);
        xcat[i] = cat[i];
    }
    struct bch_series s[4];
    memset(s, 0, sizeof(s));
    int ns = 0;
    if (ms_series(r, &s[ns], w, "rate", counts, nc)) {
        snprintf(s[ns].label, sizeof(s[ns].label), "%u workers, independent streams", w);
        ns++;
    }
    if (ms_series(r, &s[ns], w, "chain", counts, nc)) {
        snprintf(s[ns].label, sizeof(s[ns].label), "%u workers, event-chained streams", w);
        s[ns].colour = 1;
        s[ns].dashed = true;
        ns++;
    }
    if (w != 1 && ms_series(r, &s[ns], 1, "rate", counts, nc)) {
        snprintf(s[ns].label, sizeof(s[ns].label), "1 worker, independent streams");
        s[ns].colour = 4;
        ns++;
    }
    struct bch_ref ref[2];
    int nr = 0;
    char key[64];
    snprintf(key, sizeof(key), "multistream.w%u_ideal", w);
    const struct br_figure *id = fig(r, key);
    if (id) {
        snprintf(ref[nr].label, sizeof(ref[nr].label), "ideal for %u workers: %.2f", w, id->value);
        ref[nr].y = id->value;
        ref[nr].colour = 2;
        nr++;
    }
    /* the answer: the most streams against one stream, on w workers */
    unsigned last = counts[nc - 1];
    char k1[64], kn[64], kw1[64];
    snprintf(k1, sizeof(k1), "multistream.w%u_rate_1", w);
    snprintf(kn, sizeof(kn), "multistream.w%u_rate_%u", w, last);
    snprintf(kw1, sizeof(kw1), "multistream.w1_rate_%u", last);
    const struct br_figure *a = fig(r, k1), *b = fig(r, kn), *c = fig(r, kw1);
    char x1[32] = "?", x2[32] = "";
    if (a && b)
        fmt_x(x1, sizeof(x1), b->value / a->value);
    if (c && b && w != 1)
        fmt_x(x2, sizeof(x2), b->value / c->value);
    snprintf(answer, cap, "%u streams on %u workers: %s one stream%s%s%s", last, w, x1,
             *x2 ? ", " : "", x2, *x2 ? " the same streams on 1 worker" : "");
    bch_lines(o, answer, "streams (the same ~1 us kernels spread over them)", "Mtask/s", xcat, nc,
              s, ns, ref, nr);

    /* then the most streams by worker count: what adding workers buys */
    static struct bch_item it[16];
    static char labels[16][48];
    int n = 0;
    const struct br_figure *one = NULL, *top = NULL;
    unsigned top_w = 0;
    for (unsigned k = 1; k <= 64 && n < 16; k++) {
        char kk[64];
        snprintf(kk, sizeof(kk), "multistream.w%u_rate_%u", k, last);
        const struct br_figure *f = fig(r, kk);
        if (!f)
            continue;
        snprintf(labels[n], sizeof(labels[n]), "%u worker%s%s", k, k > 1 ? "s" : "",
                 k > (unsigned)ncpu ? " (more than the cpus)" : "");
        it[n] = item_of(f, labels[n], k > (unsigned)ncpu ? 1 : 0);
        if (k == 1)
            one = f;
        if (!top || f->value > top->value) {
            top = f;
            top_w = k;
        }
        n++;
    }
    if (n >= 2 && one && top) {
        char title[256], x[32];
        fmt_x(x, sizeof(x), top->value / one->value);
        snprintf(title, sizeof(title),
                 "%u streams run fastest on %u worker%s: %s the rate on 1 worker", last, top_w,
                 top_w > 1 ? "s" : "", x);
        for (int i = 0; i < n; i++)
            if (one->value > 0) {
                double q = it[i].value / one->value;
                snprintf(it[i].note, sizeof(it[i].note), "%.2fx 1 worker", q);
            }
        static const char *const legend[] = {"workers <= cpus", "more workers than cpus"};
        bch_rows(o, title, "Mtask/s, independent streams (higher is better)", it, n, legend, 2, 0,
                 NULL, BCH_LINEAR);
    }
}

/* ---- capture: eager vs replayed cost per task ------------------------ */
static void chart_capture(FILE *o, const struct br_results *r, char *answer, size_t cap)
{
    static const unsigned sizes[] = {10, 100, 1000, 10000, 100000};
    static char labels[5][2][40];
    struct bch_item it[10];
    int n = 0;
    double x1000 = NAN;
    unsigned best_n = 0;
    double best_x = NAN;
    for (int i = 0; i < 5; i++) {
        char ke[48], kr[48];
        snprintf(ke, sizeof(ke), "capture.eager_%u", sizes[i]);
        snprintf(kr, sizeof(kr), "capture.replay_%u", sizes[i]);
        const struct br_figure *e = fig(r, ke), *p = fig(r, kr);
        if (!e || !p || !(p->value > 0))
            continue;
        snprintf(labels[i][0], sizeof(labels[i][0]), "%u nodes: eager per task", sizes[i]);
        snprintf(labels[i][1], sizeof(labels[i][1]), "%u nodes: replay per node", sizes[i]);
        it[n++] = item_of(e, labels[i][0], 0);
        it[n] = item_of(p, labels[i][1], 1);
        double x = e->value / p->value;
        snprintf(it[n].note, sizeof(it[n].note), "%.1fx %s", x >= 1 ? x : 1 / x,
                 x >= 1 ? "cheaper" : "dearer");
        n++;
        if (sizes[i] == 1000)
            x1000 = x;
        if (!(best_x >= x)) {
            best_x = x;
            best_n = sizes[i];
        }
    }
    if (!n)
        return;
    unsigned at = x1000 == x1000 ? 1000 : best_n;
    double x = x1000 == x1000 ? x1000 : best_x;
    snprintf(answer, cap,
             "Replaying %u captured nodes: %.1fx %s per node than launching them eagerly", at,
             x >= 1 ? x : 1 / x, x >= 1 ? "cheaper" : "dearer");
    static const char *const legend[] = {"eager launch per task", "graph replay per node"};
    bch_rows(o, answer, "ns per task (lower is better)", it, n, legend, 2, 0, NULL, BCH_LINEAR);
}

/* ---- any study: each figure against its baseline --------------------- */
enum { GEN_MAX = 24 };

static void chart_generic(FILE *o, const struct br_results *r, const char *study, char *answer,
                          size_t cap)
{
    static struct bch_item it[GEN_MAX];
    static double ratio_samples[GEN_MAX][BR_MAX_REPS];
    static char labels[GEN_MAX][112];
    int n = 0, better = 0, total = 0;
    /* the headline: the first figure with a goal against its baseline,
     * else the first with a baseline (a study lists its headline first) */
    const struct br_figure *head = NULL;
    double head_x = NAN;
    for (int pass = 0; pass < 2 && !head; pass++)
        for (size_t i = 0; i < r->n && !head; i++) {
            const struct br_figure *f = &r->v[i];
            double x = better_than_base(r, f);
            if (strcmp(f->study, study) == 0 && x == x && (pass || f->target[0].op)) {
                head = f;
                head_x = x;
            }
        }
    for (size_t i = 0; i < r->n; i++) {
        const struct br_figure *f = &r->v[i];
        if (strcmp(f->study, study) != 0)
            continue;
        double x = better_than_base(r, f);
        if (x != x)
            continue;
        total++;
        better += x >= 1;
        if (n >= GEN_MAX)
            continue;
        const struct br_figure *g = fig(r, f->base_key);
        snprintf(labels[n], sizeof(labels[n]), "%s vs %s", f->label, g->label);
        it[n] = item_of(f, labels[n], f->better == BR_LOWER ? 0 : 2);
        it[n].value = x;
        for (unsigned k = 0; k < f->nsamples; k++)
            ratio_samples[n][k] =
                f->better == BR_LOWER ? g->value / f->samples[k] : f->samples[k] / g->value;
        it[n].samples = ratio_samples[n];
        n++;
    }
    if (n && strcmp(study, "peers") == 0) {
        /* a peer's baseline is cpuacl's figure: below 1x cpuacl is better */
        char num[32];
        fmt_x(num, sizeof(num), head_x >= 1 ? head_x : 1 / head_x);
        snprintf(answer, cap, "cpuacl beats its peers in %d of %d comparisons (%s: cpuacl %s %s)",
                 total - better, total, head->label, num, head_x >= 1 ? "slower" : "faster");
    } else if (n) {
        char head_txt[200], goal[64] = "";
        phrase_vs(head_txt, sizeof(head_txt), head->label, head_x, fig(r, head->base_key)->label);
        const struct br_target *t = &head->target[0];
        int met = br_target_met(r, head, 'b');
        if (t->op && met >= 0)
            snprintf(goal, sizeof(goal), ", goal %s%gx %s", t->op == '<' ? "<=" : ">=", t->x,
                     met ? "met" : "MISSED");
        int w =
            snprintf(answer, cap, "%.160s%s (%d of %d figures at or better than their baseline)",
                     head_txt, goal, better, total);
        (void)w; /* a title cut at cap is still a title */
    }
    if (n) {
        static const char *const legend[] = {"time (lower is better)", "",
                                             "rate (higher is better)"};
        bool rates = false, times = false;
        for (int i = 0; i < n; i++) {
            rates |= it[i].series == 2;
            times |= it[i].series == 0;
        }
        const char *lg[2];
        int nl = 0;
        if (times)
            lg[nl++] = legend[0];
        if (rates)
            lg[nl++] = legend[2];
        /* the legend's colours are by position: recolour the rate rows */
        for (int i = 0; i < n; i++)
            if (it[i].series == 2)
                it[i].series = times ? 1 : 0;
        bch_rows(o, answer, "times better than the baseline (1x: parity; boxes: repetitions)", it,
                 n, lg, nl, 1.0, "parity", 0);
        if (total > n)
            fprintf(o,
                    "<p class='small'>The first %d of %d figures with a baseline are drawn; the "
                    "table has all.</p>\n",
                    n, total);
        return;
    }
    /* no baselines: the values of the study's most common unit */
    char unit[12] = "";
    int best = 0;
    for (size_t i = 0; i < r->n; i++) {
        if (strcmp(r->v[i].study, study) != 0)
            continue;
        int c = 0;
        for (size_t j = 0; j < r->n; j++)
            c += strcmp(r->v[j].study, study) == 0 && strcmp(r->v[j].unit, r->v[i].unit) == 0;
        if (c > best) {
            best = c;
            snprintf(unit, sizeof(unit), "%s", r->v[i].unit);
        }
    }
    const struct br_figure *h2 = NULL;
    for (size_t i = 0; i < r->n && n < GEN_MAX; i++) {
        const struct br_figure *f = &r->v[i];
        if (strcmp(f->study, study) != 0 || strcmp(f->unit, unit) != 0 || !(f->value > 0))
            continue;
        if (!head)
            head = f;
        else if (!h2)
            h2 = f;
        it[n++] = item_of(f, NULL, 0);
    }
    if (!n)
        return;
    char v1[32], v2[32];
    bch_num(v1, sizeof(v1), head->value);
    if (h2) {
        bch_num(v2, sizeof(v2), h2->value);
        snprintf(answer, cap, "%s: %s %s %s, %s %s %s", study, head->label, v1, unit, h2->label, v2,
                 unit);
    } else {
        snprintf(answer, cap, "%s: %s %s %s", study, head->label, v1, unit);
    }
    bch_rows(o, answer, unit, it, n, NULL, 0, 0, NULL, 0);
}

/* The chart(s) of a study; `answer` gets the first title. */
static void study_charts(FILE *o, const struct br_results *r, const struct bo_run *run,
                         const char *study, char *answer, size_t cap)
{
    answer[0] = 0;
    char second[256];
    if (strcmp(study, "multistream") == 0) {
        chart_multistream(o, r, run, answer, cap);
        if (answer[0])
            return;
    } else if (strcmp(study, "capture") == 0) {
        chart_capture(o, r, answer, cap); /* its goals are in the summary */
        if (answer[0])
            return;
    }
    chart_generic(o, r, study, answer[0] ? second : answer, answer[0] ? sizeof(second) : cap);
}

/* ---- tables ----------------------------------------------------------- */
static void td_num(FILE *o, double v)
{
    char b[32];
    bch_num(b, sizeof(b), v);
    if (v == v)
        fprintf(o, "<td class='n' data-v='%.9g'>%s</td>", v, b);
    else
        fputs("<td class='n' data-v=''>-</td>", o);
}

static void td_ratio(FILE *o, const struct br_results *r, const struct br_figure *f, char ref)
{
    const struct br_figure *g = br_find(r, ref == 'b' ? f->base_key : f->limit_key);
    double x;
    if (g && br_ratio(r, f->key, ref, &x)) {
        fprintf(o, "<td data-v='%.9g'>%.3gx ", x, x);
        bch_esc(o, g->label);
        fputs("</td>", o);
    } else {
        fputs("<td data-v=''></td>", o);
    }
}

static void study_table(FILE *o, const struct br_results *r, const char *study)
{
    fputs("<table class='sortable'><thead><tr><th>figure</th><th>value</th><th>unit</th>"
          "<th>IQR</th><th>min</th><th>max</th><th>reps</th><th>vs baseline</th>"
          "<th>vs limit</th><th>target</th><th>load</th><th>note</th></tr></thead><tbody>\n",
          o);
    for (size_t i = 0; i < r->n; i++) {
        const struct br_figure *f = &r->v[i];
        if (strcmp(f->study, study) != 0)
            continue;
        fputs("<tr><td>", o);
        bch_esc(o, f->label);
        fputs("</td>", o);
        td_num(o, f->value);
        fputs("<td>", o);
        bch_esc(o, f->unit);
        fputs("</td>", o);
        td_num(o, f->nsamples >= 2 ? bst_iqr(f->samples, f->nsamples) : NAN);
        td_num(o, f->reps >= 2 ? f->lo : NAN);
        td_num(o, f->reps >= 2 ? f->hi : NAN);
        fprintf(o, "<td class='n' data-v='%u'>%u</td>", f->reps, f->reps);
        td_ratio(o, r, f, 'b');
        td_ratio(o, r, f, 'l');
        fputs("<td>", o);
        for (int k = 0; k < 2; k++) {
            const struct br_target *t = &f->target[k];
            if (!t->op)
                continue;
            int met = br_target_met(r, f, k ? 'l' : 'b');
            fprintf(o, "<span class='%s'>%s%s%gx %s</span> ", met > 0 ? "ok" : "bad",
                    k ? "limit" : "base", t->op == '<' ? "&lt;=" : "&gt;=", t->x,
                    met < 0 ? "n/a"
                    : met   ? "met"
                            : "MISSED");
        }
        fprintf(o, "</td><td>%s</td><td>", br_loaded(r, f) ? "<span class='warn'>load</span>" : "");
        bch_esc(o, f->note);
        fputs("</td></tr>\n", o);
    }
    fputs("</tbody></table>\n", o);
}

/* ---- summary ------------------------------------------------------------ */
static void summary_goals(FILE *o, const struct br_results *r)
{
    int met = 0, missed = 0;
    for (size_t i = 0; i < r->n; i++)
        for (int k = 0; k < 2; k++) {
            int m = r->v[i].target[k].op ? br_target_met(r, &r->v[i], k ? 'l' : 'b') : -1;
            met += m == 1;
            missed += m == 0;
        }
    fprintf(o,
            "<h3>Goals: <span class='ok'>%d met</span>, <span class='%s'>%d missed</span></h3>"
            "<ul class='goals'>\n",
            met, missed ? "bad" : "ok", missed);
    for (int pass = 0; pass < 2; pass++) /* missed first */
        for (size_t i = 0; i < r->n; i++) {
            const struct br_figure *f = &r->v[i];
            for (int k = 0; k < 2; k++) {
                const struct br_target *t = &f->target[k];
                char ref = k ? 'l' : 'b';
                int m = t->op ? br_target_met(r, f, ref) : -1;
                double x;
                if (m < 0 || m != pass || !br_ratio(r, f->key, ref, &x))
                    continue;
                const struct br_figure *g = br_find(r, k ? f->limit_key : f->base_key);
                fprintf(o, "<li class='%s'>%s <a href='#%s'>", m ? "ok" : "bad",
                        m ? "met" : "MISSED", f->study);
                bch_esc(o, f->study);
                fputs("</a>: ", o);
                bch_esc(o, f->label);
                fprintf(o, " = %.3gx ", x);
                bch_esc(o, g ? g->label : "");
                fprintf(o, " (goal %s %gx)%s</li>\n", t->op == '<' ? "&lt;=" : "&gt;=", t->x,
                        br_loaded(r, f) ? " <span class='warn'>under load</span>" : "");
            }
        }
    fputs("</ul>\n", o);
}

static void summary_peers(FILE *o, const struct br_results *r)
{
    int n = 0;
    for (size_t i = 0; i < r->n; i++) {
        const struct br_figure *f = &r->v[i];
        double x = better_than_base(r, f);
        if (strcmp(f->study, "peers") != 0 || x != x)
            continue;
        if (!n++)
            fputs("<h3>Peers</h3><ul>\n", o);
        /* the peer's figure against cpuacl's: x > 1 means the peer is better */
        char num[32];
        fmt_x(num, sizeof(num), x >= 1 ? x : 1 / x);
        fputs("<li>", o);
        bch_esc(o, f->label);
        fprintf(o, ": cpuacl is <b class='%s'>%s %s</b> (", x >= 1 ? "bad" : "ok", num,
                x >= 1 ? "slower" : "faster");
        bch_esc(o, fig(r, f->base_key)->label);
        fputs(")</li>\n", o);
    }
    if (n)
        fputs("</ul>\n", o);
}

static void summary_noise(FILE *o, const struct br_results *r)
{
    int loaded = 0;
    for (size_t i = 0; i < r->nnoise; i++)
        loaded += r->noise[i].loaded;
    fprintf(o, "<h3>Noise: %d of %zu studies taken under load</h3>\n", loaded, r->nnoise);
    if (!loaded) {
        fputs("<p>No study's threads waited for a CPU 5% of its time or more, and no study "
              "started above the load the machine's cpus can take.</p>\n",
              o);
        return;
    }
    fputs("<p class='warn'>Figures of these studies were measured while other work competed for "
          "the cpus: compare them with care (cpuacl-bench compare tests whether a difference "
          "exceeds the noise).</p><ul>\n",
          o);
    for (size_t i = 0; i < r->nnoise; i++)
        if (r->noise[i].loaded) {
            fprintf(o, "<li><a href='#%s'>", r->noise[i].study);
            bch_esc(o, r->noise[i].study);
            fputs("</a>: ", o);
            bch_esc(o, r->noise[i].why);
            fputs("</li>\n", o);
        }
    fputs("</ul>\n", o);
}

static void noise_line(FILE *o, const struct br_results *r, const char *study)
{
    const struct br_noise *n = br_noise_of(r, study);
    if (!n)
        return;
    fprintf(o, "<p class='%s'>%.1f s; load average %.2f before, %.2f after",
            n->loaded ? "warn" : "small", n->seconds, n->load_before[0], n->load_after[0]);
    if (n->rq_wait_ms >= 0)
        fprintf(o, "; threads waited %.0f ms for a cpu (%.0f%% of the time)", n->rq_wait_ms,
                100 * n->rq_share);
    if (n->loaded) {
        fputs(". <b>Taken under load</b>: ", o);
        bch_esc(o, n->why);
    }
    fputs("</p>\n", o);
}

static const char css[] =
    "body{font-family:sans-serif;margin:1.5em;max-width:1150px;color:#1a202c}"
    "table{border-collapse:collapse;font-size:12px;margin:.5em 0 1.5em}"
    "td,th{border:1px solid #cbd5e0;padding:2px 6px;text-align:left;vertical-align:top}"
    "th{background:#edf2f7;cursor:pointer;user-select:none}th:after{content:' \\2195';"
    "color:#a0aec0}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".ok{color:#276749}.bad{color:#c53030;font-weight:bold}.warn{color:#b7791f}"
    ".small{color:#4a5568;font-size:12px}h3.answer{margin:1em 0 .2em;font-size:16px}"
    "figure{margin:0 0 1em}section{border-top:2px solid #e2e8f0;margin-top:1.5em}"
    "ul.goals{columns:2;font-size:13px}.answers li{margin:.2em 0}";

/* Sort a table by the clicked column: numbers by data-v, text otherwise. */
static const char js[] =
    "function srt(th){var t=th.closest('table'),b=t.tBodies[0],"
    "i=Array.prototype.indexOf.call(th.parentNode.children,th),"
    "d=th.getAttribute('data-d')==='a'?'d':'a';th.setAttribute('data-d',d);"
    "var rows=Array.prototype.slice.call(b.rows);rows.sort(function(x,y){"
    "var p=x.cells[i],q=y.cells[i],u=parseFloat(p.getAttribute('data-v')),"
    "v=parseFloat(q.getAttribute('data-v')),c;"
    "if(!isNaN(u)&&!isNaN(v))c=u-v;else if(!isNaN(u))c=-1;else if(!isNaN(v))c=1;"
    "else c=p.textContent.localeCompare(q.textContent);return d==='a'?c:-c;});"
    "rows.forEach(function(x){b.appendChild(x);});}"
    "document.querySelectorAll('table.sortable th').forEach(function(th){"
    "th.addEventListener('click',function(){srt(th);});});";

int bo_write_html(const char *path, const struct br_results *r, const struct bo_run *run)
{
    FILE *o = fopen(path, "w");
    if (!o) {
        perror(path);
        return -1;
    }
    /* the studies, in the order their figures appear */
    const char *studies[BR_MAX_STUDIES + 8];
    int ns = 0;
    for (size_t i = 0; i < r->n; i++) {
        bool seen = false;
        for (int k = 0; k < ns; k++)
            seen |= strcmp(studies[k], r->v[i].study) == 0;
        if (!seen && ns < (int)(sizeof(studies) / sizeof(studies[0])))
            studies[ns++] = r->v[i].study;
    }
    /* the sections first (into memory), so the summary can list their answers */
    char *body = NULL;
    size_t body_len = 0;
    FILE *b = open_memstream(&body, &body_len);
    static char answers[BR_MAX_STUDIES + 8][256];
    for (int k = 0; b && k < ns; k++) {
        fprintf(b, "<section id='%s'><h2>", studies[k]);
        bch_esc(b, studies[k]);
        fputs("</h2>\n", b);
        noise_line(b, r, studies[k]);
        study_charts(b, r, run, studies[k], answers[k], sizeof(answers[k]));
        study_table(b, r, studies[k]);
        fputs("</section>\n", b);
    }
    if (b)
        fclose(b);

    const struct bo_machine *m = &run->machine;
    fprintf(o,
            "<!DOCTYPE html>\n<!-- SPDX-License-Identifier: Apache-2.0 -->\n"
            "<html><head><meta charset='utf-8'><title>cpuacl-bench report</title>\n"
            "<style>%s</style></head><body>\n<h1>cpuacl-bench %s</h1>\n<p class='small'>",
            css, run->version);
    bch_esc(o, m->cpu_model);
    fprintf(o, ", %d cpu(s) online (%d allowed), %.1f GiB, THP %s; ", m->ncpu_online,
            m->ncpu_allowed, (double)m->mem_total_kib / (1024.0 * 1024.0), m->thp_enabled);
    bch_esc(o, m->kernel);
    fprintf(o,
            "</p>\n<p><b>%u worker(s)</b> on device 0, host thread on cpu %d, spin %g us, ring %u "
            "slots; %s mode, <b>%u repetitions</b> per figure (medians; boxes and whiskers show "
            "them); %.1f s",
            run->workers, run->host_cpu, run->spin_us, run->ring_slots, run->mode, run->reps,
            run->seconds);
    if (r->nnoise)
        fprintf(o, "; <b>load average %.2f at the start, %.2f at the end</b>",
                r->noise[0].load_before[0], r->noise[r->nnoise - 1].load_after[0]);
    if (run->failed && *run->failed) {
        fputs("; <span class='bad'>failed: ", o);
        bch_esc(o, run->failed);
        fputs("</span>", o);
    }
    fputs("<br><span class='small'>command:", o);
    for (int i = 0; i < run->argc; i++) {
        fputc(' ', o);
        bch_esc(o, run->argv[i]);
    }
    fputs("</span>", o);
    if (run->trace_status) {
        fputs("<br><span class='small'>timeline trace: ", o);
        bch_esc(o, run->trace_status);
        if (run->trace_file)
            fputs(" (trace.json: open it in ui.perfetto.dev or chrome://tracing)", o);
        fputs("</span>", o);
    }
    fputs("</p>\n<h2>Summary</h2>\n<ol class='answers'>\n", o);
    for (int k = 0; k < ns; k++) {
        if (!answers[k][0])
            continue;
        fprintf(o, "<li><b>%s</b>: <a href='#%s'>", studies[k], studies[k]);
        bch_esc(o, answers[k]);
        fprintf(o, "</a>%s</li>\n",
                br_noise_of(r, studies[k]) && br_noise_of(r, studies[k])->loaded
                    ? " <span class='warn'>(under load)</span>"
                    : "");
    }
    fputs("</ol>\n", o);
    summary_goals(o, r);
    summary_peers(o, r);
    summary_noise(o, r);
    if (r->nskipped) {
        fputs("<h3>Skipped</h3><ul>\n", o);
        for (size_t i = 0; i < r->nskipped; i++) {
            fputs("<li>", o);
            bch_esc(o, r->skipped[i].study);
            fputs(": ", o);
            bch_esc(o, r->skipped[i].what);
            fputs(" (", o);
            bch_esc(o, r->skipped[i].why);
            fputs(")</li>\n", o);
        }
        fputs("</ul>\n", o);
    }
    fputs("<p class='small'>Ratios are value / reference: for times above 1x is slower, for rates "
          "below 1x is slower. The charts turn every figure with a baseline into \"times better "
          "than the baseline\" (longer is better). Click a column heading to sort.</p>\n",
          o);
    if (body)
        fwrite(body, 1, body_len, o);
    free(body);
    fprintf(o, "<script>%s</script>\n</body></html>\n", js);
    if (fclose(o) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}
