/* SPDX-License-Identifier: Apache-2.0 */
/* The tensor-description calls of acl/acl_base.h (docs/runtime.md, "Tensor descriptions"):
 * every call, its error rows, unknown dims and rank, shape and value ranges, the name and the
 * dynamic-input name, const data (copied), storage and original shape and format, placement,
 * aclTransTensorDescFormat's conversions, and allocation failure at each allocation. Data
 * buffers too (create, update, getters). */
#include "acltest.h"

#include "cpuacl/cpuacl_test.h"

/* A call returning no aclError left `want` as the last error, with a message naming fn. */
#define CHECK_LAST(want, fn)                                                                       \
    do {                                                                                           \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == (aclError)(want));                         \
        CHECK(m_ &&strstr(m_, fn));                                                                \
    } while (0)

/* No error was recorded since the last check. */
#define CHECK_CLEAN() CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS)

static void null_rows(void)
{
    int64_t v = 7, range[1][2] = {{1, 2}};
    CHECK(aclGetTensorDescType(NULL) == ACL_DT_UNDEFINED);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescType");
    CHECK(aclGetTensorDescFormat(NULL) == ACL_FORMAT_UNDEFINED);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescFormat");
    CHECK(aclGetTensorDescSize(NULL) == 0);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescSize");
    CHECK(aclGetTensorDescElementCount(NULL) == 0);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescElementCount");
    CHECK(aclGetTensorDescNumDims(NULL) == 0);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescNumDims");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK(aclGetTensorDescDim(NULL, 0) == -1);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDim");
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorStorageFormat(NULL, ACL_FORMAT_ND));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorStorageShape(NULL, 1, &v));
#pragma GCC diagnostic pop
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimV2(NULL, 0, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimRange(NULL, 0, 2, range[0]));
    aclSetTensorDescName(NULL, "x");
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclSetTensorDescName");
    CHECK(strcmp(aclGetTensorDescName(NULL), "") == 0);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescName");
    aclTensorDesc *out = (aclTensorDesc *)&v;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclTransTensorDescFormat(NULL, ACL_FORMAT_NHWC, &out));
    CHECK(out == (aclTensorDesc *)&v); /* untouched */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorFormat(NULL, ACL_FORMAT_ND));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorShape(NULL, 1, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorOriginFormat(NULL, ACL_FORMAT_ND));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorOriginShape(NULL, 1, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorShapeRange(NULL, 1, range));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorValueRange(NULL, 1, range));
    CHECK(aclGetTensorDescByIndex(NULL, 0) == NULL);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescByIndex");
    CHECK(aclGetTensorDescAddress(NULL) == NULL);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescAddress");
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorDynamicInput(NULL, "x"));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorConst(NULL, &v, sizeof(v)));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorPlaceMent(NULL, ACL_MEMTYPE_HOST));
    aclDestroyTensorDesc(NULL);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclDestroyTensorDesc");
}

static void create_rows(void)
{
    int64_t dims[3] = {2, 3, 4};
    /* numDims < 0, dims NULL with numDims > 0: NULL and INVALID_PARAM. */
    CHECK(aclCreateTensorDesc(ACL_FLOAT, -1, dims, ACL_FORMAT_ND) == NULL);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclCreateTensorDesc");
    CHECK(aclCreateTensorDesc(ACL_FLOAT, 2, NULL, ACL_FORMAT_ND) == NULL);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclCreateTensorDesc");

    /* A scalar: no dims (NULL allowed), one element. */
    aclTensorDesc *s = aclCreateTensorDesc(ACL_INT64, 0, NULL, ACL_FORMAT_ND);
    CHECK(s);
    CHECK(aclGetTensorDescNumDims(s) == 0);
    CHECK(aclGetTensorDescElementCount(s) == 1);
    CHECK(aclGetTensorDescSize(s) == 8);
    aclDestroyTensorDesc(s);

    /* A static shape; the dims are copied. */
    aclTensorDesc *d = aclCreateTensorDesc(ACL_FLOAT16, 3, dims, ACL_FORMAT_NCHW);
    CHECK(d);
    dims[0] = 99;
    CHECK(aclGetTensorDescType(d) == ACL_FLOAT16);
    CHECK(aclGetTensorDescFormat(d) == ACL_FORMAT_NCHW);
    CHECK(aclGetTensorDescNumDims(d) == 3);
    CHECK(aclGetTensorDescElementCount(d) == 24);
    CHECK(aclGetTensorDescSize(d) == 48);
    int64_t v = 0;
    CHECK_OK(aclGetTensorDescDimV2(d, 0, &v));
    CHECK(v == 2);
    CHECK_OK(aclGetTensorDescDimV2(d, 2, &v));
    CHECK(v == 4);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimV2(d, 3, &v));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimV2(d, 0, NULL));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK(aclGetTensorDescDim(d, 1) == 3);
    CHECK_CLEAN();
    CHECK(aclGetTensorDescDim(d, 3) == -1);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDim");
