/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto: the operator types of CANN's IR (the op_proto definitions of
 * ops-math and ops-nn, the names GE's all_ops.h uses: Add, MatMulV2,
 * SoftmaxV2, Conv2D...), one table for every caller that names an operator
 * by its type: GE graphs (graph/), single-operator execution (aclop, through
 * core/op.h) and offline models. A type added to table.h is available to all
 * of them; there is no other list.
 *
 * A type (struct proto_def) declares, as the IR does: its inputs by name
 * (required, optional, dynamic; inputs whose value must be known on the host,
 * such as ReduceSum's axes), its outputs, its attributes (name, type,
 * default; no default = required), the data types of its first input; then
 * two functions of the room: a shape rule (infer: output types and shapes
 * from the inputs and attributes) and a kernel (build: the plan that runs it
 * on the aclnn executors of ops/).
 *
 * An instance (struct proto_op) is a type with its inputs and outputs
 * described (dtype, format, shape, const host data) and its attributes
 * resolved (each declared attribute read from the caller's set through a
 * struct proto_attr_src, or its default). proto_prepare checks the instance
 * against the declaration and infers its outputs; proto_build makes a plan;
 * proto_plan_run runs a plan with the operand addresses of one launch.
 *
 * Errors: every function returns a proto_status and leaves a message in
 * op->msg naming the operator, the input, output or attribute and what was
 * expected ("Add: input x2 has type int32, x1 has float32"). Callers prefix
 * it and map the status to their codes (aclop: PROTO_INPUT ->
 * ACL_ERROR_OP_INPUT_NOT_MATCH...; graph: GE_GRAPH_INFERSHAPE_FAILED).
 *
 * Plans are immutable once built: one plan may run on several workers at
 * once (its executors are run directly, never through ops_launch, as GC3 of
 * graph/compile.c). Nothing here takes a lock or keeps global mutable state.
 */
#ifndef CPUACL_OPS_PROTO_PROTO_H
#define CPUACL_OPS_PROTO_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "core/op.h"

struct aclTensor;
struct aclTensorList;
struct aclOpExecutor;

#define PROTO_MAX_DIMS CORE_OP_MAX_DIMS /* AscendCL's operator limit: 8 */
#define PROTO_MAX_IN 64                 /* inputs of an instance, dynamic entries included */
#define PROTO_MAX_OUT 4                 /* outputs of an instance */
#define PROTO_MAX_DECL_IN 8             /* inputs a type declares */
#define PROTO_MAX_ATTRS 12              /* attributes a type declares */
#define PROTO_MAX_LIST 16               /* values of a list attribute default */
#define PROTO_MSG 256

enum proto_status {
    PROTO_OK = 0,
    PROTO_TYPE,        /* no such operator type */
    PROTO_INPUT,       /* input count, shape, missing const value, inputs that do not agree */
    PROTO_OUTPUT,      /* output count, or an output described unlike the inferred one */
    PROTO_ATTR,        /* attribute missing, of another type, or of a bad value */
    PROTO_DTYPE,       /* a data type the operator does not support */
    PROTO_UNSUPPORTED, /* valid IR that cpuacl does not run (e.g. an attribute value) */
    PROTO_NOMEM,
};

/* Attribute types (the IR's, and the aclopSetAttr* setters'). */
enum proto_attr_type {
    PROTO_A_BOOL,
    PROTO_A_INT,
    PROTO_A_FLOAT,
    PROTO_A_STRING,
    PROTO_A_TYPE, /* a data type (aclDataType = ge::DataType for the types cpuacl runs) */
    PROTO_A_LIST_BOOL,
    PROTO_A_LIST_INT,
    PROTO_A_LIST_FLOAT,
    PROTO_A_LIST_STRING,
    PROTO_A_LIST_TYPE,
    PROTO_A_LIST_LIST_INT,
};

