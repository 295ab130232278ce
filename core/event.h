/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Events as the rest of core uses them (core/event.c). Lifetime rule L2 in
 * core.h.
 */
#ifndef CPUACL_CORE_EVENT_H
#define CPUACL_CORE_EVENT_H

#include "core/core.h"

/* Event lookup under the RCU read lock, taking a reference. */
struct core_event *core_event_get(aclrtEvent h);
void core_event_put(struct core_event *ev);
/* Unlink and drop the user's reference (destroy, context teardown). Lock held. */
void core_event_destroy_locked(struct core_event *ev);

#endif
