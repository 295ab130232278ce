/* SPDX-License-Identifier: Apache-2.0 */
/* JSON and HTML back ends of cpuacl-bench (bench_output.h). */
#define _GNU_SOURCE
#include "bench_output.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* ------------------------------------------------------------------------
 * The machine
 * ---------------------------------------------------------------------- */
static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
}

/* The bracketed choice of a /sys "a [b] c" file, or "unknown". */
static void read_bracketed(const char *path, char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[256];
    if (fgets(line, sizeof(line), f)) {
        char *a = strchr(line, '['), *b = a ? strchr(a, ']') : NULL;
        if (a && b) {
            *b = 0;
            snprintf(out, cap, "%s", a + 1);
        }
    }
    fclose(f);
}

void bo_machine_read(struct bo_machine *m)
{
    memset(m, 0, sizeof(*m));
    snprintf(m->cpu_model, sizeof(m->cpu_model), "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof(line), f)) {
            /* x86: "model name"; arm64: no model name, fall back to
             * "CPU part" is not helpful: keep "unknown" there. */
            if (strncmp(line, "model name", 10) == 0) {
                char *c = strchr(line, ':');
                if (c) {
                    c++;
                    while (*c == ' ' || *c == '\t')
                        c++;
                    snprintf(m->cpu_model, sizeof(m->cpu_model), "%s", c);
                    trim(m->cpu_model);
                }
                break;
            }
        }
        fclose(f);
    }
    m->ncpu_online = (int)sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
        m->ncpu_allowed = CPU_COUNT(&set);
    f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof(line), f)) {
            unsigned long long kib;
            if (sscanf(line, "MemTotal: %llu kB", &kib) == 1) {
                m->mem_total_kib = kib;
                break;
            }
        }
        fclose(f);
    }
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(m->kernel, sizeof(m->kernel), "%s %s %s %s", u.sysname, u.release, u.version,
                 u.machine);
    read_bracketed("/sys/kernel/mm/transparent_hugepage/enabled", m->thp_enabled,
                   sizeof(m->thp_enabled));
    read_bracketed("/sys/kernel/mm/transparent_hugepage/defrag", m->thp_defrag,
                   sizeof(m->thp_defrag));
}

/* ------------------------------------------------------------------------
 * JSON
 * ---------------------------------------------------------------------- */
static const char *better_name(enum br_better b)
{
    return b == BR_LOWER ? "lower" : b == BR_HIGHER ? "higher" : "info";
}

/* {"key": k, "ratio": x|null} or null when the figure has no such reference. */
static cJSON *ref_json(const struct br_results *r, const struct br_figure *f, char ref)
{
    const char *k = ref == 'b' ? f->base_key : f->limit_key;
    if (!*k)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "key", k);
    double x;
    if (br_ratio(r, f->key, ref, &x))
        cJSON_AddNumberToObject(o, "ratio", x);
    else
        cJSON_AddNullToObject(o, "ratio");
    return o;
}

static cJSON *target_json(const struct br_results *r, const struct br_figure *f, char ref)
{
    const struct br_target *t = &f->target[ref == 'b' ? 0 : 1];
    if (!t->op)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "op", t->op == '<' ? "<=" : ">=");
    cJSON_AddNumberToObject(o, "x", t->x);
    int met = br_target_met(r, f, ref);
    if (met < 0)
        cJSON_AddNullToObject(o, "met");
    else
        cJSON_AddBoolToObject(o, "met", met);
    return o;
}

