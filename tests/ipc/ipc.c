/* SPDX-License-Identifier: Apache-2.0 */
/* Sharing across two real processes (fork + exec of this program): IPC memory written by
 * one process is read by the other both ways, the pid white list (an importer not on it
 * gets ACL_ERROR_RT_NO_PERMISSION), closed keys, double imports and freed memory; an IPC
 * notify recorded in the child releases a wait queued in the parent; shareable physical
 * handles (uint64 and fabric forms) mapped in both processes; misuse codes. */
#define _GNU_SOURCE /* memfd_create */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "acltest.h"

#define MEM_BYTES ((size_t)1 << 20)
#define MEM_N (MEM_BYTES / sizeof(int32_t))
#define PHYS_BYTES ((size_t)2 << 20)
#define PHYS_N (PHYS_BYTES / sizeof(int32_t))

static int g_in = -1, g_out = -1; /* pipe ends to the other process */

static void say(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
    va_end(ap);
    buf[n++] = '\n';
    CHECK(write(g_out, buf, (size_t)n) == n);
}

/* Read one line; its first word must be `tag`; returns the rest (static buffer). */
static const char *hear(const char *tag)
{
    static char buf[512];
    size_t n = 0;
    for (;;) {
        char c;
        ssize_t r = read(g_in, &c, 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r != 1) {
            fprintf(stderr, "%d: the other process went away while waiting for %s\n", (int)getpid(),
                    tag);
            exit(1);
        }
        if (c == '\n')
            break;
        CHECK(n < sizeof(buf) - 1);
        buf[n++] = c;
    }
    buf[n] = 0;
    size_t tl = strlen(tag);
    if (strncmp(buf, tag, tl) != 0 || (buf[tl] != 0 && buf[tl] != ' ')) {
        fprintf(stderr, "%d: expected %s, heard \"%s\"\n", (int)getpid(), tag, buf);
        exit(1);
    }
    return buf[tl] ? buf + tl + 1 : buf + tl;
}

struct fill_args {
    int32_t *p;
    size_t n;
    int32_t mul;
};
/* A "device" kernel: p[i] = i * mul. */
static int32_t k_fill(void *a)
{
    struct fill_args *f = a;
    for (size_t i = 0; i < f->n; i++)
        f->p[i] = (int32_t)i * f->mul;
    return 0;
}

static void fill_dev(void *d, size_t n, int32_t mul)
{
    int32_t *h = malloc(n * sizeof(int32_t));
    CHECK(h);
    for (size_t i = 0; i < n; i++)
        h[i] = (int32_t)i * mul;
    CHECK_OK(
        aclrtMemcpy(d, n * sizeof(int32_t), h, n * sizeof(int32_t), ACL_MEMCPY_HOST_TO_DEVICE));
    free(h);
}

