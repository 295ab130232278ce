// SPDX-License-Identifier: Apache-2.0
//
// ascendc/vector.h: the vector instructions (count mode and mask/repeat mode), Cast, Compare/Select, reductions.
// (clean-room, from the documented Ascend C API; placeholder until filled)
#ifndef CPUACL_ASCENDC_VECTOR_H
#define CPUACL_ASCENDC_VECTOR_H

#endif
