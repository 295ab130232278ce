/* SPDX-License-Identifier: Apache-2.0 */
/*
 * API surface of acl/acl_mdl.h (offline models): datasets, model
 * descriptions and their getters, dynamic AIPP parameter sets, load and
 * execution configurations, the size queries, loads, executions (with and
 * without configurations), dynamic gears, attributes, bundles and the
 * diagnostics; with them the model-file hooks of cpuacl/cpuacl_test.h. Calls
 * the mdl room (core/mdl/dataset.h, desc.h, aipp.h, config.h, file.h, load.h,
 * gear.h, bundle.h). These objects are
 * plain objects: no aclInit needed, a NULL object or pointer argument is
 * ACL_ERROR_INVALID_PARAM (or the getter's documented empty answer), a
 * destroyed one the caller's bug. docs/mdl.md lists every call's codes.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/mdl.h"
#include "core/mdl/aipp.h"
#include "core/mdl/bundle.h"
#include "core/mdl/config.h"
#include "core/mdl/dataset.h"
#include "core/mdl/desc.h"
#include "core/mdl/file.h"
#include "core/mdl/gear.h"
#include "core/mdl/load.h"
#include "cpuacl/cpuacl_test.h"

/* What a creator of fn made: p, or NULL with ACL_ERROR_BAD_ALLOC recorded. */
static void *made(void *p, const char *fn)
{
    if (!p)
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return p;
}

/* A NULL argument of fn: the error recorded, its code returned. */
static aclError null_arg(const char *what, const char *fn)
{
    return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
}

/* The entry point api(type param): frees the object with free_fn; NULL is
 * ACL_ERROR_INVALID_PARAM (as GE). */
#define DESTROYER(api, type, param, free_fn)                                                       \
    aclError api(type param)                                                                       \
    {                                                                                              \
        if (!param)                                                                                \
            return null_arg(#param, #api);                                                         \
        free_fn(param);                                                                            \
        return ACL_SUCCESS;                                                                        \
    }

/* ---- datasets ------------------------------------------------------------------ */

aclmdlDataset *aclmdlCreateDataset(void)
{
    return made(core_mdl_dataset_new(), __func__);
}

DESTROYER(aclmdlDestroyDataset, const aclmdlDataset *, dataset, core_mdl_dataset_free)

aclError aclmdlAddDatasetBuffer(aclmdlDataset *dataset, aclDataBuffer *dataBuffer)
{
    if (!dataset || !dataBuffer)
        return null_arg(dataset ? "dataBuffer" : "dataset", __func__);
    return core_mdl_dataset_add(dataset, dataBuffer, __func__);
}

size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset *dataset)
{
    if (!dataset) {
        null_arg("dataset", __func__);
        return 0;
    }
    return core_mdl_dataset_count(dataset);
}

/* dataset not NULL and index one of its entries, else the error recorded. */
static bool dataset_index(const aclmdlDataset *dataset, size_t index, const char *fn)
{
    if (!dataset) {
        null_arg("dataset", fn);
        return false;
    }
    if (index >= core_mdl_dataset_count(dataset)) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: index %zu, the dataset has %zu buffers", fn, index,
                 core_mdl_dataset_count(dataset));
        return false;
    }
    return true;
}

aclDataBuffer *aclmdlGetDatasetBuffer(const aclmdlDataset *dataset, size_t index)
{
    return dataset_index(dataset, index, __func__) ? core_mdl_dataset_buf(dataset, index) : NULL;
}

aclError aclmdlSetDatasetTensorDesc(aclmdlDataset *dataset, aclTensorDesc *tensorDesc, size_t index)
{
    if (!dataset_index(dataset, index, __func__))
        return ACL_ERROR_INVALID_PARAM;
    return core_mdl_dataset_set_tdesc(dataset, index, tensorDesc, __func__);
}

aclTensorDesc *aclmdlGetDatasetTensorDesc(const aclmdlDataset *dataset, size_t index)
{
    return dataset_index(dataset, index, __func__) ? core_mdl_dataset_tdesc(dataset, index) : NULL;
}

/* ---- model descriptions --------------------------------------------------------- */

aclmdlDesc *aclmdlCreateDesc(void)
{
    return made(core_mdl_desc_new(), __func__);
}

DESTROYER(aclmdlDestroyDesc, aclmdlDesc *, modelDesc, core_mdl_desc_free)

/* Fill desc from the model file image [model, model + size). */
static aclError desc_from(aclmdlDesc *desc, const void *model, size_t size, const char *fn)
{
    struct core_mdl_file f;
    aclError rc = core_mdl_file_parse(model, size, &f, fn);
    return rc == ACL_SUCCESS ? core_mdl_desc_decode(desc, &f, fn) : rc;
}

