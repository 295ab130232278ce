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

#endif /* __cplusplus */
#endif
