/* SPDX-License-Identifier: Apache-2.0 */
/* The results model and the table printer of cpuacl-bench (bench_report.h). */
#include "bench_report.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bench_stats.h"
#include "bench_util.h"

void br_init(struct br_results *r)
{
    memset(r, 0, sizeof(*r));
}

void br_fini(struct br_results *r)
{
    free(r->v);
    memset(r, 0, sizeof(*r));
}

static void copy_str(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
}

struct br_figure *br_add_value(struct br_results *r, const char *study, const char *key,
                               const char *label, const char *unit, enum br_better better,
                               double value, unsigned reps, const char *base_key,
                               const char *limit_key)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        struct br_figure *v = realloc(r->v, cap * sizeof(*v));
        if (!v)
            return NULL;
        r->v = v;
        r->cap = cap;
    }
    struct br_figure *f = &r->v[r->n++];
    memset(f, 0, sizeof(*f));
    copy_str(f->study, sizeof(f->study), study);
    snprintf(f->key, sizeof(f->key), "%s.%s", study, key);
    copy_str(f->label, sizeof(f->label), label);
    copy_str(f->unit, sizeof(f->unit), unit);
    f->better = better;
    f->value = f->lo = f->hi = value;
    f->reps = reps;
    copy_str(f->base_key, sizeof(f->base_key), base_key);
    copy_str(f->limit_key, sizeof(f->limit_key), limit_key);
    return f;
}

struct br_figure *br_add(struct br_results *r, const char *study, const char *key,
                         const char *label, const char *unit, enum br_better better,
                         struct br_acc *a, const char *base_key, const char *limit_key)
{
    double order[BR_MAX_REPS];
    unsigned n = a->n < BR_MAX_REPS ? a->n : BR_MAX_REPS;
    memcpy(order, a->v, n * sizeof(order[0]));
    double med = bu_median(a->v, a->n); /* sorts */
    struct br_figure *f =
        br_add_value(r, study, key, label, unit, better, med, a->n, base_key, limit_key);
    if (f) {
        memcpy(f->samples, order, n * sizeof(order[0]));
        f->nsamples = n;
    }
    if (f && a->n) {
        f->lo = a->v[0];
        f->hi = a->v[a->n - 1];
    }
    return f;
}

void br_set_target(struct br_figure *f, char ref, char op, double x)
{
    if (!f)
        return;
    struct br_target *t = &f->target[ref == 'b' ? 0 : 1];
    t->op = op;
    t->x = x;
}

void br_set_note(struct br_figure *f, const char *fmt, ...)
{
    if (!f)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->note, sizeof(f->note), fmt, ap);
    va_end(ap);
}

void br_add_skipped(struct br_results *r, const char *study, const char *what, const char *fmt, ...)
{
    if (r->nskipped >= BR_MAX_SKIPPED)
        return;
    struct br_skip *k = &r->skipped[r->nskipped++];
    copy_str(k->study, sizeof(k->study), study);
    copy_str(k->what, sizeof(k->what), what);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(k->why, sizeof(k->why), fmt, ap);
    va_end(ap);
}

void br_add_noise(struct br_results *r, const struct br_noise *n)
{
    for (size_t i = 0; i < r->nnoise; i++)
        if (strcmp(r->noise[i].study, n->study) == 0) {
            r->noise[i] = *n;
            return;
        }
    if (r->nnoise < BR_MAX_STUDIES)
        r->noise[r->nnoise++] = *n;
}

const struct br_noise *br_noise_of(const struct br_results *r, const char *study)
{
    for (size_t i = 0; i < r->nnoise; i++)
        if (strcmp(r->noise[i].study, study) == 0)
            return &r->noise[i];
    return NULL;
}

bool br_loaded(const struct br_results *r, const struct br_figure *f)
{
    const struct br_noise *n = br_noise_of(r, f->study);
    return n && n->loaded;
}

const struct br_figure *br_find(const struct br_results *r, const char *key)
{
    if (!key || !*key)
        return NULL;
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->v[i].key, key) == 0)
            return &r->v[i];
    return NULL;
}

static const struct br_figure *ref_of(const struct br_results *r, const struct br_figure *f,
                                      char ref)
{
    return br_find(r, ref == 'b' ? f->base_key : f->limit_key);
}

bool br_ratio(const struct br_results *r, const char *key, char ref, double *ratio)
{
    const struct br_figure *f = br_find(r, key);
    const struct br_figure *g = f ? ref_of(r, f, ref) : NULL;
    if (!g || !(g->value > 0.0) || !(f->value >= 0.0))
        return false;
    *ratio = f->value / g->value;
    return true;
}

int br_target_met(const struct br_results *r, const struct br_figure *f, char ref)
{
    const struct br_target *t = &f->target[ref == 'b' ? 0 : 1];
    double x;
    if (!t->op || !br_ratio(r, f->key, ref, &x))
        return -1;
    return t->op == '<' ? x <= t->x : x >= t->x;
}

/* Values print with 3-4 significant digits; a figure with no value (NaN:
 * not measured, its note says why) prints "-". */
static void fmt_value(char *buf, size_t cap, double v)
{
    double a = fabs(v);
    if (isnan(v))
        snprintf(buf, cap, "-");
    else if (a >= 1e6 || a == 0.0)
        snprintf(buf, cap, "%.4g", v);
    else if (a >= 1000)
        snprintf(buf, cap, "%.0f", v);
    else if (a >= 100)
        snprintf(buf, cap, "%.1f", v);
    else if (a >= 10)
        snprintf(buf, cap, "%.2f", v);
    else
        snprintf(buf, cap, "%.3f", v);
}

