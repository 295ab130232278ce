/* SPDX-License-Identifier: Apache-2.0 */
/* The bounded blocking queue (core/tdt/bq_pvt.h): a ring under a mutex, two condition
 * variables on CLOCK_MONOTONIC. Invariants BQ1, BQ2 are in the header. */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/tdt/bq_pvt.h"

int core_bq_init(struct core_bq *q, uint32_t cap)
{
    q->slots = calloc(cap ? cap : 1, sizeof(void *));
    if (!q->slots)
        return -ENOMEM;
    q->cap = cap ? cap : 1;
    q->head = q->count = 0;
    q->stopped = false;
    pthread_mutex_init(&q->mu, NULL);
    pthread_condattr_t a;
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    pthread_cond_init(&q->not_empty, &a);
    pthread_cond_init(&q->not_full, &a);
    pthread_condattr_destroy(&a);
    return 0;
}

void core_bq_fini(struct core_bq *q)
{
    pthread_cond_destroy(&q->not_empty);
    pthread_cond_destroy(&q->not_full);
    pthread_mutex_destroy(&q->mu);
    free(q->slots);
    q->slots = NULL;
}

static void deadline_of(struct timespec *ts, int32_t ms)
{
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

/* Wait on c (mu held) until ready(q) or stop/timeout. 0 when ready. */
static int wait_until(struct core_bq *q, pthread_cond_t *c, bool (*ready)(const struct core_bq *),
                      int32_t timeout_ms)
{
    struct timespec dl;
    if (timeout_ms > 0)
        deadline_of(&dl, timeout_ms);
    for (;;) {
        if (q->stopped)
            return -ECANCELED; /* BQ2 */
        if (ready(q))
            return 0;
        if (timeout_ms == 0)
            return -EAGAIN;
        if (timeout_ms < 0) {
            pthread_cond_wait(c, &q->mu);
        } else if (pthread_cond_timedwait(c, &q->mu, &dl) == ETIMEDOUT) {
            if (q->stopped)
                return -ECANCELED;
            return ready(q) ? 0 : -ETIMEDOUT;
        }
    }
}

static bool has_room(const struct core_bq *q)
{
    return q->count < q->cap;
}

static bool has_item(const struct core_bq *q)
{
    return q->count > 0;
}

int core_bq_push(struct core_bq *q, void *item, int32_t timeout_ms)
{
    pthread_mutex_lock(&q->mu);
    int r = wait_until(q, &q->not_full, has_room, timeout_ms);
    if (r == 0) {
        q->slots[(q->head + q->count) % q->cap] = item; /* B1 */
        q->count++;
        pthread_cond_signal(&q->not_empty);
    }
    pthread_mutex_unlock(&q->mu);
    return r;
}

int core_bq_pop_if(struct core_bq *q, void **item, int32_t timeout_ms,
                   int (*accept)(void *item, void *ctx), void *ctx)
{
    pthread_mutex_lock(&q->mu);
    int r = wait_until(q, &q->not_empty, has_item, timeout_ms);
    if (r == 0 && accept)
        r = accept(q->slots[q->head], ctx);
    if (r == 0) {
        *item = q->slots[q->head];
        q->head = (q->head + 1) % q->cap; /* B1 */
        q->count--;
        pthread_cond_signal(&q->not_full);
    }
    pthread_mutex_unlock(&q->mu);
    return r;
}

int core_bq_pop(struct core_bq *q, void **item, int32_t timeout_ms)
{
    return core_bq_pop_if(q, item, timeout_ms, NULL, NULL);
}

uint32_t core_bq_count(struct core_bq *q)
{
    pthread_mutex_lock(&q->mu);
    uint32_t n = q->count;
    pthread_mutex_unlock(&q->mu);
    return n;
}

void core_bq_stop(struct core_bq *q)
{
    pthread_mutex_lock(&q->mu);
    q->stopped = true;
    pthread_cond_broadcast(&q->not_empty);
    pthread_cond_broadcast(&q->not_full);
    pthread_mutex_unlock(&q->mu);
}

void core_bq_drain(struct core_bq *q, void (*drop)(void *))
{
    pthread_mutex_lock(&q->mu);
    while (q->count) {
        void *it = q->slots[q->head];
        q->head = (q->head + 1) % q->cap;
        q->count--;
        if (drop)
            drop(it);
    }
    pthread_cond_broadcast(&q->not_full);
    pthread_mutex_unlock(&q->mu);
}

int32_t core_bq_err(int r, const char *fn, const char *what, bool put, int32_t timeout_ms)
{
    const char *state = put ? "full" : "empty";
    aclError code = put ? ACL_ERROR_RT_QUEUE_FULL : ACL_ERROR_RT_QUEUE_EMPTY;
    if (r == -EAGAIN)
        return core_err(code, "%s: %s is %s", fn, what, state);
    if (r == -ETIMEDOUT)
        return core_err(code, "%s: %s stayed %s for %d ms", fn, what, state, (int)timeout_ms);
    return core_err(ACL_ERROR_FAILURE, "%s: %s was stopped or destroyed", fn, what);
}
