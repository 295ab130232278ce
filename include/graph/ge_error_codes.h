/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/ge_error_codes.h: graphStatus, the status of the graph-building
 * calls (Tensor, Operator, Graph), with GE's values.
 */
#ifndef CPUACL_GRAPH_GE_ERROR_CODES_H
#define CPUACL_GRAPH_GE_ERROR_CODES_H
#ifdef __cplusplus

#include <cstdint>

namespace ge {
using graphStatus = uint32_t;
const graphStatus GRAPH_FAILED = 0xFFFFFFFFu;
const graphStatus GRAPH_SUCCESS = 0;
const graphStatus GRAPH_NOT_CHANGED = 1343242304u;
const graphStatus GRAPH_PARAM_INVALID = 50331649u;
const graphStatus GRAPH_NODE_WITHOUT_CONST_INPUT = 50331648u;
const graphStatus GRAPH_NULL_PTR = 50331538u;
} // namespace ge

#endif /* __cplusplus */
#endif
