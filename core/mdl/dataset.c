/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Datasets (aclmdlDataset): the growing array of entries and the owned
 * tensor-description copies. Their entry points are core/api/mdl.c;
 * docs/mdl.md, "Datasets", lists what each call returns.
 */
#include <stdlib.h>

#include "core/err.h"
#include "core/mdl/dataset.h"
#include "core/runtime/fault.h"
#include "core/runtime/tensor_desc.h"

aclmdlDataset *core_mdl_dataset_new(void)
{
    return core_calloc(1, sizeof(aclmdlDataset));
}

void core_mdl_dataset_free(const aclmdlDataset *cd)
{
    aclmdlDataset *d = (aclmdlDataset *)cd;
    for (size_t i = 0; i < d->n; i++)
        if (d->b[i].tdesc)
            core_tdesc_free(d->b[i].tdesc);
    free(d->b);
    free(d);
}

aclError core_mdl_dataset_add(aclmdlDataset *d, aclDataBuffer *buf, const char *fn)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 8;
        struct core_mdl_blob *b =
            cap > SIZE_MAX / sizeof(*b) ? NULL : core_realloc(d->b, cap * sizeof(*b));
        if (!b)
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for buffer %zu", fn, d->n);
        d->b = b;
        d->cap = cap;
    }
    d->b[d->n++] = (struct core_mdl_blob){buf, NULL};
    return ACL_SUCCESS;
}

aclError core_mdl_dataset_set_tdesc(aclmdlDataset *d, size_t index, const aclTensorDesc *t,
                                    const char *fn)
{
    aclTensorDesc *copy = NULL;
    if (t && !(copy = core_tdesc_copy(t)))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the description of %zu", fn,
                        index);
    if (d->b[index].tdesc)
        core_tdesc_free(d->b[index].tdesc);
    d->b[index].tdesc = copy;
    return ACL_SUCCESS;
}
