/* SPDX-License-Identifier: Apache-2.0 */
/* Captured graphs replayed: joins, ordering, repeats, task-group update, re-capture, JSON. */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cpuacl/cpuacl.h"
#include "isolate.h"
#include "testutil.h"
#include "capture.h"

/* ---- kernels that log their order ---------------------------------------- */

static void check_kernels(int line)
{
    if (atomic_load(&g_kernel_fail)) {
        fprintf(stderr, "line %d: kernel check failed: %s\n", line, g_kernel_msg);
        exit(1);
    }
}
#define CHECK_KERNELS() check_kernels(__LINE__)

#define MAXN 16
#define MAXP 4
#define MAGIC 0x5a17c0deu

/* Graph of the seed 000 figure, node ids 0..8; preds = direct dependencies
 * (same-lane predecessor and cross-lane edges through events). */
static int g_npreds[MAXN];
static int g_preds[MAXN][MAXP];
static atomic_uint g_cnt[MAXN]; /* times node ran */
static atomic_uint g_clock;
static unsigned g_start[MAXN], g_end[MAXN]; /* stamps of the latest run */

struct node_args {
    uint32_t id;
    uint32_t check; /* id ^ MAGIC */
    uint64_t spin;
};

static int32_t k_node(void *a)
{
    const struct node_args *n = a;
    if (n->id >= MAXN || n->check != (n->id ^ MAGIC))
        return kfail("node payload corrupted", n->id, n->check, 0);
    unsigned mine;
    if (node_deps_ran(g_cnt, g_preds[n->id], g_npreds[n->id], n->id, &mine))
        return 1; /* a predecessor had not run in this replay, before us */
    g_start[n->id] = atomic_fetch_add(&g_clock, 1);
    for (volatile uint64_t i = 0; i < n->spin; i++) {
    }
    g_end[n->id] = atomic_fetch_add(&g_clock, 1);
    atomic_store_explicit(&g_cnt[n->id], mine + 1, memory_order_release);
    return 0;
}

static void launch_node(aclrtStream s, uint32_t id)
{
    struct node_args a = {id, id ^ MAGIC, 2000};
    CHECK_OK(cpuaclLaunchKernelArgs(s, k_node, &a, sizeof(a)));
}

static void edge(int from, int to)
{
    g_preds[to][g_npreds[to]++] = from;
}

/* ---- JSON dump ---------------------------------------------------------------- */

