/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/image: image pre-processing kernels. AIPP (AI pre-processing, CANN's
 * Aipp operator): a uint8 source image in one of AscendCL's image formats
 * becomes the model's input tensor: crop, channel swaps, colour-space
 * conversion, per-channel normalisation and padding, written as NCHW or
 * NHWC float16 or float32. The parameters come in the block of core/aipp.h;
 * docs/aipp.md gives the formulas this file implements.
 */
#ifndef CPUACL_OPS_IMAGE_IMAGE_H
#define CPUACL_OPS_IMAGE_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

/* The output of an AIPP run: n images of c x h x w, in layout nhwc (else
 * NCHW), of type dtype (ACL_FLOAT16 or ACL_FLOAT). */
struct ops_aipp_out {
    int64_t n, c, h, w;
    bool nhwc;
    aclDataType dtype;
};

/* Run AIPP over n source images, image k at src + k * image_bytes, with
 * the parameter block [params, params + plen) (a block of batch 1 applies
 * to every image; else image k takes entry k). 0, or an aclError
 * (ACL_ERROR_INVALID_PARAM) with the message recorded naming what is wrong
 * (core_aipp_check's checks). */
int32_t ops_aipp_run(const uint8_t *src, size_t image_bytes, const void *params, size_t plen,
                     void *out, const struct ops_aipp_out *o);

#endif /* CPUACL_OPS_IMAGE_IMAGE_H */
