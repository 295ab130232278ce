/* SPDX-License-Identifier: Apache-2.0 */
/* The plan cache's repeated call (docs/op.md, "The plan cache"): a call repeating the thread's
 * last instance is compared with that plan's key, not looked up, so every change between two
 * calls must leave it: a description's shape (input, then output: the operator's code), its
 * format, a data type and a shape given by a description destroyed and made again (at the
 * same address where the allocator gives it back), an attribute's value set again, and a set
 * destroyed and made again. Results are checked against the host; where they cannot tell
 * (the format), the allocations of the call say whether it planned. Then the argument rows
 * on a repeated instance: each gives the full path's code and message, nothing queued. */
#include "optest.h"

#include "cpuacl/cpuacl_test.h"

static const int64_t d23[2] = {2, 3}, d3[1] = {3}, d6[1] = {6};
static const float k_sentinel = -12345.0f;

static void fill(float *v, size_t n, float base)
{
    for (size_t i = 0; i < n; i++)
        v[i] = base + (float)i * 1.25f - (float)(i % 2) * 3.5f;
}

/* Add of the three tensors' descriptions and buffers (x1, x2 -> y) on s, synchronized. */
static aclError add3(aclTensorDesc *x1, aclTensorDesc *x2, aclTensorDesc *y, struct ten *t,
                     aclopAttr *attr, aclrtStream s)
{
    aclTensorDesc *id[2] = {x1, x2}, *od[1] = {y};
    aclDataBuffer *ib[2] = {t[0].b, t[1].b}, *ob[1] = {t[2].b};
    aclError rc = aclopExecuteV2("Add", 2, id, ib, 1, od, ob, attr, s);
    CHECK_OK(aclrtSynchronizeStream(s));
    return rc;
}

/* y = a + b, b broadcast over rows of nb. */
static void check_add(struct ten *y, const float *a, const float *b, size_t nb, const char *what)
{
    float got[6], want[6];
    ten_get(y, got);
    for (size_t i = 0; i < 6; i++)
        want[i] = a[i] + b[i % nb];
    check_floats(got, want, 6, what);
}

/* The allocations of the runtime core made by one call of Add (x1, x2 -> y): a plan made
 * allocates its entry; a repeated or found instance allocates nothing once the thread's
 * launch records came back (after a synchronize). */
static uint64_t allocs_of_add(aclTensorDesc *x1, aclTensorDesc *x2, aclTensorDesc *y, struct ten *t,
                              aclrtStream s)
{
    CHECK_OK(aclrtSynchronizeStream(s));
    cpuaclTestFailAlloc(INT64_MAX); /* counting, never reached */
    aclTensorDesc *id[2] = {x1, x2}, *od[1] = {y};
    aclDataBuffer *ib[2] = {t[0].b, t[1].b}, *ob[1] = {t[2].b};
    CHECK_OK(aclopExecuteV2("Add", 2, id, ib, 1, od, ob, NULL, s));
    uint64_t n = cpuaclTestAllocCount(NULL);
    cpuaclTestFailAlloc(-1);
    CHECK_OK(aclrtSynchronizeStream(s));
    return n;
}

