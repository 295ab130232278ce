/* SPDX-License-Identifier: Apache-2.0 */
/* The compile side (docs/op.md, "Models and compiling"): aclopSetModelDir (NULL, a path that
 * does not resolve, once per process), aclopLoad's argument rows, aclopSetMaxOpQueueNum,
 * aclopCompile (and the engine / compile-type / opPath rows), aclopCompileAndExecute(V2) against
 * host results, the compile options (defaults, set, read back, bad values), aclopSetCompileFlag,
 * the graph dump (a file whose text names the operator, its tensors and attributes), the dump
 * options, and the kernel-selector bookkeeping with AscendCL's codes. */
#include "optest.h"

static const int64_t d23[2] = {2, 3};

static void models(void)
{
    const char *fn = "aclopSetModelDir";
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopSetModelDir(NULL), fn);
    CHECK_OPERR(ACL_ERROR_READ_MODEL_FAILURE, aclopSetModelDir("/no/such/dir/for/models"), fn,
                "/no/such/dir/for/models");
    CHECK_OK(aclopSetModelDir("."));
    CHECK_OPERR(ACL_ERROR_REPEAT_INITIALIZE, aclopSetModelDir("."), fn, "once");
    char blob[16] = "not an om file";
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopLoad(NULL, 16), "aclopLoad");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopLoad(blob, 0), "aclopLoad");
    CHECK_OPERR(ACL_ERROR_PARSE_MODEL, aclopLoad(blob, sizeof(blob)), "aclopLoad",
                "not a cpuacl model file"); /* single-op models: tests/op/model.c */
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopSetMaxOpQueueNum(0), "aclopSetMaxOpQueueNum");
    CHECK_OK(aclopSetMaxOpQueueNum(20000));
}

