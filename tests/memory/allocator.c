/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Custom allocators (acl/acl_rt_allocator.h): descriptors, registration on a
 * stream, query, replacement, removal, and the end of a registration with its
 * stream; every misuse with ACL_ERROR_INVALID_PARAM (or the stream's handle
 * error) and a message. The runtime never calls the callbacks (no operator
 * needs workspace); the test checks that too.
 */
#include "acltest.h"

#include "acl/acl_rt_allocator.h"

static _Atomic int g_calls;

static void *my_alloc(aclrtAllocator a, size_t n)
{
    (void)a;
    (void)n;
    atomic_fetch_add(&g_calls, 1);
    return NULL;
}

static void my_free(aclrtAllocator a, aclrtAllocatorBlock b)
{
    (void)a;
    (void)b;
    atomic_fetch_add(&g_calls, 1);
}

static void *my_advise(aclrtAllocator a, size_t n, aclrtAllocatorAddr addr)
{
    (void)a;
    (void)n;
    (void)addr;
    atomic_fetch_add(&g_calls, 1);
    return NULL;
}

static void *my_addr(aclrtAllocatorBlock b)
{
    atomic_fetch_add(&g_calls, 1);
    return b;
}

struct got {
    aclrtAllocatorDesc desc;
    aclrtAllocator obj;
    aclrtAllocatorAllocFunc alloc;
    aclrtAllocatorFreeFunc free;
    aclrtAllocatorAllocAdviseFunc advise;
    aclrtAllocatorGetAddrFromBlockFunc addr;
};

static struct got query(aclrtStream s)
{
    struct got g;
    memset(&g, 0xab, sizeof(g)); /* overwritten, NULLs included */
    CHECK_OK(aclrtAllocatorGetByStream(s, &g.desc, &g.obj, &g.alloc, &g.free, &g.advise, &g.addr));
    return g;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s, s2;
    CREATE_STREAMS(&s, &s2);
    int obj1, obj2;

    aclrtAllocatorDesc d = aclrtAllocatorCreateDesc();
    CHECK(d != NULL);
    /* incomplete: object and the three required callbacks */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorRegister(s, d));
    CHECK_OK(aclrtAllocatorSetObjToDesc(d, &obj1));
    CHECK_OK(aclrtAllocatorSetAllocFuncToDesc(d, my_alloc));
    CHECK_OK(aclrtAllocatorSetFreeFuncToDesc(d, my_free));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorRegister(s, d)); /* no get-address */
    CHECK_OK(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(d, my_addr));

    /* nothing registered: every output NULL */
    struct got g = query(s);
    CHECK(!g.desc && !g.obj && !g.alloc && !g.free && !g.advise && !g.addr);

    CHECK_OK(aclrtAllocatorRegister(s, d));
    g = query(s);
    CHECK(g.desc == d && g.obj == &obj1 && g.alloc == my_alloc && g.free == my_free && !g.advise &&
          g.addr == my_addr);
    g = query(s2); /* per stream */
    CHECK(!g.desc && !g.obj);

    /* the registration is a copy: later changes to the descriptor, or its
     * destruction, do not touch it; a new registration replaces it */
    CHECK_OK(aclrtAllocatorSetAllocAdviseFuncToDesc(d, my_advise));
    CHECK(query(s).advise == NULL);
    aclrtAllocatorDesc d2 = aclrtAllocatorCreateDesc();
    CHECK(d2 != NULL);
    CHECK_OK(aclrtAllocatorSetObjToDesc(d2, &obj2));
    CHECK_OK(aclrtAllocatorSetAllocFuncToDesc(d2, my_alloc));
    CHECK_OK(aclrtAllocatorSetFreeFuncToDesc(d2, my_free));
    CHECK_OK(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(d2, my_addr));
    CHECK_OK(aclrtAllocatorSetAllocAdviseFuncToDesc(d2, my_advise));
    CHECK_OK(aclrtAllocatorRegister(s, d2));
    CHECK_OK(aclrtAllocatorDestroyDesc(d2));
    g = query(s);
    CHECK(g.desc == d2 && g.obj == &obj2 && g.advise == my_advise);

    /* a destroyed or foreign descriptor is rejected */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorDestroyDesc(d2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorSetObjToDesc(d2, &obj1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorRegister(s2, d2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorSetObjToDesc((void *)&obj1, &obj1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorDestroyDesc(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorSetFreeFuncToDesc(NULL, my_free));

    /* streams: NULL (default) refused, a bad handle rejected */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorRegister(NULL, d));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtAllocatorRegister(BAD_STREAM, d));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorUnregister(NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtAllocatorUnregister(BAD_STREAM));
    aclrtAllocator o;
    aclrtAllocatorAllocFunc af;
    aclrtAllocatorFreeFunc ff;
    aclrtAllocatorAllocAdviseFunc vf;
    aclrtAllocatorGetAddrFromBlockFunc gf;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtAllocatorGetByStream(s, NULL, &o, &af, &ff, &vf, &gf));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclrtAllocatorGetByStream(BAD_STREAM, &d2, &o, &af, &ff, &vf, &gf));

    /* work on the stream runs as before and never calls the allocator */
    _Atomic uint64_t ran = 0;
    for (int i = 0; i < 100; i++)
        CHECK_OK(launch_inc(s, &ran));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&ran) == 100);

    /* removal, twice (the second is a no-op) */
    CHECK_OK(aclrtAllocatorUnregister(s));
    CHECK_OK(aclrtAllocatorUnregister(s));
    CHECK(query(s).obj == NULL);

    /* a registration ends with its stream */
    CHECK_OK(aclrtAllocatorRegister(s2, d));
    CHECK_OK(aclrtDestroyStream(s2));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclrtAllocatorGetByStream(s2, &d2, &o, &af, &ff, &vf, &gf));
    CHECK_OK(aclrtCreateStream(&s2)); /* may reuse the record: starts empty */
    CHECK(query(s2).obj == NULL);

    CHECK(atomic_load(&g_calls) == 0);
    CHECK_OK(aclrtAllocatorDestroyDesc(d));
    DESTROY_STREAMS(s, s2);
    TEST_CLOSE();
    printf("PASS\n");
    return 0;
}