/* Read the file at path and give its bytes to use(bytes, len, obj, fn). */
static aclError from_file(const char *path, void *obj,
                          aclError (*use)(const void *, size_t, void *, const char *),
                          const char *fn)
{
    void *buf;
    size_t len;
    aclError rc = core_mdl_file_read(path, &buf, &len, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = use(buf, len, obj, fn);
    free(buf);
    return rc;
}

static aclError desc_use(const void *buf, size_t len, void *desc, const char *fn)
{
    return desc_from(desc, buf, len, fn);
}

aclError aclmdlGetDescFromFile(aclmdlDesc *modelDesc, const char *modelPath)
{
    if (!modelDesc || !modelPath)
        return null_arg(modelDesc ? "modelPath" : "modelDesc", __func__);
    return from_file(modelPath, modelDesc, desc_use, __func__);
}

aclError aclmdlGetDescFromMem(aclmdlDesc *modelDesc, const void *model, size_t modelSize)
{
    if (!modelDesc || !model)
        return null_arg(modelDesc ? "model" : "modelDesc", __func__);
    if (!modelSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelSize is 0", __func__);
    return desc_from(modelDesc, model, modelSize, __func__);
}

/* The getters that answer a count or a size: 0 for a NULL description. */
#define COUNT_GETTER(api, side)                                                                    \
    size_t api(aclmdlDesc *modelDesc)                                                              \
    {                                                                                              \
        if (!modelDesc) {                                                                          \
            null_arg("modelDesc", #api);                                                           \
            return 0;                                                                              \
        }                                                                                          \
        return modelDesc->n[side];                                                                 \
    }
COUNT_GETTER(aclmdlGetNumInputs, 0)
COUNT_GETTER(aclmdlGetNumOutputs, 1)

#define SIZE_GETTER(api, side)                                                                     \
    size_t api(aclmdlDesc *modelDesc, size_t index)                                                \
    {                                                                                              \
        if (!modelDesc) {                                                                          \
            null_arg("modelDesc", #api);                                                           \
            return 0;                                                                              \
        }                                                                                          \
        return core_mdl_desc_size(modelDesc, side, index, #api);                                   \
    }
SIZE_GETTER(aclmdlGetInputSizeByIndex, false)
SIZE_GETTER(aclmdlGetOutputSizeByIndex, true)

#define DIMS_GETTER(api, side, kind)                                                               \
    aclError api(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)                    \
    {                                                                                              \
        if (!modelDesc || !dims)                                                                   \
            return null_arg(modelDesc ? "dims" : "modelDesc", #api);                               \
        return core_mdl_desc_dims(modelDesc, side, index, kind, dims, #api);                       \
    }
DIMS_GETTER(aclmdlGetInputDims, false, CORE_MDL_DIMS)
DIMS_GETTER(aclmdlGetInputDimsV2, false, CORE_MDL_DIMS_V2)
DIMS_GETTER(aclmdlGetOutputDims, true, CORE_MDL_DIMS)
DIMS_GETTER(aclmdlGetCurOutputDims, true, CORE_MDL_DIMS_CUR)

aclError aclmdlGetInputDimsRange(const aclmdlDesc *modelDesc, size_t index,
                                 aclmdlIODimsRange *dimsRange)
{
    if (!modelDesc || !dimsRange)
        return null_arg(modelDesc ? "dimsRange" : "modelDesc", __func__);
    return core_mdl_desc_dims_range(modelDesc, index, dimsRange, __func__);
}

/* The tensor a per-index getter reads, or NULL with the error recorded. */
static const struct core_mdl_tensor *tensor_at(const aclmdlDesc *d, bool output, size_t index,
                                               const char *fn)
{
    if (!d) {
        null_arg("modelDesc", fn);
        return NULL;
    }
    const struct core_mdl_tensor *t = core_mdl_desc_tensor(d, output, index);
    if (!t)
        core_err(ACL_ERROR_INVALID_PARAM, "%s: %s index %zu, the model has %zu", fn,
                 output ? "output" : "input", index, d->n[output]);
    return t;
}

#define FIELD_GETTER(api, type, side, field, none)                                                 \
    type api(const aclmdlDesc *modelDesc, size_t index)                                            \
    {                                                                                              \
        const struct core_mdl_tensor *t = tensor_at(modelDesc, side, index, #api);                 \
        return t ? t->field : (none);                                                              \
    }
FIELD_GETTER(aclmdlGetInputNameByIndex, const char *, false, name, "")
FIELD_GETTER(aclmdlGetOutputNameByIndex, const char *, true, name, "")
FIELD_GETTER(aclmdlGetInputFormat, aclFormat, false, format, ACL_FORMAT_UNDEFINED)
FIELD_GETTER(aclmdlGetOutputFormat, aclFormat, true, format, ACL_FORMAT_UNDEFINED)
FIELD_GETTER(aclmdlGetInputDataType, aclDataType, false, dtype, ACL_DT_UNDEFINED)
FIELD_GETTER(aclmdlGetOutputDataType, aclDataType, true, dtype, ACL_DT_UNDEFINED)

#define INDEX_GETTER(api, side)                                                                    \
    aclError api(const aclmdlDesc *modelDesc, const char *name, size_t *index)                     \
    {                                                                                              \
        if (!modelDesc || !name || !index)                                                         \
            return null_arg(!modelDesc ? "modelDesc" : !name ? "name" : "index", #api);            \
        return core_mdl_desc_index(modelDesc, side, name, index, #api);                            \
    }
INDEX_GETTER(aclmdlGetInputIndexByName, false)
INDEX_GETTER(aclmdlGetOutputIndexByName, true)

const char *aclmdlGetOpAttr(aclmdlDesc *modelDesc, const char *opName, const char *attr)
{
    if (!modelDesc || !opName || !attr) {
        null_arg(!modelDesc ? "modelDesc" : !opName ? "opName" : "attr", __func__);
        return NULL;
    }
    if (strcmp(attr, ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES)) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: attribute \"%s\": only \"%s\" can be read", __func__,
                 attr, ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES);
        return NULL;
    }
    return core_mdl_desc_op_attr(modelDesc, opName, attr);
}

const char *aclmdlGetTensorRealName(const aclmdlDesc *modelDesc, const char *name)
{
    if (!modelDesc || !name) {
        null_arg(modelDesc ? "name" : "modelDesc", __func__);
        return NULL;
    }
    return core_mdl_desc_real_name(modelDesc, name, __func__);
}

aclError aclmdlGetDynamicBatch(const aclmdlDesc *modelDesc, aclmdlBatch *batch)
{
    if (!modelDesc || !batch)
        return null_arg(modelDesc ? "batch" : "modelDesc", __func__);
    core_mdl_desc_batch(modelDesc, batch);
    return ACL_SUCCESS;
}

aclError aclmdlGetDynamicHW(const aclmdlDesc *modelDesc, size_t index, aclmdlHW *hw)
{
    (void)index; /* reserved: -1 */
    if (!modelDesc || !hw)
        return null_arg(modelDesc ? "hw" : "modelDesc", __func__);
    core_mdl_desc_hw(modelDesc, hw);
    return ACL_SUCCESS;
}

/* The reserved index of the dims-gear getters must be -1. */
static aclError reserved_index(size_t index, const char *fn)
{
    if (index != (size_t)-1)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: index is %zu, it must be -1", fn, index);
    return ACL_SUCCESS;
}

aclError aclmdlGetInputDynamicGearCount(const aclmdlDesc *modelDesc, size_t index,
                                        size_t *gearCount)
{
    if (!modelDesc || !gearCount)
        return null_arg(modelDesc ? "gearCount" : "modelDesc", __func__);
    aclError rc = reserved_index(index, __func__);
    if (rc == ACL_SUCCESS)
        *gearCount = core_mdl_desc_dims_gear_count(modelDesc);
    return rc;
}

aclError aclmdlGetInputDynamicDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims,
                                   size_t gearCount)
{
    if (!modelDesc || !dims)
        return null_arg(modelDesc ? "dims" : "modelDesc", __func__);
    aclError rc = reserved_index(index, __func__);
    return rc == ACL_SUCCESS ? core_mdl_desc_dims_gears(modelDesc, dims, gearCount, __func__) : rc;
}

/* ---- size queries --------------------------------------------------------------- */

/* The sizes of the model file image [model, model + size). */
static aclError sizes_of(const void *model, size_t size, size_t *workSize, size_t *weightSize,
                         const char *fn)
{
    struct core_mdl_file f;
    aclError rc = core_mdl_file_parse(model, size, &f, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    const struct core_mdl_section *w = core_mdl_file_section(&f, CORE_MDL_SEC_WEIGHTS);
    if (f.work_size > SIZE_MAX)
        return core_err(ACL_ERROR_DESERIALIZE_MODEL, "%s: work size %llu does not fit", fn,
                        (unsigned long long)f.work_size);
    *workSize = (size_t)f.work_size;
    *weightSize = w ? w->size : 0;
    return ACL_SUCCESS;
}

aclError aclmdlQuerySize(const char *fileName, size_t *workSize, size_t *weightSize)
{
    if (!fileName || !workSize || !weightSize)
        return null_arg(!fileName ? "fileName" : !workSize ? "workSize" : "weightSize", __func__);
    void *buf;
    size_t len;
    aclError rc = core_mdl_file_read(fileName, &buf, &len, __func__);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = sizes_of(buf, len, workSize, weightSize, __func__);
    free(buf);
    return rc;
}

aclError aclmdlQuerySizeFromMem(const void *model, size_t modelSize, size_t *workSize,
                                size_t *weightSize)
{
    if (!model || !workSize || !weightSize)
        return null_arg(!model ? "model" : !workSize ? "workSize" : "weightSize", __func__);
    if (!modelSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelSize is 0", __func__);
    return sizes_of(model, modelSize, workSize, weightSize, __func__);
}

aclError aclmdlQueryExeOMDesc(const char *fileName, aclmdlExeOMDesc *mdlPartitionSize)
{
    if (!fileName || !mdlPartitionSize)
        return null_arg(!fileName ? "fileName" : "mdlPartitionSize", __func__);
    void *buf;
    size_t len, work, weight;
    aclError rc = core_mdl_file_read(fileName, &buf, &len, __func__);
    if (rc != ACL_SUCCESS)
        return rc;
    struct core_mdl_file f;
    rc = sizes_of(buf, len, &work, &weight, __func__);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_file_parse(buf, len, &f, __func__);
    const struct core_mdl_section *g =
        rc == ACL_SUCCESS ? core_mdl_file_section(&f, CORE_MDL_SEC_GRAPH) : NULL;
    if (rc == ACL_SUCCESS && !g)
        rc = core_err(ACL_ERROR_PARSE_MODEL,
                      "%s: %s has no graph section (a description-only file or a bundle)", __func__,
                      fileName);
    if (rc == ACL_SUCCESS) {
        /* what describes the model: every section but the graph and the weights */
        size_t desc = 0;
        for (size_t k = 0; k < f.n; k++)
            if (f.sec[k].id != CORE_MDL_SEC_GRAPH && f.sec[k].id != CORE_MDL_SEC_WEIGHTS)
                desc += f.sec[k].size;
        memset(mdlPartitionSize, 0, sizeof(*mdlPartitionSize));
        mdlPartitionSize->workSize = work;
        mdlPartitionSize->weightSize = weight;
        mdlPartitionSize->modelDescSize = desc;
        mdlPartitionSize->staticTaskSize = g->size; /* what the loader compiles */
    }
    free(buf);
    return rc;
}

/* ---- dynamic AIPP parameter sets ------------------------------------------------ */

aclmdlAIPP *aclmdlCreateAIPP(uint64_t batchSize)
{
    return core_mdl_aipp_new(batchSize, __func__);
}

DESTROYER(aclmdlDestroyAIPP, const aclmdlAIPP *, aippParmsSet, core_mdl_aipp_free)

aclError aclmdlGetAippDataSize(uint64_t batchSize, size_t *size)
{
    if (!size)
        return null_arg("size", __func__);
    return core_mdl_aipp_data_size(batchSize, size, __func__);
}

/* Every AIPP setter starts here. */
#define AIPP_SET(fn)                                                                               \
    if (!aippParmsSet)                                                                             \
    return null_arg("aippParmsSet", fn)

aclError aclmdlSetAIPPInputFormat(aclmdlAIPP *aippParmsSet, aclAippInputFormat inputFormat)
{
    AIPP_SET(__func__);
    return core_mdl_aipp_set_format(aippParmsSet, inputFormat, __func__);
}

aclError aclmdlSetAIPPCscParams(aclmdlAIPP *aippParmsSet, int8_t cscSwitch, int16_t cscMatrixR0C0,
                                int16_t cscMatrixR0C1, int16_t cscMatrixR0C2, int16_t cscMatrixR1C0,
                                int16_t cscMatrixR1C1, int16_t cscMatrixR1C2, int16_t cscMatrixR2C0,
                                int16_t cscMatrixR2C1, int16_t cscMatrixR2C2,
                                uint8_t cscOutputBiasR0, uint8_t cscOutputBiasR1,
                                uint8_t cscOutputBiasR2, uint8_t cscInputBiasR0,
                                uint8_t cscInputBiasR1, uint8_t cscInputBiasR2)
{
    AIPP_SET(__func__);
    const int16_t m[9] = {cscMatrixR0C0, cscMatrixR0C1, cscMatrixR0C2, cscMatrixR1C0, cscMatrixR1C1,
                          cscMatrixR1C2, cscMatrixR2C0, cscMatrixR2C1, cscMatrixR2C2};
    const uint8_t out[3] = {cscOutputBiasR0, cscOutputBiasR1, cscOutputBiasR2};
    const uint8_t in[3] = {cscInputBiasR0, cscInputBiasR1, cscInputBiasR2};
    return core_mdl_aipp_set_csc(aippParmsSet, cscSwitch, m, out, in, __func__);
}

aclError aclmdlSetAIPPRbuvSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t rbuvSwapSwitch)
{
    AIPP_SET(__func__);
    return core_mdl_aipp_set_swap(aippParmsSet, 0, rbuvSwapSwitch, __func__);
}

aclError aclmdlSetAIPPAxSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t axSwapSwitch)
{
    AIPP_SET(__func__);
    return core_mdl_aipp_set_swap(aippParmsSet, 1, axSwapSwitch, __func__);
}

aclError aclmdlSetAIPPSrcImageSize(aclmdlAIPP *aippParmsSet, int32_t srcImageSizeW,
                                   int32_t srcImageSizeH)
{
    AIPP_SET(__func__);
    return core_mdl_aipp_set_src_size(aippParmsSet, srcImageSizeW, srcImageSizeH, __func__);
}

aclError aclmdlSetAIPPScfParams(aclmdlAIPP *aippParmsSet, int8_t scfSwitch, int32_t scfInputSizeW,
                                int32_t scfInputSizeH, int32_t scfOutputSizeW,
                                int32_t scfOutputSizeH, uint64_t batchIndex)
{
    AIPP_SET(__func__);
    const int32_t v[4] = {scfInputSizeW, scfInputSizeH, scfOutputSizeW, scfOutputSizeH};
    return core_mdl_aipp_set_stage(aippParmsSet, CORE_MDL_AIPP_SCF, scfSwitch, v, batchIndex,
                                   __func__);
}

aclError aclmdlSetAIPPCropParams(aclmdlAIPP *aippParmsSet, int8_t cropSwitch, int32_t cropStartPosW,
                                 int32_t cropStartPosH, int32_t cropSizeW, int32_t cropSizeH,
                                 uint64_t batchIndex)
{
    AIPP_SET(__func__);
    const int32_t v[4] = {cropStartPosW, cropStartPosH, cropSizeW, cropSizeH};
    return core_mdl_aipp_set_stage(aippParmsSet, CORE_MDL_AIPP_CROP, cropSwitch, v, batchIndex,
                                   __func__);
}

aclError aclmdlSetAIPPPaddingParams(aclmdlAIPP *aippParmsSet, int8_t paddingSwitch,
                                    int32_t paddingSizeTop, int32_t paddingSizeBottom,
                                    int32_t paddingSizeLeft, int32_t paddingSizeRight,
                                    uint64_t batchIndex)
{
    AIPP_SET(__func__);
    const int32_t v[4] = {paddingSizeTop, paddingSizeBottom, paddingSizeLeft, paddingSizeRight};
    return core_mdl_aipp_set_stage(aippParmsSet, CORE_MDL_AIPP_PADDING, paddingSwitch, v,
                                   batchIndex, __func__);
}

aclError aclmdlSetAIPPDtcPixelMean(aclmdlAIPP *aippParmsSet, int16_t dtcPixelMeanChn0,
                                   int16_t dtcPixelMeanChn1, int16_t dtcPixelMeanChn2,
                                   int16_t dtcPixelMeanChn3, uint64_t batchIndex)
{
    AIPP_SET(__func__);
    const int16_t v[4] = {dtcPixelMeanChn0, dtcPixelMeanChn1, dtcPixelMeanChn2, dtcPixelMeanChn3};
    return core_mdl_aipp_set_mean(aippParmsSet, v, batchIndex, __func__);
}

aclError aclmdlSetAIPPDtcPixelMin(aclmdlAIPP *aippParmsSet, float dtcPixelMinChn0,
                                  float dtcPixelMinChn1, float dtcPixelMinChn2,
                                  float dtcPixelMinChn3, uint64_t batchIndex)
{
    AIPP_SET(__func__);
    const float v[4] = {dtcPixelMinChn0, dtcPixelMinChn1, dtcPixelMinChn2, dtcPixelMinChn3};
    return core_mdl_aipp_set_norm(aippParmsSet, 0, v, batchIndex, __func__);
}

aclError aclmdlSetAIPPPixelVarReci(aclmdlAIPP *aippParmsSet, float dtcPixelVarReciChn0,
                                   float dtcPixelVarReciChn1, float dtcPixelVarReciChn2,
                                   float dtcPixelVarReciChn3, uint64_t batchIndex)
{
    AIPP_SET(__func__);
    const float v[4] = {dtcPixelVarReciChn0, dtcPixelVarReciChn1, dtcPixelVarReciChn2,
                        dtcPixelVarReciChn3};
    return core_mdl_aipp_set_norm(aippParmsSet, 1, v, batchIndex, __func__);
}

/* ---- AIPP on a loaded model --------------------------------------------------------- */

aclError aclmdlSetInputAIPP(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                            const aclmdlAIPP *aippParmsSet)
{
    if (!dataset || !aippParmsSet)
        return null_arg(dataset ? "aippParmsSet" : "dataset", __func__);
    return core_mdl_aipp_set_input(modelId, dataset, index, false, aippParmsSet, __func__);
}

aclError aclmdlSetAIPPByInputIndex(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                   const aclmdlAIPP *aippParmsSet)
{
    if (!dataset || !aippParmsSet)
        return null_arg(dataset ? "aippParmsSet" : "dataset", __func__);
    return core_mdl_aipp_set_input(modelId, dataset, index, true, aippParmsSet, __func__);
}

aclError aclmdlGetAippType(uint32_t modelId, size_t index, aclmdlInputAippType *type,
                           size_t *dynamicAttachedDataIndex)
{
    if (!type || !dynamicAttachedDataIndex)
        return null_arg(type ? "dynamicAttachedDataIndex" : "type", __func__);
    return core_mdl_aipp_type(modelId, index, type, dynamicAttachedDataIndex, __func__);
}

aclError aclmdlGetFirstAippInfo(uint32_t modelId, size_t index, aclAippInfo *aippInfo)
{
    if (!aippInfo)
        return null_arg("aippInfo", __func__);
    return core_mdl_aipp_info(modelId, index, aippInfo, __func__);
}

/* ---- diagnostics ---------------------------------------------------------------- */

aclError aclmdlCreateAndGetOpDesc(uint32_t deviceId, uint32_t streamId, uint32_t taskId,
                                  char *opName, size_t opNameLen, aclTensorDesc **inputDesc,
                                  size_t *numInputs, aclTensorDesc **outputDesc, size_t *numOutputs)
{
    (void)opNameLen;
    if (!opName || !inputDesc || !outputDesc || !numInputs || !numOutputs)
        return null_arg(!opName       ? "opName"
                        : !inputDesc  ? "inputDesc"
                        : !outputDesc ? "outputDesc"
                        : !numInputs  ? "numInputs"
                                      : "numOutputs",
                        __func__);
    /* GE looks the task up among the device tasks its loaded models were
     * compiled to; a cpuacl model's operators run as host work of the graph
     * engine, which keeps no operator record per stream task */
    return core_err(ACL_ERROR_GE_FAILURE,
                    "%s: no operator of a loaded model ran as task %u of stream %u on device %u "
                    "(cpuacl models keep no per-task operator records)",
                    __func__, taskId, streamId, deviceId);
}

aclError aclRecoverAllHcclTasks(int32_t deviceId)
{
    /* GE (ModelManager::RecoverAllModel): the device must be the thread's
     * current one, then each loaded model re-issues its collective tasks.
     * cpuacl's models compile to no device tasks (HCCL calls run as host
     * work of the graph engine and complete or fail with their execution),
     * so there is nothing left to recover: the check alone. */
    aclError rc = ACL_SUCCESS;
    struct core_ctx *c = core_initialised() ? core_ctx_need(__func__, &rc) : NULL;
    int32_t cur = c ? c->dev->id : -1;
    if (cur != deviceId)
        return core_err(ACL_ERROR_GE_FAILURE,
                        "%s: device %d is not the current device of this thread (%s%d)", __func__,
                        (int)deviceId, cur < 0 ? "none set: " : "", (int)cur);
    return ACL_SUCCESS;
}

/* ---- configuration handles ------------------------------------------------------ */

aclmdlConfigHandle *aclmdlCreateConfigHandle(void)
{
    return made(core_mdl_config_new(), __func__);
}

DESTROYER(aclmdlDestroyConfigHandle, aclmdlConfigHandle *, handle, core_mdl_config_free)

aclError aclmdlSetConfigOpt(aclmdlConfigHandle *handle, aclmdlConfigAttr attr,
                            const void *attrValue, size_t valueSize)
{
    if (!handle || !attrValue)
        return null_arg(handle ? "attrValue" : "handle", __func__);
    return core_mdl_config_set(handle, attr, attrValue, valueSize, __func__);
}

aclError aclmdlSetExternalWeightAddress(aclmdlConfigHandle *handle, const char *weightFileName,
                                        void *devPtr, size_t size)
{
    if (!handle || !weightFileName || !devPtr)
        return null_arg(!handle           ? "handle"
                        : !weightFileName ? "weightFileName"
                                          : "devPtr",
                        __func__);
    return core_mdl_config_ext_weight(handle, weightFileName, devPtr, size, __func__);
}

aclmdlExecConfigHandle *aclmdlCreateExecConfigHandle(void)
{
    return made(core_mdl_exec_config_new(), __func__);
}

DESTROYER(aclmdlDestroyExecConfigHandle, const aclmdlExecConfigHandle *, handle,
          core_mdl_exec_config_free)

aclError aclmdlSetExecConfigOpt(aclmdlExecConfigHandle *handle, aclmdlExecConfigAttr attr,
                                const void *attrValue, size_t valueSize)
{
    if (!handle || !attrValue)
        return null_arg(handle ? "attrValue" : "handle", __func__);
    return core_mdl_exec_config_set(handle, attr, attrValue, valueSize, __func__);
}

/* ---- loading, unloading, executing ---------------------------------------------- */

/* Load the model file at path (or the image [model, model + size) when
 * path is NULL) with the options o. */
static aclError load_opts(const char *path, const void *model, size_t size, uint32_t *modelId,
                          const struct core_mdl_load_opts *o, const char *fn)
{
    void *buf = NULL;
    aclError rc = ACL_SUCCESS;
    if (path)
        rc = core_mdl_file_read(path, &buf, &size, fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_load(path ? buf : model, size, o, modelId, fn);
    free(buf);
    return rc;
}

static aclError load(const char *path, const void *model, size_t size, uint32_t *modelId,
                     void *workPtr, size_t workSize, void *weightPtr, size_t weightSize,
                     const char *fn)
{
    struct core_mdl_load_opts o = {
        .work = workPtr, .work_size = workSize, .weight = weightPtr, .weight_size = weightSize};
    return load_opts(path, model, size, modelId, &o, fn);
}

aclError aclmdlLoadFromFile(const char *modelPath, uint32_t *modelId)
{
    if (!modelPath || !modelId)
        return null_arg(modelPath ? "modelId" : "modelPath", __func__);
    return load(modelPath, NULL, 0, modelId, NULL, 0, NULL, 0, __func__);
}

aclError aclmdlLoadFromMem(const void *model, size_t modelSize, uint32_t *modelId)
{
    if (!model || !modelId)
        return null_arg(model ? "modelId" : "model", __func__);
    return load(NULL, model, modelSize, modelId, NULL, 0, NULL, 0, __func__);
}

aclError aclmdlLoadFromFileWithMem(const char *modelPath, uint32_t *modelId, void *workPtr,
                                   size_t workSize, void *weightPtr, size_t weightSize)
{
    if (!modelPath || !modelId)
        return null_arg(modelPath ? "modelId" : "modelPath", __func__);
    return load(modelPath, NULL, 0, modelId, workPtr, workSize, weightPtr, weightSize, __func__);
}

aclError aclmdlLoadFromMemWithMem(const void *model, size_t modelSize, uint32_t *modelId,
                                  void *workPtr, size_t workSize, void *weightPtr,
                                  size_t weightSize)
{
    if (!model || !modelId)
        return null_arg(model ? "modelId" : "model", __func__);
    return load(NULL, model, modelSize, modelId, workPtr, workSize, weightPtr, weightSize,
                __func__);
}

/* A load with queues: GE's checks, then the load. */
static aclError load_q(const char *path, const void *model, size_t size, uint32_t *modelId,
                       const uint32_t *inputQ, size_t inputQNum, const uint32_t *outputQ,
                       size_t outputQNum, uint32_t priority, const char *fn)
{
    if (!inputQ || !outputQ)
        return null_arg(inputQ ? "outputQ" : "inputQ", fn);
    if (!inputQNum || !outputQNum)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: inputQNum %zu or outputQNum %zu is 0", fn,
                        inputQNum, outputQNum);
    struct core_mdl_load_opts o = {.priority = priority,
                                   .queues = true,
                                   .inq = inputQ,
                                   .outq = outputQ,
                                   .ninq = inputQNum,
                                   .noutq = outputQNum};
    return load_opts(path, model, size, modelId, &o, fn);
}

aclError aclmdlLoadFromFileWithQ(const char *modelPath, uint32_t *modelId, const uint32_t *inputQ,
                                 size_t inputQNum, const uint32_t *outputQ, size_t outputQNum)
{
    if (!modelPath || !modelId)
        return null_arg(modelPath ? "modelId" : "modelPath", __func__);
    return load_q(modelPath, NULL, 0, modelId, inputQ, inputQNum, outputQ, outputQNum, 0, __func__);
}

aclError aclmdlLoadFromMemWithQ(const void *model, size_t modelSize, uint32_t *modelId,
                                const uint32_t *inputQ, size_t inputQNum, const uint32_t *outputQ,
                                size_t outputQNum)
{
    if (!model || !modelId)
        return null_arg(model ? "modelId" : "model", __func__);
    return load_q(NULL, model, modelSize, modelId, inputQ, inputQNum, outputQ, outputQNum, 0,
                  __func__);
}

/* Option a of handle h as a pointer or size (NULL / 0 when not set). */
static void *opt_ptr(const aclmdlConfigHandle *h, aclmdlConfigAttr a)
{
    union core_mdl_opt v;
    return core_mdl_config_get(h, a, &v) ? v.ptr : NULL;
}

static size_t opt_size(const aclmdlConfigHandle *h, aclmdlConfigAttr a)
{
    union core_mdl_opt v;
    return core_mdl_config_get(h, a, &v) ? v.size : 0;
}

/* The memory (with_mem) and priority options of handle h. */
static void config_load_opts(const aclmdlConfigHandle *h, bool with_mem,
                             struct core_mdl_load_opts *o)
{
    union core_mdl_opt prio = {.i32 = 0};
    core_mdl_config_get(h, ACL_MDL_PRIORITY_INT32, &prio);
    o->priority = (uint32_t)prio.i32; /* [0, 7], checked when set */
    o->work = with_mem ? opt_ptr(h, ACL_MDL_WORKSPACE_ADDR_PTR) : NULL;
    o->weight = with_mem ? opt_ptr(h, ACL_MDL_WEIGHT_ADDR_PTR) : NULL;
    o->work_size = with_mem ? opt_size(h, ACL_MDL_WORKSPACE_SIZET) : 0;
    o->weight_size = with_mem ? opt_size(h, ACL_MDL_WEIGHT_SIZET) : 0;
}

aclError aclmdlLoadWithConfig(const aclmdlConfigHandle *handle, uint32_t *modelId)
{
    if (!handle || !modelId)
        return null_arg(handle ? "modelId" : "handle", __func__);
    size_t type = opt_size(handle, ACL_MDL_LOAD_TYPE_SIZET);
    union core_mdl_opt path = {.str = NULL};
    bool file = type == ACL_MDL_LOAD_FROM_FILE || type == ACL_MDL_LOAD_FROM_FILE_WITH_MEM;
    bool mem = type == ACL_MDL_LOAD_FROM_MEM || type == ACL_MDL_LOAD_FROM_MEM_WITH_MEM;
    bool with_mem =
        type == ACL_MDL_LOAD_FROM_FILE_WITH_MEM || type == ACL_MDL_LOAD_FROM_MEM_WITH_MEM;
    bool with_q = type == ACL_MDL_LOAD_FROM_FILE_WITH_Q || type == ACL_MDL_LOAD_FROM_MEM_WITH_Q;
    file = file || type == ACL_MDL_LOAD_FROM_FILE_WITH_Q;
    mem = mem || type == ACL_MDL_LOAD_FROM_MEM_WITH_Q;
    if (!file && !mem)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: ACL_MDL_LOAD_TYPE_SIZET is %s (1 to 6 load a model)", __func__,
                        type ? "out of range" : "not set");
    if (file && !core_mdl_config_get(handle, ACL_MDL_PATH_PTR, &path))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: ACL_MDL_PATH_PTR is not set", __func__);
    const void *model = opt_ptr(handle, ACL_MDL_MEM_ADDR_PTR);
    size_t size = opt_size(handle, ACL_MDL_MEM_SIZET);
    if (mem && (!model || !size))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: ACL_MDL_MEM_ADDR_PTR and ACL_MDL_MEM_SIZET must both be set",
                        __func__);
    struct core_mdl_load_opts o = {0};
    config_load_opts(handle, with_mem, &o);
    if (with_q)
        return load_q(
            file ? path.str : NULL, model, size, modelId, opt_ptr(handle, ACL_MDL_INPUTQ_ADDR_PTR),
            opt_size(handle, ACL_MDL_INPUTQ_NUM_SIZET), opt_ptr(handle, ACL_MDL_OUTPUTQ_ADDR_PTR),
            opt_size(handle, ACL_MDL_OUTPUTQ_NUM_SIZET), o.priority, __func__);
    return load_opts(file ? path.str : NULL, model, size, modelId, &o, __func__);
}

aclError aclmdlLoadFromModel(const aclmdlModel *model, const aclmdlConfigHandle *handle,
                             uint32_t *modelId)
{
    if (!model || !modelId)
        return null_arg(model ? "modelId" : "model", __func__);
    size_t len = 0;
    const void *img = core_mdl_image_view(model, &len);
    if (!img)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: model is not an aclmdlModel of aclgrphBuildModelFromFile or "
                        "aclgrphBuildModelFromData",
                        __func__);
    struct core_mdl_load_opts o = {0};
    if (handle)
        config_load_opts(handle, true, &o);
    return core_mdl_load(img, len, &o, modelId, __func__);
}

aclError aclmdlUnload(uint32_t modelId)
{
    return core_mdl_unload(modelId, 0, __func__);
}

aclError aclmdlGetDesc(aclmdlDesc *modelDesc, uint32_t modelId)
{
    if (!modelDesc)
        return null_arg("modelDesc", __func__);
    return core_mdl_get_desc(modelDesc, modelId, __func__);
}

aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output)
{
    return core_mdl_execute(modelId, input, output, NULL, true, __func__);
}

aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output,
                            aclrtStream stream)
{
    return core_mdl_execute(modelId, input, output, stream, false, __func__);
}

aclError aclmdlExecuteV2(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output,
                         aclrtStream stream, const aclmdlExecConfigHandle *handle)
{
    return core_mdl_execute_v2(modelId, input, output, stream, handle, false, __func__);
}

aclError aclmdlExecuteAsyncV2(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output,
                              aclrtStream stream, const aclmdlExecConfigHandle *handle)
{
    return core_mdl_execute_v2(modelId, input, output, stream, handle, true, __func__);
}

/* aclmdlSetAttribute / aclmdlGetAttribute: the one attribute, the priority. */
static aclError attribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t *attrValue, bool set,
                          const char *fn)
{
    if (!attrValue)
        return null_arg("attrValue", fn);
    if (attr != ACL_MDL_ATTR_PRIORITY_INT32)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: attribute %d is not an aclmdlAttr (ACL_MDL_ATTR_PRIORITY_INT32 is)",
                        fn, (int)attr);
    return core_mdl_priority(modelId, set, &attrValue->mdlPriority, fn);
}