static cJSON *figure_json(const struct br_results *r, const struct br_figure *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "study", f->study);
    cJSON_AddStringToObject(o, "key", f->key);
    cJSON_AddStringToObject(o, "name", f->label);
    cJSON_AddNumberToObject(o, "value", f->value);
    cJSON_AddStringToObject(o, "unit", f->unit);
    cJSON_AddStringToObject(o, "better", better_name(f->better));
    cJSON_AddNumberToObject(o, "median", f->value);
    cJSON_AddNumberToObject(o, "min", f->lo);
    cJSON_AddNumberToObject(o, "max", f->hi);
    cJSON_AddNumberToObject(o, "reps", f->reps);
    cJSON_AddItemToObject(o, "baseline", ref_json(r, f, 'b'));
    cJSON_AddItemToObject(o, "limit", ref_json(r, f, 'l'));
    cJSON *t = cJSON_CreateObject();
    cJSON_AddItemToObject(t, "baseline", target_json(r, f, 'b'));
    cJSON_AddItemToObject(t, "limit", target_json(r, f, 'l'));
    cJSON_AddItemToObject(o, "target", t);
    /* "met": false if any target was missed, true if all were met, null
     * when the figure has no computable target. */
    int mb = br_target_met(r, f, 'b'), ml = br_target_met(r, f, 'l');
    if (mb < 0 && ml < 0)
        cJSON_AddNullToObject(o, "met");
    else
        cJSON_AddBoolToObject(o, "met", mb != 0 && ml != 0);
    cJSON_AddStringToObject(o, "note", f->note);
    return o;
}

static cJSON *run_json(const struct bo_run *run, const struct br_results *r)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "tool", "cpuacl-bench");
    cJSON_AddStringToObject(root, "version", run->version);
    cJSON_AddNumberToObject(root, "schema", 1);
    char when[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
    cJSON_AddStringToObject(root, "date", when);

    const struct bo_machine *m = &run->machine;
    cJSON *mj = cJSON_AddObjectToObject(root, "machine");
    cJSON_AddStringToObject(mj, "cpu_model", m->cpu_model);
    cJSON_AddNumberToObject(mj, "ncpu", m->ncpu_online);
    cJSON_AddNumberToObject(mj, "ncpu_allowed", m->ncpu_allowed);
    cJSON_AddNumberToObject(mj, "memory_kib", (double)m->mem_total_kib);
    cJSON_AddStringToObject(mj, "kernel", m->kernel);
    cJSON_AddStringToObject(mj, "thp_enabled", m->thp_enabled);
    cJSON_AddStringToObject(mj, "thp_defrag", m->thp_defrag);

    cJSON *cj = cJSON_AddObjectToObject(root, "config");
    cJSON *argv = cJSON_AddArrayToObject(cj, "argv");
    for (int i = 0; i < run->argc; i++)
        cJSON_AddItemToArray(argv, cJSON_CreateString(run->argv[i]));
    cJSON *oj = cJSON_AddObjectToObject(cj, "options");
    cJSON_AddStringToObject(oj, "mode", run->mode);
    cJSON_AddNumberToObject(oj, "reps", run->reps);
    cJSON_AddBoolToObject(oj, "pin", run->pin);
    cJSON_AddStringToObject(oj, "studies", run->studies);
    cJSON *ej = cJSON_AddObjectToObject(cj, "env");
    for (char **e = environ; e && *e; e++) {
        if (strncmp(*e, "CPUACL_", 7) != 0)
            continue;
        const char *eq = strchr(*e, '=');
        if (!eq)
            continue;
        char name[128];
        snprintf(name, sizeof(name), "%.*s", (int)(eq - *e), *e);
        cJSON_AddStringToObject(ej, name, eq + 1);
    }
    cJSON_AddNumberToObject(cj, "workers", run->workers);
    cJSON *wc = cJSON_AddArrayToObject(cj, "worker_cpus");
    for (uint32_t i = 0; i < run->workers && i < 64; i++)
        cJSON_AddItemToArray(wc, cJSON_CreateNumber(run->worker_cpus[i]));
    cJSON_AddNumberToObject(cj, "host_cpu", run->host_cpu);
    cJSON *pj = cJSON_AddObjectToObject(cj, "baseline_pair");
    cJSON_AddNumberToObject(pj, "producer_cpu", run->producer_cpu);
    cJSON_AddNumberToObject(pj, "consumer_cpu", run->consumer_cpu);
    cJSON_AddNumberToObject(cj, "ring_slots", run->ring_slots);
    cJSON_AddNumberToObject(cj, "spin_us", run->spin_us);

    cJSON *rj = cJSON_AddObjectToObject(root, "run");
    cJSON_AddNumberToObject(rj, "seconds", run->seconds);
    cJSON_AddStringToObject(rj, "failed", run->failed ? run->failed : "");
    if (run->trace_file)
        cJSON_AddStringToObject(rj, "trace_file", run->trace_file);
    if (run->trace_status)
        cJSON_AddStringToObject(rj, "trace", run->trace_status);

    cJSON *sk = cJSON_AddArrayToObject(root, "skipped");
    for (size_t i = 0; i < r->nskipped; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "study", r->skipped[i].study);
        cJSON_AddStringToObject(o, "what", r->skipped[i].what);
        cJSON_AddStringToObject(o, "why", r->skipped[i].why);
        cJSON_AddItemToArray(sk, o);
    }
    cJSON *fj = cJSON_AddArrayToObject(root, "figures");
    for (size_t i = 0; i < r->n; i++)
        cJSON_AddItemToArray(fj, figure_json(r, &r->v[i]));
    return root;
}

