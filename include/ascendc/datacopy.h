// SPDX-License-Identifier: Apache-2.0
//
// ascendc/datacopy.h: DataCopy and DataCopyPad between global memory and the unified buffer.
// (clean-room, from the documented Ascend C API; placeholder until filled)
#ifndef CPUACL_ASCENDC_DATACOPY_H
#define CPUACL_ASCENDC_DATACOPY_H

#endif
