// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector.h: the vector instructions of cpuacl's kernel_operator.h (clean-room, from
// the documented Ascend C API), in count mode and in mask/repeat mode. One header per
// family; docs/ascendc-vector.md lists every instruction with its modes and types.
#ifndef CPUACL_ASCENDC_VECTOR_H
#define CPUACL_ASCENDC_VECTOR_H

#include "ascendc/vector_mask.h"
#include "ascendc/vector_elementwise.h"
#include "ascendc/vector_cast.h"
#include "ascendc/vector_compare.h"
#include "ascendc/vector_reduce.h"
#include "ascendc/vector_gather.h"
#include "ascendc/vector_transpose.h"

#endif