int bo_write_json(const char *path, const struct br_results *r, const struct bo_run *run)
{
    cJSON *root = run_json(run, r);
    char *text = root ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!text) {
        fprintf(stderr, "cpuacl-bench: out of memory writing %s\n", path);
        return -1;
    }
    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f || fputs(text, f) < 0 || fputc('\n', f) == EOF)
        rc = -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc)
        perror(path);
    cJSON_free(text);
    return rc;
}

/* ------------------------------------------------------------------------
 * HTML with inline SVG
 * ---------------------------------------------------------------------- */
static void html_esc(FILE *o, const char *s)
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
        default:
            fputc(*s, o);
        }
    }
}

static void fmt_num(char *buf, size_t cap, double v)
{
    double a = fabs(v);
    if (isnan(v)) /* not measured (the note says why) */
        snprintf(buf, cap, "-");
    else if (a >= 1e6 || a == 0.0)
        snprintf(buf, cap, "%.4g", v);
    else if (a >= 100)
        snprintf(buf, cap, "%.0f", v);
    else if (a >= 10)
        snprintf(buf, cap, "%.1f", v);
    else
        snprintf(buf, cap, "%.3g", v);
}

static const char *const colours[] = {"#2b6cb0", "#dd6b20", "#718096", "#38a169", "#805ad5"};

/* One bar of a chart: a label, a value (<= 0: not drawn) and a series. */
struct bar {
    const char *label;
    double value;
    int series;
};

/*
 * Horizontal bars on a log (or linear) axis, grouped: a bar whose label is
 * NULL continues the group of the previous bar. `legend` names the series.
 */
