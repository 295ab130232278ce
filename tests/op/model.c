/* SPDX-License-Identifier: Apache-2.0 */
/* Single-operator models (docs/op.md, "Single-operator models"): files written with
 * cpuaclOpSaveModel (what atc --singleop writes; tests/atc/atc_singleop.py runs atc itself)
 * registered by aclopSetModelDir (subfolders, foreign and non-.om files skipped, a damaged
 * cpuacl file refusing the directory, which may then be set again) and by aclopLoad (the
 * reader's codes, MODEL_MISSING_ATTR), then matched by aclopExecuteV2, aclopCreateHandle and
 * aclopCast: a matching instance runs and computes, one of a type with models but matching none
 * is ACL_ERROR_OP_NOT_FOUND naming the difference, a type without models runs by its type, a
 * compiled instance joins the registry. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpuacl/cpuacl_op.h"
#include "optest.h"

static char g_dir[64];

static void path_of(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", g_dir, name);
}

/* Save type's model of nin float inputs and one float output, all of dims. */
static void save(const char *name, const char *type, int nin, aclDataType out_type, int nd,
                 const int64_t *dims, const aclopAttr *attr)
{
    aclTensorDesc *in[2], *out;
    for (int i = 0; i < nin; i++)
        CHECK((in[i] = aclCreateTensorDesc(ACL_FLOAT, nd, dims, ACL_FORMAT_ND)));
    CHECK((out = aclCreateTensorDesc(out_type, nd, dims, ACL_FORMAT_ND)));
    char path[256];
    path_of(path, sizeof(path), name);
    CHECK_OK(cpuaclOpSaveModel(path, type, nin, (const aclTensorDesc *const *)in, 1,
                               (const aclTensorDesc *const *)&out, attr, 0));
    for (int i = 0; i < nin; i++)
        aclDestroyTensorDesc(in[i]);
    aclDestroyTensorDesc(out);
}

static void spill(const char *path, const void *b, size_t len)
{
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(b, 1, len, f) == len);
    fclose(f);
}

/* Run a binary float op (Add, Sub, Mul) on [n], check its result when it runs. */
static aclError binary(const char *type, int64_t n, aclrtStream s)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 1, &n), ten_new(ACL_FLOAT, 1, &n)};
    struct ten out = ten_new(ACL_FLOAT, 1, &n);
    float a[32], b[32], got[32], want[32];
    for (int64_t i = 0; i < n; i++) {
        a[i] = (float)i;
        b[i] = 0.5f * (float)i + 1;
        want[i] = !strcmp(type, "Mul")   ? a[i] * b[i]
                  : !strcmp(type, "Sub") ? a[i] - b[i]
                                         : a[i] + b[i];
    }
    ten_put(&in[0], a);
    ten_put(&in[1], b);
    aclError rc = op_run(type, 2, in, 1, &out, NULL, s);
    if (rc == ACL_SUCCESS) {
        CHECK_OK(aclrtSynchronizeStream(s));
        ten_get(&out, got);
        check_floats(got, want, (size_t)n, type);
    }
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
    return rc;
}

/* Relu on [rows, cols]. */
static aclError relu(int64_t rows, int64_t cols, aclrtStream s)
{
    int64_t d[2] = {rows, cols};
    struct ten in = ten_new(ACL_FLOAT, 2, d), out = ten_new(ACL_FLOAT, 2, d);
    aclError rc = op_run("Relu", 1, &in, 1, &out, NULL, s);
    if (rc == ACL_SUCCESS)
        CHECK_OK(aclrtSynchronizeStream(s));
    ten_free(&in);
    ten_free(&out);
    return rc;
}

