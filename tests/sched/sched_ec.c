/* SPDX-License-Identifier: Apache-2.0 */
/* Event count: ping-pong between two threads with no spinning, so every hand-off
 * goes through park/wake; a lost wake-up hangs (ctest timeout) and a wrong
 * hand-off trips the sequence check. Runs with membarrier and without. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "sched/ec.h"
#include "sched/sched.h"

static _Atomic uint64_t ball;
static struct sched_ec ec;
static uint64_t rounds;

struct side {
    uint64_t parity;
};

static uint64_t want;
static bool ball_is(void *arg)
{
    (void)arg;
    return atomic_load_explicit(&ball, memory_order_acquire) == want;
}

static void *player(void *arg)
{
    struct side *me = arg;
    for (uint64_t i = me->parity; i < rounds; i += 2) {
        /* wait until ball == i, then pass it on */
        for (;;) {
            uint64_t b = atomic_load_explicit(&ball, memory_order_acquire);
            if (b == i)
                break;
            if (b > i) {
                fprintf(stderr, "ball %llu overtook %llu\n", (unsigned long long)b,
                        (unsigned long long)i);
                exit(1);
            }
            uint32_t key = sched_ec_prepare(&ec);
            if (atomic_load_explicit(&ball, memory_order_acquire) == i)
                sched_ec_cancel(&ec);
            else
                sched_ec_wait(&ec, key, 0);
        }
        atomic_store_explicit(&ball, i + 1, memory_order_release);
        sched_ec_notify(&ec);
    }
    return NULL;
}

static void run(bool asym)
{
    struct sched_config cfg = {.spin_ns = 0, .ring_slots = 64, .pin_workers = false};
    sched_init(&cfg);
    if (!asym)
        sched_asym_fences = false;
    atomic_store(&ball, 0);
    struct side a = {0}, b = {1};
    pthread_t ta, tb;
    pthread_create(&ta, NULL, player, &a);
    pthread_create(&tb, NULL, player, &b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    if (atomic_load(&ball) != rounds) {
        fprintf(stderr, "ball ended at %llu\n", (unsigned long long)atomic_load(&ball));
        exit(1);
    }
    /* sched_ec_await with a deadline that must expire */
    want = rounds + 5;
    uint64_t t0 = sched_now_ns();
    int r = sched_ec_await(&ec, ball_is, NULL, t0 + 2000000);
    if (r != -ETIMEDOUT || sched_now_ns() - t0 < 2000000) {
        fprintf(stderr, "await did not time out properly (%d)\n", r);
        exit(1);
    }
    printf("ec ping-pong %s: %llu hand-offs ok\n", asym ? "asymmetric" : "symmetric",
           (unsigned long long)rounds);
}

int main(void)
{
    const char *s = getenv("CPUACL_STRESS_SCALE");
    rounds = (uint64_t)(20000 * (s ? atof(s) : 1.0)) + 2;
    run(true);
    run(false);
    return 0;
}