#pragma GCC diagnostic pop
    CHECK(strcmp(aclGetTensorDescName(d), "") == 0);
    CHECK(aclGetTensorDescAddress(d) == NULL); /* no runtime call fills it in */
    CHECK_CLEAN();
    /* A single description is an array of one. */
    CHECK(aclGetTensorDescByIndex(d, 0) == d);
    CHECK(aclGetTensorDescByIndex(d, 1) == NULL);
    CHECK_LAST(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescByIndex");

    /* Element sizes: a type without one (STRING) gives size 0; a dim of 0 gives 0 elements. */
    int64_t zero[2] = {5, 0};
    aclTensorDesc *z = aclCreateTensorDesc(ACL_STRING, 1, dims + 1, ACL_FORMAT_ND);
    CHECK(aclGetTensorDescElementCount(z) == 3 && aclGetTensorDescSize(z) == 0);
    aclDestroyTensorDesc(z);
    z = aclCreateTensorDesc(ACL_FLOAT, 2, zero, ACL_FORMAT_ND);
    CHECK(aclGetTensorDescElementCount(z) == 0 && aclGetTensorDescSize(z) == 0);
    aclDestroyTensorDesc(z);
    /* Overflow: 0, not a wrapped count. */
    int64_t huge[3] = {INT64_MAX, INT64_MAX, 2};
    z = aclCreateTensorDesc(ACL_FLOAT, 3, huge, ACL_FORMAT_ND);
    CHECK(aclGetTensorDescElementCount(z) == 0 && aclGetTensorDescSize(z) == 0);
    aclDestroyTensorDesc(z);
    int64_t big[1] = {(int64_t)(SIZE_MAX / 2)};
    z = aclCreateTensorDesc(ACL_FLOAT, 1, big, ACL_FORMAT_ND);
    CHECK(aclGetTensorDescElementCount(z) == SIZE_MAX / 2 && aclGetTensorDescSize(z) == 0);
    aclDestroyTensorDesc(z);
    aclDestroyTensorDesc(d);
    CHECK_CLEAN();
}