/* Shapes and formats changed on the same descriptions between two calls. */
static void mutated_descs(aclrtStream s)
{
    struct ten t[3] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 2, d23),
                       ten_new(ACL_FLOAT, 2, d23)};
    float a[6], b[6];
    fill(a, 6, 1.0f);
    fill(b, 6, -4.0f);
    ten_put(&t[0], a);
    ten_put(&t[1], b);
    for (int round = 0; round < 2; round++) { /* the second: every instance seen before */
        CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
        CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s)); /* repeated */
        check_add(&t[2], a, b, 6, "Add [2,3] + [2,3]");
        /* x2's shape [2, 3] -> [3]: broadcast, its first 3 values only */
        CHECK_OK(aclSetTensorOriginShape(t[1].d, 1, d3));
        CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
        check_add(&t[2], a, b, 3, "Add [2,3] + [3] after aclSetTensorOriginShape");
        CHECK_OK(aclSetTensorOriginShape(t[1].d, 2, d23));
        CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
        check_add(&t[2], a, b, 6, "Add [2,3] + [2,3] again");
        /* the output's shape [2, 3] -> [6]: the operator's row, nothing queued */
        float sent[6];
        for (int i = 0; i < 6; i++)
            sent[i] = k_sentinel;
        ten_put(&t[2], sent);
        CHECK_OK(aclSetTensorOriginShape(t[2].d, 1, d6));
        CHECK_OPERR(ACL_ERROR_OP_OUTPUT_NOT_MATCH, add3(t[0].d, t[1].d, t[2].d, t, NULL, s),
                    "aclopExecuteV2", "Add");
        float got[6];
        ten_get(&t[2], got);
        for (int i = 0; i < 6; i++)
            CHECK(got[i] == k_sentinel);
        CHECK_OK(aclSetTensorOriginShape(t[2].d, 2, d23));
        /* the storage shape and format are not the instance's: still the same plan */
        CHECK_OK(aclSetTensorShape(t[0].d, 2, d23));
        CHECK_OK(aclSetTensorFormat(t[0].d, ACL_FORMAT_NCHW));
        CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
        check_add(&t[2], a, b, 6, "Add after the storage shape and format were set");
    }
    /* the format: the same results, so the allocations tell: a format never run plans */
    (void)allocs_of_add(t[0].d, t[1].d, t[2].d, t, s); /* the thread's last instance again */
    CHECK(allocs_of_add(t[0].d, t[1].d, t[2].d, t, s) == 0);
    CHECK_OK(aclSetTensorOriginFormat(t[0].d, ACL_FORMAT_NHWC));
    CHECK(allocs_of_add(t[0].d, t[1].d, t[2].d, t, s) > 0); /* planned */
    check_add(&t[2], a, b, 6, "Add with x1 in NHWC");
    CHECK(allocs_of_add(t[0].d, t[1].d, t[2].d, t, s) == 0); /* now repeated */
    CHECK_OK(aclSetTensorOriginFormat(t[0].d, ACL_FORMAT_NCHW));
    CHECK(allocs_of_add(t[0].d, t[1].d, t[2].d, t, s) > 0);
    CHECK_OK(aclSetTensorOriginFormat(t[0].d, ACL_FORMAT_ND));
    CHECK(allocs_of_add(t[0].d, t[1].d, t[2].d, t, s) == 0); /* cached before */
    for (int i = 0; i < 3; i++)
        ten_free(&t[i]);
}

/* *d destroyed and made again as (dt, nd, dims); the allocator may hand the old address
 * out a few blocks later: up to 8 are made and the one at the old address kept, if any.
 * Whether it was. */
static bool remake(aclTensorDesc **d, aclDataType dt, int nd, const int64_t *dims)
{
    const void *old = *d;
    aclTensorDesc *made[8];
    int n = 0, keep = 0;
    aclDestroyTensorDesc(*d);
    for (; n < 8; n++) {
        made[n] = aclCreateTensorDesc(dt, nd, dims, ACL_FORMAT_ND);
        CHECK(made[n]);
        if ((const void *)made[n] == old) {
            keep = n++;
            break;
        }
    }
    for (int i = 0; i < n; i++)
        if (i != keep)
            aclDestroyTensorDesc(made[i]);
    *d = made[keep];
    return (const void *)*d == old;
}

/* Descriptions destroyed and made again between two calls, with another data type and
 * shape: where the allocator gives the same addresses back, only their contents differ. */