static void write_models(void)
{
    int64_t d4 = 4, dyn[2] = {-1, 8};
    save("0_Add.om", "Add", 2, ACL_FLOAT, 1, &d4, NULL);
    aclopAttr *cast = aclopCreateAttr();
    CHECK_OK(aclopSetAttrInt(cast, "dst_type", ACL_FLOAT16));
    save("cast.om", "Cast", 1, ACL_FLOAT16, 1, &d4, cast);
    aclopDestroyAttr(cast);
    /* Relu [-1, 8] with the -1 in [1, 16], in a subfolder */
    char sub[128];
    path_of(sub, sizeof(sub), "deeper");
    CHECK(mkdir(sub, 0755) == 0);
    aclTensorDesc *in, *out;
    CHECK((in = aclCreateTensorDesc(ACL_FLOAT, 2, dyn, ACL_FORMAT_ND)));
    CHECK((out = aclCreateTensorDesc(ACL_FLOAT, 2, dyn, ACL_FORMAT_ND)));
    int64_t range[2][2] = {{1, 16}, {8, 8}};
    CHECK_OK(aclSetTensorShapeRange(in, 2, range));
    CHECK_OK(aclSetTensorShapeRange(out, 2, range));
    char path[256];
    snprintf(path, sizeof(path), "%s/relu.om", sub);
    CHECK_OK(cpuaclOpSaveModel(path, "Relu", 1, (const aclTensorDesc *const *)&in, 1,
                               (const aclTensorDesc *const *)&out, NULL, 0));
    aclDestroyTensorDesc(in);
    aclDestroyTensorDesc(out);
    /* skipped: another magic named .om, a model without .om */
    path_of(path, sizeof(path), "npu.om");
    spill(path, "IMOD\0\0\0\0\0\0\0\x20not a cpuacl model", 30);
    save("mul.bin", "Mul", 2, ACL_FLOAT, 1, &d4, NULL);
}

static void loads(aclrtStream s)
{
    const char *fn = "aclopLoad";
    char path[256];
    path_of(path, sizeof(path), "mul.bin");
    size_t len;
    unsigned char *b = (unsigned char *)test_read_file(path, &len);
    CHECK_OPERR(ACL_ERROR_PARSE_MODEL, aclopLoad(b, len - 1), fn, "truncated");
    b[len - 1] ^= 1; /* the op section's last byte: its checksum fails */
    CHECK_OPERR(ACL_ERROR_DESERIALIZE_MODEL, aclopLoad(b, len), fn, "checksum");
    b[len - 1] ^= 1;
    CHECK_OPERR(ACL_ERROR_PARSE_MODEL, aclopLoad("IMOD\0\0\0\0\0\0\0\x20", 12), fn, "NPU");
    CHECK_OK(binary("Mul", 5, s)); /* nothing registered: runs by its type */
    CHECK_OK(aclopLoad(b, len));
    free(b);
    CHECK_OK(binary("Mul", 4, s)); /* the model's instance */
    CHECK_OPERR(ACL_ERROR_OP_NOT_FOUND, binary("Mul", 5, s), "aclopExecuteV2", "Mul",
                "the shape of input 0 differs");
}

static void bad_dir(void)
{
    /* a damaged cpuacl model file refuses the directory: nothing registered, and the
     * directory is not set (the next call may set one) */
    char dir[64] = "/tmp/cpuacl_op_badXXXXXX", path[128];
    CHECK(mkdtemp(dir));
    char src[256];
    path_of(src, sizeof(src), "cast.om");
    size_t len;
    unsigned char *b = (unsigned char *)test_read_file(src, &len);
    b[70] ^= 0x40; /* inside the section table: its checksum fails */
    snprintf(path, sizeof(path), "%s/broken.om", dir);
    spill(path, b, len);
    free(b);
    CHECK_OPERR(ACL_ERROR_DESERIALIZE_MODEL, aclopSetModelDir(dir), "aclopSetModelDir",
                "broken.om");
    unlink(path);
    rmdir(dir);
}

