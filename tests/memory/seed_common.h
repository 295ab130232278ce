/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared by the seed-003 programs (tests/memory/seed003_*.c): each one is one
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
 * the host-memory branch of every example is the one that runs. Returns the
 * guide's buffer size, 1 MiB. */
static inline uint64_t seed_begin(void)
{
    CHECK_OK(aclInit(NULL));
    aclrtRunMode mode = ACL_DEVICE;
    CHECK_OK(aclrtGetRunMode(&mode));
    CHECK(mode == ACL_HOST);
    CHECK_OK(aclrtSetDevice(0));
    return 1 * 1024 * 1024;
}

/* The guide's last step, 释放资源: destroy the stream and free the host and
 * the device buffer (each that is not NULL; soft checks), then reset the
 * device and finalize. Returns the program's exit status. */
static inline int seed_finish(const char *name, aclrtStream stream, void *host, void *dev)
{
    if (stream)
        EXPECT_OK(aclrtDestroyStream(stream));
    if (host)
        EXPECT_OK(aclrtFreeHost(host));
    if (dev)
        EXPECT_OK(aclrtFree(dev));
    TEST_CLOSE();
    return memapi_exit(name);
}

#endif
