/* SPDX-License-Identifier: Apache-2.0 */
/* AIPP on models built from GE graphs in C (ge.insertOpFile, the C form of
 * ge::ir_option::INSERT_OP_FILE): a graph whose input is an NHWC float16
 * image feeding Identity, so the output is AIPP's own. Dynamic AIPP: the
 * model gets the ascend_dynamic_aipp_data input of aclmdlGetAippDataSize
 * bytes, aclmdlSetInputAIPP writes a parameter set into it (RGB888 source,
 * a crop, swapped R and B, normalisation) and the execution's output is
 * checked against the formulas computed here; a second execution with other
 * parameters gives other results. Static AIPP: a YUV400 configuration with
 * padding, its input dims, its output. Misuse: a configuration file with a
 * syntax error (the line named), AIPP with dynamic dims (CANN: they exclude
 * each other) refused, a max_src_image_size that is not a multiple of the
 * largest batch gear, a parameter set whose crop leaves the source. AIPP
 * with H*W gears (ge.dynamicImageSize): static (src_image_size 0: each gear's
 * H x W) and dynamic, RGB888 and YUV420SP, every gear's output against a
 * scalar reference of the formulas written here, the queries, an image too
 * small for the chosen gear, a parameter set for another gear, and the
 * configurations CANN refuses. Static YUV420SP with batch gears (its image
 * input of 1.5 rows a pixel row at each gear); the rest of AIPP with batch
 * gears runs in tests/python/test_aipp_model.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdl_test.h"

#include "acl/acl.h"
#include "ge/cpuacl_ge.h"

enum { N = 1, H = 4, W = 4, C = 3 };

/* A graph: Data (NHWC, c channels, float16) -> Identity -> output. */
static cpuaclGeGraph *image_graph(int64_t c)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("aipp");
    int32_t d = cpuaclGeGraphAddNode(g, "Data", "img");
    int32_t y = cpuaclGeGraphAddNode(g, "Identity", "y");
    CHECK(d >= 0 && y >= 0);
    cpuaclGeTensor t = {
        .dtype = 1 /* DT_FLOAT16 */, .format = 1 /* NHWC */, .ndim = 4, .dims = {N, H, W, c}};
    CHECK(cpuaclGeGraphSetDesc(g, d, 0, "x", &t) == 0);
    CHECK(cpuaclGeGraphSetInput(g, y, "x", d, NULL, 0) == 0);
    CHECK(cpuaclGeGraphSetInputs(g, &d, 1) == 0);
    int32_t out = 0;
    CHECK(cpuaclGeGraphSetOutputs(g, &y, &out, 1) == 0);
    return g;
}

static const char *write_conf(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof(path), "%s", name);
    FILE *f = fopen(path, "w");
    CHECK(f && fputs(text, f) >= 0 && fclose(f) == 0);
    return path;
}

/* Build g with option key = value; the model bytes (free with cpuaclGeModelFree). */
static uint32_t build(cpuaclGeGraph *g, const char *key, const char *value, void **data,
                      uint64_t *len)
{
    const char *k[] = {key}, *v[] = {value};
    return cpuaclGeBuildModel(g, k, v, 1, data, len);
}

struct io {
    aclmdlDataset *ds;
    void *mem[4];
};

static struct io dataset(aclmdlDesc *d, bool out)
{
    struct io r = {aclmdlCreateDataset(), {NULL, NULL, NULL, NULL}};
    size_t n = out ? aclmdlGetNumOutputs(d) : aclmdlGetNumInputs(d);
    CHECK(n <= 4);
    for (size_t i = 0; i < n; i++) {
        size_t sz = out ? aclmdlGetOutputSizeByIndex(d, i) : aclmdlGetInputSizeByIndex(d, i);
        CHECK_OK(aclrtMalloc(&r.mem[i], sz, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK_OK(aclmdlAddDatasetBuffer(r.ds, aclCreateDataBuffer(r.mem[i], sz)));
    }
    return r;
}

static void dataset_free(struct io *r)
{
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(r->ds); i++) {
        CHECK_OK(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(r->ds, i)));
        CHECK_OK(aclrtFree(r->mem[i]));
    }
    CHECK_OK(aclmdlDestroyDataset(r->ds));
}

static float f16(float v)
{
    return aclFloat16ToFloat(aclFloatToFloat16(v));
}

