/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core/lifetime.h: the runtime's lifetime as the layers above core/ (graph/) start and
 * end it (core/process/init.c).
 *
 * GE's graph API (GEInitialize) needs the runtime, and CANN's graph programs run without
 * aclInit (graph/session.c GE1). core_process_init_implicit: when nothing is up, bring
 * the runtime up as aclInit(NULL) would but without a reference (*up true); a later
 * aclInit takes it over (ACL_SUCCESS, reference count 1, its config file checked and its
 * dump section applied; the running devices and workers stay). core_process_fini_implicit
 * finalizes a runtime still up that way (GEFinalize of the GEInitialize that brought it
 * up); otherwise it does nothing.
 */
#ifndef CPUACL_CORE_LIFETIME_H
#define CPUACL_CORE_LIFETIME_H

#include <stdbool.h>

#include "acl/acl_base.h"

aclError core_process_init_implicit(bool *up, const char *fn);
void core_process_fini_implicit(void);

#endif