static void compiles(aclrtStream s)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 2, d23)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    const aclTensorDesc *id[2] = {in[0].d, in[1].d}, *od[1] = {out.d};
    const char *fn = "aclopCompile";
    CHECK_OK(aclopCompile("Add", 2, id, 1, od, NULL, ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL));
    CHECK_OPERR(ACL_ERROR_OP_TYPE_NOT_MATCH,
                aclopCompile("Nope", 2, id, 1, od, NULL, ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL), fn,
                "Nope");
    CHECK_OPERR(ACL_ERROR_OP_INPUT_NOT_MATCH,
                aclopCompile("Add", 1, id, 1, od, NULL, ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL), fn,
                "Add");
    CHECK_OPERR(ACL_ERROR_API_NOT_SUPPORT,
                aclopCompile("Add", 2, id, 1, od, NULL, ACL_ENGINE_AICORE, ACL_COMPILE_SYS, NULL),
                fn, "engine");
    CHECK_OPERR(ACL_ERROR_API_NOT_SUPPORT,
                aclopCompile("Add", 2, id, 1, od, NULL, ACL_ENGINE_SYS, ACL_COMPILE_UNREGISTERED,
                             "/tmp/op.py"),
                fn, "ACL_COMPILE_UNREGISTERED");
    CHECK_OPERR(ACL_ERROR_API_NOT_SUPPORT,
                aclopCompile("Add", 2, id, 1, od, NULL, ACL_ENGINE_SYS, (aclopCompileType)7, NULL),
                fn, "compile type 7");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM,
                aclopCompile("Add", 2, id, 1, od, NULL, ACL_ENGINE_SYS, ACL_COMPILE_SYS, "x"), fn,
                "opPath");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM,
                aclopCompile(NULL, 2, id, 1, od, NULL, ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL), fn);
    aclTensorDesc *hd = aclCreateTensorDesc(ACL_FLOAT, 2, d23, ACL_FORMAT_ND);
    CHECK_OK(aclSetTensorPlaceMent(hd, ACL_MEMTYPE_HOST));
    const aclTensorDesc *idh[2] = {in[0].d, hd};
    CHECK_OPERR(ACL_ERROR_API_NOT_SUPPORT,
                aclopCompile("Add", 2, idh, 1, od, NULL, ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL), fn,
                "host");
    aclDestroyTensorDesc(hd);

    /* compile and execute, both forms */
    float a[6] = {1, -2, 3, -4, 5, -6}, b[6] = {0.5f, 0.25f, 2, 8, -1, 0}, y[6];
    ten_put(&in[0], a);
    ten_put(&in[1], b);
    const aclDataBuffer *ib[2] = {in[0].b, in[1].b};
    aclDataBuffer *ob[1] = {out.b};
    CHECK_OK(aclopCompileAndExecute("Add", 2, id, ib, 1, od, ob, NULL, ACL_ENGINE_SYS,
                                    ACL_COMPILE_SYS, NULL, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&out, y);
    for (int i = 0; i < 6; i++)
        CHECK(y[i] == a[i] + b[i]);
    aclTensorDesc *id2[1] = {in[0].d}, *od2[1] = {out.d};
    aclDataBuffer *ib2[1] = {in[0].b}, *ob2[1] = {out.b};
    CHECK_OK(aclopCompileAndExecuteV2("Relu", 1, id2, ib2, 1, od2, ob2, NULL, ACL_ENGINE_SYS,
                                      ACL_COMPILE_SYS, NULL, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&out, y);
    for (int i = 0; i < 6; i++)
        CHECK(y[i] == (a[i] > 0 ? a[i] : 0));
    CHECK_OPERR(ACL_ERROR_API_NOT_SUPPORT,
                aclopCompileAndExecuteV2("Relu", 1, id2, ib2, 1, od2, ob2, NULL, ACL_ENGINE_VECTOR,
                                         ACL_COMPILE_SYS, NULL, s),
                "aclopCompileAndExecuteV2");

    /* the graph dump */
    char dir[] = "/tmp/cpuacl_op_dumpXXXXXX";
    CHECK(mkdtemp(dir));
    aclopAttr *attr = aclopCreateAttr();
    CHECK_OK(aclopSetAttrBool(attr, "flag", 1));
    const int64_t l[2] = {4, 5};
    CHECK_OK(aclopSetAttrListInt(attr, "sizes", 2, l));
    const char *gd = "aclGenGraphAndDumpForOp";
    CHECK_OK(aclGenGraphAndDumpForOp("Add", 2, id, ib, 1, od, ob, NULL, ACL_ENGINE_SYS, dir, NULL));
    char path[256], text[4096];
    snprintf(path, sizeof(path), "%s/Add_graph.txt", dir);
    FILE *f = fopen(path, "r");
    CHECK(f);
    size_t n = fread(text, 1, sizeof(text) - 1, f);
    text[n] = 0;
    fclose(f);
    CHECK(strstr(text, "graph Add"));
    CHECK(strstr(text, "input 1: dtype 0 format 2 shape [2, 3]"));
    CHECK(strstr(text, "NetOutput"));
    unlink(path);
    snprintf(path, sizeof(path), "%s/named.txt", dir);
    CHECK_OPERR(
        ACL_ERROR_OP_TYPE_NOT_MATCH,
        aclGenGraphAndDumpForOp("Nope", 2, id, ib, 1, od, ob, attr, ACL_ENGINE_SYS, path, NULL), gd,
        "Nope");
    CHECK_OK(
        aclGenGraphAndDumpForOp("Add", 2, id, ib, 1, od, ob, attr, ACL_ENGINE_SYS, path, NULL));
    aclopDestroyAttr(attr);
    f = fopen(path, "r");
    CHECK(f);
    n = fread(text, 1, sizeof(text) - 1, f);
    text[n] = 0;
    fclose(f);
    CHECK(strstr(text, "attr flag: bool true"));
    CHECK(strstr(text, "attr sizes: list_int [4, 5]"));
    unlink(path);
    CHECK(rmdir(dir) == 0);
    aclGraphDumpOption *opt = aclCreateGraphDumpOpt();
    CHECK(opt);
    CHECK_OPERR(
        ACL_ERROR_INVALID_PARAM,
        aclGenGraphAndDumpForOp("Add", 2, id, ib, 1, od, ob, NULL, ACL_ENGINE_SYS, "/tmp", opt), gd,
        "graphDumpOpt");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM,
                aclGenGraphAndDumpForOp("Add", 2, id, ib, 1, od, ob, NULL, ACL_ENGINE_SYS,
                                        "/no/such/dir", NULL),
                gd, "/no/such/dir");
    CHECK_OPERR(ACL_ERROR_WRITE_FILE,
                aclGenGraphAndDumpForOp("Add", 2, id, ib, 1, od, ob, NULL, ACL_ENGINE_SYS,
                                        "/no/such/dir/g.txt", NULL),
                gd, "/no/such/dir/g.txt");
    CHECK_OK(aclDestroyGraphDumpOpt(opt));
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclDestroyGraphDumpOpt(NULL), "aclDestroyGraphDumpOpt");
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