static void matches(aclrtStream s)
{
    const char *fn = "aclopExecuteV2";
    CHECK_OK(binary("Add", 4, s));
    CHECK_OPERR(ACL_ERROR_OP_NOT_FOUND, binary("Add", 6, s), fn, "Add", "0_Add.om",
                "no registered single-op model");
    CHECK_OK(binary("Sub", 6, s)) /* no model of Sub: runs by its type */;
    CHECK_OK(relu(3, 8, s));
    CHECK_OK(relu(16, 8, s));
    CHECK_OPERR(ACL_ERROR_OP_NOT_FOUND, relu(17, 8, s), fn, "relu.om", "shape range");
    CHECK_OPERR(ACL_ERROR_OP_NOT_FOUND, relu(3, 9, s), fn, "shape of input 0");

    /* Cast: the attribute is part of the instance; aclopCast matches too */
    int64_t d4 = 4;
    struct ten x = ten_new(ACL_FLOAT, 1, &d4), h = ten_new(ACL_FLOAT16, 1, &d4),
               i32 = ten_new(ACL_INT32, 1, &d4);
    CHECK_OK(aclopCast(x.d, x.b, h.d, h.b, 0, s));
    CHECK_OPERR(ACL_ERROR_OP_NOT_FOUND, aclopCast(x.d, x.b, i32.d, i32.b, 0, s), "aclopCast",
                "data type of output 0");
    aclopAttr *a = aclopCreateAttr();
    CHECK_OK(aclopSetAttrInt(a, "dst_type", ACL_INT32));
    CHECK_OPERR(ACL_ERROR_OP_NOT_FOUND, op_run("Cast", 1, &x, 1, &h, a, s), fn,
                "attributes differ");
    CHECK_OK(aclopSetAttrInt(a, "dst_type", ACL_FLOAT16));
    CHECK_OK(op_run("Cast", 1, &x, 1, &h, a, s));
    CHECK_OK(aclrtSynchronizeStream(s));

    /* handles match at creation */
    int64_t d6 = 6;
    struct ten p = ten_new(ACL_FLOAT, 1, &d6), q = ten_new(ACL_FLOAT, 1, &d4);
    const aclTensorDesc *in6[2] = {p.d, p.d}, *in4[2] = {q.d, q.d};
    aclopHandle *hd = NULL;
    CHECK_OPERR(ACL_ERROR_OP_NOT_FOUND, aclopCreateHandle("Add", 2, in6, 1, in6, NULL, &hd),
                "aclopCreateHandle", "Add");
    CHECK(hd == NULL);
    CHECK_OK(aclopCreateHandle("Add", 2, in4, 1, in4, NULL, &hd));
    aclopDestroyHandle(hd);

    /* a compiled instance joins the registry (as GE's online compile) */
    aclDataBuffer *bufs[3] = {p.b, p.b, p.b};
    CHECK_OK(aclopCompileAndExecute("Add", 2, in6, (const aclDataBuffer *const *)bufs, 1, in6,
                                    bufs + 2, NULL, ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(binary("Add", 6, s));
    aclopDestroyAttr(a);
    ten_free(&x);
    ten_free(&h);
    ten_free(&i32);
    ten_free(&p);
    ten_free(&q);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    strcpy(g_dir, "/tmp/cpuacl_op_modelsXXXXXX");
    CHECK(mkdtemp(g_dir));
    write_models();
    CHECK_OK(binary("Add", 6, s)); /* nothing registered yet */
    loads(s);
    bad_dir();
    CHECK_OK(binary("Add", 6, s)); /* the failed directory registered nothing */
    CHECK_OK(aclopSetModelDir(g_dir));
    CHECK_OPERR(ACL_ERROR_REPEAT_INITIALIZE, aclopSetModelDir(g_dir), "aclopSetModelDir", "once");
    matches(s);
    CHECK_OK(aclrtDestroyStream(s));
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf %s", g_dir);
    CHECK(system(cmd) == 0);
    TEST_CLOSE();
    printf("op_model: ok\n");
    return 0;
}
