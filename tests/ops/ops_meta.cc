// SPDX-License-Identifier: Apache-2.0
//
// The aclnn meta API from C++ (as real programs use it): tensor creation with
// and without strides, the getters (whose arrays the caller delete[]s),
// aclInitTensor and the raw-address calls, scalar copies, arrays and lists
// (a list owns its elements), aclnnInit/aclnnFinalize, and the error codes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "testutil.h"

static_assert(OK == 0, "constexpr OK");
static_assert(ACLNN_SUCCESS == 0 && ACLNN_ERR_PARAM_NULLPTR == 161001 &&
                  ACLNN_ERR_PARAM_INVALID == 161002 && ACLNN_ERR_RUNTIME_ERROR == 361001 &&
                  ACLNN_ERR_INNER_NULLPTR == 561103,
              "status codes");

static void check_shape(int64_t *v, uint64_t n, const std::vector<int64_t> &want)
{
    CHECK(n == want.size());
    for (uint64_t i = 0; i < n; i++)
        CHECK(v[i] == want[i]);
    delete[] v; // AscendCL: the caller releases with delete[]
}

int main()
{
    CHECK(aclnnInit(nullptr) == ACLNN_SUCCESS);
    std::vector<float> data(64);
    std::vector<int64_t> shape = {2, 3, 4};
    std::vector<int64_t> strides = {1, 2, 6}; // a permuted view
    std::vector<int64_t> storage = {24};
    aclTensor *t = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 5,
                                   ACL_FORMAT_NCHW, storage.data(), storage.size(), data.data());
    CHECK(t);
    int64_t *v = nullptr;
    uint64_t n = 0;
    CHECK(aclGetViewShape(t, &v, &n) == 0);
    check_shape(v, n, shape);
    CHECK(aclGetViewStrides(t, &v, &n) == 0);
    check_shape(v, n, strides);
    CHECK(aclGetStorageShape(t, &v, &n) == 0);
    check_shape(v, n, storage);
    int64_t off = 0;
    CHECK(aclGetViewOffset(t, &off) == 0 && off == 5);
    aclFormat fmt;
    CHECK(aclGetFormat(t, &fmt) == 0 && fmt == ACL_FORMAT_NCHW);
    aclDataType dt;
    CHECK(aclGetDataType(t, &dt) == 0 && dt == ACL_FLOAT);
    void *raw = nullptr;
    CHECK(aclGetRawTensorAddr(t, &raw) == 0 && raw == data.data());
    CHECK(aclSetRawTensorAddr(t, data.data() + 1) == 0);
    CHECK(aclGetRawTensorAddr(t, &raw) == 0 && raw == data.data() + 1);

    // NULL strides: contiguous row-major; NULL data is allowed.
    std::vector<int64_t> s2 = {3, 5};
    CHECK(aclInitTensor(t, s2.data(), s2.size(), ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, s2.data(),
                        s2.size(), nullptr) == 0);
    CHECK(aclGetViewStrides(t, &v, &n) == 0);
    check_shape(v, n, {5, 1});
    CHECK(aclGetDataType(t, &dt) == 0 && dt == ACL_FLOAT16);
    CHECK(aclDestroyTensor(t) == 0);

    // A 0-d tensor.
    aclTensor *t0 =
        aclCreateTensor(nullptr, 0, ACL_INT32, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, data.data());
    CHECK(t0);
    CHECK(aclGetViewShape(t0, &v, &n) == 0 && n == 0);
    delete[] v;
    aclDestroyTensor(t0);

    // Bad creations return NULL.
    std::vector<int64_t> neg = {2, -1};
    CHECK(!aclCreateTensor(neg.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, neg.data(), 2,
                           nullptr));
    CHECK(!aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr));
    std::vector<int64_t> many(26, 1);
    CHECK(!aclCreateTensor(many.data(), many.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                           many.data(), many.size(), nullptr));

    // Scalars copy the host value.
    double d = 2.5;
    aclScalar *s = aclCreateScalar(&d, ACL_DOUBLE);
    CHECK(s);
    d = 7;
    CHECK(!aclCreateScalar(nullptr, ACL_FLOAT));
    CHECK(aclDestroyScalar(s) == 0);

    // Arrays.
    std::vector<int64_t> iv = {1, -2, 3};
    std::vector<float> fv = {0.5f};
    bool bv[2] = {true, false};
    aclIntArray *ia = aclCreateIntArray(iv.data(), iv.size());
    aclFloatArray *fa = aclCreateFloatArray(fv.data(), fv.size());
    aclBoolArray *ba = aclCreateBoolArray(bv, 2);
    aclIntArray *empty = aclCreateIntArray(nullptr, 0);
    CHECK(ia && fa && ba && empty);
    CHECK(!aclCreateIntArray(nullptr, 3));
    uint64_t sz = 0;
    CHECK(aclGetIntArraySize(ia, &sz) == 0 && sz == 3);
    CHECK(aclGetFloatArraySize(fa, &sz) == 0 && sz == 1);
    CHECK(aclGetBoolArraySize(ba, &sz) == 0 && sz == 2);
    CHECK(aclGetIntArraySize(empty, &sz) == 0 && sz == 0);
    aclDestroyIntArray(ia);
    aclDestroyFloatArray(fa);
    aclDestroyBoolArray(ba);
    aclDestroyIntArray(empty);

    // Lists own their elements (destroying the list destroys them).
    aclTensor *elems[2];
    for (auto &e : elems)
        e = aclCreateTensor(s2.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, s2.data(), 2,
                            nullptr);
    aclTensorList *tl = aclCreateTensorList(elems, 2);
    CHECK(tl && aclGetTensorListSize(tl, &sz) == 0 && sz == 2);
    CHECK(aclDestroyTensorList(tl) == 0);
    float f1 = 1;
    aclScalar *sc[2] = {aclCreateScalar(&f1, ACL_FLOAT), aclCreateScalar(&f1, ACL_FLOAT)};
    aclScalarList *sl = aclCreateScalarList(sc, 2);
    CHECK(sl && aclGetScalarListSize(sl, &sz) == 0 && sz == 2);
    CHECK(aclDestroyScalarList(sl) == 0);

    // NULL arguments: 161001, with a message.
    CHECK(aclGetViewShape(nullptr, &v, &n) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetRecentErrMsg() != nullptr);
    aclTensor *t2 =
        aclCreateTensor(s2.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, s2.data(), 2, nullptr);
    CHECK(aclGetViewShape(t2, nullptr, &n) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetViewStrides(t2, &v, nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetStorageShape(t2, nullptr, &n) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetViewOffset(t2, nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetFormat(nullptr, &fmt) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetDataType(t2, nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetIntArraySize(nullptr, &sz) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetTensorListSize(nullptr, &sz) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclSetRawTensorAddr(nullptr, nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclInitTensor(nullptr, s2.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, s2.data(), 2,
                        nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    aclDestroyTensor(t2);
    // Destroying NULL is a no-op.
    CHECK(aclDestroyTensor(nullptr) == 0 && aclDestroyScalar(nullptr) == 0 &&
          aclDestroyTensorList(nullptr) == 0 && aclDestroyIntArray(nullptr) == 0);
    CHECK(aclnnFinalize() == ACLNN_SUCCESS);
    std::printf("ops_meta: passed\n");
    return 0;
}
