/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Datasets (aclmdlDataset, acl/acl_mdl.h), object side of the dataset calls
 * of core/api/mdl.c: the ordered data buffers a model execution reads or
 * writes, each with an optional tensor description (the real shape of a
 * dynamic input set before an execution, of an output after it).
 *
 * The mdl room holds offline models; it sits above op (it will run graphs
 * through the operator layer) and below process. A dataset is a plain heap
 * object like aclTensorDesc, not a handle: the caller owns it, a destroyed
 * or garbage pointer is the caller's bug, and nothing here takes a lock. The
 * buffers are borrowed (never freed here); the descriptions are owned copies.
 */
#ifndef CPUACL_CORE_MDL_DATASET_H
#define CPUACL_CORE_MDL_DATASET_H

#include <stdbool.h>
#include <stddef.h>

#include "acl/acl_mdl.h"

struct core_mdl_blob {
    aclDataBuffer *buf;   /* borrowed */
    aclTensorDesc *tdesc; /* owned copy; NULL until set */
};

struct aclmdlDataset {
    size_t n, cap;
    struct core_mdl_blob *b;
    bool gear_set; /* a gear setter wrote the gear input's buffer (core/mdl/gear.h) */
};

/* An empty dataset; NULL when out of memory. */
aclmdlDataset *core_mdl_dataset_new(void);
/* Frees the descriptions set on it, not the buffers. */
void core_mdl_dataset_free(const aclmdlDataset *d);
/* Append buf; ACL_ERROR_BAD_ALLOC naming fn (d unchanged) when out of memory. */
aclError core_mdl_dataset_add(aclmdlDataset *d, aclDataBuffer *buf, const char *fn);
/* Replace the description of entry index (< n) by a copy of t, or drop it
 * when t is NULL; ACL_ERROR_BAD_ALLOC naming fn (the old one kept). */
aclError core_mdl_dataset_set_tdesc(aclmdlDataset *d, size_t index, const aclTensorDesc *t,
                                    const char *fn);

static inline size_t core_mdl_dataset_count(const aclmdlDataset *d)
{
    return d->n;
}
static inline aclDataBuffer *core_mdl_dataset_buf(const aclmdlDataset *d, size_t index)
{
    return d->b[index].buf;
}
static inline aclTensorDesc *core_mdl_dataset_tdesc(const aclmdlDataset *d, size_t index)
{
    return d->b[index].tdesc;
}

#endif /* CPUACL_CORE_MDL_DATASET_H */
