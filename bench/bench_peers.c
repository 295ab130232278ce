/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The peers study of cpuacl-bench (bench_peers.h). Every peer figure names
 * its cpuacl counterpart as its baseline reference, so the ratio column
 * reads "peer / cpuacl" (for times, above 1x: the peer is slower), when the
 * counterpart's study ran in the same invocation.
 */
#define _GNU_SOURCE
#include "bench_peers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_study.h"
#include "bench_util.h"

#ifdef BENCH_HAVE_OPENCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

struct ocl {
    cl_platform_id platform;
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q[2];
    cl_program prog;
    cl_kernel k;
    char name[96];
};

static void ocl_fini(struct ocl *o)
{
    if (o->k)
        clReleaseKernel(o->k);
    if (o->prog)
        clReleaseProgram(o->prog);
    for (int i = 0; i < 2; i++)
        if (o->q[i])
            clReleaseCommandQueue(o->q[i]);
    if (o->ctx)
        clReleaseContext(o->ctx);
}

/* A CPU device of any platform (PoCL's). 0, or a reason in `why`. */
static int ocl_init(struct ocl *o, char *why, size_t cap)
{
    memset(o, 0, sizeof(*o));
    cl_platform_id plats[8];
    cl_uint np = 0;
    if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS || np == 0) {
        snprintf(why, cap, "no OpenCL platform (install pocl-opencl-icd)");
        return -1;
    }
    for (cl_uint i = 0; i < np && !o->dev; i++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_CPU, 1, &o->dev, &nd) != CL_SUCCESS || !nd)
            o->dev = NULL;
        else
            o->platform = plats[i];
    }
    if (!o->dev) {
        snprintf(why, cap, "no OpenCL CPU device (install pocl-opencl-icd)");
        return -1;
    }
    char pname[128] = "", vers[128] = "";
    clGetPlatformInfo(o->platform, CL_PLATFORM_NAME, sizeof(pname) - 1, pname, NULL);
    clGetPlatformInfo(o->platform, CL_PLATFORM_VERSION, sizeof(vers) - 1, vers, NULL);
    snprintf(o->name, sizeof(o->name), "%.40s, %.48s", pname, vers);
    cl_int err;
    o->ctx = clCreateContext(NULL, 1, &o->dev, NULL, NULL, &err);
    for (int i = 0; i < 2 && err == CL_SUCCESS; i++)
        o->q[i] = clCreateCommandQueue(o->ctx, o->dev, 0, &err); /* in order */
    static const char *src = "__kernel void k(void) { }\n";
    if (err == CL_SUCCESS)
        o->prog = clCreateProgramWithSource(o->ctx, 1, &src, NULL, &err);
    if (err == CL_SUCCESS)
        err = clBuildProgram(o->prog, 1, &o->dev, "", NULL, NULL);
    if (err == CL_SUCCESS)
        o->k = clCreateKernel(o->prog, "k", &err);
    if (err != CL_SUCCESS) {
        snprintf(why, cap, "OpenCL setup failed (%d) on %s", (int)err, o->name);
        ocl_fini(o);
        return -1;
    }
    return 0;
}

static cl_int ocl_enqueue(struct ocl *o, int q, cl_uint nwait, const cl_event *wait, cl_event *ev)
{
    size_t g = 1;
    return clEnqueueNDRangeKernel(o->q[q], o->k, 1, NULL, &g, NULL, nwait, wait, ev);
}

static int peer_opencl(struct bs_ctx *c, bs_progress_fn progress)
{
    struct br_results *R = c->res;
    struct ocl o;
    char why[128];
    if (ocl_init(&o, why, sizeof(why)) != 0) {
        br_add_skipped(R, "peers", "OpenCL (PoCL)", "%s", why);
        return 0;
    }
    enum { B = 64 };
    const unsigned nb = c->full ? 50 : 10, nrt = c->full ? 100 : 20;
    struct br_acc enq = {0}, drain = {0}, rt = {0}, chain = {0};
    int rc = 0;
    for (unsigned r = 0; r < c->reps && rc == 0; r++) {
        progress(c, "peers: OpenCL enqueue");
        double v[64];
        cl_event ev[B];
        for (unsigned b = 0; b < nb && rc == 0; b++) {
            uint64_t t0 = bu_now_ns();
            for (unsigned i = 0; i < B; i++)
                if (ocl_enqueue(&o, 0, 0, NULL, &ev[i]) != CL_SUCCESS)
                    rc = -1;
            uint64_t t1 = bu_now_ns();
            if (clFinish(o.q[0]) != CL_SUCCESS)
                rc = -1;
            for (unsigned i = 0; i < B && rc == 0; i++)
                clReleaseEvent(ev[i]);
            v[b] = (double)(t1 - t0) / B;
        }
        br_acc_add(&enq, bu_median(v, nb));
        /* enqueue + drain, per kernel */
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < 1000 && rc == 0; i++)
            if (ocl_enqueue(&o, 0, 0, NULL, NULL) != CL_SUCCESS)
                rc = -1;
        if (clFinish(o.q[0]) != CL_SUCCESS)
            rc = -1;
        br_acc_add(&drain, (double)(bu_now_ns() - t0) / 1000);
        progress(c, "peers: OpenCL round trip");
        double w[128];
        for (unsigned i = 0; i < nrt && rc == 0; i++) {
            uint64_t t1 = bu_now_ns();
            if (ocl_enqueue(&o, 0, 0, NULL, NULL) != CL_SUCCESS || clFinish(o.q[0]) != CL_SUCCESS)
                rc = -1;
            w[i] = (double)(bu_now_ns() - t1);
        }
        br_acc_add(&rt, bu_median(w, nrt));
        progress(c, "peers: OpenCL cross-queue chain");
        for (unsigned i = 0; i < nrt && rc == 0; i++) {
            cl_event e1 = NULL;
            uint64_t t1 = bu_now_ns();
            if (ocl_enqueue(&o, 0, 0, NULL, &e1) != CL_SUCCESS ||
                ocl_enqueue(&o, 1, 1, &e1, NULL) != CL_SUCCESS || clFinish(o.q[1]) != CL_SUCCESS)
                rc = -1;
            w[i] = (double)(bu_now_ns() - t1);
            if (e1)
                clReleaseEvent(e1);
        }
        br_acc_add(&chain, bu_median(w, nrt));
    }
    clFinish(o.q[0]);
    clFinish(o.q[1]);
    if (rc) {
        br_add_skipped(R, "peers", "OpenCL (PoCL)", "an OpenCL call failed on %s", o.name);
        ocl_fini(&o);
        return 0;
    }
    struct br_figure *f;
    f = br_add(R, "peers", "ocl_enqueue", "OpenCL enqueue, empty kernel", "ns", BR_LOWER, &enq,
               "launch.submit", NULL);
    br_set_note(f, "%s; in-order queue, with events; vs cpuacl submit", o.name);
    f = br_add(R, "peers", "ocl_drain", "OpenCL enqueue+drain per kernel", "ns", BR_LOWER, &drain,
               "capture.eager_1000", NULL);
    br_set_note(f, "1000 kernels + clFinish; vs cpuacl eager per task (1000)");
    f = br_add(R, "peers", "ocl_roundtrip", "OpenCL enqueue+clFinish", "ns", BR_LOWER, &rt,
               "roundtrip.p50", NULL);
    br_set_note(f, "median of %u; vs cpuacl launch+sync p50", nrt);
    f = br_add(R, "peers", "ocl_chain", "OpenCL cross-queue chain", "ns", BR_LOWER, &chain,
               "event.lat_p50", NULL);
    br_set_note(f, "q0 kernel -> event -> q1 kernel + clFinish; vs cpuacl record->start");
    ocl_fini(&o);
    return 0;
}
#endif /* BENCH_HAVE_OPENCL */

