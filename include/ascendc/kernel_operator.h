// SPDX-License-Identifier: Apache-2.0
//
// kernel_operator.h: cpuacl's clean-room Ascend C kernel API for the 910B vector
// programming model, written from the documented API only (docs/ascendc.md). A kernel
// source includes this one header; kernels are compiled by the host C++ compiler and their
// blocks run on the device's worker threads.
#ifndef CPUACL_KERNEL_OPERATOR_H
#define CPUACL_KERNEL_OPERATOR_H

#include "ascendc/sys.h"
#include "ascendc/types.h"
#include "ascendc/tensor_base.h"
#include "ascendc/pipe.h"
#include "ascendc/datacopy.h"
#include "ascendc/vector.h"

#endif
