/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of acl/acl_op.h and acl/acl_op_compiler.h (single-operator
 * execution, docs/op.md): the operator attributes, execution, handles,
 * casts, shape inference, the model and compile calls and the kernel
 * selectors. Calls the op room (core/op/). Attribute sets and handles are
 * plain objects: no aclInit needed, a NULL one is ACL_ERROR_INVALID_PARAM,
 * a destroyed one the caller's bug. The calls that queue work need aclInit
 * (ACL_ERROR_UNINITIALIZE, as every other submission).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "acl/acl_op_compiler.h"
#include "core/err.h"
#include "cpuacl/cpuacl_op.h"
#include "core/op/attr.h"
#include "core/op/compile.h"
#include "core/op/exec.h"
#include "core/op/model.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/runtime/tensor_desc.h"

aclopAttr *aclopCreateAttr(void)
{
    aclopAttr *a = core_op_attr_new();
    if (!a)
        core_err(ACL_ERROR_BAD_ALLOC, "aclopCreateAttr: out of memory");
    return a;
}

void aclopDestroyAttr(const aclopAttr *attr)
{
    if (attr) /* NULL: nothing to do, as in AscendCL */
        core_op_attr_free(attr);
}

/* The checks every setter shares: the set and the name, then n values at values (a
 * list's; scalars pass 0, NULL). */
static aclError check(const aclopAttr *attr, const char *name, int n, const void *values,
                      const char *fn)
{
    if (!attr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL attribute set", fn);
    if (!name)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL attribute name", fn);
    if (n < 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: negative count %d", fn, name,
                        n);
    if (n > 0 && !values)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: NULL values for a count of %d",
                        fn, name, n);
    return ACL_SUCCESS;
}

/* check(), then store v. */
static aclError set(aclopAttr *attr, const char *name, int n, const void *values,
                    struct core_op_attr_value v, const char *fn)
{
    aclError ret = check(attr, name, n, values, fn);
    if (ret != ACL_SUCCESS)
        return ret;
    v.n = (size_t)n;
    return core_op_attr_set(attr, name, &v, fn);
}

aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName, uint8_t attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_BOOL, .u.b = attrValue != 0};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrBool");
}

aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName, int64_t attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_INT, .u.i = attrValue};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrInt");
}

aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName, float attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_FLOAT, .u.f = attrValue};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrFloat");
}

aclError aclopSetAttrString(aclopAttr *attr, const char *attrName, const char *attrValue)
{
    aclError ret = check(attr, attrName, 0, NULL, "aclopSetAttrString");
    if (ret != ACL_SUCCESS)
        return ret;
    if (!attrValue)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclopSetAttrString: attribute %s: NULL value",
                        attrName);
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_STRING, .u.s = attrValue};
    return core_op_attr_set(attr, attrName, &v, "aclopSetAttrString");
}

aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName, aclDataType attrValue)
{
    struct core_op_attr_value v = {.type = CORE_OP_ATTR_DTYPE, .u.dt = attrValue};
    return set(attr, attrName, 0, NULL, v, "aclopSetAttrDataType");
}

/* The setters of a plain list: numValues values of ctype, of kind, in member. */
#define LIST_SETTER(fn, ctype, kind, member)                                                       \
    aclError fn(aclopAttr *attr, const char *attrName, int numValues, const ctype *values)         \
    {                                                                                              \
        struct core_op_attr_value v = {.type = kind, .u.member = values};                          \
        return set(attr, attrName, numValues, values, v, #fn);                                     \
    }

LIST_SETTER(aclopSetAttrListDataType, aclDataType, CORE_OP_ATTR_LIST_DTYPE, dts)
LIST_SETTER(aclopSetAttrListBool, uint8_t, CORE_OP_ATTR_LIST_BOOL, bytes)
LIST_SETTER(aclopSetAttrListInt, int64_t, CORE_OP_ATTR_LIST_INT, ints)
LIST_SETTER(aclopSetAttrListFloat, float, CORE_OP_ATTR_LIST_FLOAT, floats)

aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName, int numValues,
                                const char **values)
{
    const char *fn = "aclopSetAttrListString";
    aclError ret = check(attr, attrName, numValues, values, fn);
    if (ret != ACL_SUCCESS)
        return ret;
    for (int i = 0; i < numValues; i++)
        if (!values[i])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: values[%d] is NULL", fn,
                            attrName, i);
    struct core_op_attr_value v = {
        .type = CORE_OP_ATTR_LIST_STRING, .n = (size_t)numValues, .u.strs = values};
    return core_op_attr_set(attr, attrName, &v, fn);
}

aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName, int numLists,
                                 const int *numValues, const int64_t *const values[])
{
    const char *fn = "aclopSetAttrListListInt";
    aclError ret = check(attr, attrName, numLists, values, fn);
    if (ret != ACL_SUCCESS)
        return ret;
    if (!numValues) /* required even for no lists, as in AscendCL */
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: NULL numValues", fn, attrName);
    for (int i = 0; i < numLists; i++) {
        if (!values[i])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute %s: values[%d] is NULL", fn,
                            attrName, i);
        if (numValues[i] < 0)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: attribute %s: negative numValues[%d] = %d", fn, attrName, i,
                            numValues[i]);
    }
    struct core_op_attr_value v = {
        .type = CORE_OP_ATTR_LIST_LIST_INT, .n = (size_t)numLists, .u.given = {numValues, values}};
    return core_op_attr_set(attr, attrName, &v, fn);
}

/* ---- models --------------------------------------------------------------------------- */

aclError aclopSetModelDir(const char *modelDir)
{
    return core_op_set_model_dir(modelDir, "aclopSetModelDir");
}

aclError aclopLoad(const void *model, size_t modelSize)
{
    if (!model || !modelSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclopLoad: %s",
                        model ? "modelSize is 0" : "model is NULL");
    return core_op_model_load_mem(model, modelSize, "aclopLoad");
}

aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum)
{
    if (!maxOpNum)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclopSetMaxOpQueueNum: maxOpNum is 0");
    core_op_cache_bound(maxOpNum);
    return ACL_SUCCESS;
}

/* ---- execution ------------------------------------------------------------------------ */

/* A call with buffers (the execute family) or with descriptions only. */
static inline struct core_op_call
call_of(const char *type, int nin, const aclTensorDesc *const *in_desc,
        const aclDataBuffer *const *in_buf, int nout, const aclTensorDesc *const *out_desc,
        aclDataBuffer *const *out_buf, const aclopAttr *attr, bool bufs, const char *fn)
{
    return (struct core_op_call){.type = type,
                                 .nin = nin,
                                 .in_desc = in_desc,
                                 .in_buf = in_buf,
                                 .nout = nout,
                                 .out_desc = out_desc,
                                 .out_buf = (const aclDataBuffer *const *)out_buf,
                                 .attr = attr,
                                 .fn = fn,
                                 .bufs = bufs};
}

/* The V2 forms' arrays, as the const ones. */
#define CD(a) ((const aclTensorDesc *const *)(a))
#define CB(a) ((const aclDataBuffer *const *)(a))

/* The plan of c, where an unknown type with a registered kernel selector
 * says that its kernels (device binaries) cannot run here. */
static aclError plan_of(const struct core_op_call *c, struct core_op_plan **p)
{
    aclError rc = core_op_plan_get(c, p);
    if (__builtin_expect(rc == ACL_ERROR_OP_TYPE_NOT_MATCH, 0) &&
        core_op_selector_registered(c->type))
        rc = core_err(ACL_ERROR_API_NOT_SUPPORT,
                      "%s: %s: its kernels are user binaries (aclopCreateKernel), which run on a "
                      "device only",
                      c->fn, c->type);
    return rc;
}

/* Check c (with buffers), then queue one run on stream; nothing queued on error. A
 * compiling call registers its instance where single-op models of its type are registered;
 * an executing one must match one of them (docs/op.md, "Single-operator models"). */
static aclError execute(const struct core_op_call *c, aclrtStream stream, bool compile)
{
    CORE_REQUIRE_INIT_AS(c->fn);
    aclError rc;
    struct core_op_plan *p;
    /* The instance the thread's memo expects (its last again, or the next of a sequence
     * it runs in turn), its rows passing: the path below without hashing the key or
     * sizing the descriptions (core_op_repeat). */
    if (!compile && (p = core_op_repeat(c))) {
        if (__builtin_expect((rc = core_op_model_match(c)) != ACL_SUCCESS, 0))
            return rc;
        core_op_plan_take(p);
        return core_op_launch(p, c->in_buf, c->out_buf, stream, c->type, c->fn);
    }
    rc = core_op_check(c);
    if (__builtin_expect(rc != ACL_SUCCESS, 0))
        return rc;
    if (__builtin_expect(core_op_outputs_empty(c), 0))
        return ACL_SUCCESS; /* nothing to compute, as in AscendCL */
    if (!compile && __builtin_expect((rc = core_op_model_match(c)) != ACL_SUCCESS, 0))
        return rc;
    if ((rc = plan_of(c, &p)) != ACL_SUCCESS)
        return rc;
    if (compile && (rc = core_op_model_note_compiled(c)) != ACL_SUCCESS) {
        core_op_plan_put(p);
        return rc;
    }
    return core_op_launch(p, c->in_buf, c->out_buf, stream, c->type, c->fn);
}