static char *dump_json(aclmdlRI ri, uint32_t flags)
{
    char path[] = "/tmp/cpuacl_capture_graphs_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    CHECK_OK(aclmdlRIDebugJsonPrint(ri, path, flags));
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    unlink(path);
    buf[n] = 0;
    return buf;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* lanes: expected per-lane task counts (any order); kernels/records/waits:
 * expected totals by node type in the verbose dump. */
static void check_json(aclmdlRI ri, int nlanes, const int *lane_tasks, int kernels, int records,
                       int waits)
{
    const char *text = dump_json(ri, ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY);
    cJSON *root = cJSON_Parse(text);
    CHECK(root != NULL && cJSON_IsObject(root));
    cJSON *lanes = cJSON_GetObjectItemCaseSensitive(root, "lanes");
    CHECK(cJSON_IsArray(lanes));
    CHECK(cJSON_GetArraySize(lanes) == nlanes);
    int got[16], want[16], total = 0;
    CHECK(nlanes <= 16);
    for (int i = 0; i < nlanes; i++) {
        cJSON *l = cJSON_GetArrayItem(lanes, i);
        cJSON *t = cJSON_GetObjectItemCaseSensitive(l, "tasks");
        CHECK(cJSON_IsNumber(t));
        got[i] = t->valueint;
        want[i] = lane_tasks[i];
        total += want[i];
    }
    qsort(got, (size_t)nlanes, sizeof(int), cmp_int);
    qsort(want, (size_t)nlanes, sizeof(int), cmp_int);
    for (int i = 0; i < nlanes; i++)
        CHECK(got[i] == want[i]);
    cJSON *tt = cJSON_GetObjectItemCaseSensitive(root, "tasks");
    CHECK(cJSON_IsNumber(tt) && tt->valueint == total);
    cJSON_Delete(root);

    text = dump_json(ri, ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE);
    root = cJSON_Parse(text);
    CHECK(root != NULL);
    lanes = cJSON_GetObjectItemCaseSensitive(root, "lanes");
    CHECK(cJSON_IsArray(lanes) && cJSON_GetArraySize(lanes) == nlanes);
    int nk = 0, nr = 0, nw = 0, nn = 0;
    cJSON *l;
    cJSON_ArrayForEach(l, lanes)
    {
        cJSON *nodes = cJSON_GetObjectItemCaseSensitive(l, "nodes");
        CHECK(cJSON_IsArray(nodes));
        CHECK(cJSON_GetArraySize(nodes) == cJSON_GetObjectItemCaseSensitive(l, "tasks")->valueint);
        cJSON *n;
        cJSON_ArrayForEach(n, nodes)
        {
            cJSON *type = cJSON_GetObjectItemCaseSensitive(n, "type");
            CHECK(cJSON_IsString(type));
            nn++;
            if (strstr(type->valuestring, "kernel"))
                nk++;
            else if (strstr(type->valuestring, "record"))
                nr++;
            else if (strstr(type->valuestring, "wait"))
                nw++;
        }
    }
    CHECK(nn == total);
    CHECK(nk == kernels && nr == records && nw == waits);
    cJSON_Delete(root);
}

/* ---- three-level joins (seed 000's figure) ------------------------------------ */

/*
 * s1: n0 rec(e1) n1 n2            wait(e5) n8
 * s2:   wait(e1) n3 rec(e2) n4 wait(e4) n5 rec(e5)
 * s3:              wait(e2) n6 n7 rec(e4)
 * s2 joins through s1's event, s3 through s2's; s3 rejoins s2, s2 rejoins s1.
 */
static const int k_nodes3 = 9;

static aclmdlRI capture_three_level(aclrtStream s1, aclrtStream s2, aclrtStream s3, aclrtEvent *ev)
{
    memset(g_npreds, 0, sizeof(g_npreds));
    edge(0, 1), edge(1, 2), edge(2, 8); /* s1 */
    edge(3, 4), edge(4, 5);             /* s2 */
    edge(6, 7);                         /* s3 */
    edge(0, 3), edge(3, 6), edge(7, 5), edge(5, 8);

    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    launch_node(s1, 0);
    CHECK_OK(aclrtRecordEvent(ev[1], s1));
    CHECK_OK(aclrtStreamWaitEvent(s2, ev[1]));
    launch_node(s1, 1);
    launch_node(s1, 2);
    launch_node(s2, 3);
    CHECK_OK(aclrtRecordEvent(ev[2], s2));
    CHECK_OK(aclrtStreamWaitEvent(s3, ev[2]));
    launch_node(s2, 4);
    launch_node(s3, 6);
    launch_node(s3, 7);
    aclmdlRI cur = NULL, cur3 = NULL;
    aclmdlRICaptureStatus st;
    CHECK_OK(aclmdlRICaptureGetInfo(s1, &st, &cur));
    CHECK_OK(aclmdlRICaptureGetInfo(s3, &st, &cur3));
    CHECK(st == ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE && cur3 == cur && cur != NULL);
    CHECK_OK(aclrtRecordEvent(ev[4], s3));
    CHECK_OK(aclrtStreamWaitEvent(s2, ev[4]));
    launch_node(s2, 5);
    CHECK_OK(aclrtRecordEvent(ev[5], s2));
    CHECK_OK(aclrtStreamWaitEvent(s1, ev[5]));
    launch_node(s1, 8);
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    CHECK(ri == cur);
    for (int i = 0; i < k_nodes3; i++)
        CHECK(atomic_load(&g_cnt[i]) == 0); /* captured, not run */
    return ri;
}

static void check_stamps(int replay)
{
    for (int n = 0; n < k_nodes3; n++) {
        if (atomic_load(&g_cnt[n]) != (unsigned)replay) {
            fprintf(stderr, "node %d ran %u times after %d replays\n", n, atomic_load(&g_cnt[n]),
                    replay);
            exit(1);
        }
        for (int i = 0; i < g_npreds[n]; i++) {
            int p = g_preds[n][i];
            if (!(g_end[p] < g_start[n])) {
                fprintf(stderr,
                        "replay %d: node %d [%u,%u] did not finish before node %d [%u,%u]\n",
                        replay, p, g_start[p], g_end[p], n, g_start[n], g_end[n]);
                exit(1);
            }
        }
    }
}

static void test_three_level(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), s3 = new_stream(), sx = new_stream();
    aclrtEvent ev[6];
    for (int i = 0; i < 6; i++)
        ev[i] = new_event();
    for (int i = 0; i < MAXN; i++)
        atomic_store(&g_cnt[i], 0);
    aclmdlRI ri = capture_three_level(s1, s2, s3, ev);
    const int lane_tasks[3] = {6, 7, 4};
    check_json(ri, 3, lane_tasks, 9, 4, 4);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRIDebugJsonPrint(ri, NULL, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRIDebugJsonPrint(NULL, "/dev/null", 0));
    CHECK(aclmdlRIDebugJsonPrint(ri, "/nonexistent-dir/x/y.json", 0) != ACL_SUCCESS);
    CHECK(aclGetRecentErrMsg() != NULL);

    int replay = 0;
    /* 100 executions on a separate stream, each checked. */
    for (int r = 0; r < 100; r++) {
        CHECK_OK(aclmdlRIExecuteAsync(ri, sx));
        CHECK_OK(aclrtSynchronizeStream(sx));
        CHECK_KERNELS();
        check_stamps(++replay);
    }
    /* On the origin stream and on a joined stream (they left the capture). */
    for (int r = 0; r < 10; r++) {
        CHECK_OK(aclmdlRIExecuteAsync(ri, r % 2 ? s1 : s3));
        CHECK_OK(aclrtSynchronizeStream(r % 2 ? s1 : s3));
        CHECK_KERNELS();
        check_stamps(++replay);
    }
    /* The blocking variant: done when it returns. */
    for (int r = 0; r < 10; r++) {
        CHECK_OK(aclmdlRIExecute(ri, r % 2 ? -1 : 10000));
        CHECK_KERNELS();
        check_stamps(++replay);
    }
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri, 0));
    CHECK(aclGetRecentErrMsg() != NULL);
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclmdlRIExecute(ri, -5));
    /* 100 back-to-back executions without synchronising in between: the
     * kernels check their dependencies themselves (per-replay counters). */
    for (int r = 0; r < 100; r++)
        CHECK_OK(aclmdlRIExecuteAsync(ri, sx));
    CHECK_OK(aclrtSynchronizeStream(sx));
    CHECK_KERNELS();
    replay += 100;
    check_stamps(replay);

    /* The capture's events are ordinary events again. */
    aclrtEventRecordedStatus es;
    for (int i = 1; i < 6; i++) {
        if (i == 3)
            continue;
        CHECK_OK(aclrtSynchronizeEvent(ev[i]));
        CHECK_OK(aclrtQueryEventStatus(ev[i], &es));
        CHECK_OK(aclrtRecordEvent(ev[i], s1));
        CHECK_OK(aclrtStreamWaitEvent(s2, ev[i]));
    }
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_OK(aclrtQueryEventStatus(ev[5], &es));
    CHECK(es == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    /* ... and can be captured again into another model. */
    for (int i = 0; i < MAXN; i++)
        atomic_store(&g_cnt[i], 0);
    aclmdlRI ri2 = capture_three_level(s2, s3, s1, ev); /* origins rotated */
    replay = 0;
    for (int r = 0; r < 10; r++) {
        CHECK_OK(aclmdlRIExecuteAsync(r % 2 ? ri : ri2, sx));
        CHECK_OK(aclrtSynchronizeStream(sx));
        CHECK_KERNELS();
        check_stamps(++replay);
    }

    /* Destroy after synchronize. */
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclmdlRIDestroy(ri2));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIExecuteAsync(ri, sx));
    for (int i = 0; i < 6; i++)
        CHECK_OK(aclrtDestroyEvent(ev[i]));
    DESTROY_STREAMS(s1, s2, s3, sx);
}