static void dynamic(void)
{
    const char *cfg = write_conf("aipp_dynamic.cfg", "aipp_op {\n"
                                                     "  aipp_mode: dynamic\n"
                                                     "  max_src_image_size: 90\n"
                                                     "}\n");
    void *data = NULL;
    uint64_t len = 0;
    CHECK(build(image_graph(C), "ge.insertOpFile", cfg, &data, &len) == 0);
    uint32_t id = 0;
    CHECK_OK(aclmdlLoadFromMem(data, len, &id));
    cpuaclGeModelFree(data);
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(d, id));
    CHECK(aclmdlGetNumInputs(d) == 2);
    size_t pin = 0, psize = 0;
    CHECK_OK(aclmdlGetInputIndexByName(d, ACL_DYNAMIC_AIPP_NAME, &pin));
    CHECK(pin == 1);
    CHECK_OK(aclmdlGetAippDataSize(N, &psize));
    CHECK(aclmdlGetInputSizeByIndex(d, 1) == psize);
    CHECK(aclmdlGetInputSizeByIndex(d, 0) == 90);

    /* a 6x5 RGB image: pixel (y, x) channel k = 10y + 3x + k */
    uint8_t img[90];
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 6; x++)
            for (int k = 0; k < 3; k++)
                img[(y * 6 + x) * 3 + k] = (uint8_t)(10 * y + 3 * x + k);
    struct io in = dataset(d, false), out = dataset(d, true);
    CHECK_OK(aclrtMemcpy(in.mem[0], 90, img, 90, ACL_MEMCPY_HOST_TO_DEVICE));
    for (int round = 0; round < 2; round++) {
        int cx = 1 + round, cy = 1; /* crops at (1, 1) then (2, 1) */
        aclmdlAIPP *a = aclmdlCreateAIPP(N);
        CHECK_OK(aclmdlSetAIPPInputFormat(a, ACL_RGB888_U8));
        CHECK_OK(aclmdlSetAIPPSrcImageSize(a, 6, 5));
        CHECK_OK(aclmdlSetAIPPRbuvSwapSwitch(a, 1));
        CHECK_OK(aclmdlSetAIPPCropParams(a, 1, cx, cy, W, H, 0));
        CHECK_OK(aclmdlSetAIPPDtcPixelMean(a, 5, 6, 7, 0, 0));
        CHECK_OK(aclmdlSetAIPPDtcPixelMin(a, 0.5f, 0, 0, 0, 0));
        CHECK_OK(aclmdlSetAIPPPixelVarReci(a, 0.5f, 2.0f, 0.25f, 1.0f, 0));
        CHECK_OK(aclmdlSetInputAIPP(id, in.ds, pin, a));
        CHECK_OK(aclmdlExecute(id, in.ds, out.ds));
        aclFloat16 got[N * H * W * C];
        CHECK_OK(aclrtMemcpy(got, sizeof(got), out.mem[0], sizeof(got), ACL_MEMCPY_DEVICE_TO_HOST));
        const float mean[3] = {5, 6, 7}, mn[3] = {0.5f, 0, 0}, var[3] = {0.5f, 2, 0.25f};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                for (int k = 0; k < C; k++) {
                    int src = img[((y + cy) * 6 + x + cx) * 3 + (2 - k)]; /* R and B swapped */
                    float want = f16(((float)src - mean[k] - mn[k]) * var[k]);
                    CHECK(aclFloat16ToFloat(got[(y * W + x) * C + k]) == want);
                }
        /* a crop outside the source: refused before the execution */
        CHECK_OK(aclmdlSetAIPPCropParams(a, 1, 3, 1, W, H, 0));
        CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlSetInputAIPP", "not inside",
                       aclmdlSetInputAIPP(id, in.ds, pin, a));
        CHECK_OK(aclmdlDestroyAIPP(a));
    }
    aclmdlInputAippType type;
    size_t attached = 0;
    CHECK_OK(aclmdlGetAippType(id, 0, &type, &attached));
    CHECK(type == ACL_DATA_WITH_DYNAMIC_AIPP && attached == 1);
    dataset_free(&in);
    dataset_free(&out);
    CHECK_OK(aclmdlDestroyDesc(d));
    CHECK_OK(aclmdlUnload(id));
}

static void static_yuv400(void)
{
    const char *cfg = write_conf("aipp_static.cfg", "# YUV400 with padding\n"
                                                    "aipp_op {\n"
                                                    "  aipp_mode: static\n"
                                                    "  input_format: YUV400_U8\n"
                                                    "  src_image_size_w: 3\n"
                                                    "  src_image_size_h: 4\n"
                                                    "  padding: true\n"
                                                    "  right_padding_size: 1\n"
                                                    "  padding_value: -2\n"
                                                    "  mean_chn_0: 100\n"
                                                    "  var_reci_chn_0: 0.125\n"
                                                    "}\n");
    void *data = NULL;
    uint64_t len = 0;
    CHECK(build(image_graph(1), "ge.insertOpFile", cfg, &data, &len) == 0);
    uint32_t id = 0;
    CHECK_OK(aclmdlLoadFromMem(data, len, &id));
    cpuaclGeModelFree(data);
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(d, id));
    aclmdlIODims dims;
    CHECK_OK(aclmdlGetInputDims(d, 0, &dims));
    CHECK(dims.dimCount == 4 && dims.dims[1] == 4 && dims.dims[2] == 3 && dims.dims[3] == 1);
    CHECK(aclmdlGetInputDataType(d, 0) == ACL_UINT8);
    struct io in = dataset(d, false), out = dataset(d, true);
    uint8_t img[12];
    for (int i = 0; i < 12; i++)
        img[i] = (uint8_t)(20 * i);
    CHECK_OK(aclrtMemcpy(in.mem[0], 12, img, 12, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclmdlExecute(id, in.ds, out.ds));
    aclFloat16 got[H * W];
    CHECK_OK(aclrtMemcpy(got, sizeof(got), out.mem[0], sizeof(got), ACL_MEMCPY_DEVICE_TO_HOST));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float want = x < 3 ? f16(((float)img[y * 3 + x] - 100) * 0.125f) : -2.0f;
            CHECK(aclFloat16ToFloat(got[y * W + x]) == want);
        }
    aclAippInfo info;
    CHECK_OK(aclmdlGetFirstAippInfo(id, 0, &info));
    CHECK(info.inputFormat == ACL_YUV400_U8 && info.paddingSwitch == 1 &&
          info.rightPaddingSize == 1 && info.meanChn0 == 100 && info.srcDatatype == ACL_FLOAT16);
    dataset_free(&in);
    dataset_free(&out);
    CHECK_OK(aclmdlDestroyDesc(d));
    CHECK_OK(aclmdlUnload(id));
}

