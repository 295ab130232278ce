/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operator instances and their launches (core/op/exec.h): the argument rows
 * every aclop call shares, the values of an instance's tensors as the
 * provider reads them (struct core_op_val), and the one task a run queues.
 *
 * A launch is one owned task (core/launch.h) whose argument is a record made
 * for it: the plan (a reference) and the operand addresses of this call. The
 * record goes when the task ran, or with the model run instance when the
 * launch was captured (the task then runs the same record at each replay).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/launch.h"
#include "core/op/exec.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"
#include "core/runtime/tensor_desc.h"

/* ---- arguments --------------------------------------------------------------- */

bool core_op_absent(const struct core_op_call *c, int k)
{
    return core_tdesc_type(c->in_desc[k]) == ACL_DT_UNDEFINED;
}

static bool host_placed(const aclTensorDesc *d)
{
    return d->placement == ACL_MEMTYPE_HOST || d->placement == ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT;
}

const void *core_op_input_value(const struct core_op_call *c, int k, size_t *len)
{
    const aclTensorDesc *d = c->in_desc[k];
    if (d->const_data) {
        *len = d->const_len;
        return d->const_data;
    }
    if (!c->in_buf || !(c->read_data || host_placed(d)))
        return NULL;
    const aclDataBuffer *b = c->in_buf[k];
    size_t need = core_tdesc_bytes(d);
    if (!core_databuf_addr(b) || core_databuf_size(b) < need)
        return NULL; /* core_op_check refused it when host-placed */
    *len = need;
    return core_databuf_addr(b);
}

aclError core_op_no_host(const struct core_op_call *c)
{
    for (int k = 0; k < c->nin + c->nout; k++) {
        bool in = k < c->nin;
        if (host_placed(in ? c->in_desc[k] : c->out_desc[k - c->nin]))
            return core_err(ACL_ERROR_API_NOT_SUPPORT,
                            "%s: %s: %s %d is host-placed (ACL_MEMTYPE_HOST*), which this call "
                            "does not take (give a fixed value with aclSetTensorConst)",
                            c->fn, c->type, in ? "input" : "output", in ? k : k - c->nin);
    }
    return ACL_SUCCESS;
}

/* The rows of one array: NULL with n > 0, NULL elements. */
static aclError check_array(const void *const *a, int n, const char *what, const char *fn,
                            const char *type)
{
    if (n > 0 && !a)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: %s is NULL for a count of %d", fn, type,
                        what, n);
    for (int k = 0; k < n; k++)
        if (!a[k])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: %s[%d] is NULL", fn, type, what, k);
    return ACL_SUCCESS;
}

/* Buffer b of tensor `what` k described by d holds what d describes. */
static aclError check_buffer(const aclTensorDesc *d, const aclDataBuffer *b, const char *what,
                             int k, const struct core_op_call *c)
{
    size_t need = core_tdesc_bytes(d);
    if (core_databuf_size(b) < need)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s: %s %d: the buffer holds %zu bytes, its description (%d-d of "
                        "dtype %d) needs %zu",
                        c->fn, c->type, what, k, core_databuf_size(b), (int)core_tdesc_rank(d),
                        (int)core_tdesc_type(d), need);
    if (need && !core_databuf_addr(b))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s: %s %d: the buffer's address is NULL for %zu bytes", c->fn, c->type,
                        what, k, need);
    return ACL_SUCCESS;
}

