/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Dynamic AIPP parameter sets (aclmdlAIPP): creation, the parameter-block
 * size and the setters with AscendCL's ranges. Their entry points are
 * core/api/mdl.c; docs/mdl.md, "AIPP parameter sets", lists each range.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/err.h"
#include "core/mdl/aipp.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"

/* AscendCL's documented ranges. */
enum {
    IMAGE_MAX = 4096,     /* source, crop and scaling-input sizes */
    SCF_MIN = 16,         /* scaling sizes */
    SCF_OUT_W_MAX = 1920, /* scaling output width */
    SCF_RATIO = 16,       /* output / input within [1/16, 16] */
    PAD_MAX = 32,         /* each padding size */
    MEAN_MAX = 255,       /* channel means */
    CSC_MIN = -32677,     /* matrix entries: the documented [-32677, 32676] */
    CSC_MAX = 32676,
};
#define MIN_CHN_MAX 255.0f
#define VAR_RECI_MAX 65504.0f /* the largest float16 */

/* Bytes of the parameter block (AscendCL's kAippDynamicPara without its
 * batch entry) and of one batch entry (kAippDynamicBatchPara). */
#define AIPP_SET_BYTES 64u
#define AIPP_BATCH_BYTES 96u

aclmdlAIPP *core_mdl_aipp_new(uint64_t batch, const char *fn)
{
    if (!batch) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: batchSize is 0", fn);
        return NULL;
    }
    aclmdlAIPP *a = NULL;
    if (batch <= (SIZE_MAX - sizeof(*a)) / sizeof(a->b[0]))
        a = core_calloc(1, sizeof(*a) + (size_t)batch * sizeof(a->b[0]));
    if (!a) {
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for a batch of %llu", fn,
                 (unsigned long long)batch);
        return NULL;
    }
    a->batch = batch;
    for (uint64_t i = 0; i < batch; i++)
        for (int c = 0; c < 4; c++)
            a->b[i].var_reci[c] = 1.0f;
    return a;
}

void core_mdl_aipp_free(const aclmdlAIPP *a)
{
    free((aclmdlAIPP *)a);
}

aclError core_mdl_aipp_data_size(uint64_t batch, size_t *size, const char *fn)
{
    if (!batch || batch > (SIZE_MAX - AIPP_SET_BYTES) / AIPP_BATCH_BYTES)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: batchSize %llu (must be 1 .. %zu)", fn,
                        (unsigned long long)batch,
                        (size_t)((SIZE_MAX - AIPP_SET_BYTES) / AIPP_BATCH_BYTES));
    *size = AIPP_SET_BYTES + (size_t)batch * AIPP_BATCH_BYTES;
    return ACL_SUCCESS;
}

/* v within [lo, hi], else ACL_ERROR_INVALID_PARAM naming fn and what. */
static aclError range(int64_t v, int64_t lo, int64_t hi, const char *what, const char *fn)
{
    if (v < lo || v > hi)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is %lld, outside [%lld, %lld]", fn, what,
                        (long long)v, (long long)lo, (long long)hi);
    return ACL_SUCCESS;
}

/* The same for n floats (a NaN is outside every range). */
static aclError frange(const float *v, int n, float lo, float hi, const char *what, const char *fn)
{
    for (int i = 0; i < n; i++)
        if (!(v[i] >= lo && v[i] <= hi))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s of channel %d is %g, outside [%g, %g]",
                            fn, what, i, (double)v[i], (double)lo, (double)hi);
    return ACL_SUCCESS;
}

/* Batch entry index of a, or NULL with the error recorded. */
static struct core_mdl_aipp_batch *entry(aclmdlAIPP *a, uint64_t index, const char *fn)
{
    if (index < a->batch)
        return &a->b[index];
    core_err(ACL_ERROR_INVALID_PARAM, "%s: batchIndex %llu, the set's batchSize is %llu", fn,
             (unsigned long long)index, (unsigned long long)a->batch);
    return NULL;
}

/* Check every value of a list against [lo, hi]; names[i] names value i. */
static aclError ranges(const int64_t *v, int n, int64_t lo, int64_t hi, const char *const *names,
                       const char *fn)
{
    for (int i = 0; i < n; i++) {
        aclError rc = range(v[i], lo, hi, names[i], fn);
        if (rc != ACL_SUCCESS)
            return rc;
    }
    return ACL_SUCCESS;
}

aclError core_mdl_aipp_set_format(aclmdlAIPP *a, aclAippInputFormat format, const char *fn)
{
    aclError rc = range(format, ACL_YUV420SP_U8, ACL_RAW24, "inputFormat", fn);
    if (rc == ACL_SUCCESS)
        a->format = format;
    return rc;
}

