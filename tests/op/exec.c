/* SPDX-License-Identifier: Apache-2.0 */
/* aclopExecuteV2 and aclopExecute (docs/op.md, "Execution"), results checked against the host:
 * seed 004's two flows (a context of device 0 with an explicit stream, a context of device 1,
 * back; set_device then stream NULL twice and a synchronize), stream order with copies before
 * and after, a const input (aclSetTensorConst, buffer (NULL, 0)) and a host-placed input (its
 * value taken at the call), ReduceSum's axes given each way, an optional input not given, outputs
 * all empty, capture replayed twice, and every misuse row with its code, its message and nothing
 * queued (the output untouched after a synchronize). */
#include "optest.h"

static const int64_t d23[2] = {2, 3}, d3[1] = {3};

/* x1 + x2 on the host, x2 broadcast over rows of n2 (n1 a multiple of n2). */
static void host_add(const float *x1, size_t n1, const float *x2, size_t n2, float *y)
{
    for (size_t i = 0; i < n1; i++)
        y[i] = x1[i] + x2[i % n2];
}

static void host_relu(const float *x, size_t n, float *y)
{
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] > 0 ? x[i] : 0;
}

static void fill(float *v, size_t n, float base)
{
    for (size_t i = 0; i < n; i++)
        v[i] = base + (float)i * 0.75f - (float)(i % 3) * 2.5f;
}

