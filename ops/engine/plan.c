/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The phase-1 set-up most operators share: an executor that owns a zeroed
 * plan, and the tensor views the plan holds, each registered in its address
 * slot (inputs first, then outputs, as ops_exec_slot requires).
 */
#include <stdlib.h>
#include <string.h>

#include "ops/engine/engine.h"

struct aclOpExecutor *ops_exec_plan(const char *op, uint16_t nin, uint16_t nout, size_t size,
                                    void (*fini)(struct aclOpExecutor *e))
{
    struct aclOpExecutor *e = ops_exec_new(op, nin, nout);
    if (!e)
        return NULL;
    /* Without an operator's fini the plan is ops_exec_plan_mem's (inline or kept by the
     * header: no allocation here and no free on the worker, exec.c EX7); an operator's own
     * fini may free the plan with free, so it gets calloc's. */
    void *p = fini ? calloc(1, size) : ops_exec_plan_mem(e, size);
    if (!p) {
        ops_exec_discard(e);
        ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op);
        return NULL;
    }
    if (!fini)
        memset(p, 0, size);
    e->plan = p;
    /* No fini at all for memory the header holds: the worker's release then reads nothing
     * of the header's last line (where plan_ext is) just to find nothing to free. */
    e->fini = fini ? fini : ops_exec_plan_kept(e, p) ? NULL : ops_plan_free;
    return e;
}

aclnnStatus ops_exec_views(struct aclOpExecutor *e, const struct ops_view *v)
{
    for (; v->what; v++) {
        int slot = ops_exec_slot(e, v->t);
        aclnnStatus rc;
        if (v->t && v->view && (rc = ops_tensor_from(v->view, v->t, slot, e->op, v->what))) {
            ops_exec_discard(e);
            return rc;
        }
    }
    return ACLNN_SUCCESS;
}
