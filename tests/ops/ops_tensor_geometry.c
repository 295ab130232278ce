/* SPDX-License-Identifier: Apache-2.0 */
/* Tensor geometry is checked when a tensor is made (issue 33, item 1): element counts, byte
 * sizes and the byte offset of the furthest element computed with overflow checks; negative
 * dims, strides and offsets refused (161002, a message naming what is wrong), for
 * aclCreateTensor and aclInitTensor alike. Empty tensors with huge other dims stay valid and
 * run (plan set-up must not overflow on them). aclnnConstantPadNd with pads at the int64
 * limits is refused instead of overflowing. */
#include "optest.h"

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_constant_pad_nd.h"

static char g_buf[4096] __attribute__((aligned(64)));

/* aclCreateTensor must refuse the geometry with 161002 and a message containing `what`. */
static void refused(const char *what, const int64_t *dims, uint64_t nd, aclDataType dt,
                    const int64_t *strides, int64_t offset)
{
    aclTensor *t = aclCreateTensor(dims, nd, dt, strides, offset, ACL_FORMAT_ND, dims, nd, g_buf);
    if (t) {
        fprintf(stderr, "FAIL: aclCreateTensor accepted %s\n", what);
        exit(1);
    }
    const char *msg = aclGetRecentErrMsg();
    CHECK(msg && strstr(msg, "aclCreateTensor") && strstr(msg, what));
    /* aclInitTensor checks the same */
    int64_t one = 1;
    aclTensor *u = aclCreateTensor(&one, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, &one, 1, g_buf);
    CHECK(u);
    CHECK(aclInitTensor(u, dims, nd, dt, strides, offset, ACL_FORMAT_ND, dims, nd, g_buf) ==
          ACLNN_ERR_PARAM_INVALID);
    msg = aclGetRecentErrMsg();
    CHECK(msg && strstr(msg, "aclInitTensor") && strstr(msg, what));
    aclDestroyTensor(u);
}

static aclTensor *made(const int64_t *dims, uint64_t nd, aclDataType dt, const int64_t *strides,
                       int64_t offset)
{
    aclTensor *t = aclCreateTensor(dims, nd, dt, strides, offset, ACL_FORMAT_ND, dims, nd, g_buf);
    if (!t) {
        fprintf(stderr, "FAIL: aclCreateTensor refused a valid geometry: %s\n",
                aclGetRecentErrMsg());
        exit(1);
    }
    return t;
}

static void test_overflow(void)
{
    const int64_t T31 = (int64_t)1 << 31, T62 = (int64_t)1 << 62;
    /* 2^62 floats: the count fits, the bytes (2^64) do not */
    int64_t sq[2] = {T31, T31};
    refused("size in bytes overflows", sq, 2, ACL_FLOAT, NULL, 0);
    int64_t big[1] = {T62};
    refused("size in bytes overflows", big, 1, ACL_FLOAT, NULL, 0);
    /* the same count of bytes fits: made, never run */
    aclDestroyTensor(made(big, 1, ACL_INT8, NULL, 0));
    /* element count over int64 */
    int64_t huge[3] = {T31, T31, T31};
    refused("element count or extent overflows", huge, 3, ACL_INT8, NULL, 0);
    /* a stride whose offsets wrap: (3 - 1) * 2^62 = 2^63 */
    int64_t three[1] = {3}, wrap[1] = {T62};
    refused("element count or extent overflows", three, 1, ACL_FLOAT, wrap, 0);
    /* extent fits in elements but not in bytes: (2^62 + 1) * 4 */
    int64_t two[2] = {2, 2}, st[2] = {T62, 1};
    refused("size in bytes overflows", two, 2, ACL_FLOAT, st, 0);
    /* an offset near the limit plus a step */
    int64_t st1[2] = {2, 1};
    refused("element count or extent overflows", two, 2, ACL_FLOAT, st1, INT64_MAX - 1);
    /* storage dims are checked too */
    int64_t one[1] = {1};
    aclTensor *t = aclCreateTensor(one, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, sq, 2, g_buf);
    CHECK(!t && strstr(aclGetRecentErrMsg(), "storage"));
}

static void test_negative(void)
{
    int64_t dims[2] = {2, 3}, neg_st[2] = {-3, 1}, neg_dim[2] = {2, -3};
    refused("stride[0] = -3 is negative", dims, 2, ACL_FLOAT, neg_st, 6);
    refused("dim[1] = -3 is negative", neg_dim, 2, ACL_FLOAT, NULL, 0);
    refused("offset -1 is negative", dims, 2, ACL_FLOAT, NULL, -1);
    int64_t sneg[1] = {-6};
    aclTensor *t = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, sneg, 1, g_buf);
    CHECK(!t && strstr(aclGetRecentErrMsg(), "storage dim[0] = -6 is negative"));
    /* an empty view's storage is not checked (ggml-cann's length for it is negative) */
    int64_t edims[2] = {0, 33}, est[2] = {16, 0}, sneg15[1] = {-15};
    t = aclCreateTensor(edims, 2, ACL_FLOAT, est, 0, ACL_FORMAT_ND, sneg15, 1, g_buf);
    CHECK(t != NULL);
    aclDestroyTensor(t);
    /* stride 0 (a broadcast view) and a positive offset stay valid */
    int64_t zst[2] = {0, 1};
    aclDestroyTensor(made(dims, 2, ACL_FLOAT, zst, 5));
}

/* Empty tensors whose other dims are huge: made, and an Add over them runs as a no-op. */
static void test_empty(void)
{
    const int64_t T40 = (int64_t)1 << 40;
    int64_t dims[3] = {0, T40, T40};
    aclTensor *a = made(dims, 3, ACL_FLOAT, NULL, 0);
    aclTensor *o = made(dims, 3, ACL_FLOAT, NULL, 0);
    float one = 1;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(a, a, alpha, o, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    aclDestroyTensor(a);
    aclDestroyTensor(o);
    aclDestroyScalar(alpha);
}

static void test_pad_limits(void)
{
    int64_t dims[1] = {4};
    aclTensor *self = made(dims, 1, ACL_FLOAT, NULL, 0);
    aclTensor *out = made(dims, 1, ACL_FLOAT, NULL, 0);
    float zero = 0;
    aclScalar *v = aclCreateScalar(&zero, ACL_FLOAT);
    const int64_t cases[][2] = {{INT64_MAX, 1},
                                {1, INT64_MAX},
                                {INT64_MAX, INT64_MAX},
                                {INT64_MIN, INT64_MIN},
                                {INT64_MIN, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aclIntArray *pad = aclCreateIntArray(cases[i], 2);
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        CHECK_NN(ACLNN_ERR_PARAM_INVALID,
                 aclnnConstantPadNdGetWorkspaceSize(self, pad, v, out, &ws, &ex));
        CHECK(ex == NULL);
        aclDestroyIntArray(pad);
    }
    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclDestroyScalar(v);
}

int main(void)
{
    ot_init();
    test_overflow();
    test_negative();
    test_empty();
    test_pad_limits();
    ot_fini();
    printf("ops_tensor_geometry: ok\n");
    return 0;
}
