/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/plan.c: plans. A kernel (def->build) makes the aclTensors of
 * its phase-1 calls over the instance's operands (proto_tensor: a view of
 * an operand; proto_operand: the operand as described), calls the aclnn
 * GetWorkspaceSize functions of ops/ and hands each executor to
 * proto_step_exec, which binds the executor's address slots to operands
 * through the tensors they came from (e->slot_group, e->group_src), as
 * graph/compile.c used to. Copies and host functions are steps too, and so
 * is a select step: the kernels of an operator whose value input is known only
 * at run time (Cumsum's axis fed by a graph input) build one alternative per
 * value and the select step runs the one the input holds at each launch. A
 * host step of an operator with data-dependent outputs (op->bound) also gets
 * the launch's dims array (proto_plan_run_dims) to report their real dims.
 *
 * A plan is the list of steps; proto_plan_run runs them in order with the
 * operand addresses of one launch, each executor directly through e->run
 * (never ops_launch: the executors stay READY and are never consumed), so a
 * plan is immutable and may run on several workers at once. Executors are
 * destroyed with the plan.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnn/acl_meta.h"
#include "core/err.h"
#include "ops/proto/proto_pvt.h"

#define PB_MAX_TENSORS 96
#define PB_MAX_LISTS 4
#define PB_MAX_STEPS 16 /* steps of one plan (one to three; a select and its alternatives) */
#define RUN_INLINE_SLOTS 80
#define NO_OPERAND UINT32_MAX

enum step_kind { STEP_EXEC, STEP_COPY, STEP_FN, STEP_FN_DIMS, STEP_SELECT };

struct step {
    enum step_kind kind;
    uint16_t nslots;
    aclOpExecutor *e;
    uint32_t *slot_operand; /* EXEC: slot -> operand, NO_OPERAND = none */
    uint32_t src, dst;      /* COPY */
    size_t bytes;
    proto_host_fn fn;      /* FN */
    proto_dims_fn dims_fn; /* FN_DIMS */
    void *arg;
    /* SELECT: src holds one integer of type sel_dt; alternatives (the steps after this one) */
    aclDataType sel_dt;
    uint32_t alternatives;
    char what[40]; /* "Cumsum: input axis", for the message of a value out of range */
};

struct proto_plan {
    uint32_t noperands, nsteps;
    struct step steps[];
};

struct pb_tensor {
    aclTensor *t;
    uint32_t ref;
    bool owned; /* false: a tensor list took it over */
};

struct proto_plan_builder {
    struct proto_op *op;
    struct pb_tensor t[PB_MAX_TENSORS];
    uint32_t nt;
    aclTensorList *lists[PB_MAX_LISTS];
    uint32_t nlists;
    struct step steps[PB_MAX_STEPS];
    uint32_t nsteps;
};

/* Phase 1 records a tensor's address only; launches use the operands. */
static char g_dummy[64];

static const struct core_op_val *operand_val(const struct proto_op *op, uint32_t ref)
{
    return ref < op->nin ? &op->in[ref] : &op->out[ref - op->nin];
}

struct aclTensor *proto_tensor(struct proto_plan_builder *b, uint32_t ref, aclDataType dtype,
                               const int64_t *dims, int nd, const int64_t *strides)
{
    return proto_tensor_at(b, ref, dtype, dims, nd, strides, 0);
}

struct aclTensor *proto_tensor_at(struct proto_plan_builder *b, uint32_t ref, aclDataType dtype,
                                  const int64_t *dims, int nd, const int64_t *strides,
                                  int64_t offset)
{
    if (b->nt >= PB_MAX_TENSORS || ref >= b->op->nin + b->op->nout)
        return NULL;
    /* Checked: a shape whose products overflow gives INT64_MAX, which aclCreateTensor's
     * geometry checks refuse (GE refuses such graphs at BuildGraph; this runs before). */
    int64_t st[PROTO_MAX_DIMS], s = 1, need = offset + 1, term;
    for (int i = nd - 1; i >= 0; i--) {
        st[i] = strides ? strides[i] : s;
        if (__builtin_mul_overflow(s, dims[i], &s))
            s = INT64_MAX;
    }
    for (int i = 0; i < nd; i++) {
        if (dims[i] == 0) {
            need = offset;
            break;
        }
        if (__builtin_mul_overflow(dims[i] - 1, st[i], &term) ||
            __builtin_add_overflow(need, term, &need))
            need = INT64_MAX;
    }
    aclTensor *t =
        aclCreateTensor(dims, (uint64_t)nd, dtype, st, offset, ACL_FORMAT_ND, &need, 1, g_dummy);
    if (!t)
        return NULL;
    b->t[b->nt++] = (struct pb_tensor){t, ref, true};
    return t;
}

struct aclTensor *proto_operand(struct proto_plan_builder *b, uint32_t ref)
{
    if (ref >= b->op->nin + b->op->nout)
        return NULL;
    const struct core_op_val *v = operand_val(b->op, ref);
    return proto_tensor(b, ref, v->dtype, v->dims, v->nd, NULL);
}

struct aclTensorList *proto_tensor_list(struct proto_plan_builder *b, struct aclTensor *const *t,
                                        uint32_t n)
{
    if (b->nlists >= PB_MAX_LISTS)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        if (!t[i])
            return NULL;
    aclTensorList *l = aclCreateTensorList((const aclTensor *const *)t, n);
    if (!l)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < b->nt; k++)
            if (b->t[k].t == t[i])
                b->t[k].owned = false;
    b->lists[b->nlists++] = l;
    return l;
}

