/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers of the offline-model tests (tests/mdl): a failure check naming the
 * call, and a model-file builder written from docs/mdl.md alone ("The model
 * file"), with zlib's crc32, so the library's writer and reader are checked
 * against an independent reading of the format, not against themselves.
 */
#ifndef CPUACL_TESTS_MDL_TEST_H
#define CPUACL_TESTS_MDL_TEST_H

#include <zlib.h>

#include "acltest.h"

#include "acl/acl_mdl.h"
#include "cpuacl/cpuacl_test.h"

/* `call` returned `want`, left it as the last error and a message naming fn. */
#define CHECK_FAIL(want, fn, call)                                                                 \
    do {                                                                                           \
        aclError got_ = (call);                                                                    \
        aclError last_ = aclrtGetLastError(ACL_RT_THREAD_LEVEL);                                   \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclError)(want) || last_ != got_ || !m_ || !strstr(m_, fn)) {                 \
            fprintf(stderr, "%s:%d: %s gave %d (last %d), expected %d naming %s (%s)\n", __FILE__, \
                    __LINE__, #call, (int)got_, (int)last_, (int)(want), fn,                       \
                    m_ ? m_ : "no message");                                                       \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* The same for a message that must also contain `part`. */
#define CHECK_FAIL_MSG(want, fn, part, call)                                                       \
    do {                                                                                           \
        aclError got_ = (call);                                                                    \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclError)(want) || !m_ || !strstr(m_, fn) || !strstr(m_, part)) {             \
            fprintf(stderr, "%s:%d: %s gave %d, expected %d with \"%s\" (%s)\n", __FILE__,         \
                    __LINE__, #call, (int)got_, (int)(want), part, m_ ? m_ : "no message");        \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* A getter answered `call` without recording an error, or recorded INVALID_PARAM naming fn. */
#define CHECK_CLEAN() CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS)
#define CHECK_RECORDED(fn)                                                                         \
    do {                                                                                           \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_INVALID_PARAM);                  \
        CHECK(m_ &&strstr(m_, fn));                                                                \
    } while (0)

/* Run call with allocation n failing, for n = 0, 1, ... until call allocates no more: each
 * failure must return ACL_ERROR_BAD_ALLOC naming fn and leave `unchanged` true; the last run
 * succeeds. *failures gets the number of failed runs. */
#define FAIL_EACH(failures, fn, call, unchanged)                                                   \
    do {                                                                                           \
        *(failures) = 0;                                                                           \
        for (int n_ = 0;; n_++) {                                                                  \
            cpuaclTestFailAlloc(n_);                                                               \
            aclError rc_ = (call);                                                                 \
            uint64_t fired_ = 0;                                                                   \
            cpuaclTestAllocCount(&fired_);                                                         \
            cpuaclTestFailAlloc(-1);                                                               \
            if (!fired_) {                                                                         \
                CHECK(rc_ == ACL_SUCCESS);                                                         \
                break;                                                                             \
            }                                                                                      \
            CHECK_FAIL(ACL_ERROR_BAD_ALLOC, fn, rc_);                                              \
            CHECK(unchanged);                                                                      \
            ++*(failures);                                                                         \
        }                                                                                          \
    } while (0)

/* ---- bytes --------------------------------------------------------------------- */

struct tbuf {
    unsigned char *b;
    size_t n, cap;
};

static inline void tb_bytes(struct tbuf *t, const void *p, size_t n)
{
    if (t->n + n > t->cap) {
        t->cap = (t->n + n) * 2 + 64;
        t->b = realloc(t->b, t->cap);
        CHECK(t->b);
    }
    if (n)
        memcpy(t->b + t->n, p, n);
    t->n += n;
}

static inline void tb_u32(struct tbuf *t, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    tb_bytes(t, b, 4);
}

static inline void tb_u64(struct tbuf *t, uint64_t v)
{
    tb_u32(t, (uint32_t)v);
    tb_u32(t, (uint32_t)(v >> 32));
}

static inline void tb_str(struct tbuf *t, const char *s)
{
    tb_u32(t, (uint32_t)strlen(s));
    tb_bytes(t, s, strlen(s));
}

static inline void put32_at(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline uint32_t get32_at(const unsigned char *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* ---- io-section records (docs/mdl.md, "Section 1: io") ---------------------------- */

/* One tensor: name, dtype, format, size, dims, ranges (nr pairs, 0 or nd), dims_v2. */
static inline void io_tensor(struct tbuf *t, const char *name, int32_t dtype, int32_t format,
                             uint64_t size, uint32_t nd, const int64_t *dims, uint32_t nr,
                             const int64_t (*ranges)[2], uint32_t nv2, const int64_t *v2)
{
    tb_str(t, name);
    tb_u32(t, (uint32_t)dtype);
    tb_u32(t, (uint32_t)format);
    tb_u64(t, size);
    tb_u32(t, nd);
    for (uint32_t i = 0; i < nd; i++)
        tb_u64(t, (uint64_t)dims[i]);
    tb_u32(t, nr);
    for (uint32_t i = 0; i < nr; i++) {
        tb_u64(t, (uint64_t)ranges[i][0]);
        tb_u64(t, (uint64_t)ranges[i][1]);
    }
    tb_u32(t, nv2);
    for (uint32_t i = 0; i < nv2; i++)
        tb_u64(t, (uint64_t)v2[i]);
}

/* ---- the container (docs/mdl.md, "Header", "Section table") ---------------------- */

struct tsec {
    uint32_t id;
    const void *data;
    size_t size;
};

static inline size_t up64(size_t v)
{
    return (v + 63) / 64 * 64;
}

/* The file of n sections with version and work size, built from the format's text. */
static inline struct tbuf build_file(const struct tsec *s, size_t n, uint32_t version,
                                     uint64_t work)
{
    struct tbuf t = {0};
    size_t at = up64(64 + 32 * n), off[64];
    for (size_t i = 0; i < n; i++) {
        off[i] = at;
        at += s[i].size;
        if (i + 1 < n)
            at = up64(at);
    }
    unsigned char *b = calloc(1, at ? at : 1);
    CHECK(b);
    memcpy(b, "CPUACLMD", 8);
    put32_at(b + 8, version);
    put32_at(b + 12, 64);
    put32_at(b + 16, (uint32_t)n);
    put32_at(b + 24, (uint32_t)at);
    put32_at(b + 28, (uint32_t)((uint64_t)at >> 32));
    put32_at(b + 32, (uint32_t)work);
    put32_at(b + 36, (uint32_t)(work >> 32));
    for (size_t i = 0; i < n; i++) {
        unsigned char *e = b + 64 + 32 * i;
        put32_at(e, s[i].id);
        put32_at(e + 8, (uint32_t)off[i]);
        put32_at(e + 16, (uint32_t)s[i].size);
        if (s[i].size)
            memcpy(b + off[i], s[i].data, s[i].size);
        put32_at(e + 24, (uint32_t)crc32(0, b + off[i], (uInt)s[i].size));
    }
    put32_at(b + 40, (uint32_t)crc32(0, b + 64, (uInt)(32 * n)));
    put32_at(b + 60, (uint32_t)crc32(0, b, 60));
    t.b = b;
    t.n = t.cap = at;
    return t;
}

/* Recompute the header checksum after editing a header field. */
static inline void reseal_header(unsigned char *b)
{
    put32_at(b + 60, (uint32_t)crc32(0, b, 60));
}

#endif /* CPUACL_TESTS_MDL_TEST_H */