/* ---- replay reads the current buffers ----------------------------------------- */

#define VN 64
struct vec_io {
    const int32_t *in;
    int32_t *out;
    int32_t mul, add;
};

static int32_t k_affine(void *a)
{
    const struct vec_io *v = a;
    for (int i = 0; i < VN; i++)
        v->out[i] = v->in[i] * v->mul + v->add;
    return 0;
}

static int32_t k_sum2(void *a)
{
    /* out = in + out (two inputs: in is one lane's result, out the other's) */
    const struct vec_io *v = a;
    for (int i = 0; i < VN; i++)
        v->out[i] += v->in[i];
    return 0;
}

static void test_current_buffers(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), sx = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event();
    static int32_t in[VN], t1[VN], t2[VN];
    /* s1: t1 = in*3 + 1 ; s2: t2 = in*5 - 2 ; join ; t1 += t2 */
    struct vec_io a1 = {in, t1, 3, 1}, a2 = {in, t2, 5, -2}, a3 = {t2, t1, 0, 0};
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    join_stream(s2, s1, e1);
    CHECK_OK(cpuaclLaunchKernel(s1, k_affine, &a1));
    CHECK_OK(cpuaclLaunchKernel(s2, k_affine, &a2));
    join_stream(s1, s2, e2);
    CHECK_OK(cpuaclLaunchKernel(s1, k_sum2, &a3));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    for (int r = 0; r < 50; r++) {
        for (int i = 0; i < VN; i++)
            in[i] = r * 1000 + i * 7 - 300;
        if (r % 3 == 2)
            CHECK_OK(aclmdlRIExecute(ri, -1));
        else {
            CHECK_OK(aclmdlRIExecuteAsync(ri, sx));
            CHECK_OK(aclrtSynchronizeStream(sx));
        }
        for (int i = 0; i < VN; i++)
            CHECK(t1[i] == in[i] * 8 - 1);
    }
    /* The input changed by stream-ordered work between executions. */
    for (int r = 0; r < 20; r++) {
        struct vec_io setin = {in, in, 1, 1}; /* in += 1 */
        CHECK_OK(cpuaclLaunchKernelArgs(sx, k_affine, &setin, sizeof(setin)));
        CHECK_OK(aclmdlRIExecuteAsync(ri, sx));
    }
    CHECK_OK(aclrtSynchronizeStream(sx));
    for (int i = 0; i < VN; i++)
        CHECK(t1[i] == in[i] * 8 - 1 && in[i] == 49 * 1000 + i * 7 - 300 + 20);
    CHECK_OK(aclmdlRIDestroy(ri));
    DESTROY_EVENTS(e1, e2);
    DESTROY_STREAMS(s1, s2, sx);
}

