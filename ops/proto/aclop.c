/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/aclop.c: the provider of operator types that single-operator
 * execution (aclop, core/op/) calls through core/op.h. Installed once when
 * the library is loaded (a constructor calling core_op_provide). It maps an
 * aclop instance (struct core_op_val descriptions, an aclopAttr read with
 * core_op_attr_find) onto proto_prepare / proto_build, the statuses onto
 * the aclop codes, and records the message as "<fn>: <op->msg>".
 *
 * Attributes are strict, as the IR is: a value set with another setter than
 * the declared type's (aclopSetAttrInt for a Bool attribute) is a mistyped
 * attribute (ACL_ERROR_OP_ATTR_NOT_MATCH).
 *
 * Stateless: every call works on its own stack instance; plans are the
 * caller's (run and released through the provider).
 */
#include <string.h>

#include "core/err.h"
#include "core/op.h"
#include "ops/proto/proto_pvt.h"

#define SCRATCH 64 /* converted list values (bools, types, list-of-list rows) per call */

/* The attribute source over an aclopAttr, with room for values whose
 * storage differs from struct proto_attr's (bool and type lists as int64,
 * a list of lists as row pointers). */
struct attr_ctx {
    const aclopAttr *a;
    int64_t ints[SCRATCH];
    const int64_t *rows[SCRATCH];
    size_t lens[SCRATCH];
    size_t nints, nrows;
};

/* The proto type of each aclopSetAttr* value type (enum core_op_attr_type order). */
static const enum proto_attr_type g_attr_type[] = {
    [CORE_OP_ATTR_BOOL] = PROTO_A_BOOL,
    [CORE_OP_ATTR_INT] = PROTO_A_INT,
    [CORE_OP_ATTR_FLOAT] = PROTO_A_FLOAT,
    [CORE_OP_ATTR_STRING] = PROTO_A_STRING,
    [CORE_OP_ATTR_DTYPE] = PROTO_A_TYPE,
    [CORE_OP_ATTR_LIST_BOOL] = PROTO_A_LIST_BOOL,
    [CORE_OP_ATTR_LIST_INT] = PROTO_A_LIST_INT,
    [CORE_OP_ATTR_LIST_FLOAT] = PROTO_A_LIST_FLOAT,
    [CORE_OP_ATTR_LIST_STRING] = PROTO_A_LIST_STRING,
    [CORE_OP_ATTR_LIST_LIST_INT] = PROTO_A_LIST_LIST_INT,
    [CORE_OP_ATTR_LIST_DTYPE] = PROTO_A_LIST_TYPE,
};

/* Room for n converted values, NULL when the call's scratch is used up. */
static int64_t *scratch(struct attr_ctx *c, size_t n)
{
    if (n > SCRATCH - c->nints)
        return NULL;
    int64_t *p = c->ints + c->nints;
    c->nints += n;
    return p;
}

static enum proto_found attr_get(const void *set, const char *name, enum proto_attr_type want,
                                 struct proto_attr *out)
{
    (void)want; /* strict: the value's own type is handed over */
    struct attr_ctx *c = (struct attr_ctx *)set;
    const struct core_op_attr_value *v = core_op_attr_find(c->a, name);
    if (!v)
        return PROTO_ABSENT;
    memset(out, 0, sizeof(*out));
    out->type = g_attr_type[v->type];
    out->n = v->n;
    switch (v->type) {
    case CORE_OP_ATTR_BOOL:
    case CORE_OP_ATTR_INT:
    case CORE_OP_ATTR_DTYPE: /* scalars held in i */
        out->i = v->type == CORE_OP_ATTR_BOOL  ? (int64_t)v->u.b
                 : v->type == CORE_OP_ATTR_INT ? v->u.i
                                               : (int64_t)v->u.dt;
        break;
    case CORE_OP_ATTR_FLOAT:
        out->f = v->u.f;
        break;
    case CORE_OP_ATTR_STRING:
    case CORE_OP_ATTR_LIST_INT:
    case CORE_OP_ATTR_LIST_FLOAT:
    case CORE_OP_ATTR_LIST_STRING: /* borrowed pointers, each read as its own member */
        out->s = v->type == CORE_OP_ATTR_STRING ? v->u.s : NULL;
        out->ints = v->type == CORE_OP_ATTR_LIST_INT ? v->u.ints : NULL;
        out->floats = v->type == CORE_OP_ATTR_LIST_FLOAT ? v->u.floats : NULL;
        out->strs = v->type == CORE_OP_ATTR_LIST_STRING ? v->u.strs : NULL;
        break;
    case CORE_OP_ATTR_LIST_BOOL:
    case CORE_OP_ATTR_LIST_DTYPE: {
        int64_t *p = scratch(c, v->n);
        if (!p) {
            out->n = 0; /* too long to convert: seen as empty */
            break;
        }
        for (size_t k = 0; k < v->n; k++)
            p[k] =
                v->type == CORE_OP_ATTR_LIST_BOOL ? (int64_t)v->u.bools[k] : (int64_t)v->u.dts[k];
        out->ints = p;
        break;
    }
    case CORE_OP_ATTR_LIST_LIST_INT:
        if (v->n > SCRATCH - c->nrows) {
            out->n = 0;
            break;
        }
        for (size_t r = 0; r < v->n; r++) {
            c->lens[c->nrows + r] = core_op_attr_row(v, r, &c->rows[c->nrows + r]);
        }
        out->rows = &c->rows[c->nrows];
        out->lens = &c->lens[c->nrows];
        c->nrows += v->n;
        break;
    }
    return PROTO_FOUND;
}