static void misuse(void)
{
    void *data = NULL;
    uint64_t len = 0;
    const char *cfg = write_conf("aipp_bad.cfg", "aipp_op {\n  aipp_mode: static\n"
                                                 "  input_format RGB888_U8\n}\n");
    CHECK(build(image_graph(C), "ge.insertOpFile", cfg, &data, &len) != 0);
    CHECK(strstr(cpuaclGeErrMsg(), "line 3: expected ':' after input_format"));
    cfg = write_conf("aipp_gears.cfg", "aipp_op {\n  aipp_mode: dynamic\n"
                                       "  max_src_image_size: 96\n}\n");
    /* CANN: AIPP and dynamic dims exclude each other */
    const char *k[] = {"ge.insertOpFile", "ge.dynamicDims", "input_format", "input_shape"},
               *v[] = {cfg, "2;4", "ND", "img:1,4,-1,3"};
    CHECK(cpuaclGeBuildModel(image_graph(C), k, v, 4, &data, &len) != 0);
    CHECK(strstr(cpuaclGeErrMsg(), "AIPP and dynamic dims exclude each other"));
    /* batch gears: max_src_image_size a multiple of the largest gear (4) */
    cfg = write_conf("aipp_gears.cfg", "aipp_op {\n  aipp_mode: dynamic\n"
                                       "  max_src_image_size: 90\n}\n");
    const char *k3[] = {"ge.insertOpFile", "ge.dynamicBatchSize", "input_shape"},
               *v3[] = {cfg, "1,2,4", "img:-1,4,4,3"};
    CHECK(cpuaclGeBuildModel(image_graph(C), k3, v3, 3, &data, &len) != 0);
    CHECK(strstr(cpuaclGeErrMsg(), "multiple of the batch 4 (the largest batch gear)"));
    CHECK(build(image_graph(C), "ge.insertOpFile", "no_such_aipp.cfg", &data, &len) != 0);
    CHECK(strstr(cpuaclGeErrMsg(), "cannot be opened"));
}

/* ---- AIPP with dynamic H*W gears ---------------------------------------------------- */

/* The H*W gears (height,width): YUV420SP needs even sizes; the largest is (6,8). */
static const char *const HW_GEARS = "4,6;6,8;2,2";
static const int GEAR_H[3] = {4, 6, 2}, GEAR_W[3] = {6, 8, 2};
enum { HW_LARGEST = 1 };

/* What a scalar AIPP computes with: the documented formulas (docs/aipp.md),
 * written here independently of ops/image/aipp.c. */
struct ref {
    int fmt; /* ACL_RGB888_U8 or ACL_YUV420SP_U8 */
    int csc, rbuv;
    int m[9], ob[3], ib[3];
    float mean[3], min[3], var[3];
};

/* floor(v / 256): the documented >> 8 of a possibly negative sum */
static int shr8(long v)
{
    return (int)(v >= 0 ? v / 256 : -((-v + 255) / 256));
}

/* Channel k of output pixel (y, x) of a W x H source img, as float16. */
static float ref_px(const struct ref *r, const uint8_t *img, int W, int H, int y, int x, int k)
{
    int ch[3];
    if (r->fmt == ACL_RGB888_U8) {
        for (int c = 0; c < 3; c++)
            ch[c] = img[(y * W + x) * 3 + c];
    } else { /* NV12: Y plane, then a U V pair for each 2x2 block */
        ch[0] = img[y * W + x];
        ch[1] = img[W * H + (y / 2) * W + (x / 2) * 2];
        ch[2] = img[W * H + (y / 2) * W + (x / 2) * 2 + 1];
    }
    if (r->rbuv) {
        int t = ch[0];
        ch[0] = ch[2];
        ch[2] = t;
    }
    if (r->csc) {
        bool yuv = r->fmt == ACL_YUV420SP_U8;
        int o[3];
        for (int i = 0; i < 3; i++) {
            long sum = 0;
            for (int j = 0; j < 3; j++)
                sum += (long)r->m[3 * i + j] * (ch[j] - (yuv ? r->ib[j] : 0));
            o[i] = shr8(sum) + (yuv ? 0 : r->ob[i]);
            o[i] = o[i] < 0 ? 0 : o[i] > 255 ? 255 : o[i];
        }
        memcpy(ch, o, sizeof(o));
    }
    return f16(((float)ch[k] - r->mean[k] - r->min[k]) * r->var[k]);
}

