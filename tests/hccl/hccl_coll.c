/* SPDX-License-Identifier: Apache-2.0 */
/*
 * HCCL collectives against a host reference: every collective, data type and
 * reduction, in place and out of place, counts 0, 1, odd and large; send/recv
 * rings; stream order (a collective sees the tasks queued before it);
 * collectives captured into a model and replayed; misuse codes.
 *
 * Run directly: 4 ranks in this process (HcclCommInitAll on 4 virtual
 * devices, plus HcclCommInitRootInfo / HcclCommInitClusterInfo from threads).
 * Run under `mpirun -np N`: one rank per process, the communicator made from a
 * root info sent with MPI_Bcast, and again from a rank table file.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mpi.h>

#include "cpuacl/cpuacl.h"
#include "hccl_common.h"

#define MAXR 8
#define LARGE 70001u /* odd, several reduction blocks and chunks per rank */

static int g_mpi, g_wrank;
static uint32_t N, L; /* ranks in the communicator; ranks in this process */
static int g_fail;
static int g_sanitized; /* CPUACL_STRESS_SCALE < 1: a sanitizer preset */

struct rk {
    uint32_t r;
    int32_t dev;
    HcclComm comm;
    aclrtStream s;
    void *a, *b;     /* device buffers */
    void *h, *e;     /* host staging */
};
static struct rk R[MAXR];
static size_t g_cap; /* bytes of each device buffer */

