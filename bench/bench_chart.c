/* SPDX-License-Identifier: Apache-2.0 */
/* Hand-written SVG charts of cpuacl-bench's report (bench_chart.h). */
#include "bench_chart.h"

#include <math.h>
#include <string.h>

#include "bench_stats.h"

static const char *const colours[] = {"#2b6cb0", "#dd6b20", "#38a169",
                                      "#805ad5", "#718096", "#c53030"};
#define NCOL (sizeof(colours) / sizeof(colours[0]))

void bch_esc(FILE *o, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<':
            fputs("&lt;", o);
            break;
        case '>':
            fputs("&gt;", o);
            break;
        case '&':
            fputs("&amp;", o);
            break;
        case '"':
            fputs("&quot;", o);
            break;
        case '\'':
            fputs("&#39;", o);
            break;
        default:
            fputc(*s, o);
        }
    }
}

void bch_num(char *buf, size_t cap, double v)
{
    double a = fabs(v);
    if (isnan(v))
        snprintf(buf, cap, "-");
    else if (a >= 1e6 || (a < 0.001 && a > 0))
        snprintf(buf, cap, "%.3g", v);
    else if (a >= 100)
        snprintf(buf, cap, "%.0f", v);
    else if (a >= 10)
        snprintf(buf, cap, "%.1f", v);
    else
        snprintf(buf, cap, "%.3g", v);
}

/* An axis: linear from 0 or log10 over whole decades. */
struct axis {
    bool log;
    double lo, hi; /* data space (log: exponents) */
};

static void axis_fit(struct axis *a, double vmin, double vmax, bool linear)
{
    a->log = !linear && vmin > 0 && vmax / vmin > BCH_LOG_SPAN;
    if (a->log) {
        a->lo = floor(log10(vmin));
        a->hi = ceil(log10(vmax));
        if (a->hi <= a->lo)
            a->hi = a->lo + 1;
    } else {
        /* a "nice" top: 1, 2, 2.5 or 5 times a power of ten */
        double top = vmax > 0 ? vmax * 1.05 : 1;
        double p = pow(10, floor(log10(top)));
        static const double steps[] = {1, 2, 2.5, 5, 10};
        for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
            if (steps[i] * p >= top) {
                top = steps[i] * p;
                break;
            }
        a->lo = 0;
        a->hi = top;
    }
}

