/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/operator_reg.h: cpuacl's macros for writing operator prototypes
 * (all_ops.h). Each prototype is a class derived from ge::Operator with
 * GE's setter spellings:
 *   input x:          set_input_x(op [, output name | output index]),
 *                     get_input_desc_x(), update_input_desc_x(desc)
 *   dynamic input x:  create_dynamic_input_x(n), set_dynamic_input_x(i, op [, name]),
 *                     update_dynamic_input_desc_x(i, desc)
 *   output y:         get_output_desc_y(), update_output_desc_y(desc)
 *   dynamic output y: create_dynamic_output_y(n) (entries y0, y1, ...: an edge from
 *                     entry i is SetInput(name, op, i)), update_dynamic_output_desc_y(i, desc)
 *   attribute a:      set_attr_a(value), get_attr_a()
 * Defaults of attributes are applied by the engine (docs/graph.md).
 */
#ifndef CPUACL_GRAPH_OPERATOR_REG_H
#define CPUACL_GRAPH_OPERATOR_REG_H
#ifdef __cplusplus

#include <functional>
#include <string>
#include <vector>

#include "graph/operator.h"

#define CPUACL_OP_BEGIN(T)                                                                         \
    class T : public ge::Operator {                                                                \
    public:                                                                                        \
        using _THIS_TYPE = T;                                                                      \
        T() : ge::Operator(#T) {}                                                                  \
        explicit T(const char *name) : ge::Operator(name, #T) {}                                   \
        explicit T(const std::string &name) : ge::Operator(name.c_str(), #T) {}                    \
        explicit T(const ge::AscendString &name) : ge::Operator(name.GetString(), #T) {}           \
        static const char *OpType() { return #T; }

/* A setter of the prototype class: `decl` is its name and parameters; it runs
 * `call` and returns the object, so that setters chain as GE's do. */
#define CPUACL_OP_SETTER(decl, call)                                                               \
    _THIS_TYPE &decl                                                                               \
    {                                                                                              \
        call;                                                                                      \
        return *this;                                                                              \
    }

/* The name of dynamic input x's i-th instance ("x0", "x1", ...). */
#define CPUACL_OP_DYNAMIC_NAME(x, i) (std::string(#x) + std::to_string(i)).c_str()

#define CPUACL_OP_INPUT(x)                                                                         \
    CPUACL_OP_SETTER(set_input_##x(ge::Operator &v), SetInput(#x, v))                              \
    CPUACL_OP_SETTER(set_input_##x(ge::Operator &v, const char *srcName), SetInput(#x, v, srcName)) \
    CPUACL_OP_SETTER(set_input_##x(ge::Operator &v, const std::string &srcName),                   \
                     SetInput(#x, v, srcName.c_str()))                                             \
    CPUACL_OP_SETTER(set_input_##x(ge::Operator &v, uint32_t index), SetInput(#x, v, index))       \
    ge::TensorDesc get_input_desc_##x() const { return GetInputDescByName(#x); }                   \
    ge::graphStatus update_input_desc_##x(const ge::TensorDesc &tensorDesc)                        \
    {                                                                                              \
        return UpdateInputDesc(#x, tensorDesc);                                                    \
    }                                                                                              \
    static const char *name_in_##x() { return #x; }

#define CPUACL_OP_DYNAMIC_INPUT(x)                                                                 \
    CPUACL_OP_SETTER(create_dynamic_input_##x(uint32_t num, bool isPushBack = true),               \
                     DynamicInputRegister(#x, num, isPushBack))                                    \
    CPUACL_OP_SETTER(set_dynamic_input_##x(uint32_t dstIndex, ge::Operator &v),                    \
                     SetInput(CPUACL_OP_DYNAMIC_NAME(x, dstIndex), v))                             \
    CPUACL_OP_SETTER(set_dynamic_input_##x(uint32_t dstIndex, ge::Operator &v, const char *srcName), \
                     SetInput(CPUACL_OP_DYNAMIC_NAME(x, dstIndex), v, srcName))                    \
    ge::graphStatus update_dynamic_input_desc_##x(uint32_t index, const ge::TensorDesc &tensorDesc) \
    {                                                                                              \
        return UpdateInputDesc(CPUACL_OP_DYNAMIC_NAME(x, index), tensorDesc);                      \
    }

#define CPUACL_OP_OUTPUT(y)                                                                        \
    ge::TensorDesc get_output_desc_##y() const { return GetOutputDescByName(#y); }                 \
    ge::graphStatus update_output_desc_##y(const ge::TensorDesc &tensorDesc)                       \
    {                                                                                              \
        return UpdateOutputDesc(#y, tensorDesc);                                                   \
    }                                                                                              \
    static const char *name_out_##y() { return #y; }

#define CPUACL_OP_DYNAMIC_OUTPUT(y)                                                                \
    CPUACL_OP_SETTER(create_dynamic_output_##y(uint32_t num, bool isPushBack = true),              \
                     DynamicOutputRegister(#y, num, isPushBack))                                   \
    ge::graphStatus update_dynamic_output_desc_##y(uint32_t index, const ge::TensorDesc &tensorDesc) \
    {                                                                                              \
        return UpdateOutputDesc(CPUACL_OP_DYNAMIC_NAME(y, index), tensorDesc);                     \
    }

#define CPUACL_OP_ATTR(a, T)                                                                       \
    CPUACL_OP_SETTER(set_attr_##a(const T &v), SetAttr(#a, v))                                     \
    T get_attr_##a() const                                                                         \
    {                                                                                              \
        T v{};                                                                                     \
        GetAttr(#a, v);                                                                            \
        return v;                                                                                  \
    }                                                                                              \
    static const char *name_attr_##a() { return #a; }

#define CPUACL_OP_END() };

/* ---- GE's prototype macros: REG_OP(T) .INPUT(x, types) ... .OP_END_FACTORY_REG(T) ----
 *
 * The prototype headers of CANN's operator repositories (op_graph/<op>_proto.h) and
 * users' own declare types with these. REG_OP opens namespace op and the class; each
 * clause, written as `.CLAUSE(...)`, ends the statement the previous one left open
 * (`chain.N();`), calls its own registration function, adds its members and opens that
 * function, whose body ends in a fresh `chain` for the next clause's dot; OP_END closes
 * the last function, the class and the namespace. The constructors run the chain.
 * What a clause declares beyond the members (the types of an input, an attribute's
 * default) is not stored on the node: the engine takes types and defaults from its own
 * table of operator types (docs/graph.md), and a getter of an attribute never set
 * returns the declared default. */
namespace ge {

/* What each clause's statement is called on. */
struct CpuaclOpRegChain {
    CpuaclOpRegChain &N() { return *this; }
};

/* A named set of attributes (ATTR(x, NamedAttrs, ...)); the engine does not take it. */
class NamedAttrs {
public:
    void SetName(const std::string &name) { name_ = name; }
    std::string GetName() const { return name_; }

private:
    std::string name_;
};

using OpInt = int64_t;
using OpFloat = float;
using OpBool = bool;
using OpString = std::string;
using OpAscendString = ge::AscendString;
using OpTensor = ge::Tensor;
using OpType = ge::DataType;
using OpNamedAttrs = ge::NamedAttrs;
using OpBytes = std::vector<uint8_t>;
using OpListInt = std::vector<int64_t>;
using OpListFloat = std::vector<float>;
using OpListBool = std::vector<bool>;
using OpListString = std::vector<std::string>;
using OpListAscendString = std::vector<ge::AscendString>;
using OpListTensor = std::vector<ge::Tensor>;
using OpListType = std::vector<ge::DataType>;
using OpListListInt = std::vector<std::vector<int64_t>>;
using OpListNamedAttrs = std::vector<ge::NamedAttrs>;

/* A subgraph builder (GRAPH / DYNAMIC_GRAPH clauses). */
class Graph;
using SubgraphBuilder = std::function<Graph()>;

} // namespace ge

/* How an attribute of each kind is stored: a value the engine takes, or an opaque mark. */
#define CPUACL_ATTR_PUT_Int(x, v) SetAttr(#x, (int64_t)(v))
#define CPUACL_ATTR_PUT_Float(x, v) SetAttr(#x, (float)(v))
#define CPUACL_ATTR_PUT_Bool(x, v) SetAttr(#x, (bool)(v))
#define CPUACL_ATTR_PUT_String(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_AscendString(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_Tensor(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_Type(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_ListInt(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_ListFloat(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_ListBool(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_ListString(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_ListAscendString(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_ListType(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_ListListInt(x, v) SetAttr(#x, v)
#define CPUACL_ATTR_PUT_NamedAttrs(x, v) ((void)(v), PutOpaque(#x))
#define CPUACL_ATTR_PUT_Bytes(x, v) ((void)(v), PutOpaque(#x))
#define CPUACL_ATTR_PUT_ListTensor(x, v) ((void)(v), PutOpaque(#x))
#define CPUACL_ATTR_PUT_ListNamedAttrs(x, v) ((void)(v), PutOpaque(#x))
/* ... and read back (opaque kinds: the value set here is not kept, the default is read). */
#define CPUACL_ATTR_GET_Int(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_Float(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_Bool(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_String(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_AscendString(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_Tensor(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_Type(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_ListInt(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_ListFloat(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_ListBool(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_ListString(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_ListAscendString(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_ListType(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_ListListInt(x, v) GetAttr(#x, v)
#define CPUACL_ATTR_GET_NamedAttrs(x, v) (void)0
#define CPUACL_ATTR_GET_Bytes(x, v) (void)0
#define CPUACL_ATTR_GET_ListTensor(x, v) (void)0
#define CPUACL_ATTR_GET_ListNamedAttrs(x, v) (void)0

/* String attributes are also set from C strings and AscendString, and read into one. */
#define CPUACL_ATTR_EXTRA_String(x)                                                                    CPUACL_OP_SETTER(set_attr_##x(const char *v), SetAttr(#x, v))                                      CPUACL_OP_SETTER(set_attr_##x(const ge::AscendString &v), SetAttr(#x, v))                          ge::graphStatus get_attr_##x(ge::AscendString &v) const                                            {                                                                                                      v = ge::AscendString(get_attr_##x().c_str());                                                      return ge::GRAPH_SUCCESS;                                                                      }
#define CPUACL_ATTR_EXTRA_Int(x)
#define CPUACL_ATTR_EXTRA_Float(x)
#define CPUACL_ATTR_EXTRA_Bool(x)
#define CPUACL_ATTR_EXTRA_AscendString(x)
#define CPUACL_ATTR_EXTRA_Tensor(x)
#define CPUACL_ATTR_EXTRA_Type(x)
#define CPUACL_ATTR_EXTRA_ListInt(x)
#define CPUACL_ATTR_EXTRA_ListFloat(x)
#define CPUACL_ATTR_EXTRA_ListBool(x)
#define CPUACL_ATTR_EXTRA_ListString(x)
#define CPUACL_ATTR_EXTRA_ListAscendString(x)
#define CPUACL_ATTR_EXTRA_ListType(x)
#define CPUACL_ATTR_EXTRA_ListListInt(x)
#define CPUACL_ATTR_EXTRA_NamedAttrs(x)
#define CPUACL_ATTR_EXTRA_Bytes(x)
#define CPUACL_ATTR_EXTRA_ListTensor(x)
#define CPUACL_ATTR_EXTRA_ListNamedAttrs(x)

/* Ends the open clause statement, runs clause fn, adds `members`, opens fn. */
#define CPUACL_REG_CLAUSE(fn, members)                                                                 N();                                                                                               fn();                                                                                              }                                                                                                                                                                                                 public:                                                                                                members                                                                                                                                                                                           private:                                                                                               void fn()                                                                                          {                                                                                                      (void)ge::CpuaclOpRegChain()

#define REG_OP(x)                                                                                      namespace op {                                                                                     class x : public ge::Operator {                                                                        using _THIS_TYPE = x;                                                                                                                                                                             public:                                                                                                x() : ge::Operator("", #x) { cpuacl_reg_(); }                                                      explicit x(const char *name) : ge::Operator(name, #x) { cpuacl_reg_(); }                           explicit x(const std::string &name) : ge::Operator(name.c_str(), #x) { cpuacl_reg_(); }            explicit x(const ge::AscendString &name) : ge::Operator(name.GetString(), #x)                      {                                                                                                      cpuacl_reg_();                                                                                 }                                                                                                  static const char *OpType() { return #x; }                                                                                                                                                        private:                                                                                               void cpuacl_reg_()                                                                                 {                                                                                                      (void)ge::CpuaclOpRegChain()

#define INPUT(x, t) CPUACL_REG_CLAUSE(cpuacl_reg_in_##x, CPUACL_OP_INPUT(x))
#define OPTIONAL_INPUT(x, t)                                                                           CPUACL_REG_CLAUSE(cpuacl_reg_in_##x, CPUACL_OP_INPUT(x) CPUACL_OP_SETTER(                                                                   set_input_##x##_by_name(ge::Operator &v, const char *srcName),                                              SetInput(#x, v, srcName)))
#define DYNAMIC_INPUT(x, t) CPUACL_REG_CLAUSE(cpuacl_reg_in_##x, CPUACL_OP_DYNAMIC_INPUT(x))
#define OUTPUT(x, t) CPUACL_REG_CLAUSE(cpuacl_reg_out_##x, CPUACL_OP_OUTPUT(x))
#define DYNAMIC_OUTPUT(x, t) CPUACL_REG_CLAUSE(cpuacl_reg_out_##x, CPUACL_OP_DYNAMIC_OUTPUT(x))
#define DATATYPE(x, t) CPUACL_REG_CLAUSE(cpuacl_reg_dt_##x, )

/* An attribute with a default (ATTR) or without one (REQUIRED_ATTR). */
#define CPUACL_REG_ATTR_MEMBERS(x, Type, ...)                                                          static const char *name_attr_##x() { return #x; }                                                  ge::Op##Type get_attr_##x() const                                                                  {                                                                                                      ge::Op##Type v = ge::Op##Type(__VA_ARGS__);                                                        CPUACL_ATTR_GET_##Type(x, v);                                                                      return v;                                                                                      }                                                                                                  CPUACL_OP_SETTER(set_attr_##x(const ge::Op##Type &v), CPUACL_ATTR_PUT_##Type(x, v))                CPUACL_ATTR_EXTRA_##Type(x)
#define ATTR(x, Type, ...)                                                                             CPUACL_REG_CLAUSE(cpuacl_reg_attr_##x, CPUACL_REG_ATTR_MEMBERS(x, Type, __VA_ARGS__))
#define REQUIRED_ATTR(x, Type) CPUACL_REG_CLAUSE(cpuacl_reg_attr_##x, CPUACL_REG_ATTR_MEMBERS(x, Type, ))

/* Subgraphs (control-flow types): the builders are kept on the prototype object only;
 * cpuacl's engine runs no type that takes one (docs/graph.md). */
#define GRAPH(x)                                                                                       CPUACL_REG_CLAUSE(cpuacl_reg_graph_##x,                                                                              ge::SubgraphBuilder cpuacl_graph_##x##_;                                                           CPUACL_OP_SETTER(set_subgraph_builder_##x(const ge::SubgraphBuilder &v),                                            cpuacl_graph_##x##_ = v)                                                          ge::SubgraphBuilder get_subgraph_builder_##x() const {                                                 return cpuacl_graph_##x##_;                                                                    })
#define DYNAMIC_GRAPH(x)                                                                               CPUACL_REG_CLAUSE(cpuacl_reg_graph_##x,                                                                              std::vector<ge::SubgraphBuilder> cpuacl_graph_##x##_;                                              CPUACL_OP_SETTER(create_dynamic_subgraph_##x(uint32_t num),                                                         cpuacl_graph_##x##_.resize(num))                                                  CPUACL_OP_SETTER(set_dynamic_subgraph_builder_##x(uint32_t index,                                                                                    const ge::SubgraphBuilder &v),                                        if (index < cpuacl_graph_##x##_.size())                                                                cpuacl_graph_##x##_[index] = v))

#define OP_END_FACTORY_REG(x)                                                                          N();                                                                                               }                                                                                                  }                                                                                                  ;                                                                                                  }

/* Shape-inference and verification registrations of op_graph/<op>_infer.cpp: cpuacl's
 * engine infers from its own table, so these declare the functions and register
 * nothing. */
#define IMPLEMT_INFERFUNC(op_name, func_name) static ge::graphStatus func_name(op::op_name &op)
#define IMPLEMT_COMMON_INFERFUNC(func_name) static ge::graphStatus func_name(ge::Operator &op)
#define IMPLEMT_INFERFORMAT_FUNC(op_name, func_name) static ge::graphStatus func_name(op::op_name &op)
#define IMPLEMT_VERIFIER(op_name, func_name) static ge::graphStatus func_name(op::op_name op)
#define INFER_FUNC_REG(op_name, x) static_assert(true, #op_name)
#define COMMON_INFER_FUNC_REG(op_name, x) static_assert(true, #op_name)
#define VERIFY_FUNC_REG(op_name, x) static_assert(true, #op_name)
#define INFER_FORMAT_FUNC_REG(op_name, x) static_assert(true, #op_name)

#endif /* __cplusplus */
#endif
