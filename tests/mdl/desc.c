/* SPDX-License-Identifier: Apache-2.0 */
/* Model descriptions (docs/mdl.md, "Model descriptions"): every getter on an empty description,
 * with NULL arguments, and on descriptions read from crafted model files (a static model with
 * dim ranges, a V2 shape, names too long for aclmdlIODims and operator attributes; batch, H*W and
 * dims gears, the dims gears being the documented example), bad indexes and names; malformed io,
 * gears and op-attrs sections refused with ACL_ERROR_DESERIALIZE_MODEL leaving the description as
 * it was; the library's section encoder giving back the bytes it read; and allocation failure at
 * each allocation of aclmdlGetDescFromMem. */
#include "mdl_test.h"

static char long_in[201], long_out[151];

/* The file of an io section and, when given, gears and op-attrs sections. */
static struct tbuf file_of(const struct tbuf *io, const struct tbuf *gears,
                           const struct tbuf *attrs)
{
    struct tsec s[3];
    size_t n = 0;
    s[n++] = (struct tsec){1, io->b, io->n};
    if (gears)
        s[n++] = (struct tsec){4, gears->b, gears->n};
    if (attrs)
        s[n++] = (struct tsec){6, attrs->b, attrs->n};
    return build_file(s, n, 1, 0);
}

/* Model A: inputs data (static, V2 dims), dyn (a -1 dim with ranges), a long-named one;
 * outputs prob and a long-named one. */
static struct tbuf io_a(void)
{
    static const int64_t data[4] = {1, 3, 4, 4}, v2[4] = {1, 6, 4, 1}, dyn[2] = {-1, 8},
                         two[1] = {2}, prob[2] = {1, 10}, five[1] = {5};
    static const int64_t ranges[2][2] = {{1, 4}, {8, 8}};
    struct tbuf t = {0};
    tb_u32(&t, 3);
    tb_u32(&t, 2);
    io_tensor(&t, "data", ACL_UINT8, ACL_FORMAT_NHWC, 48, 4, data, 0, NULL, 4, v2);
    io_tensor(&t, "dyn", ACL_FLOAT16, ACL_FORMAT_ND, 0, 2, dyn, 2, ranges, 0, NULL);
    io_tensor(&t, long_in, ACL_INT64, ACL_FORMAT_ND, 16, 1, two, 0, NULL, 0, NULL);
    io_tensor(&t, "prob", ACL_FLOAT, ACL_FORMAT_NCHW, 40, 2, prob, 0, NULL, 0, NULL);
    io_tensor(&t, long_out, ACL_INT32, ACL_FORMAT_ND, 20, 1, five, 0, NULL, 0, NULL);
    return t;
}

static struct tbuf attrs_a(void)
{
    struct tbuf t = {0};
    tb_u32(&t, 2);
    tb_str(&t, "conv1");
    tb_str(&t, ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES);
    tb_str(&t, "conv1_a,conv1_b");
    tb_str(&t, "relu");
    tb_str(&t, "other");
    tb_str(&t, "x");
    return t;
}

static struct tbuf gears(uint32_t kind, uint32_t count, uint32_t width, const uint64_t *v)
{
    struct tbuf t = {0};
    tb_u32(&t, kind);
    tb_u32(&t, count);
    tb_u32(&t, width);
    tb_u32(&t, 0);
    for (uint32_t i = 0; i < count * width; i++)
        tb_u64(&t, v[i]);
    return t;
}

static aclmdlDesc *desc_of(const struct tbuf *f)
{
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK(d);
    CHECK_OK(aclmdlGetDescFromMem(d, f->b, f->n));
    return d;
}

static void check_dims(const aclmdlIODims *d, const char *name, size_t n, const int64_t *v)
{
    CHECK(!strcmp(d->name, name));
    CHECK(d->dimCount == n);
    for (size_t i = 0; i < n; i++)
        CHECK(d->dims[i] == v[i]);
}