/* Source bytes of a w x h image of the reference's format. */
static size_t src_bytes(const struct ref *r, int w, int h)
{
    return r->fmt == ACL_RGB888_U8 ? (size_t)w * h * 3 : (size_t)w * h * 3 / 2;
}

/* Fill a w x h image with a pattern of seed; its bytes. */
static size_t fill_image(const struct ref *r, uint8_t *img, int w, int h, int seed)
{
    size_t n = src_bytes(r, w, h);
    for (size_t i = 0; i < n; i++)
        img[i] = (uint8_t)((i * 37 + (size_t)seed * 11 + i / 5) % 256);
    return n;
}

/* The output of an execution at gear g against the reference. */
static void check_gear_output(const struct ref *r, const struct io *out, const uint8_t *img, int g)
{
    int h = GEAR_H[g], w = GEAR_W[g];
    aclFloat16 got[6 * 8 * C];
    size_t bytes = (size_t)h * w * C * sizeof(aclFloat16);
    CHECK_OK(aclrtMemcpy(got, sizeof(got), out->mem[0], bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int k = 0; k < C; k++) {
                float want = ref_px(r, img, w, h, y, x, k);
                float have = aclFloat16ToFloat(got[(y * w + x) * C + k]);
                if (have != want) {
                    fprintf(stderr,
                            "gear (%d,%d) format %d: pixel (%d,%d) channel %d is %g, the "
                            "formulas give %g\n",
                            h, w, r->fmt, y, x, k, (double)have, (double)want);
                    exit(1);
                }
            }
}

/* Build the image graph with H*W gears and the configuration text; load it. */
static uint32_t load_hw(const char *conf, aclmdlDesc **desc)
{
    const char *cfg = write_conf("aipp_hw.cfg", conf);
    const char *k[] = {"ge.insertOpFile", "ge.dynamicImageSize", "input_shape"},
               *v[] = {cfg, HW_GEARS, "img:1,-1,-1,3"};
    void *data = NULL;
    uint64_t len = 0;
    CHECK(cpuaclGeBuildModel(image_graph(C), k, v, 3, &data, &len) == 0);
    uint32_t id = 0;
    CHECK_OK(aclmdlLoadFromMem(data, len, &id));
    cpuaclGeModelFree(data);
    *desc = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(*desc, id));
    return id;
}

