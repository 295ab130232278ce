/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model-subscription profiling (acl/acl_prof.h: aclprofCreateSubscribeConfig,
 * aclprofModelSubscribe / UnSubscribe, aclprofGetOp*; docs/tools.md "Model subscription").
 *
 *   PS1. A subscription ties a model id to the write end of the user's pipe. Each op an
 *       execution of that model runs (graph/compile.c times it on its worker) becomes one
 *       fixed-size record (struct core_sub_record, subscribe.h) queued here under g_s.lock:
 *       the worker never touches the fd.
 *   PS2. One writer thread per subscription takes the queued records and writes them, at
 *       most PIPE_BUF bytes (whole records) a write, so a pipe read always returns whole
 *       records. The fd is made non-blocking: a slow reader never stalls a worker; when
 *       SUB_RING records are already queued, a new record is dropped and counted.
 *   PS3. aclprofModelUnSubscribe takes the subscription out of the table (later records are
 *       not queued), lets the writer write what is queued, and joins it; the writer then
 *       closes the write end, so the reader sees end of file. A reader that takes nothing
 *       for SUB_FLUSH_NS holds the flush no longer: the rest is dropped and counted. A
 *       reader that closed its end (EPIPE; SIGPIPE is blocked in the writer) drops the rest.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/err.h"
#include "core/mdl/load.h"
#include "core/obs.h"
#include "core/tools/aprof.h"
#include "core/tools/subscribe.h"

#define SUB_MAX 64                                            /* live subscriptions */
#define SUB_RING 4096                                         /* records queued each */
#define SUB_BATCH (PIPE_BUF / sizeof(struct core_sub_record)) /* records a write */
#define SUB_FLUSH_NS 2000000000ull   /* a stalled reader holds unsubscribe at most this long */
#define SUB_CONFIG_MAGIC 0x46435553u /* "SUCF" */

struct aclprofSubscribeConfig {
    uint32_t magic;
    int8_t time_on;
    aclprofAicoreMetrics metrics; /* accepted, not collected (no AI Core on a CPU) */
    int fd;
    struct aclprofSubscribeConfig *next;
};

struct sub {
    uint32_t model;
    int fd;
    bool time_on;
    pthread_t writer;
    pthread_cond_t cv; /* records queued or closing, under g_s.lock */
    struct core_sub_record *ring;
    uint32_t head, n;          /* under g_s.lock */
    uint64_t dropped, written; /* under g_s.lock */
    atomic_bool closing;       /* A: set by unsubscribe (release), read by the writer */
};

static struct {
    pthread_mutex_t lock;
    struct sub *subs[SUB_MAX];
    uint32_t nsubs;
    struct aclprofSubscribeConfig *configs;
} g_s = {.lock = PTHREAD_MUTEX_INITIALIZER};

_Atomic uint32_t core_sub_live;

/* ---- configurations --------------------------------------------------------------- */

aclprofSubscribeConfig *core_sub_config_new(int8_t timeInfoSwitch, aclprofAicoreMetrics m, void *fd,
                                            const char *fn)
{
    if (timeInfoSwitch != 0 && timeInfoSwitch != 1) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: timeInfoSwitch %d is neither 0 nor 1", fn,
                 (int)timeInfoSwitch);
        return NULL;
    }
    if (!fd || *(const int *)fd < 0) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: fd is %s", fn,
                 fd ? "a negative descriptor" : "NULL (the address of the pipe's write end)");
        return NULL;
    }
    struct aclprofSubscribeConfig *c = calloc(1, sizeof(*c));
    if (!c) {
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    *c = (struct aclprofSubscribeConfig){SUB_CONFIG_MAGIC, timeInfoSwitch, m, *(const int *)fd,
                                         NULL};
    pthread_mutex_lock(&g_s.lock);
    c->next = g_s.configs;
    g_s.configs = c;
    pthread_mutex_unlock(&g_s.lock);
    return c;
}

static bool config_live_locked(const aclprofSubscribeConfig *c)
{
    for (const struct aclprofSubscribeConfig *k = g_s.configs; k; k = k->next)
        if (k == c)
            return true;
    return false;
}

bool core_sub_config_ok(const aclprofSubscribeConfig *c)
{
    pthread_mutex_lock(&g_s.lock);
    bool ok = c && config_live_locked(c);
    pthread_mutex_unlock(&g_s.lock);
    return ok;
}

void core_sub_config_destroy(const aclprofSubscribeConfig *c)
{
    pthread_mutex_lock(&g_s.lock);
    struct aclprofSubscribeConfig **at = &g_s.configs;
    while (*at && *at != c)
        at = &(*at)->next;
    struct aclprofSubscribeConfig *dead = *at;
    if (dead)
        *at = dead->next;
    pthread_mutex_unlock(&g_s.lock);
    free(dead);
}

/* ---- the records' producer (core/obs.h) -------------------------------------------- */