int bs_study_peers(struct bs_ctx *c, bs_progress_fn progress)
{
    struct br_results *R = c->res;
#ifdef BENCH_HAVE_OPENCL
    int rc = peer_opencl(c, progress);
    if (rc)
        return rc;
#else
    br_add_skipped(R, "peers", "OpenCL (PoCL)",
                   "not found when cpuacl-bench was configured (Debian: ocl-icd-opencl-dev "
                   "opencl-c-headers pocl-opencl-icd)");
#endif
#ifdef BENCH_HAVE_TBB
    struct br_acc ch10 = {0}, ch1000 = {0}, fan = {0};
    const unsigned runs = c->full ? 200 : 50;
    for (unsigned r = 0; r < c->reps; r++) {
        progress(c, "peers: oneTBB flow graph");
        double x;
        if (bench_tbb_chain_ns(10, runs * 10, &x) != 0)
            goto tbb_failed;
        br_acc_add(&ch10, x);
        if (bench_tbb_chain_ns(1000, runs, &x) != 0)
            goto tbb_failed;
        br_acc_add(&ch1000, x);
        if (bench_tbb_fanout_ns(1000, runs, &x) != 0)
            goto tbb_failed;
        br_acc_add(&fan, x);
    }
    struct br_figure *f;
    f = br_add(R, "peers", "tbb_chain_10", "oneTBB chain per node, 10", "ns", BR_LOWER, &ch10,
               "capture.replay_10", NULL);
    br_set_note(f, "continue_node chain, try_put + wait_for_all; vs cpuacl replay per node");
    f = br_add(R, "peers", "tbb_chain_1000", "oneTBB chain per node, 1000", "ns", BR_LOWER, &ch1000,
               "capture.replay_1000", NULL);
    br_set_note(f, "continue_node chain, try_put + wait_for_all; vs cpuacl replay per node");
    f = br_add(R, "peers", "tbb_fanout_1000", "oneTBB fan-out per node, 1000", "ns", BR_LOWER, &fan,
               "capture.replay_lanes", NULL);
    br_set_note(f, "broadcast_node to 1000 continue_nodes; vs cpuacl 4-lane replay per node");
    return 0;
tbb_failed:
    br_add_skipped(R, "peers", "oneTBB flow graph", "a flow graph run threw");
    return 0;
#else
    br_add_skipped(R, "peers", "oneTBB flow graph",
                   "not found when cpuacl-bench was configured (Debian: libtbb-dev)");
    (void)progress;
    (void)c;
    return 0;
#endif
}

static int study_peers(struct bs_ctx *c)
{
    return bs_study_peers(c, bs_progress);
}

const struct bs_study bs_peers_study = {
    "peers", "OpenCL on CPU (PoCL) and oneTBB flow graph, when installed",
    "OpenCL (any platform's CPU device, i.e. PoCL): an empty kernel enqueued on an\n"
    "in-order queue with events (host cost), enqueue + drain per kernel, enqueue +\n"
    "clFinish round trip, and a cross-queue event chain + clFinish. oneTBB flow\n"
    "graph: per-node cost of a chain of continue_nodes (10 and 1000 nodes) and of\n"
    "a fan-out to 1000. Each figure's baseline is its cpuacl counterpart when that\n"
    "study ran in the same invocation (ratio = peer / cpuacl). A peer not found at\n"
    "configure time, or without a CPU device, is reported as skipped. Debian:\n"
    "pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers libtbb-dev.",
    study_peers,
};
