/* SPDX-License-Identifier: Apache-2.0 */
/* Datasets (docs/mdl.md, "Datasets"): buffers kept in order and borrowed (the caller frees them
 * after the dataset), tensor descriptions copied (the caller's may be destroyed at once, setting
 * again replaces, NULL drops), every misuse code (NULL dataset, buffer, bad index) with its
 * message, growth past many buffers, and allocation failure at each allocation. Under the asan
 * preset: nothing leaks, nothing freed is touched. */
#include "mdl_test.h"

static void basics(void)
{
    aclmdlDataset *ds = aclmdlCreateDataset();
    CHECK(ds);
    CHECK(aclmdlGetDatasetNumBuffers(ds) == 0);
    CHECK_CLEAN();
    char mem[64];
    aclDataBuffer *b[40];
    for (int i = 0; i < 40; i++) {
        b[i] = aclCreateDataBuffer(mem + i, (size_t)i + 1);
        CHECK(b[i]);
        CHECK_OK(aclmdlAddDatasetBuffer(ds, b[i]));
        CHECK(aclmdlGetDatasetNumBuffers(ds) == (size_t)i + 1);
    }
    for (int i = 0; i < 40; i++) {
        CHECK(aclmdlGetDatasetBuffer(ds, (size_t)i) == b[i]);
        CHECK(aclGetDataBufferAddr(aclmdlGetDatasetBuffer(ds, (size_t)i)) == mem + i);
        CHECK(aclmdlGetDatasetTensorDesc(ds, (size_t)i) == NULL);
    }
    CHECK_CLEAN();
    /* The same buffer twice is two entries. */
    CHECK_OK(aclmdlAddDatasetBuffer(ds, b[0]));
    CHECK(aclmdlGetDatasetNumBuffers(ds) == 41 && aclmdlGetDatasetBuffer(ds, 40) == b[0]);

    /* Descriptions are copies. */
    int64_t dims[3] = {2, 3, 4};
    aclTensorDesc *t = aclCreateTensorDesc(ACL_FLOAT16, 3, dims, ACL_FORMAT_ND);
    CHECK(t);
    aclSetTensorDescName(t, "real_shape");
    int64_t range[3][2] = {{1, 2}, {3, 3}, {4, 8}};
    CHECK_OK(aclSetTensorShapeRange(t, 3, range));
    CHECK_OK(aclmdlSetDatasetTensorDesc(ds, t, 5));
    aclDestroyTensorDesc(t); /* the dataset keeps its own */
    aclTensorDesc *got = aclmdlGetDatasetTensorDesc(ds, 5);
    CHECK(got);
    CHECK(aclGetTensorDescType(got) == ACL_FLOAT16 && aclGetTensorDescNumDims(got) == 3);
    CHECK(aclGetTensorDescElementCount(got) == 24);
    CHECK(!strcmp(aclGetTensorDescName(got), "real_shape"));
    int64_t r[2];
    CHECK_OK(aclGetTensorDescDimRange(got, 2, 2, r));
    CHECK(r[0] == 4 && r[1] == 8);
    /* Replacing, then dropping. */
    int64_t one = 7;
    t = aclCreateTensorDesc(ACL_INT32, 1, &one, ACL_FORMAT_NCHW);
    CHECK_OK(aclmdlSetDatasetTensorDesc(ds, t, 5));
    aclDestroyTensorDesc(t);
    got = aclmdlGetDatasetTensorDesc(ds, 5);
    CHECK(got && aclGetTensorDescType(got) == ACL_INT32 && aclGetTensorDescElementCount(got) == 7);
    CHECK_OK(aclmdlSetDatasetTensorDesc(ds, NULL, 5));
    CHECK(aclmdlGetDatasetTensorDesc(ds, 5) == NULL);
    CHECK_CLEAN();
    t = aclCreateTensorDesc(ACL_INT8, 1, &one, ACL_FORMAT_ND);
    CHECK_OK(aclmdlSetDatasetTensorDesc(ds, t, 0));
    CHECK_OK(aclmdlSetDatasetTensorDesc(ds, t, 40));
    aclDestroyTensorDesc(t);
    CHECK(aclmdlGetDatasetTensorDesc(ds, 0) != aclmdlGetDatasetTensorDesc(ds, 40));

    /* Misuse. */
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlAddDatasetBuffer",
               aclmdlAddDatasetBuffer(NULL, b[0]));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlAddDatasetBuffer", aclmdlAddDatasetBuffer(ds, NULL));
    CHECK(aclmdlGetDatasetNumBuffers(NULL) == 0);
    CHECK_RECORDED("aclmdlGetDatasetNumBuffers");
    CHECK(aclmdlGetDatasetBuffer(NULL, 0) == NULL);
    CHECK_RECORDED("aclmdlGetDatasetBuffer");
    CHECK(aclmdlGetDatasetBuffer(ds, 41) == NULL);
    CHECK_RECORDED("aclmdlGetDatasetBuffer");
    CHECK(aclmdlGetDatasetTensorDesc(NULL, 0) == NULL);
    CHECK_RECORDED("aclmdlGetDatasetTensorDesc");
    CHECK(aclmdlGetDatasetTensorDesc(ds, 41) == NULL);
    CHECK_RECORDED("aclmdlGetDatasetTensorDesc");
    t = aclCreateTensorDesc(ACL_INT8, 1, &one, ACL_FORMAT_ND);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetDatasetTensorDesc",
               aclmdlSetDatasetTensorDesc(NULL, t, 0));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetDatasetTensorDesc",
               aclmdlSetDatasetTensorDesc(ds, t, 41));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyDataset", aclmdlDestroyDataset(NULL));
    aclDestroyTensorDesc(t);

    CHECK_OK(aclmdlDestroyDataset(ds));
    /* The buffers outlive the dataset. */
    for (int i = 0; i < 40; i++) {
        CHECK(aclGetDataBufferSizeV2(b[i]) == (size_t)i + 1);
        CHECK_OK(aclDestroyDataBuffer(b[i]));
    }
}

