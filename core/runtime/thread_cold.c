/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Per-thread cold buffers in one heap block per thread (see thread_cold.h for why they are
 * not TLS): made on first use, freed by a pthread key destructor at thread exit.
 */
#include "core/runtime/thread_cold.h"

#include <pthread.h>
#include <stdlib.h>

static __thread struct core_thread_cold *t_cold;
static pthread_key_t g_key;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static int g_key_rc = -1; /* written once under g_once */

/* Thread exit. Another key's destructor may still report an error after this one ran: it
 * gets a new block, whose setspecific makes glibc run the destructors again (up to
 * PTHREAD_DESTRUCTOR_ITERATIONS rounds). */
static void cold_free(void *arg)
{
    free(arg);
    t_cold = NULL;
}

static void key_init(void)
{
    g_key_rc = pthread_key_create(&g_key, cold_free);
}

static __attribute__((noinline)) struct core_thread_cold *cold_make(void)
{
    pthread_once(&g_once, key_init);
    if (g_key_rc != 0)
        return NULL;
    struct core_thread_cold *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    if (pthread_setspecific(g_key, c) != 0) {
        free(c);
        return NULL;
    }
    return t_cold = c;
}

struct core_thread_cold *core_thread_cold(void)
{
    struct core_thread_cold *c = t_cold;
    return __builtin_expect(c != NULL, 1) ? c : cold_make();
}

struct core_thread_cold *core_thread_cold_peek(void)
{
    return t_cold;
}