static void options(void)
{
    char v[64];
    CHECK(aclGetCompileoptSize(ACL_PRECISION_MODE) == strlen("allow_fp32_to_fp16") + 1);
    CHECK_OK(aclGetCompileopt(ACL_PRECISION_MODE, v, sizeof(v)));
    CHECK(!strcmp(v, "allow_fp32_to_fp16"));
    CHECK_OK(aclGetCompileopt(ACL_OP_JIT_COMPILE, v, sizeof(v)));
    CHECK(!strcmp(v, "disable"));
    CHECK_OK(aclSetCompileopt(ACL_PRECISION_MODE, "force_fp32"));
    CHECK(aclGetCompileoptSize(ACL_PRECISION_MODE) == strlen("force_fp32") + 1);
    CHECK_OK(aclGetCompileopt(ACL_PRECISION_MODE, v, sizeof(v)));
    CHECK(!strcmp(v, "force_fp32"));
    CHECK_OK(aclSetCompileopt(ACL_DEBUG_DIR, "/tmp/kernel_meta"));
    CHECK_OK(aclGetCompileopt(ACL_DEBUG_DIR, v, sizeof(v)));
    CHECK(!strcmp(v, "/tmp/kernel_meta"));
    const char *fn = "aclSetCompileopt";
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclSetCompileopt(ACL_PRECISION_MODE, "fast"), fn,
                "ACL_PRECISION_MODE", "fast");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclSetCompileopt(ACL_OP_DEBUG_LEVEL, NULL), fn);
    CHECK_OPERR(ACL_ERROR_FEATURE_UNSUPPORTED, aclSetCompileopt(ACL_AUTO_TUNE_MODE, "GA"), fn);
    CHECK_OPERR(ACL_ERROR_INTERNAL_ERROR, aclSetCompileopt((aclCompileOpt)99, "x"), fn, "99");
    CHECK_OPERR(ACL_ERROR_FAILURE, aclGetCompileopt(ACL_PRECISION_MODE, v, 4), "aclGetCompileopt",
                "length 4");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclGetCompileopt(ACL_PRECISION_MODE, NULL, 4),
                "aclGetCompileopt");
    CHECK(aclGetCompileoptSize((aclCompileOpt)99) == 0);
    CHECK_OK(aclopSetCompileFlag(ACL_OP_COMPILE_FUZZ));
    CHECK_OK(aclopSetCompileFlag(ACL_OP_COMPILE_DEFAULT));
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopSetCompileFlag((aclOpCompileFlag)5),
                "aclopSetCompileFlag");
}

/* ---- kernel selectors ---------------------------------------------------------------------- */

static const char *g_pick = "k1";
static int g_calls;

