/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Report queues (aclrtSubscribeReport, aclrtLaunchCallback; core/hostfn.c):
 * what stream and runtime teardown call.
 */
#ifndef CPUACL_CORE_REPORT_H
#define CPUACL_CORE_REPORT_H

#include "core/core.h"

/* Drop a stream's report subscription. Lock held. */
void core_stream_unsubscribe_locked(struct core_stream *s);
/* Stop every report queue (aclFinalize). */
void core_report_fini_all(void);

#endif
