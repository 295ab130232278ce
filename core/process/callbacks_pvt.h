/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Init and finalize callbacks (core/process/callbacks.c): what aclInit and
 * aclFinalize call. None takes g_rt.lock; the firers run callbacks outside
 * every runtime lock.
 */
#ifndef CPUACL_CORE_PROCESS_CALLBACKS_H
#define CPUACL_CORE_PROCESS_CALLBACKS_H

#include "acl/acl.h"

/* aclInit succeeded (no lock held): keep the configuration text and run the
 * init callbacks in the reference's order. A callback's error is returned
 * (the caller then finalizes again). */
aclError core_life_after_init(const char *configPath);
/* aclFinalize is about to tear down (no lock held): run the finalize
 * callbacks; an error stops the finalize. */
aclError core_life_before_finalize(void);
/* The runtime is gone (g_rt.lock held; takes only leaf locks): forget the
 * kept configuration text. */
void core_life_clear(void);

#endif
