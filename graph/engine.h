/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/engine.h: the GE graph engine, private header.
 *
 *   ir.c       the IR (nodes, edges, attributes), shape and dtype inference
 *              through ops/proto's table of operator types, topological order
 *              and cycle detection
 *   compile.c  lowering onto ops/proto plans, lanes, the memory plan, and
 *              the capture of the graph into a model run instance
 *   session.c  GE's lifecycle: GEInitialize/GEFinalize, sessions, graph ids,
 *              options, runs (the exported cpuaclGe* functions)
 *
 * Names: graph_* for this layer's internals. graph/ uses ops/ (the operator
 * types of ops/proto/proto.h, ops/engine/engine.h's shape helpers) and core's
 * public interface; nothing below includes it. The operator types are
 * ops/proto's: graph/ keeps no list of its own; Data, Const and Constant are
 * the graph's own node kinds (sources, no operator).
 */
#ifndef CPUACL_GRAPH_ENGINE_H
#define CPUACL_GRAPH_ENGINE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "core/err.h"
#include "ge/cpuacl_ge.h"
#include "ops/proto/proto.h"

/* ---- GE status codes (ge::Status values of the real GE) ------------------ */
#define GE_OK 0u
#define GE_FAILED 0xFFFFFFFFu
#define GE_PARAM_INVALID 145000u /* ACL_ERROR_GE_PARAM_INVALID */
#define GE_CLI_GE_ALREADY_INITIALIZED 1343229962u
#define GE_CLI_GE_NOT_INITIALIZED 1343229963u
#define GE_SESSION_NOT_EXIST 1343238149u
#define GE_GRAPH_GRAPH_NOT_EXIST 1343242242u
#define GE_GRAPH_PARAM_NULLPTR 1343242248u
#define GE_GRAPH_INFERSHAPE_FAILED 1343242270u
#define GE_GRAPH_TOPO_SORT_FAILED 1343242279u
#define GE_GRAPH_UNSUPPORTED 1343242281u
#define GE_GRAPH_OPTIONS_INVALID 1343242291u
#define GE_GRAPH_NOT_BUILT 1343242295u
#define GE_GRAPH_EXECUTE_FAILED 1343242261u
#define GE_GRAPH_MALLOC_FAILED 1343242245u
#define GE_GRAPH_PARAM_INVALID 50331649u /* ge::GRAPH_PARAM_INVALID */

/* Record a message for aclGetRecentErrMsg (core/err.h) and evaluate to the
 * GE status code. */
#define graph_err(code, ...)                                                                       \
    __extension__({                                                                                \
        core_err(ACL_ERROR_INVALID_PARAM, __VA_ARGS__);                                            \
        (uint32_t)(code);                                                                          \
    })

/* ---- IR ------------------------------------------------------------------ */

#define GRAPH_MAX_OUT PROTO_MAX_OUT /* outputs of a node */

struct graph_attr {
    char *name;
    int32_t kind; /* cpuaclGeAttrKind */
    int64_t i;
    double f;
    char *s;
    int64_t *ints; /* INTS */
    float *floats; /* FLOATS */
    char **strs;   /* STRS (n) */
    int64_t **rows; /* INT_LISTS (n rows of lens[i]) */
    size_t *lens;
    size_t n;
    cpuaclGeTensor t; /* TENSOR: t.data is a malloc'd copy, unless borrowed */
    bool borrowed;    /* TENSOR: t.data lies in weights the graph does not own (the shared
                         weights of a model's gears, graph/model.c); capture uses it in place */
};

/* A value: the output `out` of node `node`. */
struct graph_ref {
    int32_t node, out; /* node -1 = unconnected */
};

/* Shape and type of a value. */
struct graph_val {
    int32_t dtype;  /* ge::DataType (= aclDataType for the supported ones) */
    int32_t format; /* ge::Format (= aclFormat for the supported ones) */
    int32_t nd;     /* -1 = unknown */
    int64_t dims[CPUACL_GE_MAX_DIMS];
    /* Data-dependent dims (proto_op's bound: NonZero, Unique, NonMaxSuppression): bit d set
     * when dims[d] is an upper bound, the real extent known only once the producer ran
     * (compile.c keeps it for graph_out_cur_dims). Such a value feeds only Cast, Identity
     * (whose outputs carry the same bound) or the graph outputs. */
    uint8_t bound;
};

/* What a node is: a source of the graph, or an operator of ops/proto's table. */
enum graph_kind {
    GRAPH_UNKNOWN, /* a type the table lacks (reported at build) */
    GRAPH_DATA,    /* Data: a graph input */
    GRAPH_CONST,   /* Const, Constant: the attribute value */
    GRAPH_OP,
};

struct graph_node {
    char *name;
    char *type;
    enum graph_kind kind;
    const struct proto_def *def; /* GRAPH_OP: the type's declaration */
    struct graph_attr *attrs;
    uint32_t nattrs, cattrs;
    /* Inputs in prototype order; a dynamic input expands to ndyn entries. */
    struct graph_ref *in;
    cpuaclGeTensor *in_desc; /* update_input_desc_*, ndim -1 = none */
    uint32_t nin;
    uint32_t ndyn;    /* entries of the dynamic input */
    uint32_t ndynout; /* entries of the dynamic output (0: never declared, one) */
    struct graph_val out[GRAPH_MAX_OUT];
    cpuaclGeTensor out_desc[GRAPH_MAX_OUT];
    /* compile state */
    int32_t lane;
    int32_t order; /* position in topological order */
};

struct graph_compiled;