/* An attribute value. Scalars in i (bool, int, data type), f or s; lists of
 * n values in ints (bools and types as int64 too), floats or strs; a list of
 * lists as n rows, row r holding lens[r] values at rows[r]. Borrowed: valid
 * as long as the caller's set (or the declaration, for defaults). */
struct proto_attr {
    enum proto_attr_type type;
    bool set; /* false: the declaration's default */
    int64_t i;
    double f;
    const char *s;
    size_t n;
    const int64_t *ints;
    const float *floats;
    const char *const *strs;
    const int64_t *const *rows;
    const size_t *lens;
};

/* The caller's attributes. get looks name up: PROTO_FOUND with *out filled,
 * PROTO_ABSENT. `want` is the declared type: a source may convert a value
 * of its own kinds to it where its API allows (GE's graph: an int attribute
 * where a bool is declared); out->type is the type it hands over, and
 * proto_prepare refuses any other than the declared one (aclop is strict:
 * aclopSetAttrInt for a Bool attribute is a mistyped attribute). */
enum proto_found { PROTO_FOUND, PROTO_ABSENT };
struct proto_attr_src {
    const void *set;
    enum proto_found (*get)(const void *set, const char *name, enum proto_attr_type want,
                            struct proto_attr *out);
};

/* A tensor of an instance is core's struct core_op_val (core/op.h): type,
 * format, shape, const host data, absent. */

/* Declarations. An input name ending in '?' is optional, in '*' dynamic (the
 * instance gives one or more entries), in '#' a value input (its value must be
 * on the host: a const input, for shapes that depend on it), in "#?" an
 * optional value input. An output name ending in '*' is a dynamic output (the
 * last declared one: SplitV's y): the instance has the entries the caller's
 * output count leaves to it, one or more (GE: create_dynamic_output_y(n)), up to
 * PROTO_MAX_OUT outputs in all. */
struct proto_attr_decl {
    const char *name;
    enum proto_attr_type type;
    bool required;
    const char *dflt; /* the default as text ("false", "-1", "1,1,1,1", "NHWC", "DT_INT64") */
};

struct proto_op;
struct proto_plan_builder;

struct proto_def {
    const char *type;
    const char *in[PROTO_MAX_DECL_IN];
    uint8_t nin;
    const char *out[PROTO_MAX_OUT];
    uint8_t nout;
    struct proto_attr_decl attr[PROTO_MAX_ATTRS];
    uint8_t nattr;
    uint32_t dtypes; /* DTM_* mask of the first input's types */
    enum proto_status (*infer)(struct proto_op *op);
    enum proto_status (*build)(const struct proto_op *op, struct proto_plan_builder *b);
};

/* An instance. in[] in declaration order with a dynamic input expanded to
 * ndyn entries; attr[] in declaration order. */
struct proto_op {
    const struct proto_def *def;
    uint32_t nin, nout, ndyn;
    struct core_op_val in[PROTO_MAX_IN];
    struct core_op_val out[PROTO_MAX_OUT];
    /* Data-dependent outputs (GE's "third-class" operators: NonZero, Unique,
     * NonMaxSuppression): per output, a mask of the dims (bit d for dims[d]) the rule
     * gave as an upper bound because the real extent is known only once the kernel
     * ran; the kernel writes the output compactly at its real dims and reports them
     * through proto_plan_run_dims. 0 for every other output. */
    uint8_t bound[PROTO_MAX_OUT];
    struct proto_attr attr[PROTO_MAX_ATTRS];
    char msg[PROTO_MSG];
};

/* ---- the table ------------------------------------------------------------ */

/* The type named `type`, NULL when the table has none. */
const struct proto_def *proto_find(const char *type);
/* Iteration (docs, tests): the i-th type in name order, NULL past the end. */
const struct proto_def *proto_at(size_t i);

/* ---- instances ------------------------------------------------------------ */

/* The attribute types' names in messages and docs ("list_int"). */
const char *proto_attr_type_name(enum proto_attr_type t);