/* Static AIPP (src_image_size 0: each gear's H x W) of format r->fmt. */
static void hw_static(const struct ref *r)
{
    char conf[1024];
    snprintf(conf, sizeof(conf),
             "aipp_op {\n  aipp_mode: static\n  input_format: %s\n"
             "  src_image_size_w: 0\n  src_image_size_h: 0\n"
             "  csc_switch: %s\n  rbuv_swap_switch: %s\n"
             "  matrix_r0c0: %d\n  matrix_r0c1: %d\n  matrix_r0c2: %d\n"
             "  matrix_r1c0: %d\n  matrix_r1c1: %d\n  matrix_r1c2: %d\n"
             "  matrix_r2c0: %d\n  matrix_r2c1: %d\n  matrix_r2c2: %d\n"
             "  output_bias_0: %d\n  output_bias_1: %d\n  output_bias_2: %d\n"
             "  input_bias_0: %d\n  input_bias_1: %d\n  input_bias_2: %d\n"
             "  mean_chn_0: %g\n  mean_chn_1: %g\n  mean_chn_2: %g\n"
             "  min_chn_0: %g\n  min_chn_1: %g\n  min_chn_2: %g\n"
             "  var_reci_chn_0: %g\n  var_reci_chn_1: %g\n  var_reci_chn_2: %g\n}\n",
             r->fmt == ACL_RGB888_U8 ? "RGB888_U8" : "YUV420SP_U8", r->csc ? "true" : "false",
             r->rbuv ? "true" : "false", r->m[0], r->m[1], r->m[2], r->m[3], r->m[4], r->m[5],
             r->m[6], r->m[7], r->m[8], r->ob[0], r->ob[1], r->ob[2], r->ib[0], r->ib[1], r->ib[2],
             (double)r->mean[0], (double)r->mean[1], (double)r->mean[2], (double)r->min[0],
             (double)r->min[1], (double)r->min[2], (double)r->var[0], (double)r->var[1],
             (double)r->var[2]);
    aclmdlDesc *d = NULL;
    uint32_t id = load_hw(conf, &d);
    /* the image input: [1, -1, -1, C] uint8 (YUV420SP: C 1), at the largest gear's bytes */
    int64_t ch = r->fmt == ACL_RGB888_U8 ? 3 : 1;
    CHECK(aclmdlGetNumInputs(d) == 2);
    aclmdlIODims dims;
    CHECK_OK(aclmdlGetInputDims(d, 0, &dims));
    CHECK(dims.dimCount == 4 && dims.dims[0] == 1 && dims.dims[1] == -1 && dims.dims[2] == -1 &&
          dims.dims[3] == ch);
    CHECK_OK(aclmdlGetInputDimsV2(d, 0, &dims));
    CHECK(dims.dimCount == 4 && dims.dims[1] == -1 && dims.dims[2] == -1 && dims.dims[3] == ch);
    CHECK(aclmdlGetInputDataType(d, 0) == ACL_UINT8);
    CHECK(aclmdlGetInputSizeByIndex(d, 0) == src_bytes(r, 8, 6));
    aclmdlHW hw;
    CHECK_OK(aclmdlGetDynamicHW(d, -1, &hw));
    CHECK(hw.hwCount == 3 && hw.hw[1][0] == 6 && hw.hw[1][1] == 8);
    /* the queries */
    aclmdlInputAippType type;
    size_t attached = 0;
    CHECK_OK(aclmdlGetAippType(id, 0, &type, &attached));
    CHECK(type == ACL_DATA_WITH_STATIC_AIPP && attached == 0xFFFFFFFFu);
    CHECK_OK(aclmdlGetAippType(id, 1, &type, &attached));
    CHECK(type == ACL_DATA_WITHOUT_AIPP);
    aclAippInfo info;
    CHECK_OK(aclmdlGetFirstAippInfo(id, 0, &info));
    CHECK(info.inputFormat == (aclAippInputFormat)r->fmt && info.srcImageSizeW == 0 &&
          info.srcImageSizeH == 0 && info.cropSwitch == 0 && info.paddingSwitch == 0 &&
          info.cscSwitch == r->csc && info.rbuvSwapSwitch == r->rbuv &&
          info.matrixR1C2 == r->m[5] && info.meanChn1 == (int16_t)r->mean[1] &&
          info.varReciChn2 == r->var[2]);
    CHECK(info.srcFormat == ACL_FORMAT_NHWC && info.srcDatatype == ACL_FLOAT16 &&
          info.srcDimNum == 4 && info.shapeCount == 1);
    const aclAippDims *od = &info.outDims[0];
    CHECK(od->aippOutdims.dimCount == 4 && od->aippOutdims.dims[1] == -1 &&
          od->aippOutdims.dims[2] == -1 && od->aippOutdims.dims[3] == 3);
    CHECK(od->aippOutSize == 6 * 8 * 3 * sizeof(aclFloat16)); /* the largest gear's */
    CHECK(od->srcDims.dimCount == 4 && od->srcDims.dims[1] == -1 &&
          od->srcSize == src_bytes(r, 8, 6));
    size_t gin = 0;
    CHECK_OK(aclmdlGetInputIndexByName(d, ACL_DYNAMIC_TENSOR_NAME, &gin));
    CHECK(gin == 1);

    struct io in = dataset(d, false), out = dataset(d, true);
    uint8_t img[6 * 8 * 3];
    /* an unmarked dataset runs the largest gear */
    size_t n = fill_image(r, img, 8, 6, 9);
    CHECK_OK(aclrtMemcpy(in.mem[0], n, img, n, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclmdlExecute(id, in.ds, out.ds));
    check_gear_output(r, &out, img, HW_LARGEST);
    for (int g = 0; g < 3; g++) {
        CHECK_OK(aclmdlSetDynamicHWSize(id, in.ds, gin, (uint64_t)GEAR_H[g], (uint64_t)GEAR_W[g]));
        n = fill_image(r, img, GEAR_W[g], GEAR_H[g], g);
        CHECK_OK(aclrtMemcpy(in.mem[0], n, img, n, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_OK(aclmdlExecute(id, in.ds, out.ds));
        check_gear_output(r, &out, img, g);
        aclmdlIODims cur;
        CHECK_OK(aclmdlGetCurOutputDims(d, 0, &cur));
        CHECK(cur.dimCount == 4 && cur.dims[1] == GEAR_H[g] && cur.dims[2] == GEAR_W[g]);
    }
    /* an image smaller than the chosen gear's: refused before it runs */
    aclmdlDataset *small = aclmdlCreateDataset();
    aclDataBuffer *sb = aclCreateDataBuffer(in.mem[0], src_bytes(r, 6, 4) - 1);
    CHECK_OK(aclmdlAddDatasetBuffer(small, sb));
    CHECK_OK(aclmdlAddDatasetBuffer(small, aclmdlGetDatasetBuffer(in.ds, 1)));
    CHECK_OK(aclmdlSetDynamicHWSize(id, small, gin, 4, 6));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "gear 0 of the model takes",
                   aclmdlExecute(id, small, out.ds));
    /* a gear the model does not have */
    CHECK_FAIL(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, "aclmdlSetDynamicHWSize",
               aclmdlSetDynamicHWSize(id, small, gin, 4, 4));
    CHECK_OK(aclDestroyDataBuffer(sb));
    CHECK_OK(aclmdlDestroyDataset(small));
    dataset_free(&in);
    dataset_free(&out);
    CHECK_OK(aclmdlDestroyDesc(d));
    CHECK_OK(aclmdlUnload(id));
}

/* Dynamic AIPP (aclmdlSetInputAIPP) of format r->fmt at each gear. */
static void hw_dynamic(const struct ref *r)
{
    aclmdlDesc *d = NULL;
    uint32_t id = load_hw("aipp_op {\n  aipp_mode: dynamic\n  max_src_image_size: 144\n}\n", &d);
    /* inputs: the image bytes [1, 144], the parameters, the gear input */
    CHECK(aclmdlGetNumInputs(d) == 3);
    size_t pin = 0, gin = 0, psize = 0;
    CHECK_OK(aclmdlGetInputIndexByName(d, ACL_DYNAMIC_AIPP_NAME, &pin));
    CHECK_OK(aclmdlGetInputIndexByName(d, ACL_DYNAMIC_TENSOR_NAME, &gin));
    CHECK(pin == 1 && gin == 2);
    CHECK_OK(aclmdlGetAippDataSize(1, &psize));
    CHECK(aclmdlGetInputSizeByIndex(d, pin) == psize && aclmdlGetInputSizeByIndex(d, 0) == 144);
    aclmdlIODims dims;
    CHECK_OK(aclmdlGetInputDims(d, 0, &dims));
    CHECK(dims.dimCount == 2 && dims.dims[0] == 1 && dims.dims[1] == 144);
    aclmdlInputAippType type;
    size_t attached = 0;
    CHECK_OK(aclmdlGetAippType(id, 0, &type, &attached));
    CHECK(type == ACL_DATA_WITH_DYNAMIC_AIPP && attached == pin);
    CHECK_OK(aclmdlGetAippType(id, pin, &type, &attached));
    CHECK(type == ACL_DYNAMIC_AIPP_NODE);
    aclAippInfo info;
    CHECK_OK(aclmdlGetFirstAippInfo(id, 0, &info));
    CHECK(info.srcFormat == ACL_FORMAT_NHWC && info.shapeCount == 1 &&
          info.outDims[0].aippOutdims.dims[1] == -1 &&
          info.outDims[0].aippOutSize == 6 * 8 * 3 * sizeof(aclFloat16) &&
          info.outDims[0].srcSize == 144);

    struct io in = dataset(d, false), out = dataset(d, true);
    uint8_t img[144];
    for (int g = 0; g < 3; g++) {
        int h = GEAR_H[g], w = GEAR_W[g];
        CHECK_OK(aclmdlSetDynamicHWSize(id, in.ds, gin, (uint64_t)h, (uint64_t)w));
        aclmdlAIPP *a = aclmdlCreateAIPP(1);
        CHECK_OK(aclmdlSetAIPPInputFormat(a, (aclAippInputFormat)r->fmt));
        CHECK_OK(aclmdlSetAIPPSrcImageSize(a, w, h));
        CHECK_OK(aclmdlSetAIPPCscParams(
            a, (int8_t)r->csc, (int16_t)r->m[0], (int16_t)r->m[1], (int16_t)r->m[2],
            (int16_t)r->m[3], (int16_t)r->m[4], (int16_t)r->m[5], (int16_t)r->m[6],
            (int16_t)r->m[7], (int16_t)r->m[8], (uint8_t)r->ob[0], (uint8_t)r->ob[1],
            (uint8_t)r->ob[2], (uint8_t)r->ib[0], (uint8_t)r->ib[1], (uint8_t)r->ib[2]));
        CHECK_OK(aclmdlSetAIPPRbuvSwapSwitch(a, (int8_t)r->rbuv));
        CHECK_OK(aclmdlSetAIPPDtcPixelMean(a, (int16_t)r->mean[0], (int16_t)r->mean[1],
                                           (int16_t)r->mean[2], 0, 0));
        CHECK_OK(aclmdlSetAIPPDtcPixelMin(a, r->min[0], r->min[1], r->min[2], 0, 0));
        CHECK_OK(aclmdlSetAIPPPixelVarReci(a, r->var[0], r->var[1], r->var[2], 1.0f, 0));
        CHECK_OK(aclmdlSetInputAIPP(id, in.ds, pin, a));
        size_t n = fill_image(r, img, w, h, 3 + g);
        CHECK_OK(aclrtMemcpy(in.mem[0], n, img, n, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_OK(aclmdlExecute(id, in.ds, out.ds));
        check_gear_output(r, &out, img, g);
        /* the set meets the other gears: refused while this one is selected */
        int o = (g + 1) % 3;
        CHECK_OK(aclmdlSetAIPPSrcImageSize(a, GEAR_W[o], GEAR_H[o]));
        CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlSetInputAIPP",
                       "the H*W gear the dataset selects", aclmdlSetInputAIPP(id, in.ds, pin, a));
        /* a gear changed after the parameters were set: the execution refuses
         * the source that is not the gear's */
        CHECK_OK(aclmdlSetAIPPSrcImageSize(a, w, h));
        CHECK_OK(aclmdlSetInputAIPP(id, in.ds, pin, a));
        CHECK_OK(aclmdlSetDynamicHWSize(id, in.ds, gin, (uint64_t)GEAR_H[o], (uint64_t)GEAR_W[o]));
        CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "the H*W gear this execution runs",
                       aclmdlExecute(id, in.ds, out.ds));
        /* queued, the kernel refuses it: an asynchronous error of the stream */
        aclrtStream st = NULL;
        CHECK_OK(aclrtCreateStream(&st));
        CHECK_OK(aclmdlExecuteAsync(id, in.ds, out.ds, st));
        CHECK(aclrtSynchronizeStream(st) != ACL_SUCCESS);
        CHECK(strstr(aclGetRecentErrMsg(), "failed"));
        CHECK_OK(aclrtDestroyStream(st));
        CHECK_OK(aclmdlDestroyAIPP(a));
    }
    /* a source that is no gear's, a crop, a padding: refused */
    aclmdlDataset *fresh = aclmdlCreateDataset();
    for (size_t i = 0; i < 3; i++)
        CHECK_OK(aclmdlAddDatasetBuffer(fresh, aclmdlGetDatasetBuffer(in.ds, i)));
    aclmdlAIPP *a = aclmdlCreateAIPP(1);
    CHECK_OK(aclmdlSetAIPPInputFormat(a, (aclAippInputFormat)r->fmt));
    CHECK_OK(aclmdlSetAIPPSrcImageSize(a, 4, 4));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlSetInputAIPP", "not the size of one of",
                   aclmdlSetInputAIPP(id, fresh, pin, a));
    CHECK_OK(aclmdlSetAIPPSrcImageSize(a, 8, 6));
    CHECK_OK(aclmdlSetInputAIPP(id, fresh, pin, a)); /* no gear selected: any gear's size */
    CHECK_OK(aclmdlSetAIPPCropParams(a, 1, 0, 0, 6, 4, 0));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlSetInputAIPP", "no crop, resize or padding",
                   aclmdlSetInputAIPP(id, fresh, pin, a));
    CHECK_OK(aclmdlSetAIPPCropParams(a, 0, 0, 0, 0, 0, 0));
    CHECK_OK(aclmdlSetAIPPPaddingParams(a, 1, 0, 0, 0, 0, 0));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlSetInputAIPP", "no crop, resize or padding",
                   aclmdlSetInputAIPP(id, fresh, pin, a));
    CHECK_OK(aclmdlDestroyAIPP(a));
    CHECK_OK(aclmdlDestroyDataset(fresh));
    dataset_free(&in);
    dataset_free(&out);
    CHECK_OK(aclmdlDestroyDesc(d));
    CHECK_OK(aclmdlUnload(id));
}

