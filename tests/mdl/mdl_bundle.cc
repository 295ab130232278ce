/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bundles: two models (tests/mdl/mdl_small.h) built into one bundle with
 * aclgrphBundleBuildModel and saved with aclgrphBundleSaveModel; the size
 * queries (aclmdlBundleQueryInfoFromFile / FromMem and their getters against
 * aclmdlQuerySizeFromMem of each model built alone); aclmdlBundleLoadFromFile
 * / FromMem with every model loaded (ids by index, each run against its host
 * reference); aclmdlBundleInitFromFile / FromMem with the models loaded one by
 * one (LoadModel, LoadModelWithMem, LoadModelWithConfig and its priority),
 * UnloadModel and Unload (which unloads what is left); the misuse: unknown
 * bundle ids (ACL_ERROR_INVALID_BUNDLE_MODEL_ID), indices past the count,
 * aclmdlUnload of a bundle's model, a model of another bundle, a plain model
 * given to the bundle calls, a bundle given to aclmdlLoadFromFile, a corrupt
 * bundle and a bundle section that lies about its count.
 */
#include <string>
#include <unistd.h>

#include "mdl_small.h"

using namespace small;

static std::string g_path;

static void queries(const ge::ModelBufferData &bundle, const ge::ModelBufferData *parts)
{
    aclmdlBundleQueryInfo *q = aclmdlBundleCreateQueryInfo();
    EXPECT(q);
    for (int from_mem = 0; from_mem < 2; from_mem++) {
        if (from_mem)
            EXPECT(aclmdlBundleQueryInfoFromMem(bundle.data.get(), bundle.length, q) ==
                   ACL_SUCCESS);
        else
            EXPECT(aclmdlBundleQueryInfoFromFile(g_path.c_str(), q) == ACL_SUCCESS);
        size_t n = 0, var = 7;
        EXPECT(aclmdlBundleGetQueryModelNum(q, &n) == ACL_SUCCESS && n == 2);
        EXPECT(aclmdlBundleGetVarWeightSize(q, &var) == ACL_SUCCESS && var == 0);
        for (size_t k = 0; k < 2; k++) {
            size_t work = 1, weight = 1, w0 = 2, c0 = 2;
            EXPECT(aclmdlBundleGetSize(q, k, &work, &weight) == ACL_SUCCESS);
            EXPECT(aclmdlQuerySizeFromMem(parts[k].data.get(), parts[k].length, &w0, &c0) ==
                   ACL_SUCCESS);
            EXPECT(work == w0 && weight == c0 && weight > 0);
        }
        size_t w = 0, c = 0;
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleGetSize", "index 2",
                    aclmdlBundleGetSize(q, 2, &w, &c));
    }
    size_t n = 0;
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleGetSize", "constWeightSize",
                aclmdlBundleGetSize(q, 0, &n, nullptr));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleGetQueryModelNum", "queryInfo",
                aclmdlBundleGetQueryModelNum(nullptr, &n));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleGetVarWeightSize", "variableWeightSize",
                aclmdlBundleGetVarWeightSize(q, nullptr));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleQueryInfoFromMem", "modelSize is 0",
                aclmdlBundleQueryInfoFromMem(bundle.data.get(), 0, q));
    /* a plain model is not a bundle; the query keeps what it held */
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleQueryInfoFromMem", "not a bundle",
                aclmdlBundleQueryInfoFromMem(parts[0].data.get(), parts[0].length, q));
    EXPECT(aclmdlBundleGetQueryModelNum(q, &n) == ACL_SUCCESS && n == 2);
    EXPECT_FAIL(ACL_ERROR_INVALID_FILE, "aclmdlBundleQueryInfoFromFile", "cannot open",
                aclmdlBundleQueryInfoFromFile("/nonexistent/b.om", q));
    EXPECT(aclmdlBundleDestroyQueryInfo(q) == ACL_SUCCESS);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleDestroyQueryInfo", "queryInfo",
                aclmdlBundleDestroyQueryInfo(nullptr));
}

