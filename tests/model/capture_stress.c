/* SPDX-License-Identifier: Apache-2.0 */
/* Stress: random multi-lane captured graphs replayed interleaved, each node checking its deps. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpuacl/cpuacl.h"
#include "testutil.h"

#define NSLOT 4 /* graphs captured and executed at the same time */
#define MAXL 8  /* lanes (streams) per graph */
#define NEV 12  /* events per graph slot */
#define MAXP 3  /* direct predecessors whose values a node checks */
#define MAXNODES 6000

/* ---- failure reporting from kernels ------------------------------------------ */

static atomic_int g_fail;
static char g_fail_msg[256];

static int32_t kfail(const char *what, unsigned gid, unsigned node, unsigned a, unsigned b)
{
    int z = 0;
    if (atomic_compare_exchange_strong(&g_fail, &z, 1))
        snprintf(g_fail_msg, sizeof(g_fail_msg), "graph %u node %u: %s (%u, %u)", gid, node, what,
                 a, b);
    return 1;
}

static void check_no_kernel_failure(void)
{
    if (atomic_load(&g_fail)) {
        fprintf(stderr, "capture_stress: kernel check failed: %s\n", g_fail_msg);
        exit(1);
    }
}

/* ---- graphs ------------------------------------------------------------------ */

struct gnode {
    uint32_t lane;
    uint32_t req[MAXL]; /* kernels of each lane that must have run (own lane: exact) */
    uint32_t npred;
    uint32_t pred[MAXP]; /* direct predecessors (same lane, or across an event) */
};

struct graph {
    uint32_t id;
    uint32_t nlanes; /* lanes that took part */
    uint32_t nnodes;
    uint32_t lane_k[MAXL]; /* kernels per lane */
    struct gnode *nodes;
    uint64_t *val;               /* val[n]: written by node n in each replay */
    uint32_t *runs;              /* runs[n]: times node n ran */
    uint32_t rep;                /* replays begun (written by node 0) */
    _Atomic uint32_t done[MAXL]; /* kernels of each lane done in this replay */
    aclmdlRI ri;
    uint32_t execs; /* executions submitted */
};

struct slot {
    struct graph g;
    aclrtStream lanes[MAXL];
    aclrtStream exec;
    aclrtEvent ev[NEV];
    uint64_t rng;
    int mode;
    int deep;
};

static struct slot g_slots[NSLOT];
static aclrtContext g_ctx;
static double g_scale;
static _Atomic uint64_t g_progress; /* bumped at every checked synchronisation */

/* A hang (lost wake-up, deadlock) is reported as such instead of running into
 * the ctest timeout without a word. */
static void *watchdog(void *p)
{
    (void)p;
    uint64_t last = atomic_load(&g_progress);
    for (int idle = 0;; idle++) {
        struct timespec ts = {1, 0};
        nanosleep(&ts, NULL);
        uint64_t now = atomic_load(&g_progress);
        if (now != last) {
            last = now;
            idle = 0;
        } else if (idle >= 240) {
            fprintf(stderr, "capture_stress: no progress for 240 s: replays hang "
                            "(lost wake-up or deadlock in the replay engine)\n");
            abort();
        }
    }
    return NULL;
}