/* ---- interleaved executions of several models --------------------------------- */

#define NM 3
struct mstate {
    uint32_t a, b, c, d;
    atomic_int active; /* executions of this model in progress */
    atomic_uint execs; /* executions completed */
    uint32_t k;        /* model constant */
};
static struct mstate g_m[NM];

struct mk_args {
    uint32_t m;
    uint32_t op;
};

static int32_t k_model(void *p)
{
    const struct mk_args *x = p;
    if (x->m >= NM)
        return kfail("model kernel payload", x->m, x->op, 0);
    struct mstate *s = &g_m[x->m];
    switch (x->op) {
    case 0: /* first node: no other execution of this model is running */
        if (atomic_fetch_add(&s->active, 1) != 0)
            return kfail("model executions overlap", x->m, 0, 0);
        s->a = s->a * 3u + s->k;
        break;
    case 1:
        s->b += s->a;
        break;
    case 2:
        s->c ^= s->a * 7u;
        break;
    case 3: /* last node, after the join */
        s->d = s->b + s->c;
        atomic_fetch_add(&s->execs, 1);
        atomic_fetch_sub(&s->active, 1);
        break;
    }
    return 0;
}

struct expect_args {
    uint32_t m;
    uint32_t execs;
};

/* Eager kernel queued behind ExecuteAsync on the same stream. */
static int32_t k_expect_execs(void *p)
{
    const struct expect_args *x = p;
    unsigned got = atomic_load(&g_m[x->m].execs);
    if (got < x->execs)
        return kfail("work after ExecuteAsync ran before the model: model, execs, want", x->m, got,
                     x->execs);
    return 0;
}