static void unknown_and_ranges(void)
{
    /* -1: an unknown dim; counts and sizes are 0, the dim reads -1. */
    int64_t dims[4] = {16, -1, 20, -1};
    aclTensorDesc *d = aclCreateTensorDesc(ACL_FLOAT, 4, dims, ACL_FORMAT_ND);
    CHECK(aclGetTensorDescNumDims(d) == 4);
    CHECK(aclGetTensorDescElementCount(d) == 0);
    CHECK(aclGetTensorDescSize(d) == 0);
    int64_t v;
    CHECK_OK(aclGetTensorDescDimV2(d, 1, &v));
    CHECK(v == -1);
    CHECK_CLEAN();

    /* Shape range: none yet, then four pairs (copied), then replaced by fewer. */
    int64_t r[2];
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimRange(d, 0, 2, r));
    int64_t range[4][ACL_TENSOR_SHAPE_RANGE_NUM] = {{16, 16}, {1, 128}, {20, 20}, {1, 10}};
    CHECK_OK(aclSetTensorShapeRange(d, 4, range));
    range[1][1] = 0;
    CHECK_OK(aclGetTensorDescDimRange(d, 1, 2, r));
    CHECK(r[0] == 1 && r[1] == 128);
    int64_t r3[3] = {7, 7, 7};
    CHECK_OK(aclGetTensorDescDimRange(d, 3, 3, r3));
    CHECK(r3[0] == 1 && r3[1] == 10 && r3[2] == 7);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimRange(d, 4, 2, r));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimRange(d, 0, 1, r));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimRange(d, 0, 2, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorShapeRange(d, 1, NULL));
    CHECK_OK(aclSetTensorShapeRange(d, 1, range));
    CHECK_OK(aclGetTensorDescDimRange(d, 0, 2, r));
    CHECK(r[0] == 16 && r[1] == 16);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimRange(d, 1, 2, r));
    CHECK_OK(aclSetTensorShapeRange(d, 0, NULL)); /* cleared */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclGetTensorDescDimRange(d, 0, 2, r));

    /* Value range: accepted and replaced the same way. */
    int64_t values[2][ACL_TENSOR_VALUE_RANGE_NUM] = {{0, 5}, {-3, 3}};
    CHECK_OK(aclSetTensorValueRange(d, 2, values));
    CHECK_OK(aclSetTensorValueRange(d, 0, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorValueRange(d, 2, NULL));
    aclDestroyTensorDesc(d);

    /* -2: unknown rank. */
    int64_t rank[1] = {-2};
    d = aclCreateTensorDesc(ACL_FLOAT, 1, rank, ACL_FORMAT_ND);
    CHECK(aclGetTensorDescNumDims(d) == (size_t)ACL_UNKNOWN_RANK);
    CHECK(ACL_UNKNOWN_RANK == 0xFFFFFFFFFFFFFFFEull);
    CHECK(aclGetTensorDescElementCount(d) == 0 && aclGetTensorDescSize(d) == 0);
    CHECK_OK(aclGetTensorDescDimV2(d, 0, &v));
    CHECK(v == -2);
    aclDestroyTensorDesc(d);
    CHECK_CLEAN();
}

static void names_shapes_formats(void)
{
    int64_t dims[2] = {4, 6};
    aclTensorDesc *d = aclCreateTensorDesc(ACL_INT32, 2, dims, ACL_FORMAT_ND);

    /* Name: copied, replaced, NULL resets to "". */
    char name[16] = "input0";
    aclSetTensorDescName(d, name);
    strcpy(name, "changed");
    CHECK(strcmp(aclGetTensorDescName(d), "input0") == 0);
    aclSetTensorDescName(d, "x1");
    CHECK(strcmp(aclGetTensorDescName(d), "x1") == 0);
    aclSetTensorDescName(d, NULL);
    CHECK(strcmp(aclGetTensorDescName(d), "") == 0);
    CHECK_CLEAN();

    /* Dynamic input name. */
    CHECK_OK(aclSetTensorDynamicInput(d, "x"));
    CHECK_OK(aclSetTensorDynamicInput(d, "y"));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorDynamicInput(d, NULL));

    /* Storage format and shape leave the original ones (what the getters report) alone. */
    int64_t storage[4] = {1, 1, 16, 16};
    CHECK_OK(aclSetTensorFormat(d, ACL_FORMAT_FRACTAL_NZ));
    CHECK_OK(aclSetTensorShape(d, 4, storage));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK_OK(aclSetTensorStorageFormat(d, ACL_FORMAT_FRACTAL_NZ));
    CHECK_OK(aclSetTensorStorageShape(d, 4, storage));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorStorageShape(d, 1, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorStorageShape(d, -1, storage));