static void svg_hbars(FILE *o, const char *title, const char *unit, const struct bar *b, int n,
                      const char *const *legend, int nlegend, bool log_scale)
{
    if (n == 0)
        return;
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < n; i++)
        if (b[i].value > 0) {
            lo = fmin(lo, b[i].value);
            hi = fmax(hi, b[i].value);
        }
    if (!(hi > 0))
        return;
    const int left = 230, width = 520, row = 16, top = 40;
    int groups = 0;
    for (int i = 0; i < n; i++)
        groups += b[i].label != NULL;
    int h = top + n * row + 6 * groups + 50;
    double l0 = log_scale ? floor(log10(lo)) : 0, l1 = log_scale ? ceil(log10(hi)) : hi * 1.05;
    if (log_scale && l1 <= l0)
        l1 = l0 + 1;
    fprintf(o,
            "<figure><svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            "font-family='sans-serif' font-size='11'>\n",
            left + width + 90, h);
    fprintf(o, "<text x='4' y='16' font-size='14' font-weight='bold'>");
    html_esc(o, title);
    fprintf(o, "</text>\n");
    int y = top;
    for (int i = 0; i < n; i++) {
        if (b[i].label && i > 0)
            y += 6;
        if (b[i].label) {
            fprintf(o, "<text x='%d' y='%d' text-anchor='end'>", left - 6, y + 11);
            html_esc(o, b[i].label);
            fprintf(o, "</text>\n");
        }
        if (b[i].value > 0) {
            double frac = log_scale ? (log10(b[i].value) - l0) / (l1 - l0) : b[i].value / l1;
            int w = (int)(frac * width);
            if (w < 1)
                w = 1;
            char num[32];
            fmt_num(num, sizeof(num), b[i].value);
            fprintf(o,
                    "<rect x='%d' y='%d' width='%d' height='%d' fill='%s'><title>%s %s"
                    "</title></rect><text x='%d' y='%d'>%s</text>\n",
                    left, y, w, row - 3, colours[b[i].series % 5], num, unit, left + w + 4, y + 11,
                    num);
        }
        y += row;
    }
    /* axis */
    y += 4;
    fprintf(o, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#000'/>\n", left, y, left + width, y);
    if (log_scale) {
        for (double d = l0; d <= l1 + 1e-9; d += 1) {
            int x = left + (int)((d - l0) / (l1 - l0) * width);
            char num[32];
            fmt_num(num, sizeof(num), pow(10, d));
            fprintf(o,
                    "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#000'/>"
                    "<text x='%d' y='%d' text-anchor='middle'>%s</text>\n",
                    x, y, x, y + 4, x, y + 16, num);
        }
    } else {
        for (int k = 0; k <= 4; k++) {
            int x = left + k * width / 4;
            char num[32];
            fmt_num(num, sizeof(num), l1 * k / 4);
            fprintf(o,
                    "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#000'/>"
                    "<text x='%d' y='%d' text-anchor='middle'>%s</text>\n",
                    x, y, x, y + 4, x, y + 16, num);
        }
    }
    fprintf(o, "<text x='%d' y='%d' text-anchor='middle'>", left + width / 2, y + 30);
    html_esc(o, unit);
    fprintf(o, "%s</text>\n", log_scale ? " (log scale)" : "");
    for (int k = 0; k < nlegend; k++) {
        fprintf(o,
                "<rect x='%d' y='24' width='10' height='10' fill='%s'/>"
                "<text x='%d' y='33'>",
                left + k * 150, colours[k % 5], left + k * 150 + 14);
        html_esc(o, legend[k]);
        fprintf(o, "</text>\n");
    }
    fprintf(o, "</svg></figure>\n");
}

static double fig(const struct br_results *r, const char *key)
{
    const struct br_figure *f = br_find(r, key);
    return f ? f->value : 0.0;
}

/* Latency distributions: roundtrip and event percentiles. */
static void chart_latency(FILE *o, const struct br_results *r)
{
    static const char *const keys[][2] = {
        {"roundtrip.p50", "launch+sync p50"},         {"roundtrip.p90", "launch+sync p90"},
        {"roundtrip.p99", "launch+sync p99"},         {"roundtrip.max", "launch+sync max"},
        {"roundtrip.idle_p50", "after idle p50"},     {"event.lat_p50", "event record->start p50"},
        {"event.lat_p99", "event record->start p99"}, {"limits.cl_rtt", "cache-line RTT (limit)"},
        {"limits.mq_rtt", "mutex+cv RTT (baseline)"}};
    struct bar b[16];
    int n = 0;
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        double v = fig(r, keys[i][0]);
        if (v > 0)
            b[n++] = (struct bar){keys[i][1], v, strncmp(keys[i][0], "limits", 6) == 0 ? 2 : 0};
    }
    if (n > 2)
        svg_hbars(o, "Latency distribution (submit + synchronize)", "ns", b, n, NULL, 0, true);
}

/* One line of a line chart: points (x, y) with x a stream count. */
struct series {
    char label[40];
    int colour;
    bool dashed;
    int n;
    unsigned x[16];
    double y[16];
};

/* A horizontal reference line (an ideal rate). */
struct hline {
    char label[48];
    int colour;
    double y;
};

/*
 * Lines over a log2 x axis (stream counts), y linear from 0: each series a
 * polyline with labelled points, each reference a dashed line; the legend
 * names the series.
 */
