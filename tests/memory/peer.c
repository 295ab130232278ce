/* SPDX-License-Identifier: Apache-2.0 */
/* Peer access (memory.md, Memory): aclrtDeviceCanAccessPeer, Enable/Disable with their
 * argument rows, the one-direction rule (current -> peer), and device-to-device copies
 * across devices refused with ACL_ERROR_RT_PARAM_INVALID unless the current device (one of
 * the two) enabled access to the other. Runs with three devices. */
#include "memapi.h"

#define N 4096
#define NDEV 3

static aclrtContext g_ctx[NDEV];
static void *g_buf[NDEV];
static aclrtStream g_stream[NDEV];

static void use_dev(int d)
{
    CHECK_OK(aclrtSetCurrentContext(g_ctx[d]));
}

static void can_access(void)
{
    int32_t r = -1;
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtDeviceCanAccessPeer(NULL, 0, 1));
    for (int a = 0; a < NDEV; a++) {
        EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtDeviceCanAccessPeer(&r, a, a));
        for (int b = 0; b < NDEV; b++) {
            if (a == b)
                continue;
            r = -1;
            EXPECT_OK(aclrtDeviceCanAccessPeer(&r, a, b));
            EXPECT(r == 1);
        }
    }
    static const int bad[][2] = {{0, NDEV}, {NDEV, 0}, {-1, 0}, {0, -1}, {0, 64}, {1000, 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        EXPECT_ERR(ACL_ERROR_RT_INVALID_DEVICEID,
                   aclrtDeviceCanAccessPeer(&r, bad[i][0], bad[i][1]));
}

static void enable_rows(void)
{
    use_dev(0);
    EXPECT_ERR(ACL_ERROR_FEATURE_UNSUPPORTED, aclrtDeviceEnablePeerAccess(1, 1));
    EXPECT_ERR(ACL_ERROR_FEATURE_UNSUPPORTED, aclrtDeviceEnablePeerAccess(1, 0x80000000u));
    EXPECT_ERR(ACL_ERROR_FEATURE_UNSUPPORTED, aclrtDeviceEnablePeerAccess(2, 2));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtDeviceEnablePeerAccess(0, 0));
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtDeviceDisablePeerAccess(0));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtDeviceEnablePeerAccess(NDEV, 0));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtDeviceEnablePeerAccess(-1, 0));
    EXPECT_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtDeviceDisablePeerAccess(NDEV));
    use_dev(1);
    EXPECT_ERR(ACL_ERROR_INVALID_PARAM, aclrtDeviceEnablePeerAccess(1, 0));
    /* disabling what is not enabled, and enabling twice: success */
    EXPECT_OK(aclrtDeviceDisablePeerAccess(0));
    EXPECT_OK(aclrtDeviceDisablePeerAccess(2));
    EXPECT_OK(aclrtDeviceEnablePeerAccess(2, 0));
    EXPECT_OK(aclrtDeviceEnablePeerAccess(2, 0));
    EXPECT_OK(aclrtDeviceDisablePeerAccess(2));
    EXPECT_OK(aclrtDeviceDisablePeerAccess(2));
}

/* Copy from device `from`'s buffer to device `to`'s with the current device as it is;
 * sync, async on the current context's stream, and every device-to-device kind. */
static void expect_copy(int from, int to, aclError want, int line)
{
    static uint32_t seed = 1000;
    static const aclrtMemcpyKind kinds[] = {ACL_MEMCPY_DEVICE_TO_DEVICE, ACL_MEMCPY_DEFAULT,
                                            ACL_MEMCPY_INTER_DEVICE_TO_DEVICE};
    aclrtContext cur;
    CHECK_OK(aclrtGetCurrentContext(&cur));
    int c = -1;
    for (int d = 0; d < NDEV; d++)
        if (g_ctx[d] == cur)
            c = d;
    CHECK(c >= 0);
    for (int k = 0; k < 3; k++) {
        for (int async = 0; async < 2; async++) {
            seed++;
            /* known contents on both sides (written directly: device memory is
             * host-addressable, and same-device copies are not what is tested) */
            pat_fill(g_buf[from], N, seed);
            pat_fill(g_buf[to], N, seed + 5000);
            aclError rc =
                async ? aclrtMemcpyAsync(g_buf[to], N, g_buf[from], N, kinds[k], g_stream[c])
                      : aclrtMemcpy(g_buf[to], N, g_buf[from], N, kinds[k]);
            const char *m = aclGetRecentErrMsg();
            if (rc == ACL_SUCCESS && async)
                rc = aclrtSynchronizeStream(g_stream[c]);
            if (rc != want || (want != ACL_SUCCESS && (!m || !*m))) {
                fprintf(stderr,
                        "line %d: %s copy device %d -> %d (kind %d) with device %d "
                        "current returned %d, expected %d (%s)\n",
                        line, async ? "async" : "sync", from, to, (int)kinds[k], c, rc, want,
                        m ? m : "no message");
                g_failed = 1;
            }
            long at = pat_check(g_buf[to], N, want == ACL_SUCCESS ? seed : seed + 5000);
            if (at >= 0) {
                fprintf(stderr,
                        "line %d: copy device %d -> %d with device %d current: %s at "
                        "byte %ld\n",
                        line, from, to, c,
                        want == ACL_SUCCESS ? "data not copied" : "refused copy wrote", at);
                g_failed = 1;
            }
        }
    }
}
#define EXPECT_COPY(from, to, want) expect_copy((from), (to), (want), __LINE__)
#define REFUSED ACL_ERROR_RT_PARAM_INVALID