/* The table index of model's subscription, g_s.nsubs if none. */
static uint32_t index_locked(uint32_t model)
{
    uint32_t i = 0;
    while (i < g_s.nsubs && g_s.subs[i]->model != model)
        i++;
    return i;
}

static struct sub *find_locked(uint32_t model)
{
    uint32_t i = index_locked(model);
    return i < g_s.nsubs ? g_s.subs[i] : NULL;
}

uint32_t core_sub_tag_slow(uint32_t id)
{
    if (id == UINT32_MAX) /* no tag for it: never subscribed with records */
        return 0;
    pthread_mutex_lock(&g_s.lock);
    struct sub *s = find_locked(id);
    uint32_t tag = s && s->time_on ? id + 1 : 0;
    pthread_mutex_unlock(&g_s.lock);
    return tag;
}

static void copy_str(char *dst, size_t cap, const char *src)
{
    size_t n = src ? strnlen(src, cap - 1) : 0;
    memcpy(dst, src ? src : "", n);
    memset(dst + n, 0, cap - n);
}

void core_prof_sub_op(uint32_t tag, const char *type, const char *name, uint64_t t0, uint64_t t1)
{
    struct core_sub_record r = {.magic = CORE_SUB_MAGIC,
                                .model = tag - 1,
                                .start = t0,
                                .end = t1 >= t0 ? t1 : t0,
                                .tid = (uint32_t)syscall(SYS_gettid),
                                .flag = ACL_SUBSCRIBE_OP};
    r.duration = r.end - r.start;
    copy_str(r.type, sizeof(r.type), type);
    copy_str(r.name, sizeof(r.name), name);
    pthread_mutex_lock(&g_s.lock);
    struct sub *s = find_locked(tag - 1);
    if (s && s->n == SUB_RING) {
        s->dropped++;
    } else if (s) {
        s->ring[(s->head + s->n) % SUB_RING] = r;
        s->n++;
        pthread_cond_signal(&s->cv);
    }
    pthread_mutex_unlock(&g_s.lock);
}

/* ---- the writer (PS2, PS3) ------------------------------------------------------------ */

/* Write len bytes to the non-blocking fd: false when the reader is gone (EPIPE, another
 * error) or, once unsubscribing, took nothing for SUB_FLUSH_NS. */
static bool write_all(struct sub *s, const char *p, size_t len)
{
    uint64_t deadline = 0;
    while (len) {
        ssize_t w = write(s->fd, p, len);
        if (w > 0) {
            p += w, len -= (size_t)w, deadline = 0;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            if (errno == EPIPE) { /* take the blocked SIGPIPE this write raised */
                sigset_t pipe_set;
                sigemptyset(&pipe_set);
                sigaddset(&pipe_set, SIGPIPE);
                struct timespec zero = {0, 0};
                sigtimedwait(&pipe_set, NULL, &zero);
            }
            return false;
        }
        /* acquire: pairs with the release in unsubscribe */
        if (atomic_load_explicit(&s->closing, memory_order_acquire)) {
            uint64_t now = core_obs_now_ns();
            if (!deadline)
                deadline = now + SUB_FLUSH_NS;
            else if (now >= deadline)
                return false;
        }
        struct pollfd pfd = {.fd = s->fd, .events = POLLOUT};
        poll(&pfd, 1, 100);
    }
    return true;
}

static void *writer_main(void *arg)
{
    struct sub *s = arg;
    sigset_t pipe_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, NULL);
    struct core_sub_record batch[SUB_BATCH];
    bool broken = false;
    pthread_mutex_lock(&g_s.lock);
    for (;;) {
        /* acquire: pairs with the release in unsubscribe (also under the lock) */
        while (!s->n && !atomic_load_explicit(&s->closing, memory_order_acquire))
            pthread_cond_wait(&s->cv, &g_s.lock);
        if (!s->n)
            break;
        uint32_t k = s->n < SUB_BATCH ? s->n : (uint32_t)SUB_BATCH;
        for (uint32_t i = 0; i < k; i++)
            batch[i] = s->ring[(s->head + i) % SUB_RING];
        s->head = (s->head + k) % SUB_RING;
        s->n -= k;
        if (broken) {
            s->dropped += k;
            continue;
        }
        pthread_mutex_unlock(&g_s.lock);
        bool ok = write_all(s, (const char *)batch, k * sizeof(batch[0]));
        pthread_mutex_lock(&g_s.lock);
        if (ok)
            s->written += k;
        else
            s->dropped += k, broken = true;
    }
    pthread_mutex_unlock(&g_s.lock);
    close(s->fd); /* PS3: the reader sees end of file */
    return NULL;
}

/* ---- subscribe and unsubscribe ------------------------------------------------------ */

static bool model_known(uint32_t model)
{
    const aclmdlDesc *d;
    struct core_mdl_geared *g;
    void *ref = core_mdl_acquire(model, &d, &g);
    if (ref)
        core_mdl_release(ref);
    return ref || core_aprof_model_known(model);
}

