/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl's C interface to its graph engine (graph/). The GE C++ API headers
 * (ge/ge_api.h, graph/graph.h, graph/operator.h, all_ops.h, ...) are inline
 * code over these functions, so no C++ type (std::string, std::vector)
 * crosses the library boundary and programs built with either
 * _GLIBCXX_USE_CXX11_ABI value link against the same library.
 *
 * Status values are GE's (ge::Status, uint32_t): 0 = SUCCESS; the others
 * are listed in docs/graph.md. Every failure records a message readable with
 * aclGetRecentErrMsg().
 *
 * Building a graph: cpuaclGeGraphCreate, then one cpuaclGeGraphAddNode per
 * operator (type name as in all_ops.h, e.g. "Add"), its attributes, the
 * edges (cpuaclGeGraphSetInput, by the input and output names of the
 * operator's prototype; dynamic inputs are "x0", "x1", ...), optional input
 * descriptions (update_input_desc_*), then the graph inputs and outputs.
 * Nothing is checked before cpuaclGeSessionAddGraph/BuildGraph except the
 * names of inputs, outputs and attributes.
 */
#ifndef CPUACL_GE_C_H
#define CPUACL_GE_C_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPUACL_GE_MAX_DIMS 8

/* A tensor as the C++ ge::Tensor passes it: data type and format use GE's
 * enum values (ge::DataType, ge::Format), placement 0 = host, 1 = device. */
typedef struct cpuaclGeTensor {
    int32_t dtype;
    int32_t format;
    int32_t placement;
    int32_t ndim; /* -1 = unknown */
    int64_t dims[CPUACL_GE_MAX_DIMS];
    void *data;
    uint64_t size; /* bytes at data */
} cpuaclGeTensor;

typedef struct cpuaclGeGraph cpuaclGeGraph;

/* Attribute kinds for cpuaclGeGraphSetAttr. */
enum cpuaclGeAttrKind {
    CPUACL_GE_ATTR_INT = 1,
    CPUACL_GE_ATTR_FLOAT,
    CPUACL_GE_ATTR_BOOL,
    CPUACL_GE_ATTR_STR,
    CPUACL_GE_ATTR_INTS,
    CPUACL_GE_ATTR_FLOATS,
    CPUACL_GE_ATTR_TENSOR,
    CPUACL_GE_ATTR_TYPE,     /* a ge::DataType */
    CPUACL_GE_ATTR_STRS,     /* a list of strings (strs, n) */
    CPUACL_GE_ATTR_INT_LISTS, /* a list of lists of ints (rows[i] of lens[i], n rows) */
    CPUACL_GE_ATTR_OPAQUE    /* a value of a kind cpuacl's engine does not take (a named
                                attribute set, bytes, a list of tensors): refused where an
                                operator type reads the attribute */
};

typedef struct cpuaclGeAttrValue {
    int32_t kind;        /* cpuaclGeAttrKind */
    int64_t i;           /* INT, BOOL, TYPE */
    double f;            /* FLOAT */
    const char *s;       /* STR */
    const int64_t *ints; /* INTS (n) */
    const float *floats; /* FLOATS (n) */
    size_t n;
    const cpuaclGeTensor *tensor; /* TENSOR (copied, with its host data) */
    const char *const *strs;      /* STRS (n) */
    const int64_t *const *rows;   /* INT_LISTS (n rows) */
    const size_t *lens;           /* INT_LISTS: each row's length */
} cpuaclGeAttrValue;

/* ---- graphs ------------------------------------------------------------- */

ACL_FUNC_VISIBILITY cpuaclGeGraph *cpuaclGeGraphCreate(const char *name);
ACL_FUNC_VISIBILITY void cpuaclGeGraphDestroy(cpuaclGeGraph *g);
/* Returns the node index (>= 0) or -1 (message recorded). */
ACL_FUNC_VISIBILITY int32_t cpuaclGeGraphAddNode(cpuaclGeGraph *g, const char *type,
                                                 const char *name);
ACL_FUNC_VISIBILITY uint32_t cpuaclGeGraphSetAttr(cpuaclGeGraph *g, int32_t node, const char *attr,
                                                  const cpuaclGeAttrValue *v);
/* Input `input` of node dst comes from output `output` (name, or NULL and
 * index out_index) of node src. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeGraphSetInput(cpuaclGeGraph *g, int32_t dst, const char *input,
                                                   int32_t src, const char *output,
                                                   int32_t out_index);
/* Declare how many dynamic inputs `input` (e.g. ConcatV2's "x") has. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeGraphSetDynamicInputs(cpuaclGeGraph *g, int32_t node,
                                                           const char *input, uint32_t n);
/* Declare how many entries the dynamic output `output` (e.g. SplitV's "y",
 * named y0, y1, ...) has: GE's create_dynamic_output_y(n). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeGraphSetDynamicOutputs(cpuaclGeGraph *g, int32_t node,
                                                            const char *output, uint32_t n);
/* update_input_desc_* / update_output_desc_* (shape, dtype, format). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeGraphSetDesc(cpuaclGeGraph *g, int32_t node, int32_t is_output,
                                                  const char *name, const cpuaclGeTensor *desc);
ACL_FUNC_VISIBILITY uint32_t cpuaclGeGraphSetInputs(cpuaclGeGraph *g, const int32_t *nodes,
                                                    size_t n);
/* Graph outputs: node, output index. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeGraphSetOutputs(cpuaclGeGraph *g, const int32_t *nodes,
                                                     const int32_t *outs, size_t n);

/* ---- GE lifecycle and sessions ------------------------------------------ */

ACL_FUNC_VISIBILITY uint32_t cpuaclGeInitialize(const char *const *keys, const char *const *values,
                                                size_t n);
ACL_FUNC_VISIBILITY uint32_t cpuaclGeFinalize(void);
/* Sessions are numbered (never reused); 0 = none. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionCreate(const char *const *keys,
                                                   const char *const *values, size_t n,
                                                   uint64_t *session);
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionDestroy(uint64_t session);
/* Takes ownership of g in every case. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionAddGraph(uint64_t session, uint32_t graph_id,
                                                     cpuaclGeGraph *g, const char *const *keys,
                                                     const char *const *values, size_t n);
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionRemoveGraph(uint64_t session, uint32_t graph_id);
/* Compile graph_id; inputs[i] gives the shape and type of input i (n may be
 * 0 when every Data node carries a description). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionBuildGraph(uint64_t session, uint32_t graph_id,
                                                       const cpuaclGeTensor *inputs, size_t n);
/* Output descriptions of a built graph: *n is in/out (capacity/count). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionGetOutputs(uint64_t session, uint32_t graph_id,
                                                       cpuaclGeTensor *outputs, size_t *n);
/* Queue one run on stream: inputs and outputs are device buffers. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionRunAsync(uint64_t session, uint32_t graph_id,
                                                     aclrtStream stream,
                                                     const cpuaclGeTensor *inputs, size_t nin,
                                                     const cpuaclGeTensor *outputs, size_t nout);
/* Run and wait: host buffers (outputs[i].data holds outputs[i].size bytes,
 * sized from cpuaclGeSessionGetOutputs). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionRun(uint64_t session, uint32_t graph_id,
                                                const cpuaclGeTensor *inputs, size_t nin,
                                                const cpuaclGeTensor *outputs, size_t nout);
/* Output `index` of a built graph whose dims depend on the data (NonZero, Unique,
 * NonMaxSuppressionV6...: cpuaclGeSessionGetOutputs gives their bound): the real dims its
 * latest completed run wrote, *nd of them into dims (CPUACL_GE_MAX_DIMS); *nd = -1 for an
 * output without data-dependent dims or before any run. RunGraph's tensors take them. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionOutputDims(uint64_t session, uint32_t graph_id,
                                                       size_t index, int64_t *dims, int32_t *nd);

/* What the compiler made of a built graph (a cpuacl extension, for tests
 * and tools): lanes (parallel branches), captured launches, intermediate
 * buffers after reuse, their arena bytes, and the bytes the intermediates
 * would need without reuse. */
typedef struct cpuaclGeGraphStats {
    uint32_t lanes, launches, buffers;
    uint64_t arena_bytes, unshared_bytes;
} cpuaclGeGraphStats;
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSessionGraphStats(uint64_t session, uint32_t graph_id,
                                                       cpuaclGeGraphStats *stats);

/* ---- offline models (ge/ge_ir_build.h) -------------------------------------- */

/* aclgrphBuildInitialize / aclgrphBuildFinalize. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeBuildInitialize(const char *const *keys,
                                                     const char *const *values, size_t n);
ACL_FUNC_VISIBILITY void cpuaclGeBuildFinalize(void);
/* aclgrphBuildModel: takes ownership of g in every case; on success *data
 * (free with cpuaclGeModelFree) holds the cpuacl model file, *length bytes
 * (docs/mdl.md). Options are aclgrphBuildModel's (docs/graph.md). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeBuildModel(cpuaclGeGraph *g, const char *const *keys,
                                                const char *const *values, size_t n, void **data,
                                                uint64_t *length);
ACL_FUNC_VISIBILITY void cpuaclGeModelFree(void *data);
/* aclgrphSaveModel: writes <output_file>.om. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeSaveModel(const char *output_file, const void *data,
                                               uint64_t length);

/* aclgrphBundleBuildModel: the bundle of the n models data[k] (length[k]
 * bytes each, as cpuaclGeBuildModel gives them) in *out (free with
 * cpuaclGeModelFree), *out_length bytes (docs/mdl.md, "Bundles"). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeBundleBuildModel(size_t n, const void *const *data,
                                                      const uint64_t *length, void **out,
                                                      uint64_t *out_length);

/* aclgrphBuildModelFromFile / FromData: *model (an aclmdlModel) holds the
 * validated model file; no build option is taken (docs/graph.md). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeBuildModelFromFile(const char *path, const char *const *keys,
                                                        const char *const *values, size_t n,
                                                        void **model);
ACL_FUNC_VISIBILITY uint32_t cpuaclGeBuildModelFromData(const void *data, size_t size,
                                                        const char *const *keys,
                                                        const char *const *values, size_t n,
                                                        void **model);
/* The bytes of such a model (aclgrphSaveModel, aclgrphSaveModelToBuffer). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeModelBytes(const void *model, const void **data,
                                                uint64_t *length);
/* aclgrphDestroyModel. */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeModelDestroy(const void *model);

/* Size in bytes of one element of a ge::DataType (0 = unknown). */
ACL_FUNC_VISIBILITY uint32_t cpuaclGeTypeSize(int32_t dtype);
/* The last GE error message of the calling thread. */
ACL_FUNC_VISIBILITY const char *cpuaclGeErrMsg(void);

#ifdef __cplusplus
}
#endif
#endif