/* Add [2,3] + [3] on stream, then check. */
static void add_on(aclrtStream stream, float base)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    float a[6], b[3], y[6], want[6];
    fill(a, 6, base);
    fill(b, 3, -base);
    ten_put(&in[0], a);
    ten_put(&in[1], b);
    aclopAttr *attr = aclopCreateAttr();
    CHECK_OK(op_run("Add", 2, in, 1, &out, attr, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    ten_get(&out, y);
    host_add(a, 6, b, 3, want);
    check_floats(y, want, 6, "Add");
    aclopDestroyAttr(attr);
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

/* Seed 004, flow 1: contexts of two devices, explicit streams, back to the first. */
static void seed_contexts(void)
{
    aclrtContext ctx1, ctx2;
    aclrtStream s1, s2;
    CHECK_OK(aclrtCreateContext(&ctx1, 0));
    CHECK_OK(aclrtCreateStream(&s1));
    add_on(s1, 1.0f);
    CHECK_OK(aclrtCreateContext(&ctx2, 1));
    CHECK_OK(aclrtCreateStream(&s2));
    int32_t dev = -1;
    CHECK_OK(aclrtGetDevice(&dev));
    CHECK(dev == 1);
    add_on(s2, 2.0f); /* runs on device 1: its memory, its stream */
    CHECK_OK(aclrtDestroyStream(s2));
    CHECK_OK(aclrtSetCurrentContext(ctx1));
    add_on(s1, 3.0f);
    CHECK_OK(aclrtDestroyStream(s1));
    CHECK_OK(aclrtDestroyContext(ctx2));
    CHECK_OK(aclrtDestroyContext(ctx1));
}

/* Seed 004, flow 2: set_device, two operators on stream 0, synchronize_stream(0). */
static void seed_default_stream(void)
{
    CHECK_OK(aclrtSetDevice(0));
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    struct ten mid = ten_new(ACL_FLOAT, 2, d23), out = ten_new(ACL_FLOAT, 2, d23);
    float a[6], b[3], y[6], s[6], want[6];
    fill(a, 6, -2.0f);
    fill(b, 3, 0.5f);
    ten_put(&in[0], a);
    ten_put(&in[1], b);
    aclopAttr *attr = aclopCreateAttr();
    CHECK_OK(op_run("Add", 2, in, 1, &mid, attr, NULL));
    CHECK_OK(op_run("Relu", 1, &mid, 1, &out, attr, NULL)); /* reads what the Add wrote */
    CHECK_OK(aclrtSynchronizeStream(NULL));
    ten_get(&out, y);
    host_add(a, 6, b, 3, s);
    host_relu(s, 6, want);
    check_floats(y, want, 6, "Add then Relu on stream 0");
    aclopDestroyAttr(attr);
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&mid);
    ten_free(&out);
}

/* Copies before and after the operator on one stream, one synchronize at the end. */
static void stream_order(aclrtStream s)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 2, d23)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    float *a, *b, *y, want[6];
    CHECK_OK(aclrtMallocHost((void **)&a, 24));
    CHECK_OK(aclrtMallocHost((void **)&b, 24));
    CHECK_OK(aclrtMallocHost((void **)&y, 24));
    for (int round = 0; round < 3; round++) {
        fill(a, 6, (float)round);
        fill(b, 6, 10.0f * (float)round);
        memset(y, 0, 24);
        CHECK_OK(aclrtMemcpyAsync(in[0].dev, 24, a, 24, ACL_MEMCPY_HOST_TO_DEVICE, s));
        CHECK_OK(aclrtMemcpyAsync(in[1].dev, 24, b, 24, ACL_MEMCPY_HOST_TO_DEVICE, s));
        CHECK_OK(op_run("Add", 2, in, 1, &out, NULL, s)); /* attr NULL: no attributes */
        CHECK_OK(aclrtMemcpyAsync(y, 24, out.dev, 24, ACL_MEMCPY_DEVICE_TO_HOST, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        host_add(a, 6, b, 6, want);
        check_floats(y, want, 6, "copy, Add, copy");
    }
    FREE_HOST(a, b, y);
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

/* x2 fixed by the description (its buffer (NULL, 0)), then x2 host-placed: the value at the
 * call is the one used, whatever the host memory holds when the task runs. */
static void fixed_inputs(aclrtStream s)
{
    struct ten x1 = ten_new(ACL_FLOAT, 2, d23), out = ten_new(ACL_FLOAT, 2, d23);
    float a[6], c[3] = {1.5f, -2.0f, 4.0f}, y[6], want[6];
    fill(a, 6, 0.25f);
    ten_put(&x1, a);
    aclTensorDesc *cd = aclCreateTensorDesc(ACL_FLOAT, 1, d3, ACL_FORMAT_ND);
    CHECK_OK(aclSetTensorConst(cd, c, sizeof(c)));
    aclDataBuffer *none = aclCreateDataBuffer(NULL, 0);
    aclTensorDesc *id[2] = {x1.d, cd}, *od[1] = {out.d};
    aclDataBuffer *ib[2] = {x1.b, none}, *ob[1] = {out.b};
    CHECK_OK(aclopExecuteV2("Add", 2, id, ib, 1, od, ob, NULL, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&out, y);
    host_add(a, 6, c, 3, want);
    check_floats(y, want, 6, "Add with a const x2");
    aclDestroyTensorDesc(cd);

    /* host-placed: a gate holds the stream until the host memory changed */
    float *h;
    CHECK_OK(aclrtMallocHost((void **)&h, sizeof(c)));
    memcpy(h, c, sizeof(c));
    aclTensorDesc *hd = aclCreateTensorDesc(ACL_FLOAT, 1, d3, ACL_FORMAT_ND);
    CHECK_OK(aclSetTensorPlaceMent(hd, ACL_MEMTYPE_HOST));
    aclDataBuffer *hb = aclCreateDataBuffer(h, sizeof(c));
    id[1] = hd;
    ib[1] = hb;
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(s, &g));
    CHECK_OK(aclopExecuteV2("Add", 2, id, ib, 1, od, ob, NULL, s));
    for (int i = 0; i < 3; i++)
        h[i] = 1000.0f; /* after the call, before the run */
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&out, y);
    check_floats(y, want, 6, "Add with a host-placed x2");
    CHECK_NO_KFAIL();
    CHECK_OK(aclDestroyDataBuffer(hb));
    aclDestroyTensorDesc(hd);
    FREE_HOST(h);
    CHECK_OK(aclDestroyDataBuffer(none));
    ten_free(&x1);
    ten_free(&out);
}

/* ReduceSum's axes, a value input: const, host-placed, then a device buffer (no value). */
static void value_inputs(aclrtStream s)
{
    struct ten x = ten_new(ACL_FLOAT, 2, d23);
    const int64_t d2[1] = {2}, d1[1] = {1};
    struct ten y = ten_new(ACL_FLOAT, 1, d2);
    float a[6], got[3], want[3];
    fill(a, 6, 1.0f);
    ten_put(&x, a);
    int64_t axes[1] = {1};
    aclTensorDesc *ad = aclCreateTensorDesc(ACL_INT64, 1, d1, ACL_FORMAT_ND);
    CHECK_OK(aclSetTensorConst(ad, axes, sizeof(axes)));
    aclDataBuffer *none = aclCreateDataBuffer(NULL, 0);
    aclTensorDesc *id[2] = {x.d, ad}, *od[1] = {y.d};
    aclDataBuffer *ib[2] = {x.b, none}, *ob[1] = {y.b};
    CHECK_OK(aclopExecuteV2("ReduceSum", 2, id, ib, 1, od, ob, NULL, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&y, got);
    for (int r = 0; r < 2; r++)
        want[r] = a[3 * r] + a[3 * r + 1] + a[3 * r + 2];
    check_floats(got, want, 2, "ReduceSum over a const axis 1");
    aclDestroyTensorDesc(ad);
    /* host-placed axes 0: the output is [3] */
    struct ten y3 = ten_new(ACL_FLOAT, 1, d3);
    int64_t *h;
    CHECK_OK(aclrtMallocHost((void **)&h, 8));
    h[0] = 0;
    aclTensorDesc *hd = aclCreateTensorDesc(ACL_INT64, 1, d1, ACL_FORMAT_ND);
    CHECK_OK(aclSetTensorPlaceMent(hd, ACL_MEMTYPE_HOST));
    aclDataBuffer *hb = aclCreateDataBuffer(h, 8);
    aclTensorDesc *idh[2] = {x.d, hd}, *od3[1] = {y3.d};
    aclDataBuffer *ibh[2] = {x.b, hb}, *ob3[1] = {y3.b};
    CHECK_OK(aclopExecuteV2("ReduceSum", 2, idh, ibh, 1, od3, ob3, NULL, s));
    h[0] = 1; /* after the call: the call's value is the one used */
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&y3, got);
    for (int c = 0; c < 3; c++)
        want[c] = a[c] + a[3 + c];
    check_floats(got, want, 3, "ReduceSum over a host-placed axis 0");
    /* the same value in device memory: the shape depends on a value not known */
    struct ten ax = ten_new(ACL_INT64, 1, d1);
    ten_put(&ax, axes);
    aclTensorDesc *idd[2] = {x.d, ax.d};
    aclDataBuffer *ibd[2] = {x.b, ax.b};
    CHECK_OPERR(ACL_ERROR_OP_INPUT_NOT_MATCH,
                aclopExecuteV2("ReduceSum", 2, idd, ibd, 1, od, ob, NULL, s), "ReduceSum", "axes");
    ten_free(&ax);
    CHECK_OK(aclDestroyDataBuffer(hb));
    aclDestroyTensorDesc(hd);
    FREE_HOST(h);
    CHECK_OK(aclDestroyDataBuffer(none));
    ten_free(&x);
    ten_free(&y);
    ten_free(&y3);
}

/* Every output empty: success, nothing queued, whatever the type. */
static void empty_outputs(aclrtStream s)
{
    const int64_t d0[2] = {0, 3};
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d0), ten_new(ACL_FLOAT, 1, d3)};
    struct ten out = ten_new(ACL_FLOAT, 2, d0);
    CHECK_OK(op_run("Add", 2, in, 1, &out, NULL, s));
    CHECK_OK(op_run("NoSuchType", 2, in, 1, &out, NULL, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

/* The deprecated aclopExecute: the same path with const arrays. */
static void execute_v1(aclrtStream s)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    float a[6], b[3], y[6], want[6];
    fill(a, 6, 7.0f);
    fill(b, 3, 1.0f);
    ten_put(&in[0], a);
    ten_put(&in[1], b);
    const aclTensorDesc *id[2] = {in[0].d, in[1].d}, *od[1] = {out.d};
    const aclDataBuffer *ib[2] = {in[0].b, in[1].b};
    aclDataBuffer *ob[1] = {out.b};
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK_OK(aclopExecute("Add", 2, id, ib, 1, od, ob, NULL, s));
#pragma GCC diagnostic pop
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&out, y);
    host_add(a, 6, b, 3, want);
    check_floats(y, want, 6, "aclopExecute");
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

/* Captured into a model run instance, replayed twice with new inputs. */
static void captured(aclrtStream s)
{
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    float a[6], b[3], y[6], want[6], zero[6] = {0};
    ten_put(&out, zero);
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(op_run("Add", 2, in, 1, &out, NULL, s));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclrtSynchronizeStream(s));
    ten_get(&out, y);
    check_floats(y, zero, 6, "a captured Add before any replay");
    for (int round = 0; round < 2; round++) {
        fill(a, 6, 3.0f * (float)round - 1.0f);
        fill(b, 3, (float)round);
        ten_put(&in[0], a);
        ten_put(&in[1], b);
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        ten_get(&out, y);
        host_add(a, 6, b, 3, want);
        check_floats(y, want, 6, "a captured Add replayed");
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

/* ---- misuse ------------------------------------------------------------------------------ */

static const float k_sentinel = -12345.0f;

/* The output still holds the sentinel after a synchronize: nothing ran. */
static void untouched(struct ten *out, aclrtStream s)
{
    CHECK_OK(aclrtSynchronizeStream(s));
    float y[64];
    ten_get(out, y);
    for (size_t i = 0; i < out->n; i++)
        CHECK(y[i] == k_sentinel);
}

static void misuse(aclrtStream s)
{
    const aclError inval = ACL_ERROR_INVALID_PARAM;
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    float sent[6];
    for (int i = 0; i < 6; i++)
        sent[i] = k_sentinel;
    ten_put(&out, sent);
    aclTensorDesc *id[2] = {in[0].d, in[1].d}, *od[1] = {out.d};
    aclDataBuffer *ib[2] = {in[0].b, in[1].b}, *ob[1] = {out.b};
    const char *v2 = "aclopExecuteV2";

    CHECK_OPERR(inval, aclopExecuteV2(NULL, 2, id, ib, 1, od, ob, NULL, s), v2, "opType");
    CHECK_OPERR(inval, aclopExecuteV2("Add", -1, id, ib, 1, od, ob, NULL, s), v2, "negative");
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ib, -2, od, ob, NULL, s), "negative");
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, NULL, ib, 1, od, ob, NULL, s), "Add", "inputDesc");
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, NULL, 1, od, ob, NULL, s), "Add", "inputs");
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ib, 1, NULL, ob, NULL, s), "outputDesc");
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ib, 1, od, NULL, NULL, s), "outputs");
    aclTensorDesc *idn[2] = {in[0].d, NULL};
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, idn, ib, 1, od, ob, NULL, s), "inputDesc[1]");
    aclDataBuffer *ibn[2] = {in[0].b, NULL};
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ibn, 1, od, ob, NULL, s), "inputs[1]");
    aclDataBuffer *obn[1] = {NULL};
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ib, 1, od, obn, NULL, s), "outputs[0]");
    /* a buffer smaller than its description, then a NULL address */
    aclDataBuffer *small = aclCreateDataBuffer(in[1].dev, 8);
    aclDataBuffer *ibs[2] = {in[0].b, small};
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ibs, 1, od, ob, NULL, s), "Add", "input 1",
                "8 bytes", "needs 12");
    CHECK_OK(aclUpdateDataBuffer(small, NULL, 12));
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ibs, 1, od, ob, NULL, s), "input 1", "NULL");
    CHECK_OK(aclUpdateDataBuffer(small, out.dev, 20));
    aclDataBuffer *obs[1] = {small};
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ib, 1, od, obs, NULL, s), "output 0",
                "needs 24");
    CHECK_OK(aclDestroyDataBuffer(small));
    /* the operator's rows, from its IR declaration */
    CHECK_OPERR(ACL_ERROR_OP_TYPE_NOT_MATCH,
                aclopExecuteV2("NoSuchType", 2, id, ib, 1, od, ob, NULL, s), v2, "NoSuchType");
    CHECK_OPERR(ACL_ERROR_OP_INPUT_NOT_MATCH, aclopExecuteV2("Add", 1, id, ib, 1, od, ob, NULL, s),
                v2, "Add");
    CHECK_OPERR(ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                aclopExecuteV2("Relu", 1, id, ib, 0, od, ob, NULL, s), "Relu");
    const int64_t d4[1] = {4};
    struct ten bad = ten_new(ACL_FLOAT, 1, d4);
    aclTensorDesc *idb[2] = {in[0].d, bad.d};
    aclDataBuffer *ibb[2] = {in[0].b, bad.b};
    CHECK_OPERR(ACL_ERROR_OP_INPUT_NOT_MATCH,
                aclopExecuteV2("Add", 2, idb, ibb, 1, od, ob, NULL, s), "Add");
    aclTensorDesc *odb[1] = {bad.d};
    aclDataBuffer *obb[1] = {bad.b};
    CHECK_OPERR(ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                aclopExecuteV2("Add", 2, id, ib, 1, odb, obb, NULL, s), "Add");
    ten_free(&bad);
    struct ten bools = ten_new(ACL_BOOL, 2, d23);
    CHECK_OPERR(ACL_ERROR_UNSUPPORTED_DATA_TYPE,
                aclopExecuteV2("Relu", 1, &bools.d, &bools.b, 1, od, ob, NULL, s), "Relu");
    ten_free(&bools);
    /* Cast's required dst_type: missing, then set with another type */
    aclopAttr *attr = aclopCreateAttr();
    CHECK_OPERR(ACL_ERROR_OP_ATTR_NOT_MATCH, aclopExecuteV2("Cast", 1, id, ib, 1, od, ob, attr, s),
                "Cast", "dst_type");
    CHECK_OK(aclopSetAttrFloat(attr, "dst_type", 0.0f));
    CHECK_OPERR(ACL_ERROR_OP_ATTR_NOT_MATCH, aclopExecuteV2("Cast", 1, id, ib, 1, od, ob, attr, s),
                "Cast", "dst_type");
    aclopDestroyAttr(attr);
    /* a stream that does not exist: the stream's code, nothing queued elsewhere */
    aclError bad_stream = op_run("Add", 2, in, 1, &out, NULL, BAD_STREAM);
    CHECK(bad_stream != ACL_SUCCESS);
    untouched(&out, s);
    untouched(&out, NULL);
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

int main(void)
{
    /* before aclInit: the code of every other submission */
    struct ten none = {0};
    CHECK_OPERR(ACL_ERROR_UNINITIALIZE, op_run("Add", 0, &none, 0, &none, NULL, NULL),
                "aclopExecuteV2");
    TEST_OPEN();
    uint32_t ndev = 0;
    CHECK_OK(aclrtGetDeviceCount(&ndev));
    if (ndev >= 2)
        seed_contexts();
    seed_default_stream();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    stream_order(s);
    fixed_inputs(s);
    value_inputs(s);
    empty_outputs(s);
    execute_v1(s);
    captured(s);
    misuse(s);
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("op_exec: ok\n");
    return 0;
}