aclError aclmdlSetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t *attrValue)
{
    return attribute(modelId, attr, attrValue, true, __func__);
}

aclError aclmdlGetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t *attrValue)
{
    return attribute(modelId, attr, attrValue, false, __func__);
}

/* ---- bundles (core/mdl/bundle.c) --------------------------------------------------- */

/* Open the bundle file at path (or the image [model, model + size) when path
 * is NULL). */
static aclError bundle_open(const char *path, const void *model, size_t size, void *var,
                            size_t var_size, bool all, uint32_t *bundleId, const char *fn)
{
    void *buf = NULL;
    aclError rc = ACL_SUCCESS;
    if (path)
        rc = core_mdl_file_read(path, &buf, &size, fn);
    else if (!size)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: modelSize is 0", fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_bundle_open(path ? buf : model, size, var, var_size, all, bundleId, fn);
    free(buf);
    return rc;
}

aclError aclmdlBundleLoadFromFile(const char *modelPath, uint32_t *bundleId)
{
    if (!modelPath || !bundleId)
        return null_arg(modelPath ? "bundleId" : "modelPath", __func__);
    return bundle_open(modelPath, NULL, 0, NULL, 0, true, bundleId, __func__);
}

aclError aclmdlBundleLoadFromMem(const void *model, size_t modelSize, uint32_t *bundleId)
{
    if (!model || !bundleId)
        return null_arg(model ? "bundleId" : "model", __func__);
    return bundle_open(NULL, model, modelSize, NULL, 0, true, bundleId, __func__);
}