/* A new step, NULL past PB_MAX_STEPS. */
static struct step *step_add(struct proto_plan_builder *b, enum step_kind kind)
{
    if (b->nsteps == PB_MAX_STEPS)
        return NULL;
    struct step *s = &b->steps[b->nsteps++];
    memset(s, 0, sizeof(*s));
    s->kind = kind;
    return s;
}

enum proto_status proto_step_exec(struct proto_plan_builder *b, int st, struct aclOpExecutor *e)
{
    if (st != 0 || !e) {
        if (e)
            aclDestroyAclOpExecutor(e);
        const char *m = aclGetRecentErrMsg();
        return proto_fail(b->op, PROTO_UNSUPPORTED, "%s", m && *m ? m : "the kernel refused");
    }
    uint32_t *map = malloc((e->nslots ? e->nslots : 1) * sizeof(uint32_t));
    struct step *s = map ? step_add(b, STEP_EXEC) : NULL;
    if (!s) {
        free(map);
        aclDestroyAclOpExecutor(e);
        return proto_fail(b->op, PROTO_NOMEM, "out of memory");
    }
    s->e = e;
    s->nslots = e->nslots;
    s->slot_operand = map;
    for (int k = 0; k < e->nslots; k++) {
        int grp = e->slot_group[k];
        map[k] = NO_OPERAND;
        if (grp < 0)
            continue;
        const void *src = e->group_src[grp];
        for (uint32_t i = 0; i < b->nt; i++)
            if ((const void *)b->t[i].t == src)
                map[k] = b->t[i].ref;
        if (map[k] == NO_OPERAND)
            return proto_fail(b->op, PROTO_UNSUPPORTED,
                              "internal error: slot %d of %s has no operand", k, e->op);
    }
    return PROTO_OK;
}

enum proto_status proto_step_copy(struct proto_plan_builder *b, uint32_t src, uint32_t dst,
                                  size_t bytes)
{
    struct step *s = step_add(b, STEP_COPY);
    if (!s)
        return proto_fail(b->op, PROTO_NOMEM, "out of memory");
    s->src = src;
    s->dst = dst;
    s->bytes = bytes;
    return PROTO_OK;
}

enum proto_status proto_step_fn(struct proto_plan_builder *b, proto_host_fn fn, const void *arg,
                                size_t size)
{
    void *copy = malloc(size ? size : 1);
    struct step *s = copy ? step_add(b, STEP_FN) : NULL;
    if (!s) {
        free(copy);
        return proto_fail(b->op, PROTO_NOMEM, "out of memory");
    }
    if (size)
        memcpy(copy, arg, size);
    s->fn = fn;
    s->arg = copy;
    return PROTO_OK;
}

enum proto_status proto_step_fn_dims(struct proto_plan_builder *b, proto_dims_fn fn,
                                     const void *arg, size_t size)
{
    enum proto_status st = proto_step_fn(b, NULL, arg, size);
    if (st == PROTO_OK) {
        b->steps[b->nsteps - 1].kind = STEP_FN_DIMS;
        b->steps[b->nsteps - 1].dims_fn = fn;
    }
    return st;
}

enum proto_status proto_step_select(struct proto_plan_builder *b, uint32_t ref, uint32_t n,
                                    const char *what)
{
    const struct core_op_val *v = ref < b->op->nin + b->op->nout ? operand_val(b->op, ref) : NULL;
    if (!v || (v->dtype != ACL_INT32 && v->dtype != ACL_INT64) || proto_numel(v) != 1 || n == 0)
        return proto_fail(b->op, PROTO_UNSUPPORTED,
                          "internal error: a select step needs one int32 or int64 value");
    struct step *s = step_add(b, STEP_SELECT);
    if (!s)
        return proto_fail(b->op, PROTO_NOMEM, "out of memory");
    s->src = ref;
    s->sel_dt = v->dtype;
    s->alternatives = n;
    snprintf(s->what, sizeof(s->what), "%s", what);
    return PROTO_OK;
}

