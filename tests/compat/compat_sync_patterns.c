/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 002: the four synchronisation patterns of the AscendCL guide. */
/* Seed 002 (同步等待): the four synchronisation patterns of the AscendCL guide — event sync, stream
 * sync, stream-to-stream wait via aclrtCreateEventExWithFlag(ACL_EVENT_SYNC), device sync — with
 * cpuacl kernels as the device work. */
#include "acltest.h"

#define LEN 4096

static int src[LEN], dst[LEN], out[LEN];

struct copy_arg {
    int *to;
    const int *from;
    int add;
    uint32_t delay_ms;
};

/* The "device work": to[i] = from[i] + add, after an optional delay so that a
 * missing wait would be caught. Plain memory: TSan checks the ordering. */
static int32_t k_copy(void *args)
{
    struct copy_arg a;
    memcpy(&a, args, sizeof a);
    if (a.delay_ms)
        sleep_ms(a.delay_ms);
    for (int i = 0; i < LEN; i++)
        a.to[i] = a.from[i] + a.add;
    return 0;
}

static aclError launch_copy(aclrtStream s, int *to, const int *from, int add, uint32_t delay)
{
    struct copy_arg a = {to, from, add, delay};
    return cpuaclLaunchKernelArgs(s, k_copy, &a, sizeof a);
}

static void check_buf(const int *b, int base)
{
    for (int i = 0; i < LEN; i++)
        if (b[i] != i + base) {
            fprintf(stderr, "buffer[%d] = %d, expected %d\n", i, b[i], i + base);
            exit(1);
        }
}

int main(void)
{
    TEST_OPEN();
    for (int i = 0; i < LEN; i++)
        src[i] = i;

    /* 1. Event sync: record at the end of a stream, block the host on the event. */
    {
        aclrtEvent event;
        CHECK_OK(aclrtCreateEventExWithFlag(&event, ACL_EVENT_CAPTURE_STREAM_PROGRESS));
        aclrtStream stream;
        CHECK_OK(aclrtCreateStream(&stream));
        CHECK_OK(launch_copy(stream, dst, src, 1, 20));
        CHECK_OK(aclrtRecordEvent(event, stream));
        CHECK_OK(aclrtSynchronizeEvent(event));
        check_buf(dst, 1);
        CHECK_OK(aclrtDestroyStream(stream));
        CHECK_OK(aclrtDestroyEvent(event));
    }

    /* 2. Stream sync: block the host until every task of the stream ran. */
    {
        aclrtStream stream;
        CHECK_OK(aclrtCreateStream(&stream));
        CHECK_OK(launch_copy(stream, dst, src, 2, 20));
        CHECK_OK(launch_copy(stream, out, dst, 10, 0));
        CHECK_OK(aclrtSynchronizeStream(stream));
        check_buf(out, 12);
        CHECK_OK(aclrtDestroyStream(stream));
    }

    /* 3. Stream-to-stream: s2 waits for the event recorded at the end of s1;
     * s2's kernel must observe the effect of s1's kernel. */
    for (int round = 0; round < 20; round++) {
        aclrtEvent event;
        CHECK_OK(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC));
        aclrtStream s1, s2;
        CREATE_STREAMS(&s1, &s2);
        CHECK_OK(launch_copy(s1, dst, src, round, round % 4 ? 5 : 0));
        CHECK_OK(aclrtRecordEvent(event, s1));
        CHECK_OK(aclrtStreamWaitEvent(s2, event));
        CHECK_OK(launch_copy(s2, out, dst, 1000, 0));
        CHECK_OK(aclrtSynchronizeStream(s2));
        check_buf(out, round + 1000);
        DESTROY_STREAMS(s2, s1);
        CHECK_OK(aclrtDestroyEvent(event));
    }
    /* Several streams waiting for the same event. */
    {
        aclrtEvent event;
        CHECK_OK(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC));
        aclrtStream s1, w[4];
        static int outs[4][LEN];
        CHECK_OK(aclrtCreateStream(&s1));
        for (int i = 0; i < 4; i++)
            CHECK_OK(aclrtCreateStream(&w[i]));
        CHECK_OK(launch_copy(s1, dst, src, 7, 20));
        CHECK_OK(aclrtRecordEvent(event, s1));
        for (int i = 0; i < 4; i++) {
            CHECK_OK(aclrtStreamWaitEvent(w[i], event));
            CHECK_OK(launch_copy(w[i], outs[i], dst, i, 0));
        }
        for (int i = 0; i < 4; i++) {
            CHECK_OK(aclrtSynchronizeStream(w[i]));
            check_buf(outs[i], 7 + i);
            CHECK_OK(aclrtDestroyStream(w[i]));
        }
        CHECK_OK(aclrtDestroyStream(s1));
        CHECK_OK(aclrtDestroyEvent(event));
    }
    CHECK_OK(aclrtResetDevice(0));

    /* 4. Device sync: wait for everything running on the current device. */
    {
        CHECK_OK(aclrtSetDevice(0));
        aclrtStream stream;
        CHECK_OK(aclrtCreateStream(&stream));
        CHECK_OK(launch_copy(stream, dst, src, 3, 20));
        CHECK_OK(launch_copy(NULL, out, src, 4, 20));
        CHECK_OK(aclrtSynchronizeDevice());
        check_buf(dst, 3);
        check_buf(out, 4);
        CHECK_OK(aclrtDestroyStream(stream));
        CHECK_OK(aclrtResetDevice(0));
    }

    CHECK_OK(aclFinalize());
    return 0;
}
