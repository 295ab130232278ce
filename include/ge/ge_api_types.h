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

enum GraphRunMode : std::int32_t { PREDICTION = 0, TRAIN };

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
