/* SPDX-License-Identifier: Apache-2.0 */
/* Engine start-up, the heavy fence, and the event count's slow paths. */
#include "sched/sched.h"

#include <errno.h>
#include <unistd.h>

#include "sched/ec.h"

bool sched_asym_fences;
bool sched_trace_on;
struct sched_config sched_cfg = {.spin_ns = 50000, .ring_slots = 1024, .pin_workers = true};

static uint32_t g_ncpu;

int sched_init(const struct sched_config *cfg)
{
    if (cfg)
        sched_cfg = *cfg;
    sched_trace_on = sched_cfg.trace_events > 0;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    g_ncpu = n > 0 ? (uint32_t)n : 1;
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
    return g_ncpu ? g_ncpu : 1;
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
