/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operator handles (aclopHandle, acl/acl_op.h): an instance resolved once
 * (aclopCreateHandle, aclopCreateHandleForCast) and run many times with new
 * buffers (aclopExecWithHandle), without a cache lookup. A handle holds a
 * reference on its plan (core/op/exec.h), so destroying it while its runs
 * are queued is safe, and so is the cache evicting the plan.
 *
 * Like attribute sets and tensor descriptions, a handle is a plain heap
 * object the caller owns; one handle may run on several threads at once
 * (nothing in it changes after creation).
 */
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/op/exec.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"
#include "core/runtime/tensor_desc.h"

struct aclopHandle {
    struct core_op_plan *p;
    bool empty; /* every output empty: runs queue nothing */
    char type[];
};

aclError core_op_handle_new(const struct core_op_call *c, aclopHandle **out)
{
    aclError rc = core_op_no_host(c);
    if (rc != ACL_SUCCESS)
        return rc;
    size_t tl = strlen(c->type) + 1;
    aclopHandle *h = core_malloc(sizeof(*h) + tl);
    if (!h)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    rc = core_op_plan_get(c, &h->p);
    if (rc != ACL_SUCCESS) {
        free(h);
        return rc;
    }
    h->empty = core_op_outputs_empty(c);
    memcpy(h->type, c->type, tl);
    *out = h;
    return ACL_SUCCESS;
}

void core_op_handle_free(aclopHandle *h)
{
    core_op_plan_put(h->p);
    free(h);
}

/* The n buffers at b, of `what` (inputs or outputs), against need[]. */
static aclError check_buffers(const aclopHandle *h, int n, const aclDataBuffer *const *b,
                              const size_t *need, const void *const *fixed, const char *what,
                              const char *fn)
{
    if (n > 0 && !b)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: %s is NULL for a count of %d", fn,
                        h->type, what, n);
    for (int k = 0; k < n; k++) {
        if (!b[k])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: %s[%d] is NULL", fn, h->type, what,
                            k);
        if (fixed && fixed[k])
            continue; /* a const input: the handle holds its value */
        if (core_databuf_size(b[k]) < need[k])
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: %s: %s[%d]: the buffer holds %zu bytes, the handle's "
                            "description needs %zu",
                            fn, h->type, what, k, core_databuf_size(b[k]), need[k]);
        if (need[k] && !core_databuf_addr(b[k]))
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: %s: %s[%d]: the buffer's address is NULL for %zu bytes", fn,
                            h->type, what, k, need[k]);
    }
    return ACL_SUCCESS;
}

aclError core_op_handle_exec(aclopHandle *h, int nin, const aclDataBuffer *const *in, int nout,
                             const aclDataBuffer *const *out, aclrtStream stream, const char *fn)
{
    struct core_op_plan *p = h->p;
    if (nin < 0 || (uint32_t)nin != p->nin)
        return core_err(ACL_ERROR_OP_INPUT_NOT_MATCH,
                        "%s: %s: numInputs is %d, the handle was made for %u", fn, h->type, nin,
                        p->nin);
    if (nout < 0 || (uint32_t)nout != p->nout)
        return core_err(ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                        "%s: %s: numOutputs is %d, the handle was made for %u", fn, h->type, nout,
                        p->nout);
    aclError rc;
    if ((rc = check_buffers(h, nin, in, p->need, p->fixed, "inputs", fn)) ||
        (rc = check_buffers(h, nout, out, p->need + p->nin, NULL, "outputs", fn)))
        return rc;
    if (h->empty)
        return ACL_SUCCESS;
    core_op_plan_take(p); /* the launch's reference, handed to the task */
    return core_op_launch(p, in, out, stream, h->type, fn);
}
