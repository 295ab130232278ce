/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Custom allocators (acl/acl_rt_allocator.h). A descriptor is a small heap
 * object on a list of live descriptors, so a destroyed or foreign one is
 * rejected, never dereferenced; registering copies its fields to the stream.
 * Everything here is cold and runs under g_rt.lock. cpuacl's operators need
 * no workspace, so the runtime never calls a registered allocator. The entry points are
 * in core/api/memory.c (core/memory/allocator.h).
 */
#include <stdlib.h>

#include "acl/acl_rt_allocator.h"
#include "core/err.h"
#include "core/memory/allocator.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

struct core_allocator {
    struct core_allocator *next; /* live descriptor list (descriptors only) */
    aclrtAllocatorDesc desc;     /* registrations: the descriptor it came from */
    aclrtAllocator obj;
    aclrtAllocatorAllocFunc alloc;
    aclrtAllocatorFreeFunc free;
    aclrtAllocatorAllocAdviseFunc advise;
    aclrtAllocatorGetAddrFromBlockFunc addr;
};

static struct core_allocator *g_descs; /* g_rt.lock */

/* The live descriptor behind a handle, or NULL (message set). Lock held. */
static struct core_allocator *desc_locked(aclrtAllocatorDesc d, const char *fn)
{
    if (!d) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: allocatorDesc is NULL", fn);
        return NULL;
    }
    for (struct core_allocator *a = g_descs; a; a = a->next)
        if (a == (struct core_allocator *)d)
            return a;
    core_err(ACL_ERROR_INVALID_PARAM,
             "%s: %p is not a live allocator descriptor (destroyed, or not from "
             "aclrtAllocatorCreateDesc)",
             fn, d);
    return NULL;
}

aclrtAllocatorDesc core_allocator_desc_create(const char *fn)
{
    struct core_allocator *a = core_calloc(1, sizeof(*a));
    if (!a) {
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    pthread_mutex_lock(&g_rt.lock);
    a->next = g_descs;
    g_descs = a;
    pthread_mutex_unlock(&g_rt.lock);
    return a;
}

aclError core_allocator_desc_destroy(aclrtAllocatorDesc allocatorDesc, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_allocator *a = desc_locked(allocatorDesc, fn);
    if (a)
        for (struct core_allocator **pp = &g_descs; *pp; pp = &(*pp)->next)
            if (*pp == a) {
                *pp = a->next;
                break;
            }
    pthread_mutex_unlock(&g_rt.lock);
    if (!a)
        return ACL_ERROR_INVALID_PARAM;
    free(a);
    return ACL_SUCCESS;
}

/* Set one field of a live descriptor (core_allocator_set_obj ...). */
#define SETTER(type, field)                                                                        \
    aclError core_allocator_set_##field(aclrtAllocatorDesc allocatorDesc, type value,              \
                                        const char *fn)                                            \
    {                                                                                              \
        pthread_mutex_lock(&g_rt.lock);                                                            \
        struct core_allocator *a = desc_locked(allocatorDesc, fn);                                 \
        if (a)                                                                                     \
            a->field = value;                                                                      \
        pthread_mutex_unlock(&g_rt.lock);                                                          \
        return a ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;                                          \
    }

/* A user stream (not NULL: the default stream takes no allocator). */
static aclError user_stream(aclrtStream stream, struct core_stream **s, const char *fn)
{
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: stream is NULL (the default stream "
                        "takes no allocator)",
                        fn);
    return core_stream_resolve(stream, s, fn);
}

aclError core_allocator_register(aclrtStream stream, aclrtAllocatorDesc allocatorDesc,
                                 const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = user_stream(stream, &s, fn);
    if (rc)
        return rc;
    struct core_allocator *copy = core_malloc(sizeof(*copy));
    if (!copy)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    pthread_mutex_lock(&g_rt.lock);
    struct core_allocator *a = desc_locked(allocatorDesc, fn);
    if (a && (!a->obj || !a->alloc || !a->free || !a->addr))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the descriptor lacks its %s (set the object and the alloc, free and "
                      "get-address callbacks first)",
                      fn,
                      !a->obj     ? "allocator object"
                      : !a->alloc ? "alloc callback"
                      : !a->free  ? "free callback"
                                  : "get-address callback");
    else if (!a)
        rc = ACL_ERROR_INVALID_PARAM;
    if (rc == ACL_SUCCESS) {
        *copy = *a;
        copy->next = NULL;
        copy->desc = allocatorDesc;
        free(s->alloc); /* the last registration wins */
        s->alloc = copy;
        copy = NULL;
    }
    pthread_mutex_unlock(&g_rt.lock);
    free(copy);
    return rc;
}

aclError core_allocator_get_by_stream(aclrtStream stream, aclrtAllocatorDesc *allocatorDesc,
                                      aclrtAllocator *allocator, aclrtAllocatorAllocFunc *allocFunc,
                                      aclrtAllocatorFreeFunc *freeFunc,
                                      aclrtAllocatorAllocAdviseFunc *allocAdviseFunc,
                                      aclrtAllocatorGetAddrFromBlockFunc *getAddrFromBlockFunc,
                                      const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = user_stream(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_allocator none = {0}, *a = s->alloc ? s->alloc : &none;
    *allocatorDesc = a->desc;
    *allocator = a->obj;
    *allocFunc = a->alloc;
    *freeFunc = a->free;
    *allocAdviseFunc = a->advise;
    *getAddrFromBlockFunc = a->addr;
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
}

aclError core_allocator_unregister(aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = user_stream(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    core_allocator_drop_locked(s);
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
}

void core_allocator_drop_locked(struct core_stream *s)
{
    free(s->alloc);
    s->alloc = NULL;
}

/* The setters (last in the file: tests/install/check_api_calls.py reads a macro call at
 * file level up to the next semicolon). */
SETTER(aclrtAllocator, obj)
SETTER(aclrtAllocatorAllocFunc, alloc)
SETTER(aclrtAllocatorFreeFunc, free)
SETTER(aclrtAllocatorAllocAdviseFunc, advise)
SETTER(aclrtAllocatorGetAddrFromBlockFunc, addr)