static void empty_and_null(void)
{
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK(d);
    aclmdlIODims dims;
    aclmdlIODimsRange range;
    aclmdlBatch batch;
    aclmdlHW hw;
    size_t index, count;
    CHECK(aclmdlGetNumInputs(d) == 0 && aclmdlGetNumOutputs(d) == 0);
    CHECK_CLEAN();
    CHECK(aclmdlGetInputSizeByIndex(d, 0) == 0);
    CHECK_RECORDED("aclmdlGetInputSizeByIndex");
    CHECK(aclmdlGetOutputSizeByIndex(d, 0) == 0);
    CHECK_RECORDED("aclmdlGetOutputSizeByIndex");
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDims", aclmdlGetInputDims(d, 0, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDimsV2", aclmdlGetInputDimsV2(d, 0, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetOutputDims", aclmdlGetOutputDims(d, 0, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetCurOutputDims",
               aclmdlGetCurOutputDims(d, 0, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDimsRange",
               aclmdlGetInputDimsRange(d, 0, &range));
    CHECK(!strcmp(aclmdlGetInputNameByIndex(d, 0), ""));
    CHECK_RECORDED("aclmdlGetInputNameByIndex");
    CHECK(!strcmp(aclmdlGetOutputNameByIndex(d, 0), ""));
    CHECK_RECORDED("aclmdlGetOutputNameByIndex");
    CHECK(aclmdlGetInputFormat(d, 0) == ACL_FORMAT_UNDEFINED);
    CHECK_RECORDED("aclmdlGetInputFormat");
    CHECK(aclmdlGetOutputFormat(d, 0) == ACL_FORMAT_UNDEFINED);
    CHECK(aclmdlGetInputDataType(d, 0) == ACL_DT_UNDEFINED);
    CHECK_RECORDED("aclmdlGetInputDataType");
    CHECK(aclmdlGetOutputDataType(d, 0) == ACL_DT_UNDEFINED);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputIndexByName",
               aclmdlGetInputIndexByName(d, "x", &index));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetOutputIndexByName",
               aclmdlGetOutputIndexByName(d, "x", &index));
    batch.batchCount = hw.hwCount = count = 99;
    CHECK_OK(aclmdlGetDynamicBatch(d, &batch));
    CHECK_OK(aclmdlGetDynamicHW(d, (size_t)-1, &hw));
    CHECK_OK(aclmdlGetInputDynamicGearCount(d, (size_t)-1, &count));
    CHECK(batch.batchCount == 0 && hw.hwCount == 0 && count == 0);
    CHECK_OK(aclmdlGetInputDynamicDims(d, (size_t)-1, &dims, 0));
    CHECK(aclmdlGetOpAttr(d, "op", ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES) == NULL);
    CHECK(aclmdlGetTensorRealName(d, "x") == NULL);
    CHECK_RECORDED("aclmdlGetTensorRealName");

    /* NULL descriptions and outputs. */
    CHECK(aclmdlGetNumInputs(NULL) == 0);
    CHECK_RECORDED("aclmdlGetNumInputs");
    CHECK(aclmdlGetNumOutputs(NULL) == 0);
    CHECK_RECORDED("aclmdlGetNumOutputs");
    CHECK(aclmdlGetInputSizeByIndex(NULL, 0) == 0);
    CHECK_RECORDED("aclmdlGetInputSizeByIndex");
    CHECK(aclmdlGetOutputSizeByIndex(NULL, 0) == 0);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDims", aclmdlGetInputDims(NULL, 0, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDims", aclmdlGetInputDims(d, 0, NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDimsV2",
               aclmdlGetInputDimsV2(NULL, 0, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetOutputDims", aclmdlGetOutputDims(d, 0, NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetCurOutputDims",
               aclmdlGetCurOutputDims(NULL, 0, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDimsRange",
               aclmdlGetInputDimsRange(d, 0, NULL));
    CHECK(!strcmp(aclmdlGetInputNameByIndex(NULL, 0), ""));
    CHECK_RECORDED("aclmdlGetInputNameByIndex");
    CHECK(aclmdlGetOutputFormat(NULL, 0) == ACL_FORMAT_UNDEFINED);
    CHECK_RECORDED("aclmdlGetOutputFormat");
    CHECK(aclmdlGetOutputDataType(NULL, 0) == ACL_DT_UNDEFINED);
    CHECK_RECORDED("aclmdlGetOutputDataType");
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputIndexByName",
               aclmdlGetInputIndexByName(d, NULL, &index));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputIndexByName",
               aclmdlGetInputIndexByName(d, "x", NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetOutputIndexByName",
               aclmdlGetOutputIndexByName(NULL, "x", &index));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetDynamicBatch", aclmdlGetDynamicBatch(d, NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetDynamicHW",
               aclmdlGetDynamicHW(NULL, (size_t)-1, &hw));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDynamicGearCount",
               aclmdlGetInputDynamicGearCount(d, (size_t)-1, NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDynamicGearCount",
               aclmdlGetInputDynamicGearCount(d, 0, &count));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDynamicDims",
               aclmdlGetInputDynamicDims(d, (size_t)-1, NULL, 1));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDynamicDims",
               aclmdlGetInputDynamicDims(d, 0, &dims, 1));
    CHECK(aclmdlGetOpAttr(NULL, "op", ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES) == NULL);
    CHECK_RECORDED("aclmdlGetOpAttr");
    CHECK(aclmdlGetOpAttr(d, NULL, ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES) == NULL);
    CHECK_RECORDED("aclmdlGetOpAttr");
    CHECK(aclmdlGetOpAttr(d, "op", NULL) == NULL);
    CHECK_RECORDED("aclmdlGetOpAttr");
    CHECK(aclmdlGetTensorRealName(NULL, "x") == NULL);
    CHECK_RECORDED("aclmdlGetTensorRealName");
    CHECK(aclmdlGetTensorRealName(d, NULL) == NULL);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetDescFromMem", aclmdlGetDescFromMem(NULL, "x", 1));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetDescFromMem", aclmdlGetDescFromMem(d, NULL, 1));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetDescFromMem", aclmdlGetDescFromMem(d, "x", 0));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyDesc", aclmdlDestroyDesc(NULL));
    CHECK_OK(aclmdlDestroyDesc(d));
}