static aclmdlRI capture_model(uint32_t m, aclrtStream s1, aclrtStream s2, aclrtStream s3,
                              aclrtEvent *ev)
{
    struct mk_args a0 = {m, 0}, a1 = {m, 1}, a2 = {m, 2}, a3 = {m, 3};
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    CHECK_OK(cpuaclLaunchKernelArgs(s1, k_model, &a0, sizeof(a0)));
    CHECK_OK(aclrtRecordEvent(ev[0], s1));
    CHECK_OK(aclrtStreamWaitEvent(s2, ev[0]));
    CHECK_OK(aclrtStreamWaitEvent(s3, ev[0]));
    CHECK_OK(cpuaclLaunchKernelArgs(s2, k_model, &a1, sizeof(a1)));
    CHECK_OK(cpuaclLaunchKernelArgs(s3, k_model, &a2, sizeof(a2)));
    CHECK_OK(aclrtRecordEvent(ev[1], s2));
    CHECK_OK(aclrtRecordEvent(ev[2], s3));
    CHECK_OK(aclrtStreamWaitEvent(s1, ev[1]));
    CHECK_OK(aclrtStreamWaitEvent(s1, ev[2]));
    CHECK_OK(cpuaclLaunchKernelArgs(s1, k_model, &a3, sizeof(a3)));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    return ri;
}

static void expected_state(uint32_t k, int n, uint32_t *d)
{
    uint32_t a = 1, b = 0, c = 0;
    for (int i = 0; i < n; i++) {
        a = a * 3u + k;
        b += a;
        c ^= a * 7u;
    }
    *d = b + c;
}

static void test_interleaved(void)
{
    aclrtStream cs[NM][3], xs[NM];
    aclrtEvent ev[NM][3];
    aclmdlRI ri[NM];
    for (int m = 0; m < NM; m++) {
        for (int j = 0; j < 3; j++) {
            cs[m][j] = new_stream();
            ev[m][j] = new_event();
        }
        xs[m] = new_stream();
        g_m[m].a = 1;
        g_m[m].k = 11u + 2u * (uint32_t)m;
        ri[m] = capture_model((uint32_t)m, cs[m][0], cs[m][1], cs[m][2], ev[m]);
    }
    int execs[NM] = {0};
    const int rounds = 60;
    for (int r = 0; r < rounds; r++) {
        for (int m = 0; m < NM; m++) {
            /* Model m mostly on its own stream; model 0 also on stream 1's. */
            aclrtStream x = (m == 0 && r % 3 == 1) ? xs[1] : xs[m];
            CHECK_OK(aclmdlRIExecuteAsync(ri[m], x));
            execs[m]++;
            struct expect_args ea = {(uint32_t)m, (uint32_t)execs[m]};
            CHECK_OK(cpuaclLaunchKernelArgs(x, k_expect_execs, &ea, sizeof(ea)));
        }
        if (r % 20 == 19) {
            for (int m = 0; m < NM; m++)
                CHECK_OK(aclrtSynchronizeStream(xs[m]));
            CHECK_KERNELS();
            for (int m = 0; m < NM; m++) {
                uint32_t d;
                expected_state(g_m[m].k, execs[m], &d);
                CHECK(atomic_load(&g_m[m].execs) == (unsigned)execs[m]);
                CHECK(g_m[m].d == d);
            }
        }
    }
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK_KERNELS();
    for (int m = 0; m < NM; m++) {
        uint32_t d;
        expected_state(g_m[m].k, rounds, &d);
        CHECK(g_m[m].d == d && atomic_load(&g_m[m].execs) == (unsigned)rounds);
        CHECK_OK(aclmdlRIDestroy(ri[m]));
        for (int j = 0; j < 3; j++) {
            CHECK_OK(aclrtDestroyStream(cs[m][j]));
            CHECK_OK(aclrtDestroyEvent(ev[m][j]));
        }
        CHECK_OK(aclrtDestroyStream(xs[m]));
    }
}

