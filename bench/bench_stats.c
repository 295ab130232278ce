/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Quantiles, spread and the Mann-Whitney U test of cpuacl-bench
 * (bench_stats.h).
 *
 * The U test follows scipy.stats.mannwhitneyu (two-sided, method "auto",
 * use_continuity=True), so that a p-value printed by `cpuacl-bench compare`
 * is the one google-benchmark's compare.py would print for the same
 * samples:
 *   - ranks: midranks over the pooled samples; U1 = R1 - na(na+1)/2, the
 *     statistic reported; U = max(U1, na*nb - U1) is tested;
 *   - exact (no ties, min(na, nb) <= 8): p = 2 P(U' >= U) under the null,
 *     where the number of arrangements with U' = k is the coefficient of
 *     q^k in the Gaussian binomial [na+nb choose na]_q = prod_{i=1..m}
 *     (1 - q^(n+i)) / (1 - q^i) (m = min, n = max); the counts are at most
 *     C(na+nb, na) <= C(136, 8) < 2^53 here (BST_MAX_N), so doubles hold
 *     them exactly;
 *   - otherwise z = (U - na*nb/2 - 1/2) / s with s^2 = na*nb/12 * ((N+1) -
 *     sum(t^3 - t) / (N(N-1))) over the tie groups t, p = erfc(z/sqrt 2)
 *     (twice the normal survival function);
 *   - p is clipped to 1 (the two-sided doubling can pass it).
 */
#include "bench_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static double *sorted_copy(const double *v, size_t n)
{
    double *s = malloc((n ? n : 1) * sizeof(*s));
    if (!s)
        return NULL;
    memcpy(s, v, n * sizeof(*s));
    qsort(s, n, sizeof(*s), cmp_double);
    return s;
}

static double quantile_sorted(const double *s, size_t n, double q)
{
    double pos = q * (double)(n - 1);
    size_t i = (size_t)floor(pos);
    if (i + 1 >= n)
        return s[n - 1];
    double f = pos - (double)i;
    return s[i] + f * (s[i + 1] - s[i]);
}

/* The quantiles q[0, k) of v[0, n) into x (one sort); -1 when n == 0 or
 * out of memory (x then NaN). */
static int quantiles(const double *v, size_t n, const double *q, double *x, int k)
{
    double *s = n ? sorted_copy(v, n) : NULL;
    for (int i = 0; i < k; i++)
        x[i] = s ? quantile_sorted(s, n, q[i] < 0 ? 0 : q[i] > 1 ? 1 : q[i]) : NAN;
    free(s);
    return s ? 0 : -1;
}

double bst_quantile(const double *v, size_t n, double q)
{
    double x;
    quantiles(v, n, &q, &x, 1);
    return x;
}

double bst_iqr(const double *v, size_t n)
{
    static const double q[2] = {0.25, 0.75};
    double x[2];
    quantiles(v, n, q, x, 2);
    return x[1] - x[0];
}

double bst_mad(const double *v, size_t n)
{
    double med = bst_quantile(v, n, 0.5);
    double *d = n ? malloc(n * sizeof(*d)) : NULL;
    if (!d)
        return NAN;
    for (size_t i = 0; i < n; i++)
        d[i] = fabs(v[i] - med);
    double x = bst_quantile(d, n, 0.5);
    free(d);
    return x;
}

/* A pooled value: which sample it came from. */
struct pooled {
    double x;
    int from_a;
};

static int cmp_pooled(const void *x, const void *y)
{
    return cmp_double(&((const struct pooled *)x)->x, &((const struct pooled *)y)->x);
}

/* P(U' >= u) for sample sizes m, n under the null (no ties). */
static double exact_sf(size_t m, size_t n, double u)
{
    if (m > n) {
        size_t t = m;
        m = n;
        n = t;
    }
    size_t deg = m * n;
    double *c = calloc(deg + 1 + n + m + 1, sizeof(*c));
    if (!c)
        return NAN;
    c[0] = 1;
    /* multiply by (1 - q^(n+i)), then divide by (1 - q^i): both exact
     * (the quotient is a polynomial at every step: a Gaussian binomial) */
    size_t top = 0;
    for (size_t i = 1; i <= m; i++) {
        size_t s = n + i;
        for (size_t k = top + s; k >= s; k--)
            c[k] -= c[k - s];
        top += s;
        for (size_t k = i; k <= top; k++)
            c[k] += c[k - i];
        top -= i;
    }
    double total = 0, tail = 0;
    for (size_t k = 0; k <= deg; k++) {
        total += c[k];
        if ((double)k >= u - 1e-9)
            tail += c[k];
    }
    free(c);
    return tail / total;
}

int bst_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u, double *p,
                     int *exact)
{
    if (na == 0 || nb == 0 || na > BST_MAX_N || nb > BST_MAX_N)
        return -1;
    size_t n = na + nb;
    struct pooled *v = malloc(n * sizeof(*v));
    if (!v)
        return -1;
    for (size_t i = 0; i < na; i++)
        v[i] = (struct pooled){a[i], 1};
    for (size_t i = 0; i < nb; i++)
        v[na + i] = (struct pooled){b[i], 0};
    qsort(v, n, sizeof(*v), cmp_pooled);
    double r1 = 0, ties = 0; /* sum of ranks of a; sum of t^3 - t */
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && v[j + 1].x == v[i].x)
            j++;
        double t = (double)(j - i + 1), mid = (double)(i + j) / 2.0 + 1.0;
        for (size_t k = i; k <= j; k++)
            r1 += v[k].from_a ? mid : 0.0;
        ties += t * t * t - t;
        i = j + 1;
    }
    free(v);
    double dna = (double)na, dnb = (double)nb, dn = (double)n;
    double u1 = r1 - dna * (dna + 1) / 2.0, big = fmax(u1, dna * dnb - u1);
    *u = u1;
    int ex = ties == 0 && (na <= 8 || nb <= 8);
    double pv;
    if (ex) {
        pv = 2.0 * exact_sf(na, nb, big);
    } else {
        double var = dna * dnb / 12.0 * ((dn + 1) - ties / (dn * (dn - 1)));
        if (!(var > 0)) {
            pv = 1.0; /* every value equal: nothing tells the samples apart */
        } else {
            double z = (big - dna * dnb / 2.0 - 0.5) / sqrt(var);
            pv = erfc(z / sqrt(2.0));
        }
    }
    *p = pv > 1.0 ? 1.0 : pv;
    if (exact)
        *exact = ex;
    return isnan(pv) ? -1 : 0;
}
