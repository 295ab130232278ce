/* SPDX-License-Identifier: Apache-2.0 */
/*
 * elewise_calculation_ops.h: CANN's header of the elementwise operator
 * prototypes (op_proto/inc). In cpuacl it is all_ops.h, whose elementwise types
 * (Add, Cast, Sqrt, ...) are among those the graph engine runs (docs/graph.md).
 */
#ifndef CPUACL_ELEWISE_CALCULATION_OPS_H
#define CPUACL_ELEWISE_CALCULATION_OPS_H

#include "all_ops.h"

#endif
