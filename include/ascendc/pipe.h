// SPDX-License-Identifier: Apache-2.0
//
// ascendc/pipe.h: TPipe, TQue, TBuf: the unified buffer of a block and the queues between stages.
// (clean-room, from the documented Ascend C API; placeholder until filled)
#ifndef CPUACL_ASCENDC_PIPE_H
#define CPUACL_ASCENDC_PIPE_H

#endif
