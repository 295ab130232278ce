/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The graph study: per-run cost of a built GE graph of N small nodes
 * (N = 10, 100, 1000; a chain of Relu over 16 floats) beside the same N
 * operators launched eagerly through the aclnn API and beside a model
 * captured from those launches, all measured in this run. The graph is
 * built through the engine's C interface (ge/cpuacl_ge.h, what the C++
 * headers call). Target: a graph run costs at most the captured model of the
 * same work + 10% (ratio <= 1.1).
 */
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_relu.h"
#include "bench_graph.h"
#include "bench_study.h"
#include "bench_util.h"
#include "ge/cpuacl_ge.h"

#define ELEMS 16
#define GRAPH_ID 0x6b7a

#define CKG(call)                                                                                  \
    do {                                                                                           \
        long e_ = (long)(call);                                                                    \
        if (e_ != 0) {                                                                             \
            const char *m_ = aclGetRecentErrMsg();                                                 \
            fprintf(stderr, "cpuacl-bench: %s failed: %ld (%s)\n", #call, e_,                      \
                    m_ ? m_ : "no message");                                                       \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

/* n Relu launches ping-ponging between two buffers (in -> a -> b -> a ...). */
static int eager_chain(aclrtStream s, aclTensor *in, aclTensor *a, aclTensor *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        aclTensor *src = i == 0 ? in : (i % 2 ? a : b), *dst = i % 2 ? b : a;
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        CKG(aclnnReluGetWorkspaceSize(src, dst, &ws, &ex));
        CKG(aclnnRelu(NULL, ws, ex, s));
    }
    return 0;
}

static cpuaclGeGraph *chain_graph(unsigned n)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("bench_chain");
    if (!g)
        return NULL;
    int32_t v = cpuaclGeGraphAddNode(g, "Data", "x");
    cpuaclGeTensor d = {.dtype = ACL_FLOAT, .format = 2, .ndim = 1, .dims = {ELEMS}};
    if (v < 0 || cpuaclGeGraphSetDesc(g, v, 0, "x", &d))
        goto fail;
    for (unsigned i = 0; i < n; i++) {
        int32_t r = cpuaclGeGraphAddNode(g, "Relu", "relu");
        if (r < 0 || cpuaclGeGraphSetInput(g, r, "x", v, NULL, 0))
            goto fail;
        v = r;
    }
    int32_t zero = 0;
    if (cpuaclGeGraphSetOutputs(g, &v, &zero, 1))
        goto fail;
    return g;
fail:
    cpuaclGeGraphDestroy(g);
    return NULL;
}