struct cpuaclGeGraph {
    char *name;
    struct graph_node *nodes;
    uint32_t nnodes, cnodes;
    int32_t *inputs; /* SetInputs: Data nodes */
    uint32_t ninputs;
    struct graph_ref *outputs;
    uint32_t noutputs;
    /* After build: */
    int32_t *topo;    /* node indexes in topological order */
    int32_t *data_of; /* graph input i -> Data node */
    struct graph_compiled *c;
    bool built;
    /* Dynamic-shape models (graph/model.c): per node, the host value of a Data node
     * that feeds a value input ('#'), read from the execution's input before the
     * graph is inferred for it; NULL (or .data NULL) where none. Borrowed. */
    const cpuaclGeTensor *hostval;
    /* With hostval: per node, its output 0 computed on the host while inferring (a
     * single-output operator whose inputs are all host values and whose value reaches a
     * value input: Cast(size) -> Range's limit); data owned, freed with the graph. NULL (or
     * .data NULL) where none. */
    cpuaclGeTensor *folded;
    /* graph_infer infers only what does not wait for such a value (a Data node feeding a
     * value input without a hostval, or a node after one): those nodes' outputs are left
     * unknown (nd -1). aclgrphBuildModel's check of a dynamic-shape model. */
    bool partial;
};

/* Outputs of a node (0 for an unknown type). */
uint32_t graph_nout(const struct graph_node *n);
/* Give node n nin input entries of which ndyn belong to its dynamic input;
 * false when the declaration does not allow it (or out of memory). */
bool graph_node_layout(struct graph_node *n, uint32_t nin, uint32_t ndyn);
/* Give node n ndynout entries of its dynamic output (0: none declared); false when the
 * declaration does not allow it. */
bool graph_node_outputs(struct graph_node *n, uint32_t ndynout);
const struct graph_attr *graph_attr_get(const struct graph_node *n, const char *name);
int64_t graph_attr_int(const struct graph_node *n, const char *name, int64_t dflt);
/* The ops/proto instance of operator node n (inputs from its producers,
 * const values from Const producers, attributes from its own), prepared:
 * GE_OK, or the GE status with "BuildGraph: node <name> (<type>): ..."
 * recorded. */
uint32_t graph_node_op(const struct cpuaclGeGraph *g, const struct graph_node *n,
                       struct proto_op *op);
/* The GE status of a failed proto call on node n, its message recorded. */
uint32_t graph_proto_fail(const struct graph_node *n, enum proto_status st,
                          const struct proto_op *op);
/* Elements and bytes of a value, overflow-checked: -1 when the product of the dims (times
 * the element size) does not fit int64_t or a dim is negative. */
int64_t graph_val_numel(const struct graph_val *v);
int64_t graph_val_bytes(const struct graph_val *v);
uint32_t graph_dtype_size(int32_t dt);

/* Per node of g (calloc'd, the caller frees; NULL when out of memory): whether its output
 * feeds a value input ('#': a value the shape rules read on the host) of some operator node,
 * directly or through single-output operator nodes (computed on the host at execution:
 * graph_infer's folded values). A Data node marked makes a dynamic-shape model. */
bool *graph_value_feeders(const struct cpuaclGeGraph *g);

/* Validate and infer: topological order, cycles, connections, shapes.
 * inputs (n) override the Data descriptions. */
uint32_t graph_infer(struct cpuaclGeGraph *g, const cpuaclGeTensor *inputs, size_t n);
void graph_free(struct cpuaclGeGraph *g);

/* ---- compile (compile.c) --------------------------------------------------- */

/* Lower the inferred graph into executors and the memory plan. */
uint32_t graph_compile(struct cpuaclGeGraph *g);
/* The model-subscription tag (core/obs.h, core_prof_sub_tag) of the runs queued next:
 * non-zero, each op of a run is timed and its record queued (core_prof_sub_op). */
void graph_prof_tag(struct cpuaclGeGraph *g, uint32_t tag);
/* Queue one run on stream (inputs/outputs: device addresses). Captures the
 * graph on first use. */
uint32_t graph_run_async(struct cpuaclGeGraph *g, aclrtStream stream, void *const *in,
                         const uint64_t *in_size, void *const *out, const uint64_t *out_size);
/* One synchronous run on stream, which the caller keeps private (compile.c GC5): the
 * GE code of queuing it, and in *xe the execution's result (ACL_SUCCESS when not run); or,
 * *queued set, the run was queued and the caller synchronises the stream after releasing
 * its own locks. */
uint32_t graph_run_sync(struct cpuaclGeGraph *g, aclrtStream stream, void *const *in,
                        const uint64_t *in_size, void *const *out, const uint64_t *out_size,
                        aclError *xe, bool *queued);
void graph_compiled_free(struct graph_compiled *c);
void graph_stats(const struct cpuaclGeGraph *g, cpuaclGeGraphStats *st);
/* Bytes of output i of a built graph. */
uint64_t graph_out_bytes(const struct cpuaclGeGraph *g, uint32_t i);
/* Output i of a built graph with data-dependent dims (its value's bound): its real dims
 * as the latest run that finished wrote them, into dims (*nd of them); false for an output
 * without bound dims or before any run. The caller reads it after the run completed
 * (aclmdlExecute returned, or the stream of aclmdlExecuteAsync was synchronised). */
bool graph_out_cur_dims(const struct cpuaclGeGraph *g, uint32_t i, int64_t *dims, int32_t *nd);

/* Models fed by queues (graph/queue.c): the provider's queue_start and
 * queue_stop (core/mdl.h). */
aclError graph_queue_start(uint32_t id, const uint32_t *q, size_t nin, size_t nout,
                           const size_t *size, void **worker, const char *fn);
void graph_queue_stop(void *worker);

#endif
