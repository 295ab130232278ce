/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream activation in models built by hand: streams bound with
 * ACL_MODEL_STREAM_FLAG_DEFAULT run only when an aclrtActiveStream task, or an
 * aclrtSwitchStream task whose condition holds, of another stream of the model
 * activates them (hicann/runtime's 2_model_switch sample).
 *
 * Plan form. The lane of a DEFAULT stream is `on_demand` (plan_pvt.h). An
 * activation is a control node of the activating lane: PLAN_ACTIVE (target
 * lane) or PLAN_SWITCH (operands, condition, width, target lane). Each
 * on-demand lane has an activation condition m->lane_act[l]; for execution k
 *   2k      the lane was activated (by any number of nodes: it runs once),
 *   2k + 1  the execution ended without activating it (its runner skips it),
 * values below 2k are earlier executions'.
 *
 * SW1. An activation is a CAS max to 2k (sched_cond_advance: several lanes may
 *      activate one lane at once); its release publishes what the activating
 *      lane did before, which the activated lane's runner acquires when it
 *      reads the condition (sched_cond_value), so the activated stream sees the
 *      activator's earlier writes, as on the device.
 * SW2. The join (EXEC's last phase, activate_join) cannot know in advance which
 *      lanes an execution activates. It passes over the lanes until two
 *      consecutive passes count the same activated lanes and find every one of
 *      them finished. Only a running lane activates, and a lane seen finished in
 *      the first pass ran its activations before that pass ended, so the second
 *      pass sees every activation there will be: the count is final. Then the
 *      lanes never activated are closed (2k + 1): their runners, queued like
 *      every lane's, return without running a node.
 * SW3. EXEC runs a HEAD lane in place (model.c enqueue_locked picks the first),
 *      never an on-demand one, so the join always runs; aclmdlRIBuildEnd refuses
 *      a model whose streams are all DEFAULT (nothing would start).
 */
#include <stdint.h>

#include "core/err.h"
#include "core/model/capture_pvt.h"
#include "core/model/model.h"
#include "core/model/plan_pvt.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "sched/cond.h"

/* ---- recording (aclrtActiveStream / aclrtSwitchStream on bound streams) -------------- */

/* Both streams bound to one model being built, the target DEFAULT and not s
 * itself; then the node (its target lane filled in here) is appended to s's
 * lane. Lock held. */
static aclError append_activation_locked(struct core_stream *a, struct core_stream *s,
                                         struct sched_task *node, const char *fn)
{
    /* relaxed: A1 (capture.c), s->cap changes only under g_rt.lock */
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    struct core_capture *ka = atomic_load_explicit(&a->cap, memory_order_relaxed);
    if (!k || !k->build)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream is not bound to a model (aclmdlRIBindStream)", fn);
    if (!ka || !ka->build)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream to activate is not bound to a model (aclmdlRIBindStream)",
                        fn);
    if (ka != k)
        return core_err(ACL_ERROR_RT_STREAM_MODEL, "%s: the two streams belong to different models",
                        fn);
    if (a == s)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a stream cannot activate itself", fn);
    if (!k->model->plan.lanes[a->cap_lane].on_demand)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: the stream to activate was bound with ACL_MODEL_STREAM_FLAG_HEAD and "
                        "runs from the start of every execution; only streams bound with "
                        "ACL_MODEL_STREAM_FLAG_DEFAULT are activated",
                        fn);
    node->arg.u64[5] = a->cap_lane;
    return capture_append_control_locked(s, node, fn);
}

