/* SPDX-License-Identifier: Apache-2.0 */
/* What every test program shares, with or without AscendCL: the skip code, a
 * CHECK that prints the failing expression and exits 1, the stress scale.
 * testutil.h (AscendCL tests) and mem/memtest.h (mem/ white-box tests) add
 * their own call checks on top. */
#ifndef CPUACL_TESTS_TESTBASE_H
#define CPUACL_TESTS_TESTBASE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_SKIP 77

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* The whole file at path, NUL-terminated (the test fails if it cannot be read); its size
 * into *len unless len is NULL. The caller frees it. */
static inline char *test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL);
    CHECK(fseek(f, 0, SEEK_END) == 0);
    long n = ftell(f);
    CHECK(n >= 0 && fseek(f, 0, SEEK_SET) == 0);
    char *b = (char *)malloc((size_t)n + 1); /* the cast: C++ tests include this too */
    CHECK(b && fread(b, 1, (size_t)n, f) == (size_t)n);
    b[n] = 0;
    fclose(f);
    if (len)
        *len = (size_t)n;
    return b;
}

/* Scale factor for stress sizes: CPUACL_STRESS_SCALE (sanitizer presets lower it). */
static inline double test_stress_scale(void)
{
    const char *s = getenv("CPUACL_STRESS_SCALE");
    double v = s ? atof(s) : 1.0;
    return v > 0 ? v : 1.0;
}

#endif
