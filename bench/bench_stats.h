/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Statistics of cpuacl-bench on per-repetition samples: quantiles, the
 * spread (interquartile range, median absolute deviation) and the two-sided
 * Mann-Whitney U test that `cpuacl-bench compare` uses to tell a change
 * from noise (the approach of google-benchmark's compare.py, which calls
 * scipy.stats.mannwhitneyu with its defaults).
 *
 * Pure functions on arrays: nothing here touches the runtime or the clock.
 */
#ifndef CPUACL_BENCH_STATS_H
#define CPUACL_BENCH_STATS_H

#include <stddef.h>

/* Quantile q in [0, 1] of n samples, linearly interpolated between order
 * statistics (numpy's default); NaN when n == 0. Does not modify v. */
double bst_quantile(const double *v, size_t n, double q);

/* Interquartile range (q75 - q25) and median absolute deviation (median of
 * |x - median|, unscaled); NaN when n == 0. */
double bst_iqr(const double *v, size_t n);
double bst_mad(const double *v, size_t n);

/* Largest sample size a sample may have in bst_mann_whitney. */
#define BST_MAX_N 128u

/*
 * Two-sided Mann-Whitney U test of a[0, na) against b[0, nb) with
 * scipy.stats.mannwhitneyu's defaults (method "auto"): the exact null
 * distribution when there are no ties and the smaller sample has at most 8
 * values, else the normal approximation with the tie correction and the
 * continuity correction. *u gets U of a (the number of pairs with a > b,
 * ties counting 1/2), *p the p-value in [0, 1], *exact whether the exact
 * distribution was used. 0, or -1 when a sample is empty or too large.
 */
int bst_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u, double *p,
                     int *exact);

#endif /* CPUACL_BENCH_STATS_H */
