/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of model run instances (acl/acl_rt.h: stream capture aclmdlRICapture*,
 * manual building aclmdlRIBuild* / BindStream / EndTask, execution, destruction, update
 * and debug output of aclmdlRI, task groups and task updates, labels, conditional tasks,
 * model destroy callbacks; acl/acl_rt_kernel.h: model tasks aclmdlRITask*).
 *
 * Each entry point checks its arguments and records their errors, then calls the model
 * room (core/model/model.h, core/model/ritask.h, core/model/callbacks.h) under its own
 * name. aclmdlRIExecuteAsync makes one tail call (core_model_execute_async, whose fast
 * path is X1-X3 in core/model/model.c).
 */
#include "acl/acl.h"
#include "core/err.h"
#include "core/model/callbacks.h"
#include "core/model/model.h"
#include "core/model/ritask.h"
#include "core/runtime/runtime.h"

/* ---- capture ------------------------------------------------------------------------- */

/* The start of the capture begins: the runtime is up, the stream is not the default
 * stream (NULL), the mode is known. */
static aclError begin_args(aclrtStream stream, aclmdlRICaptureMode mode, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the default stream (NULL) cannot be captured",
                        fn);
    if ((unsigned)mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown capture mode %d", fn, (int)mode);
    return ACL_SUCCESS;
}

aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode)
{
    static const char fn[] = "aclmdlRICaptureBegin";
    aclError rc = begin_args(stream, mode, fn);
    return rc ? rc : core_capture_start(stream, NULL, mode, fn);
}

aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI,
                                       aclmdlRICaptureMode mode)
{
    static const char fn[] = "aclmdlRICaptureToModelRIBegin";
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", fn);
    aclError rc = begin_args(stream, mode, fn);
    return rc ? rc : core_capture_start(stream, modelRI, mode, fn);
}

/* The arguments of a capture call: the stream (NULL, the default stream, which cannot take
 * part in a capture, is refused) and, when `what` names one, a second pointer that must
 * not be NULL. */
static aclError capture_args(aclrtStream stream, const void *other, const char *what,
                             const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!stream || (what && !other))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, stream ? what : "stream");
    return ACL_SUCCESS;
}

aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI *modelRI)
{
    static const char fn[] = "aclmdlRICaptureEnd";
    if (modelRI)
        *modelRI = NULL; /* first, whatever else fails (reference 6.1) */
    aclError rc = capture_args(stream, modelRI, "modelRI", fn);
    return rc ? rc : core_capture_finish(stream, modelRI, fn);
}

aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus *status,
                                aclmdlRI *modelRI)
{
    static const char fn[] = "aclmdlRICaptureGetInfo";
    CORE_REQUIRE_INIT();
    if (!stream || (!status && !modelRI))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s", fn,
                        stream ? "status and modelRI are both NULL" : "stream is NULL");
    return core_capture_info(stream, status, modelRI, fn);
}

aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode *mode)
{
    static const char fn[] = "aclmdlRICaptureThreadExchangeMode";
    if (!mode)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: mode is NULL", fn);
    if ((unsigned)*mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown mode %d", fn, (int)*mode);
    *mode = core_capture_exchange_mode(*mode);
    return ACL_SUCCESS;
}

aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream)
{
    static const char fn[] = "aclmdlRICaptureTaskGrpBegin";
    aclError rc = capture_args(stream, NULL, NULL, fn);
    return rc ? rc : core_capture_grp_begin(stream, fn);
}

aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp *handle)
{
    static const char fn[] = "aclmdlRICaptureTaskGrpEnd";
    aclError rc = capture_args(stream, handle, "handle", fn);
    return rc ? rc : core_capture_grp_end(stream, handle, fn);
}

aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle)
{
    static const char fn[] = "aclmdlRICaptureTaskUpdateBegin";
    aclError rc = capture_args(stream, handle, "handle", fn);
    return rc ? rc : core_capture_update_begin(stream, handle, fn);
}

aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream)
{
    static const char fn[] = "aclmdlRICaptureTaskUpdateEnd";
    aclError rc = capture_args(stream, NULL, NULL, fn);
    return rc ? rc : core_capture_update_end(stream, fn);
}