aclError aclmdlBundleInitFromFile(const char *modelPath, void *varWeightPtr, size_t varWeightSize,
                                  uint32_t *bundleId)
{
    if (!modelPath || !bundleId)
        return null_arg(modelPath ? "bundleId" : "modelPath", __func__);
    return bundle_open(modelPath, NULL, 0, varWeightPtr, varWeightSize, false, bundleId, __func__);
}

aclError aclmdlBundleInitFromMem(const void *model, size_t modelSize, void *varWeightPtr,
                                 size_t varWeightSize, uint32_t *bundleId)
{
    if (!model || !bundleId)
        return null_arg(model ? "bundleId" : "model", __func__);
    return bundle_open(NULL, model, modelSize, varWeightPtr, varWeightSize, false, bundleId,
                       __func__);
}

aclError aclmdlBundleUnload(uint32_t bundleId)
{
    return core_mdl_bundle_close(bundleId, __func__);
}

aclError aclmdlBundleGetModelNum(uint32_t bundleId, size_t *modelNum)
{
    if (!modelNum)
        return null_arg("modelNum", __func__);
    return core_mdl_bundle_count(bundleId, modelNum, __func__);
}

aclError aclmdlBundleGetModelId(uint32_t bundleId, size_t index, uint32_t *modelId)
{
    if (!modelId)
        return null_arg("modelId", __func__);
    return core_mdl_bundle_model_id(bundleId, index, modelId, __func__);
}

