/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The extreme of a row and its first index, shared by ArgMax / ArgMin (along_dim.c) and the
 * row reductions (rows.c): a NaN counts as the extreme, the first one wins (AD2, RW3).
 */
#ifndef CPUACL_OPS_REDUCE_EXTREME_H
#define CPUACL_OPS_REDUCE_EXTREME_H

#include <stdbool.h>
#include <stdint.h>

/* r[0..n), n >= 1: the index of the first largest (min: smallest) value, the value in *v. */
static inline int64_t red_extreme_f64(const double *r, int64_t n, bool min, double *v)
{
    int64_t best = 0;
    double m = r[0];
    for (int64_t i = 1; i < n && m == m; i++)
        if ((min ? r[i] < m : r[i] > m) || r[i] != r[i]) {
            m = r[i];
            best = i;
        }
    *v = m;
    return best;
}

static inline int64_t red_extreme_i64(const int64_t *r, int64_t n, bool min, int64_t *v)
{
    int64_t best = 0, m = r[0];
    for (int64_t i = 1; i < n; i++)
        if (min ? r[i] < m : r[i] > m) {
            m = r[i];
            best = i;
        }
    *v = m;
    return best;
}

#endif /* CPUACL_OPS_REDUCE_EXTREME_H */