static aclError select_kernel(int nin, const aclTensorDesc *const in[], int nout,
                              const aclTensorDesc *const out[], const aclopAttr *attr,
                              aclopKernelDesc *kd)
{
    (void)in;
    (void)out;
    (void)attr;
    g_calls++;
    CHECK(nin == 2 && nout == 1);
    uint32_t tiling[2] = {7, 9};
    size_t ws[2] = {64, 128};
    CHECK_OK(aclopSetKernelWorkspaceSizes(kd, 2, ws));
    return aclopSetKernelArgs(kd, g_pick, 2, tiling, sizeof(tiling));
}

static void dealloc(void *data, size_t len)
{
    (void)len;
    free(data);
}

static void selectors(aclrtStream s)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 2, d23)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    const aclTensorDesc *id[2] = {in[0].d, in[1].d}, *od[1] = {out.d};
    const char *up = "aclopUpdateParams";
    CHECK_OPERR(ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED,
                aclopUpdateParams("MyTik", 2, id, 1, od, NULL), up, "MyTik");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopRegisterCompileFunc(NULL, select_kernel),
                "aclopRegisterCompileFunc");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopRegisterCompileFunc("MyTik", NULL), "func");
    CHECK_OK(aclopRegisterCompileFunc("MyTik", select_kernel));
    CHECK_OPERR(ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED,
                aclopRegisterCompileFunc("MyTik", select_kernel), "MyTik");
    /* the selector chose a kernel nobody created */
    CHECK_OPERR(ACL_ERROR_KERNEL_NOT_FOUND, aclopUpdateParams("MyTik", 2, id, 1, od, NULL), up,
                "k1");
    CHECK(g_calls == 1);
    void *bin = malloc(32);
    memset(bin, 0, 32);
    const char *ck = "aclopCreateKernel";
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM,
                aclopCreateKernel("MyTik", "k1", "k1__kernel0", NULL, 32, ACL_ENGINE_AICORE, NULL),
                ck, "binData");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM,
                aclopCreateKernel("MyTik", "k1", "k1__kernel0", bin, 0, ACL_ENGINE_AICORE, NULL),
                ck, "binSize");
    CHECK_OK(aclopCreateKernel("MyTik", "k1", "k1__kernel0", bin, 32, ACL_ENGINE_AICORE, dealloc));
    CHECK_OPERR(ACL_ERROR_KERNEL_ALREADY_REGISTERED,
                aclopCreateKernel("MyTik", "k1", "again", bin, 32, ACL_ENGINE_AICORE, NULL), ck,
                "k1");
    CHECK_OK(aclopUpdateParams("MyTik", 2, id, 1, od, NULL));
    CHECK(g_calls == 2);
    /* running it needs the device binary */
    aclTensorDesc *idv[2] = {in[0].d, in[1].d}, *odv[1] = {out.d};
    aclDataBuffer *ib[2] = {in[0].b, in[1].b}, *ob[1] = {out.b};
    CHECK_OPERR(ACL_ERROR_API_NOT_SUPPORT, aclopExecuteV2("MyTik", 2, idv, ib, 1, odv, ob, NULL, s),
                "aclopExecuteV2", "MyTik");
    CHECK_OK(aclopUnregisterCompileFunc("MyTik"));
    CHECK_OK(aclopUnregisterCompileFunc("MyTik")); /* none: nothing to do */
    CHECK_OPERR(ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED,
                aclopUpdateParams("MyTik", 2, id, 1, od, NULL), up);
    CHECK_OPERR(ACL_ERROR_OP_TYPE_NOT_MATCH,
                aclopExecuteV2("MyTik", 2, idv, ib, 1, odv, ob, NULL, s), "MyTik");
    /* the kernel-description setters' rows */
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopSetKernelArgs(NULL, "k", 1, "", 0),
                "aclopSetKernelArgs", "kernelDesc");
    CHECK_OPERR(ACL_ERROR_INVALID_PARAM, aclopSetKernelWorkspaceSizes(NULL, 0, NULL),
                "aclopSetKernelWorkspaceSizes");
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    models();
    compiles(s);
    options();
    selectors(s);
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("op_compile: ok\n");
    return 0;
}
