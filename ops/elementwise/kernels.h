/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The elementwise family's kernels for other families: the kernel of an
 * elementwise row looked up by its name in the rows of table.h, so that an
 * operator built on the same formula (the foreach family, ops/foreach/)
 * runs the same compiled kernel instead of writing the math again. Columns
 * as ew_col (engine/ew_build.h): 0 float, 1 double, 2 int64; NULL when the
 * row has no kernel of that column or no row has the name.
 */
#ifndef CPUACL_OPS_ELEMENTWISE_KERNELS_H
#define CPUACL_OPS_ELEMENTWISE_KERNELS_H

#include <string.h>

#include "ops/engine/engine.h"

/* The index of name among names[0..n), -1 when absent (the lookups below). */
static inline int ew_name_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(names[i], name))
            return i;
    return -1;
}

/* A unary row's kernel by its header column (EW_UNARY_OPS: "sqrt", "neg"...). */
ew_kern_fn ew_unary_kernel(const char *header, int col);
/* A binary kernel by its id (EW_BINARY_KERNELS: "add", "mul", "max"...). */
ew_kern_fn ew_binary_kernel(const char *id, int col);
/* A ternary kernel by name ("addcdiv": a + p->f[0] * (x / y)). */
ew_kern_fn ew_ternary_kernel(const char *id, int col);

#endif /* CPUACL_OPS_ELEMENTWISE_KERNELS_H */