/* Configurations CANN refuses with H*W gears (GE's messages). */
static void hw_refusals(void)
{
    static const struct {
        const char *conf, *why;
    } bad[] = {
        {"aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n  crop: true\n"
         "  crop_size_w: 2\n  crop_size_h: 2\n}\n",
         "line 4: When --dynamic_image_size (ge.dynamicImageSize) is set, crop and padding "
         "cannot be set to 'true'"},
        {"aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n  padding: true\n}\n",
         "crop and padding cannot be set to 'true'"},
        {"aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n  src_image_size_w: 8\n"
         "  src_image_size_h: 6\n}\n",
         "line 4: When --dynamic_image_size (ge.dynamicImageSize) is set, src_image_size_w and "
         "src_image_size_h must be set to '0'"},
        {"aipp_op {\n  aipp_mode: dynamic\n  max_src_image_size: 144\n  crop: true\n}\n",
         "crop and padding cannot be set to 'true'"},
        /* YUV420SP takes even sizes: a gear of odd width */
        {"aipp_op {\n  aipp_mode: static\n  input_format: YUV420SP_U8\n}\n",
         "at the H*W gear (2,3): a YUV420SP_U8 source needs an even width and height"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        const char *cfg = write_conf("aipp_hw_bad.cfg", bad[i].conf);
        const char *k[] = {"ge.insertOpFile", "ge.dynamicImageSize", "input_shape"},
                   *v[] = {cfg, i == 4 ? "4,6;2,3" : HW_GEARS, "img:1,-1,-1,3"};
        void *data = NULL;
        uint64_t len = 0;
        CHECK(cpuaclGeBuildModel(image_graph(C), k, v, 3, &data, &len) ==
              50331649u /* ge::GRAPH_PARAM_INVALID */);
        if (!strstr(cpuaclGeErrMsg(), bad[i].why)) {
            fprintf(stderr, "case %zu: \"%s\" lacks \"%s\"\n", i, cpuaclGeErrMsg(), bad[i].why);
            exit(1);
        }
    }
}

/* Static YUV420SP with batch gears: the image input's bytes are 1.5 rows a
 * pixel row ([-1, H * 1.5, W, 1] in V2), which each gear's plan is compiled
 * with (the loader takes the V2 dims). */
static void batch_yuv420sp(const struct ref *r)
{
    const char *cfg = write_conf(
        "aipp_batch_yuv.cfg", "aipp_op {\n  aipp_mode: static\n  input_format: YUV420SP_U8\n"
                              "  src_image_size_w: 4\n  src_image_size_h: 4\n"
                              "  csc_switch: true\n  matrix_r0c0: 298\n  matrix_r0c1: 516\n"
                              "  matrix_r0c2: 0\n  matrix_r1c0: 298\n  matrix_r1c1: -100\n"
                              "  matrix_r1c2: -208\n  matrix_r2c0: 298\n  matrix_r2c1: 0\n"
                              "  matrix_r2c2: 409\n  mean_chn_0: 100\n  mean_chn_1: 110\n"
                              "  mean_chn_2: 120\n  min_chn_1: 0.5\n  var_reci_chn_0: 0.0078125\n"
                              "  var_reci_chn_1: 0.0078125\n  var_reci_chn_2: 0.0078125\n}\n");
    const char *k[] = {"ge.insertOpFile", "ge.dynamicBatchSize", "input_shape"},
               *v[] = {cfg, "1,2", "img:-1,4,4,3"};
    void *data = NULL;
    uint64_t len = 0;
    CHECK(cpuaclGeBuildModel(image_graph(C), k, v, 3, &data, &len) == 0);
    uint32_t id = 0;
    CHECK_OK(aclmdlLoadFromMem(data, len, &id));
    cpuaclGeModelFree(data);
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(d, id));
    aclmdlIODims dims;
    CHECK_OK(aclmdlGetInputDimsV2(d, 0, &dims));
    CHECK(dims.dimCount == 4 && dims.dims[0] == -1 && dims.dims[1] == 6 && dims.dims[2] == 4);
    CHECK(aclmdlGetInputSizeByIndex(d, 0) == 2 * 24);
    struct io in = dataset(d, false), out = dataset(d, true);
    uint8_t img[48];
    fill_image(r, img, 4, 4, 1);
    fill_image(r, img + 24, 4, 4, 2);
    CHECK_OK(aclrtMemcpy(in.mem[0], 48, img, 48, ACL_MEMCPY_HOST_TO_DEVICE));
    for (uint64_t b = 1; b <= 2; b++) {
        CHECK_OK(aclmdlSetDynamicBatchSize(id, in.ds, 1, b));
        CHECK_OK(aclmdlExecute(id, in.ds, out.ds));
        aclFloat16 got[2 * 4 * 4 * C];
        CHECK_OK(aclrtMemcpy(got, sizeof(got), out.mem[0], sizeof(got), ACL_MEMCPY_DEVICE_TO_HOST));
        for (uint64_t n = 0; n < b; n++)
            for (int y = 0; y < 4; y++)
                for (int x = 0; x < 4; x++)
                    for (int c = 0; c < C; c++)
                        CHECK(aclFloat16ToFloat(got[((n * 4 + y) * 4 + x) * C + c]) ==
                              ref_px(r, img + 24 * n, 4, 4, y, x, c));
    }
    dataset_free(&in);
    dataset_free(&out);
    CHECK_OK(aclmdlDestroyDesc(d));
    CHECK_OK(aclmdlUnload(id));
}