/* Fraction of the axis length at v (clamped to [0, 1]). */
static double axis_frac(const struct axis *a, double v)
{
    double x = a->log ? (v > 0 ? (log10(v) - a->lo) / (a->hi - a->lo) : 0) : v / a->hi;
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static int axis_ticks(const struct axis *a, double *t, int max)
{
    int n = 0;
    if (a->log) {
        for (double d = a->lo; d <= a->hi + 1e-9 && n < max; d += 1)
            t[n++] = pow(10, d);
    } else {
        for (int k = 0; k <= 5 && n < max; k++)
            t[n++] = a->hi * k / 5;
    }
    return n;
}

static void item_range(const struct bch_item *it, double *lo, double *hi)
{
    *lo = *hi = it->value;
    for (unsigned i = 0; i < it->n; i++) {
        *lo = fmin(*lo, it->samples[i]);
        *hi = fmax(*hi, it->samples[i]);
    }
}

static void svg_open(FILE *o, const char *title, int w, int h)
{
    fputs("<h3 class='answer'>", o);
    bch_esc(o, title);
    fprintf(o,
            "</h3>\n<figure><svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            "viewBox='0 0 %d %d' font-family='sans-serif' font-size='11'><title>",
            w, h, w, h);
    bch_esc(o, title);
    fputs("</title>\n", o);
}

void bch_rows(FILE *o, const char *title, const char *axis_label, const struct bch_item *it, int n,
              const char *const *legend, int nlegend, double ref, const char *ref_label, int flags)
{
    if (n <= 0)
        return;
    double vmin = INFINITY, vmax = 0;
    size_t lw = 8;
    for (int i = 0; i < n; i++) {
        double lo, hi;
        item_range(&it[i], &lo, &hi);
        if (hi > 0) {
            vmax = fmax(vmax, hi);
            if (lo > 0)
                vmin = fmin(vmin, lo);
        }
        if (it[i].label && strlen(it[i].label) > lw)
            lw = strlen(it[i].label);
    }
    if (ref > 0) {
        vmax = fmax(vmax, ref);
        vmin = fmin(vmin, ref);
    }
    if (!(vmax > 0))
        return;
    struct axis ax;
    axis_fit(&ax, vmin, vmax, flags & BCH_LINEAR);
    const int row = 18, top = nlegend ? 26 : 8, width = 440;
    const int left = (int)(lw > 60 ? 60 : lw) * 6 + 12;
    const int h = top + n * row + 56, w = left + width + 210;
    svg_open(o, title, w, h);
    for (int k = 0; k < nlegend; k++)
        fprintf(o,
                "<rect x='%d' y='6' width='10' height='10' fill='%s'/>"
                "<text x='%d' y='15'>%s</text>\n",
                left + k * 170, colours[k % NCOL], left + k * 170 + 14, legend[k]);
    double ticks[16];
    int nt = axis_ticks(&ax, ticks, 16);
    int y0 = top, y1 = top + n * row;
    for (int k = 0; k < nt; k++) {
        int x = left + (int)(axis_frac(&ax, ticks[k]) * width);
        char num[32];
        bch_num(num, sizeof(num), ticks[k]);
        fprintf(o,
                "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#e2e8f0'/>"
                "<text x='%d' y='%d' text-anchor='middle' fill='#4a5568'>%s</text>\n",
                x, y0, x, y1, x, y1 + 14, num);
    }
    fprintf(o, "<text x='%d' y='%d' text-anchor='middle' fill='#4a5568'>", left + width / 2,
            y1 + 30);
    bch_esc(o, axis_label);
    fprintf(o, "%s</text>\n", ax.log ? " (log scale: the values span more than 50x)" : "");
    for (int i = 0; i < n; i++) {
        const struct bch_item *q = &it[i];
        int y = top + i * row;
        const char *col = colours[q->series % (int)NCOL];
        if (q->label) {
            char lab[64];
            snprintf(lab, sizeof(lab), "%s", q->label);
            if (strlen(q->label) > 60)
                memcpy(lab + 56, "...", 4);
            fprintf(o, "<text x='%d' y='%d' text-anchor='end'>", left - 6, y + 12);
            bch_esc(o, lab);
            fputs("</text>\n", o);
        }
        if (!(q->value > 0) && (ax.log || !(q->value == 0)))
            continue;
        int xv = left + (int)(axis_frac(&ax, q->value) * width);
        if (!ax.log)
            fprintf(o, "<rect x='%d' y='%d' width='%d' height='%d' fill='%s' opacity='0.35'/>",
                    left, y + 3, xv - left > 1 ? xv - left : 1, row - 6, col);
        if (q->n >= 2) {
            double lo, hi;
            item_range(q, &lo, &hi);
            int xl = left + (int)(axis_frac(&ax, lo) * width);
            int xh = left + (int)(axis_frac(&ax, hi) * width);
            int b0 = left + (int)(axis_frac(&ax, bst_quantile(q->samples, q->n, 0.25)) * width);
            int b1 = left + (int)(axis_frac(&ax, bst_quantile(q->samples, q->n, 0.75)) * width);
            fprintf(o,
                    "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s'/>"
                    "<rect x='%d' y='%d' width='%d' height='%d' fill='white' stroke='%s'/>",
                    xl, y + row / 2, xh, y + row / 2, col, b0, y + 4, b1 - b0 > 1 ? b1 - b0 : 1,
                    row - 8, col);
        }
        fprintf(o, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-width='3'>", xv, y + 2,
                xv, y + row - 2, col);
        char num[32];
        bch_num(num, sizeof(num), q->value);
        fprintf(o, "<title>%s (%u repetitions)</title></line>", num, q->n);
        fprintf(o, "<text x='%d' y='%d'>%s</text>", left + width + 8, y + 12, num);
        if (q->note[0]) {
            fprintf(o, "<text x='%d' y='%d' font-weight='bold' fill='%s'>", left + width + 62,
                    y + 12, col);
            bch_esc(o, q->note);
            fputs("</text>", o);
        }
        fputs("\n", o);
    }
    if (ref > 0) {
        int x = left + (int)(axis_frac(&ax, ref) * width);
        fprintf(o,
                "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#c53030' "
                "stroke-dasharray='4,3'/><text x='%d' y='%d' fill='#c53030' "
                "text-anchor='middle'>",
                x, y0 - 2, x, y1, x, y1 + 46);
        bch_esc(o, ref_label ? ref_label : "");
        fputs("</text>\n", o);
    }
    fputs("</svg></figure>\n", o);
}

void bch_lines(FILE *o, const char *title, const char *xaxis, const char *yaxis,
               const char *const *xcat, int ncat, const struct bch_series *s, int ns,
               const struct bch_ref *refs, int nrefs)
{
    double vmin = INFINITY, vmax = 0;
    for (int k = 0; k < ns; k++)
        for (int i = 0; i < s[k].n; i++) {
            double lo, hi;
            item_range(&s[k].pt[i], &lo, &hi);
            if (hi > 0)
                vmax = fmax(vmax, hi);
            if (lo > 0)
                vmin = fmin(vmin, lo);
        }
    for (int k = 0; k < nrefs; k++)
        vmax = fmax(vmax, refs[k].y);
    if (!(vmax > 0) || ncat < 1)
        return;
    struct axis ax;
    axis_fit(&ax, vmin, vmax, true); /* rates over streams: always linear */
    const int left = 60, width = 460, height = 230;
    const int top = 14 + 16 * ((ns + 1) / 2);
    const int w = left + width + 300, h = top + height + 44;
    svg_open(o, title, w, h);
    for (int k = 0; k < ns; k++) {
        int lx = left + (k % 2) * 260, ly = 10 + 16 * (k / 2);
        fprintf(o,
                "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-width='2'%s/>"
                "<text x='%d' y='%d'>",
                lx, ly, lx + 20, ly, colours[s[k].colour % (int)NCOL],
                s[k].dashed ? " stroke-dasharray='6,4'" : "", lx + 24, ly + 4);
        bch_esc(o, s[k].label);
        fputs("</text>\n", o);
    }
#define XC(i) (left + (ncat > 1 ? (i)*width / (ncat - 1) : width / 2))
#define YV(v) (top + height - (int)(axis_frac(&ax, (v)) * height))
    double ticks[16];
    int nt = axis_ticks(&ax, ticks, 16);
    for (int k = 0; k < nt; k++) {
        char num[32];
        bch_num(num, sizeof(num), ticks[k]);
        fprintf(o,
                "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#e2e8f0'/>"
                "<text x='%d' y='%d' text-anchor='end' fill='#4a5568'>%s</text>\n",
                left, YV(ticks[k]), left + width, YV(ticks[k]), left - 4, YV(ticks[k]) + 4, num);
    }
    for (int i = 0; i < ncat; i++) {
        fprintf(o, "<text x='%d' y='%d' text-anchor='middle' fill='#4a5568'>", XC(i),
                top + height + 14);
        bch_esc(o, xcat[i]);
        fputs("</text>\n", o);
    }
    fprintf(o, "<text x='%d' y='%d' text-anchor='middle' fill='#4a5568'>", left + width / 2,
            top + height + 32);
    bch_esc(o, xaxis);
    fprintf(o, "</text><text x='4' y='%d' fill='#4a5568'>", top - 4);
    bch_esc(o, yaxis);
    fprintf(o, "%s</text>\n", ax.log ? " (log)" : "");
    /* labels at the right edge, pushed apart so none overlaps another */
    int ly[32];
    int nl = 0;
    for (int k = 0; k < nrefs; k++) {
        const char *col = colours[refs[k].colour % (int)NCOL];
        fprintf(o, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-dasharray='2,3'/>\n",
                left, YV(refs[k].y), left + width, YV(refs[k].y), col);
    }
    for (int k = 0; k < ns; k++) {
        const struct bch_series *q = &s[k];
        const char *col = colours[q->colour % (int)NCOL];
        fprintf(o, "<polyline fill='none' stroke='%s' stroke-width='2'%s points='", col,
                q->dashed ? " stroke-dasharray='6,4'" : "");
        for (int i = 0; i < q->n; i++)
            if (q->pt[i].value > 0)
                fprintf(o, "%d,%d ", XC(i), YV(q->pt[i].value));
        fputs("'/>\n", o);
        for (int i = 0; i < q->n; i++) {
            const struct bch_item *p = &q->pt[i];
            if (!(p->value > 0))
                continue;
            if (p->n >= 2) {
                double lo, hi;
                item_range(p, &lo, &hi);
                fprintf(o,
                        "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s'/>"
                        "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s'/>"
                        "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s'/>",
                        XC(i), YV(lo), XC(i), YV(hi), col, XC(i) - 4, YV(lo), XC(i) + 4, YV(lo),
                        col, XC(i) - 4, YV(hi), XC(i) + 4, YV(hi), col);
            }
            char num[32];
            bch_num(num, sizeof(num), p->value);
            fprintf(o, "<circle cx='%d' cy='%d' r='3.5' fill='%s'><title>", XC(i), YV(p->value),
                    col);
            bch_esc(o, q->label);
            fprintf(o, ", %s: %s (min..max of %u repetitions as whiskers)</title></circle>\n",
                    xcat[i], num, p->n);
        }
    }
    /* right-edge labels: series' last values and reference lines */
    struct {
        int y;
        const char *col;
        char text[96];
    } lab[32];
    for (int k = 0; k < ns && nl < 32; k++) {
        const struct bch_series *q = &s[k];
        if (q->n < 1 || !(q->pt[q->n - 1].value > 0))
            continue;
        char num[32];
        bch_num(num, sizeof(num), q->pt[q->n - 1].value);
        lab[nl].y = YV(q->pt[q->n - 1].value);
        lab[nl].col = colours[q->colour % (int)NCOL];
        snprintf(lab[nl].text, sizeof(lab[nl].text), "%s (%.60s)", num, q->label);
        nl++;
    }
    for (int k = 0; k < nrefs && nl < 32; k++) {
        lab[nl].y = YV(refs[k].y);
        lab[nl].col = colours[refs[k].colour % (int)NCOL];
        snprintf(lab[nl].text, sizeof(lab[nl].text), "%.90s", refs[k].label);
        nl++;
    }
    /* sort by y, then push down so consecutive labels are >= 12 px apart */
    for (int i = 1; i < nl; i++)
        for (int j = i; j > 0 && lab[j].y < lab[j - 1].y; j--) {
            __typeof__(lab[0]) t = lab[j];
            lab[j] = lab[j - 1];
            lab[j - 1] = t;
        }
    for (int i = 0; i < nl; i++) {
        ly[i] = lab[i].y + 4;
        if (i > 0 && ly[i] < ly[i - 1] + 12)
            ly[i] = ly[i - 1] + 12;
        fprintf(o, "<text x='%d' y='%d' fill='%s'>", left + width + 6, ly[i], lab[i].col);
        bch_esc(o, lab[i].text);
        fputs("</text>\n", o);
    }
#undef XC
#undef YV
    fputs("</svg></figure>\n", o);
}
