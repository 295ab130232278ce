/* SPDX-License-Identifier: Apache-2.0 */
/* Pointer attributes (aclrtPointerGetAttributes: device, host-pinned, registered, managed,
 * pageable) and managed-memory advice and prefetch (aclrtMemManagedAdvise, GetAttr(s),
 * PrefetchAsync, PrefetchBatchAsync): advice reads back per range with the documented
 * "all chunks agree, else invalid" rule, prefetches are ordered stream tasks; misuse codes. */
#include <stdint.h>
#include <stdlib.h>

#include "acltest.h"

#define MB2 ((size_t)2 << 20)

static int32_t geti(aclrtMemManagedRangeAttribute a, const void *p, size_t n)
{
    int32_t v = 12345;
    CHECK_OK(aclrtMemManagedGetAttr(a, p, n, &v, sizeof(v)));
    return v;
}

static _Atomic int g_order;
static int32_t k_mark(void *a)
{
    int *slot = *(int **)a;
    *slot = atomic_fetch_add(&g_order, 1) + 1;
    return 0;
}

int main(void)
{
    aclrtPtrAttributes at = {0};
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtPointerGetAttributes(&at, &at));
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream st;
    CHECK_OK(aclrtCreateStream(&st));

    /* ---- pointer attributes ---- */
    void *d = NULL, *h = NULL, *m = NULL;
    CHECK_OK(aclrtMalloc(&d, 4096, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMallocHost(&h, 4096));
    CHECK_OK(aclrtMemAllocManaged(&m, 3 * MB2 + 5, ACL_RT_MEM_ATTACH_GLOBAL)); /* -> 4 chunks */
    memset(&at, 0xff, sizeof(at));
    CHECK_OK(aclrtPointerGetAttributes((char *)d + 100, &at)); /* interior pointer */
    CHECK(at.location.type == ACL_MEM_LOCATION_TYPE_DEVICE && at.location.id == 0);
    CHECK(at.pageSize == 4096);
    CHECK_OK(aclrtPointerGetAttributes(h, &at));
    CHECK(at.location.type == ACL_MEM_LOCATION_TYPE_HOST && at.location.id == 0);
    CHECK_OK(aclrtPointerGetAttributes((char *)m + 4 * MB2 - 1, &at)); /* rounded to 2 MiB */
    CHECK(at.location.type == ACL_MEM_LOCATION_TYPE_MANAGED && at.location.id == 0);
    CHECK(at.pageSize >= 4096);
    char *plain = aligned_alloc(4096, 8192);
    CHECK(plain);
    CHECK_OK(aclrtPointerGetAttributes(plain, &at));
    CHECK(at.location.type == ACL_MEM_LOCATION_TYPE_UNREGISTERED && at.pageSize == 4096);
    CHECK_OK(aclrtHostRegisterV2(plain, 8192, ACL_HOST_REG_MAPPED));
    CHECK_OK(aclrtPointerGetAttributes(plain + 4100, &at));
    CHECK(at.location.type == ACL_MEM_LOCATION_TYPE_HOST);
    CHECK_OK(aclrtHostUnregister(plain));
    CHECK_OK(aclrtPointerGetAttributes(plain, &at));
    CHECK(at.location.type == ACL_MEM_LOCATION_TYPE_UNREGISTERED);
    void *freed = NULL;
    CHECK_OK(aclrtMalloc(&freed, 1 << 20, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtFree(freed));
    CHECK_OK(aclrtPointerGetAttributes(freed, &at)); /* no longer cpuacl's */
    CHECK(at.location.type != ACL_MEM_LOCATION_TYPE_DEVICE);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtPointerGetAttributes(NULL, &at));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtPointerGetAttributes(d, NULL));

    /* Host and device use managed memory in place. */
    memset(m, 7, 4 * MB2);
    CHECK_OK(aclrtMemsetAsync(m, MB2, 3, MB2, st));
    CHECK_OK(aclrtSynchronizeStream(st));
    CHECK(((unsigned char *)m)[0] == 3 && ((unsigned char *)m)[MB2] == 7);

    /* ---- advice: nothing advised yet ---- */
    const aclrtMemManagedLocation dev0 = {ACL_MEM_LOCATIONTYPE_DEVICE, 0};
    const aclrtMemManagedLocation host = {ACL_MEM_LOCATIONTYPE_HOST, 0};
    const aclrtMemManagedLocation none = {ACL_MEM_LOCATIONTYPE_INVALID, 0};
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 4 * MB2) == 0);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m, 4 * MB2) == -2);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE, m, 1) ==
          ACL_MEM_LOCATIONTYPE_INVALID);

    /* Read mostly on chunks 0-1 only: the whole range disagrees, each half agrees. */
    CHECK_OK(aclrtMemManagedAdvise(m, 2 * MB2, ACL_MEM_ADVISE_SET_READ_MOSTLY, none));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 2 * MB2) == 1);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, (char *)m + MB2 + 10, 10) == 1);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 3 * MB2) == 0);
    CHECK_OK(aclrtMemManagedAdvise(m, MB2, ACL_MEM_ADVISE_UNSET_READ_MOSTLY, none));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 2 * MB2) == 0);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, (char *)m + MB2, MB2) == 1);

    /* Preferred location: device 0 on chunks 0-1, the host on chunk 2. */
    CHECK_OK(aclrtMemManagedAdvise(m, 2 * MB2, ACL_MEM_ADVISE_SET_PREFERRED_LOCATION, dev0));
    CHECK_OK(aclrtMemManagedAdvise((char *)m + 2 * MB2, MB2, ACL_MEM_ADVISE_SET_PREFERRED_LOCATION,
                                   host));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m, 2 * MB2) == 0);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE, m, 2 * MB2) ==
          ACL_MEM_LOCATIONTYPE_DEVICE);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID, m, 2 * MB2) == 0);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, (char *)m + 2 * MB2, MB2) == -1);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE, (char *)m + 2 * MB2, MB2) ==
          ACL_MEM_LOCATIONTYPE_HOST);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m, 3 * MB2) == -2);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE, m, 3 * MB2) ==
          ACL_MEM_LOCATIONTYPE_INVALID);
    CHECK_OK(aclrtMemManagedAdvise(m, MB2, ACL_MEM_ADVISE_UNSET_PREFERRED_LOCATION, none));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m, 1) == -2);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, (char *)m + MB2, 1) == 0);

    /* Accessed by: the set every chunk of the range has; the rest of data is -2. */
    CHECK_OK(aclrtMemManagedAdvise(m, 4 * MB2, ACL_MEM_ADVISE_SET_ACCESSED_BY, host));
    CHECK_OK(aclrtMemManagedAdvise(m, 2 * MB2, ACL_MEM_ADVISE_SET_ACCESSED_BY, dev0));
    int32_t acc[4];
    CHECK_OK(aclrtMemManagedGetAttr(ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, 2 * MB2, acc,
                                    sizeof(acc)));
    CHECK(acc[0] == 0 && acc[1] == -1 && acc[2] == -2 && acc[3] == -2);
    CHECK_OK(aclrtMemManagedGetAttr(ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, 4 * MB2, acc,
                                    sizeof(acc)));
    CHECK(acc[0] == -1 && acc[1] == -2);
    CHECK_OK(aclrtMemManagedAdvise(m, 4 * MB2, ACL_MEM_ADVISE_UNSET_ACCESSED_BY, host));
    CHECK_OK(aclrtMemManagedGetAttr(ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, MB2, acc, 8));
    CHECK(acc[0] == 0 && acc[1] == -2);

    /* Several at once. */
    aclrtMemManagedRangeAttribute as[2] = {ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY,
                                           ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE};
    int32_t v0 = -9, v1 = -9;
    void *outs[2] = {&v0, &v1};
    size_t sizes[2] = {4, 4};
    CHECK_OK(aclrtMemManagedGetAttrs(as, 2, (char *)m + MB2, MB2, outs, sizes));
    CHECK(v0 == 1 && v1 == ACL_MEM_LOCATIONTYPE_DEVICE);

    /* ---- prefetch: a task in stream order, last requested location read back ---- */
    int first = 0, second = 0;
    int *p1 = &first, *p2 = &second;
    atomic_store(&g_order, 0);
    CHECK_OK(cpuaclLaunchKernelArgs(st, k_mark, &p1, sizeof(p1)));
    CHECK_OK(aclrtMemManagedPrefetchAsync(m, 2 * MB2, dev0, 0, st));
    CHECK_OK(cpuaclLaunchKernelArgs(st, k_mark, &p2, sizeof(p2)));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m, 2 * MB2) == 0);
    CHECK_OK(aclrtSynchronizeStream(st));
    CHECK(first == 1 && second == 2);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE, m, MB2) ==
          ACL_MEM_LOCATIONTYPE_DEVICE);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m, 3 * MB2) == -2);
    /* Batch: ops 0-1 to the host, op 2 to device 0. */
    const void *bp[3] = {m, (char *)m + MB2, (char *)m + 2 * MB2};
    size_t bs[3] = {MB2, MB2, 2 * MB2};
    aclrtMemManagedLocation bl[2] = {host, dev0};
    size_t bi[2] = {0, 2};
    CHECK_OK(aclrtMemManagedPrefetchBatchAsync(bp, bs, 3, bl, bi, 2, 0, st));
    CHECK_OK(aclrtSynchronizeStream(st));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m, 2 * MB2) == -1);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID, (char *)m + 2 * MB2, 2 * MB2) ==
          0);
    CHECK(((unsigned char *)m)[MB2] == 7); /* data untouched by prefetching */

    /* ---- misuse ---- */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedAdvise(m, MB2 + 1, ACL_MEM_ADVISE_SET_READ_MOSTLY, none));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedAdvise(m, 5 * MB2, ACL_MEM_ADVISE_SET_READ_MOSTLY, none));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedAdvise(d, MB2, ACL_MEM_ADVISE_SET_READ_MOSTLY, none)); /* not managed */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedAdvise(m, MB2, ACL_MEM_ADVISE_SET_PREFERRED_LOCATION, none));
    aclrtMemManagedLocation baddev = {ACL_MEM_LOCATIONTYPE_DEVICE, 999};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedAdvise(m, MB2, ACL_MEM_ADVISE_SET_ACCESSED_BY, baddev));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedAdvise(m, MB2, (aclrtMemManagedAdviseType)77, dev0));
    int32_t v;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedGetAttr(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, MB2, &v, 8));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedGetAttr(ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, MB2, &v, 3));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedGetAttr(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 0, &v, 4));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedGetAttr((aclrtMemManagedRangeAttribute)0, m, MB2, &v, 4));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemManagedPrefetchAsync(m, MB2, dev0, 1, st));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemManagedPrefetchAsync(m, MB2, none, 0, st));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemManagedPrefetchAsync(h, MB2, dev0, 0, st));
    CHECK(aclrtMemManagedPrefetchAsync(m, MB2, dev0, 0, BAD_STREAM) != ACL_SUCCESS);
    size_t badidx[2] = {0, 0}; /* not increasing: nothing is recorded */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtMemManagedPrefetchBatchAsync(bp, bs, 3, bl, badidx, 2,
                                                                         0, st));
    const void *bp2[2] = {m, d}; /* the second is not managed: the first is not recorded */
    size_t bs2[2] = {MB2, MB2};
    size_t one[1] = {0};
    aclrtMemManagedLocation dev0a[1] = {dev0};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedPrefetchBatchAsync(bp2, bs2, 2, dev0a, one, 1, 0, st));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m, MB2) == -1);

    /* Freed managed memory is no longer managed; a new allocation starts without advice. */
    CHECK_OK(aclrtFree(m));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtMemManagedAdvise(m, MB2, ACL_MEM_ADVISE_SET_READ_MOSTLY, none));
    void *m2 = NULL;
    CHECK_OK(aclrtMemAllocManaged(&m2, MB2, ACL_RT_MEM_ATTACH_GLOBAL));
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m2, MB2) == 0);
    CHECK(geti(ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m2, MB2) == -2);
    CHECK_OK(aclrtFree(m2));

    CHECK_OK(aclrtFree(d));
    CHECK_OK(aclrtFreeHost(h));
    free(plain);
    CHECK_OK(aclrtDestroyStream(st));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    return 0;
}
