/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Report queues (aclrtSubscribeReport, aclrtLaunchCallback; core/host/hostfn.c):
 * what stream and runtime teardown call.
 */
#ifndef CPUACL_CORE_REPORT_H
#define CPUACL_CORE_REPORT_H

#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

/* Drop a stream's report subscription. Lock held. */
void core_stream_unsubscribe_locked(struct core_stream *s);
/* Finalize, first step (lock held): close every queue (T4). */
void core_report_close_all(void);
/* Finalize, last step: drop the registry's references. */
void core_report_fini_all(void);
/* Run the callbacks already handed to the calling thread, without waiting
 * (a synchronising thread that is its stream's processor, CB4). Returns
 * whether the thread has a report queue at all (false: nothing will ever
 * be handed to it, a waiter need not call again). */
bool core_report_run_mine(void);
/* One step of a CB4 wait: while *serving, run what is handed to the calling
 * thread (clearing *serving once it has no queue) and return when the next
 * wait must end to serve again (1 ms on, capped by deadline); otherwise
 * return deadline itself (0: none). */
uint64_t core_report_serve(bool *serving, uint64_t deadline);

#endif
