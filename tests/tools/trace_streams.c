/* SPDX-License-Identifier: Apache-2.0 */
/* Timeline trace structure (core/tools/trace.c, docs/tools.md "Tracing"): a program with two
 * streams, an event between them, an aclnn operator, an aclop operator, a host-to-device copy
 * and a captured model replayed on a third stream, traced with CPUACL_TRACE, gives a process
 * per device, a named track per stream (the default stream says so), tasks named by what
 * they did with their worker as an argument, an arrow from the record to the wait it
 * released, the replay as a slice containing its nodes and the capture's begin and end.
 * Also: tracing off writes nothing; an unwritable path fails aclInit (environment and
 * configuration file, each with its code and a message naming the path and errno); a write
 * that fails at aclFinalize is its return code and message. A multi-block task's slice spans
 * its blocks (each block spins a measured time; the slice is at least as long as each), and
 * kernels are in category "compute" whether they ran as one block or several. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_op.h"
#include "acltest.h"
#include "addop.h"
#include "cpuacl/cpuacl.h"

/* A multi-block task: spin_blocks (tests/kernel/binary_kernels.c) in SPREAD_BLOCKS blocks,
 * each spinning SPREAD_NS; the longest block's time. */
#define SPREAD_NS 2000000ull
#define SPREAD_BLOCKS 3
static _Atomic uint64_t g_spread_ns;

static int32_t tiny(void *a)
{
    volatile int x = 0;
    for (int i = 0; i < 1000; i++)
        x += i;
    (void)a;
    return 0;
}

/* Holds stream a until the host has queued the wait on b, so that the wait is a task. */
static atomic_int g_gate;

static int32_t gate(void *a)
{
    (void)a;
    while (!atomic_load_explicit(&g_gate, memory_order_acquire)) /* acquire: the host's store */
        ;
    return 0;
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static double num(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    CHECK(cJSON_IsNumber(v));
    return v->valuedouble;
}

static bool has_num(const cJSON *o, const char *k)
{
    return cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(o, k));
}

/* The first complete event named name on track tid (NULL: none). */
static const cJSON *slice(const cJSON *ev, const char *name, int tid)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, ev)
    {
        if (!strcmp(str(it, "ph"), "X") && !strcmp(str(it, "name"), name) &&
            (int)num(it, "tid") == tid)
            return it;
    }
    return NULL;
}

static bool inside(double ts, const cJSON *x)
{
    return ts >= num(x, "ts") && ts <= num(x, "ts") + num(x, "dur");
}

/* The name the metadata gives track tid of process 0. */
static const char *track_name(const cJSON *ev, int tid)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, ev)
    {
        if (!strcmp(str(it, "ph"), "M") && !strcmp(str(it, "name"), "thread_name") &&
            num(it, "pid") == 0 && (int)num(it, "tid") == tid)
            return str(cJSON_GetObjectItemCaseSensitive(it, "args"), "name");
    }
    return "";
}

static void aclop_add(aclrtStream s, float *x, float *y, float *z)
{
    int64_t dims[2] = {2, 3};
    aclTensorDesc *d[3];
    aclDataBuffer *b[3];
    float *p[3] = {x, y, z};
    for (int i = 0; i < 3; i++) {
        d[i] = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
        b[i] = aclCreateDataBuffer(p[i], 6 * sizeof(float));
        CHECK(d[i] && b[i]);
    }
    aclopAttr *attr = aclopCreateAttr();
    CHECK_OK(aclopExecuteV2("Add", 2, d, b, 1, d + 2, b + 2, attr, s));
    aclopDestroyAttr(attr);
    for (int i = 0; i < 3; i++) {
        aclDestroyTensorDesc(d[i]);
        CHECK_OK(aclDestroyDataBuffer(b[i]));
    }
}