#pragma GCC diagnostic pop
    CHECK(aclGetTensorDescFormat(d) == ACL_FORMAT_ND);
    CHECK(aclGetTensorDescNumDims(d) == 2 && aclGetTensorDescElementCount(d) == 24);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorShape(d, 4, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorShape(d, 0, NULL)); /* dims required */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorShape(d, -2, storage));
    CHECK_OK(aclSetTensorShape(d, 0, storage)); /* a scalar storage shape */

    /* Original format and shape: what the getters report. */
    int64_t origin[3] = {2, 3, 5};
    CHECK_OK(aclSetTensorOriginFormat(d, ACL_FORMAT_NCL));
    CHECK_OK(aclSetTensorOriginShape(d, 3, origin));
    CHECK(aclGetTensorDescFormat(d) == ACL_FORMAT_NCL);
    CHECK(aclGetTensorDescNumDims(d) == 3 && aclGetTensorDescSize(d) == 120);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorOriginShape(d, 3, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorOriginShape(d, -1, origin));
    CHECK(aclGetTensorDescNumDims(d) == 3); /* a failed set changes nothing */
    CHECK_OK(aclSetTensorOriginShape(d, 0, origin));
    CHECK(aclGetTensorDescNumDims(d) == 0 && aclGetTensorDescElementCount(d) == 1);

    /* Const data: copied (the caller's buffer may change or go), replaced by a second set. */
    float host[4] = {1, 2, 3, 4};
    CHECK_OK(aclSetTensorConst(d, host, sizeof(host)));
    host[0] = -1;
    CHECK_OK(aclSetTensorConst(d, host, 2 * sizeof(float)));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorConst(d, NULL, 4));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorConst(d, host, 0));
    void *heap = malloc(64);
    memset(heap, 7, 64);
    CHECK_OK(aclSetTensorConst(d, heap, 64));
    free(heap); /* the description keeps its own copy (ASan checks the destroy below) */

    /* Placement: the three aclMemType values; anything else is refused. */
    CHECK_OK(aclSetTensorPlaceMent(d, ACL_MEMTYPE_HOST));
    CHECK_OK(aclSetTensorPlaceMent(d, ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT));
    CHECK_OK(aclSetTensorPlaceMent(d, ACL_MEMTYPE_DEVICE));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorPlaceMent(d, (aclMemType)3));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclSetTensorPlaceMent(d, (aclMemType)-1));
    CHECK(ACL_MEMTYPE_DEVICE == 0 && ACL_MEMTYPE_HOST == 1 &&
          ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT == 2);
    aclDestroyTensorDesc(d);
    CHECK_CLEAN();
}

static void check_trans(aclDataType t, aclFormat from, const int64_t *dims, aclFormat to, size_t n,
                        const int64_t *want)
{
    aclTensorDesc *src = aclCreateTensorDesc(t, 4, dims, from), *dst = NULL;
    aclSetTensorDescName(src, "src");
    CHECK_OK(aclTransTensorDescFormat(src, to, &dst));
    CHECK(dst && dst != src);
    CHECK(aclGetTensorDescFormat(src) == from && aclGetTensorDescNumDims(src) == 4);
    CHECK(aclGetTensorDescType(dst) == t && aclGetTensorDescFormat(dst) == to);
    CHECK(aclGetTensorDescNumDims(dst) == n);
    for (size_t i = 0; i < n; i++) {
        int64_t v;
        CHECK_OK(aclGetTensorDescDimV2(dst, i, &v));
        CHECK(v == want[i]);
    }
    CHECK(strcmp(aclGetTensorDescName(dst), "") == 0); /* a fresh description */
    aclDestroyTensorDesc(dst);
    aclDestroyTensorDesc(src);
}

