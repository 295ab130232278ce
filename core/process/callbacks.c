/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Init and finalize callbacks (aclInitCallbackRegister,
 * aclFinalizeCallbackRegister and their unregisters, entry points in
 * core/api/process.c), run by aclInit after it succeeded and by aclFinalize
 * before it tears down, outside every runtime lock (core/runtime/callbacks.c
 * DI1). Behaviour and codes: docs/runtime.md.
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
#include "core/process/callbacks_pvt.h"
#include "core/process/process.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"


struct life_cb {
    aclRegisterCallbackType type;
    void *fn; /* aclInitCallbackFunc or aclFinalizeCallbackFunc */
    void *ud;
};
struct life_reg {
    struct life_cb *v;
    size_t n, cap;
};
static pthread_mutex_t life_lock = PTHREAD_MUTEX_INITIALIZER; /* leaf */
static struct life_reg life_init, life_fini;                  /* life_lock */
static char *life_cfg;                                        /* life_lock: aclInit's file text */
static size_t life_cfg_len;                                   /* life_lock */

static aclError life_add(struct life_reg *r, aclRegisterCallbackType type, void *fn, void *ud,
                         const char *api)
{
    for (size_t i = 0; i < r->n; i++)
        if (type != ACL_REG_TYPE_OTHER && r->v[i].type == type)
            return core_err(ACL_ERROR_INTERNAL_ERROR,
                            "%s: type %d has a callback already (only ACL_REG_TYPE_OTHER takes "
                            "several)",
                            api, (int)type);
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 8;
        struct life_cb *nv = core_realloc(r->v, cap * sizeof(*nv));
        if (!nv)
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", api);
        r->v = nv;
        r->cap = cap;
    }
    r->v[r->n++] = (struct life_cb){type, fn, ud};
    return ACL_SUCCESS;
}

aclError core_life_unregister(bool init, aclRegisterCallbackType type, void *fn, const char *api)
{
    struct life_reg *r = init ? &life_init : &life_fini;
    aclError rc = ACL_ERROR_INTERNAL_ERROR;
    pthread_mutex_lock(&life_lock);
    for (size_t i = 0; i < r->n && rc; i++)
        if (r->v[i].type == type && r->v[i].fn == fn) {
            memmove(&r->v[i], &r->v[i + 1], (r->n - i - 1) * sizeof(r->v[0]));
            r->n--;
            rc = ACL_SUCCESS;
        }
    pthread_mutex_unlock(&life_lock);
    if (rc)
        return core_err(rc, "%s: no such callback of type %d", api, (int)type);
    return ACL_SUCCESS;
}

aclError core_life_init_register(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc,
                                 void *userData, const char *fn)
{
    pthread_mutex_lock(&life_lock);
    aclError rc = life_add(&life_init, type, (void *)cbFunc, userData, fn);
    char *cfg = NULL;
    size_t len = 0;
    bool now = rc == ACL_SUCCESS && core_initialised();
    if (now && life_cfg_len) {
        cfg = core_malloc(life_cfg_len + 1);
        if (cfg) {
            memcpy(cfg, life_cfg, life_cfg_len + 1);
            len = life_cfg_len;
        }
    }
    pthread_mutex_unlock(&life_lock);
    if (now) /* registered after aclInit: called at once (its result is not the call's) */
        (void)cbFunc(cfg ? cfg : "", len, userData);
    free(cfg);
    return rc;
}

aclError core_life_fini_register(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc,
                                 void *userData, const char *fn)
{
    pthread_mutex_lock(&life_lock);
    aclError rc = life_add(&life_fini, type, (void *)cbFunc, userData, fn);
    pthread_mutex_unlock(&life_lock);
    return rc;
}

/* Run the callbacks of one type in registration order, outside life_lock (DI1);
 * stops at the first error. */
static aclError life_notify(struct life_reg *r, aclRegisterCallbackType type, bool init,
                            const char *cfg, size_t len, const char *api)
{
    pthread_mutex_lock(&life_lock);
    size_t n = 0;
    for (size_t i = 0; i < r->n; i++)
        n += r->v[i].type == type;
    struct life_cb *copy = n ? core_malloc(n * sizeof(*copy)) : NULL;
    size_t k = 0;
    for (size_t i = 0; copy && i < r->n; i++)
        if (r->v[i].type == type)
            copy[k++] = r->v[i];
    pthread_mutex_unlock(&life_lock);
    if (n && !copy)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", api);
    aclError rc = ACL_SUCCESS;
    for (size_t i = 0; i < k && !rc; i++) {
        rc = init ? ((aclInitCallbackFunc)copy[i].fn)(cfg, len, copy[i].ud)
                  : ((aclFinalizeCallbackFunc)copy[i].fn)(copy[i].ud);
        if (rc)
            rc = core_err(rc, "%s: the %s callback of type %d failed with %d", api,
                          init ? "init" : "finalize", (int)type, (int)rc);
    }
    free(copy);
    return rc;
}

aclError core_life_after_init(const char *configPath)
{
    char *text = NULL;
    size_t len = 0;
    if (configPath && configPath[0]) { /* aclInit read it already: it exists */
        FILE *f = fopen(configPath, "rb");
        if (f) {
            if (fseek(f, 0, SEEK_END) == 0) {
                long sz = ftell(f);
                if (sz >= 0 && fseek(f, 0, SEEK_SET) == 0 && (text = core_malloc((size_t)sz + 1))) {
                    len = fread(text, 1, (size_t)sz, f);
                    text[len] = 0;
                }
            }
            fclose(f);
        }
    }
    pthread_mutex_lock(&life_lock);
    free(life_cfg);
    life_cfg = text;
    life_cfg_len = len;
    pthread_mutex_unlock(&life_lock);
    static const char api[] = "aclInit";
    const char *cfg = text ? text : "";
    /* The reference's order; the operator executor's only with a configuration file. */
    aclError rc = life_notify(&life_init, ACL_REG_TYPE_ACL_MODEL, true, cfg, len, api);
    if (!rc && configPath && configPath[0])
        rc = life_notify(&life_init, ACL_REG_TYPE_ACL_OP_EXECUTOR, true, cfg, len, api);
    if (!rc)
        rc = life_notify(&life_init, ACL_REG_TYPE_ACL_DVPP, true, cfg, len, api);
    if (!rc)
        rc = life_notify(&life_init, ACL_REG_TYPE_OTHER, true, cfg, len, api);
    return rc;
}

aclError core_life_before_finalize(void)
{
    static const char api[] = "aclFinalize";
    aclError rc = life_notify(&life_fini, ACL_REG_TYPE_ACL_OP_COMPILER, false, NULL, 0, api);
    if (!rc)
        rc = life_notify(&life_fini, ACL_REG_TYPE_ACL_MODEL, false, NULL, 0, api);
    if (!rc)
        rc = life_notify(&life_fini, ACL_REG_TYPE_ACL_DVPP, false, NULL, 0, api);
    if (!rc)
        rc = life_notify(&life_fini, ACL_REG_TYPE_OTHER, false, NULL, 0, api);
    return rc;
}


void core_life_clear(void)
{
    pthread_mutex_lock(&life_lock);
    free(life_cfg);
    life_cfg = NULL;
    life_cfg_len = 0;
    pthread_mutex_unlock(&life_lock);
}
