/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The traced phase of --out (bench_studies.h).
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "bench_study.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

int bs_trace_phase(const char *path)
{
    enum { NS = 4, PER = 500 };
    double kns;
    uint64_t iters = bs_calibrate_work(&kns);
    void *arg = (void *)(uintptr_t)iters;
    aclrtStream s[NS];
    aclrtEvent ev[NS];
    for (unsigned i = 0; i < NS; i++) {
        CK(aclrtCreateStream(&s[i]));
        CK(aclrtCreateEventExWithFlag(&ev[i], ACL_EVENT_SYNC));
    }
    /* independent streams, then event-chained pairs (1 waits on 0, 3 on 2) */
    for (unsigned round = 0; round < 2; round++) {
        for (unsigned k = 0; k < PER; k += 50) {
            for (unsigned i = 0; i < NS; i++) {
                for (unsigned q = 0; q < 50; q++)
                    CK(cpuaclLaunchKernel(s[i], bs_k_work, arg));
                if (round == 1 && i % 2 == 0) {
                    CK(aclrtRecordEvent(ev[i], s[i]));
                    CK(aclrtStreamWaitEvent(s[i + 1], ev[i]));
                }
            }
        }
        for (unsigned i = 0; i < NS; i++)
            CK(aclrtSynchronizeStream(s[i]));
    }
    CK(cpuaclTraceDump(path));
    for (unsigned i = 0; i < NS; i++) {
        aclrtDestroyEvent(ev[i]);
        aclrtDestroyStream(s[i]);
    }
    return 0;
}
