/* SPDX-License-Identifier: Apache-2.0 */
/* Engine start-up, the heavy fence, and the event count's slow paths. */
#include "sched/sched.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include "sched/ec.h"

bool sched_asym_fences;
bool sched_trace_on;
struct sched_config sched_cfg = {.spin_ns = 50000, .ring_slots = 1024, .pin_workers = false};

/* The cores this process may run on (its affinity mask at the first use: what
 * taskset, cgroup cpusets or mpirun --bind-to left it), in increasing order.
 * Filled once under pthread_once, read-only afterwards. */
static uint16_t g_cpus[CPU_SETSIZE];
static uint32_t g_ncpu;
static pthread_once_t g_cpus_once = PTHREAD_ONCE_INIT;

static void cpus_probe(void)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
        for (uint32_t c = 0; c < CPU_SETSIZE; c++)
            if (CPU_ISSET(c, &set))
                g_cpus[g_ncpu++] = (uint16_t)c;
    if (g_ncpu == 0) { /* no mask: every online core */
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        uint32_t m = n > 0 ? (uint32_t)n : 1;
        for (uint32_t c = 0; c < m && c < CPU_SETSIZE; c++)
            g_cpus[g_ncpu++] = (uint16_t)c;
    }
}

int sched_init(const struct sched_config *cfg)
{
    if (cfg)
        sched_cfg = *cfg;
    sched_trace_on = sched_cfg.trace_events > 0;
    pthread_once(&g_cpus_once, cpus_probe);
    if (BASE_TSAN) {
        /* TSan does not model membarrier; keep both sides symmetric there. */
        sched_asym_fences = false;
        return 0;
    }
    sched_asym_fences = base_membarrier_register();
    return 0;
}

uint32_t sched_ncpu(void)
{
    /* Also before sched_init: aclInit's configuration defaults (workers = cores - 1)
     * are computed first. */
    pthread_once(&g_cpus_once, cpus_probe);
    return g_ncpu;
}

int32_t sched_cpu_at(uint32_t k)
{
    pthread_once(&g_cpus_once, cpus_probe);
    return g_cpus[k % g_ncpu];
}

void sched_fence_heavy(void)
{
    if (sched_asym_fences && base_membarrier() == 0)
        return;
    /* Symmetric mode (or a failed syscall): a full fence on this side; the
     * light side is a full fence too when sched_asym_fences is false. The
     * syscall cannot fail once registered, but stay correct if it did. */
    base_fence_full();
}

void sched_ec_wake_all(struct sched_ec *ec)
{
    /* release: a waiter that reads the new epoch also sees what the notifier
     * published before notifying (pairs with the acquire in prepare). */
    atomic_fetch_add_explicit(&ec->epoch, 1, memory_order_release);
    sched_futex_wake(&ec->epoch, INT_MAX);
}

int sched_spin(bool (*pred)(void *), void *arg, uint64_t deadline_ns)
{
    uint64_t spin_until = sched_now_ns() + sched_cfg.spin_ns;
    for (unsigned i = 1;; i++) {
        if (pred(arg))
            return 0;
        if ((i & 63) == 0) {
            uint64_t now = sched_now_ns();
            if (deadline_ns && now >= deadline_ns)
                return -ETIMEDOUT;
            if (now >= spin_until)
                return 1;
        }
        base_cpu_relax();
    }
}

int sched_ec_await(struct sched_ec *ec, bool (*pred)(void *), void *arg, uint64_t deadline_ns)
{
    int r = sched_spin(pred, arg, deadline_ns);
    if (r <= 0)
        return r;
    for (;;) {
        uint32_t key = sched_ec_prepare(ec);
        if (pred(arg)) {
            sched_ec_cancel(ec);
            return 0;
        }
        if (sched_ec_wait(ec, key, deadline_ns) == -ETIMEDOUT) {
            return pred(arg) ? 0 : -ETIMEDOUT;
        }
    }
}
