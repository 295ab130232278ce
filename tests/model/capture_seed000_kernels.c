/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 000's cross-stream capture with C-function kernels in place of aclnnAdd:
 * capture on stream1, stream2 joins through event1 and rejoins through event2,
 * a sync copy allowed by switching the thread to RELAXED runs once and is not
 * captured, and eight replays accumulate out = self + 1.1 * other. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cpuacl/cpuacl.h"
#include "testutil.h"
#include "capture.h"

#define N 8
static float self_h[N], other_h[N], self_d[N], other_d[N], out_d[N];
static int copies_in; /* how often the H2D kernel ran */

static int32_t h2d_self(void *a)
{
    (void)a;
    memcpy(self_d, self_h, sizeof(self_d));
    copies_in++;
    return 0;
}

static int32_t add(void *a)
{
    float alpha = *(float *)a;
    for (int i = 0; i < N; i++)
        out_d[i] = self_d[i] + alpha * other_d[i];
    return 0;
}

static int32_t d2h_out(void *a)
{
    (void)a;
    memcpy(self_h, out_d, sizeof(self_h));
    return 0;
}

static int32_t sync_copy_other(void *a)
{
    (void)a;
    memcpy(other_d, other_h, sizeof(other_d));
    return 0;
}

int main(void)
{
    TEST_OPEN();
    for (int i = 0; i < N; i++) {
        self_h[i] = 0;
        other_h[i] = 1;
    }
    aclrtStream s1, s2, side;
    aclrtEvent e1, e2;
    aclmdlRI ri;
    CREATE_STREAMS(&s1, &s2, &side);
    CREATE_EVENTS(&e1, &e2);
    float alpha = 1.1f;

    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(cpuaclLaunchKernel(s1, h2d_self, NULL));
    /* The "sync copy" stands in for aclrtMemcpy: run it eagerly on another
     * stream and wait; under GLOBAL it is refused, under RELAXED allowed. */
    aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&mode));
    CHECK(mode == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    CHECK_OK(cpuaclLaunchKernel(side, sync_copy_other, NULL));
    CHECK_OK(aclrtSynchronizeStream(side));
    CHECK_OK(aclmdlRICaptureThreadExchangeMode(&mode));
    CHECK(mode == ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    CHECK(copies_in == 0); /* captured, not run */
    join_stream(s2, s1, e1);
    aclmdlRICaptureStatus st;
    aclmdlRI during;
    CHECK_OK(aclmdlRICaptureGetInfo(s2, &st, &during)); /* s2 joined */
    CHECK(st == ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE && during != NULL);
    CHECK_OK(cpuaclLaunchKernelArgs(s2, add, &alpha, sizeof(alpha)));
    join_stream(s1, s2, e2);
    CHECK_OK(cpuaclLaunchKernel(s1, d2h_out, NULL));
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    CHECK(ri == during);
    CHECK_OK(aclmdlRICaptureGetInfo(s2, &st, NULL));
    CHECK(st == ACL_MODEL_RI_CAPTURE_STATUS_NONE);

    for (int r = 1; r <= 8; r++) {
        CHECK_OK(aclmdlRIExecuteAsync(ri, s1));
        CHECK_OK(aclrtSynchronizeStream(s1));
        printf("%f %f %f %f %f %f %f %f\n", self_h[0], self_h[1], self_h[2], self_h[3],
               self_h[4], self_h[5], self_h[6], self_h[7]);
        for (int i = 0; i < N; i++)
            CHECK(fabsf(self_h[i] - 1.1f * (float)r) < 1e-5f);
    }
    CHECK(copies_in == 8);
    CHECK_OK(aclmdlRIDestroy(ri));
    DESTROY_STREAMS(s1, s2, side);
    DESTROY_EVENTS(e1, e2);
    TEST_CLOSE();
    return 0;
}
