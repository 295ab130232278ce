/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reading a whole file (header only, like the rest of base/): the JSON files the library
 * is handed (aclmdlSetDump's configuration, HCCL's cluster information) are read into one
 * buffer before parsing.
 */
#ifndef CPUACL_BASE_FILE_H
#define CPUACL_BASE_FILE_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* Reads the rest of `f` (left open) into a new buffer, *buf, of *len bytes plus a NUL
 * terminator; the caller frees it. Returns 0, or -ENOMEM with nothing allocated. A read
 * error ends the data early, as end of file does. */
static inline int base_read_all(FILE *f, char **buf, size_t *len)
{
    char *b = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            char *t = realloc(b, cap = cap ? cap * 2 : 8192);
            if (!t) {
                free(b);
                return -ENOMEM;
            }
            b = t;
        }
        size_t got = fread(b + n, 1, 4096, f);
        n += got;
        if (got < 4096)
            break;
    }
    b[n] = '\0';
    *buf = b;
    *len = n;
    return 0;
}

#endif
