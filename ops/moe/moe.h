/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the mixture-of-experts operators share: a view copied into (or out of) a dense buffer
 * of one compute kind, so each kernel indexes plain row-major arrays whatever the views'
 * strides.
 */
#ifndef CPUACL_OPS_MOE_MOE_H
#define CPUACL_OPS_MOE_MOE_H

#include <stdlib.h>

#include "ops/engine/engine.h"

/* t's elements in row-major order as kind ck (CK_F64: double, CK_I64: int64_t) in a new
 * buffer (free() it), or NULL when out of memory. An empty t gets a one-element buffer. */
static inline void *moe_load(const struct ops_tensor *t, void *const *addr, int ck)
{
    void *b = malloc((size_t)(t->numel ? t->numel : 1) * 8);
    if (b && t->numel)
        ops_gather_nd(b, ck, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    return b;
}

/* buf (kind ck, row-major) into t's view. */
static inline void moe_store(const struct ops_tensor *t, void *const *addr, const void *buf, int ck)
{
    if (t->numel)
        ops_scatter_nd(buf, ck, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
}

#endif /* CPUACL_OPS_MOE_MOE_H */
