/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/index/unique.h: the host kernel of CANN's Unique operator types
 * (UniqueWithCountsAndSorting over all elements, UniqueDim along one dim), whose
 * outputs' extent depends on the data: the graph's plans (ops/proto/index.c) run it
 * and report the real extent (proto_plan_run_dims).
 */
#ifndef CPUACL_OPS_INDEX_UNIQUE_H
#define CPUACL_OPS_INDEX_UNIQUE_H

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"

/* x viewed as [outer, n, inner]: the n slices x[:, j, :] (one element each when
 * outer = inner = 1) are the items made unique. */
struct ops_unique {
    int64_t outer, n, inner;
    aclDataType dtype; /* x's and y's */
    aclDataType idt;   /* first, inverse and counts: ACL_INT32 or ACL_INT64 */
    bool sorted;       /* true: ascending order (slices lexicographically); false: the order
                          of first occurrence */
};

/* The distinct slices of x into y ([outer, K, inner], compact), K into *k. Per distinct
 * slice: first (K entries, may be NULL), the index of its first occurrence, counts (K,
 * may be NULL) how often it occurs; per item, inverse (n, may be NULL) the position of
 * its slice in y. Equality is by value: -0.0 equals 0.0, NaN equals NaN (sorted after
 * every number). 0, or ACL_ERROR_BAD_ALLOC. */
int32_t ops_unique_run(const struct ops_unique *u, const void *x, void *y, void *first,
                       void *inverse, void *counts, int64_t *k);

#endif /* CPUACL_OPS_INDEX_UNIQUE_H */