static uint64_t rnd(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static uint32_t rndn(uint64_t *s, uint32_t n)
{
    return (uint32_t)(rnd(s) % n);
}

static uint32_t checksum(uint32_t gid, uint32_t node)
{
    uint32_t h = gid * 0x9e3779b1u ^ node * 0x85ebca77u;
    h ^= h >> 15;
    return h * 0xc2b2ae3du;
}

static uint64_t node_value(uint32_t gid, uint32_t node, uint32_t rep)
{
    return ((uint64_t)gid << 40) ^ ((uint64_t)rep << 20) ^ node;
}

struct kargs {
    uint32_t slot, gid, node, check;
};

static int32_t k_node(void *p)
{
    const struct kargs *a = p;
    if (a->slot >= NSLOT)
        return kfail("bad slot", a->gid, a->node, a->slot, 0);
    struct graph *g = &g_slots[a->slot].g;
    if (g->id != a->gid || a->node >= g->nnodes || a->check != checksum(a->gid, a->node))
        return kfail("payload corrupted", a->gid, a->node, a->check, g->id);
    const struct gnode *n = &g->nodes[a->node];
    if (a->node == 0) {
        /* First node of a replay: the previous replay has finished entirely. */
        for (uint32_t l = 0; l < MAXL; l++) {
            uint32_t d = atomic_load_explicit(&g->done[l], memory_order_acquire);
            if (d != (g->rep ? g->lane_k[l] : 0))
                return kfail("previous replay incomplete on lane", g->id, 0, l, d);
            atomic_store_explicit(&g->done[l], 0, memory_order_relaxed);
        }
        g->rep++;
    }
    uint32_t rep = g->rep;
    for (uint32_t l = 0; l < MAXL; l++) {
        uint32_t d = atomic_load_explicit(&g->done[l], memory_order_acquire);
        if (l == n->lane ? d != n->req[l] : d < n->req[l])
            return kfail(l == n->lane ? "lane order broken: lane, done"
                                      : "dependency not met: lane, done",
                         g->id, a->node, l, d);
    }
    for (uint32_t i = 0; i < n->npred; i++) {
        uint32_t p2 = n->pred[i];
        if (g->val[p2] != node_value(g->id, p2, rep))
            return kfail("predecessor did not run in this replay", g->id, a->node, p2, rep);
    }
    g->val[a->node] = node_value(g->id, a->node, rep);
    g->runs[a->node]++;
    atomic_store_explicit(&g->done[n->lane], n->req[n->lane] + 1, memory_order_release);
    if (a->node == g->nnodes - 1) {
        /* Last node (origin lane, after every join): all lanes are done. */
        for (uint32_t l = 0; l < MAXL; l++) {
            uint32_t d = atomic_load_explicit(&g->done[l], memory_order_acquire);
            if (d != g->lane_k[l])
                return kfail("lane not finished at the last node", g->id, a->node, l, d);
        }
    }
    return 0;
}

/* ---- capture of one random graph ------------------------------------------------ */

struct gen {
    struct slot *sl;
    uint32_t vc[MAXL][MAXL];   /* lane -> kernels of each lane it has waited for */
    uint32_t evc[NEV][MAXL];   /* snapshot at the event's latest record */
    int32_t ev_last[NEV];      /* last kernel of the recording lane at record, -1 none */
    int ev_rec[NEV];           /* recorded in this capture */
    int32_t last[MAXL];        /* last kernel of each lane, -1 none */
    uint32_t pend[MAXL][MAXP]; /* cross-lane predecessors for the lane's next kernel */
    uint32_t npend[MAXL];
    int state[MAXL];     /* 0 not joined, 1 active, 2 rejoined */
    uint32_t perm[MAXL]; /* lane -> slot stream index */
    uint32_t nl;         /* lanes available */
};

static aclrtStream lane_stream(struct gen *x, uint32_t l)
{
    return x->sl->lanes[x->perm[l]];
}

static void emit_kernel(struct gen *x, uint32_t l)
{
    struct graph *g = &x->sl->g;
    CHECK(g->nnodes < MAXNODES);
    uint32_t id = g->nnodes++;
    struct gnode *n = &g->nodes[id];
    n->lane = l;
    memcpy(n->req, x->vc[l], sizeof(n->req));
    n->npred = 0;
    if (x->last[l] >= 0)
        n->pred[n->npred++] = (uint32_t)x->last[l];
    for (uint32_t i = 0; i < x->npend[l] && n->npred < MAXP; i++)
        n->pred[n->npred++] = x->pend[l][i];
    x->npend[l] = 0;
    x->vc[l][l]++;
    x->last[l] = (int32_t)id;
    g->lane_k[l]++;
    struct kargs a = {(uint32_t)(x->sl - g_slots), g->id, id, checksum(g->id, id)};
    CHECK_OK(cpuaclLaunchKernelArgs(lane_stream(x, l), k_node, &a, sizeof(a)));
}

static uint32_t emit_record(struct gen *x, uint32_t l)
{
    uint32_t e = rndn(&x->sl->rng, NEV);
    CHECK_OK(aclrtRecordEvent(x->sl->ev[e], lane_stream(x, l)));
    memcpy(x->evc[e], x->vc[l], sizeof(x->evc[e]));
    x->ev_last[e] = x->last[l];
    x->ev_rec[e] = 1;
    return e;
}

static void emit_wait(struct gen *x, uint32_t l, uint32_t e)
{
    CHECK(x->ev_rec[e]);
    CHECK_OK(aclrtStreamWaitEvent(lane_stream(x, l), x->sl->ev[e]));
    for (uint32_t k = 0; k < MAXL; k++)
        if (x->evc[e][k] > x->vc[l][k])
            x->vc[l][k] = x->evc[e][k];
    if (x->ev_last[e] >= 0 && x->npend[l] < MAXP)
        x->pend[l][x->npend[l]++] = (uint32_t)x->ev_last[e];
    if (x->state[l] == 0)
        x->state[l] = 1;
}

static int pick_lane(struct gen *x, int state, int not, uint32_t *out)
{
    uint32_t c[MAXL], n = 0;
    for (uint32_t l = 0; l < x->nl; l++)
        if (x->state[l] == state && (int)l != not )
            c[n++] = l;
    if (!n)
        return 0;
    *out = c[rndn(&x->sl->rng, n)];
    return 1;
}

/* Close lane l (not the origin): it records, an active lane waits on it. */
static void close_lane(struct gen *x, uint32_t l)
{
    uint32_t t;
    CHECK(pick_lane(x, 1, (int)l, &t));
    uint32_t e = emit_record(x, l);
    x->state[l] = 2; /* before the wait: t may be the origin or any active lane */
    emit_wait(x, t, e);
}

static void capture_graph(struct slot *sl, uint32_t gid)
{
    struct graph *g = &sl->g;
    struct gen *x = calloc(1, sizeof(*x));
    CHECK(x != NULL);
    x->sl = sl;
    memset(g->lane_k, 0, sizeof(g->lane_k));
    g->nnodes = 0;
    g->id = gid;
    g->rep = 0;
    g->execs = 0;
    for (uint32_t l = 0; l < MAXL; l++)
        atomic_store(&g->done[l], 0);
    for (uint32_t l = 0; l < MAXL; l++) {
        x->last[l] = -1;
        x->perm[l] = l;
    }
    for (uint32_t i = MAXL - 1; i > 0; i--) { /* which stream is the origin varies */
        uint32_t j = rndn(&sl->rng, i + 1), t = x->perm[i];
        x->perm[i] = x->perm[j];
        x->perm[j] = t;
    }
    for (uint32_t e = 0; e < NEV; e++)
        x->ev_last[e] = -1;
    uint32_t steps;
    if (sl->deep) {
        x->nl = 1 + rndn(&sl->rng, 2);
        steps = 500 + rndn(&sl->rng, 2500);
    } else {
        x->nl = 1 + rndn(&sl->rng, MAXL);
        steps = 5 + rndn(&sl->rng, rndn(&sl->rng, 4) == 0 ? 400 : 60);
    }
    x->state[0] = 1;
    CHECK_OK(aclmdlRICaptureBegin(lane_stream(x, 0), (aclmdlRICaptureMode)sl->mode));
    emit_kernel(x, 0); /* node 0: first of every replay */
    for (uint32_t i = 0; i < steps && g->nnodes < MAXNODES - 2 * MAXL - 2; i++) {
        uint32_t op = rndn(&sl->rng, 16), a, b;
        if (op < 10) { /* kernel on an active lane */
            if (pick_lane(x, 1, -1, &a))
                emit_kernel(x, a);
        } else if (op < 12) { /* fork a new lane */
            if (pick_lane(x, 0, -1, &b) && pick_lane(x, 1, -1, &a))
                emit_wait(x, b, emit_record(x, a));
        } else if (op < 13) { /* cross edge between active lanes */
            if (pick_lane(x, 1, -1, &a) && pick_lane(x, 1, (int)a, &b))
                emit_wait(x, b, emit_record(x, a));
        } else if (op < 14) { /* wait on an earlier record (its latest one) */
            uint32_t e = rndn(&sl->rng, NEV);
            if (x->ev_rec[e] && pick_lane(x, 1, -1, &b))
                emit_wait(x, b, e);
        } else if (op < 15) { /* a lane rejoins */
            if (pick_lane(x, 1, 0, &a))
                close_lane(x, a);
        } else { /* a record nobody waits for (on a lane that goes on) */
            if (pick_lane(x, 1, -1, &a))
                (void)emit_record(x, a);
        }
    }
    /* Every lane rejoins, directly or through another lane. */
    uint32_t l;
    while (pick_lane(x, 1, 0, &l))
        close_lane(x, l);
    emit_kernel(x, 0); /* last node: after every join */
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(lane_stream(x, 0), &ri));
    CHECK(ri != NULL);
    g->ri = ri;
    g->nlanes = 0;
    for (uint32_t k = 0; k < x->nl; k++)
        g->nlanes += x->state[k] != 0;
    /* lane_k is indexed by logical lane; done[] too (kernels use n->lane). */
    free(x);
}

