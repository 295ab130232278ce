/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/shape.c: the types of the table that move or convert data
 * without arithmetic: Cast, Transpose, Reshape, ConcatV2/ConcatD, Slice,
 * GatherV2: their shape rules and kernels.
 */
#include <string.h>

#include "aclnnop/aclnn_cast.h"
#include "ops/proto/proto_pvt.h"

/* ---- Cast ----------------------------------------------------------------------------- */

enum proto_status proto_infer_cast(struct proto_op *op)
{
    int64_t t = proto_attr_i(op, "dst_type");
    if (t < 0 || t > INT32_MAX || ops_dt_index((aclDataType)t) < 0)
        return proto_fail(op, PROTO_ATTR,
                          "attribute dst_type is %lld, not a data type cpuacl converts to (a "
                          "ge::DataType: 0 float32, 1 float16, 2 int8, 3 int32, 4 uint8, 6 "
                          "int16, 9 int64, 11 double, 12 bool, 27 bfloat16)",
                          (long long)t);
    proto_out_like(&op->out[0], &op->in[0], (aclDataType)t);
    return PROTO_OK;
}

enum proto_status proto_build_cast(const struct proto_op *op, struct proto_plan_builder *b)
{
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    int st = aclnnCastGetWorkspaceSize(proto_operand(b, PIN(0)), op->out[0].dtype,
                                       proto_operand(b, POUT(op, 0)), &ws, &e);
    return proto_step_exec(b, st, e);
}