static void svg_lines(FILE *o, const char *title, const struct series *sv, int ns,
                      const struct hline *hl, int nh)
{
    unsigned xmin = UINT32_MAX, xmax = 0;
    double hi = 0;
    for (int k = 0; k < ns; k++)
        for (int i = 0; i < sv[k].n; i++) {
            xmin = sv[k].x[i] < xmin ? sv[k].x[i] : xmin;
            xmax = sv[k].x[i] > xmax ? sv[k].x[i] : xmax;
            hi = fmax(hi, sv[k].y[i]);
        }
    for (int k = 0; k < nh; k++)
        hi = fmax(hi, hl[k].y);
    if (xmax <= xmin || !(hi > 0))
        return;
    hi *= 1.15;
    const int left = 60, width = 520, top = 40 + 14 * ((ns + 2) / 3), height = 240;
    double l0 = log2((double)xmin), lspan = log2((double)xmax) - l0;
    fprintf(o,
            "<figure><svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
            "font-family='sans-serif' font-size='11'>\n"
            "<text x='4' y='16' font-size='14' font-weight='bold'>",
            left + width + 40, top + height + 50);
    html_esc(o, title);
    fprintf(o, "</text>\n");
#define X(c) (left + (int)((log2((double)(c)) - l0) / lspan * width))
#define Y(v) (top + height - (int)((v) / hi * height))
    fprintf(o, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#000'/>", left, top + height,
            left + width, top + height);
    fprintf(o, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#000'/>\n", left, top, left,
            top + height);
    for (int k = 0; k <= 4; k++) {
        char num[32];
        fmt_num(num, sizeof(num), hi * k / 4);
        fprintf(o, "<text x='%d' y='%d' text-anchor='end'>%s</text>", left - 4, Y(hi * k / 4) + 4,
                num);
    }
    for (unsigned c = 1; c <= xmax; c *= 2)
        if (c >= xmin)
            fprintf(o, "<text x='%d' y='%d' text-anchor='middle'>%u</text>", X(c),
                    top + height + 14, c);
    fprintf(o,
            "<text x='%d' y='%d' text-anchor='middle'>streams (log2)</text>"
            "<text x='4' y='%d'>Mtask/s</text>\n",
            left + width / 2, top + height + 30, top - 6);
    for (int k = 0; k < nh; k++) {
        const char *col = colours[hl[k].colour % 5];
        fprintf(o,
                "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-dasharray='2,3'/>"
                "<text x='%d' y='%d' fill='%s' text-anchor='end'>",
                left, Y(hl[k].y), left + width, Y(hl[k].y), col, left + width - 4, Y(hl[k].y) - 4,
                col);
        html_esc(o, hl[k].label);
        fprintf(o, "</text>\n");
    }
    for (int k = 0; k < ns; k++) {
        const struct series *q = &sv[k];
        const char *col = colours[q->colour % 5];
        int lx = left + (k % 3) * 180, ly = 24 + 14 * (k / 3);
        fprintf(o,
                "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-width='2'%s/>"
                "<text x='%d' y='%d'>",
                lx, ly, lx + 18, ly, col, q->dashed ? " stroke-dasharray='6,4'" : "", lx + 22,
                ly + 4);
        html_esc(o, q->label);
        fprintf(o, "</text>\n<polyline fill='none' stroke='%s' stroke-width='2'%s points='", col,
                q->dashed ? " stroke-dasharray='6,4'" : "");
        for (int i = 0; i < q->n; i++)
            fprintf(o, "%d,%d ", X(q->x[i]), Y(q->y[i]));
        fprintf(o, "'/>\n");
        for (int i = 0; i < q->n; i++) {
            char num[32];
            fmt_num(num, sizeof(num), q->y[i]);
            fprintf(o, "<circle cx='%d' cy='%d' r='3' fill='%s'><title>", X(q->x[i]), Y(q->y[i]),
                    col);
            html_esc(o, q->label);
            fprintf(o, ", %u streams: %s Mtask/s</title></circle>", q->x[i], num);
            if (ns <= 2)
                fprintf(o, "<text x='%d' y='%d' text-anchor='middle'>%s</text>", X(q->x[i]),
                        Y(q->y[i]) + (q->dashed ? -8 : 16), num);
            fprintf(o, "\n");
        }
    }
#undef X
#undef Y
    fprintf(o, "</svg></figure>\n");
}

