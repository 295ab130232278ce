/* SPDX-License-Identifier: Apache-2.0 */
/* Handles, casts and shape inference (docs/op.md): aclopCreateHandle + aclopExecWithHandle
 * against host results (many runs, new buffers each, a handle destroyed while its runs are
 * queued), the count and buffer rows, host-placed descriptions refused; aclopCast and
 * aclopCreateHandleForCast float32 -> float16 -> int32 against aclFloatToFloat16 and C's
 * conversion; aclopInferShape writing dims and dtype into the output description, and its
 * error rows. */
#include "optest.h"

static const int64_t d23[2] = {2, 3}, d3[1] = {3};

static void handles(aclrtStream s)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    const aclTensorDesc *id[2] = {in[0].d, in[1].d}, *od[1] = {out.d};
    aclopHandle *h = NULL;
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopCreateHandle("Add", 2, id, 1, od, NULL, NULL),
                "aclopCreateHandle", "handle");
    CHECK_OPERR(ACL_ERROR_OP_TYPE_NOT_MATCH, aclopCreateHandle("Nope", 2, id, 1, od, NULL, &h),
                "Nope");
    CHECK_OPERR(ACL_ERROR_OP_INPUT_NOT_MATCH, aclopCreateHandle("Add", 1, id, 1, od, NULL, &h),
                "Add");
    CHECK_OK(aclopCreateHandle("Add", 2, id, 1, od, NULL, &h));
    const aclDataBuffer *ib[2] = {in[0].b, in[1].b};
    aclDataBuffer *ob[1] = {out.b};
    for (int round = 0; round < 4; round++) {
        float a[6], b[3], y[6];
        for (int i = 0; i < 6; i++)
            a[i] = (float)(i * round) - 2.0f;
        for (int i = 0; i < 3; i++)
            b[i] = 0.5f * (float)(i + round);
        ten_put(&in[0], a);
        ten_put(&in[1], b);
        CHECK_OK(aclopExecWithHandle(h, 2, ib, 1, ob, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        ten_get(&out, y);
        for (int i = 0; i < 6; i++)
            CHECK(y[i] == a[i] + b[i % 3]);
    }
    /* the rows */
    CHECK_OPERR(ACL_ERROR_OP_INPUT_NOT_MATCH, aclopExecWithHandle(h, 1, ib, 1, ob, s),
                "aclopExecWithHandle", "Add", "numInputs is 1");
    CHECK_OPERR(ACL_ERROR_OP_OUTPUT_NOT_MATCH, aclopExecWithHandle(h, 2, ib, 2, ob, s),
                "numOutputs is 2");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopExecWithHandle(NULL, 2, ib, 1, ob, s), "handle");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopExecWithHandle(h, 2, NULL, 1, ob, s), "inputs");
    aclDataBuffer *small = aclCreateDataBuffer(in[1].dev, 4);
    const aclDataBuffer *ibs[2] = {in[0].b, small};
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopExecWithHandle(h, 2, ibs, 1, ob, s), "inputs[1]",
                "needs 12");
    CHECK_OK(aclDestroyDataBuffer(small));
    /* destroyed while queued: the runs still hold the plan */
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(s, &g));
    float a[6] = {1, 2, 3, 4, 5, 6}, b[3] = {10, 20, 30}, y[6];
    ten_put(&in[0], a);
    ten_put(&in[1], b);
    CHECK_OK(aclopExecWithHandle(h, 2, ib, 1, ob, s));
    aclopDestroyHandle(h);
    aclopDestroyHandle(NULL);
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_NO_KFAIL();
    ten_get(&out, y);
    for (int i = 0; i < 6; i++)
        CHECK(y[i] == a[i] + b[i % 3]);
    /* host placement: not for handles */
    aclTensorDesc *hd = aclCreateTensorDesc(ACL_FLOAT, 1, d3, ACL_FORMAT_ND);
    CHECK_OK(aclSetTensorPlaceMent(hd, ACL_MEMTYPE_HOST));
    const aclTensorDesc *idh[2] = {in[0].d, hd};
    CHECK_OPERR(ACL_ERROR_API_NOT_SUPPORT, aclopCreateHandle("Add", 2, idh, 1, od, NULL, &h),
                "input 1", "host");
    aclDestroyTensorDesc(hd);
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