/* ---- manual building ----------------------------------------------------------------- */

aclError aclmdlRIBuildBegin(aclmdlRI *modelRI, uint32_t flag)
{
    static const char fn[] = "aclmdlRIBuildBegin";
    aclError rc = core_api_args(modelRI, "modelRI is NULL", fn);
    if (rc)
        return rc;
    if (flag != 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: flag %u is reserved and must be 0", fn,
                        flag);
    return core_build_begin(modelRI, fn);
}

/* The (modelRI, stream) arguments of BindStream / EndTask / UnbindStream: the runtime is
 * up, neither is NULL (the default stream is never bound). */
static aclError model_stream_args(aclmdlRI modelRI, aclrtStream stream, const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", fn);
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: stream is NULL (the default stream cannot be bound to a model)", fn);
    return ACL_SUCCESS;
}

aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag)
{
    static const char fn[] = "aclmdlRIBindStream";
    aclError rc = model_stream_args(modelRI, stream, fn);
    return rc ? rc : core_build_bind(modelRI, stream, flag, fn);
}

aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream)
{
    static const char fn[] = "aclmdlRIEndTask";
    aclError rc = model_stream_args(modelRI, stream, fn);
    return rc ? rc : core_build_end_task(modelRI, stream, fn);
}

aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream)
{
    static const char fn[] = "aclmdlRIUnbindStream";
    aclError rc = model_stream_args(modelRI, stream, fn);
    return rc ? rc : core_build_unbind(modelRI, stream, fn);
}

aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void *reserve)
{
    static const char fn[] = "aclmdlRIBuildEnd";
    aclError rc = core_api_args(modelRI, "modelRI is NULL", fn);
    if (rc)
        return rc;
    if (reserve)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: reserve is reserved and must be NULL", fn);
    return core_build_end(modelRI, fn);
}

aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream *streams, uint32_t *numStreams)
{
    static const char fn[] = "aclmdlRIGetStreams";
    aclError rc = core_api_args(numStreams, "numStreams is NULL", fn);
    return rc ? rc : core_model_streams(modelRI, streams, numStreams, fn);
}

aclError aclrtTaskUpdateAsync(aclrtStream taskStream, uint32_t taskId, aclrtTaskUpdateInfo *info,
                              aclrtStream execStream)
{
    static const char fn[] = "aclrtTaskUpdateAsync";
    CORE_REQUIRE_INIT();
    if (!taskStream || !execStream || !info)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        !info ? "info" : !taskStream ? "taskStream" : "execStream");
    return core_task_update_async(taskStream, taskId, info, execStream, fn);
}

aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask *tasks, uint32_t *numTasks)
{
    static const char fn[] = "aclmdlRIGetTasksByStream";
    CORE_REQUIRE_INIT();
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: stream is NULL (the default stream is never bound to a model)", fn);
    if (!numTasks)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: numTasks is NULL", fn);
    return core_model_tasks_by_stream(stream, tasks, numTasks, fn);
}

/* ---- run instances ------------------------------------------------------------------- */

aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream)
{
    static const char fn[] = "aclmdlRIExecuteAsync";
    aclError rc = core_api_args(modelRI, "modelRI is NULL", fn);
    return rc ? rc : core_model_execute_async(modelRI, stream, fn);
}

aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout)
{
    static const char fn[] = "aclmdlRIExecute";
    aclError rc = core_api_args(modelRI, "modelRI is NULL", fn);
    return rc ? rc : core_model_execute(modelRI, timeout, fn);
}

aclError aclmdlRIDestroy(aclmdlRI modelRI)
{
    CORE_REQUIRE_INIT();
    return core_model_destroy(modelRI, "aclmdlRIDestroy");
}

aclError aclmdlRIAbort(aclmdlRI modelRI)
{
    CORE_REQUIRE_INIT();
    return core_model_abort(modelRI, "aclmdlRIAbort");
}

aclError aclmdlRIUpdate(aclmdlRI modelRI)
{
    CORE_REQUIRE_INIT();
    return core_model_update(modelRI, "aclmdlRIUpdate");
}

aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t *modelRIId)
{
    static const char fn[] = "aclmdlRIGetId";
    aclError rc = core_api_args(modelRIId, "modelRIId is NULL", fn);
    return rc ? rc : core_model_id(modelRI, modelRIId, fn);
}

aclError aclmdlRISetName(aclmdlRI modelRI, const char *name)
{
    static const char fn[] = "aclmdlRISetName";
    aclError rc = core_api_args(name, "name is NULL", fn);
    return rc ? rc : core_model_set_name(modelRI, name, fn);
}

aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char *name)
{
    static const char fn[] = "aclmdlRIGetName";
    CORE_REQUIRE_INIT();
    if (!name || !maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s", fn,
                        name ? "maxLen is 0" : "name is NULL");
    return core_model_name(modelRI, maxLen, name, fn);
}

aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char *path, uint32_t flags)
{
    static const char fn[] = "aclmdlRIDebugJsonPrint";
    CORE_REQUIRE_INIT();
    if (!modelRI || !path)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        modelRI ? "path" : "modelRI");
    if (flags > ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown flags %u", fn, flags);
    return core_model_debug_json(modelRI, path, flags, fn);
}

aclError aclmdlRIDebugPrint(aclmdlRI modelRI)
{
    CORE_REQUIRE_INIT();
    return core_model_debug_print(modelRI, "aclmdlRIDebugPrint");
}

/* ---- model destroy callbacks --------------------------------------------------------- */

/* The runtime is up; neither modelRI nor func is NULL. */
static aclError callback_args(aclmdlRI modelRI, aclrtCallback func, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (!modelRI || !func)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI or func is NULL", fn);
    return ACL_SUCCESS;
}

aclError aclmdlRIDestroyRegisterCallback(aclmdlRI modelRI, aclrtCallback func, void *userData)
{
    static const char fn[] = "aclmdlRIDestroyRegisterCallback";
    aclError rc = callback_args(modelRI, func, fn);
    return rc ? rc : core_mdl_cb_register(modelRI, func, userData, fn);
}

aclError aclmdlRIDestroyUnregisterCallback(aclmdlRI modelRI, aclrtCallback func)
{
    static const char fn[] = "aclmdlRIDestroyUnregisterCallback";
    aclError rc = callback_args(modelRI, func, fn);
    return rc ? rc : core_mdl_cb_unregister(modelRI, func, fn);
}

/* ---- model tasks --------------------------------------------------------------------- */

aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType *type)
{
    static const char fn[] = "aclmdlRITaskGetType";
    aclError rc = core_api_args(type, "type is NULL", fn);
    return rc ? rc : core_ritask_query(task, type, false, fn);
}

aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t *id)
{
    static const char fn[] = "aclmdlRITaskGetSeqId";
    aclError rc = core_api_args(id, "id is NULL", fn);
    return rc ? rc : core_ritask_query(task, id, true, fn);
}

aclError aclmdlRIKernelTaskGetAttribute(aclmdlRITask task, aclrtLaunchKernelAttrId attrId,
                                        aclrtLaunchKernelAttrValue *attrValue)
{
    static const char fn[] = "aclmdlRIKernelTaskGetAttribute";
    CORE_REQUIRE_INIT();
    if (!task || !attrValue)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, task ? "attrValue" : "task");
    return core_ritask_kernel_attr(task, attrId, attrValue, fn);
}

aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams *params)
{
    static const char fn[] = "aclmdlRITaskGetParams";
    aclError rc = core_api_args(params, "params is NULL", fn);
    return rc ? rc : core_ritask_params(task, params, fn);
}

aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams *params)
{
    static const char fn[] = "aclmdlRITaskSetParams";
    aclError rc = core_api_args(params, "params is NULL", fn);
    return rc ? rc : core_ritask_stage(task, params, fn);
}

aclError aclmdlRITaskDisable(aclmdlRITask task)
{
    CORE_REQUIRE_INIT();
    return core_ritask_stage(task, NULL, "aclmdlRITaskDisable");
}

/* ---- labels -------------------------------------------------------------------------- */

aclError aclrtCreateLabel(aclrtLabel *label)
{
    static const char fn[] = "aclrtCreateLabel";
    aclError rc = core_api_args(label, "label is NULL", fn);
    return rc ? rc : core_label_create(label, fn);
}