/* A series from the figures "<prefix><N>" for N = 1, 2, 4, .. 64. */
static void series_from(struct series *q, const struct br_results *r, const char *prefix)
{
    q->n = 0;
    for (unsigned s = 1; s <= 64 && q->n < 16; s *= 2) {
        char key[64];
        snprintf(key, sizeof(key), "%s%u", prefix, s);
        double v = fig(r, key);
        if (v > 0) {
            q->x[q->n] = s;
            q->y[q->n++] = v;
        }
    }
}

/* Multi-stream scaling: rate by number of streams (independent and
 * event-chained) vs the ideal, with this run's workers; then the same for
 * every worker count of the sweep. */
static void chart_scaling(FILE *o, const struct br_results *r)
{
    struct series sv[16];
    struct hline hl[8];
    int ns = 0, nh = 0;
    memset(sv, 0, sizeof(sv));
    memset(hl, 0, sizeof(hl));
    series_from(&sv[ns], r, "multistream.rate_");
    snprintf(sv[ns].label, sizeof(sv[ns].label), "independent streams");
    ns += sv[ns].n > 0;
    series_from(&sv[ns], r, "multistream.chain_rate_");
    snprintf(sv[ns].label, sizeof(sv[ns].label), "event-chained streams");
    sv[ns].colour = 3;
    sv[ns].dashed = true;
    ns += sv[ns].n > 0;
    double ideal = fig(r, "multistream.ideal");
    if (ideal > 0)
        hl[nh++] = (struct hline){"ideal (workers / kernel time)", 1, ideal};
    if (ns > 0)
        svg_lines(o, "Multi-stream scaling: the same ~1 us kernels over N streams", sv, ns, hl, nh);

    ns = nh = 0;
    memset(sv, 0, sizeof(sv));
    for (unsigned w = 1, col = 0; w <= 64 && ns + 2 <= 16; w++) {
        char prefix[48];
        snprintf(prefix, sizeof(prefix), "multistream.w%u_rate_", w);
        series_from(&sv[ns], r, prefix);
        if (sv[ns].n == 0)
            continue;
        snprintf(sv[ns].label, sizeof(sv[ns].label), "%u worker%s", w, w > 1 ? "s" : "");
        sv[ns].colour = (int)col;
        ns++;
        snprintf(prefix, sizeof(prefix), "multistream.w%u_chain_", w);
        series_from(&sv[ns], r, prefix);
        snprintf(sv[ns].label, sizeof(sv[ns].label), "%u worker%s, chained", w, w > 1 ? "s" : "");
        sv[ns].colour = (int)col;
        sv[ns].dashed = true;
        ns += sv[ns].n > 0;
        snprintf(prefix, sizeof(prefix), "multistream.w%u_ideal", w);
        double id = fig(r, prefix);
        int same = -1; /* workers beyond the cores share one ideal */
        for (int k = 0; k < nh; k++)
            if (fabs(hl[k].y - id) < 0.02 * id)
                same = k;
        if (id > 0 && same >= 0) {
            size_t len = strlen(hl[same].label);
            snprintf(hl[same].label + len, sizeof(hl[same].label) - len, ", %u", w);
        } else if (id > 0 && nh < 8) {
            hl[nh] = (struct hline){"", (int)col, id};
            snprintf(hl[nh].label, sizeof(hl[nh].label), "ideal, workers: %u", w);
            nh++;
        }
        col++;
    }
    if (ns > 2)
        svg_lines(o, "By worker count: independent (solid) and event-chained (dashed) streams", sv,
                  ns, hl, nh);
}