/* Fill op from def, the inputs and the attributes, and check it: input
 * count (a dynamic input takes what is left), required inputs present,
 * value inputs const, the first input's dtype in def->dtypes, each declared
 * attribute found with a compatible type or defaulted (required ones must be
 * found); then run def->infer, which writes op->out. nout: the caller's
 * output count (a dynamic output takes what the fixed outputs leave; a type
 * without one has its declared count). `out` (may be NULL): the outputs as
 * the caller describes them, nout of them; each must then
 * agree with the inferred one (type; rank and dims, a -1 dim of the
 * caller's accepting any size); before def->infer runs, op->out holds them
 * (else nd -1, dtype ACL_DT_UNDEFINED) so that a rule may take an output
 * type the IR leaves to the caller (ArgMaxV2's y: int32 or int64). Names in
 * messages: "<type>: ...". */
enum proto_status proto_prepare(struct proto_op *op, const struct proto_def *def, uint32_t nin,
                                const struct core_op_val *in, uint32_t nout,
                                const struct core_op_val *out, const struct proto_attr_src *attrs);

/* Declared input i of def: its name without the suffix (length into *len)
 * and its kind: 0 required, '?' optional (also an optional value input, "#?"),
 * '*' dynamic, '#' value input. */
const char *proto_in_name(const struct proto_def *def, int i, int *len);
char proto_in_kind(const struct proto_def *def, int i);
/* Whether declared input i is a value input, required ('#') or optional ("#?"). */
bool proto_in_value(const struct proto_def *def, int i);
/* The instance's value of declared input i (its first entry for a dynamic
 * one), NULL when not given or absent. */
const struct core_op_val *proto_in(const struct proto_op *op, int i);
/* The declared dynamic output (the last one, its name ending in '*'), -1 when none. */
int proto_out_dyn(const struct proto_def *def);
/* The name of the instance's output k ("y", "y0" for a dynamic entry). */
const char *proto_output_label(const struct proto_op *op, uint32_t k, char *buf, size_t cap);
/* Index in op->in of declared input i's first entry (past nin: not given). */
uint32_t proto_in_index(const struct proto_op *op, int i);
/* The name of a data type for messages ("float32"). */
const char *proto_dtype_name(aclDataType t);
/* "[2, 3]" into buf. */
const char *proto_shape_str(char *buf, size_t cap, const struct core_op_val *v);

/* proto_prepare for a caller that wants the inferred outputs (aclopInferShape):
 * `out` (nout of them, may be NULL) only hint the rules (an output type the
 * IR leaves to the caller) and are not checked against the inferred ones. */
enum proto_status proto_prepare_hints(struct proto_op *op, const struct proto_def *def,
                                      uint32_t nin, const struct core_op_val *in, uint32_t nout,
                                      const struct core_op_val *out,
                                      const struct proto_attr_src *attrs);

