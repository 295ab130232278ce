/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers of the aclop tests (tests/op/): float tensors in device memory
 * with their descriptions and buffers, filled and read back through the
 * runtime's copies, and a failure check that also demands the message name
 * given parts (the operator, the input, the expected value).
 */
#ifndef CPUACL_TESTS_OP_OPTEST_H
#define CPUACL_TESTS_OP_OPTEST_H

#include "acl/acl_op_compiler.h"
#include "acltest.h"

/* `call` fails with `want`, sets the last error, and its message contains
 * each of the strings after it. */
#define CHECK_OPERR(want, call, ...)                                                               \
    do {                                                                                           \
        aclError got_ = (call);                                                                    \
        aclError last_ = aclrtGetLastError(ACL_RT_THREAD_LEVEL);                                   \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        const char *parts_[] = {__VA_ARGS__};                                                      \
        if (got_ != (aclError)(want) || last_ != got_ || !m_) {                                    \
            fprintf(stderr, "%s:%d: %s returned %d (last %d), expected %d (%s)\n", __FILE__,       \
                    __LINE__, #call, (int)got_, (int)last_, (int)(want), m_ ? m_ : "no message");  \
            exit(1);                                                                               \
        }                                                                                          \
        for (size_t i_ = 0; i_ < sizeof(parts_) / sizeof(*parts_); i_++)                           \
            if (!strstr(m_, parts_[i_])) {                                                         \
                fprintf(stderr, "%s:%d: message \"%s\" does not name \"%s\"\n", __FILE__,          \
                        __LINE__, m_, parts_[i_]);                                                 \
                exit(1);                                                                           \
            }                                                                                      \
    } while (0)

/* A float tensor of n elements (shape dims[nd]) in device memory. */
struct ten {
    aclTensorDesc *d;
    aclDataBuffer *b;
    void *dev;
    size_t n, bytes;
};

static inline struct ten ten_new(aclDataType dt, int nd, const int64_t *dims)
{
    struct ten t = {0};
    t.n = 1;
    for (int i = 0; i < nd; i++)
        t.n *= (size_t)dims[i];
    t.bytes = t.n * aclDataTypeSize(dt);
    t.d = aclCreateTensorDesc(dt, nd, dims, ACL_FORMAT_ND);
    CHECK(t.d);
    if (t.bytes)
        CHECK_OK(aclrtMalloc(&t.dev, t.bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    t.b = aclCreateDataBuffer(t.dev, t.bytes);
    CHECK(t.b);
    return t;
}

static inline void ten_free(struct ten *t)
{
    CHECK_OK(aclDestroyDataBuffer(t->b));
    aclDestroyTensorDesc(t->d);
    if (t->dev)
        CHECK_OK(aclrtFree(t->dev));
    memset(t, 0, sizeof(*t));
}

static inline void ten_put(struct ten *t, const void *host)
{
    CHECK_OK(aclrtMemcpy(t->dev, t->bytes, host, t->bytes, ACL_MEMCPY_HOST_TO_DEVICE));
}

static inline void ten_get(const struct ten *t, void *host)
{
    CHECK_OK(aclrtMemcpy(host, t->bytes, t->dev, t->bytes, ACL_MEMCPY_DEVICE_TO_HOST));
}

/* Run opType on in[nin] -> out[nout] with attr on stream. */
static inline aclError op_run(const char *type, int nin, struct ten *in, int nout, struct ten *out,
                              aclopAttr *attr, aclrtStream stream)
{
    aclTensorDesc *id[8], *od[8];
    aclDataBuffer *ib[8], *ob[8];
    for (int i = 0; i < nin; i++) {
        id[i] = in[i].d;
        ib[i] = in[i].b;
    }
    for (int i = 0; i < nout; i++) {
        od[i] = out[i].d;
        ob[i] = out[i].b;
    }
    return aclopExecuteV2(type, nin, id, ib, nout, od, ob, attr, stream);
}

/* Floats equal within a relative 1e-6. */
static inline void check_floats(const float *got, const float *want, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++) {
        float d = got[i] - want[i];
        float m = want[i] < 0 ? -want[i] : want[i];
        if (d < 0)
            d = -d;
        if (d > 1e-6f * (m > 1 ? m : 1)) {
            fprintf(stderr, "%s: element %zu is %g, the host computed %g\n", what, i,
                    (double)got[i], (double)want[i]);
            exit(1);
        }
    }
}

#endif