static void one_direction(void)
{
    /* nothing enabled: refused from either side */
    use_dev(0);
    EXPECT_COPY(0, 1, REFUSED);
    EXPECT_COPY(1, 0, REFUSED);
    use_dev(1);
    EXPECT_COPY(0, 1, REFUSED);
    EXPECT_COPY(1, 0, REFUSED);
    /* same-device copies never need it */
    use_dev(0);
    void *other = NULL;
    CHECK_OK(aclrtMalloc(&other, N, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_OK(aclrtMemcpy(other, N, g_buf[0], N, ACL_MEMCPY_DEVICE_TO_DEVICE));
    EXPECT_OK(aclrtFree(other));

    /* device 1 enables access to device 0: copies in both directions work with device 1
     * current, and still not with device 0 current */
    use_dev(1);
    EXPECT_OK(aclrtDeviceEnablePeerAccess(0, 0));
    EXPECT_COPY(0, 1, ACL_SUCCESS);
    EXPECT_COPY(1, 0, ACL_SUCCESS);
    use_dev(0);
    EXPECT_COPY(0, 1, REFUSED);
    EXPECT_COPY(1, 0, REFUSED);
    /* the other direction too */
    EXPECT_OK(aclrtDeviceEnablePeerAccess(1, 0));
    EXPECT_COPY(0, 1, ACL_SUCCESS);
    EXPECT_COPY(1, 0, ACL_SUCCESS);
    /* disabling 1 -> 0 leaves 0 -> 1 */
    use_dev(1);
    EXPECT_OK(aclrtDeviceDisablePeerAccess(0));
    EXPECT_COPY(0, 1, REFUSED);
    EXPECT_COPY(1, 0, REFUSED);
    use_dev(0);
    EXPECT_COPY(0, 1, ACL_SUCCESS);
    EXPECT_COPY(1, 0, ACL_SUCCESS);
    EXPECT_OK(aclrtDeviceDisablePeerAccess(1));
    EXPECT_COPY(0, 1, REFUSED);

    /* the current device must be one of the two: device 2 with access to both still cannot
     * copy between 0 and 1 */
    use_dev(2);
    EXPECT_OK(aclrtDeviceEnablePeerAccess(0, 0));
    EXPECT_OK(aclrtDeviceEnablePeerAccess(1, 0));
    EXPECT_COPY(0, 1, REFUSED);
    EXPECT_COPY(1, 0, REFUSED);
    EXPECT_COPY(2, 0, ACL_SUCCESS);
    EXPECT_COPY(1, 2, ACL_SUCCESS);
    use_dev(0);
    EXPECT_COPY(0, 2, REFUSED);                 /* 2 -> 0 enabled, 0 -> 2 not */
    EXPECT_OK(aclrtDeviceDisablePeerAccess(2)); /* not enabled: success */
    use_dev(2);
    EXPECT_OK(aclrtDeviceDisablePeerAccess(0));
    EXPECT_OK(aclrtDeviceDisablePeerAccess(1));
    EXPECT_COPY(2, 0, REFUSED);
}

/* Access is per device, not per thread: another thread with device 1 current sees what
 * this thread enabled. */
static void *other_thread(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(g_ctx[1]));
    pat_fill(g_buf[0], N, 4242);
    aclError rc = aclrtMemcpy(g_buf[1], N, g_buf[0], N, ACL_MEMCPY_DEVICE_TO_DEVICE);
    if (rc != ACL_SUCCESS) {
        fprintf(stderr,
                "other thread: copy 0 -> 1 with access enabled by device 1 from the "
                "main thread returned %d (%s)\n",
                rc, aclGetRecentErrMsg());
        g_failed = 1;
    }
    EXPECT_PAT(g_buf[1], N, 4242);
    return NULL;
}

static void per_device(void)
{
    use_dev(1);
    EXPECT_OK(aclrtDeviceEnablePeerAccess(0, 0));
    pthread_t t;
    CHECK(pthread_create(&t, NULL, other_thread, NULL) == 0);
    pthread_join(t, NULL);
    EXPECT_OK(aclrtDeviceDisablePeerAccess(0));
}

int main(void)
{
    CHECK(setenv("CPUACL_DEVICE_COUNT", "3", 1) == 0);
    CHECK_OK(aclInit(NULL));
    can_access(); /* needs no device set */
    EXPECT_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtDeviceEnablePeerAccess(1, 0));
    EXPECT_ERR(ACL_ERROR_RT_CONTEXT_NULL, aclrtDeviceDisablePeerAccess(1));
    for (int d = NDEV - 1; d >= 0; d--) {
        CHECK_OK(aclrtSetDevice(d));
        CHECK_OK(aclrtGetCurrentContext(&g_ctx[d]));
        CHECK_OK(aclrtMalloc(&g_buf[d], N, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
        CHECK_OK(aclrtCreateStream(&g_stream[d]));
    }
    enable_rows();
    one_direction();
    per_device();
    for (int d = 0; d < NDEV; d++) {
        use_dev(d);
        EXPECT_OK(aclrtDestroyStream(g_stream[d]));
        EXPECT_OK(aclrtFree(g_buf[d]));
    }
    for (int d = 0; d < NDEV; d++)
        CHECK_OK(aclrtResetDevice(d));
    CHECK_OK(aclFinalize());
    return memapi_exit("memory_peer");
}
