/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reading a whole file (header only, like the rest of base/): the JSON files the library
 * is handed (aclInit's and aclmdlSetDump's configurations, HCCL's cluster information) are
 * read into one buffer before parsing.
 */
#ifndef CPUACL_BASE_FILE_H
#define CPUACL_BASE_FILE_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h> /* SIZE_MAX: no limit */
#include <stdio.h>
#include <stdlib.h>

/* A file's bytes (base_read_file). */
struct base_file {
    char *data; /* len bytes and a NUL terminator (free() it); NULL if the read failed */
    size_t len;
    bool opened; /* false: fopen failed, err holds its errno */
    int err;     /* why it failed: fopen's errno, EFBIG (more than max bytes) or ENOMEM */
};

/* Reads file `path` whole, up to `max` bytes. A read error ends the data early, as end of
 * file does. */
static inline struct base_file base_read_file(const char *path, size_t max)
{
    struct base_file r = {NULL, 0, false, 0};
    FILE *f = fopen(path, "rb");
    if (!f) {
        r.err = errno;
        return r;
    }
    r.opened = true;
    char *b = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            char *t = realloc(b, cap = cap ? cap * 2 : 8192);
            if (!t) {
                r.err = ENOMEM;
                break;
            }
            b = t;
        }
        size_t got = fread(b + n, 1, 4096, f);
        n += got;
        if (n > max)
            r.err = EFBIG;
        if (r.err || got < 4096)
            break;
    }
    fclose(f);
    if (r.err) {
        free(b);
        return r;
    }
    b[n] = '\0';
    r.data = b;
    r.len = n;
    return r;
}

#endif
