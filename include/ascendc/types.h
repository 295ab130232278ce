// SPDX-License-Identifier: Apache-2.0
//
// ascendc/types.h: the scalar types of kernels: half and bfloat16_t with the hardware's rounding.
// (clean-room, from the documented Ascend C API; placeholder until filled)
#ifndef CPUACL_ASCENDC_TYPES_H
#define CPUACL_ASCENDC_TYPES_H

#endif
