/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers shared by the engine's white-box stress tests (tests/sched). */
#ifndef CPUACL_TESTS_SCHED_UTIL_H
#define CPUACL_TESTS_SCHED_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define FAIL(...)                                                                          \
    do {                                                                                   \
        fprintf(stderr, __VA_ARGS__);                                                      \
        fputc('\n', stderr);                                                               \
        exit(1);                                                                           \
    } while (0)

/* A payload word derived from two numbers (a torn or stale record fails it). */
static inline uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull);
    x ^= x >> 31;
    return x * 0xD6E8FEB86659FD93ull;
}

/* xorshift64: the tests' random numbers (state never 0). */
static inline uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

#endif
