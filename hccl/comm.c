/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Communicators: creation (root info, rank table, all local devices),
 * the registry of live communicators, destruction, queries, error strings.
 *
 * A communicator is LOCAL (every rank in this process, one device each: the
 * ranks meet in an in-process rendezvous keyed by the root info's id) or MPI
 * (one rank per process of an `mpirun` job). The rule: a communicator whose
 * size equals the size of the MPI job this process runs in (> 1) is an MPI
 * one spanning the job; a smaller one from root info made in another process
 * of the job is an MPI one over some of its processes (mpi.c HM7); in the
 * process that made the root info, the first to join decides (another
 * process: MPI; this process's threads: local); any other is local.
 *
 * The registry (one mutex, not on any data path: a collective takes it once
 * to find its communicator) holds every live communicator. A handle is
 * checked against it before use, so a destroyed communicator is rejected,
 * never dereferenced; tasks hold a reference while they run and
 * HcclCommDestroy waits for those to drain. Tasks also match the
 * communicator's serial number, so a new communicator allocated at a
 * destroyed one's address is never mistaken for it by an old captured task.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "base/file.h"
#include "hccl/hccl_internal.h"

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_cv = PTHREAD_COND_INITIALIZER; /* refs drained, ranks joined */
static struct hccl_comm *g_comms;                      /* L */
static uint64_t g_serial;                              /* L */
static _Thread_local char t_msg[256];

HcclResult hccl_err(HcclResult code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t_msg, sizeof t_msg, fmt, ap);
    va_end(ap);
    const char *dbg = getenv("HCCL_DEBUG");
    if (dbg && *dbg && *dbg != '0')
        fprintf(stderr, "%s (%s)\n", t_msg, HcclGetErrorString(code));
    return code;
}

uint64_t hccl_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t hccl_env_seconds(const char *name, uint64_t dflt)
{
    const char *s = getenv(name);
    char *end;
    unsigned long long v = s ? strtoull(s, &end, 10) : 0;
    return s && *s && !*end && v > 0 && v < 86400u * 365 ? v : dflt;
}

size_t hccl_dtype_size(HcclDataType t)
{
    switch (t) {
    case HCCL_DATA_TYPE_INT8:
    case HCCL_DATA_TYPE_UINT8:
        return 1;
    case HCCL_DATA_TYPE_INT16:
    case HCCL_DATA_TYPE_UINT16:
    case HCCL_DATA_TYPE_FP16:
    case HCCL_DATA_TYPE_BFP16:
        return 2;
    case HCCL_DATA_TYPE_INT32:
    case HCCL_DATA_TYPE_UINT32:
    case HCCL_DATA_TYPE_FP32:
        return 4;
    case HCCL_DATA_TYPE_INT64:
    case HCCL_DATA_TYPE_UINT64:
    case HCCL_DATA_TYPE_FP64:
        return 8;
    default:
        return 0;
    }
}

void *hccl_scratch(struct hccl_comm *c, size_t bytes)
{
    if (c->scratch_size < bytes) {
        free(c->scratch);
        c->scratch = malloc(bytes);
        c->scratch_size = c->scratch ? bytes : 0;
    }
    return c->scratch;
}

/* ---- registry ------------------------------------------------------------- */

static struct hccl_comm *find_locked(void *handle)
{
    for (struct hccl_comm *c = g_comms; c; c = c->next)
        if (c == handle && !c->dead)
            return c;
    return NULL;
}

struct hccl_comm *hccl_comm_acquire(void *handle, uint64_t serial)
{
    pthread_mutex_lock(&g_mu);
    struct hccl_comm *c = find_locked(handle);
    if (c && serial && c->serial != serial)
        c = NULL;
    if (c)
        c->refs++;
    pthread_mutex_unlock(&g_mu);
    return c;
}

void hccl_comm_release(struct hccl_comm *c)
{
    pthread_mutex_lock(&g_mu);
    if (--c->refs == 0 && c->dead)
        pthread_cond_broadcast(&g_cv);
    pthread_mutex_unlock(&g_mu);
}

static struct hccl_comm *comm_new(uint32_t rank, uint32_t size, int32_t device)
{
    struct hccl_comm *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->rank = rank;
    c->size = size;
    c->device = device;
    c->send_seq = calloc(size, sizeof(uint64_t));
    c->recv_seq = calloc(size, sizeof(uint64_t));
    if (!c->send_seq || !c->recv_seq) {
        free(c->send_seq);
        free(c->recv_seq);
        free(c);
        return NULL;
    }
    atomic_init(&c->async_err, HCCL_SUCCESS);
    return c;
}

static void comm_free(struct hccl_comm *c)
{
    if (c->mode == HCCL_MODE_MPI)
        hccl_mpi_comm_fini(c);
    else if (c->group)
        hccl_group_put(c->group);
    free(c->send_seq);
    free(c->recv_seq);
    free(c->scratch);
    free(c);
}

static void comm_register(struct hccl_comm *c)
{
    pthread_mutex_lock(&g_mu);
    c->serial = ++g_serial;
    c->next = g_comms;
    g_comms = c;
    pthread_mutex_unlock(&g_mu);
}

HcclResult HcclCommDestroy(HcclComm comm)
{
    if (!comm)
        return hccl_err(HCCL_E_PTR, "HcclCommDestroy: comm is NULL");
    pthread_mutex_lock(&g_mu);
    struct hccl_comm *c = find_locked(comm);
    if (!c) {
        pthread_mutex_unlock(&g_mu);
        return hccl_err(HCCL_E_PARA, "HcclCommDestroy: %p is not a live communicator", comm);
    }
    c->dead = 1; /* no new reference from here on */
    while (c->refs)
        pthread_cond_wait(&g_cv, &g_mu);
    for (struct hccl_comm **pp = &g_comms; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    pthread_mutex_unlock(&g_mu);
    comm_free(c);
    return HCCL_SUCCESS;
}

/* Read one field of a live communicator (rank size or rank id). */
static HcclResult comm_field(HcclComm comm, uint32_t *out, int want_size, const char *fn)
{
    if (!comm || !out)
        return hccl_err(HCCL_E_PTR, "%s: NULL %s", fn, comm ? "output" : "comm");
    struct hccl_comm *c = hccl_comm_acquire(comm, 0);
    if (!c)
        return hccl_err(HCCL_E_PARA, "%s: %p is not a live communicator", fn, comm);
    *out = want_size ? c->size : c->rank;
    hccl_comm_release(c);
    return HCCL_SUCCESS;
}

HcclResult HcclGetRankSize(HcclComm comm, uint32_t *rankSize)
{
    return comm_field(comm, rankSize, 1, "HcclGetRankSize");
}

HcclResult HcclGetRankId(HcclComm comm, uint32_t *rank)
{
    return comm_field(comm, rank, 0, "HcclGetRankId");
}

HcclResult HcclGetCommName(HcclComm comm, char *commName)
{
    if (!comm || !commName)
        return hccl_err(HCCL_E_PTR, "HcclGetCommName: NULL %s", comm ? "commName" : "comm");
    struct hccl_comm *c = hccl_comm_acquire(comm, 0);
    if (!c)
        return hccl_err(HCCL_E_PARA, "HcclGetCommName: %p is not a live communicator", comm);
    memcpy(commName, c->name, sizeof c->name);
    hccl_comm_release(c);
    return HCCL_SUCCESS;
}

/* The registry is newest first: without a rank on the current device the
 * latest communicator of that name wins. */
HcclResult HcclCommGetHandleWithName(const char *commName, HcclComm *comm)
{
    static const char fn[] = "HcclCommGetHandleWithName";
    if (!commName || !comm)
        return hccl_err(HCCL_E_PTR, "%s: NULL %s", fn, commName ? "comm" : "commName");
    if (strnlen(commName, COMM_NAME_MAX_LENGTH) == COMM_NAME_MAX_LENGTH)
        return hccl_err(HCCL_E_PARA, "%s: name longer than %u characters", fn,
                        COMM_NAME_MAX_LENGTH - 1);
    int32_t device = -1;
    if (aclrtGetDevice(&device) != ACL_SUCCESS)
        device = -1;
    struct hccl_comm *found = NULL;
    pthread_mutex_lock(&g_mu);
    for (struct hccl_comm *c = g_comms; c; c = c->next)
        if (!c->dead && !strcmp(c->name, commName)) {
            if (!found || (found->device != device && c->device == device && device >= 0))
                found = c;
        }
    pthread_mutex_unlock(&g_mu);
    if (!found)
        return hccl_err(HCCL_E_NOT_FOUND, "%s: no live communicator is named \"%s\"", fn, commName);
    *comm = found;
    return HCCL_SUCCESS;
}

HcclResult HcclGetCommAsyncError(HcclComm comm, HcclResult *asyncError)
{
    if (!comm || !asyncError)
        return hccl_err(HCCL_E_PTR, "HcclGetCommAsyncError: NULL argument");
    struct hccl_comm *c = hccl_comm_acquire(comm, 0);
    if (!c)
        return hccl_err(HCCL_E_PARA, "HcclGetCommAsyncError: %p is not a live communicator", comm);
    /* relaxed: a status word; the stream synchronisation that reported the
     * failure already ordered the task's writes before this read */
    *asyncError = (HcclResult)atomic_load_explicit(&c->async_err, memory_order_relaxed);
    hccl_comm_release(c);
    return HCCL_SUCCESS;
}

const char *HcclGetErrorString(HcclResult code)
{
    static const char *const names[] = {
        "HCCL_SUCCESS: success",
        "HCCL_E_PARA: parameter error",
        "HCCL_E_PTR: empty pointer",
        "HCCL_E_MEMORY: memory error",
        "HCCL_E_INTERNAL: internal error",
        "HCCL_E_NOT_SUPPORT: not supported",
        "HCCL_E_NOT_FOUND: not found",
        "HCCL_E_UNAVAIL: resource unavailable",
        "HCCL_E_SYSCALL: system call error",
        "HCCL_E_TIMEOUT: timeout",
        "HCCL_E_OPEN_FILE_FAILURE: open file failed",
        "HCCL_E_TCP_CONNECT: tcp connect failed",
        "HCCL_E_ROCE_CONNECT: roce connect failed",
        "HCCL_E_TCP_TRANSFER: tcp transfer failed",
        "HCCL_E_ROCE_TRANSFER: roce transfer failed",
        "HCCL_E_RUNTIME: runtime call failed",
        "HCCL_E_DRV: driver call failed",
        "HCCL_E_PROFILING: profiling call failed",
        "HCCL_E_CCE: cce call failed",
        "HCCL_E_NETWORK: network (MPI) call failed",
        "HCCL_E_AGAIN: try again",
        "HCCL_E_REMOTE: remote error",
        "HCCL_E_SUSPENDING: communicator suspending",
        "HCCL_E_OPRETRY_FAIL: operation retry failed",
    };
    if ((unsigned)code < sizeof names / sizeof names[0])
        return names[code];
    return "unknown HcclResult";
}

/* ---- root info ------------------------------------------------------------ */

#define ROOT_MAGIC "cpuHCCL1"

struct root_wire {
    char magic[8];
    uint8_t uid[16];
    int32_t pid;         /* creator process */
    uint32_t world_size; /* MPI job size at creation (1: none) */
    char host[64];       /* creator host */
    int32_t world_rank;  /* creator's rank in the MPI job (-1: none), HM7 */
};
_Static_assert(sizeof(struct root_wire) <= HCCL_ROOT_INFO_BYTES, "root info fits");

HcclResult HcclGetRootInfo(HcclRootInfo *rootInfo)
{
    if (!rootInfo)
        return hccl_err(HCCL_E_PTR, "HcclGetRootInfo: rootInfo is NULL");
    struct root_wire w;
    memset(&w, 0, sizeof w);
    memcpy(w.magic, ROOT_MAGIC, 8);
    if (getrandom(w.uid, sizeof w.uid, 0) != (ssize_t)sizeof w.uid) {
        static _Atomic uint64_t ctr; /* relaxed: only needs distinct values */
        uint64_t a = hccl_now_ns() ^ ((uint64_t)getpid() << 32);
        uint64_t b = atomic_fetch_add_explicit(&ctr, 1, memory_order_relaxed);
        memcpy(w.uid, &a, 8);
        memcpy(w.uid + 8, &b, 8);
    }
    w.pid = (int32_t)getpid();
    w.world_size = hccl_mpi_world_size();
    w.world_rank = w.world_size > 1 ? hccl_mpi_world_rank() : -1;
    gethostname(w.host, sizeof w.host - 1);
    memset(rootInfo, 0, sizeof *rootInfo);
    memcpy(rootInfo->internal, &w, sizeof w);
    return HCCL_SUCCESS;
}

/* ---- local rendezvous (HcclCommInitRootInfo / ClusterInfo in one process) -- */

struct pending {
    uint8_t uid[16];
    uint32_t n, joined, left; /* L */
    uint8_t *taken;           /* L: n */
    int32_t *devices;         /* L: n */
    struct hccl_group *g;     /* L: made by the last rank to join */
    HcclResult failed;        /* L */
    struct pending *next;
};
static struct pending *g_pending; /* L */

static void pending_unlink(struct pending *p)
{
    for (struct pending **pp = &g_pending; *pp; pp = &(*pp)->next)
        if (*pp == p) {
            *pp = p->next;
            break;
        }
    free(p->taken);
    free(p->devices);
    free(p);
}

/* Default name of a communicator made from root info or rank table `uid`:
 * the same on every rank. */
static void name_from_uid(struct hccl_comm *c, const uint8_t uid[16])
{
    char *p = c->name + snprintf(c->name, sizeof c->name, "hccl_");
    for (int i = 0; i < 8; i++)
        p += snprintf(p, 3, "%02x", uid[i]);
}

static HcclResult local_join(const uint8_t uid[16], uint32_t n, uint32_t rank, int32_t device,
                             HcclComm *out, const char *fn, int probe)
{
    pthread_mutex_lock(&g_mu);
    struct pending *p = g_pending;
    while (p && memcmp(p->uid, uid, 16))
        p = p->next;
    if (!p) {
        p = calloc(1, sizeof *p);
        if (p) {
            p->taken = calloc(n, 1);
            p->devices = calloc(n, sizeof(int32_t));
        }
        if (!p || !p->taken || !p->devices) {
            if (p) {
                free(p->taken);
                free(p->devices);
                free(p);
            }
            pthread_mutex_unlock(&g_mu);
            return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
        }
        memcpy(p->uid, uid, 16);
        p->n = n;
        p->next = g_pending;
        g_pending = p;
    }
    if (p->n != n || p->joined == p->n) {
        pthread_mutex_unlock(&g_mu);
        return hccl_err(HCCL_E_PARA, "%s: %u ranks, but the communicator has %u", fn, n, p->n);
    }
    if (p->taken[rank]) {
        pthread_mutex_unlock(&g_mu);
        return hccl_err(HCCL_E_PARA, "%s: rank %u joined twice", fn, rank);
    }
    p->taken[rank] = 1;
    p->devices[rank] = device;
    if (++p->joined == n) {
        for (uint32_t i = 0; i < n && !p->failed; i++)
            for (uint32_t j = i + 1; j < n && !p->failed; j++)
                if (p->devices[i] == p->devices[j])
                    p->failed = hccl_err(HCCL_E_PARA,
                                         "%s: ranks %u and %u both on device %d "
                                         "(one rank per device)",
                                         fn, i, j, (int)p->devices[i]);
        if (!p->failed && !(p->g = hccl_group_new(n)))
            p->failed = HCCL_E_MEMORY;
        pthread_cond_broadcast(&g_cv);
    } else {
        uint64_t deadline =
            hccl_now_ns() + hccl_env_seconds("HCCL_CONNECT_TIMEOUT", 120) * 1000000000u;
        while (p->joined < n) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            if (probe) { /* HM7: every ms, a join message from another process? */
                ts.tv_nsec += 1000000;
                if (ts.tv_nsec >= 1000000000) {
                    ts.tv_sec++;
                    ts.tv_nsec -= 1000000000;
                }
            } else {
                ts.tv_sec += 1;
            }
            pthread_cond_timedwait(&g_cv, &g_mu, &ts);
            if (probe && p->joined == 1) {
                pthread_mutex_unlock(&g_mu);
                int remote = hccl_mpi_subset_probe(uid);
                pthread_mutex_lock(&g_mu);
                if (remote && p->joined == 1) { /* alone here: the others are processes */
                    p->taken[rank] = 0;
                    p->joined = 0;
                    pending_unlink(p);
                    pthread_mutex_unlock(&g_mu);
                    return HCCL_E_AGAIN;
                }
            }
            if (p->joined < n && hccl_now_ns() > deadline) {
                p->taken[rank] = 0;
                if (--p->joined == 0)
                    pending_unlink(p);
                pthread_mutex_unlock(&g_mu);
                return hccl_err(HCCL_E_TIMEOUT,
                                "%s: not every rank joined within "
                                "HCCL_CONNECT_TIMEOUT",
                                fn);
            }
        }
    }
    HcclResult rc = p->failed;
    struct hccl_group *g = p->g;
    if (++p->left == n)
        pending_unlink(p);
    pthread_mutex_unlock(&g_mu);
    if (rc != HCCL_SUCCESS) {
        if (g)
            hccl_group_put(g);
        return hccl_err(rc, "%s: communicator creation failed", fn);
    }
    struct hccl_comm *c = comm_new(rank, n, device);
    if (!c) {
        hccl_group_put(g); /* the group lives on for the others, who will fail at use */
        return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
    }
    c->mode = HCCL_MODE_LOCAL;
    c->group = g;
    name_from_uid(c, uid);
    comm_register(c);
    *out = c;
    return HCCL_SUCCESS;
}

HcclResult hccl_local_join(const uint8_t uid[16], uint32_t n, uint32_t rank, int32_t device,
                           HcclComm *out, const char *fn)
{
    return local_join(uid, n, rank, device, out, fn, 0);
}

/* creator: the world rank that made the root info (-1: a rank table, or made
 * outside mpirun). */
static HcclResult join(const uint8_t uid[16], uint32_t n, uint32_t rank, int remote,
                       int32_t creator, HcclComm *out, const char *fn)
{
    uint32_t world = hccl_mpi_world_size();
    int32_t device = -1;
    int have_dev = aclrtGetDevice(&device) == ACL_SUCCESS;
    /* HM7: fewer ranks than the job, root info from a process of the job */
    int subset = world > 1 && n > 1 && n < world && creator >= 0;
    int mine = subset && !remote && hccl_mpi_ready() && creator == hccl_mpi_world_rank();
    if (mine && have_dev) { /* this process's threads, or processes: the first to come decides */
        HcclResult rc = local_join(uid, n, rank, device, out, fn, 1);
        if (rc != HCCL_E_AGAIN)
            return rc;
    }
    if ((world > 1 && n == world) || (subset && (remote || mine))) {
        struct hccl_comm *c = comm_new(rank, n, have_dev ? device : -1);
        if (!c)
            return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
        c->mode = HCCL_MODE_MPI;
        HcclResult rc = n == world ? hccl_mpi_comm_init(c, uid, n, rank)
                                   : hccl_mpi_comm_subset(c, uid, n, rank, creator);
        if (rc != HCCL_SUCCESS) {
            c->mode = HCCL_MODE_LOCAL; /* nothing of MPI to tear down */
            comm_free(c);
            return rc;
        }
        name_from_uid(c, uid);
        comm_register(c);
        *out = c;
        return HCCL_SUCCESS;
    }
    if (remote && n > 1)
        return hccl_err(HCCL_E_NOT_SUPPORT,
                        "%s: the root info comes from another process "
                        "outside this MPI job (%u processes): its %u ranks cannot meet",
                        fn, world, n);
    if (!have_dev)
        return hccl_err(HCCL_E_RUNTIME, "%s: no current device (aclrtSetDevice first)", fn);
    return hccl_local_join(uid, n, rank, device, out, fn);
}

HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo *rootInfo, uint32_t rank,
                                HcclComm *comm)
{
    static const char fn[] = "HcclCommInitRootInfo";
    if (!rootInfo || !comm)
        return hccl_err(HCCL_E_PTR, "%s: NULL %s", fn, rootInfo ? "comm" : "rootInfo");
    if (nRanks == 0 || rank >= nRanks)
        return hccl_err(HCCL_E_PARA, "%s: rank %u of %u ranks", fn, rank, nRanks);
    struct root_wire w;
    memcpy(&w, rootInfo->internal, sizeof w);
    if (memcmp(w.magic, ROOT_MAGIC, 8))
        return hccl_err(HCCL_E_PARA, "%s: rootInfo was not made by HcclGetRootInfo", fn);
    char host[64] = {0};
    gethostname(host, sizeof host - 1);
    int remote = w.pid != (int32_t)getpid() || strncmp(w.host, host, sizeof host);
    return join(w.uid, nRanks, rank, remote, w.world_rank, comm, fn);
}

