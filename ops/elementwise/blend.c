/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Image compositing of ops-cv's objdetect folder (ops/elementwise/table.h): BackgroundReplace,
 * BlendImagesCustom and MrgbaCustom, elementwise formulas over HWC images whose one-channel
 * mask / alpha broadcasts over the channels, run on the elementwise engine (ops/engine/ew.c).
 *
 *  BD1. BackgroundReplace: out = bkg - bkg mask + src mask; BlendImagesCustom: a = alpha / 255,
 *      out = frame - frame a + rgb a; MrgbaCustom: out = rgb (alpha / 255) (CANN's formulas,
 *      in the order of operations of CANN's kernels).
 *  BD2. CANN's kernels compute in FLOAT16, every step rounded to it (1/255 too), so each step
 *      here is rounded to FLOAT16 as well: results agree bit for bit where the kernels' own
 *      rounding is round-to-nearest-even.
 *  BD3. UINT8 results: MrgbaCustom rounds down (its kernel's CAST_FLOOR), the other two to the
 *      nearest, ties to even (CAST_NONE of a lossy cast is CAST_RINT), saturated to [0, 255].
 *  BD4. Shapes: the images (bkg and src, rgb and frame) of one shape, the mask / alpha
 *      broadcasting to it (CANN documents HWC with C = 3 or 1 and a mask of C = 1, yet its
 *      examples pass (4, 3) with alpha (4, 1) and a mask of the image's shape); out of the
 *      images' shape and type.
 */
#include <math.h>

#include "aclnnop/aclnn_background_replace.h"
#include "aclnnop/aclnn_blend_images_custom.h"
#include "aclnnop/aclnn_mrgba_custom.h"
#include "core/half.h"
#include "ops/elementwise/table.h"
#include "ops/engine/engine.h"
#include "ops/engine/ew_build.h"

/* BD2: x rounded to FLOAT16 */
static inline float bd_h(float x)
{
    return half_f16_to_f32(half_f32_to_f16(x));
}

/* BD3 */
static inline float bd_u8(float x, bool floor_)
{
    float r = floor_ ? floorf(x) : rintf(x);
    return r < 0 ? 0 : r > 255 ? 255 : r;
}

/* in: bkg, src, mask; p->i[0]: 1 for a UINT8 result */
static void f32_bkg(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    float *o = o_;
    const float *b = in[0], *s = in[1], *m = in[2];
    for (int64_t i = 0; i < n; i++) {
        float v = bd_h(bd_h(b[i] - bd_h(b[i] * m[i])) + bd_h(s[i] * m[i]));
        o[i] = p->i[0] ? bd_u8(v, false) : v;
    }
}

/* in: rgb, alpha, frame */
static void f32_blend(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *r = in[0], *al = in[1], *f = in[2], k = bd_h(1.0f / 255.0f);
    for (int64_t i = 0; i < n; i++) {
        float a = bd_h(al[i] * k);
        o[i] = bd_u8(bd_h(bd_h(f[i] - bd_h(f[i] * a)) + bd_h(r[i] * a)), false);
    }
}

/* in: rgb, alpha */
static void f32_mrgba(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *r = in[0], *al = in[1], k = bd_h(1.0f / 255.0f);
    for (int64_t i = 0; i < n; i++)
        o[i] = bd_u8(bd_h(r[i] * bd_h(al[i] * k)), true);
}

/* BD4's checks: img[0..nimg) of img[0]'s shape and a type of types (img[0]'s for all); mask
 * of mtypes broadcasting to that shape; out of img[0]'s shape and type. */
static aclnnStatus bd_check(const char *op, const aclTensor *const *img, const char *const *nm,
                            int nimg, unsigned types, const aclTensor *mask, const char *mn,
                            unsigned mtypes, const aclTensor *out)
{
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < nimg; i++)
        if ((rc = ops_check_dims(img[i], op, nm[i])))
            return rc;
    if ((rc = ops_check_dims(mask, op, mn)) || (rc = ops_check_dims(out, op, "out")) ||
        (rc = ops_need_dt(op, nm[0], img[0]->dtype, types, &dt)) ||
        (rc = ops_need_dt(op, mn, mask->dtype, mtypes, &dt)))
        return rc;
    const aclTensor *x = img[0];
    const int nd = (int)x->ndim;
    for (int i = 1; i < nimg; i++) {
        if (img[i]->dtype != x->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, not %s's type %s", op, nm[i],
                           ops_dt_name(img[i]->dtype), nm[0], ops_dt_name(x->dtype));
        if ((rc = ops_check_shape(op, x->dims, nd, img[i], nm[i])))
            return rc;
    }
    int64_t bd[OPS_MAX_DIMS];
    int nb;
    if (!ops_broadcast(mask->dims, (int)mask->ndim, x->dims, nd, bd, &nb) || nb != nd ||
        !ops_shape_is(x, bd, nb))
        return ops_shape_err(op, mn, mask, x->dims, nd);
    if ((rc = ops_check_shape(op, x->dims, nd, out, "out")))
        return rc;
    if (out->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, not %s's type %s", op,
                       ops_dt_name(out->dtype), nm[0], ops_dt_name(x->dtype));
    return ACLNN_SUCCESS;
}

static aclnnStatus bd_build(const char *op, const aclTensor *const *in, int nin,
                            const aclTensor *out, ew_kern_fn kern, int64_t u8, WS)
{
    struct ew_build b = {.name = op,
                         .nin = nin,
                         .out = out,
                         .ck = CK_F32,
                         .rt = u8 ? DT_NONE : DT_F16,
                         .kern = kern};
    for (int i = 0; i < nin; i++)
        b.in[i] = in[i];
    b.p.i[0] = u8;
    return ew_build_exec(&b, workspaceSize, executor);
}

aclnnStatus aclnnBackgroundReplaceGetWorkspaceSize(const aclTensor *bkg, const aclTensor *src,
                                                   const aclTensor *mask, const aclTensor *out, WS)
{
    static const char op[] = "aclnnBackgroundReplace";
    OPS_CHECK_NULLS(op, workspaceSize, executor, bkg, src, mask, out);
    const aclTensor *img[2] = {bkg, src};
    static const char *const nm[2] = {"bkg", "src"};
    aclnnStatus rc;
    if ((rc = bd_check(op, img, nm, 2, OPS_DT_BackgroundReplace, mask, "mask",
                       OPS_DT2_BackgroundReplace, out)))
        return rc;
    const aclTensor *in[3] = {bkg, src, mask};
    return bd_build(op, in, 3, out, f32_bkg, bkg->dtype == ACL_UINT8, workspaceSize, executor);
}
PHASE2(BackgroundReplace)

aclnnStatus aclnnBlendImagesCustomGetWorkspaceSize(const aclTensor *rgb, const aclTensor *alpha,
                                                   const aclTensor *frame, const aclTensor *out, WS)
{
    static const char op[] = "aclnnBlendImagesCustom";
    OPS_CHECK_NULLS(op, workspaceSize, executor, rgb, alpha, frame, out);
    const aclTensor *img[2] = {rgb, frame};
    static const char *const nm[2] = {"rgb", "frame"};
    aclnnStatus rc;
    if ((rc = bd_check(op, img, nm, 2, OPS_DT_BlendImagesCustom, alpha, "alpha",
                       OPS_DT_BlendImagesCustom, out)))
        return rc;
    const aclTensor *in[3] = {rgb, alpha, frame};
    return bd_build(op, in, 3, out, f32_blend, 1, workspaceSize, executor);
}
PHASE2(BlendImagesCustom)

aclnnStatus aclnnMrgbaCustomGetWorkspaceSize(const aclTensor *rgb, const aclTensor *alpha,
                                             const aclTensor *out, WS)
{
    static const char op[] = "aclnnMrgbaCustom";
    OPS_CHECK_NULLS(op, workspaceSize, executor, rgb, alpha, out);
    const aclTensor *img[1] = {rgb};
    static const char *const nm[1] = {"rgb"};
    aclnnStatus rc;
    if ((rc =
             bd_check(op, img, nm, 1, OPS_DT_MrgbaCustom, alpha, "alpha", OPS_DT_MrgbaCustom, out)))
        return rc;
    const aclTensor *in[2] = {rgb, alpha};
    return bd_build(op, in, 2, out, f32_mrgba, 1, workspaceSize, executor);
}
PHASE2(MrgbaCustom)