aclmdlBundleQueryInfo *aclmdlBundleCreateQueryInfo(void)
{
    return made(core_mdl_bundle_query_new(), __func__);
}

DESTROYER(aclmdlBundleDestroyQueryInfo, aclmdlBundleQueryInfo *, queryInfo,
          core_mdl_bundle_query_free)

static aclError query_use(const void *buf, size_t len, void *q, const char *fn)
{
    return core_mdl_bundle_query(buf, len, q, fn);
}

aclError aclmdlBundleQueryInfoFromFile(const char *fileName, aclmdlBundleQueryInfo *queryInfo)
{
    if (!fileName || !queryInfo)
        return null_arg(fileName ? "queryInfo" : "fileName", __func__);
    return from_file(fileName, queryInfo, query_use, __func__);
}

aclError aclmdlBundleQueryInfoFromMem(const void *model, size_t modelSize,
                                      aclmdlBundleQueryInfo *queryInfo)
{
    if (!model || !queryInfo)
        return null_arg(model ? "queryInfo" : "model", __func__);
    if (!modelSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelSize is 0", __func__);
    return core_mdl_bundle_query(model, modelSize, queryInfo, __func__);
}

aclError aclmdlBundleGetQueryModelNum(const aclmdlBundleQueryInfo *queryInfo, size_t *modelNum)
{
    if (!queryInfo || !modelNum)
        return null_arg(queryInfo ? "modelNum" : "queryInfo", __func__);
    *modelNum = queryInfo->n;
    return ACL_SUCCESS;
}

aclError aclmdlBundleGetVarWeightSize(const aclmdlBundleQueryInfo *queryInfo,
                                      size_t *variableWeightSize)
{
    if (!queryInfo || !variableWeightSize)
        return null_arg(queryInfo ? "variableWeightSize" : "queryInfo", __func__);
    *variableWeightSize = queryInfo->var_size;
    return ACL_SUCCESS;
}

aclError aclmdlBundleGetSize(const aclmdlBundleQueryInfo *queryInfo, size_t index, size_t *workSize,
                             size_t *constWeightSize)
{
    if (!queryInfo || !workSize || !constWeightSize)
        return null_arg(!queryInfo  ? "queryInfo"
                        : !workSize ? "workSize"
                                    : "constWeightSize",
                        __func__);
    if (index >= queryInfo->n)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: index %zu is not below the %zu models",
                        __func__, index, queryInfo->n);
    *workSize = queryInfo->work[index];
    *constWeightSize = queryInfo->weight[index];
    return ACL_SUCCESS;
}