/* The traced program; returns the ids of its streams a, b, c and of the model. */
static void program(int32_t ids[3], uint32_t *model)
{
    TEST_OPEN();
    aclrtStream s[3];
    aclrtEvent e;
    for (int i = 0; i < 3; i++) {
        CHECK_OK(aclrtCreateStream(&s[i]));
        CHECK_OK(aclrtStreamGetId(s[i], &ids[i]));
    }
    CHECK_OK(aclrtCreateEvent(&e));
    float *x, *y, *z;
    CHECK_OK(aclrtMalloc((void **)&x, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&y, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&z, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    size_t big = 4u << 20;
    void *dev, *host;
    CHECK_OK(aclrtMalloc(&dev, big, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&host, big)); /* pinned: the copy is a stream task */
    memset(host, 1, big);
    aclTensor *tx = tensor(x), *ty = tensor(y), *tz = tensor(z);

    /* a: aclnnAdd, a 4 MiB copy, the record; b: the wait, aclop Add, a kernel */
    add_on(s[0], tx, ty, tz);
    CHECK_OK(aclrtMemcpyAsync(dev, big, host, big, ACL_MEMCPY_HOST_TO_DEVICE, s[0]));
    CHECK_OK(cpuaclLaunchKernel(s[0], gate, NULL));
    CHECK_OK(aclrtRecordEvent(e, s[0]));
    aclrtBinHandle bin;
    aclrtFuncHandle spin;
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    CHECK_OK(aclrtBinaryGetFunction(bin, "spin_blocks", &spin));
    struct {
        uint64_t ns;
        _Atomic uint64_t *longest;
    } sa = {SPREAD_NS, &g_spread_ns};
    CHECK_OK(
        aclrtLaunchKernelWithHostArgs(spin, SPREAD_BLOCKS, s[0], NULL, &sa, sizeof(sa), NULL, 0));
    /* an operator split into blocks (EX6): 1 Mi floats added in place on b */
    int64_t big_dims[1] = {(int64_t)(big / sizeof(float))}, big_st[1] = {1};
    aclTensor *tb = aclCreateTensor(big_dims, 1, ACL_FLOAT, big_st, 0, ACL_FORMAT_ND, big_dims, 1,
                                    dev);
    CHECK(tb);
    CHECK_OK(aclrtStreamWaitEvent(s[1], e));
    atomic_store_explicit(&g_gate, 1, memory_order_release); /* release: pairs with gate */
    aclop_add(s[1], x, y, z);
    CHECK_OK(cpuaclLaunchKernel(s[1], tiny, NULL));
    add_on(s[1], tb, tb, tb);
    CHECK_OK(cpuaclLaunchKernel(NULL, tiny, NULL)); /* the default stream */

    /* c: two kernels captured, the model replayed */
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureBegin(s[2], ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(s[2], tiny, NULL));
    CHECK_OK(cpuaclLaunchKernel(s[2], tiny, NULL));
    CHECK_OK(aclmdlRICaptureEnd(s[2], &ri));
    CHECK_OK(aclmdlRIGetId(ri, model));
    CHECK_OK(aclmdlRIExecuteAsync(ri, s[2]));

    CHECK_OK(aclrtSynchronizeDevice());
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtBinaryUnLoad(bin));
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tz);
    aclDestroyTensor(tb);
    CHECK_OK(aclrtFreeHost(host));
    FREE_DEVICE(dev, x, y, z);
    CHECK_OK(aclrtDestroyEvent(e));
    DESTROY_STREAMS(s[0], s[1], s[2]);
    TEST_CLOSE(); /* writes the trace */
}

static void check_trace(const char *path, const int32_t ids[3], uint32_t model)
{
    char *text = test_read_file(path, NULL);
    cJSON *root = cJSON_Parse(text);
    CHECK(root != NULL);
    const cJSON *ev = cJSON_GetObjectItemCaseSensitive(root, "traceEvents");
    CHECK(cJSON_IsArray(ev));

    /* A process per device: device 0. */
    bool dev0 = false;
    const cJSON *it;
    cJSON_ArrayForEach(it, ev)
    {
        CHECK(has_num(it, "pid"));
        if (!strcmp(str(it, "name"), "process_name") && num(it, "pid") == 0)
            dev0 = !strcmp(str(cJSON_GetObjectItemCaseSensitive(it, "args"), "name"), "device 0");
    }
    CHECK(dev0);

    /* A named track per stream, tid = the stream's id; every task has its worker. */
    char want[64];
    for (int i = 0; i < 3; i++) {
        snprintf(want, sizeof(want), "stream %d", (int)ids[i]);
        CHECK(!strcmp(track_name(ev, ids[i]), want));
    }
    int tasks = 0, default_tid = -1;
    cJSON_ArrayForEach(it, ev)
    {
        if (strcmp(str(it, "ph"), "X"))
            continue;
        tasks++;
        const cJSON *args = cJSON_GetObjectItemCaseSensitive(it, "args");
        CHECK(has_num(args, "worker") && num(args, "worker") >= 0);
        CHECK(num(args, "stream") == num(it, "tid"));
        int tid = (int)num(it, "tid");
        if (tid != ids[0] && tid != ids[1] && tid != ids[2])
            default_tid = tid;
    }
    CHECK(default_tid >= 0); /* the default stream's kernel */
    snprintf(want, sizeof(want), "stream %d (default)", default_tid);
    CHECK(!strcmp(track_name(ev, default_tid), want));

    /* Tasks named by what they did, on their stream's track. */
    const cJSON *add = slice(ev, "aclnnAdd", ids[0]);
    const cJSON *copy = slice(ev, "memcpy H2D 4 MiB", ids[0]);
    const cJSON *rec = slice(ev, "event record", ids[0]);
    const cJSON *wait = slice(ev, "event wait", ids[1]);
    const cJSON *op = slice(ev, "aclop Add", ids[1]);
    CHECK(add && copy && rec && wait && op && slice(ev, "kernel", ids[1]));
    CHECK(num(cJSON_GetObjectItemCaseSensitive(copy, "args"), "bytes") == 4u << 20);
    CHECK(num(add, "ts") < num(copy, "ts") && num(copy, "ts") < num(rec, "ts"));
    CHECK(num(wait, "ts") + num(wait, "dur") <= num(op, "ts")); /* stream order on b */

    /* A multi-block task spans its blocks: each spun SPREAD_NS or more (relaxed: after the
     * synchronisation that ended the program). */
    const cJSON *sp = slice(ev, "aclrtLaunchKernelWithHostArgs", ids[0]);
    uint64_t block_ns = atomic_load_explicit(&g_spread_ns, memory_order_relaxed);
    CHECK(sp && block_ns >= SPREAD_NS && num(rec, "ts") < num(sp, "ts"));
    CHECK(num(sp, "dur") * 1000.0 >= (double)block_ns);
    /* Kernels are "compute" however many blocks they ran in (a multi-block task was "host") */
    const cJSON *bigadd = slice(ev, "aclnnAdd", ids[1]);
    CHECK(bigadd && !strcmp(str(sp, "cat"), "compute") && !strcmp(str(add, "cat"), "compute") &&
          !strcmp(str(bigadd, "cat"), "compute"));
    CHECK(!strcmp(str(copy, "cat"), "memory") && !strcmp(str(rec, "cat"), "sync"));

    /* The arrow: "s" inside the record's slice on a, "f" inside the wait's on b, one id. */
    const cJSON *s = NULL, *f = NULL;
    cJSON_ArrayForEach(it, ev)
    {
        if (!strcmp(str(it, "ph"), "s"))
            s = it;
        if (!strcmp(str(it, "ph"), "f"))
            f = it;
    }
    CHECK(s && f && num(s, "id") == num(f, "id"));
    CHECK(!strcmp(str(s, "bp"), "e") && !strcmp(str(f, "bp"), "e"));
    CHECK((int)num(s, "tid") == ids[0] && inside(num(s, "ts"), rec));
    CHECK((int)num(f, "tid") == ids[1] && inside(num(f, "ts"), wait));

    /* The replay contains its two kernels; the capture is marked on c. */
    snprintf(want, sizeof(want), "model replay %u", model);
    const cJSON *rp = slice(ev, want, ids[2]);
    CHECK(rp != NULL);
    int nodes = 0, marks = 0;
    cJSON_ArrayForEach(it, ev)
    {
        if (!strcmp(str(it, "ph"), "X") && !strcmp(str(it, "name"), "kernel") &&
            (int)num(it, "tid") == ids[2]) {
            CHECK(inside(num(it, "ts"), rp) && inside(num(it, "ts") + num(it, "dur"), rp));
            nodes++;
        }
        if (!strcmp(str(it, "ph"), "i") && (int)num(it, "tid") == ids[2] &&
            strstr(str(it, "name"), "capture "))
            marks++;
    }
    CHECK(nodes == 2 && marks == 2);
    printf("trace_streams: %d tasks on %d tracks, arrow record -> wait, replay of %d nodes\n",
           tasks, 4, nodes);
    cJSON_Delete(root);
    free(text);
}