aclError aclopExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                      const aclDataBuffer *const inputs[], int numOutputs,
                      const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[],
                      const aclopAttr *attr, aclrtStream stream)
{
    struct core_op_call c = call_of(opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                                    outputs, attr, true, "aclopExecute");
    return execute(&c, stream, false);
}

aclError aclopExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                        aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                        aclDataBuffer *outputs[], aclopAttr *attr, aclrtStream stream)
{
    struct core_op_call c = call_of(opType, numInputs, CD(inputDesc), CB(inputs), numOutputs,
                                    CD(outputDesc), outputs, attr, true, "aclopExecuteV2");
    return execute(&c, stream, false);
}

/* ---- handles -------------------------------------------------------------------------- */

static aclError handle_new(const struct core_op_call *c, aclopHandle **handle)
{
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", c->fn);
    aclError rc = core_op_check(c);
    if (rc != ACL_SUCCESS)
        return rc;
    if ((rc = core_op_model_match(c)) != ACL_SUCCESS)
        return rc;
    return core_op_handle_new(c, handle);
}

aclError aclopCreateHandle(const char *opType, int numInputs,
                           const aclTensorDesc *const inputDesc[], int numOutputs,
                           const aclTensorDesc *const outputDesc[], const aclopAttr *opAttr,
                           aclopHandle **handle)
{
    struct core_op_call c = call_of(opType, numInputs, inputDesc, NULL, numOutputs, outputDesc,
                                    NULL, opAttr, false, "aclopCreateHandle");
    return handle_new(&c, handle);
}

void aclopDestroyHandle(aclopHandle *handle)
{
    if (handle) /* NULL: nothing to do, as in AscendCL */
        core_op_handle_free(handle);
}

aclError aclopExecWithHandle(aclopHandle *handle, int numInputs,
                             const aclDataBuffer *const inputs[], int numOutputs,
                             aclDataBuffer *const outputs[], aclrtStream stream)
{
    CORE_REQUIRE_INIT();
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclopExecWithHandle: handle is NULL");
    return core_op_handle_exec(handle, numInputs, inputs, numOutputs,
                               (const aclDataBuffer *const *)outputs, stream,
                               "aclopExecWithHandle");
}

/* ---- casts ---------------------------------------------------------------------------- */

/* Cast's attributes: dst_type, the destination's dtype (a set on the stack). */
struct cast_attr {
    struct core_op_attr_entry e;
    aclopAttr a;
};

static const aclopAttr *cast_attr(struct cast_attr *ca, const aclTensorDesc *dst)
{
    ca->e.name = (char *)"dst_type";
    ca->e.value = (struct core_op_attr_value){.type = CORE_OP_ATTR_INT,
                                              .u.i = dst ? (int64_t)core_tdesc_type(dst) : 0};
    ca->a = (aclopAttr){.n = 1, .cap = 1, .e = &ca->e};
    return &ca->a;
}

aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer,
                   const aclTensorDesc *dstDesc, aclDataBuffer *dstBuffer, uint8_t truncate,
                   aclrtStream stream)
{
    (void)truncate; /* reserved, as in AscendCL */
    struct cast_attr ca;
    struct core_op_call c = call_of("Cast", 1, &srcDesc, &srcBuffer, 1, &dstDesc, &dstBuffer,
                                    cast_attr(&ca, dstDesc), true, "aclopCast");
    return execute(&c, stream, false);
}

aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc, aclTensorDesc *dstDesc, uint8_t truncate,
                                  aclopHandle **handle)
{
    (void)truncate;
    struct cast_attr ca;
    const aclTensorDesc *in = srcDesc, *out = dstDesc;
    struct core_op_call c = call_of("Cast", 1, &in, NULL, 1, &out, NULL, cast_attr(&ca, dstDesc),
                                    false, "aclopCreateHandleForCast");
    return handle_new(&c, handle);
}

/* ---- shape inference ------------------------------------------------------------------ */