static int graph_size(struct bs_ctx *c, bs_progress_fn progress, uint64_t sess, aclrtStream s,
                      unsigned n, void *din, void *dout, void *da, void *db)
{
    const uint64_t work = c->full ? 500000u : 100000u; /* nodes per repetition */
    uint64_t runs = work / n < 20 ? 20 : work / n;
    int64_t dims[1] = {ELEMS};
    aclTensor *tin = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, dims, 1, din);
    aclTensor *ta = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, dims, 1, da);
    aclTensor *tb = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, dims, 1, db);
    if (!tin || !ta || !tb)
        return -1;
    /* The captured model of the same launches. */
    aclmdlRI ri = NULL;
    CKG(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    if (eager_chain(s, tin, ta, tb, n)) {
        aclmdlRI junk = NULL;
        aclmdlRICaptureEnd(s, &junk);
        if (junk)
            aclmdlRIDestroy(junk);
        return -1;
    }
    CKG(aclmdlRICaptureEnd(s, &ri));
    /* The graph. */
    cpuaclGeGraph *g = chain_graph(n);
    if (!g)
        return -1;
    CKG(cpuaclGeSessionAddGraph(sess, GRAPH_ID + n, g, NULL, NULL, 0));
    cpuaclGeTensor in = {.dtype = ACL_FLOAT, .format = 2, .placement = 1, .ndim = 1,
                         .dims = {ELEMS}, .data = din, .size = ELEMS * 4};
    cpuaclGeTensor out = in;
    out.data = dout;
    CKG(cpuaclGeSessionBuildGraph(sess, GRAPH_ID + n, &in, 1));
    CKG(cpuaclGeSessionRunAsync(sess, GRAPH_ID + n, s, &in, 1, &out, 1)); /* captures */
    CKG(aclrtSynchronizeStream(s));

    struct br_acc eag = {0}, cap = {0}, gr = {0};
    static char what[64];
    snprintf(what, sizeof(what), "graph: %u nodes", n);
    for (unsigned r = 0; r < c->reps; r++) {
        progress(c, what);
        uint64_t t0 = bu_now_ns();
        for (uint64_t k = 0; k < runs / 4 + 1; k++) /* eager is slow: fewer runs */
            if (eager_chain(s, tin, ta, tb, n))
                return -1;
        CKG(aclrtSynchronizeStream(s));
        br_acc_add(&eag, (double)(bu_now_ns() - t0) / (double)(runs / 4 + 1));
        t0 = bu_now_ns();
        for (uint64_t k = 0; k < runs; k++)
            CKG(aclmdlRIExecuteAsync(ri, s));
        CKG(aclrtSynchronizeStream(s));
        br_acc_add(&cap, (double)(bu_now_ns() - t0) / (double)runs);
        t0 = bu_now_ns();
        for (uint64_t k = 0; k < runs; k++)
            CKG(cpuaclGeSessionRunAsync(sess, GRAPH_ID + n, s, &in, 1, &out, 1));
        CKG(aclrtSynchronizeStream(s));
        br_acc_add(&gr, (double)(bu_now_ns() - t0) / (double)runs);
    }
    char key[32], label[64], ref[48];
    snprintf(key, sizeof(key), "eager_%u", n);
    snprintf(label, sizeof(label), "eager aclnn, %u ops, per run", n);
    struct br_figure *f = br_add(c->res, "graph", key, label, "ns", BR_LOWER, &eag, NULL, NULL);
    if (f)
        br_set_note(f, "%u x (aclnnReluGetWorkspaceSize + aclnnRelu) on [%d] floats, then sync",
                    n, ELEMS);
    snprintf(key, sizeof(key), "captured_%u", n);
    snprintf(label, sizeof(label), "captured model, %u nodes, per run", n);
    snprintf(ref, sizeof(ref), "graph.eager_%u", n);
    f = br_add(c->res, "graph", key, label, "ns", BR_LOWER, &cap, ref, NULL);
    if (f)
        br_set_note(f, "aclmdlRIExecuteAsync of the same launches captured; vs eager");
    snprintf(key, sizeof(key), "graph_%u", n);
    snprintf(label, sizeof(label), "GE graph run, %u nodes, per run", n);
    snprintf(ref, sizeof(ref), "graph.captured_%u", n);
    f = br_add(c->res, "graph", key, label, "ns", BR_LOWER, &gr, ref, NULL);
    if (f) {
        br_set_target(f, 'b', '<', 1.1);
        br_set_note(f, "RunGraphWithStreamAsync (bind + model launch), %llu runs + 1 sync; vs "
                       "the captured model",
                    (unsigned long long)runs);
    }
    aclmdlRIDestroy(ri);
    cpuaclGeSessionRemoveGraph(sess, GRAPH_ID + n);
    aclDestroyTensor(tin);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    return 0;
}

int bs_study_graph(struct bs_ctx *c, bs_progress_fn progress)
{
    static const unsigned sizes[] = {10, 100, 1000};
    bool own_ge = cpuaclGeInitialize(NULL, NULL, 0) == 0; /* else already initialised */
    uint64_t sess = 0;
    aclrtStream s = NULL;
    void *buf[4] = {NULL};
    int rc = -1;
    if (cpuaclGeSessionCreate(NULL, NULL, 0, &sess) != 0 || aclrtCreateStream(&s) != ACL_SUCCESS)
        goto out;
    for (int i = 0; i < 4; i++) {
        if (aclrtMalloc(&buf[i], ELEMS * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
            goto out;
        float init[ELEMS];
        for (int k = 0; k < ELEMS; k++)
            init[k] = (float)(k - ELEMS / 2);
        aclrtMemcpy(buf[i], sizeof(init), init, sizeof(init), ACL_MEMCPY_HOST_TO_DEVICE);
    }
    rc = 0;
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]) && rc == 0; i++)
        rc = graph_size(c, progress, sess, s, sizes[i], buf[0], buf[1], buf[2], buf[3]);
out:
    for (int i = 0; i < 4; i++)
        if (buf[i])
            aclrtFree(buf[i]);
    if (s)
        aclrtDestroyStream(s);
    if (sess)
        cpuaclGeSessionDestroy(sess);
    if (own_ge)
        cpuaclGeFinalize();
    return rc;
}

static int study_graph(struct bs_ctx *c)
{
    return bs_study_graph(c, bs_progress);
}

const struct bs_study bs_graph_study = {
    "graph", "GE graph run vs the captured model and eager aclnn launches, 10..1000 nodes",
    "A chain of N Relu nodes on 16 floats (N = 10, 100, 1000) built as a GE graph\n"
    "(RunGraphWithStreamAsync), the same N aclnnRelu launches eager (phase 1 + 2\n"
    "each), and a model captured from them (aclmdlRIExecuteAsync): time per run,\n"
    "many runs then one sync. Target: graph run <= captured model x 1.1.",
    study_graph,
};
