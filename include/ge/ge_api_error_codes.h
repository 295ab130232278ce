/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ge/ge_api_error_codes.h: ge::Status and the GE status values the graph
 * API returns (GE's numbers; docs/graph.md says which call returns which).
 */
#ifndef CPUACL_GE_GE_API_ERROR_CODES_H
#define CPUACL_GE_GE_API_ERROR_CODES_H
#ifdef __cplusplus

#include <cstdint>

#include "ge/ge_error_codes.h"

namespace ge {
using Status = uint32_t;

constexpr Status SUCCESS = 0;
constexpr Status FAILED = 0xFFFFFFFFu;
constexpr Status END_OF_SEQUENCE = 1343225863u;
constexpr Status UNSUPPORTED = 1343225956u;
constexpr Status GE_CLI_INIT_FAILED = 1343229953u;
constexpr Status GE_CLI_SESS_RUN_FAILED = 1343229960u;
constexpr Status GE_CLI_GE_ALREADY_INITIALIZED = 1343229962u;
constexpr Status GE_CLI_GE_NOT_INITIALIZED = 1343229963u;
constexpr Status GE_SESS_GRAPH_NOT_EXIST = 1343238146u;
constexpr Status GE_SESSION_NOT_EXIST = 1343238149u;
constexpr Status GE_GRAPH_MALLOC_FAILED = 1343242245u;
constexpr Status GE_GRAPH_GRAPH_NOT_EXIST = 1343242242u;
constexpr Status GE_GRAPH_PARAM_NULLPTR = 1343242248u;
constexpr Status GE_GRAPH_EXECUTE_FAILED = 1343242261u;
constexpr Status GE_GRAPH_INFERSHAPE_FAILED = 1343242270u;
constexpr Status GE_GRAPH_TOPO_SORT_FAILED = 1343242279u;
constexpr Status GE_GRAPH_UNSUPPORTED = 1343242281u;
constexpr Status GE_GRAPH_OPTIONS_INVALID = 1343242291u;
constexpr Status GE_GRAPH_NOT_BUILT = 1343242295u;
} // namespace ge

#endif /* __cplusplus */
#endif