/* ---- task groups and task update ------------------------------------------------- */

static int64_t g_acc, g_out;
static atomic_int g_grp_runs;

struct op_args {
    int64_t v;
    uint32_t op; /* 0 set, 1 add, 2 mul, 3 out = acc */
    uint32_t check;
};

static int32_t k_op(void *p)
{
    const struct op_args *x = p;
    if (x->check != (x->op ^ MAGIC))
        return kfail("op payload", x->op, x->check, 0);
    switch (x->op) {
    case 0:
        g_acc = x->v;
        break;
    case 1:
        g_acc += x->v;
        atomic_fetch_add(&g_grp_runs, 1);
        break;
    case 2:
        g_acc *= x->v;
        atomic_fetch_add(&g_grp_runs, 1);
        break;
    case 3:
        g_out = g_acc;
        break;
    }
    return 0;
}

static void op(aclrtStream s, uint32_t o, int64_t v)
{
    struct op_args a = {v, o, o ^ MAGIC};
    CHECK_OK(cpuaclLaunchKernelArgs(s, k_op, &a, sizeof(a)));
}

static void run_sync(aclmdlRI ri, aclrtStream s)
{
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_KERNELS();
}

static void host_fn(void *p)
{
    (void)p;
}

static void test_task_group(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), su = new_stream(), sx = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event();
    aclrtTaskGrp g = NULL, g2 = NULL;
    /* acc = 10; group{ acc += 5; acc *= 3 }; s2: group2{ acc2... } ; out = acc */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    op(s1, 0, 10);
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(s1));
    op(s1, 1, 5);
    op(s1, 2, 3);
    CHECK_OK(aclmdlRICaptureTaskGrpEnd(s1, &g));
    CHECK(g != NULL);
    /* The group's model is still being captured: no update yet. */
    CHECK(aclmdlRICaptureTaskUpdateBegin(su, g) != ACL_SUCCESS);
    CHECK(aclGetRecentErrMsg() != NULL);
    /* A second group on a joined stream. */
    join_stream(s2, s1, e1);
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(s2));
    op(s2, 1, 100);
    CHECK_OK(aclmdlRICaptureTaskGrpEnd(s2, &g2));
    CHECK(g2 != NULL && g2 != g);
    join_stream(s1, s2, e2);
    op(s1, 3, 0);
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    run_sync(ri, sx);
    CHECK(g_out == (10 + 5) * 3 + 100);

    /* Update the first group on a normal stream: same count and kind of tasks. */
    int runs0 = atomic_load(&g_grp_runs);
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, g));
    op(su, 1, 7);
    op(su, 2, 2);
    CHECK_OK(aclmdlRICaptureTaskUpdateEnd(su));
    CHECK(atomic_load(&g_grp_runs) == runs0); /* issued into the group, not run */
    run_sync(ri, sx);
    CHECK(g_out == (10 + 7) * 2 + 100);
    run_sync(ri, sx); /* and stays updated */
    CHECK(g_out == (10 + 7) * 2 + 100);
    /* The group on the joined lane, updated from a stream that was never captured. */
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(sx, g2));
    op(sx, 1, -50);
    CHECK_OK(aclmdlRICaptureTaskUpdateEnd(sx));
    run_sync(ri, su);
    CHECK(g_out == (10 + 7) * 2 - 50);

    /* Too few tasks: 107040, the model keeps its graph, the stream is normal. */
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, g));
    op(su, 1, 1000);
    CHECK_ACL(ACL_ERROR_RT_MODEL_UPDATE_FAILED, aclmdlRICaptureTaskUpdateEnd(su));
    CHECK(aclGetRecentErrMsg() != NULL);
    run_sync(ri, sx);
    CHECK(g_out == (10 + 7) * 2 - 50);
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, g));
    CHECK_ACL(ACL_ERROR_RT_MODEL_UPDATE_FAILED, aclmdlRICaptureTaskUpdateEnd(su)); /* none */
    /* Too many tasks. */
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, g));
    op(su, 1, 1);
    op(su, 2, 1);
    struct op_args extra = {1, 1, 1 ^ MAGIC};
    CHECK(cpuaclLaunchKernelArgs(su, k_op, &extra, sizeof(extra)) != ACL_SUCCESS);
    CHECK_ACL(ACL_ERROR_RT_MODEL_UPDATE_FAILED, aclmdlRICaptureTaskUpdateEnd(su));
    /* Another kind of task. */
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, g));
    op(su, 1, 1);
    (void)aclrtLaunchHostFunc(su, host_fn, NULL);
    (void)aclGetRecentErrMsg();
    CHECK_ACL(ACL_ERROR_RT_MODEL_UPDATE_FAILED, aclmdlRICaptureTaskUpdateEnd(su));
    run_sync(ri, sx);
    CHECK(g_out == (10 + 7) * 2 - 50);
    /* After the failed updates su works eagerly. */
    op(su, 0, 42);
    CHECK_OK(aclrtSynchronizeStream(su));
    CHECK(g_acc == 42);
    CHECK_ACL(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclmdlRICaptureTaskUpdateEnd(su));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureTaskUpdateBegin(su, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureTaskUpdateBegin(NULL, g));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclmdlRICaptureTaskUpdateEnd(NULL));

    /* (cpuacl choice) An update issued while executions are queued applies
     * between executions: the ones submitted before it use the old arguments,
     * the next one the new (on hardware the update is itself stream work and
     * ordering it against executions is the caller's job). */
    {
        aclrtTaskGrp gs;
        aclmdlRI rs;
        CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
        CHECK_OK(aclmdlRICaptureTaskGrpBegin(s1));
        op(s1, 0, 3);
        CHECK_OK(aclmdlRICaptureTaskGrpEnd(s1, &gs));
        op(s1, 3, 0);
        CHECK_OK(aclmdlRICaptureEnd(s1, &rs));
        for (int i = 0; i < 5; i++)
            CHECK_OK(aclmdlRIExecuteAsync(rs, sx));
        CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, gs));
        op(su, 0, 9);
        CHECK_OK(aclmdlRICaptureTaskUpdateEnd(su));
        CHECK_OK(aclrtSynchronizeStream(sx));
        CHECK(g_out == 3); /* the queued executions ran with the old value */
        CHECK_OK(aclmdlRIExecuteAsync(rs, sx));
        CHECK_OK(aclrtSynchronizeStream(sx));
        CHECK_KERNELS();
        CHECK(g_out == 9);
        CHECK_OK(aclmdlRIDestroy(rs));
        /* The group died with its model. */
        CHECK(aclmdlRICaptureTaskUpdateBegin(su, gs) != ACL_SUCCESS);
        CHECK(aclGetRecentErrMsg() != NULL);
    }

    /* Update on a capturing stream: refused. */
    CHECK_OK(aclmdlRICaptureBegin(su, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_ACL(ACL_ERROR_RT_STREAM_CAPTURED, aclmdlRICaptureTaskUpdateBegin(su, g));
    aclmdlRI empty;
    CHECK_OK(aclmdlRICaptureEnd(su, &empty));
    CHECK_OK(aclmdlRIDestroy(empty));

    CHECK_OK(aclmdlRIDestroy(ri));
    DESTROY_EVENTS(e1, e2);
    DESTROY_STREAMS(s1, s2, su, sx);
}

/* ---- capture into an existing model ----------------------------------------------- */

static void test_capture_to_model(void)
{
    aclrtStream s1 = new_stream(), s2 = new_stream(), sx = new_stream();
    aclrtEvent e1 = new_event(), e2 = new_event();
    aclmdlRI ri = NULL, ri2 = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    op(s1, 0, 1);
    op(s1, 3, 0);
    CHECK_OK(aclmdlRICaptureEnd(s1, &ri));
    run_sync(ri, sx);
    CHECK(g_out == 1);

    /* Re-capture a two-lane graph into the same model. */
    int runs0 = atomic_load(&g_grp_runs);
    CHECK_OK(aclmdlRICaptureToModelRIBegin(s2, ri, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRI cur = NULL;
    CHECK_OK(aclmdlRICaptureGetInfo(s2, NULL, &cur));
    CHECK(cur == ri);
    /* While being captured again the model cannot run. */
    CHECK_ACL(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIExecuteAsync(ri, sx));
    op(s2, 0, 20);
    join_stream(s1, s2, e1);
    op(s1, 1, 2);
    join_stream(s2, s1, e2);
    op(s2, 3, 0);
    CHECK_OK(aclmdlRICaptureEnd(s2, &ri2));
    CHECK(ri2 == ri); /* same handle */
    run_sync(ri, sx);
    CHECK(g_out == 22); /* the new graph, not the old one */
    CHECK(atomic_load(&g_grp_runs) == runs0 + 1);
    const int lane_tasks[2] = {4, 3};
    check_json(ri, 2, lane_tasks, 3, 2, 2);

    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclmdlRICaptureToModelRIBegin(s1, NULL, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK(aclGetRecentErrMsg() != NULL);
    /* Into a model that is being captured. */
    CHECK_OK(aclmdlRICaptureBegin(s1, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(aclmdlRICaptureGetInfo(s1, NULL, &cur));
    CHECK_ACL(ACL_ERROR_RT_MODEL_CAPTURED,
              aclmdlRICaptureToModelRIBegin(s2, cur, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK(aclGetRecentErrMsg() != NULL);
    aclmdlRI other;
    CHECK_OK(aclmdlRICaptureEnd(s1, &other));
    CHECK_OK(aclmdlRIDestroy(other));
    /* Into a destroyed model. */
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE,
              aclmdlRICaptureToModelRIBegin(s1, ri, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    aclmdlRICaptureStatus st;
    CHECK_OK(aclmdlRICaptureGetInfo(s1, &st, NULL));
    CHECK(st == ACL_MODEL_RI_CAPTURE_STATUS_NONE);
    DESTROY_EVENTS(e1, e2);
    DESTROY_STREAMS(s1, s2, sx);
}

static int g_failed; /* graphs checks are fatal (exit 1) in the child */

static void setup(void)
{
    TEST_OPEN();
}

static void teardown(void)
{
    CHECK_KERNELS();
    TEST_CLOSE();
}

int main(void)
{
    /* At least four workers even on a small machine, so that lanes really run
     * in parallel (unless the environment says otherwise). */
    if (sysconf(_SC_NPROCESSORS_ONLN) < 5)
        setenv("CPUACL_WORKERS", "4", 0);
    int failures = 0;
    RUN(test_three_level, 600);
    RUN(test_current_buffers, 300);
    RUN(test_interleaved, 300);
    RUN(test_task_group, 300);
    RUN(test_capture_to_model, 300);
    if (failures)
        fprintf(stderr, "capture_graphs: %d test(s) FAILED\n", failures);
    return failures ? 1 : 0;
}