static void *capture_thread(void *p)
{
    struct slot *sl = p;
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    capture_graph(sl, sl->g.id);
    return NULL;
}

static void verify(struct graph *g)
{
    atomic_fetch_add(&g_progress, 1);
    check_no_kernel_failure();
    if (g->rep != g->execs) {
        fprintf(stderr, "graph %u: %u replays began, %u executions submitted\n", g->id, g->rep,
                g->execs);
        exit(1);
    }
    for (uint32_t n = 0; n < g->nnodes; n++)
        if (g->runs[n] != g->execs) {
            fprintf(stderr, "graph %u node %u ran %u times, expected %u\n", g->id, n, g->runs[n],
                    g->execs);
            exit(1);
        }
    for (uint32_t l = 0; l < MAXL; l++)
        if (g->execs && atomic_load(&g->done[l]) != g->lane_k[l]) {
            fprintf(stderr, "graph %u lane %u: %u of %u kernels after the last replay\n", g->id, l,
                    atomic_load(&g->done[l]), g->lane_k[l]);
            exit(1);
        }
}

int main(void)
{
    g_scale = test_stress_scale();
    /* At least four workers even on a small machine, so that lanes really run
     * in parallel (unless the environment says otherwise). */
    if (sysconf(_SC_NPROCESSORS_ONLN) < 5)
        setenv("CPUACL_WORKERS", "4", 0);
    uint64_t seed = (uint64_t)time(NULL);
    const char *se = getenv("CPUACL_STRESS_SEED");
    if (se)
        seed = strtoull(se, NULL, 0);
    int rounds = (int)(200 * g_scale);
    int reps = (int)(100 * (g_scale < 1 ? 0.5 + g_scale / 2 : 1));
    if (rounds < 2)
        rounds = 2;
    if (reps < 10)
        reps = 10;
    printf("capture_stress: seed %llu, %d rounds x %d graphs x %d replays\n",
           (unsigned long long)seed, rounds, NSLOT, reps);
    fflush(stdout);

    pthread_t wd;
    CHECK(pthread_create(&wd, NULL, watchdog, NULL) == 0);
    CHECK(pthread_detach(wd) == 0);
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&g_ctx));
    for (int s = 0; s < NSLOT; s++) {
        struct slot *sl = &g_slots[s];
        for (int l = 0; l < MAXL; l++)
            CHECK_OK(aclrtCreateStream(&sl->lanes[l]));
        CHECK_OK(aclrtCreateStream(&sl->exec));
        for (int e = 0; e < NEV; e++) {
            if (e % 2)
                CHECK_OK(aclrtCreateEventExWithFlag(&sl->ev[e], ACL_EVENT_SYNC));
            else
                CHECK_OK(aclrtCreateEvent(&sl->ev[e]));
        }
        sl->rng = seed * 0x9e3779b97f4a7c15ull + (uint64_t)s * 0x2545f4914f6cdd1dull + 1;
        sl->g.nodes = calloc(MAXNODES, sizeof(struct gnode));
        sl->g.val = calloc(MAXNODES, sizeof(uint64_t));
        sl->g.runs = calloc(MAXNODES, sizeof(uint32_t));
        CHECK(sl->g.nodes && sl->g.val && sl->g.runs);
    }

    uint32_t gid = 0;
    uint64_t total_nodes = 0, total_runs = 0;
    for (int r = 0; r < rounds; r++) {
        /* Capture NSLOT graphs at once, each on its own thread. */
        pthread_t th[NSLOT];
        for (int s = 0; s < NSLOT; s++) {
            struct slot *sl = &g_slots[s];
            sl->g.id = ++gid;
            sl->mode = (int)rndn(&sl->rng, 3);
            sl->deep = rndn(&sl->rng, 6) == 0;
            memset(sl->g.runs, 0, MAXNODES * sizeof(uint32_t));
            memset(sl->g.val, 0, MAXNODES * sizeof(uint64_t));
            CHECK(pthread_create(&th[s], NULL, capture_thread, sl) == 0);
        }
        for (int s = 0; s < NSLOT; s++)
            CHECK(pthread_join(th[s], NULL) == 0);
        /* Replay them interleaved, each on its own stream. */
        int greps = reps;
        for (int s = 0; s < NSLOT; s++)
            if (g_slots[s].deep)
                greps = reps / 3 > 5 ? reps / 3 : 5; /* keep deep rounds short */
        for (int i = 0; i < greps; i++) {
            for (int s = 0; s < NSLOT; s++) {
                struct graph *g = &g_slots[s].g;
                if ((i + s + r) % 17 == 16) {
                    CHECK_OK(aclmdlRIExecute(g->ri, -1)); /* blocking variant */
                    g->execs++;
                    verify(g);
                    continue;
                }
                CHECK_OK(aclmdlRIExecuteAsync(g->ri, g_slots[s].exec));
                g->execs++;
            }
            if (i % 16 == 15) {
                for (int s = 0; s < NSLOT; s++) {
                    CHECK_OK(aclrtSynchronizeStream(g_slots[s].exec));
                    verify(&g_slots[s].g);
                }
            }
        }
        for (int s = 0; s < NSLOT; s++) {
            struct graph *g = &g_slots[s].g;
            CHECK_OK(aclrtSynchronizeStream(g_slots[s].exec));
            verify(g);
            total_nodes += g->nnodes;
            total_runs += (uint64_t)g->nnodes * g->execs;
            CHECK_OK(aclmdlRIDestroy(g->ri));
        }
        /* The lane streams left their captures: plain work runs on them. */
        for (int s = 0; s < NSLOT; s++)
            for (int l = 0; l < MAXL; l++) {
                aclmdlRICaptureStatus st;
                CHECK_OK(aclmdlRICaptureGetInfo(g_slots[s].lanes[l], &st, NULL));
                CHECK(st == ACL_MODEL_RI_CAPTURE_STATUS_NONE);
            }
    }
    CHECK_OK(aclrtSynchronizeDevice());
    check_no_kernel_failure();
    for (int s = 0; s < NSLOT; s++) {
        struct slot *sl = &g_slots[s];
        for (int l = 0; l < MAXL; l++)
            CHECK_OK(aclrtDestroyStream(sl->lanes[l]));
        CHECK_OK(aclrtDestroyStream(sl->exec));
        for (int e = 0; e < NEV; e++)
            CHECK_OK(aclrtDestroyEvent(sl->ev[e]));
        free(sl->g.nodes);
        free(sl->g.val);
        free(sl->g.runs);
    }
    TEST_CLOSE();
    printf("capture_stress: %d graphs, %llu nodes, %llu node runs checked\n", (int)gid,
           (unsigned long long)total_nodes, (unsigned long long)total_runs);
    return 0;
}
