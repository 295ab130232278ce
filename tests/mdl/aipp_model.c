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
 * each other) and H*W gears refused, a max_src_image_size that is not a
 * multiple of the largest batch gear, a parameter set whose crop leaves the
 * source. AIPP with batch gears runs in tests/python/test_aipp_model.py. */
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
    void *mem[2];
};

static struct io dataset(aclmdlDesc *d, bool out)
{
    struct io r = {aclmdlCreateDataset(), {NULL, NULL}};
    size_t n = out ? aclmdlGetNumOutputs(d) : aclmdlGetNumInputs(d);
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
    /* CANN: AIPP and dynamic dims exclude each other; H*W gears with AIPP: not built */
    const char *k[] = {"ge.insertOpFile", "ge.dynamicDims", "input_format", "input_shape"},
               *v[] = {cfg, "2;4", "ND", "img:1,4,-1,3"};
    CHECK(cpuaclGeBuildModel(image_graph(C), k, v, 4, &data, &len) != 0);
    CHECK(strstr(cpuaclGeErrMsg(), "AIPP and dynamic dims exclude each other"));
    const char *k2[] = {"ge.insertOpFile", "ge.dynamicImageSize", "input_shape"},
               *v2[] = {cfg, "4,4;2,2", "img:1,-1,-1,3"};
    CHECK(cpuaclGeBuildModel(image_graph(C), k2, v2, 3, &data, &len) != 0);
    CHECK(strstr(cpuaclGeErrMsg(), "dynamic H*W gears"));
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

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    CHECK(cpuaclGeBuildInitialize(NULL, NULL, 0) == 0);
    dynamic();
    static_yuv400();
    misuse();
    cpuaclGeBuildFinalize();
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    puts("mdl_aipp_model: ok");
    return 0;
}
