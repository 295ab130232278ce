/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Building elementwise executors: copies of the views, the plan (ew.c), the
 * constant operand. (The argument checks they share are in check.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"

_Static_assert(sizeof(struct ew_plan) <= OPS_EXEC_PLAN_INLINE, "an ew_plan fits an executor");

aclnnStatus ew_build_exec(struct ew_build *b, uint64_t *ws, aclOpExecutor **ex)
{
    int ntensors = 0;
    for (int k = 0; k < b->nin; k++)
        ntensors += b->in[k] != NULL;
    struct aclOpExecutor *e = ops_exec_new(b->name, (uint16_t)ntensors, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor tin[EW_MAX_IN + 1], tout;
    const struct ops_tensor *pin[EW_MAX_IN + 1];
    aclnnStatus rc = ACLNN_SUCCESS;
    for (int k = 0; k < b->nin && !rc; k++) {
        if (b->in[k]) {
            rc = ops_tensor_from(&tin[k], b->in[k], ops_exec_slot(e, b->in[k]), b->name, "input");
        } else {
            memset(&tin[k], 0, sizeof(tin[k]));
            tin[k].dt = (int8_t)b->cdt;
            tin[k].slot = -1;
            tin[k].numel = 1;
        }
        pin[k] = &tin[k];
    }
    if (!rc)
        rc = ops_tensor_from(&tout, b->out, ops_exec_slot(e, b->out), b->name, "out");
    struct ew_plan *pl = NULL;
    if (!rc && !(pl = ops_exec_plan_mem(e, sizeof(*pl))))
        rc = ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", b->name);
    if (!rc && ew_plan_init(pl, b->ck, b->kern, &tout, pin, b->nin)) {
        ops_exec_plan_release(e, pl);
        pl = NULL;
        rc = ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", b->name);
    }
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    for (int k = 0; k < b->nin; k++)
        if (!b->in[k])
            memcpy(pl->op[1 + k].cval, b->cval, sizeof(b->cval));
    pl->rt = (int8_t)b->rt;
    pl->fuse = (int8_t)b->fuse;
    pl->p = b->p;
    pl->p.nin = b->nin;
    e->plan = pl;
    e->fini = ew_exec_fini;
    e->run = pl->numel ? ew_exec_run : NULL;
    return ops_exec_done(e, ws, ex);
}

/* Store a scalar's value into cval as type dt. */
void ops_scalar_to(unsigned char *cval, int dt, const aclScalar *s)
{
    int sdt = ops_dt_index(s->dtype);
    memset(cval, 0, 16);
    if (ops_dt_is_float(sdt))
        ops_store_f64(cval, dt, ops_scalar_f64(s));
    else
        ops_store_i64(cval, dt, ops_scalar_i64(s));
}
