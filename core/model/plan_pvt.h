/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Replay plan: what a model run instance executes. Independent of how it was
 * built (stream capture today; the GE graph API compiles to the same form).
 *
 * A plan is a set of lanes (one per captured stream). A lane is an array of
 * 64-byte nodes run in order by one "lane runner" task. A node is either a
 * task record (run != NULL: a replay-safe run function with its arguments,
 * executed as is), or a control node:
 *   SIGNAL k   the lane has reached its k-th signal point: lanes waiting on it
 *              may pass (an event record in the captured graph);
 *   WAIT l, k  block until lane l reached signal k (an event wait).
 * Cross-lane dependencies are therefore counters (one completion condition
 * per lane), resolved without allocation or hashing at replay.
 *
 * Execution k of a model uses condition values k * stride + j, so successive
 * executions never confuse each other's signals (stride = max signals + 2;
 * j = stride - 1 means "lane finished").
 */
#ifndef CPUACL_CORE_PLAN_H
#define CPUACL_CORE_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/stream/task.h"
#include "sched/task.h"

/* PLAN_COND: a conditional task (core/model/cond.c) choosing a body model;
 * PLAN_JUMP: a label switch (core/model/label.c), the lane continues at a label;
 * PLAN_ACTIVE / PLAN_SWITCH: a stream activation, unconditional or on a comparison
 * (core/model/activate.c), which starts an on-demand lane. */
enum {
    PLAN_SIGNAL = 0xF1,
    PLAN_WAIT = 0xF2,
    PLAN_COND = 0xF3,
    PLAN_JUMP = 0xF4,
    PLAN_ACTIVE = 0xF5,
    PLAN_SWITCH = 0xF6
};

struct plan_lane {
    struct sched_task *nodes; /* n nodes; control nodes have run == NULL */
    uint32_t n, cap;
    uint32_t nsignals; /* SIGNAL nodes in this lane */
    bool on_demand;    /* bound ACL_MODEL_STREAM_FLAG_DEFAULT: runs when activated */
};

struct plan {
    struct plan_lane *lanes;
    uint32_t nlanes;
    uint64_t stride; /* condition values per execution */
};

_Static_assert((int)CORE_T_COUNT <= (int)PLAN_SIGNAL && (int)CORE_T_COUNT <= (int)PLAN_WAIT,
               "task kinds stay below the plan's control-node kinds");

#endif