aclError aclmdlBundleLoadModel(uint32_t bundleId, size_t index, uint32_t *modelId)
{
    if (!modelId)
        return null_arg("modelId", __func__);
    struct core_mdl_load_opts o = {0};
    return core_mdl_bundle_load(bundleId, index, &o, modelId, __func__);
}

aclError aclmdlBundleLoadModelWithMem(uint32_t bundleId, size_t index, void *workPtr,
                                      size_t workSize, void *weightPtr, size_t weightSize,
                                      uint32_t *modelId)
{
    if (!modelId)
        return null_arg("modelId", __func__);
    struct core_mdl_load_opts o = {
        .work = workPtr, .work_size = workSize, .weight = weightPtr, .weight_size = weightSize};
    return core_mdl_bundle_load(bundleId, index, &o, modelId, __func__);
}

aclError aclmdlBundleLoadModelWithConfig(uint32_t bundleId, size_t index,
                                         aclmdlConfigHandle *handle, uint32_t *modelId)
{
    if (!handle || !modelId)
        return null_arg(handle ? "modelId" : "handle", __func__);
    struct core_mdl_load_opts o = {0};
    config_load_opts(handle, true, &o);
    return core_mdl_bundle_load(bundleId, index, &o, modelId, __func__);
}

aclError aclmdlBundleUnloadModel(uint32_t bundleId, uint32_t modelId)
{
    return core_mdl_bundle_unload(bundleId, modelId, __func__);
}