#define EXPECT(c)                                                                          \
    do {                                                                                   \
        if (!(c)) {                                                                        \
            fprintf(stderr, "[proc %d] %s:%d: EXPECT failed: %s\n", g_wrank, __FILE__,     \
                    __LINE__, #c);                                                         \
            if (++g_fail > 20)                                                             \
                exit(1);                                                                   \
        }                                                                                  \
    } while (0)
#define EXPECT_H(want, call)                                                               \
    do {                                                                                   \
        HcclResult got_ = (call);                                                          \
        if (got_ != (want)) {                                                              \
            fprintf(stderr, "[proc %d] %s:%d: %s = %d (%s), expected %d\n", g_wrank,       \
                    __FILE__, __LINE__, #call, (int)got_, HcclGetErrorString(got_),        \
                    (int)(want));                                                          \
            if (++g_fail > 20)                                                             \
                exit(1);                                                                   \
        }                                                                                  \
    } while (0)
#define OK(call) CHECK((call) == ACL_SUCCESS)
#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c)) {                                                                        \
            fprintf(stderr, "[proc %d] %s:%d: CHECK failed: %s\n", g_wrank, __FILE__,      \
                    __LINE__, #c);                                                         \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

static void use(uint32_t i) { OK(aclrtSetDevice(R[i].dev)); }

static void sync_all(aclError want)
{
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        aclError e = aclrtSynchronizeStream(R[i].s);
        if (e != want) {
            fprintf(stderr, "[proc %d] rank %u: synchronize = %d, expected %d\n", g_wrank, R[i].r,
                    (int)e, (int)want);
            g_fail++;
        }
    }
}

/* Host values -> device buffer (n elements of t), element k = f(k). */
static void upload(uint32_t i, void *dev, HcclDataType t, uint64_t n, uint32_t r, unsigned seed,
                   uint64_t base)
{
    for (uint64_t k = 0; k < n; k++)
        tc_put(t, R[i].h, k, tc_gen(t, r, base + k, seed));
    if (n)
        OK(aclrtMemcpy(dev, g_cap, R[i].h, n * tc_size(t), ACL_MEMCPY_HOST_TO_DEVICE));
}

/* Fill the first BYTES (plus a page, capped at the buffer) of a device buffer with 0x5a, so a
 * result the collective did not write cannot pass for one. Only what is read back: a whole
 * 8 MiB buffer per call made this test take 30 s under TSan (its range checks of memset). */
static void poison(uint32_t i, void *dev, size_t bytes)
{
    use(i);
    bytes = bytes + 4096 < g_cap ? bytes + 4096 : g_cap;
    OK(aclrtMemset(dev, g_cap, 0x5a, bytes));
}

static void download(uint32_t i, const void *dev, size_t bytes)
{
    if (bytes)
        OK(aclrtMemcpy(R[i].h, g_cap, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
}

static const HcclDataType ALL_TYPES[] = {
    HCCL_DATA_TYPE_INT8,   HCCL_DATA_TYPE_INT16,  HCCL_DATA_TYPE_INT32, HCCL_DATA_TYPE_FP16,
    HCCL_DATA_TYPE_FP32,   HCCL_DATA_TYPE_INT64,  HCCL_DATA_TYPE_UINT64, HCCL_DATA_TYPE_UINT8,
    HCCL_DATA_TYPE_UINT16, HCCL_DATA_TYPE_UINT32, HCCL_DATA_TYPE_FP64,  HCCL_DATA_TYPE_BFP16};
static const HcclDataType MAIN_TYPES[] = {HCCL_DATA_TYPE_FP32, HCCL_DATA_TYPE_FP16,
                                          HCCL_DATA_TYPE_BFP16, HCCL_DATA_TYPE_INT8,
                                          HCCL_DATA_TYPE_INT32, HCCL_DATA_TYPE_INT64};
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- collectives ------------------------------------------------------------ */

static void t_allreduce(HcclDataType t, HcclReduceOp op, uint64_t n, int inplace, unsigned seed)
{
    for (uint32_t i = 0; i < L; i++) {
        poison(i, R[i].b, n * tc_size(t));
        upload(i, R[i].a, t, n, R[i].r, seed, 0);
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        EXPECT_H(HCCL_SUCCESS, HcclAllReduce(R[i].a, inplace ? R[i].a : R[i].b, n, t, op,
                                             R[i].comm, R[i].s));
    }
    sync_all(ACL_SUCCESS);
    for (uint32_t i = 0; i < L; i++) {
        download(i, inplace ? R[i].a : R[i].b, n * tc_size(t));
        for (uint64_t k = 0; k < n; k++)
            if (tc_get(t, R[i].h, k) != tc_ref(t, op, N, k, seed)) {
                fprintf(stderr, "allreduce t=%d op=%d n=%llu inplace=%d rank %u [%llu] = %g, "
                        "expected %g\n", t, op, (unsigned long long)n, inplace, R[i].r,
                        (unsigned long long)k, tc_get(t, R[i].h, k), tc_ref(t, op, N, k, seed));
                g_fail++;
                break;
            }
    }
}

static void t_reduce(HcclDataType t, HcclReduceOp op, uint64_t n, uint32_t root, int inplace,
                     unsigned seed)
{
    for (uint32_t i = 0; i < L; i++) {
        poison(i, R[i].b, n * tc_size(t));
        upload(i, R[i].a, t, n, R[i].r, seed, 0);
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        EXPECT_H(HCCL_SUCCESS, HcclReduce(R[i].a, inplace ? R[i].a : R[i].b, n, t, op, root,
                                          R[i].comm, R[i].s));
    }
    sync_all(ACL_SUCCESS);
    for (uint32_t i = 0; i < L; i++) {
        if (R[i].r != root)
            continue;
        download(i, inplace ? R[i].a : R[i].b, n * tc_size(t));
        for (uint64_t k = 0; k < n; k++)
            if (tc_get(t, R[i].h, k) != tc_ref(t, op, N, k, seed)) {
                fprintf(stderr, "reduce t=%d op=%d n=%llu root=%u [%llu] wrong\n", t, op,
                        (unsigned long long)n, root, (unsigned long long)k);
                g_fail++;
                break;
            }
    }
}

/* placement 0: out of place; 1: recv = send + r*rc; 2: recv == send */
static void t_reduce_scatter(HcclDataType t, HcclReduceOp op, uint64_t rc, int placement,
                             unsigned seed)
{
    size_t es = tc_size(t);
    for (uint32_t i = 0; i < L; i++) {
        poison(i, R[i].b, rc * N * tc_size(t));
        upload(i, R[i].a, t, rc * N, R[i].r, seed, 0);
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        void *recv = placement == 0 ? R[i].b
                     : placement == 1 ? (char *)R[i].a + R[i].r * rc * es : R[i].a;
        EXPECT_H(HCCL_SUCCESS, HcclReduceScatter(R[i].a, recv, rc, t, op, R[i].comm, R[i].s));
    }
    sync_all(ACL_SUCCESS);
    for (uint32_t i = 0; i < L; i++) {
        const char *recv = placement == 0 ? R[i].b
                           : placement == 1 ? (char *)R[i].a + R[i].r * rc * es : R[i].a;
        download(i, recv, rc * es);
        for (uint64_t k = 0; k < rc; k++)
            if (tc_get(t, R[i].h, k) != tc_ref(t, op, N, R[i].r * rc + k, seed)) {
                fprintf(stderr, "reducescatter t=%d op=%d rc=%llu placement=%d rank %u [%llu] "
                        "wrong\n", t, op, (unsigned long long)rc, placement, R[i].r,
                        (unsigned long long)k);
                g_fail++;
                break;
            }
    }
}

/* inplace: send = recv + r*sc */
static void t_allgather(HcclDataType t, uint64_t sc, int inplace, unsigned seed)
{
    size_t es = tc_size(t);
    for (uint32_t i = 0; i < L; i++) {
        poison(i, R[i].b, sc * N * tc_size(t));
        upload(i, inplace ? (char *)R[i].b + R[i].r * sc * es : R[i].a, t, sc, R[i].r, seed, 0);
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        void *send = inplace ? (char *)R[i].b + R[i].r * sc * es : R[i].a;
        EXPECT_H(HCCL_SUCCESS, HcclAllGather(send, R[i].b, sc, t, R[i].comm, R[i].s));
    }
    sync_all(ACL_SUCCESS);
    for (uint32_t i = 0; i < L; i++) {
        download(i, R[i].b, sc * N * es);
        for (uint32_t q = 0; q < N; q++)
            for (uint64_t k = 0; k < sc; k++)
                if (tc_get(t, R[i].h, q * sc + k) != tc_gen(t, q, k, seed)) {
                    fprintf(stderr, "allgather t=%d sc=%llu inplace=%d rank %u block %u wrong\n",
                            t, (unsigned long long)sc, inplace, R[i].r, q);
                    g_fail++;
                    q = N;
                    break;
                }
    }
}

static void t_broadcast(HcclDataType t, uint64_t n, uint32_t root, unsigned seed)
{
    for (uint32_t i = 0; i < L; i++) {
        poison(i, R[i].a, n * tc_size(t));
        if (R[i].r == root)
            upload(i, R[i].a, t, n, root, seed, 0);
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        EXPECT_H(HCCL_SUCCESS, HcclBroadcast(R[i].a, n, t, root, R[i].comm, R[i].s));
    }
    sync_all(ACL_SUCCESS);
    for (uint32_t i = 0; i < L; i++) {
        download(i, R[i].a, n * tc_size(t));
        for (uint64_t k = 0; k < n; k++)
            if (tc_get(t, R[i].h, k) != tc_gen(t, root, k, seed)) {
                fprintf(stderr, "broadcast t=%d n=%llu root=%u rank %u wrong\n", t,
                        (unsigned long long)n, root, R[i].r);
                g_fail++;
                break;
            }
    }
}

static void t_alltoall(HcclDataType t, uint64_t c, unsigned seed)
{
    for (uint32_t i = 0; i < L; i++) {
        poison(i, R[i].b, c * N * tc_size(t));
        upload(i, R[i].a, t, c * N, R[i].r, seed, 0);
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        EXPECT_H(HCCL_SUCCESS, HcclAlltoAll(R[i].a, c, t, R[i].b, c, t, R[i].comm, R[i].s));
    }
    sync_all(ACL_SUCCESS);
    for (uint32_t i = 0; i < L; i++) {
        download(i, R[i].b, c * N * tc_size(t));
        for (uint32_t q = 0; q < N; q++)
            for (uint64_t k = 0; k < c; k++)
                if (tc_get(t, R[i].h, q * c + k) != tc_gen(t, q, R[i].r * c + k, seed)) {
                    fprintf(stderr, "alltoall t=%d c=%llu rank %u from %u wrong\n", t,
                            (unsigned long long)c, R[i].r, q);
                    g_fail++;
                    q = N;
                    break;
                }
    }
}

/* Elements rank s sends to rank d, and the displacements (with gaps). */
static uint64_t v_cnt(uint32_t s, uint32_t d, uint64_t scale) { return ((s + 2 * d) % 4) * scale; }
static void v_layout(uint32_t r, uint64_t scale, uint64_t *sc, uint64_t *sd, uint64_t *rc,
                     uint64_t *rd)
{
    uint64_t so = 0, ro = 0;
    for (uint32_t p = 0; p < N; p++) {
        sc[p] = v_cnt(r, p, scale);
        sd[p] = so;
        so += sc[p] + 1;
        rc[p] = v_cnt(p, r, scale);
        rd[p] = ro;
        ro += rc[p] + 2;
    }
}

static void t_alltoallv(HcclDataType t, uint64_t scale, unsigned seed)
{
    uint64_t sc[MAXR], sd[MAXR], rc[MAXR], rd[MAXR];
    for (uint32_t i = 0; i < L; i++) {
        poison(i, R[i].b, (3 * scale + 2) * N * tc_size(t));
        upload(i, R[i].a, t, (3 * scale + 1) * N, R[i].r, seed, 0);
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        v_layout(R[i].r, scale, sc, sd, rc, rd);
        EXPECT_H(HCCL_SUCCESS, HcclAlltoAllV(R[i].a, sc, sd, t, R[i].b, rc, rd, t, R[i].comm,
                                             R[i].s));
    }
    sync_all(ACL_SUCCESS);
    for (uint32_t i = 0; i < L; i++) {
        v_layout(R[i].r, scale, sc, sd, rc, rd);
        download(i, R[i].b, (3 * scale + 2) * N * tc_size(t));
        for (uint32_t q = 0; q < N; q++) {
            uint64_t qsc[MAXR], qsd[MAXR], qrc[MAXR], qrd[MAXR];
            v_layout(q, scale, qsc, qsd, qrc, qrd);
            for (uint64_t k = 0; k < rc[q]; k++)
                if (tc_get(t, R[i].h, rd[q] + k) != tc_gen(t, q, qsd[R[i].r] + k, seed)) {
                    fprintf(stderr, "alltoallv rank %u from %u [%llu] wrong\n", R[i].r, q,
                            (unsigned long long)k);
                    g_fail++;
                    break;
                }
        }
    }
}

/* Ring: rank r sends to r+1 and receives from r-1; even ranks send first. */
static void t_ring(HcclDataType t, uint64_t n, int laps)
{
    for (int lap = 0; lap < laps; lap++) {
        for (uint32_t i = 0; i < L; i++) {
            poison(i, R[i].b, n * tc_size(t));
            upload(i, R[i].a, t, n, R[i].r, (unsigned)lap, 0);
        }
        for (uint32_t i = 0; i < L; i++) {
            use(i);
            uint32_t r = R[i].r, to = (r + 1) % N, from = (r + N - 1) % N;
            if (r % 2 == 0) {
                EXPECT_H(HCCL_SUCCESS, HcclSend(R[i].a, n, t, to, R[i].comm, R[i].s));
                EXPECT_H(HCCL_SUCCESS, HcclRecv(R[i].b, n, t, from, R[i].comm, R[i].s));
            } else {
                EXPECT_H(HCCL_SUCCESS, HcclRecv(R[i].b, n, t, from, R[i].comm, R[i].s));
                EXPECT_H(HCCL_SUCCESS, HcclSend(R[i].a, n, t, to, R[i].comm, R[i].s));
            }
        }
        sync_all(ACL_SUCCESS);
        for (uint32_t i = 0; i < L; i++) {
            uint32_t from = (R[i].r + N - 1) % N;
            download(i, R[i].b, n * tc_size(t));
            for (uint64_t k = 0; k < n; k++)
                if (tc_get(t, R[i].h, k) != tc_gen(t, from, k, (unsigned)lap)) {
                    fprintf(stderr, "ring lap %d rank %u [%llu] wrong\n", lap, R[i].r,
                            (unsigned long long)k);
                    g_fail++;
                    break;
                }
        }
    }
}

/* A kernel queued before the collective writes its input (after a delay):
 * the collective must see it (stream order). */
struct fill_args {
    float *p;
    uint32_t n;
    float v;
};
static int32_t slow_fill(void *arg)
{
    const struct fill_args *f = arg;
    usleep(20000);
    for (uint32_t k = 0; k < f->n; k++)
        f->p[k] = f->v;
    return 0;
}

static void t_stream_order(void)
{
    const uint32_t n = 1000;
    aclrtEvent ev[MAXR];
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclrtMemset(R[i].a, g_cap, 0, g_cap));
        struct fill_args f = {(float *)R[i].a, n, (float)(R[i].r + 1)};
        OK(cpuaclLaunchKernelArgs(R[i].s, slow_fill, &f, sizeof f));
        EXPECT_H(HCCL_SUCCESS, HcclAllReduce(R[i].a, R[i].a, n, HCCL_DATA_TYPE_FP32,
                                             HCCL_REDUCE_SUM, R[i].comm, R[i].s));
        OK(aclrtCreateEvent(&ev[i]));
        OK(aclrtRecordEvent(ev[i], R[i].s));
    }
    float want = (float)N * (N + 1) / 2;
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclrtSynchronizeEvent(ev[i])); /* the event behind the collective */
        download(i, R[i].a, n * 4);
        for (uint32_t k = 0; k < n; k++)
            if (((float *)R[i].h)[k] != want) {
                fprintf(stderr, "stream order: rank %u [%u] = %g, expected %g\n", R[i].r, k,
                        ((float *)R[i].h)[k], want);
                g_fail++;
                break;
            }
        OK(aclrtDestroyEvent(ev[i]));
    }
    sync_all(ACL_SUCCESS);
}