static void sub_free(struct sub *s)
{
    pthread_cond_destroy(&s->cv);
    free(s->ring);
    free(s);
}

aclError core_sub_subscribe(uint32_t model, const aclprofSubscribeConfig *c, const char *fn)
{
    if (!model_known(model))
        return core_err(ACL_ERROR_INVALID_MODEL_ID,
                        "%s: model %u is neither loaded nor set on a device "
                        "(MsprofSetDeviceIdByGeModelIdx)",
                        fn, model);
    struct sub *s = calloc(1, sizeof(*s));
    struct core_sub_record *ring = malloc(SUB_RING * sizeof(*ring));
    if (!s || !ring) {
        free(s);
        free(ring);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    s->ring = ring;
    s->model = model;
    pthread_cond_init(&s->cv, NULL);
    atomic_init(&s->closing, false);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_s.lock);
    int flags = -1;
    if (!config_live_locked(c))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the config is not a live one "
                      "(aclprofCreateSubscribeConfig)",
                      fn);
    else if (find_locked(model))
        rc = core_err(ACL_ERROR_PROF_REPEAT_SUBSCRIBE, "%s: model %u is already subscribed", fn,
                      model);
    else if (g_s.nsubs == SUB_MAX)
        rc = core_err(ACL_ERROR_FAILURE, "%s: %d models are already subscribed", fn, SUB_MAX);
    else if ((flags = fcntl(c->fd, F_GETFL)) < 0 || (flags & O_ACCMODE) == O_RDONLY)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: fd %d is not open for writing", fn, c->fd);
    for (uint32_t i = 0; rc == ACL_SUCCESS && i < g_s.nsubs; i++)
        if (g_s.subs[i]->fd == c->fd)
            rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: fd %d already carries model %u's records",
                          fn, c->fd, g_s.subs[i]->model);
    if (rc == ACL_SUCCESS) {
        s->fd = c->fd;
        s->time_on = c->time_on != 0;
        if (fcntl(s->fd, F_SETFL, flags | O_NONBLOCK) < 0 ||
            pthread_create(&s->writer, NULL, writer_main, s))
            rc = core_err(ACL_ERROR_FAILURE, "%s: cannot start the writer of fd %d", fn, s->fd);
    }
    if (rc == ACL_SUCCESS) {
        g_s.subs[g_s.nsubs++] = s;
        /* relaxed: a hint for the executors (core/obs.h); the table is under the lock */
        atomic_fetch_add_explicit(&core_sub_live, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_s.lock);
    if (rc != ACL_SUCCESS)
        sub_free(s);
    return rc;
}

aclError core_sub_unsubscribe(uint32_t model, const char *fn)
{
    pthread_mutex_lock(&g_s.lock);
    uint32_t i = index_locked(model);
    struct sub *s = i < g_s.nsubs ? g_s.subs[i] : NULL;
    if (s) {
        g_s.subs[i] = g_s.subs[--g_s.nsubs];
        /* relaxed: a hint, as in subscribe */
        atomic_fetch_sub_explicit(&core_sub_live, 1, memory_order_relaxed);
        /* release: the writer's acquire sees the queue as it stands (PS3) */
        atomic_store_explicit(&s->closing, true, memory_order_release);
        pthread_cond_signal(&s->cv);
    }
    pthread_mutex_unlock(&g_s.lock);
    if (!s)
        return core_err(ACL_ERROR_INVALID_MODEL_ID, "%s: model %u is not subscribed", fn, model);
    pthread_join(s->writer, NULL);
    if (s->dropped)
        fprintf(stderr,
                "cpuacl: %s: model %u: %llu op records dropped (the reader was slow or gone), "
                "%llu written\n",
                fn, model, (unsigned long long)s->dropped, (unsigned long long)s->written);
    sub_free(s);
    return ACL_SUCCESS;
}

/* ---- the records' parser ------------------------------------------------------------ */

const struct core_sub_record *core_sub_record_at(const void *data, size_t len, uint32_t index,
                                                 uint32_t *n, const char *fn)
{
    const size_t each = sizeof(struct core_sub_record);
    if (!data || !len || len % each) {
        core_err(ACL_ERROR_INVALID_PARAM,
                 "%s: opInfo is %s (whole records of %zu bytes, aclprofGetOpDescSize)", fn,
                 data ? "not a whole number of records" : "NULL", each);
        return NULL;
    }
    if (n)
        *n = (uint32_t)(len / each);
    if (index >= len / each) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: index %u is not below the %zu records", fn, index,
                 len / each);
        return NULL;
    }
    const struct core_sub_record *r =
        (const struct core_sub_record *)((const char *)data + (size_t)index * each);
    uint32_t magic;
    memcpy(&magic, &r->magic, sizeof(magic)); /* data may be unaligned */
    if (magic != CORE_SUB_MAGIC) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: record %u is not an op record", fn, index);
        return NULL;
    }
    return r;
}
