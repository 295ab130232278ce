/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/onnx_pvt.h: the private header of atc's ONNX reader (atc/onnx/): the
 * conversion context (Ctx: the graph being built, the values, constants and shapes of the
 * model, the node being converted), the refusal every converter throws, and the helpers the
 * families share: reading a node's inputs, constants and attributes, emitting CANN nodes
 * and Consts. Every converter conv_<name> of atc/onnx/onnx_ops.h is declared here from the table
 * and defined in the file of its family; a helper used by one file stays static there.
 */
#ifndef CPUACL_ATC_ONNX_PVT_H
#define CPUACL_ATC_ONNX_PVT_H

#include "onnx_graph.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace atc
{

/* ge::DataType values (include/acl/acl_base.h's aclDataType shares them). */
enum : int32_t {
    GE_F32 = 0,
    GE_F16 = 1,
    GE_I8 = 2,
    GE_I32 = 3,
    GE_U8 = 4,
    GE_I16 = 6,
    GE_U16 = 7,
    GE_U32 = 8,
    GE_I64 = 9,
    GE_U64 = 10,
    GE_F64 = 11,
    GE_BOOL = 12,
    GE_BF16 = 27
};
enum : int32_t { FMT_NCHW = 0, FMT_ND = 2 };

struct Fail : std::runtime_error {
    std::string code;
    Fail(const std::string &c, const std::string &m) : std::runtime_error(m), code(c) {}
};

/* A refusal of the current node's conversion. */
[[noreturn]] void refuse(const std::string &what);

struct Ref {
    int32_t node, out;
};

struct Shape {
    int32_t dtype = -1;        /* ONNX */
    bool known = false;        /* rank known */
    std::vector<int64_t> dims; /* -1 = unknown */
};

struct Ctx {
    cpuaclGeGraph *g = nullptr;
    Converted *out = nullptr;
    int64_t opset = 0;
    int64_t model_opset = 0; /* the model's own, before the version converter */
    std::map<std::string, Ref> values;
    std::map<std::string, const onnx::TensorProto *> consts;
    std::deque<onnx::TensorProto> owned; /* Constant nodes' values */
    std::map<std::string, Shape> shapes;
    std::set<std::string> used_names;
    const onnx::NodeProto *node = nullptr;
    std::string base; /* GE name prefix of the current node */
    /* GELU subgraphs (fuse_gelu): each Erf that heads one -> (x, the
     * subgraph's output); the other nodes of those subgraphs, not converted */
    std::map<const onnx::NodeProto *, std::pair<std::string, std::string>> gelu;
    std::set<const onnx::NodeProto *> fused;
    std::set<std::string> inputs; /* the graph inputs (Data nodes) */
    bool dynamic = false;         /* a value input is fed at run time: a dynamic-shape model */
    /* ONNX values whose dims are data-dependent (NonZero, Unique, NonMaxSuppression: the
     * CANN node writes its real extent at run time, docs/mdl.md): graph outputs only */
    std::map<std::string, std::string> ddep; /* value -> "Op [name] of type [T]" */
};

/* ---- tensors (context.cc) ----------------------------------------------- */

/* Dims as "2,3,4" (for messages). */
std::string dims_str(const std::vector<int64_t> &d);

/* The bytes of one element of GE type t. */
size_t ge_size(int32_t t);

/* The bytes of an initializer, in its GE type. */
std::vector<char> tensor_bytes(const onnx::TensorProto &t, int32_t *dtype);

/* An integer initializer or Constant as int64 values (axes, shapes). */
bool const_ints(Ctx &c, const std::string &name, std::vector<int64_t> *v);

/* The name of the current node's input i ("" when it has none). */
const std::string &in_name(Ctx &c, int i);

/* Whether the current node has input i (present and named). */
bool has_in(Ctx &c, int i);

/* Input i's values as int64; refused, naming `what`, unless it is a constant. */
std::vector<int64_t> need_ints(Ctx &c, int i, const char *what);

/* A float32 initializer or Constant as doubles (Resize's scales and roi); the refusal
 * need_ints gives for a value not known at conversion. */
std::vector<double> need_floats(Ctx &c, int i, const char *what);

/* Whether input i, which a CANN type takes as a value input ('#': Reshape's shape,
 * ReduceSum's axes, Tile's multiples), is a graph input of integers of known dims: then
 * the converter may connect it as the CANN node's value input instead of reading it
 * with need_ints, and the model becomes a dynamic-shape model (docs/atc.md, "Values
 * known at run time"): the graph engine reads the value at each execution, infers the
 * shapes and runs a plan compiled for it (cached by value). A mapping opts in by
 * calling this before need_ints, for an operand it hands to the CANN type unchanged
 * (a value the converter itself computes with must stay a constant). */
bool fed_at_run_time(Ctx &c, int i, bool any_number = false);

/* The type and dims of the value `name` after inference (unknown when the model has none). */
const Shape &shape_of(Ctx &c, const std::string &name);

/* shape_of the current node's input i. */
const Shape &in_shape(Ctx &c, int i);

/* The rank of input i; refused, naming `what`, when unknown. */
int rank_of(Ctx &c, int i, const char *what);

/* ---- graph building (context.cc) ---------------------------------------- */

/* A GE node name: `want`, made unique in the graph (want_1, want_2, ...). */
std::string unique(Ctx &c, const std::string &want);

/* A graph call's failure (rc not 0) thrown as E19999 with cpuaclGeErrMsg(). */
void ge_check(Ctx &c, uint32_t rc, const char *what);

/* A CANN node for the current ONNX node ("" suffix = the main one). */
int32_t add(Ctx &c, const char *type, const std::string &suffix = "");

/* Attribute a of node n; attr_i, attr_b, attr_f, attr_s, attr_ints below: of each kind. */
void attr(Ctx &c, int32_t n, const char *a, const cpuaclGeAttrValue &v);

/* An int attribute. */
void attr_i(Ctx &c, int32_t n, const char *a, int64_t v);

/* A bool attribute. */
void attr_b(Ctx &c, int32_t n, const char *a, bool v);

/* A float attribute. */
void attr_f(Ctx &c, int32_t n, const char *a, double v);

/* A string attribute. */
void attr_s(Ctx &c, int32_t n, const char *a, const char *v);

/* An int list attribute. */
void attr_ints(Ctx &c, int32_t n, const char *a, const std::vector<int64_t> &v);

/* A tensor description of type dt, dims and format fmt; refused past CPUACL_GE_MAX_DIMS. */
cpuaclGeTensor desc(int32_t dt, const std::vector<int64_t> &dims, int32_t fmt);

/* A Const node named `name` (made unique) holding bytes of GE type dt and dims. */
Ref const_node(Ctx &c, const std::string &name, int32_t dt, const std::vector<int64_t> &dims,
               std::vector<char> bytes);

/* An int64 Const of v named after the current node: 1-D, or a scalar of v's one value. */
Ref const_i64(Ctx &c, const std::string &suffix, const std::vector<int64_t> &v,
              bool scalar = false);

/* A scalar of ONNX type ot with value v. */
Ref const_scalar(Ctx &c, const std::string &suffix, int32_t ot, double v);

/* The value an ONNX name stands for (an initializer becomes a Const). */
Ref value(Ctx &c, const std::string &name);

/* Input `input` of node n fed by value r. */
void connect(Ctx &c, int32_t n, const char *input, Ref r);

/* Input `input` of node n fed by the current node's input i. */
void connect_in(Ctx &c, int32_t n, const char *input, int i);

/* Output i of the current node is value r (when the model names that output). */
void set_out(Ctx &c, int i, Ref r);

/* Refuse outputs past the first `n` that the model uses. */
void only_outputs(Ctx &c, int n, const char *why);

/* Output 0 of the current node is the constant t (a value, not a node:
 * readers needing a host value find it; others get a Const node). */
void const_output(Ctx &c, onnx::TensorProto t);

/* The CANN node of a one-input op: x from input 0, y as output 0. */
int32_t one_input(Ctx &c, const char *cann);

/* A one-input CANN node of type `type` on value x. */
Ref apply(Ctx &c, const char *type, const std::string &suffix, Ref x);

/* A two-input CANN node (inputs named i1, i2) on values a and b. */
Ref apply2(Ctx &c, const char *type, const std::string &suffix, Ref a, Ref b, const char *i1 = "x1",
           const char *i2 = "x2");

/* A Cast of x to GE type dt. */
Ref cast_to(Ctx &c, const std::string &suffix, Ref x, int32_t dt);

/* A Slice of x at offsets off, sizes `size` (constant operands). */
Ref slice_node(Ctx &c, const std::string &sfx, Ref x, const std::vector<int64_t> &off,
               const std::vector<int64_t> &size);

/* x reshaped to dims (a Reshape with a constant shape). */
Ref reshape_to(Ctx &c, const std::string &sfx, Ref x, const std::vector<int64_t> &dims);

/* x transposed by perm (a Transpose with a constant perm). */
Ref transpose_by(Ctx &c, const std::string &sfx, Ref x, const std::vector<int64_t> &perm);

/* ConcatV2 of v along axis (v[0] itself when v holds one value). */
Ref concat_of(Ctx &c, const std::string &sfx, const std::vector<Ref> &v, int64_t axis);

/* ---- attributes (context.cc) -------------------------------------------- */

/* The current node's attribute `name`, or null. */
const onnx::AttributeProto *find_attr(Ctx &c, const char *name);

/* The current node's int attribute `name`, or dflt. */
int64_t get_i(Ctx &c, const char *name, int64_t dflt);

/* The current node's float attribute `name`, or dflt. */
float get_f(Ctx &c, const char *name, float dflt);

/* The current node's string attribute `name`, or dflt. */
std::string get_s(Ctx &c, const char *name, const std::string &dflt);

/* The current node's ints attribute `name` into *v; false when absent. */
bool get_ints(Ctx &c, const char *name, std::vector<int64_t> *v);

/* Refuse any attribute not in `known` (an attribute we would ignore could
 * change the result). */
void known_attrs(Ctx &c, std::initializer_list<const char *> known);

/* Axis a of a rank-`rank` tensor in [0, rank) (negatives from the end); refused out of range. */
int64_t wrap_axis(int64_t a, int rank, const char *what);

/* The axis attribute (default 0) wrapped for the rank of input 0. */
int64_t axis_attr(Ctx &c, const char *what);

/* ---- conv.cc, shared with other files ----------------------------------- */

/* A 1-D operator (3-D X [N, C, L]) runs as its 2-D form on [N, C, 1, L]: the
 * spatial attributes of the 1-D form given H's identity (kernel, stride,
 * dilation 1; pads 0), ONNX's pad order [begin..., end...]. */
void as_2d(std::vector<int64_t> *v, int64_t h, bool pads);

/* x with a unit dim inserted at 2 (a 1-D operand to its 2-D form) */
Ref unsqueeze_h(Ctx &c, const std::string &suffix, Ref x);

/* Output 0 of the current node: node n's output with dim 2 squeezed when the
 * node ran in the 2-D form of a 1-D operator. */
void set_out_1d(Ctx &c, int32_t n, bool one);

/* ONNX's auto_pad SAME_UPPER / SAME_LOWER pads [b0, b1, ..., e0, e1, ...] for the spatial dims
 * `in` with effective kernel sizes `k` (dilation applied) and strides `st`. */
std::vector<int64_t> same_pads(const std::vector<int64_t> &in, const std::vector<int64_t> &k,
                               const std::vector<int64_t> &st, bool upper);

/* ONNX pads [b0, b1, b2, e0, e1, e2] -> CANN's 3-d [front, back, top, bottom, left, right]. */
std::vector<int64_t> pads_3d(const std::vector<int64_t> &p);

/* ---- pool.cc, shared with other files ----------------------------------- */

/* A MaxPool3D (padding CALCULATED) / AvgPool3D node on NCDHW x: kernel k, strides st, ONNX
 * pads [b0, b1, b2, e0, e1, e2]; ceil_mode and count_include_pad carry over. CANN's kernels
 * pad at most half the kernel: larger pads (ceil_mode 0, x's dims xd given, float) are made
 * explicit (pad_spatial: -inf for the max, 0 for the average), the pool then runs unpadded,
 * and an average that does not count the pads is scaled by kernel size / the window's
 * count of real elements (a constant of the output's D, H, W). */
Ref pool3d_node(Ctx &c, bool maxp, Ref x, const std::vector<int64_t> &k,
                const std::vector<int64_t> &st, const std::vector<int64_t> &pads, bool ceil,
                bool count_pad, const std::string &suffix, const std::vector<int64_t> *xd = nullptr,
                const std::vector<int64_t> &dl = {1, 1, 1});

/* ---- activation.cc, shared with other files ----------------------------- */

/* max(0, min(1, alpha * x + beta)) on x, of ONNX type ot. */
Ref hard_sigmoid(Ctx &c, Ref x, int32_t ot, double alpha, double beta);

/* ---- shape.cc, shared with other files ---------------------------------- */

/* Axes of Squeeze/Unsqueeze/Reduce*: the attribute before opset 13 (18
 * for ReduceMean), else input 1. */
bool axes_of(Ctx &c, int64_t input_since, std::vector<int64_t> *axes);

/* ---- index.cc, shared with other files ---------------------------------- */

/* Output i of the current node has dims known only once its CANN node ran (a bound at
 * build, the real extent written at run time: docs/mdl.md, "Data-dependent output
 * shapes"): it may only be a graph output (convert_node refuses a node reading it). */
void data_dependent(Ctx &c, int i);

/* ---- converters ---------------------------------------------------------- */

/* A converter: one per converter name of atc/onnx/onnx_ops.h, defined in the file of its
 * family (atc/onnx/); `cann` is the row's first type. */
using Conv = void (*)(Ctx &, const char *cann);

/* Every converter conv_<converter> of the table, declared from its rows (a converter of
 * several rows is declared once a row, which C++ allows). */
#define M(onnx_op, converter, cann, notes) void conv_##converter(Ctx &, const char *);
#include "onnx_ops.h"
#undef M

} // namespace atc

#endif
