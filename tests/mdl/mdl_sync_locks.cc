/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Regression of graph/compile.c GC5 (found in review): a synchronous aclmdlExecute waited for
 * its execution while it held the model's lock (graph/model.c gm_execute, m->lock) and the
 * compiled graph's (c->lock): the caller-run execution runs under them, and so does the
 * queued fallback's aclrtSynchronizeStream. Before GC5 the run was queued under the locks and
 * the stream synchronised after they were released.
 *
 * Case: the model's previous run was queued on stream s2 behind a value wait, so the
 * synchronous run hands over from s2 (GC1: it queues on the model's stream and synchronises,
 * now under the locks). Another thread calls aclmdlExecuteAsync of the same model on s3 and
 * then writes the value s2 waits for. Its aclmdlExecuteAsync needs the model's lock, which
 * the synchronous caller keeps until s2 ran, which needs the write that comes after the
 * aclmdlExecuteAsync: neither returns. With the synchronisation outside the locks (the
 * library before GC5, and now: the queued fallback synchronises after the locks) the
 * asynchronous call queues at once, the write lands, both finish. A watchdog ends the
 * process after WATCHDOG_S seconds with the finding.
 */
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <thread>
#include <unistd.h>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_mdl.h"
#include "all_ops.h"
#include "ge/ge_api_types.h"
#include "ge/ge_ir_build.h"
#include "graph/graph.h"

#include "mdl_expect.h"

using namespace ge;

enum { N = 32, WATCHDOG_S = 20 };

static std::atomic<int> g_phase{0};
static std::atomic<bool> g_done{false};

static void watchdog()
{
    for (int i = 0; i < WATCHDOG_S * 10 && !g_done; i++)
        usleep(100000);
    if (g_done)
        return;
    std::fprintf(stderr,
                 "mdl_sync_locks: deadlock after %d s: the synchronous aclmdlExecute is %s, the "
                 "other thread's aclmdlExecuteAsync %s (it waits for the model's lock the "
                 "synchronous run holds while it synchronises)\n",
                 WATCHDOG_S, g_phase >= 1 ? "waiting" : "not started",
                 g_phase >= 2 ? "returned" : "has not returned");
    std::fflush(stderr);
    _exit(2);
}

/* y = Relu(x), [N] floats. */
static Graph relu_graph()
{
    op::Data x("x");
    x.set_attr_index(0);
    x.update_input_desc_x(TensorDesc(Shape({N}), FORMAT_ND, DT_FLOAT));
    op::Relu r("relu");
    r.set_input_x(x);
    Graph g("relu");
    g.SetInputs({x}).SetOutputs({r});
    return g;
}

struct Io {
    aclmdlDataset *in, *out;
    float *x, *y;
};

static Io make_io(float base)
{
    Io io;
    EXPECT(aclrtMalloc((void **)&io.x, N * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclrtMalloc((void **)&io.y, N * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    for (int i = 0; i < N; i++) {
        io.x[i] = base + (float)(i - N / 2);
        io.y[i] = -1.0f;
    }
    io.in = aclmdlCreateDataset();
    io.out = aclmdlCreateDataset();
    EXPECT(aclmdlAddDatasetBuffer(io.in, aclCreateDataBuffer(io.x, N * 4)) == ACL_SUCCESS);
    EXPECT(aclmdlAddDatasetBuffer(io.out, aclCreateDataBuffer(io.y, N * 4)) == ACL_SUCCESS);
    return io;
}

static void check_io(const Io &io)
{
    for (int i = 0; i < N; i++)
        EXPECT(io.y[i] == std::fmax(io.x[i], 0.0f));
}

static void free_io(Io &io)
{
    aclDestroyDataBuffer(aclmdlGetDatasetBuffer(io.in, 0));
    aclDestroyDataBuffer(aclmdlGetDatasetBuffer(io.out, 0));
    aclmdlDestroyDataset(io.in);
    aclmdlDestroyDataset(io.out);
    aclrtFree(io.x);
    aclrtFree(io.y);
}

int main()
{
    std::thread wd(watchdog);
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
    aclrtContext ctx = nullptr;
    EXPECT(aclrtGetCurrentContext(&ctx) == ACL_SUCCESS);
    std::map<AscendString, AscendString> global = {{ir_option::SOC_VERSION, "Ascend910B1"}};
    EXPECT(aclgrphBuildInitialize(global) == GRAPH_SUCCESS);
    std::map<AscendString, AscendString> opts = {{ir_option::INPUT_FORMAT, "ND"}};
    ModelBufferData mb;
    EXPECT(aclgrphBuildModel(relu_graph(), opts, mb) == GRAPH_SUCCESS);
    uint32_t id = 0;
    EXPECT(aclmdlLoadFromMem(mb.data.get(), mb.length, &id) == ACL_SUCCESS);

    Io a = make_io(0.5f), b = make_io(-3.0f), c = make_io(7.0f);
    /* A warm-up synchronous run (the graph is captured on its first run). */
    EXPECT(aclmdlExecute(id, a.in, a.out) == ACL_SUCCESS);
    check_io(a);

    uint64_t *word = nullptr;
    EXPECT(aclrtMalloc((void **)&word, 8, ACL_MEM_MALLOC_NORMAL_ONLY) == ACL_SUCCESS);
    *word = 0;
    aclrtStream s2, s3, s4;
    EXPECT(aclrtCreateStream(&s2) == ACL_SUCCESS);
    EXPECT(aclrtCreateStream(&s3) == ACL_SUCCESS);
    EXPECT(aclrtCreateStream(&s4) == ACL_SUCCESS);
    /* s2: wait for the word, then a run of the model (now its last stream). */
    EXPECT(aclrtValueWait(word, 1, ACL_STREAM_WAIT_VALUE_EQ, s2) == ACL_SUCCESS);
    EXPECT(aclmdlExecuteAsync(id, b.in, b.out, s2) == ACL_SUCCESS);

    std::atomic<bool> other_ok{false};
    std::thread other([&] {
        if (aclrtSetCurrentContext(ctx) != ACL_SUCCESS)
            return;
        while (g_phase < 1) /* the synchronous call has started */
            usleep(1000);
        usleep(100000); /* and is waiting for s2 */
        aclError e = aclmdlExecuteAsync(id, c.in, c.out, s3);
        g_phase = 2;
        /* then release s2 */
        if (e == ACL_SUCCESS && aclrtValueWrite(word, 1, 0, s4) == ACL_SUCCESS &&
            aclrtSynchronizeStream(s4) == ACL_SUCCESS && aclrtSynchronizeStream(s3) == ACL_SUCCESS)
            other_ok = true;
    });
    g_phase = 1;
    aclError e = aclmdlExecute(id, a.in, a.out); /* hands over from s2 (GC1) */
    other.join();
    g_done = true;
    wd.join();
    EXPECT(e == ACL_SUCCESS);
    EXPECT(other_ok);
    EXPECT(aclrtSynchronizeStream(s2) == ACL_SUCCESS);
    check_io(a);
    check_io(b);
    check_io(c);

    free_io(a);
    free_io(b);
    free_io(c);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
    EXPECT(aclrtFree(word) == ACL_SUCCESS);
    EXPECT(aclrtDestroyStream(s2) == ACL_SUCCESS);
    EXPECT(aclrtDestroyStream(s3) == ACL_SUCCESS);
    EXPECT(aclrtDestroyStream(s4) == ACL_SUCCESS);
    aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::printf("mdl_sync_locks: ok\n");
    return 0;
}