/* Eager per task vs replay per node, by graph size. */
static void chart_capture(FILE *o, const struct br_results *r)
{
    static const unsigned sizes[] = {10, 100, 1000, 10000};
    static char labels[4][32];
    struct bar b[16];
    int n = 0;
    for (int i = 0; i < 4; i++) {
        char k1[48], k2[48], k3[48];
        snprintf(k1, sizeof(k1), "capture.eager_%u", sizes[i]);
        snprintf(k2, sizeof(k2), "capture.replay_%u", sizes[i]);
        snprintf(k3, sizeof(k3), "capture.capture_%u", sizes[i]);
        double e = fig(r, k1), p = fig(r, k2), c = fig(r, k3);
        if (!(e > 0) && !(p > 0))
            continue;
        snprintf(labels[i], sizeof(labels[i]), "%u nodes", sizes[i]);
        b[n++] = (struct bar){labels[i], e, 0};
        b[n++] = (struct bar){NULL, p, 1};
        b[n++] = (struct bar){NULL, c, 2};
    }
    double lanes = fig(r, "capture.replay_lanes");
    double lanes_e = fig(r, "capture.eager_lanes");
    if (lanes > 0 || lanes_e > 0) {
        b[n++] = (struct bar){"4 lanes (fork/join)", lanes_e, 0};
        b[n++] = (struct bar){NULL, lanes, 1};
    }
    static const char *const legend[] = {"eager per task", "replay per node", "capture per task"};
    if (n)
        svg_hbars(o, "Eager vs captured (replayed) work", "ns", b, n, legend, 3, true);
}

/* cpuacl vs baselines, limits and peers. */
static void chart_baselines(FILE *o, const struct br_results *r)
{
    struct bar b[48];
    int n = 0;
    static const struct {
        const char *label, *key, *base, *limit;
    } groups[] = {
        {"submit (ns)", "launch.submit", "limits.mq_push", "limits.ring_push"},
        {"round trip p50 (ns)", "roundtrip.p50", "limits.mq_rtt", "limits.cl_rtt"},
        {"event record->start (ns)", "event.lat_p50", "limits.mq_rtt", "limits.cl_rtt"},
        {"capture per task (ns)", "capture.capture_1000", "capture.eager_submit_1000", NULL},
    };
    for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
        double v = fig(r, groups[i].key);
        if (!(v > 0))
            continue;
        b[n++] = (struct bar){groups[i].label, v, 0};
        b[n++] = (struct bar){NULL, groups[i].base ? fig(r, groups[i].base) : 0, 1};
        b[n++] = (struct bar){NULL, groups[i].limit ? fig(r, groups[i].limit) : 0, 2};
    }
    /* peers: any figure of a "peer*" study with a cpuacl counterpart as its
     * baseline reference */
    for (size_t i = 0; i < r->n && n < 45; i++) {
        const struct br_figure *f = &r->v[i];
        if (strncmp(f->study, "peer", 4) != 0 || !*f->base_key || f->better != BR_LOWER)
            continue;
        b[n++] = (struct bar){f->label, fig(r, f->base_key), 0};
        b[n++] = (struct bar){NULL, f->value, 3};
    }
    static const char *const legend[] = {"cpuacl", "baseline (mutex+cv)", "limit", "peer"};
    if (n)
        svg_hbars(o, "cpuacl vs baselines, limits and peers (lower is better)", "ns", b, n, legend,
                  4, true);
    /* rates: higher is better */
    struct bar c[8];
    int m = 0;
    if (fig(r, "launch.rate") > 0) {
        c[m++] = (struct bar){"one-stream rate", fig(r, "launch.rate"), 0};
        c[m++] = (struct bar){NULL, fig(r, "limits.mq_rate"), 1};
        c[m++] = (struct bar){NULL, fig(r, "limits.ring_rate"), 2};
    }
    if (m)
        svg_hbars(o, "Sustained rate (higher is better)", "Mtask/s", c, m, legend, 3, false);
}