/* ---- dynamic gears (core/mdl/gear.c) ------------------------------------------------ */

aclError aclmdlSetDynamicBatchSize(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                   uint64_t batchSize)
{
    if (!dataset)
        return null_arg("dataset", __func__);
    if (!batchSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: batchSize is 0", __func__);
    return core_mdl_gears_set(modelId, dataset, index, CORE_MDL_GEARS_BATCH, &batchSize, 1,
                              __func__);
}

aclError aclmdlSetDynamicHWSize(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                uint64_t height, uint64_t width)
{
    if (!dataset)
        return null_arg("dataset", __func__);
    if (!height || !width)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: height %llu or width %llu is 0", __func__,
                        (unsigned long long)height, (unsigned long long)width);
    const uint64_t hw[2] = {height, width};
    return core_mdl_gears_set(modelId, dataset, index, CORE_MDL_GEARS_HW, hw, 2, __func__);
}

aclError aclmdlSetInputDynamicDims(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                   const aclmdlIODims *dims)
{
    if (!dataset || !dims)
        return null_arg(dataset ? "dims" : "dataset", __func__);
    if (!dims->dimCount || dims->dimCount > ACL_MAX_DIM_CNT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: dimCount %zu is not in [1, %d]", __func__,
                        dims->dimCount, ACL_MAX_DIM_CNT);
    uint64_t v[ACL_MAX_DIM_CNT];
    for (size_t k = 0; k < dims->dimCount; k++) {
        if (dims->dims[k] <= 0)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: dims[%zu] is %lld, not a positive dim",
                            __func__, k, (long long)dims->dims[k]);
        v[k] = (uint64_t)dims->dims[k];
    }
    return core_mdl_gears_set(modelId, dataset, index, CORE_MDL_GEARS_DIMS, v, dims->dimCount,
                              __func__);
}