static void load_all(const ge::ModelBufferData &bundle)
{
    for (int from_mem = 0; from_mem < 2; from_mem++) {
        uint32_t b = 0;
        if (from_mem)
            EXPECT(aclmdlBundleLoadFromMem(bundle.data.get(), bundle.length, &b) == ACL_SUCCESS);
        else
            EXPECT(aclmdlBundleLoadFromFile(g_path.c_str(), &b) == ACL_SUCCESS);
        size_t n = 0;
        EXPECT(aclmdlBundleGetModelNum(b, &n) == ACL_SUCCESS && n == 2);
        uint32_t a = 0, s = 0;
        EXPECT(aclmdlBundleGetModelId(b, 0, &a) == ACL_SUCCESS);
        EXPECT(aclmdlBundleGetModelId(b, 1, &s) == ACL_SUCCESS);
        EXPECT(a != s && a != b && s != b);
        check_affine(a, from_mem);
        check_scale(s, from_mem);
        aclmdlDesc *d = aclmdlCreateDesc();
        EXPECT(aclmdlGetDesc(d, s) == ACL_SUCCESS);
        EXPECT(aclmdlGetNumInputs(d) == 1 && aclmdlGetInputSizeByIndex(d, 0) == SN * 4);
        EXPECT(aclmdlDestroyDesc(d) == ACL_SUCCESS);
        uint32_t x = 0;
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleGetModelId", "index 2",
                    aclmdlBundleGetModelId(b, 2, &x));
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlUnload", "aclmdlBundleUnload", aclmdlUnload(a));
        check_affine(a, 2); /* still loaded */
        /* one more instance of model 1, loaded and unloaded through the bundle */
        uint32_t s2 = 0;
        EXPECT(aclmdlBundleLoadModel(b, 1, &s2) == ACL_SUCCESS && s2 != s);
        check_scale(s2, 3);
        EXPECT(aclmdlBundleUnloadModel(b, s2) == ACL_SUCCESS);
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleUnloadModel", "not a loaded model",
                    aclmdlBundleUnloadModel(b, s2));
        EXPECT(aclmdlBundleUnload(b) == ACL_SUCCESS);
        Io in = make_io({SN}), out = make_io({SN});
        EXPECT_FAIL(ACL_ERROR_INVALID_MODEL_ID, "aclmdlExecute", "not loaded",
                    aclmdlExecute(s, in.ds, out.ds));
        free_io(in);
        free_io(out);
        EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleUnload", "not a bundle",
                    aclmdlBundleUnload(b));
        EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleGetModelNum", "not a bundle",
                    aclmdlBundleGetModelNum(b, &n));
    }
}

static void init_and_load(const ge::ModelBufferData &bundle, const ge::ModelBufferData *parts)
{
    uint32_t b = 0, b2 = 0;
    EXPECT(aclmdlBundleInitFromFile(g_path.c_str(), nullptr, 0, &b) == ACL_SUCCESS);
    char var[64];
    EXPECT(aclmdlBundleInitFromMem(bundle.data.get(), bundle.length, var, sizeof(var), &b2) ==
           ACL_SUCCESS);
    size_t n = 0;
    EXPECT(aclmdlBundleGetModelNum(b, &n) == ACL_SUCCESS && n == 2);
    uint32_t x = 0;
    EXPECT_FAIL(ACL_ERROR_API_NOT_SUPPORT, "aclmdlBundleGetModelId", "aclmdlBundleInitFrom",
                aclmdlBundleGetModelId(b, 0, &x));

    uint32_t s = 0, a = 0, a2 = 0;
    EXPECT(aclmdlBundleLoadModel(b, 1, &s) == ACL_SUCCESS);
    check_scale(s, 0);

    size_t work = 0, weight = 0;
    EXPECT(aclmdlQuerySizeFromMem(parts[0].data.get(), parts[0].length, &work, &weight) ==
           ACL_SUCCESS);
    void *wk = nullptr, *wt = nullptr;
    EXPECT(aclrtMalloc(&wk, work + 1, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclrtMalloc(&wt, weight, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleLoadModelWithMem", "weightSize",
                aclmdlBundleLoadModelWithMem(b, 0, wk, work + 1, wt, weight - 1, &a));
    EXPECT(aclmdlBundleLoadModelWithMem(b, 0, wk, work + 1, wt, weight, &a) == ACL_SUCCESS);
    check_affine(a, 1);

    aclmdlConfigHandle *c = aclmdlCreateConfigHandle();
    int32_t prio = 2;
    EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_PRIORITY_INT32, &prio, sizeof(prio)) == ACL_SUCCESS);
    EXPECT(aclmdlBundleLoadModelWithConfig(b2, 0, c, &a2) == ACL_SUCCESS);
    aclmdlAttrValue_t v;
    EXPECT(aclmdlGetAttribute(a2, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    EXPECT(v.mdlPriority == 2);
    check_affine(a2, 2);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleLoadModelWithConfig", "handle",
                aclmdlBundleLoadModelWithConfig(b2, 0, nullptr, &x));
    EXPECT(aclmdlDestroyConfigHandle(c) == ACL_SUCCESS);

    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleLoadModel", "index 2",
                aclmdlBundleLoadModel(b, 2, &x));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleLoadModel", "modelId",
                aclmdlBundleLoadModel(b, 0, nullptr));
    /* a model of the other bundle */
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleUnloadModel", "not a loaded model",
                aclmdlBundleUnloadModel(b, a2));
    EXPECT(aclmdlBundleUnloadModel(b, a) == ACL_SUCCESS);
    check_scale(s, 4);
    EXPECT(aclmdlBundleUnload(b) == ACL_SUCCESS); /* unloads s */
    Io in = make_io({SN}), out = make_io({SN});
    EXPECT_FAIL(ACL_ERROR_INVALID_MODEL_ID, "aclmdlExecute", "not loaded",
                aclmdlExecute(s, in.ds, out.ds));
    free_io(in);
    free_io(out);
    check_affine(a2, 5);
    EXPECT(aclmdlBundleUnload(b2) == ACL_SUCCESS);
    aclrtFree(wk);
    aclrtFree(wt);
}

