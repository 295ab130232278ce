/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Little-endian fields of the model file, for file.c (header and table), the
 * section codecs of the mdl room and core/op/model.c (the single-op section):
 * stores into a byte buffer, a bounds-checked reader that fails once and
 * stays failed, so a decoder reads a whole record and checks once, and a
 * growing writer (bytes.c) that fails the same way.
 */
#ifndef CPUACL_CORE_MDL_BYTES_H
#define CPUACL_CORE_MDL_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline void core_mdl_put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline void core_mdl_put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline uint32_t core_mdl_get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static inline uint64_t core_mdl_get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/* A cursor over [p, end): reads past end set bad and return zeros. */
struct core_mdl_reader {
    const unsigned char *p, *end;
    bool bad;
};

static inline const unsigned char *core_mdl_take(struct core_mdl_reader *r, size_t n)
{
    if (r->bad || (size_t)(r->end - r->p) < n) {
        r->bad = true;
        return NULL;
    }
    const unsigned char *at = r->p;
    r->p += n;
    return at;
}

static inline uint32_t core_mdl_read32(struct core_mdl_reader *r)
{
    const unsigned char *at = core_mdl_take(r, 4);
    return at ? core_mdl_get32(at) : 0;
}

static inline uint64_t core_mdl_read64(struct core_mdl_reader *r)
{
    const unsigned char *at = core_mdl_take(r, 8);
    return at ? core_mdl_get64(at) : 0;
}

/* A growing output buffer: writes past a failed allocation are dropped and
 * leave bad set. */
struct core_mdl_writer {
    unsigned char *buf;
    size_t len, cap;
    bool bad;
};

/* Append a u32, a u64, n bytes, a string (u32 length, its bytes, no NUL). */
void core_mdl_w32(struct core_mdl_writer *w, uint32_t v);
void core_mdl_w64(struct core_mdl_writer *w, uint64_t v);
void core_mdl_wbytes(struct core_mdl_writer *w, const void *p, size_t n);
void core_mdl_wstr(struct core_mdl_writer *w, const char *s);

#endif /* CPUACL_CORE_MDL_BYTES_H */