static void trans_format(void)
{
    const int64_t nchw[4] = {2, 3, 5, 7}, nhwc[4] = {2, 5, 7, 3}, hwcn[4] = {5, 7, 3, 2};
    check_trans(ACL_FLOAT, ACL_FORMAT_NCHW, nchw, ACL_FORMAT_NHWC, 4, nhwc);
    check_trans(ACL_FLOAT, ACL_FORMAT_NCHW, nchw, ACL_FORMAT_HWCN, 4, hwcn);
    check_trans(ACL_FLOAT, ACL_FORMAT_NHWC, nhwc, ACL_FORMAT_NCHW, 4, nchw);
    check_trans(ACL_FLOAT, ACL_FORMAT_NHWC, nhwc, ACL_FORMAT_HWCN, 4, hwcn);
    check_trans(ACL_FLOAT, ACL_FORMAT_HWCN, hwcn, ACL_FORMAT_NCHW, 4, nchw);
    check_trans(ACL_FLOAT, ACL_FORMAT_HWCN, hwcn, ACL_FORMAT_NHWC, 4, nhwc);
    /* NC1HWC0: C0 16, or 32 for one-byte types; C1 = ceil(C / C0). */
    const int64_t c40[4] = {2, 40, 5, 7}, c40h[4] = {2, 5, 7, 40};
    const int64_t f16[5] = {2, 3, 5, 7, 16}, i8[5] = {2, 2, 5, 7, 32}, b1[5] = {2, 1, 5, 7, 16};
    check_trans(ACL_FLOAT16, ACL_FORMAT_NCHW, c40, ACL_FORMAT_NC1HWC0, 5, f16);
    check_trans(ACL_INT8, ACL_FORMAT_NHWC, c40h, ACL_FORMAT_NC1HWC0, 5, i8);
    check_trans(ACL_FLOAT, ACL_FORMAT_NCHW, (const int64_t[4]){2, 16, 5, 7}, ACL_FORMAT_NC1HWC0, 5,
                b1);

    aclTensorDesc *d = aclCreateTensorDesc(ACL_FLOAT, 4, nchw, ACL_FORMAT_NCHW), *out = NULL;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclTransTensorDescFormat(d, ACL_FORMAT_NHWC, NULL));
    /* Pairs without a conversion: ACL_ERROR_GE_FORMAT_INVALID, *dstDesc untouched. */
    CHECK_ERR(ACL_ERROR_GE_FORMAT_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_NCHW, &out));
    CHECK_ERR(ACL_ERROR_GE_FORMAT_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_ND, &out));
    CHECK_ERR(ACL_ERROR_GE_FORMAT_INVALID,
              aclTransTensorDescFormat(d, ACL_FORMAT_FRACTAL_NZ, &out));
    CHECK_ERR(ACL_ERROR_GE_FORMAT_INVALID, aclTransTensorDescFormat(d, (aclFormat)999, &out));
    CHECK(out == NULL);
    aclDestroyTensorDesc(d);
    d = aclCreateTensorDesc(ACL_FLOAT, 4, hwcn, ACL_FORMAT_HWCN);
    CHECK_ERR(ACL_ERROR_GE_FORMAT_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_NC1HWC0, &out));
    aclDestroyTensorDesc(d);
    d = aclCreateTensorDesc(ACL_FLOAT, 5, f16, ACL_FORMAT_NC1HWC0);
    CHECK_ERR(ACL_ERROR_GE_FORMAT_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_NCHW, &out));
    aclDestroyTensorDesc(d);
    /* Shapes that do not fit the format: ACL_ERROR_GE_SHAPE_INVALID. */
    d = aclCreateTensorDesc(ACL_FLOAT, 3, nchw, ACL_FORMAT_NCHW);
    CHECK_ERR(ACL_ERROR_GE_SHAPE_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_NHWC, &out));
    aclDestroyTensorDesc(d);
    const int64_t dyn[4] = {-1, 3, 5, 7};
    d = aclCreateTensorDesc(ACL_FLOAT, 4, dyn, ACL_FORMAT_NCHW);
    CHECK_ERR(ACL_ERROR_GE_SHAPE_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_NHWC, &out));
    CHECK_ERR(ACL_ERROR_GE_SHAPE_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_NC1HWC0, &out));
    aclDestroyTensorDesc(d);
    /* A type without an element size has no C0: ACL_ERROR_GE_DATATYPE_INVALID. */
    d = aclCreateTensorDesc(ACL_STRING, 4, nchw, ACL_FORMAT_NCHW);
    CHECK_ERR(ACL_ERROR_GE_DATATYPE_INVALID, aclTransTensorDescFormat(d, ACL_FORMAT_NC1HWC0, &out));
    CHECK_OK(aclTransTensorDescFormat(d, ACL_FORMAT_NHWC, &out)); /* a transpose needs none */
    aclDestroyTensorDesc(out);
    aclDestroyTensorDesc(d);
    CHECK_CLEAN();
}

/* Every allocation of each call fails in turn: the call reports ACL_ERROR_BAD_ALLOC (or NULL)
 * and leaves the description as it was; no leak (the ASan preset checks). */