static void check_dev(const void *d, size_t n, int32_t mul)
{
    int32_t *h = malloc(n * sizeof(int32_t));
    CHECK(h);
    CHECK_OK(
        aclrtMemcpy(h, n * sizeof(int32_t), d, n * sizeof(int32_t), ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < n; i++)
        if (h[i] != (int32_t)i * mul) {
            fprintf(stderr, "%d: element %zu is %d, expected %d\n", (int)getpid(), i, h[i],
                    (int)i * mul);
            exit(1);
        }
    free(h);
}

static aclrtDrvMemHandle phys_alloc(void)
{
    aclrtPhysicalMemProp prop = {0};
    prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    prop.memAttr = ACL_HBM_MEM_HUGE;
    prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = 0;
    aclrtDrvMemHandle h = NULL;
    CHECK_OK(aclrtMallocPhysical(&h, PHYS_BYTES, &prop, 0));
    return h;
}

static void *phys_map(aclrtDrvMemHandle h)
{
    void *va = NULL;
    CHECK_OK(aclrtReserveMemAddress(&va, PHYS_BYTES, 0, NULL, 0));
    CHECK_OK(aclrtMapMem(va, PHYS_BYTES, 0, h, 0));
    return va;
}

static void phys_unmap(void *va)
{
    CHECK_OK(aclrtUnmapMem(va));
    CHECK_OK(aclrtReleaseMemAddress(va));
}

/* ---- process B ---------------------------------------------------------------------- */

static int child(void)
{
    TEST_OPEN();
    aclrtStream st;
    CHECK_OK(aclrtCreateStream(&st));
    int32_t me = 0;
    CHECK_OK(aclrtDeviceGetBareTgid(&me));
    CHECK(me == (int32_t)getpid());
    say("PID %d", me);

    /* Forged keys naming files of the parent that are no export (issue 33, item 3): an
     * empty memfd and a short regular file. Mapping them and reading the descriptor would
     * raise SIGBUS; they are refused with 100000 before anything is mapped. */
    const char *forge = getenv("IPC_TEST_FORGE_FDS");
    CHECK(forge);
    int ffd[2] = {-1, -1};
    CHECK(sscanf(forge, "%d,%d", &ffd[0], &ffd[1]) == 2);
    for (int i = 0; i < 2; i++) {
        char fk[80];
        snprintf(fk, sizeof(fk), "cpuacl:%d:%d:%016x", (int)getppid(), ffd[i], 0);
        void *fp = NULL;
        CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemImportByKey(&fp, fk, 0));
        aclrtNotify fn = NULL;
        CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtNotifyImportByKey(&fn, fk, 0));
    }

    /* IPC memory: refused until the exporter lists us, then shared both ways. */
    char key1[80];
    snprintf(key1, sizeof(key1), "%s", hear("MEM1"));
    void *p = NULL;
    CHECK_ACL(ACL_ERROR_RT_NO_PERMISSION, aclrtIpcMemImportByKey(&p, key1, 0));
    say("DENIED");
    hear("GO");
    CHECK_OK(aclrtIpcMemImportByKey(&p, key1, ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT));
    CHECK(p);
    check_dev(p, MEM_N, 3); /* what the parent wrote */
    void *p2 = NULL;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemImportByKey(&p2, key1, 0)); /* twice */
    struct fill_args fa = {p, MEM_N, 7};
    CHECK_OK(cpuaclLaunchKernel(st, k_fill, &fa)); /* a kernel on the imported pointer */
    CHECK_OK(aclrtSynchronizeStream(st));
    say("WROTE");

    /* Notify: our record releases the parent's queued wait; the data written before it
     * is what the parent's copy after the wait reads. */
    char keyn[80];
    snprintf(keyn, sizeof(keyn), "%s", hear("NOTIFY"));
    aclrtNotify n = NULL;
    CHECK_OK(aclrtNotifyImportByKey(&n, keyn, ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT));
    aclrtNotify n2 = NULL;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtNotifyImportByKey(&n2, keyn, 0)); /* twice */
    char kx[80];
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtNotifyGetExportKey(n, kx, sizeof(kx), 0));
    struct fill_args fb = {p, MEM_N, 11};
    CHECK_OK(cpuaclLaunchKernel(st, k_fill, &fb));
    CHECK_OK(aclrtRecordNotify(n, st));
    CHECK_OK(aclrtSynchronizeStream(st));
    say("RECORDED");
    snprintf(keyn, sizeof(keyn), "%s", hear("NOTIFY2"));
    CHECK_ACL(ACL_ERROR_RT_NO_PERMISSION, aclrtNotifyImportByKey(&n2, keyn, 0));
    CHECK_OK(aclrtDestroyNotify(n));
    say("OK");

    /* Close (importer first, as the docs order it); a closed key cannot be imported. */
    CHECK_OK(aclrtIpcMemClose(key1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemClose(key1));
    say("CLOSED");
    hear("MEM1CLOSED");
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemImportByKey(&p, key1, 0));
    say("OK");

    /* Without pid validation anyone imports; freeing the memory ends the export. */
    char key2[80];
    snprintf(key2, sizeof(key2), "%s", hear("MEM2"));
    CHECK_OK(aclrtIpcMemImportByKey(&p, key2, 0));
    check_dev(p, MEM_N, 5);
    CHECK_OK(aclrtIpcMemClose(key2));
    say("OK");
    hear("FREED");
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemImportByKey(&p, key2, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemImportByKey(&p, "cpuacl:garbage", 0));
    say("OK");

    /* IPC events, both ways. A -> B: our wait passes when the parent's record ran. */
    char key3[80];
    snprintf(key3, sizeof(key3), "%s", hear("MEM3"));
    CHECK_OK(aclrtIpcMemImportByKey(&p, key3, 0));
    aclrtIpcEventHandle eh;
    memset(&eh, 0, sizeof(eh));
    snprintf(eh.reserved, sizeof(eh.reserved), "%s", hear("EVENT"));
    aclrtEvent evb = NULL;
    CHECK_OK(aclrtIpcOpenEventHandle(eh, &evb));
    aclrtEventRecordedStatus rs;
    CHECK_OK(aclrtQueryEventStatus(evb, &rs));
    CHECK(rs == ACL_EVENT_RECORDED_STATUS_NOT_READY); /* the parent's gate is closed */
    aclrtIpcEventHandle eh2;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcGetEventHandle(evb, &eh2)); /* not ours */
    int32_t *hb = NULL;
    CHECK_OK(aclrtMallocHost((void **)&hb, MEM_BYTES));
    memset(hb, 0, MEM_BYTES);
    CHECK_OK(aclrtStreamWaitEvent(st, evb));
    CHECK_OK(aclrtMemcpyAsync(hb, MEM_BYTES, p, MEM_BYTES, ACL_MEMCPY_DEVICE_TO_HOST, st));
    aclrtStreamStatus ss;
    CHECK_OK(aclrtStreamQuery(st, &ss));
    CHECK(ss == ACL_STREAM_STATUS_NOT_READY);
    say("WAITING");
    CHECK_OK(aclrtSynchronizeStream(st));
    for (size_t i = 0; i < MEM_N; i++)
        CHECK(hb[i] == (int32_t)i * 23);
    CHECK_OK(aclrtSynchronizeEvent(evb));
    CHECK_OK(aclrtQueryEventStatus(evb, &rs));
    CHECK(rs == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    /* B -> A: our record (behind a closed gate) releases the parent's wait. */
    struct kt_gate gate = {0};
    CHECK_OK(cpuaclLaunchKernel(st, kt_gate_wait, &gate));
    struct fill_args fc = {p, MEM_N, 29};
    CHECK_OK(cpuaclLaunchKernel(st, k_fill, &fc));
    CHECK_OK(aclrtRecordEvent(evb, st));
    CHECK_OK(aclrtQueryEventStatus(evb, &rs));
    CHECK(rs == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    say("BREC");
    hear("OPEN");
    gate_open(&gate);
    CHECK_OK(aclrtSynchronizeEvent(evb));
    CHECK_OK(aclrtSynchronizeStream(st));
    CHECK_OK(aclrtDestroyEvent(evb));
    CHECK_OK(aclrtIpcMemClose(key3));
    CHECK_OK(aclrtFreeHost(hb));
    say("DONE");
    snprintf(eh.reserved, sizeof(eh.reserved), "%s", hear("EVGONE"));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcOpenEventHandle(eh, &evb));
    say("OK");

    /* Shareable physical handles. */
    uint64_t sh = strtoull(hear("PHYS"), NULL, 16);
    aclrtDrvMemHandle h = NULL;
    CHECK_ACL(ACL_ERROR_RT_NO_PERMISSION, aclrtMemImportFromShareableHandle(sh, 0, &h));
    say("DENIED");
    hear("GO");
    CHECK_OK(aclrtMemImportFromShareableHandle(sh, 0, &h));
    aclrtDrvMemHandle h2 = NULL;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemImportFromShareableHandle(sh, 0, &h2)); /* twice */
    void *va = phys_map(h);
    check_dev(va, PHYS_N, 13);
    fill_dev(va, PHYS_N, 17);
    phys_unmap(va);
    CHECK_OK(aclrtFreePhysical(h));
    say("DONE");

    aclrtMemFabricHandle fab;
    memset(&fab, 0, sizeof(fab));
    snprintf((char *)fab.data, sizeof(fab.data), "%s", hear("FABRIC"));
    CHECK_OK(aclrtMemImportFromShareableHandleV2(&fab, ACL_MEM_SHARE_HANDLE_TYPE_FABRIC, 0, &h));
    va = phys_map(h);
    check_dev(va, PHYS_N, 19);
    phys_unmap(va);
    CHECK_OK(aclrtFreePhysical(h));
    say("OK");

    sh = strtoull(hear("PFREED"), NULL, 16);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemImportFromShareableHandle(sh, 0, &h));
    say("OK");

    hear("BYE");
    CHECK_OK(aclrtDestroyStream(st));
    TEST_CLOSE();
    return 0;
}