static void model_a(void)
{
    struct tbuf io = io_a(), at = attrs_a();
    struct tbuf f = file_of(&io, NULL, &at);
    aclmdlDesc *d = desc_of(&f);
    aclmdlIODims dims;
    aclmdlIODimsRange range;
    size_t index;
    CHECK(aclmdlGetNumInputs(d) == 3 && aclmdlGetNumOutputs(d) == 2);
    CHECK(aclmdlGetInputSizeByIndex(d, 0) == 48);
    CHECK(aclmdlGetInputSizeByIndex(d, 1) == 2 * 4 * 8); /* fp16 at the ranges' maxima */
    CHECK(aclmdlGetInputSizeByIndex(d, 2) == 16);
    CHECK(aclmdlGetInputSizeByIndex(d, 3) == 0);
    CHECK_RECORDED("aclmdlGetInputSizeByIndex");
    CHECK(aclmdlGetOutputSizeByIndex(d, 0) == 40 && aclmdlGetOutputSizeByIndex(d, 1) == 20);
    CHECK(aclmdlGetOutputSizeByIndex(d, 2) == 0);
    CHECK_RECORDED("aclmdlGetOutputSizeByIndex");

    static const int64_t data[4] = {1, 3, 4, 4}, v2[4] = {1, 6, 4, 1}, dyn[2] = {-1, 8},
                         two[1] = {2}, prob[2] = {1, 10}, five[1] = {5};
    CHECK_OK(aclmdlGetInputDims(d, 0, &dims));
    check_dims(&dims, "data", 4, data);
    CHECK_OK(aclmdlGetInputDimsV2(d, 0, &dims));
    check_dims(&dims, "data", 4, v2);
    CHECK_OK(aclmdlGetInputDimsV2(d, 1, &dims));
    check_dims(&dims, "dyn", 2, dyn);
    CHECK_OK(aclmdlGetInputDims(d, 2, &dims));
    check_dims(&dims, "acl_modelId_0_input_2", 1, two);
    CHECK_OK(aclmdlGetOutputDims(d, 0, &dims));
    check_dims(&dims, "prob", 2, prob);
    CHECK_OK(aclmdlGetOutputDims(d, 1, &dims));
    check_dims(&dims, "acl_modelId_0_output_1", 1, five);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDims", aclmdlGetInputDims(d, 3, &dims));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetOutputDims", aclmdlGetOutputDims(d, 2, &dims));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, "aclmdlGetCurOutputDims", "not of a loaded model",
                   aclmdlGetCurOutputDims(d, 0, &dims));

    CHECK_OK(aclmdlGetInputDimsRange(d, 0, &range));
    CHECK(range.rangeCount == 4 && range.range[1][0] == 3 && range.range[1][1] == 3);
    CHECK_OK(aclmdlGetInputDimsRange(d, 1, &range));
    CHECK(range.rangeCount == 2 && range.range[0][0] == 1 && range.range[0][1] == 4 &&
          range.range[1][0] == 8 && range.range[1][1] == 8);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDimsRange",
               aclmdlGetInputDimsRange(d, 3, &range));

    CHECK(!strcmp(aclmdlGetInputNameByIndex(d, 1), "dyn"));
    CHECK(!strcmp(aclmdlGetInputNameByIndex(d, 2), long_in)); /* the real name here */
    CHECK(!strcmp(aclmdlGetOutputNameByIndex(d, 1), long_out));
    CHECK(!strcmp(aclmdlGetOutputNameByIndex(d, 2), ""));
    CHECK_RECORDED("aclmdlGetOutputNameByIndex");
    CHECK(aclmdlGetInputFormat(d, 0) == ACL_FORMAT_NHWC);
    CHECK(aclmdlGetOutputFormat(d, 0) == ACL_FORMAT_NCHW);
    CHECK(aclmdlGetInputDataType(d, 1) == ACL_FLOAT16);
    CHECK(aclmdlGetOutputDataType(d, 1) == ACL_INT32);
    CHECK(aclmdlGetInputFormat(d, 3) == ACL_FORMAT_UNDEFINED);
    CHECK_RECORDED("aclmdlGetInputFormat");
    CHECK(aclmdlGetOutputDataType(d, 2) == ACL_DT_UNDEFINED);
    CHECK_RECORDED("aclmdlGetOutputDataType");

    CHECK_OK(aclmdlGetInputIndexByName(d, "dyn", &index));
    CHECK(index == 1);
    CHECK_OK(aclmdlGetInputIndexByName(d, long_in, &index));
    CHECK(index == 2);
    CHECK_OK(aclmdlGetInputIndexByName(d, "acl_modelId_0_input_2", &index));
    CHECK(index == 2);
    CHECK_OK(aclmdlGetOutputIndexByName(d, "acl_modelId_0_output_1", &index));
    CHECK(index == 1);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputIndexByName",
               aclmdlGetInputIndexByName(d, "prob", &index)); /* an output, not an input */
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetOutputIndexByName",
               aclmdlGetOutputIndexByName(d, "acl_modelId_0_input_2", &index));
    CHECK(!strcmp(aclmdlGetTensorRealName(d, "acl_modelId_0_input_2"), long_in));
    CHECK(!strcmp(aclmdlGetTensorRealName(d, "acl_modelId_0_output_1"), long_out));
    CHECK(!strcmp(aclmdlGetTensorRealName(d, "prob"), "prob"));
    CHECK(aclmdlGetTensorRealName(d, "acl_modelId_0_input_0") == NULL); /* data fits: no alias */
    CHECK_RECORDED("aclmdlGetTensorRealName");

    CHECK(!strcmp(aclmdlGetOpAttr(d, "conv1", ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES),
                  "conv1_a,conv1_b"));
    CHECK(aclmdlGetOpAttr(d, "relu", "other") == NULL); /* only the documented attribute */
    CHECK_RECORDED("aclmdlGetOpAttr");
    CHECK(aclmdlGetOpAttr(d, "pool", ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES) == NULL);

    /* No gears: none reported, ranges answered. */
    aclmdlBatch batch;
    CHECK_OK(aclmdlGetDynamicBatch(d, &batch));
    CHECK(batch.batchCount == 0);

    /* The encoder gives back the sections read. */
    size_t len = 0;
    CHECK_OK(cpuaclTestModelDescEncode(d, 1, NULL, 0, &len));
    CHECK(len == io.n);
    unsigned char *enc = malloc(len);
    CHECK_OK(cpuaclTestModelDescEncode(d, 1, enc, len, &len));
    CHECK(!memcmp(enc, io.b, io.n));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "cpuaclTestModelDescEncode",
               cpuaclTestModelDescEncode(d, 1, enc, len - 1, &len));
    free(enc);
    CHECK_OK(cpuaclTestModelDescEncode(d, 6, NULL, 0, &len));
    CHECK(len == at.n);
    enc = malloc(len);
    CHECK_OK(cpuaclTestModelDescEncode(d, 6, enc, len, &len));
    CHECK(!memcmp(enc, at.b, at.n));
    free(enc);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "cpuaclTestModelDescEncode",
               cpuaclTestModelDescEncode(d, 3, NULL, 0, &len));

    /* Reading another model replaces everything. */
    struct tbuf io2 = {0};
    tb_u32(&io2, 0);
    tb_u32(&io2, 1);
    io_tensor(&io2, "only", ACL_INT8, ACL_FORMAT_ND, 1, 1, two, 0, NULL, 0, NULL);
    struct tbuf f2 = file_of(&io2, NULL, NULL);
    CHECK_OK(aclmdlGetDescFromMem(d, f2.b, f2.n));
    CHECK(aclmdlGetNumInputs(d) == 0 && aclmdlGetNumOutputs(d) == 1);
    CHECK(aclmdlGetOpAttr(d, "conv1", ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES) == NULL);
    CHECK_OK(aclmdlDestroyDesc(d));
    free(io2.b);
    free(f2.b);
    free(io.b);
    free(at.b);
    free(f.b);
}

