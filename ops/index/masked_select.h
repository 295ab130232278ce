/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/index/masked_select.h: MaskedSelect's packing loop (MS1 in masked_select.c), shared by
 * aclnnMaskedSelect and the IR type MaskedSelect of the graph's plans (ops/proto/index.c),
 * which also reports the count as its output's real extent.
 */
#ifndef CPUACL_OPS_INDEX_MASKED_SELECT_H
#define CPUACL_OPS_INDEX_MASKED_SELECT_H

#include <stddef.h>
#include <stdint.h>

/* Over the broadcast shape dims[0..nd) (numel > 0), the elements of x (esz bytes, element
 * strides xst, 0 where broadcast) whose mask byte (mesz bytes an element, strides mst) is
 * nonzero go in row-major order to out[0], out[ost], ... (element stride ost); returns how
 * many. Element bits move unconverted. */
int64_t ops_masked_select_pack(char *out, int64_t ost, const char *x, const int64_t *xst,
                               size_t esz, const char *m, const int64_t *mst, int64_t mesz,
                               const int64_t *dims, int nd);

#endif /* CPUACL_OPS_INDEX_MASKED_SELECT_H */