/* ---- process A ---------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "child")) {
        g_in = atoi(argv[2]);
        g_out = atoi(argv[3]);
        return child();
    }
    int to_child[2], to_parent[2];
    CHECK(pipe(to_child) == 0 && pipe(to_parent) == 0);
    /* files of this process that a forged key names (the child's first checks) */
    int empty = memfd_create("not-an-export", 0);
    char tmpl[] = "/tmp/cpuacl-ipc-forgeXXXXXX";
    int shortf = mkstemp(tmpl);
    CHECK(empty >= 0 && shortf >= 0 && write(shortf, "short", 5) == 5);
    unlink(tmpl);
    char fds[32];
    snprintf(fds, sizeof(fds), "%d,%d", empty, shortf);
    setenv("IPC_TEST_FORGE_FDS", fds, 1);
    pid_t cpid = fork();
    CHECK(cpid >= 0);
    if (cpid == 0) {
        char rfd[16], wfd[16];
        snprintf(rfd, sizeof(rfd), "%d", to_child[0]);
        snprintf(wfd, sizeof(wfd), "%d", to_parent[1]);
        close(to_child[1]);
        close(to_parent[0]);
        execl("/proc/self/exe", argv[0], "child", rfd, wfd, (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(to_parent[1]);
    g_in = to_parent[0];
    g_out = to_child[1];

    TEST_OPEN();
    aclrtStream st;
    CHECK_OK(aclrtCreateStream(&st));
    int32_t bpid = atoi(hear("PID"));
    CHECK(bpid == (int32_t)cpid);

    /* IPC memory with the white list. */
    void *d1 = NULL;
    CHECK_OK(aclrtMalloc(&d1, MEM_BYTES, ACL_MEM_MALLOC_HUGE_FIRST));
    fill_dev(d1, MEM_N, 3);
    char key1[65];
    CHECK_OK(aclrtIpcMemGetExportKey(d1, MEM_BYTES, key1, sizeof(key1),
                                     ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT));
    check_dev(d1, MEM_N, 3); /* export keeps the bytes */
    void *self = NULL;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemImportByKey(&self, key1, 0)); /* own key */
    say("MEM1 %s", key1);
    hear("DENIED");
    CHECK_OK(aclrtIpcMemSetImportPid(key1, &bpid, 1));
    say("GO");
    hear("WROTE");
    check_dev(d1, MEM_N, 7); /* what the child's kernel wrote */

    /* IPC notify: our stream waits for the child's record, then copies. */
    aclrtNotify n;
    CHECK_OK(aclrtCreateNotify(&n, ACL_NOTIFY_DEFAULT));
    char keyn[65];
    CHECK_OK(aclrtNotifyGetExportKey(n, keyn, sizeof(keyn), ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT));
    char again[65];
    CHECK_OK(aclrtNotifyGetExportKey(n, again, sizeof(again), 0));
    CHECK(!strcmp(again, keyn)); /* one key per notify */
    CHECK_OK(aclrtNotifySetImportPid(n, &bpid, 1));
    int32_t *hb = NULL;
    CHECK_OK(aclrtMallocHost((void **)&hb, MEM_BYTES));
    memset(hb, 0, MEM_BYTES);
    CHECK_OK(aclrtWaitAndResetNotify(n, st, 0));
    CHECK_OK(aclrtMemcpyAsync(hb, MEM_BYTES, d1, MEM_BYTES, ACL_MEMCPY_DEVICE_TO_HOST, st));
    aclrtStreamStatus ss;
    CHECK_OK(aclrtStreamQuery(st, &ss));
    CHECK(ss == ACL_STREAM_STATUS_NOT_READY); /* the child has not even got the key */
    say("NOTIFY %s", keyn);
    hear("RECORDED");
    CHECK_OK(aclrtSynchronizeStream(st));
    for (size_t i = 0; i < MEM_N; i++)
        CHECK(hb[i] == (int32_t)i * 11);
    aclrtNotify n2;
    CHECK_OK(aclrtCreateNotify(&n2, ACL_NOTIFY_DEFAULT));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtNotifySetImportPid(n2, &bpid, 1)); /* no key yet */
    CHECK_OK(aclrtNotifyGetExportKey(n2, keyn, sizeof(keyn), 0));
    say("NOTIFY2 %s", keyn);
    hear("OK");
    CHECK_OK(aclrtDestroyNotify(n2));
    CHECK_OK(aclrtDestroyNotify(n));

    hear("CLOSED");
    CHECK_OK(aclrtIpcMemClose(key1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemSetImportPid(key1, &bpid, 1)); /* closed */
    say("MEM1CLOSED");
    hear("OK");

    void *d2 = NULL;
    CHECK_OK(aclrtMalloc(&d2, MEM_BYTES, ACL_MEM_MALLOC_NORMAL_ONLY));
    fill_dev(d2, MEM_N, 5);
    char key2[65];
    CHECK_OK(aclrtIpcMemGetExportKey(d2, MEM_BYTES, key2, sizeof(key2),
                                     ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION));
    say("MEM2 %s", key2);
    hear("OK");
    CHECK_OK(aclrtFree(d2));
    say("FREED");
    hear("OK");

    /* IPC events. A -> B: the child's wait passes when our record (behind a gate) ran. */
    char key3[65];
    CHECK_OK(aclrtIpcMemGetExportKey(d1, MEM_BYTES, key3, sizeof(key3),
                                     ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION));
    aclrtEvent ev;
    CHECK_OK(aclrtCreateEventExWithFlag(&ev, ACL_EVENT_IPC | ACL_EVENT_SYNC));
    aclrtEvent plain;
    CHECK_OK(aclrtCreateEvent(&plain));
    aclrtIpcEventHandle eh, eh2;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcGetEventHandle(plain, &eh)); /* no ACL_EVENT_IPC */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcGetEventHandle(ev, NULL));
    CHECK_OK(aclrtIpcGetEventHandle(ev, &eh));
    CHECK_OK(aclrtIpcGetEventHandle(ev, &eh2));
    CHECK(!memcmp(&eh, &eh2, sizeof(eh))); /* one handle per event */
    aclrtEvent mine;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcOpenEventHandle(eh, &mine)); /* own handle */
    struct kt_gate gate = {0};
    CHECK_OK(cpuaclLaunchKernel(st, kt_gate_wait, &gate));
    struct fill_args fa = {d1, MEM_N, 23};
    CHECK_OK(cpuaclLaunchKernel(st, k_fill, &fa));
    CHECK_OK(aclrtRecordEvent(ev, st));
    say("MEM3 %s", key3);
    say("EVENT %s", eh.reserved);
    hear("WAITING");
    gate_open(&gate);
    CHECK_OK(aclrtSynchronizeStream(st));
    /* B -> A: the child's record, submitted behind its own gate, holds our wait. */
    hear("BREC");
    aclrtEventRecordedStatus rs;
    CHECK_OK(aclrtQueryEventStatus(ev, &rs));
    CHECK(rs == ACL_EVENT_RECORDED_STATUS_NOT_READY); /* the child's record has not run */
    memset(hb, 0, MEM_BYTES);
    CHECK_OK(aclrtStreamWaitEvent(st, ev));
    CHECK_OK(aclrtMemcpyAsync(hb, MEM_BYTES, d1, MEM_BYTES, ACL_MEMCPY_DEVICE_TO_HOST, st));
    CHECK_OK(aclrtStreamQuery(st, &ss));
    CHECK(ss == ACL_STREAM_STATUS_NOT_READY);
    say("OPEN");
    CHECK_OK(aclrtSynchronizeStream(st));
    for (size_t i = 0; i < MEM_N; i++)
        CHECK(hb[i] == (int32_t)i * 29); /* what the child wrote before its record */
    CHECK_OK(aclrtSynchronizeEvent(ev));
    hear("DONE");
    CHECK_OK(aclrtIpcMemClose(key3));
    DESTROY_EVENTS(ev, plain);
    say("EVGONE %s", eh.reserved);
    hear("OK");

    /* Local misuse. */
    void *small = NULL;
    CHECK_OK(aclrtMalloc(&small, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    char k[65];
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtIpcMemGetExportKey(small, 256, k, 65, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemGetExportKey(d1, MEM_BYTES, k, 64, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemGetExportKey(d1, MEM_BYTES + 4096, k, 65, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemGetExportKey(d1, MEM_BYTES, k, 65, 0x10));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemGetExportKey(hb, 4096, k, 65, 0)); /* host */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemClose("cpuacl:1:2:3"));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtIpcMemSetImportPid("nope", &bpid, 1));
    CHECK_OK(aclrtFree(small));

    /* Shareable physical handles. */
    aclrtDrvMemHandle h = phys_alloc();
    void *va = phys_map(h);
    fill_dev(va, PHYS_N, 13);
    uint64_t sh = 0;
    CHECK_OK(aclrtMemExportToShareableHandle(h, ACL_MEM_HANDLE_TYPE_NONE,
                                             ACL_RT_VMM_EXPORT_FLAG_DEFAULT, &sh));
    uint64_t sh2 = 0;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemExportToShareableHandle(h, ACL_MEM_HANDLE_TYPE_NONE, 0, &sh2)); /* twice */
    aclrtDrvMemHandle own = NULL;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemImportFromShareableHandle(sh, 0, &own));
    say("PHYS %llx", (unsigned long long)sh);
    hear("DENIED");
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemSetPidToShareableHandle(sh, NULL, 1));
    CHECK_OK(aclrtMemSetPidToShareableHandle(sh, &bpid, 1));
    say("GO");
    hear("DONE");
    check_dev(va, PHYS_N, 17); /* what the child wrote through its own mapping */

    aclrtDrvMemHandle hf = phys_alloc();
    void *vf = phys_map(hf);
    fill_dev(vf, PHYS_N, 19);
    aclrtMemFabricHandle fab;
    CHECK_OK(aclrtMemExportToShareableHandleV2(hf, ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION,
                                               ACL_MEM_SHARE_HANDLE_TYPE_FABRIC, &fab));
    CHECK(memchr(fab.data, 0, sizeof(fab.data)));
    say("FABRIC %s", (const char *)fab.data);
    hear("OK");
    phys_unmap(vf);
    CHECK_OK(aclrtFreePhysical(hf));

    phys_unmap(va);
    CHECK_OK(aclrtFreePhysical(h)); /* ends the export */
    say("PFREED %llx", (unsigned long long)sh);
    hear("OK");

    say("BYE");
    int status = 0;
    CHECK(waitpid(cpid, &status, 0) == cpid);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK_OK(aclrtFreeHost(hb));
    CHECK_OK(aclrtFree(d1));
    CHECK_OK(aclrtDestroyStream(st));
    TEST_CLOSE();
    puts("ipc: ok");
    return 0;
}