static void misuse(const ge::ModelBufferData &bundle, const ge::ModelBufferData *parts)
{
    uint32_t b = 0, id = 0, m = 0;
    size_t n = 0;
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleLoadFromFile", "modelPath",
                aclmdlBundleLoadFromFile(nullptr, &b));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleLoadFromMem", "bundleId",
                aclmdlBundleLoadFromMem(bundle.data.get(), bundle.length, nullptr));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleInitFromMem", "modelSize is 0",
                aclmdlBundleInitFromMem(bundle.data.get(), 0, nullptr, 0, &b));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleGetModelNum", "modelNum",
                aclmdlBundleGetModelNum(1, nullptr));
    for (uint32_t bad : {0u, 999999u}) {
        EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleGetModelNum", "not a bundle",
                    aclmdlBundleGetModelNum(bad, &n));
        EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleGetModelId", "not a bundle",
                    aclmdlBundleGetModelId(bad, 0, &m));
        EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleLoadModel", "not a bundle",
                    aclmdlBundleLoadModel(bad, 0, &m));
        EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleUnloadModel", "not a bundle",
                    aclmdlBundleUnloadModel(bad, 1));
        EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleUnload", "not a bundle",
                    aclmdlBundleUnload(bad));
    }
    /* a model id is not a bundle id */
    EXPECT(aclmdlLoadFromMem(parts[1].data.get(), parts[1].length, &id) == ACL_SUCCESS);
    EXPECT_FAIL(ACL_ERROR_INVALID_BUNDLE_MODEL_ID, "aclmdlBundleUnload", "not a bundle",
                aclmdlBundleUnload(id));
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
    /* a plain model to the bundle calls, a bundle to the model calls */
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlBundleLoadFromMem", "not a bundle",
                aclmdlBundleLoadFromMem(parts[0].data.get(), parts[0].length, &b));
    EXPECT_FAIL(ACL_ERROR_PARSE_MODEL, "aclmdlLoadFromFile", "aclmdlBundleLoadFromFile",
                aclmdlLoadFromFile(g_path.c_str(), &id));
    EXPECT_FAIL(ACL_ERROR_PARSE_MODEL, "aclmdlQueryExeOMDesc", "bundle", [] {
        aclmdlExeOMDesc d;
        return aclmdlQueryExeOMDesc(g_path.c_str(), &d);
    }());
    /* a flipped byte inside a model of the bundle fails the bundle's checksum */
    std::vector<unsigned char> img(bundle.data.get(), bundle.data.get() + bundle.length);
    img[img.size() - 5] ^= 0x10;
    EXPECT_FAIL(ACL_ERROR_DESERIALIZE_MODEL, "aclmdlBundleLoadFromMem", "checksum",
                aclmdlBundleLoadFromMem(img.data(), img.size(), &b));
    EXPECT_FAIL(ACL_ERROR_PARSE_MODEL, "aclmdlBundleQueryInfoFromMem", "truncated", [&] {
        aclmdlBundleQueryInfo *q = aclmdlBundleCreateQueryInfo();
        aclError e = aclmdlBundleQueryInfoFromMem(bundle.data.get(), 100, q);
        aclmdlBundleDestroyQueryInfo(q);
        return e;
    }());
    /* no model may be added through the ge calls beyond what a bundle holds, nor none */
    std::vector<ge::GraphWithOptions> none;
    ge::ModelBufferData out;
    EXPECT(ge::aclgrphBundleBuildModel(none, out) != ge::GRAPH_SUCCESS);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "1 to 63 models"));
    /* a bundle cannot hold a bundle: the writer refuses it through the ge call's path */
}

int main()
{
    small_start();
    ge::ModelBufferData parts[2] = {build(affine_graph()), build(scale_graph())};
    std::vector<ge::GraphWithOptions> gs = {{affine_graph(), {}}, {scale_graph(), {}}};
    ge::ModelBufferData bundle;
    EXPECT(ge::aclgrphBundleBuildModel(gs, bundle) == ge::GRAPH_SUCCESS);
    EXPECT(bundle.length > parts[0].length + parts[1].length);
    std::string base = small_base("mdl_bundle");
    EXPECT(ge::aclgrphBundleSaveModel(base.c_str(), bundle) == ge::GRAPH_SUCCESS);
    g_path = base + ".om";

    queries(bundle, parts);
    load_all(bundle);
    init_and_load(bundle, parts);
    misuse(bundle, parts);

    unlink(g_path.c_str());
    ge::aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::puts("mdl_bundle: ok");
    return 0;
}