static void html_table(FILE *o, const struct br_results *r)
{
    fputs("<table><tr><th>study</th><th>figure</th><th>value</th><th>unit</th>"
          "<th>min..max</th><th>reps</th><th>vs baseline</th><th>vs limit</th>"
          "<th>target</th><th>note</th></tr>\n",
          o);
    for (size_t i = 0; i < r->n; i++) {
        const struct br_figure *f = &r->v[i];
        char v[32], lo[32], hi[32];
        fmt_num(v, sizeof(v), f->value);
        fmt_num(lo, sizeof(lo), f->lo);
        fmt_num(hi, sizeof(hi), f->hi);
        fputs("<tr><td>", o);
        html_esc(o, f->study);
        fputs("</td><td>", o);
        html_esc(o, f->label);
        fprintf(o, "</td><td class='n'>%s</td><td>", v);
        html_esc(o, f->unit);
        fprintf(o, "</td><td class='n'>%s..%s</td><td class='n'>%u</td>", lo, hi, f->reps);
        for (int k = 0; k < 2; k++) {
            char ref = k ? 'l' : 'b';
            double x;
            const struct br_figure *g = br_find(r, k ? f->limit_key : f->base_key);
            fputs("<td>", o);
            if (g && br_ratio(r, f->key, ref, &x)) {
                fprintf(o, "%.3gx ", x);
                html_esc(o, g->label);
            }
            fputs("</td>", o);
        }
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
        fputs("</td><td>", o);
        html_esc(o, f->note);
        fputs("</td></tr>\n", o);
    }
    fputs("</table>\n", o);
    if (r->nskipped) {
        fputs("<h3>Skipped</h3><ul>\n", o);
        for (size_t i = 0; i < r->nskipped; i++) {
            fputs("<li>", o);
            html_esc(o, r->skipped[i].study);
            fputs(": ", o);
            html_esc(o, r->skipped[i].what);
            fputs(" (", o);
            html_esc(o, r->skipped[i].why);
            fputs(")</li>\n", o);
        }
        fputs("</ul>\n", o);
    }
}

int bo_write_html(const char *path, const struct br_results *r, const struct bo_run *run)
{
    FILE *o = fopen(path, "w");
    if (!o) {
        perror(path);
        return -1;
    }
    const struct bo_machine *m = &run->machine;
    fprintf(o,
            "<!DOCTYPE html>\n<!-- SPDX-License-Identifier: Apache-2.0 -->\n"
            "<html><head><meta charset='utf-8'><title>cpuacl-bench report</title>\n"
            "<style>body{font-family:sans-serif;margin:1.5em;max-width:1200px}"
            "table{border-collapse:collapse;font-size:12px}"
            "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
            "td.n{text-align:right;font-variant-numeric:tabular-nums}"
            ".ok{color:#276749}.bad{color:#c53030;font-weight:bold}"
            "figure{margin:1em 0}</style></head><body>\n"
            "<h1>cpuacl-bench %s</h1>\n<p>",
            run->version);
    html_esc(o, m->cpu_model);
    fprintf(o, ", %d cpu(s) online (%d allowed), %.1f GiB, THP %s (defrag %s)<br>", m->ncpu_online,
            m->ncpu_allowed, (double)m->mem_total_kib / (1024.0 * 1024.0), m->thp_enabled,
            m->thp_defrag);
    html_esc(o, m->kernel);
    fprintf(o,
            "<br>%s mode, %u reps per figure (medians), %u worker(s), host thread on cpu %d, "
            "spin %g us, ring %u slots; studies: ",
            run->mode, run->reps, run->workers, run->host_cpu, run->spin_us, run->ring_slots);
    html_esc(o, run->studies);
    fprintf(o, "; %.1f s", run->seconds);
    if (run->failed && *run->failed) {
        fputs("; <span class='bad'>failed: ", o);
        html_esc(o, run->failed);
        fputs("</span>", o);
    }
    fputs("<br>command:", o);
    for (int i = 0; i < run->argc; i++) {
        fputc(' ', o);
        html_esc(o, run->argv[i]);
    }
    if (run->trace_status) {
        fputs("<br>timeline trace: ", o);
        html_esc(o, run->trace_status);
        if (run->trace_file)
            fputs(" (trace.json: open it in https://ui.perfetto.dev or chrome://tracing)", o);
    }
    fputs("</p>\n<p>Ratios are value / reference. For times, above 1x is slower; for rates, "
          "below 1x is slower. Every figure is a median over the repetitions.</p>\n",
          o);
    fputs("<h2>Charts</h2>\n", o);
    chart_scaling(o, r);
    chart_latency(o, r);
    chart_capture(o, r);
    chart_baselines(o, r);
    fputs("<h2>All figures</h2>\n", o);
    html_table(o, r);
    fputs("</body></html>\n", o);
    if (fclose(o) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}