static void hw_gears(void)
{
    /* RGB888: RGB -> YUV with the output biases, R and B swapped */
    const struct ref rgb = {
        ACL_RGB888_U8,       1,         1,         {66, 129, 25, -38, -74, 112, 112, -94, -18},
        {16, 128, 128},      {0, 0, 0}, {3, 5, 7}, {0.5f, 0, 1.0f},
        {0.25f, 0.5f, -2.0f}};
    /* YUV420SP: the template's YUV -> RGB matrix and input biases */
    const struct ref yuv = {ACL_YUV420SP_U8,
                            1,
                            0,
                            {298, 516, 0, 298, -100, -208, 298, 0, 409},
                            {0, 0, 0},
                            {16, 128, 128},
                            {100, 110, 120},
                            {0, 0.5f, 0},
                            {0.0078125f, 0.0078125f, 0.0078125f}};
    hw_static(&rgb);
    hw_static(&yuv);
    hw_dynamic(&rgb);
    hw_dynamic(&yuv);
    hw_refusals();
    batch_yuv420sp(&yuv);
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    CHECK(cpuaclGeBuildInitialize(NULL, NULL, 0) == 0);
    dynamic();
    static_yuv400();
    misuse();
    hw_gears();
    cpuaclGeBuildFinalize();
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    puts("mdl_aipp_model: ok");
    return 0;
}