static void steps_free(struct step *steps, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (steps[i].e)
            aclDestroyAclOpExecutor(steps[i].e);
        free(steps[i].slot_operand);
        free(steps[i].arg);
    }
}

enum proto_status proto_build(struct proto_op *op, struct proto_plan **plan)
{
    *plan = NULL;
    struct proto_plan_builder *b = calloc(1, sizeof(*b));
    if (!b)
        return proto_fail(op, PROTO_NOMEM, "out of memory");
    b->op = op;
    enum proto_status st = op->def->build(op, b);
    for (uint32_t i = 0; i < b->nlists; i++)
        aclDestroyTensorList(b->lists[i]);
    for (uint32_t i = 0; i < b->nt; i++)
        if (b->t[i].owned)
            aclDestroyTensor(b->t[i].t);
    /* every select step must be followed by all of its alternatives */
    for (uint32_t i = 0; i < b->nsteps && st == PROTO_OK; i++)
        if (b->steps[i].kind == STEP_SELECT && i + b->steps[i].alternatives >= b->nsteps)
            st = proto_fail(op, PROTO_UNSUPPORTED,
                            "internal error: a select step without its alternatives");
    struct proto_plan *p = NULL;
    if (st == PROTO_OK) {
        p = malloc(sizeof(*p) + b->nsteps * sizeof(struct step));
        if (!p)
            st = proto_fail(op, PROTO_NOMEM, "out of memory");
    }
    if (st != PROTO_OK) {
        steps_free(b->steps, b->nsteps);
        free(b);
        return st;
    }
    p->noperands = op->nin + op->nout;
    p->nsteps = b->nsteps;
    if (b->nsteps)
        memcpy(p->steps, b->steps, b->nsteps * sizeof(struct step));
    free(b);
    *plan = p;
    return PROTO_OK;
}

static int32_t run_step(const struct step *s, void *const *operands,
                        int64_t (*dims)[PROTO_MAX_DIMS])
{
    switch (s->kind) {
    case STEP_FN_DIMS:
        return s->dims_fn(operands, s->arg, dims);
    case STEP_COPY:
        if (s->bytes && operands[s->dst] != operands[s->src])
            memmove(operands[s->dst], operands[s->src], s->bytes);
        return 0;
    case STEP_FN:
        return s->fn(operands, s->arg);
    case STEP_EXEC: {
        if (!s->e->run)
            return 0;
        void *inl[RUN_INLINE_SLOTS];
        inl[0] = NULL; /* an executor without slots gets a valid, unread array */
        void **addr = s->nslots <= RUN_INLINE_SLOTS ? inl : malloc(s->nslots * sizeof(void *));
        if (!addr)
            return ACL_ERROR_BAD_ALLOC;
        for (uint16_t k = 0; k < s->nslots; k++)
            addr[k] = s->slot_operand[k] == NO_OPERAND ? NULL : operands[s->slot_operand[k]];
        int32_t rc = s->e->run(s->e, addr);
        if (addr != inl)
            free(addr);
        return rc;
    }
    case STEP_SELECT:
        break; /* run by proto_plan_run */
    }
    return 0;
}

int32_t proto_plan_run(const struct proto_plan *p, void *const *operands)
{
    return proto_plan_run_dims(p, operands, NULL);
}

int32_t proto_plan_run_dims(const struct proto_plan *p, void *const *operands,
                            int64_t (*dims)[PROTO_MAX_DIMS])
{
    for (uint32_t i = 0; i < p->nsteps; i++) {
        const struct step *s = &p->steps[i];
        if (s->kind != STEP_SELECT) {
            int32_t rc = run_step(s, operands, dims);
            if (rc)
                return rc;
            continue;
        }
        /* the value of this launch, wrapped as an axis: [-n, n) */
        int64_t v, n = s->alternatives;
        if (s->sel_dt == ACL_INT32) {
            int32_t w;
            memcpy(&w, operands[s->src], sizeof(w));
            v = w;
        } else {
            memcpy(&v, operands[s->src], sizeof(v));
        }
        int64_t w = v < 0 ? v + n : v;
        if (w < 0 || w >= n)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s holds %lld at run time, out of range [%lld, %lld)", s->what,
                            (long long)v, (long long)-n, (long long)n);
        int32_t rc = run_step(&p->steps[i + 1 + (uint32_t)w], operands, dims);
        if (rc)
            return rc;
        i += s->alternatives;
    }
    return 0;
}

void proto_plan_free(struct proto_plan *p)
{
    if (!p)
        return;
    steps_free(p->steps, p->nsteps);
    free(p);
}

uint32_t proto_plan_operands(const struct proto_plan *p)
{
    return p->noperands;
}