aclError aclrtDestroyLabel(aclrtLabel label)
{
    static const char fn[] = "aclrtDestroyLabel";
    aclError rc = core_api_args(label, "label is NULL", fn);
    return rc ? rc : core_label_destroy(label, fn);
}

aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream)
{
    static const char fn[] = "aclrtSetLabel";
    CORE_REQUIRE_INIT();
    if (!label || !stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        label ? "stream (a label is set on a model's stream)" : "label");
    return core_label_set(label, stream, fn);
}

aclError aclrtCreateLabelList(aclrtLabel *labels, size_t num, aclrtLabelList *labelList)
{
    static const char fn[] = "aclrtCreateLabelList";
    CORE_REQUIRE_INIT();
    if (!labels || !labelList)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        labels ? "labelList" : "labels");
    if (num == 0 || num > CORE_LABEL_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: num %zu is outside (0, %u]", fn, num,
                        CORE_LABEL_MAX);
    return core_label_list_create(labels, num, labelList, fn);
}

aclError aclrtDestroyLabelList(aclrtLabelList labelList)
{
    static const char fn[] = "aclrtDestroyLabelList";
    aclError rc = core_api_args(labelList, "labelList is NULL", fn);
    return rc ? rc : core_label_list_destroy(labelList, fn);
}

aclError aclrtSwitchLabelByIndex(void *ptr, uint32_t maxValue, aclrtLabelList labelList,
                                 aclrtStream stream)
{
    static const char fn[] = "aclrtSwitchLabelByIndex";
    CORE_REQUIRE_INIT();
    if (!ptr || !labelList || !stream)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        !ptr         ? "ptr"
                        : !labelList ? "labelList"
                                     : "stream");
    return core_label_switch(ptr, maxValue, labelList, stream, fn);
}

/* ---- conditional tasks --------------------------------------------------------------- */

aclError aclmdlRICondHandleCreate(aclmdlRI modelRI, uint32_t defaultLaunchValue,
                                  aclmdlRICondHandleFlag flag, aclmdlRICondHandle *handle)
{
    static const char fn[] = "aclmdlRICondHandleCreate";
    CORE_REQUIRE_INIT();
    if (!modelRI || !handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        modelRI ? "handle" : "modelRI");
    if ((uint32_t)flag != 0 && flag != ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: flag %u is neither 0 nor ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT", fn,
                        (unsigned)flag);
    return core_cond_handle_create(modelRI, defaultLaunchValue, flag, handle, fn);
}

aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t **ptr)
{
    static const char fn[] = "aclmdlRICondHandleGetCondPtr";
    CORE_REQUIRE_INIT();
    if (!handle || !ptr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, handle ? "ptr" : "handle");
    return core_cond_handle_ptr(handle, ptr, fn);
}

/* The parameters of a conditional task: a handle, the body array, a size the type allows. */
static aclError cond_params(const aclmdlRICondTaskParams *p, const char *fn)
{
    if (!p->handle || !p->modelRIArray)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: params.%s is NULL", fn,
                        p->handle ? "modelRIArray" : "handle");
    switch (p->type) {
    case ACL_MODEL_RI_COND_TYPE_IF:
        if (p->size == 1 || p->size == 2)
            return ACL_SUCCESS;
        break;
    case ACL_MODEL_RI_COND_TYPE_WHILE:
        if (p->size == 1)
            return ACL_SUCCESS;
        break;
    case ACL_MODEL_RI_COND_TYPE_SWITCH:
        if (p->size > 0 && p->size <= 65535)
            return ACL_SUCCESS;
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown condition type %d", fn, (int)p->type);
    }
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: size %u is invalid for this type (IF: 1 or 2, WHILE: 1, SWITCH: 1..65535)",
                    fn, p->size);
}

aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream, uint32_t flags)
{
    static const char fn[] = "aclmdlRIAddCondTask";
    CORE_REQUIRE_INIT();
    if (flags != 0)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: flags must be 0 (got %u)", fn, flags);
    aclError rc = cond_params(&params, fn);
    if (rc)
        return rc;
    if (!stream)
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "%s: the default stream cannot be captured", fn);
    return core_cond_task_add(&params, stream, fn);
}
