/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/engine.h: the GE graph engine, private header.
 *
 *   ir.c       the IR (nodes, edges, attributes), the operator table, shape
 *              and dtype inference, topological order and cycle detection
 *   compile.c  lowering onto aclnn executors, lanes, the memory plan, and
 *              the capture of the graph into a model run instance
 *   session.c  GE's lifecycle: GEInitialize/GEFinalize, sessions, graph ids,
 *              options, runs (the exported cpuaclGe* functions)
 *
 * Names: graph_* for this layer's internals. graph/ uses ops/
 * (ops/engine/engine.h, ops/conv/pool.h and the public aclnn API) and core's
 * public interface; nothing below includes it.
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

#define GRAPH_MAX_IN 8  /* fixed inputs of a prototype */
#define GRAPH_MAX_OUT 3 /* outputs of a prototype */

struct graph_attr {
    char *name;
    int32_t kind; /* cpuaclGeAttrKind */
    int64_t i;
    double f;
    char *s;
    int64_t *ints; /* INTS */
    float *floats; /* FLOATS */
    size_t n;
    cpuaclGeTensor t; /* TENSOR: t.data is a malloc'd copy */
};

/* A value: the output `out` of node `node`. */
struct graph_ref {
    int32_t node, out; /* node -1 = unconnected */
};

/* Shape and type of a value. */
struct graph_val {
    int32_t dtype; /* ge::DataType (= aclDataType for the supported ones) */
    int32_t nd;    /* -1 = unknown */
    int64_t dims[CPUACL_GE_MAX_DIMS];
};

struct graph_opdef;

struct graph_node {
    char *name;
    char *type;
    const struct graph_opdef *def; /* NULL = unknown type (reported at build) */
    struct graph_attr *attrs;
    uint32_t nattrs, cattrs;
    /* Inputs in prototype order; a dynamic input expands to ndyn entries. */
    struct graph_ref *in;
    cpuaclGeTensor *in_desc; /* update_input_desc_*, ndim -1 = none */
    uint32_t nin;
    uint32_t ndyn;          /* entries of the dynamic input */
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
    int32_t *topo; /* node indexes in topological order */
    int32_t *data_of; /* graph input i -> Data node */
    struct graph_compiled *c;
    bool built;
};

/* Operator table entry. Inputs and outputs by name; optional inputs may be
 * unconnected; `dyn` names the dynamic input (expands to name0, name1...). */
struct graph_opdef {
    const char *type;
    const char *in[GRAPH_MAX_IN];
    uint8_t nin;
    uint8_t nreq; /* inputs [0, nreq) are required */
    int8_t dyn;   /* index of the dynamic input, -1 = none */
    const char *out[GRAPH_MAX_OUT];
    uint8_t nout;
    /* Infer output shapes/types from the input values (vals[nin]). */
    uint32_t (*infer)(struct cpuaclGeGraph *g, struct graph_node *n, const struct graph_val *in);
};

const struct graph_opdef *graph_opdef_find(const char *type);
const struct graph_attr *graph_attr_get(const struct graph_node *n, const char *name);
int64_t graph_attr_int(const struct graph_node *n, const char *name, int64_t dflt);
double graph_attr_float(const struct graph_node *n, const char *name, double dflt);
const char *graph_attr_str(const struct graph_node *n, const char *name, const char *dflt);
/* The value an input refers to (must be connected). */
const struct graph_val *graph_in_val(const struct cpuaclGeGraph *g, const struct graph_node *n,
                                     uint32_t i);
/* The host data of a Const feeding input i, or NULL. */
const cpuaclGeTensor *graph_in_const(const struct cpuaclGeGraph *g, const struct graph_node *n,
                                     uint32_t i);
/* Read an integer list from a Const input (int32 or int64). -1 = not const. */
int graph_const_ints(const struct cpuaclGeGraph *g, const struct graph_node *n, uint32_t i,
                     int64_t *out, int cap);
int64_t graph_val_numel(const struct graph_val *v);
uint32_t graph_dtype_size(int32_t dt);

/* Validate and infer: topological order, cycles, connections, shapes.
 * inputs (n) override the Data descriptions. */
uint32_t graph_infer(struct cpuaclGeGraph *g, const cpuaclGeTensor *inputs, size_t n);
void graph_free(struct cpuaclGeGraph *g);

/* ---- compile (compile.c) --------------------------------------------------- */

/* Lower the inferred graph into executors and the memory plan. */
uint32_t graph_compile(struct cpuaclGeGraph *g);
/* Queue one run on stream (inputs/outputs: device addresses). Captures the
 * graph on first use. */
uint32_t graph_run_async(struct cpuaclGeGraph *g, aclrtStream stream, void *const *in,
                         const uint64_t *in_size, void *const *out, const uint64_t *out_size);
void graph_compiled_free(struct graph_compiled *c);
void graph_stats(const struct cpuaclGeGraph *g, cpuaclGeGraphStats *st);
/* Bytes of output i of a built graph. */
uint64_t graph_out_bytes(const struct cpuaclGeGraph *g, uint32_t i);

#endif