static void gear_models(void)
{
    static const int64_t data_b[4] = {-1, 3, 2, 2}, one[1] = {1}, data_hw[4] = {1, 3, -1, -1};
    static const int64_t d_data[4] = {1, 1, 40, -1}, d_label[2] = {1, -1}, d_mask[2] = {-1, -1};
    aclmdlIODimsRange range;
    size_t index, count;

    /* Batch gears 1, 2, 4 with the added shape input. */
    struct tbuf io = {0};
    tb_u32(&io, 2);
    tb_u32(&io, 0);
    io_tensor(&io, "data", ACL_FLOAT, ACL_FORMAT_NCHW, 4 * 48, 4, data_b, 0, NULL, 0, NULL);
    io_tensor(&io, ACL_DYNAMIC_TENSOR_NAME, ACL_INT64, ACL_FORMAT_ND, 8, 1, one, 0, NULL, 0, NULL);
    const uint64_t b[3] = {1, 2, 4};
    struct tbuf g = gears(1, 3, 1, b);
    struct tbuf f = file_of(&io, &g, NULL);
    aclmdlDesc *d = desc_of(&f);
    aclmdlBatch batch;
    aclmdlHW hw;
    CHECK_OK(aclmdlGetDynamicBatch(d, &batch));
    CHECK(batch.batchCount == 3 && batch.batch[0] == 1 && batch.batch[1] == 2 &&
          batch.batch[2] == 4);
    CHECK_OK(aclmdlGetDynamicHW(d, (size_t)-1, &hw));
    CHECK(hw.hwCount == 0);
    CHECK_OK(aclmdlGetInputDynamicGearCount(d, (size_t)-1, &count));
    CHECK(count == 0);
    CHECK_OK(aclmdlGetInputDimsRange(d, 0, &range));
    CHECK(range.rangeCount == 0); /* a gear model reports gears, not ranges */
    CHECK_OK(aclmdlGetInputIndexByName(d, ACL_DYNAMIC_TENSOR_NAME, &index));
    CHECK(index == 1);
    CHECK(aclmdlGetInputSizeByIndex(d, 0) == 4 * 48);
    size_t len;
    unsigned char enc[256];
    CHECK_OK(cpuaclTestModelDescEncode(d, 4, enc, sizeof(enc), &len));
    CHECK(len == g.n && !memcmp(enc, g.b, g.n));
    aclmdlDestroyDesc(d);
    free(io.b), free(g.b), free(f.b);

    /* H*W gears. */
    io = (struct tbuf){0};
    tb_u32(&io, 1);
    tb_u32(&io, 0);
    io_tensor(&io, "img", ACL_FLOAT, ACL_FORMAT_NCHW, 3 * 448 * 448 * 4, 4, data_hw, 0, NULL, 0,
              NULL);
    const uint64_t hwv[4] = {224, 224, 448, 320};
    g = gears(2, 2, 2, hwv);
    f = file_of(&io, &g, NULL);
    d = desc_of(&f);
    CHECK_OK(aclmdlGetDynamicHW(d, (size_t)-1, &hw));
    CHECK(hw.hwCount == 2 && hw.hw[0][0] == 224 && hw.hw[0][1] == 224 && hw.hw[1][0] == 448 &&
          hw.hw[1][1] == 320);
    CHECK_OK(aclmdlGetDynamicBatch(d, &batch));
    CHECK(batch.batchCount == 0);
    aclmdlDestroyDesc(d);
    free(io.b), free(g.b), free(f.b);

    /* Dims gears: the documented example, data:1,1,40,-1;label:1,-1;mask:-1,-1 with gears
     * 20,20,1,1;40,40,2,2;80,60,4,4, plus the added shape input (not part of the dims). */
    io = (struct tbuf){0};
    tb_u32(&io, 4);
    tb_u32(&io, 0);
    io_tensor(&io, "data", ACL_FLOAT, ACL_FORMAT_ND, 0, 4, d_data, 0, NULL, 0, NULL);
    io_tensor(&io, "label", ACL_FLOAT, ACL_FORMAT_ND, 0, 2, d_label, 0, NULL, 0, NULL);
    io_tensor(&io, ACL_DYNAMIC_TENSOR_NAME, ACL_INT64, ACL_FORMAT_ND, 32, 1, one, 0, NULL, 0, NULL);
    io_tensor(&io, "mask", ACL_FLOAT, ACL_FORMAT_ND, 0, 2, d_mask, 0, NULL, 0, NULL);
    const uint64_t dv[12] = {20, 20, 1, 1, 40, 40, 2, 2, 80, 60, 4, 4};
    g = gears(3, 3, 4, dv);
    f = file_of(&io, &g, NULL);
    d = desc_of(&f);
    CHECK_OK(aclmdlGetInputDynamicGearCount(d, (size_t)-1, &count));
    CHECK(count == 3);
    aclmdlIODims dims[3];
    CHECK_OK(aclmdlGetInputDynamicDims(d, (size_t)-1, dims, 3));
    static const int64_t g0[8] = {1, 1, 40, 20, 1, 20, 1, 1}, g2[8] = {1, 1, 40, 80, 1, 60, 4, 4};
    check_dims(&dims[0], "", 8, g0);
    check_dims(&dims[2], "", 8, g2);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDynamicDims",
               aclmdlGetInputDynamicDims(d, (size_t)-1, dims, 2));
    CHECK_OK(aclmdlGetDynamicBatch(d, &batch));
    CHECK(batch.batchCount == 0);
    aclmdlDestroyDesc(d);
    free(g.b), free(f.b);

    /* Gears unlike the inputs are a corrupt file: a dims gear of 3 values for 4 -1 dims, batch
     * gears of width 2, a value of 0, more than 128 gears, a length unlike the header's. */
    aclmdlDesc *keep = aclmdlCreateDesc();
    struct tbuf bad[5] = {gears(3, 1, 3, dv), gears(1, 2, 2, dv), gears(1, 1, 1, (uint64_t[]){0}),
                          gears(1, 129, 1, (uint64_t[129]){1}), gears(1, 1, 1, dv)};
    bad[4].n -= 1;
    for (int i = 0; i < 5; i++) {
        f = file_of(&io, &bad[i], NULL);
        CHECK_FAIL_MSG(ACL_ERROR_DESERIALIZE_MODEL, "aclmdlGetDescFromMem", "(gears)",
                       aclmdlGetDescFromMem(keep, f.b, f.n));
        CHECK(aclmdlGetNumInputs(keep) == 0);
        free(bad[i].b), free(f.b);
    }
    aclmdlDestroyDesc(keep);
    free(io.b);
}

