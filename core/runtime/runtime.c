/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The runtime's root (core/runtime/runtime.h): g_rt, the live-runtime lock
 * check, and liburcu registration of the threads that use RCU.
 */
#include <pthread.h>
#include <stdbool.h>
#include <urcu/urcu-memb.h>

#include "core/err.h"
#include "core/runtime/runtime.h"

struct core_runtime g_rt = {.lock = PTHREAD_MUTEX_INITIALIZER};

aclError core_lock_live(const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    /* relaxed: written under the lock we hold. */
    if (__builtin_expect(atomic_load_explicit(&g_rt.initialised, memory_order_relaxed), 1))
        return ACL_SUCCESS;
    pthread_mutex_unlock(&g_rt.lock);
    return core_err(ACL_ERROR_UNINITIALIZE, "%s: the runtime is not initialised (aclInit), or "
                    "aclFinalize is under way", fn);
}

/* ---- RCU thread registration ------------------------------------------ */

static pthread_key_t g_rcu_key;
static pthread_once_t g_rcu_once = PTHREAD_ONCE_INIT;
static __thread bool t_rcu_online;

static void rcu_thread_exit(void *arg)
{
    (void)arg;
    if (t_rcu_online) {
        urcu_memb_unregister_thread();
        t_rcu_online = false;
    }
}

static void rcu_key_init(void)
{
    pthread_key_create(&g_rcu_key, rcu_thread_exit);
}

void core_rcu_thread_online(void)
{
    if (__builtin_expect(t_rcu_online, 1))
        return;
    pthread_once(&g_rcu_once, rcu_key_init);
    urcu_memb_register_thread();
    t_rcu_online = true;
    /* The destructor runs at thread exit only for a non-NULL value. */
    pthread_setspecific(g_rcu_key, (void *)1);
}

void core_rcu_thread_offline(void)
{
    rcu_thread_exit(NULL);
}
