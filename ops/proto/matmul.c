/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/matmul.c: matrix products of the table: MatMul and MatMulV2
 * (2-D, transpose_x1/transpose_x2, an optional bias [n]), BatchMatMul and
 * BatchMatMulV2 (batch dims broadcast, adj_x1/adj_x2; V2 with a bias).
 * A transposed operand is a view with its last two dims swapped; the bias
 * is a second executor adding it in place. LogMatrixDeterminant (CANN's,
 * TF's: x [..., n, n] float32 or double; sign and y = log |det| of x's
 * type, the batch dims): aclnnSlogdet.
 */
#include <string.h>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_slogdet.h"
#include "ops/proto/proto_pvt.h"

/* The transposition attributes: MatMul's names or BatchMatMul's. */
static void transposes(const struct proto_op *op, bool *t1, bool *t2)
{
    bool batch = proto_attr(op, "adj_x1") != NULL;
    *t1 = proto_attr_i(op, batch ? "adj_x1" : "transpose_x1") != 0;
    *t2 = proto_attr_i(op, batch ? "adj_x2" : "transpose_x2") != 0;
}

enum proto_status proto_infer_matmul(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 2);
    if (st)
        return st;
    bool batch = proto_attr(op, "adj_x1") != NULL, t1, t2;
    transposes(op, &t1, &t2);
    const struct core_op_val *a = &op->in[0], *b = &op->in[1];
    char s1[96], s2[96];
    if ((!batch && (a->nd != 2 || b->nd != 2)) || a->nd < 2 || b->nd < 2)
        return proto_fail(op, PROTO_INPUT, "x1 and x2 must be %s (got %s and %s)",
                          batch ? "at least 2-D" : "2-D", proto_shape_str(s1, sizeof(s1), a),
                          proto_shape_str(s2, sizeof(s2), b));
    if (proto_in(op, 3))
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "input offset_w (quantized weights) is not "
                          "supported");
    const struct proto_attr *ox = proto_attr(op, "offset_x");
    if (ox && ox->i != 0)
        return proto_fail(op, PROTO_UNSUPPORTED, "attribute offset_x is %lld, only 0 is supported",
                          (long long)ox->i);
    int64_t m = a->dims[a->nd - (t1 ? 1 : 2)], k1 = a->dims[a->nd - (t1 ? 2 : 1)];
    int64_t k2 = b->dims[b->nd - (t2 ? 1 : 2)], n = b->dims[b->nd - (t2 ? 2 : 1)];
    if (k1 != k2)
        return proto_fail(op, PROTO_INPUT, "inner dimensions differ: %s x %s (transposes %d, %d)",
                          proto_shape_str(s1, sizeof(s1), a), proto_shape_str(s2, sizeof(s2), b),
                          t1, t2);
    int nd = 0;
    int64_t bd[PROTO_MAX_DIMS];
    if (!ops_broadcast(a->dims, a->nd - 2, b->dims, b->nd - 2, bd, &nd))
        return proto_fail(op, PROTO_INPUT, "batch dimensions of %s and %s do not broadcast",
                          proto_shape_str(s1, sizeof(s1), a), proto_shape_str(s2, sizeof(s2), b));
    if (a->nd == 2 && b->nd == 2)
        nd = 0;
    struct core_op_val *o = &op->out[0];
    o->dtype = a->dtype;
    o->nd = nd + 2;
    memcpy(o->dims, bd, (size_t)nd * sizeof(int64_t));
    o->dims[nd] = m;
    o->dims[nd + 1] = n;
    const struct core_op_val *bias = op->def->nin > 2 ? proto_in(op, 2) : NULL;
    if (bias && (bias->nd != 1 || bias->dims[0] != n))
        return proto_fail(op, PROTO_INPUT, "bias must be [%lld], got %s", (long long)n,
                          proto_shape_str(s1, sizeof(s1), bias));
    if (bias && bias->dtype != a->dtype)
        return proto_fail(op, PROTO_INPUT, "bias has type %s, x1 has %s",
                          proto_dtype_name(bias->dtype), proto_dtype_name(a->dtype));
    return PROTO_OK;
}

/* Operand k as a view with its last two dims swapped when t. */
static aclTensor *maybe_t(struct proto_plan_builder *b, const struct proto_op *op, uint32_t k,
                          bool t)
{
    const struct core_op_val *v = &op->in[k];
    if (!t)
        return proto_operand(b, PIN(k));
    int64_t d[PROTO_MAX_DIMS], st[PROTO_MAX_DIMS], s = 1;
    for (int i = v->nd - 1; i >= 0; i--) {
        st[i] = s;
        s *= v->dims[i];
    }
    memcpy(d, v->dims, (size_t)v->nd * sizeof(int64_t));
    int x = v->nd - 2, y = v->nd - 1;
    int64_t td = d[x], ts = st[x];
    d[x] = d[y], st[x] = st[y];
    d[y] = td, st[y] = ts;
    return proto_tensor(b, PIN(k), v->dtype, d, v->nd, st);
}

enum proto_status proto_build_matmul(const struct proto_op *op, struct proto_plan_builder *b)
{
    bool t1, t2;
    transposes(op, &t1, &t2);
    enum proto_status ps = PROTO_STEP(b, aclnnMatmulGetWorkspaceSize, maybe_t(b, op, 0, t1),
                                      maybe_t(b, op, 1, t2), proto_operand(b, POUT(op, 0)), 0);
    if (ps || op->def->nin < 3 || !proto_in(op, 2))
        return ps;
    /* y += bias, in place. */
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    ps = PROTO_STEP(b, aclnnInplaceAddGetWorkspaceSize, proto_operand(b, POUT(op, 0)),
                    proto_operand(b, PIN(2)), alpha);
    aclDestroyScalar(alpha);
    return ps;
}

/* ---- LogMatrixDeterminant ---------------------------------------------------------- */

enum proto_status proto_infer_log_matrix_determinant(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0];
    char s[96];
    if (x->nd < 2 || x->dims[x->nd - 1] != x->dims[x->nd - 2])
        return proto_fail(op, PROTO_INPUT, "x has shape %s: it must be [..., n, n]",
                          proto_shape_str(s, sizeof(s), x));
    for (uint32_t k = 0; k < 2; k++) {
        proto_out_like(&op->out[k], x, x->dtype);
        op->out[k].nd = x->nd - 2;
    }
    return PROTO_OK;
}

enum proto_status proto_build_log_matrix_determinant(const struct proto_op *op,
                                                     struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnSlogdetGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, POUT(op, 0)), proto_operand(b, POUT(op, 1)));
}