static void remade_descs(aclrtStream s)
{
    struct ten t[3] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 2, d23),
                       ten_new(ACL_FLOAT, 2, d23)};
    float a[6], b[6];
    fill(a, 6, 2.0f);
    fill(b, 6, 0.5f);
    ten_put(&t[0], a);
    ten_put(&t[1], b);
    CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
    CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
    check_add(&t[2], a, b, 6, "Add float32");
    /* int32, same shape, same buffers (24 bytes each) */
    int same = 0;
    for (int i = 0; i < 3; i++)
        same += remake(&t[i].d, ACL_INT32, 2, d23);
    int32_t ia[6], ib[6], iy[6];
    for (int i = 0; i < 6; i++) {
        ia[i] = 1000 * i - 7;
        ib[i] = 3 - 11 * i;
    }
    CHECK_OK(aclrtMemcpy(t[0].dev, 24, ia, 24, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(t[1].dev, 24, ib, 24, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
    CHECK_OK(aclrtMemcpy(iy, 24, t[2].dev, 24, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 6; i++)
        CHECK(iy[i] == ia[i] + ib[i]); /* a float plan would have added their bits as floats */
    /* float32 again, x2 of shape [3] */
    for (int i = 0; i < 3; i++)
        same += remake(&t[i].d, ACL_FLOAT, i == 1 ? 1 : 2, i == 1 ? d3 : d23);
    ten_put(&t[0], a);
    ten_put(&t[1], b);
    CHECK_OK(add3(t[0].d, t[1].d, t[2].d, t, NULL, s));
    check_add(&t[2], a, b, 3, "Add float32 [2,3] + [3], descriptions made again");
    /* the allocator decides whether the addresses came back (sanitizers hold freed blocks) */
    printf("op_cache: %d of 6 descriptions made again at their old address\n", same);
    for (int i = 0; i < 3; i++)
        ten_free(&t[i]);
}

/* LeakyRelu's negative_slope set again on the same set, then a set made again. */
static void mutated_attrs(aclrtStream s)
{
    struct ten x = ten_new(ACL_FLOAT, 2, d23), y = ten_new(ACL_FLOAT, 2, d23);
    const float xv[6] = {-2.0f, -1.0f, -0.5f, 0.5f, 1.0f, 2.0f};
    ten_put(&x, xv);
    const float slopes[4] = {0.1f, 0.25f, 0.25f, 3.0f};
    aclopAttr *attr = aclopCreateAttr();
    for (int r = 0; r < 4; r++) {
        if (r == 3) { /* a set destroyed and made again, same name, another value */
            aclopDestroyAttr(attr);
            attr = aclopCreateAttr();
            CHECK(attr);
        }
        CHECK_OK(aclopSetAttrFloat(attr, "negative_slope", slopes[r]));
        for (int rep = 0; rep < 2; rep++) {
            CHECK_OK(aclopExecuteV2("LeakyRelu", 1, &x.d, &x.b, 1, &y.d, &y.b, attr, s));
            CHECK_OK(aclrtSynchronizeStream(s));
            float got[6], want[6];
            ten_get(&y, got);
            for (int i = 0; i < 6; i++)
                want[i] = xv[i] > 0 ? xv[i] : xv[i] * slopes[r];
            check_floats(got, want, 6, "LeakyRelu after its slope was set");
        }
    }
    /* the attribute's type changed (an int now): the operator's row */
    CHECK_OK(aclopSetAttrInt(attr, "negative_slope", 1));
    CHECK_OPERR(ACL_ERROR_OP_ATTR_NOT_MATCH,
                aclopExecuteV2("LeakyRelu", 1, &x.d, &x.b, 1, &y.d, &y.b, attr, s), "LeakyRelu",
                "negative_slope");
    aclopDestroyAttr(attr);
    ten_free(&x);
    ten_free(&y);
}

/* A sequence run in turn (Add, then Relu of its output, then Abs of that), so that each call
 * is the one the thread ran after the previous, last time; x2's shape changed before the third
 * round (Add's instance changes, Relu's and Abs's do not), then back before the fifth. */
static void sequence(aclrtStream s)
{
    struct ten t[3] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 2, d23),
                       ten_new(ACL_FLOAT, 2, d23)};
    struct ten r = ten_new(ACL_FLOAT, 2, d23), q = ten_new(ACL_FLOAT, 2, d23);
    float a[6], b[6];
    fill(a, 6, -3.0f);
    fill(b, 6, 1.0f);
    ten_put(&t[0], a);
    ten_put(&t[1], b);
    for (int round = 0; round < 6; round++) {
        size_t nb = round >= 2 && round < 4 ? 3 : 6; /* x2 [3] in rounds 2 and 3 */
        if (round == 2)
            CHECK_OK(aclSetTensorOriginShape(t[1].d, 1, d3));
        if (round == 4)
            CHECK_OK(aclSetTensorOriginShape(t[1].d, 2, d23));
        aclTensorDesc *id[2] = {t[0].d, t[1].d};
        aclDataBuffer *ib[2] = {t[0].b, t[1].b};
        CHECK_OK(aclopExecuteV2("Add", 2, id, ib, 1, &t[2].d, &t[2].b, NULL, s));
        CHECK_OK(aclopExecuteV2("Relu", 1, &t[2].d, &t[2].b, 1, &r.d, &r.b, NULL, s));
        CHECK_OK(aclopExecuteV2("Abs", 1, &r.d, &r.b, 1, &q.d, &q.b, NULL, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        float got[6], want[6];
        ten_get(&q, got);
        for (int i = 0; i < 6; i++) {
            float y = a[i] + b[i % nb];
            want[i] = y > 0 ? y : 0;
        }
        check_floats(got, want, 6, "Add, Relu, Abs in turn");
    }
    ten_free(&r);
    ten_free(&q);
    for (int i = 0; i < 3; i++)
        ten_free(&t[i]);
}

/* The argument rows with the thread's last instance: the codes and messages of the full
 * path (docs/op.md, "Execution"), nothing queued. */
static void repeated_misuse(aclrtStream s)
{
    const aclError inval = ACL_ERROR_INVALID_PARAM;
    struct ten in[2] = {ten_new(ACL_FLOAT, 2, d23), ten_new(ACL_FLOAT, 1, d3)};
    struct ten out = ten_new(ACL_FLOAT, 2, d23);
    aclTensorDesc *id[2] = {in[0].d, in[1].d}, *od[1] = {out.d};
    aclDataBuffer *ib[2] = {in[0].b, in[1].b}, *ob[1] = {out.b};
    float sent[6];
    for (int i = 0; i < 6; i++)
        sent[i] = k_sentinel;
#define LAST_THEN(...)                                                                             \
    do {                                                                                           \
        CHECK_OK(aclopExecuteV2("Add", 2, id, ib, 1, od, ob, NULL, s));                            \
        CHECK_OK(aclrtSynchronizeStream(s));                                                       \
        ten_put(&out, sent);                                                                       \
        CHECK_OPERR(__VA_ARGS__);                                                                  \
        CHECK_OK(aclrtSynchronizeStream(s));                                                       \
        float got_[6];                                                                             \
        ten_get(&out, got_);                                                                       \
        for (int i_ = 0; i_ < 6; i_++)                                                             \
            CHECK(got_[i_] == k_sentinel);                                                         \
    } while (0)
    aclDataBuffer *small = aclCreateDataBuffer(in[1].dev, 8);
    aclDataBuffer *ibs[2] = {in[0].b, small};
    LAST_THEN(inval, aclopExecuteV2("Add", 2, id, ibs, 1, od, ob, NULL, s), "aclopExecuteV2", "Add",
              "input 1", "8 bytes", "needs 12");
    CHECK_OK(aclUpdateDataBuffer(small, NULL, 12));
    LAST_THEN(inval, aclopExecuteV2("Add", 2, id, ibs, 1, od, ob, NULL, s), "input 1", "NULL");
    CHECK_OK(aclUpdateDataBuffer(small, out.dev, 20));
    aclDataBuffer *obs[1] = {small};
    LAST_THEN(inval, aclopExecuteV2("Add", 2, id, ib, 1, od, obs, NULL, s), "output 0", "needs 24");
    CHECK_OK(aclDestroyDataBuffer(small));
    aclDataBuffer *ibn[2] = {in[0].b, NULL};
    LAST_THEN(inval, aclopExecuteV2("Add", 2, id, ibn, 1, od, ob, NULL, s), "inputs[1]");
    aclTensorDesc *odn[1] = {NULL};
    LAST_THEN(inval, aclopExecuteV2("Add", 2, id, ib, 1, odn, ob, NULL, s), "outputDesc[0]");
    LAST_THEN(inval, aclopExecuteV2(NULL, 2, id, ib, 1, od, ob, NULL, s), "opType");
    LAST_THEN(inval, aclopExecuteV2("Add", 2, id, ib, -1, od, ob, NULL, s), "negative");
    LAST_THEN(ACL_ERROR_OP_TYPE_NOT_MATCH, aclopExecuteV2("Sub2", 2, id, ib, 1, od, ob, NULL, s),
              "Sub2");
    LAST_THEN(ACL_ERROR_OP_INPUT_NOT_MATCH, aclopExecuteV2("Add", 1, id, ib, 1, od, ob, NULL, s),
              "Add");
    /* x2 made const with a value shorter than its description, after a handle planned that
     * instance (a handle's description rows do not read the value's length) */
    const float c1 = 2.0f;
    CHECK_OK(aclSetTensorConst(in[1].d, (void *)&c1, sizeof(c1)));
    aclopHandle *h = NULL;
    aclError hrc = aclopCreateHandle("Add", 2, (const aclTensorDesc *const *)id, 1,
                                     (const aclTensorDesc *const *)od, NULL, &h);
    if (hrc == ACL_SUCCESS)
        aclopDestroyHandle(h);
    ten_put(&out, sent);
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ib, 1, od, ob, NULL, s), "input 1",
                "const value holds 4 bytes", "needs 12");
    CHECK_OPERR(inval, aclopExecuteV2("Add", 2, id, ib, 1, od, ob, NULL, s), "input 1",
                "const value holds 4 bytes");
    CHECK_OK(aclrtSynchronizeStream(s));
    float got[6];
    ten_get(&out, got);
    for (int i = 0; i < 6; i++)
        CHECK(got[i] == k_sentinel);
#undef LAST_THEN
    ten_free(&in[0]);
    ten_free(&in[1]);
    ten_free(&out);
}

/* Every output empty, after a handle planned the instance (the thread's last plan then):
 * success, nothing to run. */
static void repeated_empty(aclrtStream s)
{
    const int64_t d20[2] = {2, 0};
    struct ten x = ten_new(ACL_FLOAT, 2, d20), y = ten_new(ACL_FLOAT, 2, d20);
    aclopHandle *h = NULL;
    CHECK_OK(aclopCreateHandle("Relu", 1, (const aclTensorDesc *const *)&x.d, 1,
                               (const aclTensorDesc *const *)&y.d, NULL, &h));
    CHECK_OK(aclopExecuteV2("Relu", 1, &x.d, &x.b, 1, &y.d, &y.b, NULL, s));
    CHECK_OK(aclopExecuteV2("Relu", 1, &x.d, &x.b, 1, &y.d, &y.b, NULL, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    aclopDestroyHandle(h);
    ten_free(&x);
    ten_free(&y);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    mutated_descs(s);
    remade_descs(s);
    mutated_attrs(s);
    sequence(s);
    repeated_misuse(s);
    repeated_empty(s);
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("op_cache: ok\n");
    return 0;
}