static void casts(aclrtStream s)
{
    const int64_t d5[1] = {5};
    struct ten x = ten_new(ACL_FLOAT, 1, d5), h16 = ten_new(ACL_FLOAT16, 1, d5);
    struct ten i32 = ten_new(ACL_INT32, 1, d5);
    float v[5] = {0.1f, -2.5f, 65504.0f, 3.75f, -0.0078125f};
    ten_put(&x, v);
    CHECK_OK(aclopCast(x.d, x.b, h16.d, h16.b, 0, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    aclFloat16 got[5];
    ten_get(&h16, got);
    for (int i = 0; i < 5; i++)
        CHECK(got[i] == aclFloatToFloat16(v[i]));
    /* the handle form, float32 -> int32 (toward zero, as C converts) */
    aclopHandle *h = NULL;
    CHECK_OK(aclopCreateHandleForCast(x.d, i32.d, 0, &h));
    const aclDataBuffer *ib[1] = {x.b};
    aclDataBuffer *ob[1] = {i32.b};
    float w[5] = {1.9f, -1.9f, 7.0f, 100.5f, -3.2f};
    ten_put(&x, w);
    CHECK_OK(aclopExecWithHandle(h, 1, ib, 1, ob, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    int32_t iv[5];
    ten_get(&i32, iv);
    for (int i = 0; i < 5; i++)
        CHECK(iv[i] == (int32_t)w[i]);
    aclopDestroyHandle(h);
    /* rows: a NULL description, a buffer too small */
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopCast(NULL, x.b, h16.d, h16.b, 0, s), "aclopCast");
    aclDataBuffer *small = aclCreateDataBuffer(h16.dev, 2);
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopCast(x.d, x.b, h16.d, small, 0, s), "Cast",
                "output 0");
    CHECK_OK(aclDestroyDataBuffer(small));
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopCreateHandleForCast(x.d, h16.d, 0, NULL),
                "aclopCreateHandleForCast");
    ten_free(&x);
    ten_free(&h16);
    ten_free(&i32);
}

static void infer(void)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    aclTensorDesc *od = aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, NULL, ACL_FORMAT_ND);
    aclTensorDesc *id[2] = {in[0].d, in[1].d}, *ods[1] = {od};
    aclDataBuffer *ib[2] = {in[0].b, in[1].b};
    CHECK_OK(aclopInferShape("Add", 2, id, ib, 1, ods, NULL));
    CHECK(aclGetTensorDescType(od) == ACL_FLOAT);
    CHECK(aclGetTensorDescNumDims(od) == 2);
    int64_t dim = 0;
    CHECK_OK(aclGetTensorDescDimV2(od, 0, &dim));
    CHECK(dim == 2);
    CHECK_OK(aclGetTensorDescDimV2(od, 1, &dim));
    CHECK(dim == 3);
    /* Cast's output type is its dst_type */
    aclopAttr *attr = aclopCreateAttr();
    CHECK_OK(aclopSetAttrInt(attr, "dst_type", ACL_INT32));
    CHECK_OK(aclopInferShape("Cast", 1, id, ib, 1, ods, attr));
    CHECK(aclGetTensorDescType(od) == ACL_INT32);
    CHECK(aclGetTensorDescNumDims(od) == 2);
    aclopDestroyAttr(attr);
    /* rows */
    const char *fn = "aclopInferShape";
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopInferShape(NULL, 2, id, ib, 1, ods, NULL), fn);
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopInferShape("Add", 2, id, NULL, 1, ods, NULL), fn,
                "inputs");
    CHECK_OPERR(ACL_ERROR_OP_TYPE_NOT_MATCH, aclopInferShape("Nope", 2, id, ib, 1, ods, NULL), fn,
                "Nope");
    const int64_t d4[1] = {4};
    aclTensorDesc *bad = aclCreateTensorDesc(ACL_FLOAT, 1, d4, ACL_FORMAT_ND);
    aclTensorDesc *idb[2] = {in[0].d, bad};
    CHECK_OPERR(ACL_ERROR_OP_INPUT_NOT_MATCH, aclopInferShape("Add", 2, idb, ib, 1, ods, NULL), fn,
                "Add");
    aclDestroyTensorDesc(bad);
    aclDestroyTensorDesc(od);
    ten_free(&in[0]);
    ten_free(&in[1]);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    handles(s);
    casts(s);
    infer();
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("op_handle: ok\n");
    return 0;
}
