/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `ascendc` (registry: bench_studies.c; help text below): Ascend C
 * kernels on the device's workers (docs/ascendc.md) against baselines of the same run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "acl/acl.h"
#include "bench_ascendc.h"
#include "bench_study.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

#define AC_BYTES (64ull << 20) /* each of x, y, z */
#define AC_DIM 8u
#define AC_TILE 8192u /* floats, as the kernel's tiles (bench_ascendc_kernels.cc) */

static int32_t empty_kernel(void *args)
{
    (void)args;
    return 0;
}

/*
 * The baseline issue 30 names: CANN's CPU mode (ICPU_RUN_KF) runs each block of a kernel in
 * a process of its own over shared memory (its documented constraint: every argument from
 * GmAlloc's shared memory). No timing of that mode is published (docs/ascendc.md says what
 * was searched), so the study measures its mechanism: one fork per block, the child does
 * the block's share of the work (the Add's arithmetic, in tiles as the kernel does) and
 * exits, the parent waits for every child. Without CANN's model library this is a lower
 * bound of that mode's cost. The children only compute and _exit (no locks, no stdio), so
 * forking this multi-threaded process is safe.
 */
static void fork_add_share(unsigned dim, unsigned b, const float *x, const float *y, float *z,
                           uint64_t n)
{
    uint64_t len = n / dim, off = len * b;
    for (uint64_t t = 0; t + AC_TILE <= len; t += AC_TILE) {
        const float *__restrict pa = x + off + t;
        const float *__restrict pb = y + off + t;
        float *__restrict pc = z + off + t;
        for (unsigned k = 0; k < AC_TILE; k++)
            pc[k] = pa[k] + pb[k];
    }
}