static void alloc_failures(void)
{
    int64_t dims[2] = {2, 3}, range[2][2] = {{2, 2}, {3, 3}};
    cpuaclTestFailAlloc(0);
    CHECK(aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND) == NULL);
    CHECK_LAST(ACL_ERROR_BAD_ALLOC, "aclCreateTensorDesc");
    cpuaclTestFailAlloc(1);
    CHECK(aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND) == NULL);
    CHECK_LAST(ACL_ERROR_BAD_ALLOC, "aclCreateTensorDesc");
    cpuaclTestFailAlloc(-1);

    aclTensorDesc *d = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_NCHW);
    CHECK(d);
    aclSetTensorDescName(d, "kept");
    cpuaclTestFailAlloc(0);
    aclSetTensorDescName(d, "lost");
    CHECK_LAST(ACL_ERROR_BAD_ALLOC, "aclSetTensorDescName");
    CHECK(strcmp(aclGetTensorDescName(d), "kept") == 0);
    cpuaclTestFailAlloc(0);
    CHECK_ERR(ACL_ERROR_BAD_ALLOC, aclSetTensorDynamicInput(d, "x"));
    cpuaclTestFailAlloc(0);
    CHECK_ERR(ACL_ERROR_BAD_ALLOC, aclSetTensorShapeRange(d, 2, range));
    cpuaclTestFailAlloc(0);
    CHECK_ERR(ACL_ERROR_BAD_ALLOC, aclSetTensorValueRange(d, 2, range));
    cpuaclTestFailAlloc(0);
    CHECK_ERR(ACL_ERROR_BAD_ALLOC, aclSetTensorShape(d, 2, dims));
    cpuaclTestFailAlloc(0);
    int64_t three[3] = {1, 2, 3};
    CHECK_ERR(ACL_ERROR_BAD_ALLOC, aclSetTensorOriginShape(d, 3, three));
    CHECK(aclGetTensorDescNumDims(d) == 2);
    cpuaclTestFailAlloc(0);
    CHECK_ERR(ACL_ERROR_BAD_ALLOC, aclSetTensorConst(d, dims, sizeof(dims)));
    int64_t four[4] = {1, 2, 3, 4};
    CHECK_OK(aclSetTensorOriginShape(d, 4, four));
    aclTensorDesc *out = NULL;
    for (int n = 0; n < 2; n++) {
        cpuaclTestFailAlloc(n);
        CHECK_ERR(ACL_ERROR_BAD_ALLOC, aclTransTensorDescFormat(d, ACL_FORMAT_NHWC, &out));
    }
    cpuaclTestFailAlloc(-1);
    aclDestroyTensorDesc(d);
    cpuaclTestFailAlloc(0);
    CHECK(aclCreateDataBuffer(dims, 8) == NULL);
    CHECK_LAST(ACL_ERROR_BAD_ALLOC, "aclCreateDataBuffer");
    cpuaclTestFailAlloc(-1);
}

static void data_buffers(void)
{
    char a[8], b[3];
    aclDataBuffer *buf = aclCreateDataBuffer(a, sizeof(a));
    CHECK(buf);
    CHECK(aclGetDataBufferAddr(buf) == a && aclGetDataBufferSizeV2(buf) == 8);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK(aclGetDataBufferSize(buf) == 8);
    CHECK(aclGetDataBufferSize(NULL) == 0);
#pragma GCC diagnostic pop
    CHECK_OK(aclUpdateDataBuffer(buf, b, sizeof(b)));
    CHECK(aclGetDataBufferAddr(buf) == b && aclGetDataBufferSizeV2(buf) == 3);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclUpdateDataBuffer(NULL, b, 1));
    CHECK(aclGetDataBufferAddr(NULL) == NULL && aclGetDataBufferSizeV2(NULL) == 0);
    CHECK_OK(aclDestroyDataBuffer(buf));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclDestroyDataBuffer(NULL));
    /* An empty buffer (NULL, 0) is valid. */
    buf = aclCreateDataBuffer(NULL, 0);
    CHECK(buf && aclGetDataBufferAddr(buf) == NULL && aclGetDataBufferSizeV2(buf) == 0);
    CHECK_OK(aclDestroyDataBuffer(buf));
}

int main(void)
{
    /* Descriptions need no aclInit. Allocation failures are injected before it, while no
     * runtime thread allocates. */
    create_rows();
    alloc_failures();
    TEST_OPEN();
    null_rows();
    create_rows();
    unknown_and_ranges();
    names_shapes_formats();
    trans_format();
    data_buffers();
    TEST_CLOSE();
    printf("tensor_desc: ok\n");
    return 0;
}
