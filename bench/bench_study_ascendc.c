/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `ascendc` (registry: bench_studies.c; help text below): Ascend C
 * kernels on the device's workers (docs/ascendc.md) against baselines of the same run.
 */
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "bench_ascendc.h"
#include "bench_study.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

#define AC_BYTES (64ull << 20) /* each of x, y, z */
#define AC_DIM 8u

static int32_t empty_kernel(void *args)
{
    (void)args;
    return 0;
}

/* ns per launch + synchronise, median of `n` (after one warm-up). */
static int launch_sync_rep(aclrtStream s, bool ascendc, unsigned n, double *out)
{
    double v[64];
    if (n > 64)
        n = 64;
    for (unsigned i = 0; i <= n; i++) {
        uint64_t t0 = bu_now_ns();
        CK(ascendc ? bench_ascendc_empty(s, AC_DIM) : cpuaclLaunchKernel(s, empty_kernel, NULL));
        CK(aclrtSynchronizeStream(s));
        if (i)
            v[i - 1] = (double)(bu_now_ns() - t0);
    }
    *out = bu_median(v, n);
    return 0;
}

static int study_ascendc(struct bs_ctx *c)
{
    aclrtStream s;
    CK(aclrtCreateStream(&s));
    void *x = NULL, *y = NULL, *z = NULL;
    CK(aclrtMalloc(&x, AC_BYTES, ACL_MEM_MALLOC_HUGE_FIRST));
    CK(aclrtMalloc(&y, AC_BYTES, ACL_MEM_MALLOC_HUGE_FIRST));
    CK(aclrtMalloc(&z, AC_BYTES, ACL_MEM_MALLOC_HUGE_FIRST));
    memset(x, 1, AC_BYTES); /* device memory is host memory: first touch here */
    memset(y, 2, AC_BYTES);
    memset(z, 0, AC_BYTES);
    uint64_t n = AC_BYTES / sizeof(float);
    struct br_acc base = {0}, empty = {0}, mc = {0}, add = {0};
    int rc = 0;
    double t;
    CK(bench_ascendc_add(s, AC_DIM, x, y, z, n)); /* warm-up: fibers, pages */
    CK(aclrtSynchronizeStream(s));
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        bs_progress(c, "ascendc: empty launch + sync");
        rc = launch_sync_rep(s, false, c->full ? 64 : 16, &t);
        br_acc_add(&base, t);
        if (rc == 0)
            rc = launch_sync_rep(s, true, c->full ? 64 : 16, &t);
        br_acc_add(&empty, t);
        if (rc)
            break;
        bs_progress(c, "ascendc: Add over 64 MiB");
        uint64_t t0 = bu_now_ns();
        memcpy(z, x, AC_BYTES);
        uint64_t t1 = bu_now_ns();
        br_acc_add(&mc, 2.0 * AC_BYTES / (double)(t1 - t0)); /* GB/s: read + write */
        t0 = bu_now_ns();
        rc = (int)bench_ascendc_add(s, AC_DIM, x, y, z, n);
        if (rc == 0)
            rc = (int)aclrtSynchronizeStream(s);
        t1 = bu_now_ns();
        br_acc_add(&add, 3.0 * AC_BYTES / (double)(t1 - t0)); /* two reads, one write */
    }
    aclrtFree(x);
    aclrtFree(y);
    aclrtFree(z);
    aclrtDestroyStream(s);
    if (rc)
        return rc;
    struct br_figure *f;
    br_set_note(br_add(c->res, "ascendc", "launch_base", "empty cpuaclLaunchKernel + sync", "ns",
                       BR_LOWER, &base, NULL, NULL),
                "the baseline of launch");
    f = br_add(c->res, "ascendc", "launch", "empty blockDim-8 Ascend C launch + sync", "ns",
               BR_LOWER, &empty, "ascendc.launch_base", NULL);
    br_set_target(f, 'b', '<', 2.0);
    br_set_note(f, "cpuaclAscendcLaunch, 8 blocks on fibers of the device's workers");
    br_set_note(br_add(c->res, "ascendc", "memcpy", "memcpy 64 MiB (one thread)", "GB/s", BR_HIGHER,
                       &mc, NULL, NULL),
                "bytes read + written");
    f = br_add(c->res, "ascendc", "add", "Add kernel over 64 MiB, blockDim 8", "GB/s", BR_HIGHER,
               &add, "ascendc.memcpy", NULL);
    br_set_target(f, 'b', '>', 0.8);
    br_set_note(f, "TPipe/TQue double buffering, tiles of %llu floats; bytes read + written",
                (unsigned long long)bench_ascendc_tile());
    return 0;
}

const struct bs_study bs_ascendc_study = {
    "ascendc",
    "Ascend C kernels: empty launch + sync; Add over 64 MiB vs memcpy",
    "Launch + aclrtSynchronizeStream of an empty blockDim-8 Ascend C kernel\n"
    "(cpuaclAscendcLaunch) vs an empty cpuaclLaunchKernel, medians of 16 (full: 64)\n"
    "(target <= 2x). An Add kernel (kernel_operator.h: TPipe, TQue double buffering,\n"
    "DataCopy) over three 64 MiB float tensors with blockDim 8, bytes moved per\n"
    "second vs one thread's memcpy of 64 MiB (target >= 0.8x).",
    study_ascendc,
};
