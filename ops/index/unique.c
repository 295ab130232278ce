/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unique on the host (ops/index/unique.h): the distinct slices of x along one dim.
 *
 *  UQ1. The items are the n slices x[:, j, :] of x viewed as [outer, n, inner]. Their
 *      values are loaded once as keys: double for the float types (float16 and bfloat16
 *      exactly), int64 for the integers and bool, so that comparing keys compares the
 *      values (-0.0 == 0.0; NaN equal to NaN and above every number).
 *  UQ2. The item indices are sorted by (slice, index): stable, so the first item of
 *      each run of equal slices is the slice's first occurrence. Runs are numbered in
 *      that order (sorted) or in the order of their first occurrence (not sorted: a
 *      second sort of the runs by first index).
 *  UQ3. y takes each distinct slice's elements from its first occurrence (element bits
 *      copied: a NaN's payload kept), compactly as [outer, K, inner].
 */
#include "ops/index/unique.h"

#include <stdlib.h>
#include <string.h>

#include "ops/engine/engine.h"

struct uq_ctx {
    const double *f; /* float keys, or NULL */
    const int64_t *i;
    int64_t outer, n, inner;
};

static int key_cmp_f(double a, double b)
{
    bool na = a != a, nb = b != b;
    if (na || nb)
        return na && nb ? 0 : na ? 1 : -1;
    return (a > b) - (a < b);
}

/* Slices ja and jb compared element by element in row-major order (UQ1). */
static int slice_cmp(const struct uq_ctx *c, int64_t ja, int64_t jb)
{
    for (int64_t o = 0; o < c->outer; o++)
        for (int64_t in = 0; in < c->inner; in++) {
            int64_t a = (o * c->n + ja) * c->inner + in, b = (o * c->n + jb) * c->inner + in;
            int r = c->f ? key_cmp_f(c->f[a], c->f[b]) : (c->i[a] > c->i[b]) - (c->i[a] < c->i[b]);
            if (r)
                return r;
        }
    return 0;
}

static int item_cmp(const void *pa, const void *pb, void *ctx)
{
    int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
    int r = slice_cmp(ctx, a, b);
    return r ? r : (a > b) - (a < b); /* UQ2: stable */
}

/* Runs ordered by their first occurrence (the not sorted order). */
static int run_cmp(const void *pa, const void *pb, void *first)
{
    int64_t a = ((const int64_t *)first)[*(const int64_t *)pa];
    int64_t b = ((const int64_t *)first)[*(const int64_t *)pb];
    return (a > b) - (a < b);
}

static void put_idx(void *dst, aclDataType idt, int64_t at, int64_t v)
{
    if (idt == ACL_INT32)
        ((int32_t *)dst)[at] = (int32_t)v;
    else
        ((int64_t *)dst)[at] = v;
}

int32_t ops_unique_run(const struct ops_unique *u, const void *x, void *y, void *first,
                       void *inverse, void *counts, int64_t *k)
{
    int64_t total = u->outer * u->n * u->inner, n = u->n;
    *k = 0;
    if (n == 0)
        return 0;
    int dt = ops_dt_index(u->dtype);
    bool fl = ops_dt_is_float(dt);
    size_t esz = ops_dt_size(dt);
    void *keys = malloc((size_t)(total ? total : 1) * 8);
    /* order: the sorted items; run: each item's run (by sorted position); rfirst: each
     * run's first occurrence; rank: each run's position in the output */
    int64_t *order = malloc((size_t)n * 5 * sizeof(int64_t));
    if (!keys || !order) {
        free(keys);
        free(order);
        return ACL_ERROR_BAD_ALLOC;
    }
    int64_t *run = order + n, *rfirst = run + n, *rank = rfirst + n, *perm = rank + n;
    ops_loader(fl ? CK_F64 : CK_I64, dt)(keys, x, (int64_t)esz, total);
    struct uq_ctx c = {fl ? keys : NULL, fl ? NULL : keys, u->outer, n, u->inner};
    for (int64_t j = 0; j < n; j++)
        order[j] = j;
    qsort_r(order, (size_t)n, sizeof(int64_t), item_cmp, &c);
    int64_t nk = 0;
    for (int64_t s = 0; s < n; s++) {
        if (s == 0 || slice_cmp(&c, order[s - 1], order[s]))
            rfirst[nk++] = order[s];
        run[order[s]] = nk - 1;
    }
    /* rank[r]: where run r goes (UQ2) */
    for (int64_t r = 0; r < nk; r++)
        perm[r] = r;
    if (!u->sorted)
        qsort_r(perm, (size_t)nk, sizeof(int64_t), run_cmp, rfirst);
    for (int64_t p = 0; p < nk; p++)
        rank[perm[p]] = p;
    if (counts)
        for (int64_t p = 0; p < nk; p++)
            put_idx(counts, u->idt, p, 0);
    for (int64_t j = 0; j < n; j++) {
        int64_t p = rank[run[j]];
        if (inverse)
            put_idx(inverse, u->idt, j, p);
        if (counts) {
            if (u->idt == ACL_INT32)
                ((int32_t *)counts)[p]++;
            else
                ((int64_t *)counts)[p]++;
        }
    }
    const char *xb = x;
    char *yb = y;
    size_t row = (size_t)u->inner * esz;
    for (int64_t p = 0; p < nk; p++) {
        int64_t j = rfirst[perm[p]];
        if (first)
            put_idx(first, u->idt, p, j);
        for (int64_t o = 0; o < u->outer; o++) /* UQ3 */
            memcpy(yb + (size_t)(o * nk + p) * row, xb + (size_t)(o * n + j) * row, row);
    }
    free(keys);
    free(order);
    *k = nk;
    return 0;
}
