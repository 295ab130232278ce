/* SPDX-License-Identifier: Apache-2.0 */
/* An ordered log written by device kernels, for the model tests of tests/model
 * (conditional bodies, labels): logk(s, id) queues a kernel appending id; EXPECT(ri, s,
 * ids...) runs ri once on s and demands exactly that log. Models run one lane at a time
 * in these tests, so the log order is the execution order. */
#ifndef CPUACL_TESTS_MODEL_TLOG_H
#define CPUACL_TESTS_MODEL_TLOG_H

#include "acltest.h"

static int g_log[256];
static _Atomic int g_n;

struct logarg {
    int id;
};
static int32_t k_log(void *p)
{
    int i = atomic_fetch_add(&g_n, 1);
    if (i < 256)
        g_log[i] = ((struct logarg *)p)->id;
    return 0;
}
static void logk(aclrtStream s, int id)
{
    struct logarg a = {id};
    CHECK_OK(cpuaclLaunchKernelArgs(s, k_log, &a, sizeof(a)));
}

static void expect(aclmdlRI ri, aclrtStream s, const int *want, int n, int line)
{
    atomic_store(&g_n, 0);
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    int got = atomic_load(&g_n);
    bool ok = got == n;
    for (int i = 0; ok && i < n; i++)
        ok = g_log[i] == want[i];
    if (!ok) {
        fprintf(stderr, "line %d: log of %d entries:", line, got);
        for (int i = 0; i < got && i < 256; i++)
            fprintf(stderr, " %d", g_log[i]);
        fprintf(stderr, "\n");
        exit(1);
    }
}
#define EXPECT(ri, s, ...)                                                                         \
    do {                                                                                           \
        const int w_[] = {__VA_ARGS__};                                                            \
        expect(ri, s, w_, (int)(sizeof(w_) / sizeof(w_[0])), __LINE__);                           \
    } while (0)

#endif