aclError core_op_check(const struct core_op_call *c)
{
    const char *fn = c->fn;
    if (!c->type)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: opType is NULL", fn);
    if (c->nin < 0 || c->nout < 0)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s: negative count (numInputs %d, "
                        "numOutputs %d)",
                        fn, c->type, c->nin, c->nout);
    aclError rc;
    if ((rc = check_array((const void *const *)c->in_desc, c->nin, "inputDesc", fn, c->type)) ||
        (rc = check_array((const void *const *)c->out_desc, c->nout, "outputDesc", fn, c->type)))
        return rc;
    if (!c->bufs)
        return ACL_SUCCESS;
    if ((rc = check_array((const void *const *)c->in_buf, c->nin, "inputs", fn, c->type)) ||
        (rc = check_array((const void *const *)c->out_buf, c->nout, "outputs", fn, c->type)))
        return rc;
    for (int k = 0; k < c->nin; k++) {
        const aclTensorDesc *d = c->in_desc[k];
        if (core_op_absent(c, k))
            continue;
        if (d->const_data) { /* the value is the description's; the buffer may be (NULL, 0) */
            size_t need = core_tdesc_bytes(d);
            if (d->const_len < need)
                return core_err(ACL_ERROR_INVALID_PARAM,
                                "%s: %s: input %d: the const value holds %zu bytes, its "
                                "description needs %zu",
                                fn, c->type, k, d->const_len, need);
            continue;
        }
        if ((rc = check_buffer(d, c->in_buf[k], "input", k, c)))
            return rc;
    }
    for (int k = 0; k < c->nout; k++)
        if ((rc = check_buffer(c->out_desc[k], c->out_buf[k], "output", k, c)))
            return rc;
    return ACL_SUCCESS;
}

bool core_op_outputs_empty(const struct core_op_call *c)
{
    if (c->nout == 0)
        return false;
    for (int k = 0; k < c->nout; k++) {
        const aclTensorDesc *d = c->out_desc[k];
        bool zero = false;
        for (size_t i = 0; i < core_tdesc_rank(d); i++)
            zero |= core_tdesc_dim(d, i) == 0;
        if (!zero)
            return false;
    }
    return true;
}

/* d as a value (dims clipped to CORE_OP_MAX_DIMS; the provider refuses more). */
static void val_of(const aclTensorDesc *d, struct core_op_val *v)
{
    memset(v, 0, sizeof(*v));
    v->dtype = core_tdesc_type(d);
    v->format = core_tdesc_format(d);
    size_t nd = core_tdesc_rank(d);
    if (nd == 1 && core_tdesc_dim(d, 0) == CORE_TDESC_UNKNOWN_RANK) {
        v->nd = -1;
        return;
    }
    v->nd = (int32_t)nd;
    for (size_t i = 0; i < nd && i < CORE_OP_MAX_DIMS; i++)
        v->dims[i] = core_tdesc_dim(d, i);
}

void core_op_vals(const struct core_op_call *c, struct core_op_val *vals)
{
    for (int k = 0; k < c->nin; k++) {
        struct core_op_val *v = &vals[k];
        val_of(c->in_desc[k], v);
        if (core_op_absent(c, k)) {
            v->absent = true;
            v->nd = 0;
            continue;
        }
        v->data = core_op_input_value(c, k, &v->bytes);
        if (!v->data)
            v->bytes = 0;
    }
    for (int k = 0; k < c->nout; k++)
        val_of(c->out_desc[k], &vals[c->nin + k]);
}

/* ---- launches ------------------------------------------------------------------ */

struct op_rec {
    struct core_op_plan *p;
    void *ops[]; /* inputs then outputs */
};

static int32_t rec_run(void *arg)
{
    struct op_rec *r = arg;
    return r->p->prov->run(r->p->plan, r->ops);
}

static void rec_release(void *arg)
{
    struct op_rec *r = arg;
    core_op_plan_put(r->p);
    free(r);
}

aclError core_op_launch(struct core_op_plan *p, const aclDataBuffer *const *in,
                        const aclDataBuffer *const *out, aclrtStream stream, const char *fn)
{
    uint32_t n = p->nin + p->nout;
    struct op_rec *r = core_malloc(sizeof(*r) + n * sizeof(void *));
    if (!r) {
        core_op_plan_put(p);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    r->p = p;
    for (uint32_t k = 0; k < p->nin; k++)
        r->ops[k] = p->fixed[k] ? (void *)p->fixed[k] : core_databuf_addr(in[k]);
    for (uint32_t k = 0; k < p->nout; k++)
        r->ops[p->nin + k] = core_databuf_addr(out[k]);
    aclError rc = core_launch_owned(stream, rec_run, r, rec_release, fn);
    if (rc != ACL_SUCCESS) /* nothing queued; the stream recorded its message */
        rec_release(r);
    return rc;
}