static aclError code_of(enum proto_status st)
{
    switch (st) {
    case PROTO_OK:
        return ACL_SUCCESS;
    case PROTO_TYPE:
        return ACL_ERROR_OP_TYPE_NOT_MATCH;
    case PROTO_INPUT:
        return ACL_ERROR_OP_INPUT_NOT_MATCH;
    case PROTO_OUTPUT:
        return ACL_ERROR_OP_OUTPUT_NOT_MATCH;
    case PROTO_ATTR:
        return ACL_ERROR_OP_ATTR_NOT_MATCH;
    case PROTO_DTYPE:
        return ACL_ERROR_UNSUPPORTED_DATA_TYPE;
    case PROTO_UNSUPPORTED:
        return ACL_ERROR_OP_NOT_FOUND;
    case PROTO_NOMEM:
        return ACL_ERROR_BAD_ALLOC;
    }
    return ACL_ERROR_OP_NOT_FOUND;
}

static aclError aclop_prepare(const char *type, uint32_t nin, const struct core_op_val *in,
                              uint32_t nout, struct core_op_val *out, const aclopAttr *attr,
                              enum core_op_mode mode, void **plan, const char *fn)
{
    if (plan)
        *plan = NULL;
    const struct proto_def *def = proto_find(type);
    if (!def)
        return core_err(ACL_ERROR_OP_TYPE_NOT_MATCH,
                        "%s: operator type %s is not in cpuacl's table of CANN IR operator "
                        "types (docs/optypes.md)",
                        fn, type ? type : "(null)");
    /* On the stack (about 10 KB): no allocation on the per-call path. */
    struct proto_op opv;
    struct attr_ctx ctxv;
    struct proto_op *op = &opv;
    struct attr_ctx *ctx = &ctxv;
    ctx->a = attr;
    ctx->nints = ctx->nrows = 0;
    struct proto_attr_src src = {ctx, attr_get};
    enum proto_status st = mode == CORE_OP_EXECUTE
                               ? proto_prepare(op, def, nin, in, nout, out, &src)
                               : proto_prepare_hints(op, def, nin, in, nout, out, &src);
    if (st == PROTO_OK && mode == CORE_OP_INFER) {
        for (uint32_t k = 0; k < nout; k++) {
            aclFormat f = out[k].format;
            out[k] = op->out[k];
            if (f != ACL_FORMAT_UNDEFINED)
                out[k].format = f;
        }
    }
    if (st == PROTO_OK && mode == CORE_OP_EXECUTE)
        st = proto_build(op, (struct proto_plan **)plan);
    aclError rc = ACL_SUCCESS;
    if (st != PROTO_OK)
        rc = core_err(code_of(st), "%s: %s", fn, op->msg);
    return rc;
}

static int32_t aclop_run(const void *plan, void *const *operands)
{
    return proto_plan_run(plan, operands);
}

static void aclop_release(void *plan)
{
    proto_plan_free(plan);
}

static const struct core_op_provider g_provider = {
    .prepare = aclop_prepare,
    .run = aclop_run,
    .release = aclop_release,
};

__attribute__((constructor)) static void aclop_provide(void)
{
    core_op_provide(&g_provider);
}