static void malformed(void)
{
    static const int64_t dims[1] = {3};
    struct tbuf good = io_a(), gf = file_of(&good, NULL, NULL);
    aclmdlDesc *d = desc_of(&gf); /* what a refused file must leave */
    struct tbuf io[6] = {{0}};
    /* 0: trailing bytes; 1: cut short; 2: 129 dims; 3: ranges unlike the dims; 4: a NUL inside a
     * name; 5: counts larger than the section holds. */
    for (int i = 0; i < 6; i++) {
        tb_u32(&io[i], i == 5 ? 1000000 : 1);
        tb_u32(&io[i], 0);
    }
    io_tensor(&io[0], "a", ACL_FLOAT, ACL_FORMAT_ND, 12, 1, dims, 0, NULL, 0, NULL);
    tb_u32(&io[0], 0);
    io_tensor(&io[1], "a", ACL_FLOAT, ACL_FORMAT_ND, 12, 1, dims, 0, NULL, 0, NULL);
    io[1].n -= 3;
    int64_t many[129] = {0};
    io_tensor(&io[2], "a", ACL_FLOAT, ACL_FORMAT_ND, 12, 129, many, 0, NULL, 0, NULL);
    io_tensor(&io[3], "a", ACL_FLOAT, ACL_FORMAT_ND, 12, 1, dims, 2,
              (const int64_t[2][2]){{1, 2}, {3, 4}}, 0, NULL);
    tb_u32(&io[4], 3);
    tb_bytes(&io[4], "a\0b", 3);
    io_tensor(&io[5], "a", ACL_FLOAT, ACL_FORMAT_ND, 12, 1, dims, 0, NULL, 0, NULL);
    for (int i = 0; i < 6; i++) {
        struct tbuf f = file_of(&io[i], NULL, NULL);
        CHECK_FAIL_MSG(ACL_ERROR_DESERIALIZE_MODEL, "aclmdlGetDescFromMem", "(io)",
                       aclmdlGetDescFromMem(d, f.b, f.n));
        CHECK(aclmdlGetNumInputs(d) == 3 && aclmdlGetNumOutputs(d) == 2);
        free(io[i].b), free(f.b);
    }
    /* Op attributes: a short string, trailing bytes. */
    struct tbuf at[2] = {attrs_a(), attrs_a()};
    at[0].n -= 1;
    tb_u32(&at[1], 0);
    for (int i = 0; i < 2; i++) {
        struct tbuf f = file_of(&good, NULL, &at[i]);
        CHECK_FAIL_MSG(ACL_ERROR_DESERIALIZE_MODEL, "aclmdlGetDescFromMem", "(op-attrs)",
                       aclmdlGetDescFromMem(d, f.b, f.n));
        free(at[i].b), free(f.b);
    }
    CHECK(!strcmp(aclmdlGetInputNameByIndex(d, 1), "dyn"));
    aclmdlDestroyDesc(d);
    free(good.b), free(gf.b);
}

