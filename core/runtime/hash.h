/* SPDX-License-Identifier: Apache-2.0 */
/*
 * FNV-1a, 64-bit: the hash of device UUIDs (core/device/facts.c) and of operator
 * attribute sets (core/op/attr.c). Not for untrusted keys in a table an attacker
 * fills; both uses hash the runtime's own data.
 */
#ifndef CPUACL_CORE_RUNTIME_HASH_H
#define CPUACL_CORE_RUNTIME_HASH_H

#include <stddef.h>
#include <stdint.h>

#define CORE_FNV1A_BASIS 0xcbf29ce484222325ull

/* h continued over the n bytes at p (start with CORE_FNV1A_BASIS). */
static inline uint64_t core_fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

#endif /* CPUACL_CORE_RUNTIME_HASH_H */