/* ---- rank table ----------------------------------------------------------- */

static int json_uint(const cJSON *o, const char *key, uint32_t *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 4294967296.0) {
        *out = (uint32_t)v->valuedouble;
        return 1;
    }
    if (cJSON_IsString(v) && v->valuestring[0]) {
        char *end;
        unsigned long x = strtoul(v->valuestring, &end, 10);
        if (!*end && x <= UINT32_MAX) {
            *out = (uint32_t)x;
            return 1;
        }
    }
    return 0;
}

static void fnv128(const char *s, size_t n, uint8_t uid[16])
{
    uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
    for (size_t i = 0; i < n; i++) {
        a = (a ^ (uint8_t)s[i]) * 0x100000001b3ull;
        b = (b ^ (uint8_t)s[i]) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
    }
    memcpy(uid, &a, 8);
    memcpy(uid + 8, &b, 8);
}

HcclResult HcclCommInitClusterInfo(const char *clusterInfo, uint32_t rank, HcclComm *comm)
{
    static const char fn[] = "HcclCommInitClusterInfo";
    if (!clusterInfo || !comm)
        return hccl_err(HCCL_E_PTR, "%s: NULL %s", fn, clusterInfo ? "comm" : "clusterInfo");
    struct base_file file = base_read_file(clusterInfo, SIZE_MAX);
    if (!file.opened)
        return hccl_err(HCCL_E_OPEN_FILE_FAILURE, "%s: cannot open %s: %s", fn, clusterInfo,
                        strerror(file.err));
    if (!file.data)
        return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
    uint8_t uid[16];
    fnv128(file.data, file.len, uid);
    cJSON *root = cJSON_Parse(file.data);
    free(file.data);
    HcclResult rc = HCCL_SUCCESS;
    uint32_t nranks = 0, servers = 0, declared;
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(root, "status");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "server_list");
    uint8_t *seen = NULL;
    if (!root)
        rc = hccl_err(HCCL_E_PARA, "%s: %s is not JSON", fn, clusterInfo);
    else if (!cJSON_IsString(status) || strcmp(status->valuestring, "completed"))
        rc = hccl_err(HCCL_E_PARA, "%s: rank table status is not \"completed\"", fn);
    else if (!cJSON_IsArray(list))
        rc = hccl_err(HCCL_E_PARA, "%s: rank table has no server_list array", fn);
    if (rc == HCCL_SUCCESS) {
        const cJSON *srv;
        cJSON_ArrayForEach(srv, list)
        {
            servers++;
            const cJSON *devs = cJSON_GetObjectItemCaseSensitive(srv, "device");
            if (!cJSON_IsArray(devs)) {
                rc = hccl_err(HCCL_E_PARA, "%s: server %u has no device array", fn, servers - 1);
                break;
            }
            nranks += (uint32_t)cJSON_GetArraySize(devs);
        }
        if (rc == HCCL_SUCCESS && json_uint(root, "server_count", &declared) && declared != servers)
            rc = hccl_err(HCCL_E_PARA, "%s: server_count %u but %u servers listed", fn, declared,
                          servers);
        if (rc == HCCL_SUCCESS && nranks == 0)
            rc = hccl_err(HCCL_E_PARA, "%s: rank table lists no device", fn);
    }
    if (rc == HCCL_SUCCESS && !(seen = calloc(nranks, 1)))
        rc = HCCL_E_MEMORY;
    if (rc == HCCL_SUCCESS) {
        const cJSON *srv, *dev;
        cJSON_ArrayForEach(srv, list)
        {
            cJSON_ArrayForEach(dev, cJSON_GetObjectItemCaseSensitive(srv, "device"))
            {
                uint32_t rid, did;
                if (!json_uint(dev, "rank_id", &rid) || !json_uint(dev, "device_id", &did) ||
                    rid >= nranks || seen[rid]) {
                    rc = hccl_err(HCCL_E_PARA,
                                  "%s: a device entry needs device_id and a "
                                  "unique rank_id below %u",
                                  fn, nranks);
                    goto done;
                }
                seen[rid] = 1;
            }
        }
    }