/* A model with an all-reduce then a broadcast, replayed with new inputs. */
static void t_capture(int replays)
{
    const uint32_t n = 333;
    aclmdlRI ri[MAXR];
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclmdlRICaptureBegin(R[i].s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
        EXPECT_H(HCCL_SUCCESS, HcclAllReduce(R[i].a, R[i].b, n, HCCL_DATA_TYPE_FP32,
                                             HCCL_REDUCE_SUM, R[i].comm, R[i].s));
        EXPECT_H(HCCL_SUCCESS, HcclBroadcast((char *)R[i].b + 4096, n, HCCL_DATA_TYPE_INT32,
                                             N - 1, R[i].comm, R[i].s));
        OK(aclmdlRICaptureEnd(R[i].s, &ri[i]));
    }
    for (int it = 0; it < replays; it++) {
        for (uint32_t i = 0; i < L; i++) {
            use(i);
            float *h = R[i].h;
            for (uint32_t k = 0; k < n; k++)
                h[k] = (float)(R[i].r * 3 + it + k % 5);
            OK(aclrtMemcpy(R[i].a, g_cap, h, n * 4, ACL_MEMCPY_HOST_TO_DEVICE));
            int32_t *hi = R[i].h;
            for (uint32_t k = 0; k < n; k++)
                hi[k] = R[i].r == N - 1 ? (int32_t)(it * 1000 + k) : -1;
            OK(aclrtMemcpy((char *)R[i].b + 4096, g_cap - 4096, hi, n * 4,
                           ACL_MEMCPY_HOST_TO_DEVICE));
        }
        for (uint32_t i = 0; i < L; i++) {
            use(i);
            OK(aclmdlRIExecuteAsync(ri[i], R[i].s));
        }
        sync_all(ACL_SUCCESS);
        for (uint32_t i = 0; i < L; i++) {
            download(i, R[i].b, 4096 + n * 4);
            const float *h = R[i].h;
            const int32_t *hi = (const int32_t *)((char *)R[i].h + 4096);
            for (uint32_t k = 0; k < n; k++) {
                float want = 0;
                for (uint32_t q = 0; q < N; q++)
                    want += (float)(q * 3 + it + k % 5);
                if (h[k] != want || hi[k] != (int32_t)(it * 1000 + k)) {
                    fprintf(stderr, "capture replay %d rank %u [%u] wrong\n", it, R[i].r, k);
                    g_fail++;
                    break;
                }
            }
        }
    }
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclmdlRIDestroy(ri[i]));
    }
}

