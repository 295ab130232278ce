/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The graph engine against hostile graphs and runs (issue 33): shapes whose size in bytes
 * overflows int64 (a Data node, an operator's output) are refused at BuildGraph with
 * GE_GRAPH_INFERSHAPE_FAILED naming the node (they planned wrapped, tiny buffers); a run
 * whose input tensors describe another shape or type of the same byte count is refused with
 * GRAPH_PARAM_INVALID naming the Data node; ConcatV2 whose attribute N is not the number of
 * its dynamic inputs is refused at BuildGraph. Each failure leaves a message. Teardown
 * (RemoveGraph, the session's destroy, GEFinalize) with runs still queued waits for them,
 * and frees a graph whose model went with aclrtResetDevice or aclFinalize: run under ASan,
 * LeakSanitizer finds nothing left (issue 33 items 2 and 7).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "ge/cpuacl_ge.h"
#include "testutil.h"

#define GE_GRAPH_INFERSHAPE_FAILED 1343242270u
#define GRAPH_PARAM_INVALID 50331649u

static uint64_t g_sess;
static uint32_t g_id = 1;

#define OKGE(call) EXPECT_GE(0u, call, "")

/* call returns want (a GE status) and, when it fails, leaves a message containing part. */
#define EXPECT_GE(want, call, part)                                                                \
    do {                                                                                           \
        uint32_t rc_ = (call);                                                                     \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (rc_ != (want) || ((want) != 0 && (!m_ || !strstr(m_, part)))) {                        \
            fprintf(stderr, "%s:%d: %s returned %u (%s), expected %u and a message with '%s'\n",   \
                    __FILE__, __LINE__, #call, rc_, m_ ? m_ : "no message", (want), part);         \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static cpuaclGeTensor tdesc(int32_t dt, int nd, const int64_t *dims, void *data, uint64_t size)
{
    cpuaclGeTensor t = {.dtype = dt, .format = 2, .ndim = nd, .data = data, .size = size};
    if (nd > 0)
        memcpy(t.dims, dims, (size_t)nd * sizeof(int64_t));
    return t;
}

static int32_t data_node(cpuaclGeGraph *g, const char *name, int32_t dt, int nd,
                         const int64_t *dims)
{
    int32_t n = cpuaclGeGraphAddNode(g, "Data", name);
    CHECK(n >= 0);
    cpuaclGeTensor t = tdesc(dt, nd, dims, NULL, 0);
    OKGE(cpuaclGeGraphSetDesc(g, n, 0, "x", &t));
    return n;
}

/* Data x (dt, dims) -> op -> output; added to the session; its id. */
static uint32_t unary_graph(const char *op, int32_t dt, int nd, const int64_t *dims,
                            int32_t dst_type)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate(op);
    int32_t x = data_node(g, "x", dt, nd, dims);
    int32_t y = cpuaclGeGraphAddNode(g, op, "y");
    CHECK(y >= 0);
    OKGE(cpuaclGeGraphSetInput(g, y, "x", x, NULL, 0));
    if (dst_type >= 0) {
        cpuaclGeAttrValue v = {.kind = CPUACL_GE_ATTR_INT, .i = dst_type};
        OKGE(cpuaclGeGraphSetAttr(g, y, "dst_type", &v));
    }
    OKGE(cpuaclGeGraphSetInputs(g, &x, 1));
    int32_t zero = 0;
    OKGE(cpuaclGeGraphSetOutputs(g, &y, &zero, 1));
    uint32_t id = g_id++;
    OKGE(cpuaclGeSessionAddGraph(g_sess, id, g, NULL, NULL, 0));
    return id;
}

static void test_overflowing_shapes(void)
{
    /* [2^31, 2^31] float: 2^62 elements, 2^64 bytes (wrapped to 0). */
    int64_t sq[2] = {INT64_C(1) << 31, INT64_C(1) << 31};
    EXPECT_GE(GE_GRAPH_INFERSHAPE_FAILED,
              cpuaclGeSessionBuildGraph(g_sess, unary_graph("Relu", ACL_FLOAT, 2, sq, -1), NULL, 0),
              "node x (Data)");
    /* [2^62] float, and [2^61, 2, 2] float. */
    int64_t big[1] = {INT64_C(1) << 62}, three[3] = {INT64_C(1) << 61, 2, 2};
    EXPECT_GE(
        GE_GRAPH_INFERSHAPE_FAILED,
        cpuaclGeSessionBuildGraph(g_sess, unary_graph("Relu", ACL_FLOAT, 1, big, -1), NULL, 0),
        "overflows");
    EXPECT_GE(
        GE_GRAPH_INFERSHAPE_FAILED,
        cpuaclGeSessionBuildGraph(g_sess, unary_graph("Sigmoid", ACL_FLOAT, 3, three, -1), NULL, 0),
        "overflows");
    /* The input fits (2^61 int8 = 2^61 bytes), the Cast's float output does not. */
    int64_t i8[1] = {INT64_C(1) << 61};
    uint32_t id = unary_graph("Cast", ACL_INT8, 1, i8, ACL_FLOAT);
    EXPECT_GE(GE_GRAPH_INFERSHAPE_FAILED, cpuaclGeSessionBuildGraph(g_sess, id, NULL, 0),
              "node y (Cast)");
    /* A run of it builds first and fails the same way; nothing is queued. */
    void *p = NULL;
    CHECK_OK(aclrtMalloc(&p, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    cpuaclGeTensor in = tdesc(ACL_INT8, -1, NULL, p, 4096),
                   out = tdesc(ACL_FLOAT, -1, NULL, p, 4096);
    in.placement = out.placement = 1;
    EXPECT_GE(GE_GRAPH_INFERSHAPE_FAILED, cpuaclGeSessionRunAsync(g_sess, id, s, &in, 1, &out, 1),
              "overflows");
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtFree(p));
    /* An empty tensor with huge other dims is not an overflow. */
    int64_t empty[3] = {0, INT64_C(1) << 40, INT64_C(1) << 40};
    OKGE(cpuaclGeSessionBuildGraph(g_sess, unary_graph("Relu", ACL_FLOAT, 3, empty, -1), NULL, 0));
}

static void test_run_descriptions(void)
{
    int64_t d23[2] = {2, 3}, d32[2] = {3, 2}, d6[1] = {6};
    uint32_t id = unary_graph("Relu", ACL_FLOAT, 2, d23, -1);
    OKGE(cpuaclGeSessionBuildGraph(g_sess, id, NULL, 0));
    float hx[6] = {-1, 2, -3, 4, -5, 6}, hy[6];
    void *x = NULL, *y = NULL;
    CHECK_OK(aclrtMalloc(&x, sizeof hx, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&y, sizeof hy, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(x, sizeof hx, hx, sizeof hx, ACL_MEMCPY_HOST_TO_DEVICE));
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    cpuaclGeTensor out = tdesc(ACL_FLOAT, 2, d23, y, sizeof hy);
    out.placement = 1;
    /* Same 24 bytes, other type / other shape / other rank: refused, naming the Data node. */
    cpuaclGeTensor bad[3] = {tdesc(ACL_INT32, 2, d23, x, sizeof hx),
                             tdesc(ACL_FLOAT, 2, d32, x, sizeof hx),
                             tdesc(ACL_FLOAT, 1, d6, x, sizeof hx)};
    for (int i = 0; i < 3; i++) {
        bad[i].placement = 1;
        EXPECT_GE(GRAPH_PARAM_INVALID, cpuaclGeSessionRunAsync(g_sess, id, s, &bad[i], 1, &out, 1),
                  "Data node x");
    }
    /* The graph's own description, and a tensor that describes no shape, run. */
    cpuaclGeTensor good = tdesc(ACL_FLOAT, 2, d23, x, sizeof hx),
                   plain = tdesc(ACL_FLOAT, -1, NULL, x, sizeof hx);
    good.placement = plain.placement = 1;
    OKGE(cpuaclGeSessionRunAsync(g_sess, id, s, &good, 1, &out, 1));
    OKGE(cpuaclGeSessionRunAsync(g_sess, id, s, &plain, 1, &out, 1));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(hy, sizeof hy, y, sizeof hy, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 6; i++)
        CHECK(hy[i] == (hx[i] > 0 ? hx[i] : 0));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtFree(x));
    CHECK_OK(aclrtFree(y));
}

/* ConcatV2 of two inputs with attribute N = n. */
static uint32_t concat_graph(int64_t n)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("cat");
    int64_t d2[1] = {2};
    int32_t x = data_node(g, "x", ACL_FLOAT, 1, d2);
    int32_t dim = cpuaclGeGraphAddNode(g, "Const", "dim");
    int32_t zero = 0;
    cpuaclGeTensor dv = tdesc(ACL_INT32, 0, NULL, &zero, sizeof zero);
    cpuaclGeAttrValue tv = {.kind = CPUACL_GE_ATTR_TENSOR, .tensor = &dv};
    OKGE(cpuaclGeGraphSetAttr(g, dim, "value", &tv));
    int32_t cat = cpuaclGeGraphAddNode(g, "ConcatV2", "cat");
    OKGE(cpuaclGeGraphSetDynamicInputs(g, cat, "x", 2));
    OKGE(cpuaclGeGraphSetInput(g, cat, "x0", x, NULL, 0));
    OKGE(cpuaclGeGraphSetInput(g, cat, "x1", x, NULL, 0));
    OKGE(cpuaclGeGraphSetInput(g, cat, "concat_dim", dim, NULL, 0));
    cpuaclGeAttrValue nv = {.kind = CPUACL_GE_ATTR_INT, .i = n};
    OKGE(cpuaclGeGraphSetAttr(g, cat, "N", &nv));
    OKGE(cpuaclGeGraphSetInputs(g, &x, 1));
    OKGE(cpuaclGeGraphSetOutputs(g, &cat, &zero, 1));
    uint32_t id = g_id++;
    OKGE(cpuaclGeSessionAddGraph(g_sess, id, g, NULL, NULL, 0));
    return id;
}

static void test_concat_n(void)
{
    EXPECT_GE(GE_GRAPH_INFERSHAPE_FAILED,
              cpuaclGeSessionBuildGraph(g_sess, concat_graph(3), NULL, 0),
              "node cat (ConcatV2): attribute N is 3");
    EXPECT_GE(GE_GRAPH_INFERSHAPE_FAILED,
              cpuaclGeSessionBuildGraph(g_sess, concat_graph(1), NULL, 0), "attribute N is 1");
    OKGE(cpuaclGeSessionBuildGraph(g_sess, concat_graph(2), NULL, 0));
}

/* A host function that holds its stream for a while, so the runs queued after it are still
 * queued when the graph is torn down. */
static void hold(void *arg)
{
    (void)arg;
    nanosleep(&(struct timespec){0, 150 * 1000000}, NULL);
}

/* Build a Relu graph of n floats as id, queue `runs` runs on s behind a held stream (x -> y,
 * x all -1 then y all 0: a run that never executed leaves y's 7s). */
static uint32_t queued_runs(uint64_t sess, uint32_t id, aclrtStream s, void *x, void *y, int64_t n,
                            int runs)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("held");
    int32_t in = data_node(g, "x", ACL_FLOAT, 1, &n);
    int32_t r = cpuaclGeGraphAddNode(g, "Relu", "r");
    OKGE(cpuaclGeGraphSetInput(g, r, "x", in, NULL, 0));
    int32_t zero = 0;
    OKGE(cpuaclGeGraphSetInputs(g, &in, 1));
    OKGE(cpuaclGeGraphSetOutputs(g, &r, &zero, 1));
    OKGE(cpuaclGeSessionAddGraph(sess, id, g, NULL, NULL, 0));
    CHECK_OK(aclrtMemset(y, (size_t)n * 4, 7, (size_t)n * 4));
    float *hx = malloc((size_t)n * 4);
    for (int64_t i = 0; i < n; i++)
        hx[i] = -1;
    CHECK_OK(aclrtMemcpy(x, (size_t)n * 4, hx, (size_t)n * 4, ACL_MEMCPY_HOST_TO_DEVICE));
    free(hx);
    cpuaclGeTensor ti = tdesc(ACL_FLOAT, 1, &n, x, (uint64_t)n * 4),
                   to = tdesc(ACL_FLOAT, 1, &n, y, (uint64_t)n * 4);
    ti.placement = to.placement = 1;
    CHECK_OK(aclrtLaunchHostFunc(s, hold, NULL));
    for (int i = 0; i < runs; i++)
        OKGE(cpuaclGeSessionRunAsync(sess, id, s, &ti, 1, &to, 1));
    return id;
}

/* Every run finished before teardown returned: y holds Relu(x) = 0, not the 7s. */
static void check_ran(void *y, int64_t n)
{
    float h[64];
    CHECK_OK(aclrtMemcpy(h, sizeof h, y, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 64 && i < n; i++)
        CHECK(h[i] == 0);
}

/* Teardown of compiled graphs with runs still queued, or whose model went with the device:
 * RemoveGraph, the session's destroy and GEFinalize wait for the queued runs and free what
 * the graph holds (plans, events, arena, model); LeakSanitizer checks nothing is left. */
static void test_teardown(void)
{
    const int64_t n = 1 << 16;
    void *x = NULL, *y = NULL;
    CHECK_OK(aclrtMalloc(&x, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&y, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    /* RemoveGraph with runs queued. */
    uint32_t id = queued_runs(g_sess, 900, s, x, y, n, 20);
    OKGE(cpuaclGeSessionRemoveGraph(g_sess, id));
    check_ran(y, n);
    /* The session's destroy with runs queued (two graphs). */
    uint64_t s2 = 0;
    OKGE(cpuaclGeSessionCreate(NULL, NULL, 0, &s2));
    queued_runs(s2, 1, s, x, y, n, 10);
    queued_runs(s2, 2, s, x, y, n, 10);
    OKGE(cpuaclGeSessionDestroy(s2));
    check_ran(y, n);
    CHECK_OK(aclrtSynchronizeStream(s));
    /* GEFinalize with runs queued; GE again for what follows. */
    queued_runs(g_sess, 901, s, x, y, n, 10);
    OKGE(cpuaclGeFinalize());
    check_ran(y, n);
    OKGE(cpuaclGeInitialize(NULL, NULL, 0));
    OKGE(cpuaclGeSessionCreate(NULL, NULL, 0, &g_sess));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtFree(x));
    CHECK_OK(aclrtFree(y));
    /* A graph whose model and memory went with aclrtResetDevice: RemoveGraph frees the rest. */
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtMalloc(&x, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&y, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    id = queued_runs(g_sess, 902, s, x, y, n, 3);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtResetDevice(0));
    OKGE(cpuaclGeSessionRemoveGraph(g_sess, id));
    CHECK_OK(aclrtSetDevice(0));
}

/* After aclFinalize took every model, GEFinalize frees the graphs left (main calls it). */
static void leave_graph_for_finalize(void)
{
    const int64_t n = 256;
    void *x = NULL, *y = NULL;
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtMalloc(&x, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&y, (size_t)n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    queued_runs(g_sess, 903, s, x, y, n, 2);
    CHECK_OK(aclrtSynchronizeStream(s));
}

int main(void)
{
    TEST_OPEN();
    OKGE(cpuaclGeInitialize(NULL, NULL, 0));
    OKGE(cpuaclGeSessionCreate(NULL, NULL, 0, &g_sess));
    test_overflowing_shapes();
    test_run_descriptions();
    test_concat_n();
    test_teardown();
    leave_graph_for_finalize();
    TEST_CLOSE();
    OKGE(cpuaclGeFinalize()); /* after aclFinalize: the graph's model is gone */
    printf("graph_hostile: ok\n");
    return 0;
}
