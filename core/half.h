/* SPDX-License-Identifier: Apache-2.0 */
/*
 * float16 / bfloat16 <-> float32 scalar conversions: a leaf header shared by the operators
 * (ops/) and the runtime's own reduce task (core/memory/memory.c), so core never includes
 * ops/. The one implementation is the installed cpuacl/cpuacl_half.h (the Ascend C kernel
 * headers use it too); the half_* names here are the library's internal spelling of it.
 *
 * Rounding is to nearest even; float16 overflow gives inf; NaN stays NaN (quietened).
 * bfloat16 keeps float32's exponent range.
 */
#ifndef CPUACL_CORE_HALF_H
#define CPUACL_CORE_HALF_H

#include "cpuacl/cpuacl_half.h"

#define half_f16_to_f32 cpuacl_f16_to_f32
#define half_f32_to_f16 cpuacl_f32_to_f16
#define half_bf16_to_f32 cpuacl_bf16_to_f32
#define half_f32_to_bf16 cpuacl_f32_to_bf16

#endif
