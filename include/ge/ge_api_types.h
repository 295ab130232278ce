/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ge/ge_api_types.h: option keys, InputTensorInfo and the callback type of
 * GE's C++ API. Options cpuacl reads or validates: docs/graph.md.
 */
#ifndef CPUACL_GE_GE_API_TYPES_H
#define CPUACL_GE_GE_API_TYPES_H
#ifdef __cplusplus

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

using Status = uint32_t;

const char_t *const OPTION_GRAPH_RUN_MODE = "ge.graphRunMode";
const char_t *const OPTION_DEVICE_TYPE = "ge.deviceType";
const char_t *const OPTION_EXEC_SESSION_ID = "ge.exec.sessionId";
const char_t *const OPTION_EXEC_DEVICE_ID = "ge.exec.deviceId";
const char_t *const OPTION_EXEC_JOB_ID = "ge.exec.jobId";
const char_t *const OPTION_EXEC_IS_USEHCOM = "ge.exec.isUseHcom";
const char_t *const OPTION_EXEC_RANK_ID = "ge.exec.rankId";
const char_t *const OPTION_EXEC_DEPLOY_MODE = "ge.exec.deployMode";
const char_t *const OPTION_EXEC_ENABLE_DUMP = "ge.exec.enableDump";
const char_t *const OPTION_EXEC_DUMP_PATH = "ge.exec.dumpPath";
const char_t *const OPTION_EXEC_ENABLE_EXCEPTION_DUMP = "ge.exec.enable_exception_dump";
const char_t *const PRECISION_MODE = "ge.exec.precision_mode";
const char_t *const SOC_VERSION = "ge.socVersion";
const char_t *const STREAM_NUM = "ge.streamNum";
const char_t *const OPTION_HOST_ENV_OS = "ge.host_env_os";
const char_t *const OPTION_HOST_ENV_CPU = "ge.host_env_cpu";

enum GraphRunMode : std::int32_t { PREDICTION = 0, TRAIN };

/* Options of the model-build API (ge/ge_ir_build.h): GE's strings. */
namespace ir_option {
static const char_t *const INPUT_FORMAT = "input_format";
static const char_t *const INPUT_SHAPE = "input_shape";
static const char_t *const OP_NAME_MAP = "op_name_map";
static const char_t *const DYNAMIC_BATCH_SIZE = "ge.dynamicBatchSize";
static const char_t *const DYNAMIC_IMAGE_SIZE = "ge.dynamicImageSize";
static const char_t *const DYNAMIC_DIMS = "ge.dynamicDims";
static const char_t *const INSERT_OP_FILE = "ge.insertOpFile";
static const char_t *const PRECISION_MODE = "ge.exec.precision_mode";
static const char_t *const PRECISION_MODE_V2 = "ge.exec.precision_mode_v2";
static const char_t *const OP_PRECISION_MODE = "ge.exec.op_precision_mode";
static const char_t *const ALLOW_HF32 = "ge.exec.allow_hf32";
static const char_t *const EXEC_DISABLE_REUSED_MEMORY = "ge.exec.disableReuseMemory";
static const char_t *const AUTO_TUNE_MODE = "ge.autoTuneMode";
static const char_t *const OUTPUT_TYPE = "ge.outputDatatype";
static const char_t *const OUT_NODES = "ge.outputNodeName";
static const char_t *const INPUT_FP16_NODES = "ge.INPUT_NODES_SET_FP16";
static const char_t *const LOG_LEVEL = "log";
static const char_t *const OP_DEBUG_LEVEL = "ge.opDebugLevel";
static const char_t *const OP_DEBUG_OPTION = "op_debug_option";
static const char_t *const PERFORMANCE_MODE = "ge.performance_mode";
static const char_t *const SHAPE_GENERALIZED_BUILD_MODE = "ge.shape_generalized_build_mode";
static const char_t *const MODIFY_MIXLIST = "ge.exec.modify_mixlist";
static const char_t *const CUSTOMIZE_DTYPES = "ge.customizeDtypes";
static const char_t *const OP_DEBUG_CONFIG = "op_debug_config";
static const char_t *const EXTERNAL_WEIGHT = "ge.externalWeight";
static const char_t *const AC_PARALLEL_ENABLE = "ac_parallel_enable";
static const char_t *const ENABLE_GRAPH_PARALLEL = "ge.enableGraphParallel";
static const char_t *const GRAPH_PARALLEL_OPTION_PATH = "ge.graphParallelOptionPath";
static const char_t *const QUANT_DUMPABLE = "ge.quant_dumpable";
static const char_t *const TILING_SCHEDULE_OPTIMIZE = "ge.tiling_schedule_optimize";
static const char_t *const GRAPH_MAX_PARALLEL_MODEL_NUM = "ge.graphMaxParallelModelNum";
/* aclgrphBuildInitialize's (global) options */
static const char_t *const SOC_VERSION = "ge.socVersion";
static const char_t *const CORE_TYPE = "ge.engineType";
static const char_t *const VIRTUAL_TYPE = "ge.virtual_type";
static const char_t *const BUFFER_OPTIMIZE = "ge.bufferOptimize";
static const char_t *const ENABLE_COMPRESS_WEIGHT = "ge.enableCompressWeight";
static const char_t *const COMPRESS_WEIGHT_CONF = "compress_weight_conf";
static const char_t *const ENABLE_SINGLE_STREAM = "ge.enableSingleStream";
static const char_t *const AICORE_NUM = "ge.aicoreNum";
static const char_t *const FUSION_SWITCH_FILE = "ge.fusionSwitchFile";
static const char_t *const ENABLE_SMALL_CHANNEL = "ge.enableSmallChannel";
static const char_t *const OP_SELECT_IMPL_MODE = "ge.opSelectImplmode";
static const char_t *const OPTYPELIST_FOR_IMPLMODE = "ge.optypelistForImplmode";
static const char_t *const DETERMINISTIC = "ge.deterministic";
static const char_t *const CLUSTER_CONFIG = "ge.cluster_config";
} // namespace ir_option

struct InputTensorInfo {
    uint32_t data_type;        /* a ge::DataType */
    std::vector<int64_t> dims; /* shape */
    void *data;                /* tensor data */
    int64_t length;            /* bytes at data */
};

using RunAsyncCallback = std::function<void(Status, std::vector<ge::Tensor> &)>;

} // namespace ge

#endif /* __cplusplus */
#endif
