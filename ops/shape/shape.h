/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/shape: the entry points other rooms build on (the IR types of ops/proto whose values
 * come at run time build these executors instead of kernels of their own): a strided slice
 * with any nonzero steps (view.c, VW2) and an N-d pad in every mode (remap.c, PD1). Each is a
 * phase 1 like an aclnn operator's: checks, then an executor; messages name the IR type.
 */
#ifndef CPUACL_OPS_SHAPE_SHAPE_H
#define CPUACL_OPS_SHAPE_SHAPE_H

#include <stdint.h>

#include "aclnn/aclnn_base.h"

/* StridedSliceV2: out[i] = self[first + i * step] per dim (out's dims the counts; a negative
 * step walks the dim backwards, none is 0; the caller clamped first into the dim). */
aclnnStatus ops_strided_slice(const aclTensor *self, const int64_t *first, const int64_t *step,
                              aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

/* The pad modes of PadV3 (ONNX's Pad and numpy's names): constant, edge (replicate), reflect
 * (the border not repeated), symmetric (the border repeated), circular (wrap). */
enum ops_pad_mode {
    OPS_PAD_CONSTANT,
    OPS_PAD_EDGE,
    OPS_PAD_REFLECT,
    OPS_PAD_SYMMETRIC,
    OPS_PAD_CIRCULAR
};

/* PadV3: each dim d of self padded by lo[d] before it, out's dims giving the size (negative
 * pads crop); outside self the mode's element, or value's one element (a tensor of self's type
 * read at each launch; NULL: zero bits) in constant mode. The caller checked the pads against
 * the mode (reflect: |pad| < dim; symmetric and circular: <= dim). */
aclnnStatus ops_pad_nd(const aclTensor *self, const int64_t *lo, enum ops_pad_mode mode,
                       const aclTensor *value, aclTensor *out, uint64_t *workspaceSize,
                       aclOpExecutor **executor);

#endif /* CPUACL_OPS_SHAPE_SHAPE_H */