aclError aclopInferShape(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                         aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                         aclopAttr *attr)
{
    const char *fn = "aclopInferShape";
    struct core_op_call c = call_of(opType, numInputs, CD(inputDesc), NULL, numOutputs,
                                    CD(outputDesc), NULL, attr, false, fn);
    c.read_data = true;
    aclError rc = core_op_check(&c);
    if (rc != ACL_SUCCESS)
        return rc;
    if (numInputs > 0 && !inputs)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: inputs is NULL for a count of %d", fn,
                        opType, numInputs);
    for (int k = 0; k < numInputs; k++)
        if (!inputs[k])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: inputs[%d] is NULL", fn, opType, k);
    c.in_buf = (const aclDataBuffer *const *)inputs;
    const struct core_op_provider *prov = core_op_provider();
    if (!prov)
        return core_err(ACL_ERROR_OP_TYPE_NOT_MATCH,
                        "%s: operator type %s: this build has no operator types", fn, opType);
    size_t n = (size_t)numInputs + (size_t)numOutputs;
    struct core_op_val *vals = core_malloc((n ? n : 1) * sizeof(*vals));
    if (!vals)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    core_op_vals(&c, vals);
    for (int k = 0; k < numOutputs; k++)
        vals[numInputs + k].nd = -1; /* to be inferred */
    void *plan = NULL;
    rc = prov->prepare(opType, (uint32_t)numInputs, vals, (uint32_t)numOutputs, vals + numInputs,
                       attr, CORE_OP_INFER, &plan, fn);
    for (int k = 0; rc == ACL_SUCCESS && k < numOutputs; k++) {
        const struct core_op_val *v = &vals[numInputs + k];
        if (v->nd < 0) {
            const int64_t unknown = CORE_TDESC_UNKNOWN_RANK;
            rc = core_tdesc_set_dims(outputDesc[k], false, 1, &unknown, fn);
        } else {
            rc = core_tdesc_set_dims(outputDesc[k], false, (size_t)v->nd, v->dims, fn);
        }
        outputDesc[k]->dtype = v->dtype;
        outputDesc[k]->format = v->format;
    }
    if (plan)
        prov->release(plan);
    free(vals);
    return rc;
}

/* ---- user kernels --------------------------------------------------------------------- */

aclError aclopCreateKernel(const char *opType, const char *kernelId, const char *kernelName,
                           void *binData, int binSize, aclopEngineType enginetype,
                           aclDataDeallocator deallocator)
{
    return core_op_create_kernel(opType, kernelId, kernelName, binData, binSize, enginetype,
                                 deallocator, "aclopCreateKernel");
}

aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func)
{
    return core_op_register_selector(opType, func, "aclopRegisterCompileFunc");
}

aclError aclopUnregisterCompileFunc(const char *opType)
{
    return core_op_unregister_selector(opType, "aclopUnregisterCompileFunc");
}

aclError aclopSetKernelArgs(aclopKernelDesc *kernelDesc, const char *kernelId, uint32_t blockDim,
                            const void *args, uint32_t argSize)
{
    return core_op_set_kernel_args(kernelDesc, kernelId, blockDim, args, argSize,
                                   "aclopSetKernelArgs");
}

aclError aclopSetKernelWorkspaceSizes(aclopKernelDesc *kernelDesc, int numWorkspaces,
                                      size_t *workspaceSizes)
{
    return core_op_set_kernel_workspaces(kernelDesc, numWorkspaces, workspaceSizes,
                                         "aclopSetKernelWorkspaceSizes");
}

aclError aclopUpdateParams(const char *opType, int numInputs,
                           const aclTensorDesc *const inputDesc[], int numOutputs,
                           const aclTensorDesc *const outputDesc[], const aclopAttr *attr)
{
    struct core_op_call c = call_of(opType, numInputs, inputDesc, NULL, numOutputs, outputDesc,
                                    NULL, attr, false, "aclopUpdateParams");
    aclError rc = core_op_check(&c);
    return rc != ACL_SUCCESS ? rc : core_op_update_params(&c);
}

/* ---- compiling (acl_op_compiler.h) ---------------------------------------------------- */

aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                      int numOutputs, const aclTensorDesc *const outputDesc[],
                      const aclopAttr *attr, aclopEngineType engineType,
                      aclopCompileType compileFlag, const char *opPath)
{
    struct core_op_call c = call_of(opType, numInputs, inputDesc, NULL, numOutputs, outputDesc,
                                    NULL, attr, false, "aclopCompile");
    aclError rc = core_op_compile_types(engineType, compileFlag, opPath, c.fn);
    if (rc || (rc = core_op_check(&c)) || (rc = core_op_no_host(&c)))
        return rc;
    struct core_op_plan *p;
    if ((rc = plan_of(&c, &p)) != ACL_SUCCESS)
        return rc;
    core_op_plan_put(p); /* the cache keeps it for the executions to come */
    return core_op_model_note_compiled(&c);
}

