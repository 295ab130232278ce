/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench compare (bench_compare.h): the figures of two --json results
 * matched by key, each with A's and B's medians, the ratio B/A and a
 * two-sided Mann-Whitney U test of the two runs' per-repetition samples,
 * as google-benchmark's tools/compare.py does for its repetitions:
 *
 *   p < alpha   the runs differ: 'faster' or 'slower' by the figure's
 *               direction (lower is better for times, higher for rates),
 *               'differs' for an informational figure;
 *   p >= alpha  'same': the difference is within what the noise explains;
 *   untested    fewer than 2 samples on a side (a figure recorded as a
 *               single value, or a --reps 1 run).
 *
 * With the default 7 repetitions the exact test reaches p = 0.0006 when
 * the runs do not overlap at all; below 4 a side it cannot reach 0.05
 * (3 against 3: p >= 0.1), which the summary line says.
 */
#include "bench_compare.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_report.h"
#include "bench_stats.h"

static cJSON *load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cpuacl-bench compare: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0, k;
    char *buf = malloc(cap + 1);
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            char *b = realloc(buf, 2 * cap + 1);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "cpuacl-bench compare: out of memory reading %s\n", path);
        return NULL;
    }
    buf[n] = 0;
    cJSON *j = cJSON_Parse(buf);
    free(buf);
    const cJSON *tool = j ? cJSON_GetObjectItemCaseSensitive(j, "tool") : NULL;
    if (!j || !cJSON_IsString(tool) || strcmp(tool->valuestring, "cpuacl-bench") != 0 ||
        !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(j, "figures"))) {
        fprintf(stderr,
                "cpuacl-bench compare: %s is not a cpuacl-bench result (--json or "
                "--out's report.json)\n",
                path);
        cJSON_Delete(j);
        return NULL;
    }
    return j;
}

/* A figure of one side. */
struct side {
    double median;
    double s[BST_MAX_N];
    size_t n;
    bool loaded;
};

static bool read_side(const cJSON *f, struct side *x)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(f, "median");
    if (!cJSON_IsNumber(v))
        v = cJSON_GetObjectItemCaseSensitive(f, "value");
    x->median = cJSON_IsNumber(v) ? v->valuedouble : NAN;
    x->n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(f, "samples"))
    {
        if (cJSON_IsNumber(e) && x->n < BST_MAX_N)
            x->s[x->n++] = e->valuedouble;
    }
    x->loaded = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(f, "loaded"));
    return !isnan(x->median);
}

static const cJSON *by_key(const cJSON *root, const char *key)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(root, "figures"))
    {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(f, "key");
        if (cJSON_IsString(k) && strcmp(k->valuestring, key) == 0)
            return f;
    }
    return NULL;
}

static const char *str_of(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static int usage(void)
{
    fprintf(stderr, "usage: cpuacl-bench compare [--alpha P] A.json B.json\n"
                    "Try 'cpuacl-bench --help' for more information.\n");
    return 2;
}

int bc_main(int argc, char **argv)
{
    double alpha = 0.05;
    const char *path[2] = {NULL, NULL};
    int np = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--alpha") == 0 || strncmp(argv[i], "--alpha=", 8) == 0) {
            const char *v = argv[i][7] == '=' ? argv[i] + 8 : i + 1 < argc ? argv[++i] : NULL;
            char *end = NULL;
            alpha = v ? strtod(v, &end) : NAN;
            if (!v || end == v || *end || !(alpha > 0 && alpha < 1)) {
                fprintf(stderr,
                        "cpuacl-bench compare: --alpha wants a number in (0, 1), got "
                        "'%s'\n",
                        v ? v : "");
                return usage();
            }
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: cpuacl-bench compare [--alpha P] A.json B.json\n"
                   "(see cpuacl-bench --help, 'Comparing two runs')\n");
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "cpuacl-bench compare: unknown option '%s'\n", argv[i]);
            return usage();
        } else if (np < 2) {
            path[np++] = argv[i];
        } else {
            fprintf(stderr, "cpuacl-bench compare: unexpected argument '%s'\n", argv[i]);
            return usage();
        }
    }
    if (np != 2)
        return usage();
    cJSON *A = load(path[0]);
    cJSON *B = A ? load(path[1]) : NULL;
    if (!A || !B) {
        cJSON_Delete(A);
        return 2;
    }
    printf("cpuacl-bench compare: A = %s (%s), B = %s (%s); Mann-Whitney U, two-sided, "
           "alpha %g\n",
           path[0], str_of(A, "date"), path[1], str_of(B, "date"), alpha);
    printf("%-44s %-8s %11s %11s %8s %7s  %-9s %s\n", "figure", "unit", "A", "B", "B/A", "p",
           "verdict", "noise");
    static struct side a, b; /* large: not on the stack */
    unsigned n = 0, faster = 0, slower = 0, same = 0, differs = 0, untested = 0, only_a = 0;
    size_t min_n = BST_MAX_N;
    const cJSON *fa;
    cJSON_ArrayForEach(fa, cJSON_GetObjectItemCaseSensitive(A, "figures"))
    {
        const char *key = str_of(fa, "key");
        const cJSON *fb = by_key(B, key);
        if (!fb) {
            only_a++;
            continue;
        }
        if (!read_side(fa, &a) || !read_side(fb, &b))
            continue; /* not measured on a side (a peer not installed) */
        n++;
        const char *better = str_of(fa, "better");
        double ratio = a.median != 0 ? b.median / a.median : NAN;
        double u, p = NAN;
        int exact = 0;
        const char *verdict = "untested";
        if (a.n >= 2 && b.n >= 2 && bst_mann_whitney(a.s, a.n, b.s, b.n, &u, &p, &exact) == 0) {
            min_n = a.n < min_n ? a.n : min_n;
            min_n = b.n < min_n ? b.n : min_n;
            if (p >= alpha) {
                verdict = "same";
                same++;
            } else if (strcmp(better, "info") == 0) {
                verdict = "differs";
                differs++;
            } else if ((strcmp(better, "lower") == 0) == (b.median < a.median)) {
                verdict = "faster";
                faster++;
            } else {
                verdict = "slower";
                slower++;
            }
        } else {
            untested++;
        }
        char ra[32] = "-", pa[32] = "-";
        if (!isnan(ratio))
            snprintf(ra, sizeof(ra), "%.3fx", ratio);
        if (!isnan(p))
            snprintf(pa, sizeof(pa), "%.4f", p);
        printf("%-44s %-8s %11.4g %11.4g %8s %7s  %-9s %s\n", key, str_of(fa, "unit"), a.median,
               b.median, ra, pa, verdict,
               a.loaded && b.loaded ? "A,B loaded"
               : a.loaded           ? "A loaded"
               : b.loaded           ? "B loaded"
                                    : "");
    }
    unsigned only_b = 0;
    const cJSON *fb;
    cJSON_ArrayForEach(fb, cJSON_GetObjectItemCaseSensitive(B, "figures")) only_b +=
        by_key(A, str_of(fb, "key")) == NULL;
    printf("cpuacl-bench compare: %u figures: %u faster, %u slower, %u same, %u differ, %u "
           "untested; only in A %u, only in B %u",
           n, faster, slower, same, differs, untested, only_a, only_b);
    if (min_n < 9 && n > untested)
        printf(" (%zu repetitions a side at least: 9 or more make the test reliable)", min_n);
    printf("\n");
    cJSON_Delete(A);
    cJSON_Delete(B);
    return slower ? 1 : 0;
}