/* The resolved attribute `name` (it must be declared). */
const struct proto_attr *proto_attr(const struct proto_op *op, const char *name);
/* Record a failure: op->msg = "<type>: " + the formatted text; returns st. */
enum proto_status proto_fail(struct proto_op *op, enum proto_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Elements of a value (1 for a scalar), bytes of a value. */
int64_t proto_numel(const struct core_op_val *v);
size_t proto_bytes(const struct core_op_val *v);
/* The integers of a const input (int32 or int64), up to cap; -1 if not const or not integers. */
int proto_const_ints(const struct core_op_val *v, int64_t *out, int cap);

/* ---- plans ---------------------------------------------------------------- */

/* Operands of a plan: inputs [0, nin) then outputs [nin, nin + nout) of the
 * instance it was built for. proto_plan_run gets their addresses. */
#define PROTO_IN(k) (k)
#define PROTO_OUT(op, k) ((op)->nin + (k))

struct proto_plan;

/* Build the plan of a prepared instance. */
enum proto_status proto_build(struct proto_op *op, struct proto_plan **plan);
/* Run it: operands[k] the address of operand k (NULL for an absent input).
 * Returns 0 or an aclError (for the stream's error state). */
int32_t proto_plan_run(const struct proto_plan *p, void *const *operands);
/* The same, with dims (nout entries, may be NULL): a plan of an instance with bounded
 * outputs (op->bound) writes their real dims of this launch there (the other entries are
 * not touched). proto_plan_run leaves a bounded output's real extent unreported: its
 * buffer holds the compact result of unknown length (aclop's case). */
int32_t proto_plan_run_dims(const struct proto_plan *p, void *const *operands,
                            int64_t (*dims)[PROTO_MAX_DIMS]);
void proto_plan_free(struct proto_plan *p);
/* Operands the plan reads (for capture and dumps). */
uint32_t proto_plan_operands(const struct proto_plan *p);

/* For build functions. A tensor over operand `ref` (a view: dims and
 * strides of its own, NULL strides = contiguous); the builder owns it. */
struct aclTensor *proto_tensor(struct proto_plan_builder *b, uint32_t ref, aclDataType dtype,
                               const int64_t *dims, int nd, const int64_t *strides);
/* The same, starting `offset` elements into the operand (a slice). */
struct aclTensor *proto_tensor_at(struct proto_plan_builder *b, uint32_t ref, aclDataType dtype,
                                  const int64_t *dims, int nd, const int64_t *strides,
                                  int64_t offset);
/* The tensor of operand ref as the instance describes it. */
struct aclTensor *proto_operand(struct proto_plan_builder *b, uint32_t ref);
/* A tensor list of n tensors made by proto_tensor/proto_operand (the list
 * takes them over); the builder owns it. */
struct aclTensorList *proto_tensor_list(struct proto_plan_builder *b, struct aclTensor *const *t,
                                        uint32_t n);
/* Append a step: the executor phase 1 made (st its status), its slots bound
 * to the operands of the tensors it was made from. On failure the message
 * of phase 1 is copied into op->msg. */
enum proto_status proto_step_exec(struct proto_plan_builder *b, int st, struct aclOpExecutor *e);
/* Append a step: copy `bytes` from operand src to operand dst. */
enum proto_status proto_step_copy(struct proto_plan_builder *b, uint32_t src, uint32_t dst,
                                  size_t bytes);
/* Append a step: fn(operands, arg) (arg: `size` bytes copied into the plan). */
typedef int32_t (*proto_host_fn)(void *const *operands, const void *arg);
enum proto_status proto_step_fn(struct proto_plan_builder *b, proto_host_fn fn, const void *arg,
                                size_t size);
/* The same for the kernel of an operator with data-dependent outputs (op->bound): fn also
 * gets the launch's dims array (proto_plan_run_dims; NULL when the caller does not ask)
 * and writes into dims[k] the real dims of each bounded output k (as many as the output's
 * rank), having written the output compactly at those dims. */
typedef int32_t (*proto_dims_fn)(void *const *operands, const void *arg,
                                 int64_t (*dims)[PROTO_MAX_DIMS]);
enum proto_status proto_step_fn_dims(struct proto_plan_builder *b, proto_dims_fn fn,
                                     const void *arg, size_t size);
/* Append a step that runs one of the n steps appended after it, chosen at
 * each launch by the value operand `ref` (one int32 or int64) holds, wrapped
 * as an axis: v in [-n, n) runs alternative v (v + n when negative). A value
 * out of range fails the launch with ACL_ERROR_INVALID_PARAM and a message
 * "<what> holds v at run time, out of range [-n, n)". For a value input the
 * graph feeds at run time (not a const) whose values only choose among
 * kernels of one output shape: Cumsum's axis. */
enum proto_status proto_step_select(struct proto_plan_builder *b, uint32_t ref, uint32_t n,
                                    const char *what);

#endif /* CPUACL_OPS_PROTO_PROTO_H */