aclError aclopCompileAndExecute(const char *opType, int numInputs,
                                const aclTensorDesc *const inputDesc[],
                                const aclDataBuffer *const inputs[], int numOutputs,
                                const aclTensorDesc *const outputDesc[],
                                aclDataBuffer *const outputs[], const aclopAttr *attr,
                                aclopEngineType engineType, aclopCompileType compileFlag,
                                const char *opPath, aclrtStream stream)
{
    const char *fn = "aclopCompileAndExecute";
    aclError rc = core_op_compile_types(engineType, compileFlag, opPath, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    struct core_op_call c = call_of(opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                                    outputs, attr, true, fn);
    return execute(&c, stream, true);
}

aclError aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                                  aclDataBuffer *inputs[], int numOutputs,
                                  aclTensorDesc *outputDesc[], aclDataBuffer *outputs[],
                                  aclopAttr *attr, aclopEngineType engineType,
                                  aclopCompileType compileFlag, const char *opPath,
                                  aclrtStream stream)
{
    const char *fn = "aclopCompileAndExecuteV2";
    aclError rc = core_op_compile_types(engineType, compileFlag, opPath, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    struct core_op_call c = call_of(opType, numInputs, CD(inputDesc), CB(inputs), numOutputs,
                                    CD(outputDesc), outputs, attr, true, fn);
    return execute(&c, stream, true);
}

aclError aclSetCompileopt(aclCompileOpt opt, const char *value)
{
    return core_op_set_compileopt(opt, value, "aclSetCompileopt");
}

size_t aclGetCompileoptSize(aclCompileOpt opt)
{
    return core_op_compileopt_size(opt, "aclGetCompileoptSize");
}

aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length)
{
    return core_op_get_compileopt(opt, value, length, "aclGetCompileopt");
}

aclError aclopSetCompileFlag(aclOpCompileFlag flag)
{
    return core_op_set_compile_flag(flag, "aclopSetCompileFlag");
}

aclError aclGenGraphAndDumpForOp(const char *opType, int numInputs,
                                 const aclTensorDesc *const inputDesc[],
                                 const aclDataBuffer *const inputs[], int numOutputs,
                                 const aclTensorDesc *const outputDesc[],
                                 aclDataBuffer *const outputs[], const aclopAttr *attr,
                                 aclopEngineType engineType, const char *graphDumpPath,
                                 const aclGraphDumpOption *graphDumpOpt)
{
    const char *fn = "aclGenGraphAndDumpForOp";
    if (graphDumpOpt)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: graphDumpOpt must be NULL (there are no dump options yet)", fn);
    if (!graphDumpPath)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: graphDumpPath is NULL", fn);
    aclError rc = core_op_compile_types(engineType, ACL_COMPILE_SYS, NULL, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    struct core_op_call c = call_of(opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                                    outputs, attr, true, fn);
    if ((rc = core_op_check(&c)) != ACL_SUCCESS)
        return rc;
    if (core_op_outputs_empty(&c))
        return ACL_SUCCESS;
    struct core_op_plan *p;
    if ((rc = plan_of(&c, &p)) != ACL_SUCCESS)
        return rc;
    core_op_plan_put(p);
    return core_op_dump_graph(&c, graphDumpPath, fn);
}

/* A graph dump option holds nothing yet (AscendCL defines none). */
struct aclGraphDumpOption {
    char reserved;
};

aclGraphDumpOption *aclCreateGraphDumpOpt(void)
{
    return core_zalloc(sizeof(aclGraphDumpOption), "aclCreateGraphDumpOpt");
}

aclError aclDestroyGraphDumpOpt(const aclGraphDumpOption *graphDumpOpt)
{
    if (!graphDumpOpt)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclDestroyGraphDumpOpt: graphDumpOpt is NULL");
    free((void *)graphDumpOpt);
    return ACL_SUCCESS;
}

/* ---- single-op model files (cpuacl/cpuacl_op.h) ----------------------------------------- */

aclError cpuaclOpSaveModel(const char *path, const char *opType, int numInputs,
                           const aclTensorDesc *const inputDesc[], int numOutputs,
                           const aclTensorDesc *const outputDesc[], const aclopAttr *attr,
                           int32_t compileFlag)
{
    const char *fn = "cpuaclOpSaveModel";
    if (!path || !*path)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: path is NULL or empty", fn);
    struct core_op_call c =
        call_of(opType, numInputs, inputDesc, NULL, numOutputs, outputDesc, NULL, attr, false, fn);
    aclError rc = core_op_check(&c);
    if (rc != ACL_SUCCESS)
        return rc;
    if (numInputs + numOutputs == 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s has no input and no output", fn, opType);
    return core_op_model_save(&c, compileFlag, path, fn);
}