int main(void)
{
    char path[128];
    snprintf(path, sizeof(path), "/tmp/cpuacl-trace-streams-%d.json", (int)getpid());
    unsetenv("CPUACL_TRACE");
    unsetenv("CPUACL_TRACE_EVENTS");
    remove(path);

    /* Off: no trace, no file, the snapshot refused. */
    int32_t ids[3];
    uint32_t model = 0;
    TEST_OPEN();
    CHECK_ACL(ACL_ERROR_FEATURE_UNSUPPORTED, cpuaclTraceDump(path));
    CHECK_OK(cpuaclLaunchKernel(NULL, tiny, NULL));
    CHECK_OK(aclrtSynchronizeDevice());
    TEST_CLOSE();
    CHECK(access(path, F_OK) != 0);

    /* An unwritable path: aclInit fails, naming the path and errno; nothing is left open. */
    const char *bad = "/nonexistent-cpuacl-dir/t.json";
    setenv("CPUACL_TRACE", bad, 1);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclInit(NULL));
    const char *m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "CPUACL_TRACE") && strstr(m, bad) && strstr(m, "errno 2"));
    unsetenv("CPUACL_TRACE");
    char dir[] = "/tmp/cpuacl-trace-cfg-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *cfg = write_test_file(dir, "acl.json",
                                      "{\"cpuacl\":{\"trace_file\":"
                                      "\"/nonexistent-cpuacl-dir/t.json\"}}");
    CHECK_ACL(ACL_ERROR_FILE_ATTR_INVALID, aclInit(cfg));
    m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "cpuacl.trace_file") && strstr(m, bad) && strstr(m, "No such file"));
    remove(cfg);
    rmdir(dir);
    CHECK_OK(aclInit(NULL)); /* the failed calls left nothing initialised */
    CHECK_OK(aclFinalize());

    /* A write that fails at aclFinalize is its result. */
    setenv("CPUACL_TRACE", "/dev/full", 1);
    CHECK_OK(aclInit(NULL));
    CHECK_ACL(ACL_ERROR_RT_FILE_WRITE, aclFinalize());
    m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "aclFinalize") && strstr(m, "/dev/full") && strstr(m, "errno"));

    /* The trace. */
    setenv("CPUACL_TRACE", path, 1);
    program(ids, &model);
    unsetenv("CPUACL_TRACE");
    check_trace(path, ids, model);
    remove(path);
    return 0;
}