static aclError record_activation(aclrtStream target, aclrtStream stream, struct sched_task *node,
                                  const char *fn)
{
    struct core_stream *a = NULL, *s = NULL;
    aclError rc = core_stream_resolve(target, &a, fn);
    if (rc == ACL_SUCCESS)
        rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    rc = append_activation_locked(a, s, node, fn);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_model_active_stream(aclrtStream activeStream, aclrtStream stream, const char *fn)
{
    struct sched_task node = {.kind = PLAN_ACTIVE};
    return record_activation(activeStream, stream, &node, fn);
}

aclError core_model_switch_stream(void *leftValue, aclrtCondition cond, void *rightValue,
                                  aclrtCompareDataType dataType, aclrtStream trueStream,
                                  aclrtStream stream, const char *fn)
{
    struct sched_task node = {.kind = PLAN_SWITCH};
    node.arg.ptr[0] = leftValue;
    node.arg.ptr[1] = rightValue;
    node.arg.u64[2] = (uint64_t)cond;
    node.arg.u64[3] = (uint64_t)dataType;
    return record_activation(trueStream, stream, &node, fn);
}

/* ---- replay ---------------------------------------------------------------------------- */

static int64_t operand(const void *p, uint64_t width)
{
    /* relaxed: device memory, ordered by the lane's task order as any buffer a
     * task reads (label.c reads its index the same way). */
    if (width == ACL_RT_SWITCH_INT64)
        return __atomic_load_n((const int64_t *)p, __ATOMIC_RELAXED);
    return __atomic_load_n((const int32_t *)p, __ATOMIC_RELAXED);
}

static bool holds(int64_t l, int64_t r, uint64_t cond)
{
    switch (cond) {
    case ACL_RT_EQUAL:
        return l == r;
    case ACL_RT_NOT_EQUAL:
        return l != r;
    case ACL_RT_GREATER:
        return l > r;
    case ACL_RT_GREATER_OR_EQUAL:
        return l >= r;
    case ACL_RT_LESS:
        return l < r;
    default: /* ACL_RT_LESS_OR_EQUAL (the entry point checked the range) */
        return l <= r;
    }
}

void activate_run(struct core_model *m, uint64_t k, const struct sched_task *node)
{
    if (node->kind == PLAN_SWITCH &&
        !holds(operand(node->arg.ptr[0], node->arg.u64[3]),
               operand(node->arg.ptr[1], node->arg.u64[3]), node->arg.u64[2]))
        return; /* the activating lane goes on either way (docs/model.md) */
    sched_cond_advance(&m->lane_act[node->arg.u64[5]], 2 * k); /* SW1 */
}

int activate_wait(struct core_model *m, uint32_t lane, uint64_t k, struct sched_exec *x)
{
    struct sched_cond *c = &m->lane_act[lane];
    uint64_t v = sched_cond_value(c); /* acquire: SW1 */
    if (v < 2 * k) {
        x->block_cond = c;
        x->block_target = 2 * k;
        x->block_deadline = 0;
        return SCHED_BLOCK;
    }
    return v == 2 * k ? ACTIVATE_RUN : ACTIVATE_SKIP;
}

int activate_join(struct core_model *m, uint64_t k, uint32_t mine, struct sched_exec *x)
{
    uint64_t fin = k * m->plan.stride + m->plan.stride - 1;
    uint32_t prev = UINT32_MAX;
    for (;;) { /* SW2 */
        uint32_t count = 0;
        for (uint32_t l = 0; l < m->plan.nlanes; l++) {
            if (l == mine ||
                (m->plan.lanes[l].on_demand && sched_cond_value(&m->lane_act[l]) < 2 * k))
                continue;
            count++;
            if (sched_cond_value(&m->lane_cond[l]) < fin) {
                x->block_cond = &m->lane_cond[l];
                x->block_target = fin;
                x->block_deadline = 0;
                return SCHED_BLOCK;
            }
        }
        if (count == prev)
            break;
        prev = count;
    }
    for (uint32_t l = 0; l < m->plan.nlanes; l++)
        if (m->plan.lanes[l].on_demand && sched_cond_value(&m->lane_act[l]) < 2 * k)
            sched_cond_advance(&m->lane_act[l], 2 * k + 1);
    return SCHED_DONE;
}