done:
    free(seen);
    cJSON_Delete(root);
    if (rc != HCCL_SUCCESS)
        return rc;
    if (rank >= nranks)
        return hccl_err(HCCL_E_PARA, "%s: rank %u, but the table has %u ranks", fn, rank, nranks);
    return join(uid, nranks, rank, 0, -1, comm, fn);
}

/* ---- all devices of this process ------------------------------------------ */

HcclResult HcclCommInitAll(uint32_t ndev, int32_t *devices, HcclComm *comms)
{
    static const char fn[] = "HcclCommInitAll";
    if (!devices || !comms)
        return hccl_err(HCCL_E_PTR, "%s: NULL %s", fn, devices ? "comms" : "devices");
    uint32_t count = 0;
    if (aclrtGetDeviceCount(&count) != ACL_SUCCESS)
        return hccl_err(HCCL_E_RUNTIME, "%s: aclrtGetDeviceCount failed (aclInit first)", fn);
    if (ndev == 0 || ndev > count)
        return hccl_err(HCCL_E_PARA, "%s: %u devices (this process has %u)", fn, ndev, count);
    for (uint32_t i = 0; i < ndev; i++) {
        if (devices[i] < 0 || (uint32_t)devices[i] >= count)
            return hccl_err(HCCL_E_PARA, "%s: device %d does not exist", fn, (int)devices[i]);
        for (uint32_t j = 0; j < i; j++)
            if (devices[j] == devices[i])
                return hccl_err(HCCL_E_PARA, "%s: device %d listed twice", fn, (int)devices[i]);
    }
    struct hccl_group *g = hccl_group_new(ndev);
    if (!g)
        return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
    struct hccl_comm *made[ndev];
    for (uint32_t i = 0; i < ndev; i++) {
        made[i] = comm_new(i, ndev, devices[i]);
        if (!made[i]) {
            for (uint32_t j = 0; j < i; j++) {
                made[j]->group = NULL;
                comm_free(made[j]);
            }
            for (uint32_t j = 0; j < ndev; j++)
                hccl_group_put(g);
            return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
        }
        made[i]->mode = HCCL_MODE_LOCAL;
        made[i]->group = g;
    }
    for (uint32_t i = 0; i < ndev; i++) {
        comm_register(made[i]);
        comms[i] = made[i];
    }
    for (uint32_t i = 0; i < ndev; i++) /* one name for all: the first rank's serial */
        snprintf(made[i]->name, sizeof made[i]->name, "hccl_all_%llu",
                 (unsigned long long)made[0]->serial);
    return HCCL_SUCCESS;
}

