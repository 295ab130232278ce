/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model destroy callbacks (core/model/callbacks.c): what aclmdlRIDestroy and
 * aclFinalize call.
 */
#ifndef CPUACL_CORE_MODEL_CALLBACKS_H
#define CPUACL_CORE_MODEL_CALLBACKS_H

#include "acl/acl.h"

/* aclmdlRIDestroyRegisterCallback / UnregisterCallback (modelRI and func not NULL;
 * modelRI checked here). */
aclError core_mdl_cb_register(aclmdlRI modelRI, aclrtCallback func, void *userData, const char *fn);
aclError core_mdl_cb_unregister(aclmdlRI modelRI, aclrtCallback func, const char *fn);
/* aclmdlRIDestroy destroyed modelRI: run and forget its destroy callbacks. */
void core_mdl_destroy_fire(aclmdlRI modelRI);
/* The runtime is gone (g_rt.lock held; takes only leaf locks): forget every
 * registration. */
void core_mdl_callbacks_clear(void);

#endif
