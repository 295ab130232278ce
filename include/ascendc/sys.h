// SPDX-License-Identifier: Apache-2.0
//
// ascendc/sys.h: keyword macros, GetBlockIdx/GetBlockNum, SyncAll, barriers and flags, printf,
// trap. (clean-room, from the documented Ascend C API; placeholder until filled)
#ifndef CPUACL_ASCENDC_SYS_H
#define CPUACL_ASCENDC_SYS_H

#endif
