/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The growing writer of core/mdl/bytes.h: the section encoders of the model
 * file (desc.c, core/op/model.c) append little-endian fields to it; a failed
 * allocation drops every later write and leaves bad set, so an encoder checks
 * once at its end.
 */
#include <stdint.h>
#include <string.h>

#include "core/mdl/bytes.h"
#include "core/runtime/fault.h"

/* Room for n more bytes at w->buf + w->len, or w->bad. */
static unsigned char *room(struct core_mdl_writer *w, size_t n)
{
    if (w->bad)
        return NULL;
    if (w->cap - w->len < n) {
        size_t cap = w->cap ? w->cap : 256;
        while (cap - w->len < n && cap <= SIZE_MAX / 2)
            cap *= 2;
        unsigned char *b = cap - w->len >= n ? core_realloc(w->buf, cap) : NULL;
        if (!b) {
            w->bad = true;
            return NULL;
        }
        w->buf = b;
        w->cap = cap;
    }
    unsigned char *at = w->buf + w->len;
    w->len += n;
    return at;
}

void core_mdl_w32(struct core_mdl_writer *w, uint32_t v)
{
    unsigned char *at = room(w, 4);
    if (at)
        core_mdl_put32(at, v);
}

void core_mdl_w64(struct core_mdl_writer *w, uint64_t v)
{
    unsigned char *at = room(w, 8);
    if (at)
        core_mdl_put64(at, v);
}

void core_mdl_wbytes(struct core_mdl_writer *w, const void *p, size_t n)
{
    unsigned char *at = room(w, n);
    if (at && n)
        memcpy(at, p, n);
}

void core_mdl_wstr(struct core_mdl_writer *w, const char *s)
{
    size_t n = strlen(s);
    core_mdl_w32(w, (uint32_t)n);
    core_mdl_wbytes(w, s, n);
}