/* One launch of `dim` blocks as processes; z NULL: empty blocks. 0 when every child exited 0. */
static int fork_blocks(unsigned dim, const float *x, const float *y, float *z, uint64_t n)
{
    pid_t pid[AC_DIM];
    unsigned started = 0;
    int rc = 0;
    fflush(stdout); /* nothing buffered is written twice */
    fflush(stderr);
    for (; started < dim; started++) {
        pid[started] = fork();
        if (pid[started] == 0) {
            if (z)
                fork_add_share(dim, started, x, y, z, n);
            _exit(0);
        }
        if (pid[started] < 0) {
            rc = -1;
            break;
        }
    }
    for (unsigned b = 0; b < started; b++) {
        int st = 0;
        if (waitpid(pid[b], &st, 0) != pid[b] || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            rc = -1;
    }
    return rc;
}

/* ns per fork-per-block empty launch, median of `n` (after one warm-up). */
static int fork_launch_rep(unsigned n, double *out)
{
    double v[64];
    if (n > 64)
        n = 64;
    for (unsigned i = 0; i <= n; i++) {
        uint64_t t0 = bu_now_ns();
        if (fork_blocks(AC_DIM, NULL, NULL, NULL, 0) != 0)
            return -1;
        if (i)
            v[i - 1] = (double)(bu_now_ns() - t0);
    }
    *out = bu_median(v, n);
    return 0;
}

/* What launch_sync_rep launches: an empty cpuaclLaunchKernel, an empty Ascend C kernel, or
 * one whose arguments change at every launch. */
enum { LS_BASE, LS_EMPTY, LS_ARGS };

/* ns per launch + synchronise, median of `n` (after one warm-up). */
static int launch_sync_rep(aclrtStream s, int what, unsigned n, double *out)
{
    double v[64];
    if (n > 64)
        n = 64;
    for (unsigned i = 0; i <= n; i++) {
        uint64_t t0 = bu_now_ns();
        CK(what == LS_EMPTY  ? bench_ascendc_empty(s, AC_DIM)
           : what == LS_ARGS ? bench_ascendc_args(s, AC_DIM, i + 1)
                             : cpuaclLaunchKernel(s, empty_kernel, NULL));
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
    /* the fork baseline's tensors: shared, as GmAlloc's are, so the children's writes reach
     * the parent; touched here like x, y, z */
    float *fx = mmap(NULL, 3 * AC_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (fx == MAP_FAILED) {
        fprintf(stderr, "ascendc: mmap of the fork baseline's tensors failed\n");
        return -1;
    }
    float *fy = fx + n, *fz = fy + n;
    memset(fx, 1, AC_BYTES);
    memset(fy, 2, AC_BYTES);
    memset(fz, 0, AC_BYTES);
    struct br_acc base = {0}, empty = {0}, args = {0}, mc = {0}, add = {0}, fl = {0}, fa = {0};
    int rc = 0;
    double t;
    CK(bench_ascendc_add(s, AC_DIM, x, y, z, n)); /* warm-up: fibers, pages */
    CK(aclrtSynchronizeStream(s));
    if (fork_blocks(AC_DIM, fx, fy, fz, n) != 0 || fz[n - 1] != fx[n - 1] + fy[n - 1] ||
        fz[0] != ((float *)x)[0] + ((float *)y)[0]) {
        fprintf(stderr, "ascendc: the fork-per-block Add did not run or computed wrong values\n");
        rc = -1;
    }
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        bs_progress(c, "ascendc: empty launch + sync");
        rc = launch_sync_rep(s, LS_BASE, c->full ? 64 : 16, &t);
        br_acc_add(&base, t);
        if (rc == 0)
            rc = launch_sync_rep(s, LS_EMPTY, c->full ? 64 : 16, &t);
        br_acc_add(&empty, t);
        if (rc == 0)
            rc = launch_sync_rep(s, LS_ARGS, c->full ? 64 : 16, &t);
        br_acc_add(&args, t);
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
        if (rc)
            break;
        bs_progress(c, "ascendc: fork-per-block baseline");
        rc = fork_launch_rep(c->full ? 64 : 16, &t);
        br_acc_add(&fl, t);
        t0 = bu_now_ns();
        if (rc == 0)
            rc = fork_blocks(AC_DIM, fx, fy, fz, n);
        t1 = bu_now_ns();
        br_acc_add(&fa, 3.0 * AC_BYTES / (double)(t1 - t0));
    }
    munmap(fx, 3 * AC_BYTES);
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
    f = br_add(c->res, "ascendc", "launch_args",
               "blockDim-8 launch + sync, arguments changing", "ns", BR_LOWER, &args,
               "ascendc.launch_base", NULL);
    br_set_note(f, "as launch, with 32 bytes of arguments that change at every launch and that "
                   "the kernel reads");
    br_set_note(br_add(c->res, "ascendc", "memcpy", "memcpy 64 MiB (one thread)", "GB/s", BR_HIGHER,
                       &mc, NULL, NULL),
                "bytes read + written");
    f = br_add(c->res, "ascendc", "add", "Add kernel over 64 MiB, blockDim 8", "GB/s", BR_HIGHER,
               &add, "ascendc.memcpy", NULL);
    br_set_target(f, 'b', '>', 0.8);
    br_set_note(f, "TPipe/TQue double buffering, tiles of %llu floats; bytes read + written",
                (unsigned long long)bench_ascendc_tile());
    f = br_add(c->res, "ascendc", "fork_launch", "empty 8-block launch, a process per block", "ns",
               BR_LOWER, &fl, "ascendc.launch", NULL);
    br_set_note(f, "the mechanism of CANN's CPU mode (no published figures): fork, exit, waitpid "
                   "per block; ratio to ascendc.launch");
    f = br_add(c->res, "ascendc", "fork_add", "Add over 64 MiB, a process per block", "GB/s",
               BR_HIGHER, &fa, "ascendc.add", NULL);
    br_set_note(f, "the same arithmetic in 8 forked children over shared memory; ratio to "
                   "ascendc.add");
    return 0;
}

const struct bs_study bs_ascendc_study = {
    "ascendc",
    "Ascend C kernels: empty launch + sync; Add over 64 MiB vs memcpy; vs a process per block",
    "Launch + aclrtSynchronizeStream of an empty blockDim-8 Ascend C kernel\n"
    "(cpuaclAscendcLaunch) vs an empty cpuaclLaunchKernel, medians of 16 (full: 64)\n"
    "(target <= 2x); the same with 32 bytes of arguments that change at every\n"
    "launch (a repeated launch leaves the record's lines where they are). An Add\n"
    "kernel (kernel_operator.h: TPipe, TQue double buffering, DataCopy) over three\n"
    "64 MiB float tensors with blockDim 8, bytes moved per second vs one\n"
    "thread's memcpy of 64 MiB (target >= 0.8x). Both again with a\n"
    "process per block (fork, compute, exit, waitpid: the mechanism of CANN's CPU\n"
    "mode, whose timings are not published) against the Ascend C figures.",
    study_ascendc,
};
