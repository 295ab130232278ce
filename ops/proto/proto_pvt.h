/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/proto_pvt.h: what the family files of ops/proto share: the
 * declarations of every shape rule and kernel table.h names, and the
 * helpers rules use (broadcast, same types, axes, attribute reads).
 */
#ifndef CPUACL_OPS_PROTO_PROTO_PVT_H
#define CPUACL_OPS_PROTO_PROTO_PVT_H

#include "ops/engine/engine.h"
#include "ops/proto/proto.h"

/* Every rule and kernel the table names (a name used by several rows is
 * declared once per row: the same declaration again). */
#define X(type, in, out, attrs, dtypes, rule, kernel)                                              \
    enum proto_status proto_infer_##rule(struct proto_op *op);                                     \
    enum proto_status proto_build_##kernel(const struct proto_op *op, struct proto_plan_builder *b);
#include "ops/proto/table.h"
#undef X

/* The resolved attribute `name` as a scalar (bool, int, type) or float. */
int64_t proto_attr_i(const struct proto_op *op, const char *name);
double proto_attr_f(const struct proto_op *op, const char *name);
const char *proto_attr_s(const struct proto_op *op, const char *name);

/* Inputs [from, to) of the instance have the type of input `from`; else
 * PROTO_INPUT naming both. */
enum proto_status proto_same_dtype(struct proto_op *op, uint32_t from, uint32_t to);
/* out = the broadcast of a and b, else PROTO_INPUT naming both shapes. */
enum proto_status proto_broadcast(struct proto_op *op, const struct core_op_val *a,
                                  const struct core_op_val *b, struct core_op_val *out);
/* A dim in [-nd, nd) wrapped into [0, nd); -1 when out of range. */
int proto_wrap_axis(int64_t ax, int nd);
/* Output out gets type t and the shape of v (its format stays). */
void proto_out_like(struct core_op_val *out, const struct core_op_val *v, aclDataType t);
/* The name of the instance's input k ("x1", "x0" for a dynamic entry). */
const char *proto_input_label(const struct proto_op *op, uint32_t k, char *buf, size_t cap);

/* A plan step from phase 1 of an aclnn operator: fn(args..., &workspace,
 * &executor), then proto_step_exec. The workspace size is not kept: the
 * executors of ops/ run without one when run directly. */
#define PROTO_STEP(b, fn, ...)                                                                     \
    __extension__({                                                                                \
        uint64_t ws_ = 0;                                                                          \
        aclOpExecutor *e_ = NULL;                                                                  \
        int st_ = fn(__VA_ARGS__, &ws_, &e_);                                                      \
        proto_step_exec((b), st_, e_);                                                             \
    })

/* Plan builder: the operand of op->in[k] / op->out[k]. */
#define PIN(k) PROTO_IN(k)
#define POUT(op, k) PROTO_OUT(op, k)

#endif /* CPUACL_OPS_PROTO_PROTO_PVT_H */