static void alloc_failures(void)
{
    cpuaclTestFailAlloc(0);
    CHECK(aclmdlCreateDataset() == NULL);
    cpuaclTestFailAlloc(-1);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_BAD_ALLOC);
    aclmdlDataset *ds = aclmdlCreateDataset();
    char mem[4];
    aclDataBuffer *b = aclCreateDataBuffer(mem, 4);
    int64_t dims[2] = {1, 4};
    aclTensorDesc *t = aclCreateTensorDesc(ACL_UINT8, 2, dims, ACL_FORMAT_ND);
    aclSetTensorDescName(t, "n");
    CHECK(ds && b && t);
    /* The first add allocates the array: failing it leaves the dataset empty. */
    cpuaclTestFailAlloc(0);
    CHECK_FAIL(ACL_ERROR_BAD_ALLOC, "aclmdlAddDatasetBuffer", aclmdlAddDatasetBuffer(ds, b));
    cpuaclTestFailAlloc(-1);
    CHECK(aclmdlGetDatasetNumBuffers(ds) == 0);
    CHECK_OK(aclmdlAddDatasetBuffer(ds, b));
    /* A description copy: every allocation of it fails in turn, the old one kept. */
    CHECK_OK(aclmdlSetDatasetTensorDesc(ds, t, 0));
    const aclTensorDesc *before = aclmdlGetDatasetTensorDesc(ds, 0);
    int failures;
    FAIL_EACH(&failures, "aclmdlSetDatasetTensorDesc", aclmdlSetDatasetTensorDesc(ds, t, 0),
              aclmdlGetDatasetTensorDesc(ds, 0) == before);
    CHECK(failures == 3); /* the description, its dims, its name */
    aclDestroyTensorDesc(t);
    aclmdlDestroyDataset(ds);
    aclDestroyDataBuffer(b);
}

int main(void)
{
    basics();
    alloc_failures();
    TEST_OPEN();
    basics();
    TEST_CLOSE();
    printf("mdl_dataset: ok\n");
    return 0;
}
