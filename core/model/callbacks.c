/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model destroy callbacks (aclmdlRIDestroyRegisterCallback,
 * aclmdlRIDestroyUnregisterCallback): run by aclmdlRIDestroy outside every
 * runtime lock (core/runtime/callbacks.c DI1); models are kept by handle
 * (core/device/params.c DI3). Behaviour and codes: docs/model.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_platform.h"
#include "core/err.h"
#include "core/model/callbacks.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"


struct mdl_cb {
    uint64_t model; /* handle (DI3) */
    aclrtCallback fn;
    void *ud;
};
static pthread_mutex_t mdl_lock = PTHREAD_MUTEX_INITIALIZER; /* leaf */
static struct mdl_cb *mdl_cbs;                               /* mdl_lock */
static size_t nmdl, capmdl;                                  /* mdl_lock */

/* modelRI is a live model (else 107017 naming fn). */
static aclError mdl_check(aclmdlRI modelRI, const char *fn)
{
    if (!core_table_lookup(&g_rt.models, modelRI))
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
    return ACL_SUCCESS;
}

aclError core_mdl_cb_register(aclmdlRI modelRI, aclrtCallback func, void *userData, const char *fn)
{
    aclError rc = mdl_check(modelRI, fn);
    if (rc)
        return rc;
    uint64_t h = (uint64_t)(uintptr_t)modelRI;
    pthread_mutex_lock(&mdl_lock);
    for (size_t i = 0; i < nmdl;) {
        if (mdl_cbs[i].model == h && mdl_cbs[i].fn == func) {
            rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: func is registered for this model already",
                          fn);
            break;
        }
        if (!core_table_lookup(&g_rt.models, (void *)(uintptr_t)mdl_cbs[i].model)) {
            memmove(&mdl_cbs[i], &mdl_cbs[i + 1], (nmdl - i - 1) * sizeof(mdl_cbs[0]));
            nmdl--; /* a model that died another way (its context went): DI3 */
        } else {
            i++;
        }
    }
    if (!rc && nmdl == capmdl) {
        size_t cap = capmdl ? capmdl * 2 : 16;
        struct mdl_cb *n = core_realloc(mdl_cbs, cap * sizeof(*n));
        if (n) {
            mdl_cbs = n;
            capmdl = cap;
        } else {
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
    }
    if (!rc)
        mdl_cbs[nmdl++] = (struct mdl_cb){h, func, userData};
    pthread_mutex_unlock(&mdl_lock);
    return rc;
}

aclError core_mdl_cb_unregister(aclmdlRI modelRI, aclrtCallback func, const char *fn)
{
    aclError rc = mdl_check(modelRI, fn);
    if (rc)
        return rc;
    uint64_t h = (uint64_t)(uintptr_t)modelRI;
    pthread_mutex_lock(&mdl_lock);
    size_t i = 0;
    while (i < nmdl && !(mdl_cbs[i].model == h && mdl_cbs[i].fn == func))
        i++;
    if (i < nmdl) {
        memmove(&mdl_cbs[i], &mdl_cbs[i + 1], (nmdl - i - 1) * sizeof(mdl_cbs[0]));
        nmdl--;
    } else {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: func is not registered for this model", fn);
    }
    pthread_mutex_unlock(&mdl_lock);
    return rc;
}

void core_mdl_destroy_fire(aclmdlRI modelRI)
{
    uint64_t h = (uint64_t)(uintptr_t)modelRI;
    struct mdl_cb *run = NULL;
    size_t nrun = 0;
    pthread_mutex_lock(&mdl_lock);
    for (size_t i = 0; i < nmdl; i++)
        nrun += mdl_cbs[i].model == h;
    if (nrun)
        run = core_malloc(nrun * sizeof(*run));
    size_t k = 0, w = 0;
    for (size_t i = 0; i < nmdl; i++) {
        if (mdl_cbs[i].model == h) {
            if (run)
                run[k++] = mdl_cbs[i];
        } else {
            mdl_cbs[w++] = mdl_cbs[i];
        }
    }
    nmdl = w;
    pthread_mutex_unlock(&mdl_lock);
    for (size_t i = 0; i < k; i++) /* DI1: outside the lock, in registration order */
        run[i].fn(run[i].ud);
    free(run);
}

void core_mdl_callbacks_clear(void)
{
    pthread_mutex_lock(&mdl_lock);
    free(mdl_cbs);
    mdl_cbs = NULL;
    nmdl = capmdl = 0;
    pthread_mutex_unlock(&mdl_lock);
}