static void fmt_ratio(char *buf, size_t cap, const struct br_results *r, const struct br_figure *f,
                      char ref)
{
    const struct br_figure *g = ref_of(r, f, ref);
    double x;
    if (!g || !br_ratio(r, f->key, ref, &x)) {
        snprintf(buf, cap, "-");
        return;
    }
    char num[32];
    if (x >= 100)
        snprintf(num, sizeof(num), "%.0fx", x);
    else if (x >= 10)
        snprintf(num, sizeof(num), "%.1fx", x);
    else if (x >= 0.1 || x == 0.0)
        snprintf(num, sizeof(num), "%.2fx", x);
    else
        snprintf(num, sizeof(num), "%.2gx", x);
    snprintf(buf, cap, "%s %s", num, g->label);
}

static void fmt_target(char *buf, size_t cap, const struct br_results *r, const struct br_figure *f)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < 2; i++) {
        const struct br_target *t = &f->target[i];
        char ref = i == 0 ? 'b' : 'l';
        if (!t->op)
            continue;
        int met = br_target_met(r, f, ref);
        int w = snprintf(buf + k, cap - k, "%s%s%s%gx %s", k ? ", " : "", i == 0 ? "base" : "limit",
                         t->op == '<' ? "<=" : ">=", t->x,
                         met < 0 ? "n/a"
                         : met   ? "met"
                                 : "MISSED");
        if (w < 0 || (size_t)w >= cap - k)
            break;
        k += (size_t)w;
    }
    if (!k)
        snprintf(buf, cap, "-");
}

/* "min..max" over the repetitions, "-" for a single value. */
static void fmt_range(char *buf, size_t cap, const struct br_figure *f)
{
    if (f->reps < 2 || f->lo == f->hi) {
        snprintf(buf, cap, "-");
        return;
    }
    char a[32], b[32];
    fmt_value(a, sizeof(a), f->lo);
    fmt_value(b, sizeof(b), f->hi);
    snprintf(buf, cap, "%s..%s", a, b);
}

/* The formatted cells of one row of the table. */
struct row_cells {
    char v[40], g[72], q[32], b[96], l[96], t[48];
};

static void fmt_cells(struct row_cells *c, const struct br_results *r, const struct br_figure *f)
{
    fmt_value(c->v, sizeof(c->v), f->value);
    if (br_loaded(r, f) && !isnan(f->value))
        strcat(c->v, "*");
    fmt_range(c->g, sizeof(c->g), f);
    if (f->nsamples >= 2)
        fmt_value(c->q, sizeof(c->q), bst_iqr(f->samples, f->nsamples));
    else
        snprintf(c->q, sizeof(c->q), "-");
    fmt_ratio(c->b, sizeof(c->b), r, f, 'b');
    fmt_ratio(c->l, sizeof(c->l), r, f, 'l');
    fmt_target(c->t, sizeof(c->t), r, f);
}

void br_print_table(const struct br_results *r, FILE *out)
{
    /* Column widths from the content, so long labels never break the grid. */
    int ws = 5, wf = 6, wv = 5, wr = 12, wq = 3, wu = 4, wb = 11, wl = 8, wt = 6;
    struct row_cells c;
    for (size_t i = 0; i < r->n; i++) {
        const struct br_figure *f = &r->v[i];
        fmt_cells(&c, r, f);
#define W(w, s)                                                                                    \
    if ((int)strlen(s) > (w))                                                                      \
    (w) = (int)strlen(s)
        W(ws, f->study);
        W(wf, f->label);
        W(wv, c.v);
        W(wr, c.g);
        W(wq, c.q);
        W(wu, f->unit);
        W(wb, c.b);
        W(wl, c.l);
        W(wt, c.t);
#undef W
    }
    fprintf(out, "%-*s  %-*s  %*s  %-*s  %-*s  %*s  %-*s  %-*s  %-*s  %s\n", ws, "study", wf,
            "figure", wv, "value", wu, "unit", wr, "rep min..max", wq, "IQR", wb, "vs baseline", wl,
            "vs limit", wt, "target", "note");
    int total = ws + wf + wv + wr + wq + wu + wb + wl + wt + 2 * 9 + 4;
    for (int i = 0; i < total; i++)
        fputc('-', out);
    fputc('\n', out);
    const char *prev = "";
    for (size_t i = 0; i < r->n; i++) {
        const struct br_figure *f = &r->v[i];
        fmt_cells(&c, r, f);
        bool first = strcmp(prev, f->study) != 0;
        prev = f->study;
        fprintf(out, "%-*s  %-*s  %*s  %-*s  %-*s  %*s  %-*s  %-*s  %-*s  %s\n", ws,
                first ? f->study : "", wf, f->label, wv, c.v, wu, f->unit, wr, c.g, wq, c.q, wb,
                c.b, wl, c.l, wt, c.t, f->note);
    }
    bool any = false;
    for (size_t i = 0; i < r->nnoise; i++) {
        const struct br_noise *n = &r->noise[i];
        if (!n->loaded)
            continue;
        if (!any)
            fprintf(out, "* taken under load:\n");
        any = true;
        fprintf(out, "  %-*s %s\n", ws, n->study, n->why);
    }
    for (size_t i = 0; i < r->nskipped; i++)
        fprintf(out, "%-*s  %s: skipped (%s)\n", ws, r->skipped[i].study, r->skipped[i].what,
                r->skipped[i].why);
}