aclError core_mdl_aipp_set_csc(aclmdlAIPP *a, int8_t sw, const int16_t matrix[9],
                               const uint8_t out_bias[3], const uint8_t in_bias[3], const char *fn)
{
    static const char *const names[9] = {"cscMatrixR0C0", "cscMatrixR0C1", "cscMatrixR0C2",
                                         "cscMatrixR1C0", "cscMatrixR1C1", "cscMatrixR1C2",
                                         "cscMatrixR2C0", "cscMatrixR2C1", "cscMatrixR2C2"};
    int64_t m[9];
    for (int i = 0; i < 9; i++)
        m[i] = matrix[i];
    aclError rc = range(sw, 0, 1, "cscSwitch", fn);
    if (rc == ACL_SUCCESS && sw)
        rc = ranges(m, 9, CSC_MIN, CSC_MAX, names, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    a->csc_switch = sw;
    if (!sw)
        return ACL_SUCCESS;
    for (int i = 0; i < 9; i++)
        a->matrix[i] = matrix[i];
    for (int i = 0; i < 3; i++) {
        a->out_bias[i] = out_bias[i];
        a->in_bias[i] = in_bias[i];
    }
    return ACL_SUCCESS;
}

aclError core_mdl_aipp_set_swap(aclmdlAIPP *a, int which, int8_t sw, const char *fn)
{
    aclError rc = range(sw, 0, 1, which ? "axSwapSwitch" : "rbuvSwapSwitch", fn);
    if (rc == ACL_SUCCESS)
        *(which ? &a->ax_swap : &a->rbuv_swap) = sw;
    return rc;
}

aclError core_mdl_aipp_set_src_size(aclmdlAIPP *a, int32_t w, int32_t h, const char *fn)
{
    aclError rc = range(w, 2, IMAGE_MAX, "srcImageSizeW", fn);
    if (rc == ACL_SUCCESS)
        rc = range(h, 1, IMAGE_MAX, "srcImageSizeH", fn);
    if (rc == ACL_SUCCESS) {
        a->src_w = w;
        a->src_h = h;
    }
    return rc;
}

/* Each stage's switch, value names and ranges (AscendCL's). */
static const struct {
    const char *sw, *names[4];
    int64_t lo[4], hi[4];
} g_stage[CORE_MDL_AIPP_STAGES] = {
    [CORE_MDL_AIPP_CROP] = {"cropSwitch",
                            {"cropStartPosW", "cropStartPosH", "cropSizeW", "cropSizeH"},
                            {0, 0, 1, 1},
                            {IMAGE_MAX - 1, IMAGE_MAX - 1, IMAGE_MAX, IMAGE_MAX}},
    [CORE_MDL_AIPP_SCF] = {"scfSwitch",
                           {"scfInputSizeW", "scfInputSizeH", "scfOutputSizeW", "scfOutputSizeH"},
                           {SCF_MIN, SCF_MIN, SCF_MIN, SCF_MIN},
                           {IMAGE_MAX, IMAGE_MAX, SCF_OUT_W_MAX, IMAGE_MAX}},
    [CORE_MDL_AIPP_PADDING] = {"paddingSwitch",
                               {"paddingSizeTop", "paddingSizeBottom", "paddingSizeLeft",
                                "paddingSizeRight"},
                               {0, 0, 0, 0},
                               {PAD_MAX, PAD_MAX, PAD_MAX, PAD_MAX}},
};

/* Scaling by more than SCF_RATIO either way, in either dimension. */
static bool scf_ratio_bad(const int32_t v[4])
{
    for (int d = 0; d < 2; d++)
        if ((int64_t)v[2 + d] * SCF_RATIO < v[d] || v[2 + d] > (int64_t)v[d] * SCF_RATIO)
            return true;
    return false;
}

aclError core_mdl_aipp_set_stage(aclmdlAIPP *a, enum core_mdl_aipp_stage stage, int8_t sw,
                                 const int32_t v[4], uint64_t batch_index, const char *fn)
{
    struct core_mdl_aipp_batch *e = entry(a, batch_index, fn);
    if (!e)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = range(sw, 0, 1, g_stage[stage].sw, fn);
    for (int i = 0; sw && i < 4 && rc == ACL_SUCCESS; i++)
        rc = range(v[i], g_stage[stage].lo[i], g_stage[stage].hi[i], g_stage[stage].names[i], fn);
    if (rc == ACL_SUCCESS && sw && stage == CORE_MDL_AIPP_SCF && scf_ratio_bad(v))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: scaling %dx%d to %dx%d: each ratio must be within [1/16, 16]", fn, v[0],
                      v[1], v[2], v[3]);
    if (rc != ACL_SUCCESS)
        return rc;
    e->stage[stage].on = sw;
    for (int i = 0; sw && i < 4; i++)
        e->stage[stage].v[i] = v[i];
    return ACL_SUCCESS;
}

aclError core_mdl_aipp_set_mean(aclmdlAIPP *a, const int16_t mean[4], uint64_t batch_index,
                                const char *fn)
{
    static const char *const names[4] = {"dtcPixelMeanChn0", "dtcPixelMeanChn1", "dtcPixelMeanChn2",
                                         "dtcPixelMeanChn3"};
    struct core_mdl_aipp_batch *e = entry(a, batch_index, fn);
    if (!e)
        return ACL_ERROR_INVALID_PARAM;
    const int64_t v[4] = {mean[0], mean[1], mean[2], mean[3]};
    aclError rc = ranges(v, 4, 0, MEAN_MAX, names, fn);
    if (rc == ACL_SUCCESS)
        for (int c = 0; c < 4; c++)
            e->mean[c] = mean[c];
    return rc;
}

aclError core_mdl_aipp_set_norm(aclmdlAIPP *a, int which, const float v[4], uint64_t batch_index,
                                const char *fn)
{
    struct core_mdl_aipp_batch *e = entry(a, batch_index, fn);
    if (!e)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = which ? frange(v, 4, -VAR_RECI_MAX, VAR_RECI_MAX, "dtcPixelVarReci", fn)
                        : frange(v, 4, 0.0f, MIN_CHN_MAX, "dtcPixelMin", fn);
    if (rc != ACL_SUCCESS)
        return rc;
    float *dst = which ? e->var_reci : e->min;
    for (int c = 0; c < 4; c++)
        dst[c] = core_f16_to_float(core_float_to_f16(v[c]));
    return ACL_SUCCESS;
}
