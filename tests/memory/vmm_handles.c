/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Allocation-handle and IPC extras (docs/memory.md, docs/ipc.md):
 * aclrtMemGetAddressRange over every
 * kind of memory, aclrtMemRetainAllocationHandle's reference, the properties of a physical
 * handle, aclrtMemMapNoAccess until aclrtMemSetAccess, aclrtMemMapSelectedLink (a second
 * view of the same physical pages), aclrtMemMapSetLink, aclrtMemP2PMap, aclrtIpcMemSetAttr,
 * and the cross-server white lists checked by two real child processes (posix_spawn of this program): one
 * on the list imports the memory and the notify, one not on it is refused.
 */
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#include "acl/acl.h"
#include "acl/acl_rt_memory_soma.h"
#include "testutil.h"

#define MiB ((size_t)1 << 20)

static int child(const char *memkey, const char *notkey, int gofd, int allowed)
{
    char go;
    CHECK(read(gofd, &go, 1) == 1);
    TEST_OPEN();
    void *p = NULL;
    aclrtNotify n = NULL;
    if (!allowed) {
        CHECK_ACL(ACL_ERROR_RT_NO_PERMISSION, aclrtIpcMemImportByKey(&p, memkey, 0));
        CHECK_ACL(ACL_ERROR_RT_NO_PERMISSION, aclrtNotifyImportByKey(&n, notkey, 0));
    } else {
        CHECK_OK(aclrtIpcMemImportByKey(&p, memkey, 0));
        unsigned char h[64];
        CHECK_OK(aclrtMemcpy(h, 64, p, 64, ACL_MEMCPY_DEVICE_TO_HOST));
        for (int i = 0; i < 64; i++)
            CHECK(h[i] == 0x3c);
        CHECK_OK(aclrtIpcMemClose(memkey));
        CHECK_OK(aclrtNotifyImportByKey(&n, notkey, 0));
        CHECK_OK(aclrtDestroyNotify(n));
    }
    TEST_CLOSE();
    return 0;
}

/* Start this program as a child that waits for a byte on a pipe before importing.
 * posix_spawn, not fork: fork runs jemalloc's prefork handler, which takes every
 * arena lock at once (more than TSan's deadlock detector can track). */
static pid_t spawn(const char *self, const char *memkey, const char *notkey, int allowed,
                   int *gofd)
{
    int pp[2];
    CHECK(pipe(pp) == 0);
    char fd[16];
    snprintf(fd, sizeof(fd), "%d", pp[0]);
    posix_spawn_file_actions_t fa;
    CHECK(posix_spawn_file_actions_init(&fa) == 0);
    CHECK(posix_spawn_file_actions_addclose(&fa, pp[1]) == 0);
    char *argv[] = {(char *)self, "child", (char *)memkey, (char *)notkey, fd,
                    allowed ? "1" : "0", NULL};
    pid_t pid = -1;
    CHECK(posix_spawn(&pid, "/proc/self/exe", &fa, NULL, argv, environ) == 0);
    posix_spawn_file_actions_destroy(&fa);
    close(pp[0]);
    *gofd = pp[1];
    return pid;
}