/* ---- misuse ------------------------------------------------------------------ */

static void t_misuse(void)
{
    struct rk *k = &R[0];
    use(0);
    EXPECT_H(HCCL_E_PARA, HcclBroadcast(k->a, 4, HCCL_DATA_TYPE_FP32, N, k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclReduce(k->a, k->b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, N + 3,
                                     k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclAllReduce(k->a, k->b, UINT64_MAX / 2, HCCL_DATA_TYPE_FP32,
                                        HCCL_REDUCE_SUM, k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclAllGather(k->a, k->b, UINT64_MAX / 8, HCCL_DATA_TYPE_INT8,
                                        k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclAllReduce(k->a, k->b, 4, (HcclDataType)99, HCCL_REDUCE_SUM,
                                        k->comm, k->s));
    EXPECT_H(HCCL_E_NOT_SUPPORT, HcclAllReduce(k->a, k->b, 4, HCCL_DATA_TYPE_INT128,
                                               HCCL_REDUCE_SUM, k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclAllReduce(k->a, k->b, 4, HCCL_DATA_TYPE_FP32, (HcclReduceOp)7,
                                        k->comm, k->s));
    EXPECT_H(HCCL_E_PTR, HcclAllReduce(k->a, k->b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM,
                                       NULL, k->s));
    EXPECT_H(HCCL_E_PTR, HcclAllReduce(k->a, k->b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM,
                                       k->comm, NULL));
    EXPECT_H(HCCL_E_PTR, HcclAllReduce(NULL, k->b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM,
                                       k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclSend(k->a, 4, HCCL_DATA_TYPE_FP32, k->r, k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclRecv(k->a, 4, HCCL_DATA_TYPE_FP32, N, k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclAlltoAll(k->a, 4, HCCL_DATA_TYPE_FP32, k->b, 4,
                                       HCCL_DATA_TYPE_INT32, k->comm, k->s));
    EXPECT_H(HCCL_E_PARA, HcclAlltoAll(k->a, 4, HCCL_DATA_TYPE_FP32, k->b, 5,
                                       HCCL_DATA_TYPE_FP32, k->comm, k->s));
    EXPECT_H(HCCL_E_PTR, HcclGetRankSize(k->comm, NULL));
    EXPECT_H(HCCL_E_PTR, HcclGetRootInfo(NULL));
    HcclRootInfo junk;
    memset(&junk, 7, sizeof junk);
    HcclComm c = NULL;
    EXPECT_H(HCCL_E_PARA, HcclCommInitRootInfo(2, &junk, 0, &c));
    EXPECT_H(HCCL_E_PARA, HcclCommInitRootInfo(2, &junk, 2, &c));
    EXPECT_H(HCCL_E_OPEN_FILE_FAILURE, HcclCommInitClusterInfo("/nonexistent/rt.json", 0, &c));
    EXPECT(strstr(HcclGetErrorString(HCCL_E_TIMEOUT), "TIMEOUT") != NULL);
    uint32_t got = 0;
    EXPECT_H(HCCL_SUCCESS, HcclGetRankSize(k->comm, &got));
    EXPECT(got == N);
    EXPECT_H(HCCL_SUCCESS, HcclGetRankId(k->comm, &got));
    EXPECT(got == k->r);
    /* count 0 and nothing queued: the stream stays clean */
    EXPECT_H(HCCL_SUCCESS, HcclAllReduce(NULL, NULL, 0, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM,
                                         k->comm, k->s));
    OK(aclrtSynchronizeStream(k->s));
}

/* Ranks disagreeing on a call: in process every rank fails alike; over MPI a
 * receive shorter or longer than its send fails the receiver. */
static void t_mismatch(void)
{
    if (!g_mpi) {
        for (uint32_t i = 0; i < L; i++) {
            use(i);
            HcclDataType t = i == 0 ? HCCL_DATA_TYPE_FP32 : HCCL_DATA_TYPE_INT32;
            EXPECT_H(HCCL_SUCCESS, HcclAllReduce(R[i].a, R[i].b, 16, t, HCCL_REDUCE_SUM,
                                                 R[i].comm, R[i].s));
        }
        sync_all(ACL_ERROR_RT_AICORE_EXCEPTION);
        for (uint32_t i = 0; i < L; i++) {
            HcclResult ae = HCCL_SUCCESS;
            EXPECT_H(HCCL_SUCCESS, HcclGetCommAsyncError(R[i].comm, &ae));
            EXPECT(ae == HCCL_E_PARA);
        }
        /* the communicator still works after the failed call */
        t_allreduce(HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, 17, 0, 99);
        return;
    }
    /* rank 0 sends 8 to rank 1, which expects 4, then 4 where 8 are expected */
    struct rk *k = &R[0];
    use(0);
    if (k->r == 0) {
        EXPECT_H(HCCL_SUCCESS, HcclSend(k->a, 8, HCCL_DATA_TYPE_FP32, 1, k->comm, k->s));
        EXPECT_H(HCCL_SUCCESS, HcclSend(k->a, 4, HCCL_DATA_TYPE_FP32, 1, k->comm, k->s));
        OK(aclrtSynchronizeStream(k->s));
    } else if (k->r == 1) {
        EXPECT_H(HCCL_SUCCESS, HcclRecv(k->b, 4, HCCL_DATA_TYPE_FP32, 0, k->comm, k->s));
        EXPECT(aclrtSynchronizeStream(k->s) == ACL_ERROR_RT_AICORE_EXCEPTION);
        EXPECT_H(HCCL_SUCCESS, HcclRecv(k->b, 8, HCCL_DATA_TYPE_FP32, 0, k->comm, k->s));
        EXPECT(aclrtSynchronizeStream(k->s) == ACL_ERROR_RT_AICORE_EXCEPTION);
        HcclResult ae = HCCL_SUCCESS;
        EXPECT_H(HCCL_SUCCESS, HcclGetCommAsyncError(k->comm, &ae));
        EXPECT(ae == HCCL_E_PARA);
    }
    EXPECT_H(HCCL_SUCCESS, HcclBarrier(k->comm, k->s));
    OK(aclrtSynchronizeStream(k->s));
}

/* ---- the whole suite over the communicators in R[] ---------------------------- */

static void suite(int full)
{
    unsigned seed = 1;
    const uint64_t counts[] = {0, 1, 37, LARGE};
    for (size_t ti = 0; ti < NELEM(ALL_TYPES); ti++)
        for (int op = 0; op < 4; op++)
            for (size_t ci = 0; ci < NELEM(counts); ci++)
                for (int inpl = 0; inpl < 2; inpl++) {
                    HcclDataType t = ALL_TYPES[ti];
                    if (counts[ci] == LARGE && (!full || inpl || op == HCCL_REDUCE_PROD))
                        continue;
                    t_allreduce(t, (HcclReduceOp)op, counts[ci], inpl, seed++);
                }
    if (full) /* one big one, in place */
        t_allreduce(HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, 1u << 21, 1, seed++);
    for (size_t ti = 0; ti < NELEM(MAIN_TYPES); ti++) {
        HcclDataType t = MAIN_TYPES[ti];
        for (int op = 0; op < 4; op++) {
            t_reduce(t, (HcclReduceOp)op, 37, N - 1, op & 1, seed++);
            t_reduce(t, (HcclReduceOp)op, 1, 0, 0, seed++);
            for (int pl = 0; pl < 3; pl++)
                t_reduce_scatter(t, (HcclReduceOp)op, op == 0 ? 4099 : 3, pl, seed++);
        }
        for (int inpl = 0; inpl < 2; inpl++) {
            t_allgather(t, 1, inpl, seed++);
            t_allgather(t, 1001, inpl, seed++);
        }
        t_broadcast(t, 1, 0, seed++);
        t_broadcast(t, 5001, N - 1, seed++);
        t_alltoall(t, 1, seed++);
        t_alltoall(t, 333, seed++);
        t_alltoallv(t, 1, seed++);
        t_alltoallv(t, 97, seed++);
    }
    t_reduce_scatter(HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, 0, 0, seed++);
    t_allgather(HCCL_DATA_TYPE_FP32, 0, 0, seed++);
    t_alltoallv(HCCL_DATA_TYPE_INT8, 0, seed++);
    t_ring(HCCL_DATA_TYPE_FP32, 1, 3);
    t_ring(HCCL_DATA_TYPE_BFP16, LARGE, 3);
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        EXPECT_H(HCCL_SUCCESS, HcclBarrier(R[i].comm, R[i].s));
    }
    sync_all(ACL_SUCCESS);
    t_stream_order();
    t_capture(g_sanitized ? 10 : 40);
}

static void setup_ranks(void)
{
    g_cap = (size_t)(1u << 21) * 4 + 4096;
    if (g_cap < (size_t)LARGE * 8 * N + 4096)
        g_cap = (size_t)LARGE * 8 * N + 4096;
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclrtCreateStream(&R[i].s));
        OK(aclrtMalloc(&R[i].a, g_cap, ACL_MEM_MALLOC_HUGE_FIRST));
        OK(aclrtMalloc(&R[i].b, g_cap, ACL_MEM_MALLOC_HUGE_FIRST));
        R[i].h = malloc(g_cap);
        CHECK(R[i].h);
    }
}

static void teardown_ranks(void)
{
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclrtFree(R[i].a));
        OK(aclrtFree(R[i].b));
        OK(aclrtDestroyStream(R[i].s));
        free(R[i].h);
        if (R[i].comm)
            EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(R[i].comm));
        R[i].comm = NULL;
    }
}

/* A destroyed communicator: rejected at the call, and a model captured with it
 * fails when replayed (the task looks it up, never dereferences it). */
static void t_destroyed(void)
{
    aclmdlRI ri[MAXR];
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclmdlRICaptureBegin(R[i].s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
        EXPECT_H(HCCL_SUCCESS, HcclAllReduce(R[i].a, R[i].b, 8, HCCL_DATA_TYPE_FP32,
                                             HCCL_REDUCE_SUM, R[i].comm, R[i].s));
        OK(aclmdlRICaptureEnd(R[i].s, &ri[i]));
    }
    for (uint32_t i = 0; i < L; i++) {
        HcclComm dead = R[i].comm;
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(dead));
        R[i].comm = NULL;
        use(i);
        EXPECT_H(HCCL_E_PARA, HcclAllReduce(R[i].a, R[i].b, 8, HCCL_DATA_TYPE_FP32,
                                            HCCL_REDUCE_SUM, dead, R[i].s));
        EXPECT_H(HCCL_E_PARA, HcclCommDestroy(dead));
        uint32_t x;
        EXPECT_H(HCCL_E_PARA, HcclGetRankId(dead, &x));
        OK(aclmdlRIExecuteAsync(ri[i], R[i].s));
    }
    sync_all(ACL_ERROR_RT_AICORE_EXCEPTION);
    for (uint32_t i = 0; i < L; i++) {
        use(i);
        OK(aclmdlRIDestroy(ri[i]));
    }
}

/* ---- in-process communicators made from threads ------------------------------- */

struct thr {
    uint32_t r;
    const HcclRootInfo *info;
    const char *table;
    int ok;
};

static void *rank_thread(void *arg)
{
    struct thr *t = arg;
    HcclComm c = NULL;
    aclrtStream s;
    void *d;
    if (aclrtSetDevice((int32_t)t->r) != ACL_SUCCESS)
        return NULL;
    HcclResult rc = t->info ? HcclCommInitRootInfo(N, t->info, t->r, &c)
                            : HcclCommInitClusterInfo(t->table, t->r, &c);
    if (rc != HCCL_SUCCESS) {
        fprintf(stderr, "thread rank %u: init %d\n", t->r, rc);
        return NULL;
    }
    uint32_t id = 99, sz = 0;
    HcclGetRankId(c, &id);
    HcclGetRankSize(c, &sz);
    float h[64];
    for (int k = 0; k < 64; k++)
        h[k] = (float)(t->r + k);
    if (aclrtCreateStream(&s) || aclrtMalloc(&d, sizeof h, ACL_MEM_MALLOC_HUGE_FIRST) ||
        aclrtMemcpy(d, sizeof h, h, sizeof h, ACL_MEMCPY_HOST_TO_DEVICE))
        return NULL;
    rc = HcclAllReduce(d, d, 64, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_MAX, c, s);
    if (rc == HCCL_SUCCESS && aclrtSynchronizeStream(s) == ACL_SUCCESS &&
        aclrtMemcpy(h, sizeof h, d, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS) {
        t->ok = id == t->r && sz == N;
        for (int k = 0; k < 64; k++)
            t->ok &= h[k] == (float)(N - 1 + k);
    }
    aclrtFree(d);
    aclrtDestroyStream(s);
    if (HcclCommDestroy(c) != HCCL_SUCCESS)
        t->ok = 0;
    return NULL;
}

static void run_threads(const HcclRootInfo *info, const char *table)
{
    pthread_t th[MAXR];
    struct thr a[MAXR];
    for (uint32_t r = 0; r < N; r++) {
        a[r] = (struct thr){r, info, table, 0};
        CHECK(pthread_create(&th[r], NULL, rank_thread, &a[r]) == 0);
    }
    for (uint32_t r = 0; r < N; r++) {
        pthread_join(th[r], NULL);
        EXPECT(a[r].ok);
    }
}

static void write_table(const char *path, uint32_t n, const char *status)
{
    FILE *f = fopen(path, "w");
    CHECK(f);
    fprintf(f, "{\"status\":\"%s\",\"version\":\"1.0\",\"server_count\":\"1\",\"server_list\":"
            "[{\"server_id\":\"node_0\",\"device\":[", status);
    for (uint32_t r = 0; r < n; r++)
        fprintf(f, "%s{\"device_id\":\"%u\",\"device_ip\":\"127.0.0.1\",\"rank_id\":\"%u\"}",
                r ? "," : "", r, n - 1 - r);
    fprintf(f, "]}]}\n");
    fclose(f);
}

int main(void)
{
    const char *ws = getenv("OMPI_COMM_WORLD_SIZE"), *sc = getenv("CPUACL_STRESS_SCALE");
    g_mpi = ws && atoi(ws) > 1;
    g_sanitized = sc && atof(sc) < 1.0;
    int full = 1;
    if (g_mpi) {
        int prov = 0, w = 0;
        MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &prov);
        MPI_Comm_rank(MPI_COMM_WORLD, &g_wrank);
        MPI_Comm_size(MPI_COMM_WORLD, &w);
        N = (uint32_t)w;
        L = 1;
        full = 0; /* 4 processes on 2 cores: keep the big transfers in-process */
        CHECK(N <= MAXR);
    } else {
        N = 4;
        L = 4;
        setenv("CPUACL_DEVICE_COUNT", "4", 0);
        full = !g_sanitized; /* the largest transfers: not under sanitizers */
    }
    OK(aclInit(NULL));

    if (g_mpi) {
        HcclRootInfo info;
        if (g_wrank == 0)
            EXPECT_H(HCCL_SUCCESS, HcclGetRootInfo(&info));
        MPI_Bcast(&info, sizeof info, MPI_BYTE, 0, MPI_COMM_WORLD);
        R[0].r = (uint32_t)g_wrank;
        R[0].dev = 0;
        OK(aclrtSetDevice(0));
        EXPECT_H(HCCL_SUCCESS, HcclCommInitRootInfo(N, &info, R[0].r, &R[0].comm));
        CHECK(R[0].comm);
        setup_ranks();
        suite(full);
        t_misuse();
        t_mismatch();
        /* the same job again through a rank table (rank ids reversed in the file) */
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(R[0].comm));
        char path[64];
        snprintf(path, sizeof path, "/tmp/hccl_rt_%d.json", (int)getpid());
        write_table(path, N, "completed");
        EXPECT_H(HCCL_SUCCESS, HcclCommInitClusterInfo(path, R[0].r, &R[0].comm));
        unlink(path);
        CHECK(R[0].comm);
        t_allreduce(HCCL_DATA_TYPE_BFP16, HCCL_REDUCE_SUM, 1001, 1, 7);
        t_alltoallv(HCCL_DATA_TYPE_FP32, 5, 8);
        t_ring(HCCL_DATA_TYPE_INT64, 3, 2);
        t_destroyed();
        teardown_ranks();
    } else {
        int32_t devs[MAXR];
        for (uint32_t i = 0; i < N; i++) {
            devs[i] = (int32_t)i;
            R[i].r = i;
            R[i].dev = (int32_t)i;
        }
        HcclComm cs[MAXR];
        int32_t dup[2] = {1, 1};
        EXPECT_H(HCCL_E_PARA, HcclCommInitAll(2, dup, cs));
        EXPECT_H(HCCL_E_PTR, HcclCommInitAll(2, NULL, cs));
        EXPECT_H(HCCL_SUCCESS, HcclCommInitAll(N, devs, cs));
        for (uint32_t i = 0; i < N; i++)
            R[i].comm = cs[i];
        setup_ranks();
        suite(full);
        t_misuse();
        t_mismatch();
        t_destroyed();
        /* 2 ranks over devices 1 and 3: a sub-group */
        int32_t two[2] = {3, 1};
        EXPECT_H(HCCL_SUCCESS, HcclCommInitAll(2, two, cs));
        struct rk save[MAXR];
        memcpy(save, R, sizeof R);
        uint32_t saveN = N, saveL = L;
        N = L = 2;
        R[0] = save[3];
        R[1] = save[1];
        R[0].r = 0;
        R[1].r = 1;
        R[0].comm = cs[0];
        R[1].comm = cs[1];
        t_allreduce(HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM, 999, 0, 5);
        t_ring(HCCL_DATA_TYPE_INT32, 77, 2);
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(cs[0]));
        EXPECT_H(HCCL_SUCCESS, HcclCommDestroy(cs[1]));
        memcpy(R, save, sizeof R);
        N = saveN;
        L = saveL;
        teardown_ranks();

        HcclRootInfo info;
        EXPECT_H(HCCL_SUCCESS, HcclGetRootInfo(&info));
        run_threads(&info, NULL);
        char path[64];
        snprintf(path, sizeof path, "/tmp/hccl_rt_%d.json", (int)getpid());
        write_table(path, N, "completed");
        run_threads(NULL, path);
        write_table(path, N, "initializing");
        HcclComm c;
        EXPECT_H(HCCL_E_PARA, HcclCommInitClusterInfo(path, 0, &c));
        unlink(path);
    }

    OK(aclFinalize());
    int fails = g_fail;
    if (g_mpi) {
        MPI_Allreduce(&g_fail, &fails, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Finalize();
    }
    if (g_wrank == 0)
        printf("hccl_coll (%s, %u ranks): %s (%d failures)\n", g_mpi ? "mpirun" : "in process",
               N, fails ? "FAIL" : "pass", fails);
    return fails ? 1 : 0;
}
