/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/image: image pre-processing kernels. AIPP (AI pre-processing, CANN's
 * Aipp operator): a uint8 source image in one of AscendCL's image formats
 * becomes the model's input tensor: crop, channel swaps, colour-space
 * conversion, per-channel normalisation and padding, written as NCHW or
 * NHWC float16 or float32. The parameters come in the block of core/aipp.h;
 * docs/aipp.md gives the formulas this file implements. Resize (CANN's
 * Resize, ONNX's Resize of opsets 11-17): nearest, linear and cubic
 * interpolation of any axes of an N-d tensor (resize.c). GridSampler2D
 * (CANN's, ONNX's GridSample of opset 16, torch's grid_sample): x sampled
 * at the points of a grid (grid_sample.c).
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

/* Resize's coordinate transformations, modes and nearest roundings (the
 * attribute strings of CANN's / ONNX's Resize, in that order). */
enum ops_resize_coord {
    OPS_RESIZE_HALF_PIXEL,
    OPS_RESIZE_PYTORCH_HALF_PIXEL,
    OPS_RESIZE_ALIGN_CORNERS,
    OPS_RESIZE_ASYMMETRIC,
    OPS_RESIZE_TF_HALF_PIXEL_FOR_NN,
    OPS_RESIZE_TF_CROP_AND_RESIZE,
};
enum ops_resize_mode { OPS_RESIZE_NEAREST, OPS_RESIZE_LINEAR, OPS_RESIZE_CUBIC };
enum ops_resize_round {
    OPS_RESIZE_ROUND_PREFER_FLOOR,
    OPS_RESIZE_ROUND_PREFER_CEIL,
    OPS_RESIZE_FLOOR,
    OPS_RESIZE_CEIL,
};

/* One Resize: x (contiguous, dims in[0..nd)) becomes y (dims out[]), both
 * of type dt (an ops/engine DT_ index). scale[a] is the scale of axis a (the
 * given one, or out / in when sizes were given: ONNX uses the given scale,
 * not out / in, in its coordinate formulas); roi[a], roi[nd + a] the start
 * and end of axis a for tf_crop_and_resize. */
struct ops_resize {
    int nd, dt;
    int64_t in[8], out[8];
    double scale[8], roi[16];
    enum ops_resize_coord coord;
    enum ops_resize_mode mode;
    enum ops_resize_round round;
    double cubic_a, extrapolation;
    bool exclude_outside;
};

/* Resize x into y, axis by axis (every mode is separable: an N-d sample is
 * the product of the 1-d weights). 0, or ACL_ERROR_BAD_ALLOC with the
 * message recorded. */
int32_t ops_resize_run(const void *x, void *y, const struct ops_resize *r);

/* GridSampler2D's interpolations and paddings (the attribute strings
 * bilinear, nearest, bicubic; zeros, border, reflection). */
enum ops_grid_mode { OPS_GRID_BILINEAR, OPS_GRID_NEAREST, OPS_GRID_BICUBIC };
enum ops_grid_pad { OPS_GRID_ZEROS, OPS_GRID_BORDER, OPS_GRID_REFLECTION };

/* One GridSampler2D: x (n, c, h, w), grid (n, oh, ow, 2: the x (width) then
 * y (height) coordinate in [-1, 1]), y (n, c, oh, ow), all contiguous, x and
 * y of type dt, grid of type grid_dt (ops/engine DT_ indices). */
struct ops_grid_sample {
    int64_t n, c, h, w, oh, ow;
    int dt, grid_dt;
    enum ops_grid_mode mode;
    enum ops_grid_pad pad;
    bool align_corners;
};

/* Sample x at the grid's points into y. 0, or ACL_ERROR_BAD_ALLOC with the
 * message recorded. */
int32_t ops_grid_sample_run(const void *x, const void *grid, void *y,
                            const struct ops_grid_sample *g);

#endif /* CPUACL_OPS_IMAGE_IMAGE_H */