/* ---- test hooks (cpuacl/cpuacl_test.h) ------------------------------------------ */

aclError cpuaclTestModelFileWrite(size_t n, const uint32_t *ids, const void *const *data,
                                  const size_t *sizes, uint64_t workSize, void *out, size_t cap,
                                  size_t *len)
{
    if (!len || (n && (!ids || !data || !sizes)))
        return null_arg(!len ? "len" : "ids, data or sizes", __func__);
    if (n > CORE_MDL_MAX_SECTIONS)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %zu sections, at most %u", __func__, n,
                        CORE_MDL_MAX_SECTIONS);
    struct core_mdl_section s[CORE_MDL_MAX_SECTIONS];
    for (size_t i = 0; i < n; i++)
        s[i] = (struct core_mdl_section){ids[i], data[i], sizes[i]};
    if (!out) {
        *len = core_mdl_file_size(s, n);
        return *len ? ACL_SUCCESS
                    : core_err(ACL_ERROR_INVALID_PARAM, "%s: the file is too large", __func__);
    }
    return core_mdl_file_write(s, n, workSize, out, cap, len, __func__);
}

aclError cpuaclTestModelDescEncode(const aclmdlDesc *desc, uint32_t sectionId, void *out,
                                   size_t cap, size_t *len)
{
    if (!desc || !len)
        return null_arg(desc ? "len" : "desc", __func__);
    void *bytes;
    size_t n;
    aclError rc = core_mdl_desc_encode(desc, sectionId, &bytes, &n, __func__);
    if (rc != ACL_SUCCESS)
        return rc;
    *len = n;
    if (out && cap < n)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: %zu bytes needed, %zu given", __func__, n, cap);
    else if (out && n)
        memcpy(out, bytes, n);
    free(bytes);
    return rc;
}