static void reap(pid_t pid, int gofd)
{
    CHECK(write(gofd, "g", 1) == 1);
    close(gofd);
    int st = 0;
    CHECK(waitpid(pid, &st, 0) == pid);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

int main(int argc, char **argv)
{
    if (argc == 6 && !strcmp(argv[1], "child"))
        return child(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]));
    void *x = NULL;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtMemGetAddressRange(&x, &x, NULL));
    TEST_OPEN();

    /* ---- aclrtMemGetAddressRange ---- */
    void *d = NULL, *h = NULL, *base = NULL;
    size_t size = 0;
    CHECK_OK(aclrtMalloc(&d, 1000, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemGetAddressRange((char *)d + 999, &base, &size));
    CHECK(base == d && size >= 1000);
    CHECK_OK(aclrtMallocHost(&h, 300));
    CHECK_OK(aclrtMemGetAddressRange((char *)h + 5, &base, NULL));
    CHECK(base == h);
    int local = 0;
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemGetAddressRange(&local, &base, &size));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemGetAddressRange(d, NULL, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemGetAddressRange(NULL, &base, &size));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclrtMemPoolProps pp = {ACL_MEM_ALLOCATION_TYPE_PINNED, ACL_MEM_HANDLE_TYPE_NONE,
                            {0, ACL_MEM_LOCATION_TYPE_DEVICE}, 16 * MiB, {0}};
    aclrtMemPool pool;
    CHECK_OK(aclrtMemPoolCreate(&pool, &pp));
    void *pa = NULL, *pb = NULL;
    CHECK_OK(aclrtMemPoolMallocAsync(&pa, MiB, pool, s));
    CHECK_OK(aclrtMemPoolMallocAsync(&pb, 3 * MiB, pool, s));
    CHECK_OK(aclrtMemGetAddressRange((char *)pb + 3 * MiB, &base, &size));
    CHECK(base == pb && size == 4 * MiB); /* the block, not the pool */
    CHECK_OK(aclrtMemPoolFreeAsync(pa, s));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemGetAddressRange(pa, &base, &size));
    CHECK_OK(aclrtMemPoolFreeAsync(pb, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemPoolDestroy(pool));

    /* ---- physical handles: properties, retain, no-access mappings, second views ---- */
    aclrtPhysicalMemProp prop = {ACL_MEM_HANDLE_TYPE_NONE, ACL_MEM_ALLOCATION_TYPE_PINNED,
                                 ACL_HBM_MEM_HUGE, {0, ACL_MEM_LOCATION_TYPE_DEVICE}, 0};
    aclrtDrvMemHandle ph = NULL, ph2 = NULL, got = NULL;
    CHECK_OK(aclrtMallocPhysical(&ph, 2 * MiB, &prop, 0));
    aclrtPhysicalMemProp q;
    memset(&q, 0xff, sizeof(q));
    CHECK_OK(aclrtMemGetAllocationPropertiesFromHandle(ph, &q));
    CHECK(q.handleType == ACL_MEM_HANDLE_TYPE_NONE && q.allocationType == ACL_MEM_ALLOCATION_TYPE_PINNED);
    CHECK(q.memAttr == ACL_HBM_MEM_HUGE && q.location.type == ACL_MEM_LOCATION_TYPE_DEVICE);
    CHECK(q.location.id == 0 && q.reserve == 0);
    void *va = NULL;
    CHECK_OK(aclrtReserveMemAddress(&va, 8 * MiB, 0, NULL, 0));
    CHECK_OK(aclrtMapMem(va, 2 * MiB, 0, ph, 0));
    CHECK_OK(aclrtMemsetAsync(va, 2 * MiB, 0x42, 2 * MiB, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemGetAddressRange((char *)va + 100, &base, &size));
    CHECK(base == va && size == 2 * MiB);
    CHECK_OK(aclrtMemRetainAllocationHandle(va, &got));
    CHECK(got == ph);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemRetainAllocationHandle((char *)va + 4096, &got));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemRetainAllocationHandle(NULL, &got));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemRetainAllocationHandle(va, NULL));

    /* a second view of the same pages through aclrtMemMapSelectedLink */
    char *dst = (char *)va + 4 * MiB;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemMapSelectedLink(dst, 2 * MiB, va, 2));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemMapSelectedLink(dst, 0, va, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemMapSelectedLink(dst, 4 * MiB, va, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemMapSelectedLink(NULL, 2 * MiB, va, 1));
    CHECK_OK(aclrtMemMapSelectedLink(dst, 2 * MiB, va, ACL_RT_MEM_LINK_IDX_1));
    unsigned char hb[256];
    CHECK_OK(aclrtMemcpy(hb, 256, dst + 1000, 256, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 256; i++)
        CHECK(hb[i] == 0x42);
    CHECK_OK(aclrtMemset(dst, 16, 0x17, 16)); /* a write through one view... */
    CHECK_OK(aclrtMemcpy(hb, 16, va, 16, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(hb[0] == 0x17 && hb[15] == 0x17); /* ...is read through the other */
    CHECK_OK(aclrtUnmapMem(dst));

    /* aclrtMemMapSetLink */
    CHECK_OK(aclrtMemMapSetLink(ph, ACL_RT_MEM_ACCESS_LINK_HCCS));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemMapSetLink(ph, (aclrtMemLinkType)4));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemMapSetLink(NULL, ACL_RT_MEM_ACCESS_LINK_SIO));

    /* the retained reference: the first free drops it, the handle lives on */
    CHECK_OK(aclrtUnmapMem(va));
    CHECK_OK(aclrtFreePhysical(ph));
    CHECK_OK(aclrtMemGetAllocationPropertiesFromHandle(ph, &q));
    CHECK_OK(aclrtFreePhysical(ph));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtMemGetAllocationPropertiesFromHandle(ph, &q));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtMemMapSetLink(ph, ACL_RT_MEM_ACCESS_LINK_SIO));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemGetAllocationPropertiesFromHandle(NULL, &q));

    /* no access until aclrtMemSetAccess */
    CHECK_OK(aclrtMallocPhysical(&ph2, 2 * MiB, &prop, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemMapNoAccess(va, 2 * MiB, 0, ph2, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemMapNoAccess(va, 0, 0, ph2, 0));
    CHECK_OK(aclrtMemMapNoAccess(va, 2 * MiB, 0, ph2, 0));
    aclrtMemLocation loc = {0, ACL_MEM_LOCATION_TYPE_DEVICE};
    uint64_t flag = 99;
    CHECK_OK(aclrtMemGetAccess(va, &loc, &flag));
    CHECK(flag == ACL_RT_MEM_ACCESS_FLAGS_NONE);
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemGetAddressRange(va, &base, &size));
    aclrtMemAccessDesc desc = {ACL_RT_MEM_ACCESS_FLAGS_READWRITE, {0, ACL_MEM_LOCATION_TYPE_DEVICE}, {0}};
    CHECK_OK(aclrtMemSetAccess(va, 2 * MiB, &desc, 1));
    CHECK_OK(aclrtMemGetAccess(va, &loc, &flag));
    CHECK(flag == ACL_RT_MEM_ACCESS_FLAGS_READWRITE);
    CHECK_OK(aclrtMemset(va, 2 * MiB, 0x6d, 2 * MiB));
    CHECK_OK(aclrtMemcpy(hb, 8, (char *)va + 2 * MiB - 8, 8, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(hb[0] == 0x6d && hb[7] == 0x6d);
    CHECK_OK(aclrtUnmapMem(va));
    CHECK_OK(aclrtMemMapNoAccess(va, 2 * MiB, 0, ph2, 0)); /* unmapped while closed */
    CHECK_OK(aclrtUnmapMem(va));
    CHECK_OK(aclrtFreePhysical(ph2));
    CHECK_OK(aclrtReleaseMemAddress(va));

    /* ---- aclrtMemP2PMap ---- */
    CHECK_OK(aclrtMemP2PMap(d, 1000, 0, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemP2PMap(d, 1000, 0, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemP2PMap(d, 0, 0, 0));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtMemP2PMap(d, 1000, 4096, 0));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemP2PMap(h, 100, 0, 0));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemP2PMap(d, 1 << 30, 0, 0));

    /* ---- IPC extras ---- */
    void *sh = NULL;
    CHECK_OK(aclrtMalloc(&sh, MiB, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(sh, MiB, 0x3c, MiB));
    char key[65], nkey[65];
    CHECK_OK(aclrtIpcMemGetExportKey(sh, MiB, key, sizeof(key), 0));
    CHECK_OK(aclrtIpcMemSetAttr(key, ACL_RT_IPC_MEM_ATTR_ACCESS_LINK,
                                ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_HCCS));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtIpcMemSetAttr(key, ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 4));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtIpcMemSetAttr(key, (aclrtIpcMemAttrType)1, 0));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtIpcMemSetAttr(NULL, ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemSetAttr("cpuacl:1:2:3", ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 0));
    aclrtNotify nt;
    CHECK_OK(aclrtCreateNotify(&nt, 0));
    aclrtServerPid none = {0, NULL, 1};
    int32_t bogus = 1;
    aclrtServerPid two = {0, (int32_t[]){1, 2}, 2};
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtNotifySetImportPidInterServer(nt, &(aclrtServerPid){0, &bogus, 1}, 1)); /* no key yet */
    CHECK_OK(aclrtNotifyGetExportKey(nt, nkey, sizeof(nkey), 0));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtIpcMemImportPidInterServer(key, &none, 1));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtIpcMemImportPidInterServer(key, NULL, 1));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtIpcMemImportPidInterServer(key, &two, 0));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtIpcMemImportPidInterServer(NULL, &two, 1));
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtNotifySetImportPidInterServer(nt, &two, 1)); /* num 2 */
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtNotifySetImportPidInterServer(NULL, &two, 1));

    int gallow, gdeny;
    pid_t allow = spawn(argv[0], key, nkey, 1, &gallow);
    pid_t deny = spawn(argv[0], key, nkey, 0, &gdeny);
    int32_t apid = (int32_t)allow;
    /* two servers' entries: the machine's only server takes both lists */
    aclrtServerPid servers[2] = {{7, &bogus, 1}, {3, &apid, 1}};
    CHECK_OK(aclrtIpcMemImportPidInterServer(key, servers, 2));
    CHECK_OK(aclrtNotifySetImportPidInterServer(nt, &servers[1], 1));
    reap(allow, gallow);
    reap(deny, gdeny);

    CHECK_OK(aclrtIpcMemClose(key));
    CHECK_OK(aclrtDestroyNotify(nt));
    CHECK_OK(aclrtFree(sh));
    CHECK_OK(aclrtFree(d));
    CHECK_OK(aclrtFreeHost(h));
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("memory_vmm_handles: ok\n");
    return 0;
}
