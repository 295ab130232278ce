/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/elementwise.c: the elementwise types of the table (Add, Sub,
 * Mul, Div, RealDiv, Maximum, Minimum, Pow; Relu, Sigmoid, Tanh, Exp, Sqrt,
 * Rsqrt, Log, Neg, Abs, Square, LeakyRelu, Gelu, Identity; BiasAdd): their
 * shape rules (broadcast, same shape) and kernels (one aclnn executor each,
 * or a copy).
 */
#include <string.h>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_relu.h"
#include "ops/proto/proto_pvt.h"

/* ---- shape rules ------------------------------------------------------------------- */

/* x1, x2 of one type, broadcast. */
enum proto_status proto_infer_binary(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 2);
    if (st)
        return st;
    op->out[0].dtype = op->in[0].dtype;
    return proto_broadcast(op, &op->in[0], &op->in[1], &op->out[0]);
}

/* y like x. */
enum proto_status proto_infer_unary(struct proto_op *op)
{
    proto_out_like(&op->out[0], &op->in[0], op->in[0].dtype);
    return PROTO_OK;
}

/* ---- kernels ------------------------------------------------------------------------ */

/* alpha = 1 of a type every input type takes (an integral one for
 * integers and bool, EB2 of ops/elementwise/binary.c). */
static aclScalar *one_for(aclDataType t)
{
    if (ops_dt_in(t, DTM_FLOAT)) {
        float f = 1.0f;
        return aclCreateScalar(&f, ACL_FLOAT);
    }
    int64_t i = 1;
    return aclCreateScalar(&i, ACL_INT64);
}

enum proto_status proto_build_add(const struct proto_op *op, struct proto_plan_builder *b)
{
    aclScalar *alpha = one_for(op->out[0].dtype);
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    int st = aclnnAddGetWorkspaceSize(proto_operand(b, PIN(0)), proto_operand(b, PIN(1)), alpha,
                                      proto_operand(b, POUT(op, 0)), &ws, &e);
    aclDestroyScalar(alpha);
    return proto_step_exec(b, st, e);
}

enum proto_status proto_build_relu(const struct proto_op *op, struct proto_plan_builder *b)
{
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    int st =
        aclnnReluGetWorkspaceSize(proto_operand(b, PIN(0)), proto_operand(b, POUT(op, 0)), &ws, &e);
    return proto_step_exec(b, st, e);
}
