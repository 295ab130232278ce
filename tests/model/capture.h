/* SPDX-License-Identifier: Apache-2.0 */
/* Streams, events and kernels for the capture tests of tests/model: new_stream
 * and new_event (capture events as the reference recommends: ExWithFlag +
 * ACL_EVENT_SYNC); join_stream(to, from, e), which records e on `from` and
 * makes `to` wait for it (inside a capture, `to` joins `from`'s capture);
 * k_hit, a kernel counting its runs in g_hits; kfail, how a kernel reports a
 * failed check; node_deps_ran, the ordering check of a replayed graph's nodes. */
#ifndef CPUACL_TESTS_MODEL_CAPTURE_H
#define CPUACL_TESTS_MODEL_CAPTURE_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "acl/acl.h"
#include "testutil.h"

/* A model handle no call returns: a sentinel to preset out-parameters with. */
#define BAD_RI ((aclmdlRI)(uintptr_t)0xdeadbeef)

static inline aclrtStream new_stream(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    return s;
}

static inline aclrtEvent new_event(void)
{
    aclrtEvent e;
    CHECK_OK(aclrtCreateEventExWithFlag(&e, ACL_EVENT_SYNC));
    return e;
}

static inline void join_stream(aclrtStream to, aclrtStream from, aclrtEvent e)
{
    CHECK_OK(aclrtRecordEvent(e, from));
    CHECK_OK(aclrtStreamWaitEvent(to, e));
}

static atomic_int g_hits;

static inline int32_t k_hit(void *a)
{
    (void)a;
    atomic_fetch_add(&g_hits, 1);
    return 0;
}

/* A failure seen inside a kernel: remembered here (first one wins) and the
 * kernel returns non-zero so the stream reports it as well. */
static atomic_int g_kernel_fail;
static char g_kernel_msg[256];

static inline int32_t kfail(const char *what, unsigned a, unsigned b, unsigned c)
{
    int expected = 0;
    if (atomic_compare_exchange_strong(&g_kernel_fail, &expected, 1))
        snprintf(g_kernel_msg, sizeof(g_kernel_msg), "%s (%u %u %u)", what, a, b, c);
    return 1;
}

/* The check of a node kernel in a graph replayed many times: node id, whose
 * run counts are in cnt[] and whose predecessors are preds[0..npreds), runs in
 * execution k after each predecessor ran in execution k (its count is ours + 1)
 * and before it ran in k+1. Sets *mine to the node's count; returns kfail's
 * non-zero on a violation, else 0. */
static inline int32_t node_deps_ran(const atomic_uint *cnt, const int *preds, int npreds,
                                    uint32_t id, unsigned *mine)
{
    *mine = atomic_load_explicit(&cnt[id], memory_order_acquire);
    for (int i = 0; i < npreds; i++) {
        unsigned pc = atomic_load_explicit(&cnt[preds[i]], memory_order_acquire);
        if (pc != *mine + 1)
            return kfail("dependency not satisfied: node, pred, pred count", id, (unsigned)preds[i],
                         pc);
    }
    return 0;
}

#endif /* CPUACL_TESTS_MODEL_CAPTURE_H */
