/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bench/bench_stats.c against known values: the Mann-Whitney U test that
 * `cpuacl-bench compare` relies on, and the spread statistics of --json.
 *
 * Reference values and where they come from:
 *   - scipy.stats.mannwhitneyu's documented example (Conover's males
 *     19 22 16 29 24 against females 20 11 17 12): U1 = 17, exact
 *     two-sided p = 0.1111111111111111 (method "exact", the "auto" choice
 *     for these sizes), and p = 0.11134688653314041 with
 *     method="asymptotic" (normal, continuity correction);
 *   - exact small-n tables, counted by hand: with 3 against 3 values there
 *     are C(6,3) = 20 equally likely rank arrangements; complete separation
 *     has 1 arrangement on each side, p = 2/20 = 0.1; 1 3 5 against 2 4 6
 *     gives U1 = 3, P(U >= 6) = 7/20, p = 0.7; 5 against 5 separated:
 *     p = 2/C(10,5) = 2/252;
 *   - the normal approximation for 10 against 10 separated values (too
 *     many for the exact method): U = 100, mean 50, sd sqrt(100*21/12),
 *     z = 49.5/sd, p = erfc(z/sqrt 2) = 1.826717911095504e-4 (python's
 *     math.erfc); with ties (1 1 2 2 3 3 4 4 5 5 against 3 3 4 4 5 5 6 6 7
 *     7: tie-corrected) p = 0.015856209681046236 (computed below, and by
 *     the same formula in python);
 *   - numpy's default (linear) quantiles: 16 19 22 24 29 has q25 = 19,
 *     q75 = 24 (IQR 5) and median 22 with absolute deviations 6 3 0 2 7
 *     (MAD 3).
 *
 * Exit 0 pass, 1 fail.
 */
#include <math.h>
#include <stdio.h>

#include "bench_stats.h"

static int fails;

static void near(const char *what, double got, double want, double tol)
{
    if (!(fabs(got - want) <= tol * fmax(1.0, fabs(want)))) {
        printf("FAIL: %s: got %.17g, want %.17g\n", what, got, want);
        fails++;
    } else {
        printf("ok: %s = %.10g\n", what, got);
    }
}

static void mw(const char *what, const double *a, size_t na, const double *b, size_t nb,
               double want_u, double want_p, int want_exact)
{
    double u = -1, p = -1;
    int exact = -1;
    if (bst_mann_whitney(a, na, b, nb, &u, &p, &exact) != 0) {
        printf("FAIL: %s: the test refused the samples\n", what);
        fails++;
        return;
    }
    char w[128];
    snprintf(w, sizeof(w), "%s: U", what);
    near(w, u, want_u, 1e-12);
    snprintf(w, sizeof(w), "%s: p", what);
    near(w, p, want_p, 1e-9);
    if (exact != want_exact) {
        printf("FAIL: %s: %s method, want %s\n", what, exact ? "exact" : "asymptotic",
               want_exact ? "exact" : "asymptotic");
        fails++;
    }
}

int main(void)
{
    const double males[] = {19, 22, 16, 29, 24}, females[] = {20, 11, 17, 12};
    mw("scipy example (exact)", males, 5, females, 4, 17, 0.1111111111111111, 1);
    /* swapping the samples gives the other U and the same p */
    mw("scipy example swapped", females, 4, males, 5, 3, 0.1111111111111111, 1);

    const double a3[] = {1, 2, 3}, b3[] = {4, 5, 6}, c3[] = {1, 3, 5}, d3[] = {2, 4, 6};
    mw("3 v 3 separated", a3, 3, b3, 3, 0, 0.1, 1);
    mw("3 v 3 interleaved", c3, 3, d3, 3, 3, 0.7, 1);
    const double a5[] = {1, 2, 3, 4, 5}, b5[] = {6, 7, 8, 9, 10};
    mw("5 v 5 separated", a5, 5, b5, 5, 0, 2.0 / 252.0, 1);
    /* identical samples: nothing to tell apart (all ties: p = 1) */
    const double same[] = {7, 7, 7, 7};
    mw("all equal", same, 4, same, 4, 8, 1.0, 0);

    double x[10], y[10];
    for (int i = 0; i < 10; i++) {
        x[i] = i + 1;
        y[i] = i + 11;
    }
    mw("10 v 10 separated (normal)", x, 10, y, 10, 0, 1.826717911095504e-4, 0);
    /* ties: pooled midranks 1.5 (the 1s), 3.5, 6.5 (the four 3s), 10.5,
     * 14.5, ...: R1 = 3 + 7 + 13 + 21 + 29 = 73, U1 = 73 - 55 = 18,
     * U = 100 - 18 = 82; tie term sum(t^3 - t) over the groups
     * {1:2, 2:2, 3:4, 4:4, 5:4, 6:2, 7:2} = 4*6 + 3*60 = 204, N = 20:
     * var = 100/12 * (21 - 204/380), z = (82 - 50 - 0.5)/sqrt(var) */
    const double ta[] = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5}, tb[] = {3, 3, 4, 4, 5, 5, 6, 6, 7, 7};
    double var = 100.0 / 12.0 * (21.0 - 204.0 / 380.0);
    mw("10 v 10 with ties (normal)", ta, 10, tb, 10, 18,
       erfc((82.0 - 50.0 - 0.5) / sqrt(var) / sqrt(2.0)), 0);
    near("10 v 10 with ties, p by python", erfc((82.0 - 50.0 - 0.5) / sqrt(var) / sqrt(2.0)),
         0.015856209681046236, 1e-12);

    const double v[] = {19, 22, 16, 29, 24};
    near("IQR", bst_iqr(v, 5), 5, 1e-12);
    near("MAD", bst_mad(v, 5), 3, 1e-12);
    near("median", bst_quantile(v, 5, 0.5), 22, 1e-12);
    const double e[] = {1, 2, 3, 4};
    near("q25 interpolated", bst_quantile(e, 4, 0.25), 1.75, 1e-12);
    double u, p;
    if (bst_mann_whitney(v, 0, v, 5, &u, &p, NULL) != -1) {
        printf("FAIL: an empty sample was accepted\n");
        fails++;
    }
    printf("%s\n", fails ? "FAIL" : "PASS");
    return fails ? 1 : 0;
}
