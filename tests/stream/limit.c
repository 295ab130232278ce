/* SPDX-License-Identifier: Apache-2.0 */
/* At most 1984 streams per device (207008), tracked by aclrtGetStreamAvailableNum. */
/* Stream limit: at most 1984 streams per device, default streams included (207008 beyond), and
 * aclrtGetStreamAvailableNum tracks it. */
#include "acltest.h"

#define MAX_STREAMS 1984

int main(void)
{
    setenv("CPUACL_RING_SLOTS", "64", 1); /* keep 1984 rings small */
    TEST_OPEN();
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetStreamAvailableNum(NULL));

    static aclrtStream s[MAX_STREAMS];
    uint32_t avail = 0;
    CHECK_OK(aclrtGetStreamAvailableNum(&avail));
    CHECK(avail == MAX_STREAMS - 1); /* the default stream counts */
    int n = 0;
    for (; n < MAX_STREAMS - 1; n++)
        CHECK_OK(aclrtCreateStream(&s[n]));
    CHECK_OK(aclrtGetStreamAvailableNum(&avail));
    CHECK(avail == 0);
    aclrtStream extra;
    CHECK_ERR(ACL_ERROR_RT_NO_STREAM_RESOURCE, aclrtCreateStream(&extra));
    CHECK_ERR(ACL_ERROR_RT_NO_STREAM_RESOURCE, aclrtCreateStreamWithConfig(&extra, 0, 0));

    /* Every stream works; the last one too. */
    _Atomic uint64_t ctr = 0;
    CHECK_OK(launch_inc(s[0], &ctr));
    CHECK_OK(launch_inc(s[n - 1], &ctr));
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK(atomic_load(&ctr) == 2);

    /* Device 1 has its own budget. */
    CHECK_OK(aclrtSetDevice(1));
    CHECK_OK(aclrtCreateStream(&extra));
    CHECK_OK(aclrtDestroyStream(extra));
    CHECK_OK(aclrtSetDevice(0));

    /* Freeing one makes room for one. */
    CHECK_OK(aclrtDestroyStream(s[5]));
    CHECK_OK(aclrtGetStreamAvailableNum(&avail));
    CHECK(avail == 1);
    CHECK_OK(aclrtCreateStream(&s[5]));
    CHECK_ERR(ACL_ERROR_RT_NO_STREAM_RESOURCE, aclrtCreateStream(&extra));

    for (int i = 0; i < n; i++)
        CHECK_OK(aclrtDestroyStream(s[i]));
    CHECK_OK(aclrtGetStreamAvailableNum(&avail));
    CHECK(avail == MAX_STREAMS - 1);
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtResetDevice(1));
    TEST_CLOSE();
    return 0;
}