/* ---- sub-communicators ------------------------------------------------------ */

HcclResult hccl_comm_sub(struct hccl_comm *parent, uint32_t n, const uint32_t *ids, uint32_t me,
                         uint64_t id, HcclComm *out, const char *fn)
{
    struct hccl_comm *c = NULL;
    if (parent->mode == HCCL_MODE_LOCAL) {
        /* The parent's group (alive: the caller holds a reference) and the
         * member list name the rendezvous; every member computes the same. */
        char key[64 + 12 * 64];
        int len = snprintf(key, sizeof key, "sub:%p:%llx:%u", (void *)parent->group,
                           (unsigned long long)id, n);
        for (uint32_t i = 0; i < n && len < (int)sizeof key - 12; i++)
            len += snprintf(key + len, sizeof key - (size_t)len, ",%u", ids[i]);
        uint8_t uid[16];
        fnv128(key, (size_t)len, uid);
        HcclComm h;
        HcclResult rc = hccl_local_join(uid, n, me, parent->device, &h, fn);
        if (rc != HCCL_SUCCESS)
            return rc;
        c = h;
    } else {
        if (!(c = comm_new(me, n, parent->device)))
            return hccl_err(HCCL_E_MEMORY, "%s: out of memory", fn);
        c->mode = HCCL_MODE_MPI;
        HcclResult rc = hccl_mpi_comm_sub(c, parent, n, ids, id);
        if (rc != HCCL_SUCCESS) {
            c->mode = HCCL_MODE_LOCAL; /* nothing of MPI to tear down */
            comm_free(c);
            return rc;
        }
        comm_register(c);
    }
    snprintf(c->name, sizeof c->name, "%.*s_sub_%llu", (int)(sizeof c->name - 32), parent->name,
             (unsigned long long)id);
    *out = c;
    return HCCL_SUCCESS;
}
