/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared by the seed-003 programs (tests/memapi/seed003_*.c): each one is one
 * data-transfer example of the AscendCL guide, written as the guide writes it,
 * with the guide's ReadFile replaced by a pattern fill and a data check added
 * after every copy.
 */
#ifndef CPUACL_TESTS_MEMAPI_SEED_COMMON_H
#define CPUACL_TESTS_MEMAPI_SEED_COMMON_H

#include "memapi.h"

/* The guide's user-provided ReadFile: here it writes pattern `seed` into the
 * buffer (device memory is host-addressable on cpuacl, as in ACL_DEVICE mode). */
static inline void ReadFile(uint32_t seed, void *buf, uint64_t size)
{
    pat_fill(buf, (size_t)size, seed);
}

/* The guide first asks for the run mode: on cpuacl it is always ACL_HOST, so
 * the host-memory branch of every example is the one that runs. */
static inline void seed_begin(void)
{
    CHECK_OK(aclInit(NULL));
    aclrtRunMode mode = ACL_DEVICE;
    CHECK_OK(aclrtGetRunMode(&mode));
    CHECK(mode == ACL_HOST);
    CHECK_OK(aclrtSetDevice(0));
}

static inline void seed_end(void)
{
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
}

#endif