/* Allocation failure at each allocation of aclmdlGetDescFromMem and of aclmdlCreateDesc. */
static void alloc_failures(void)
{
    struct tbuf io = io_a(), at = attrs_a();
    struct tbuf f = file_of(&io, NULL, &at);
    aclmdlDesc *d = aclmdlCreateDesc();
    int failures;
    FAIL_EACH(&failures, "aclmdlGetDescFromMem", aclmdlGetDescFromMem(d, f.b, f.n),
              aclmdlGetNumInputs(d) == 0); /* unchanged: still empty */
    CHECK(failures > 10);
    CHECK(aclmdlGetNumInputs(d) == 3);
    cpuaclTestFailAlloc(0);
    CHECK(aclmdlCreateDesc() == NULL);
    cpuaclTestFailAlloc(-1);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_BAD_ALLOC);
    aclmdlDestroyDesc(d);
    free(io.b), free(at.b), free(f.b);
}

int main(void)
{
    memset(long_in, 'i', sizeof(long_in) - 1);
    memset(long_out, 'o', sizeof(long_out) - 1);
    /* Descriptions need no aclInit; failures are injected before it, while no runtime thread
     * allocates. */
    empty_and_null();
    model_a();
    gear_models();
    malformed();
    alloc_failures();
    TEST_OPEN();
    empty_and_null();
    model_a();
    gear_models();
    TEST_CLOSE();
    printf("mdl_desc: ok\n");
    return 0;
}
