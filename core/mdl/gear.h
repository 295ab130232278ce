/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Dynamic gears of loaded models (dynamic batch, H*W and dims): one compiled
 * plan a gear, the selection aclmdlSetDynamicBatchSize / SetDynamicHWSize /
 * SetInputDynamicDims write into the gear input's buffer of a dataset, the
 * gear an execution runs, and the real output dims aclmdlGetCurOutputDims
 * answers. docs/mdl.md, "Dynamic gears", states the rules.
 *
 * A model with gears has, after its own inputs, the gear input named
 * ACL_DYNAMIC_TENSOR_NAME: int32 [width] (width 1 for batch, 2 for H*W,
 * the number of -1 dims for dims), as GE's multi-batch pass adds it. A
 * setter writes the gear's values there (uint64 each when the buffer holds
 * width * 8 bytes, else uint32, as GE's executor) and marks the dataset;
 * an execution with a marked dataset reads them back and runs the gear
 * they name; an unmarked dataset runs the largest gear.
 */
#ifndef CPUACL_CORE_MDL_GEAR_H
#define CPUACL_CORE_MDL_GEAR_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_mdl.h"
#include "core/mdl.h"

/* The gears of a loaded model. */
struct core_mdl_geared {
    size_t n;        /* gears */
    void **impl;     /* the provider's model of each gear */
    size_t nin;      /* the graph's inputs (the model's but the gear input) */
    size_t *in_size; /* gear g's input bytes at g * nin */
    size_t nout;
    size_t *out_ndims;
    int64_t *out_dims; /* gear g's output dims at g * out_stride */
    size_t out_stride;
    size_t largest;  /* the gear an unmarked dataset runs */
    atomic_long set; /* the gear a setter last selected on the model, -1 none */
};

/* Compile the graph section once a gear of description d (its gears and io
 * section: each input's V2 dims when given, the byte layout) through
 * provider p: *out (free with core_mdl_gears_free). yuv_rows (NULL: none):
 * per input, core_mdl_gear_table's. */
aclError core_mdl_gears_load(const struct core_mdl_provider *p, const aclmdlDesc *d,
                             const void *graph, size_t glen, const void *weights, size_t wlen,
                             const bool *yuv_rows, struct core_mdl_geared **out, const char *fn);
void core_mdl_gears_free(const struct core_mdl_provider *p, struct core_mdl_geared *g);

/* The gear the input dataset in selects (checked: its addresses and sizes
 * are addr/size, the model's inputs in order). */
aclError core_mdl_gears_pick(const aclmdlDesc *d, const struct core_mdl_geared *g,
                             const aclmdlDataset *in, void *const *addr, const size_t *size,
                             size_t *gear, const char *fn);

/* The setters: select the gear of the kind whose values are v (n of them:
 * batch 1, H*W 2, dims every dim of the inputs) for dataset ds, writing
 * them into its buffer index. Model id's lookup is done here. */
aclError core_mdl_gears_set(uint32_t id, aclmdlDataset *ds, size_t index, int kind,
                            const uint64_t *v, size_t n, const char *fn);

/* aclmdlGetCurOutputDims of a loaded model with gears: the dims of output
 * index at the gear last set; false (nothing written) when the model has no
 * gears, none was set or the id is no longer loaded. */
bool core_mdl_gears_cur_output(uint32_t id, size_t index, aclmdlIODims *out);

#endif /* CPUACL_CORE_MDL_GEAR_H */
