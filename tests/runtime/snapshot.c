/* SPDX-License-Identifier: Apache-2.0 */
/* Process snapshots (docs/runtime.md, "Snapshots"): lock waits for queued device work, a submission
 * from another thread waits for the unlock while one from the locking thread is refused,
 * backup copies device memory to the host and restore brings it back after it was
 * overwritten, the state machine's codes, callbacks at each stage in order (per device),
 * a failing LOCK_PRE callback leaves the process running; misuse codes. */
#include "acltest.h"

static int g_log[64];
static _Atomic int g_nlog;
static int g_fail_stage = -1;

static uint32_t cb(int32_t dev, void *args)
{
    int stage = (int)(intptr_t)args;
    int i = atomic_fetch_add(&g_nlog, 1);
    if (i < 64)
        g_log[i] = stage * 100 + dev;
    return stage == g_fail_stage ? 1u : 0u;
}
static uint32_t cb2(int32_t dev, void *args)
{
    (void)dev;
    (void)args;
    return 0;
}

static _Atomic int g_slow_done;
static int32_t k_slow(void *a)
{
    (void)a;
    sleep_ms(100);
    atomic_store(&g_slow_done, 1);
    return 0;
}

static _Atomic int g_other_ran, g_other_returned;
static int32_t k_mark(void *a)
{
    (void)a;
    atomic_store(&g_other_ran, 1);
    return 0;
}
struct other {
    aclrtContext ctx;
    aclrtStream s;
};
static void *other_main(void *p)
{
    struct other *o = p;
    CHECK_OK(aclrtSetCurrentContext(o->ctx));
    CHECK_OK(cpuaclLaunchKernel(o->s, k_mark, NULL)); /* waits for the unlock */
    atomic_store(&g_other_returned, 1);
    CHECK_OK(aclrtSynchronizeStream(o->s));
    return NULL;
}

static bool log_is(const int *want, int n)
{
    if (atomic_load(&g_nlog) != n)
        return false;
    for (int i = 0; i < n; i++)
        if (g_log[i] != want[i])
            return false;
    return true;
}

int main(void)
{
    int pid = (int)getpid();
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtSnapShotProcessLock(pid, NULL));
    TEST_OPEN();
    aclrtStream s, s2;
    CREATE_STREAMS(&s, &s2);

    for (int st = ACL_RT_SNAPSHOT_LOCK_PRE; st <= ACL_RT_SNAPSHOT_UNLOCK_POST; st++)
        CHECK_OK(aclrtSnapShotCallbackRegister((aclrtSnapShotStage)st, cb, (void *)(intptr_t)st));
    CHECK_ERR(ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED,
              aclrtSnapShotCallbackRegister(ACL_RT_SNAPSHOT_LOCK_PRE, cb, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSnapShotCallbackRegister((aclrtSnapShotStage)6, cb2, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSnapShotCallbackRegister(ACL_RT_SNAPSHOT_LOCK_PRE, NULL, NULL));
    CHECK_ERR(ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED,
              aclrtSnapShotCallbackUnregister(ACL_RT_SNAPSHOT_LOCK_PRE, cb2));

    /* ---- state machine codes while running ---- */
    CHECK_ERR(ACL_ERROR_SNAPSHOT_UNLOCK_FAILED, aclrtSnapShotProcessUnlock(pid, NULL));
    CHECK_ERR(ACL_ERROR_SNAPSHOT_BACKUP_FAILED, aclrtSnapShotProcessBackup(pid, NULL));
    CHECK_ERR(ACL_ERROR_SNAPSHOT_RESTORE_FAILED, aclrtSnapShotProcessRestore(pid, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSnapShotProcessLock(pid + 1, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSnapShotProcessLock(pid, (void *)1));
    CHECK(atomic_load(&g_nlog) == 0);

    /* ---- device memory with a known pattern ---- */
    enum { N = 1 << 20 };
    uint32_t *buf;
    CHECK_OK(aclrtMalloc((void **)&buf, N * sizeof(uint32_t), ACL_MEM_MALLOC_HUGE_FIRST));
    for (uint32_t i = 0; i < N; i++)
        buf[i] = i * 2654435761u;

    /* ---- lock: queued work finishes first ---- */
    CHECK_OK(cpuaclLaunchKernel(s, k_slow, NULL));
    CHECK_OK(aclrtSnapShotProcessLock(pid, NULL));
    CHECK(atomic_load(&g_slow_done) == 1);
    CHECK_ERR(ACL_ERROR_SNAPSHOT_LOCK_FAILED, aclrtSnapShotProcessLock(pid, NULL));
    /* this thread's submissions are refused, another thread's wait for the unlock */
    CHECK_ERR(ACL_ERROR_SNAPSHOT_LOCK_FAILED, cpuaclLaunchKernel(s, k_mark, NULL));
    CHECK_ERR(ACL_ERROR_SNAPSHOT_LOCK_FAILED, aclrtMemsetAsync(buf, 16, 0, 16, s));
    struct other o = {NULL, s2};
    CHECK_OK(aclrtGetCurrentContext(&o.ctx));
    pthread_t th;
    CHECK(pthread_create(&th, NULL, other_main, &o) == 0);

    /* ---- backup, overwrite, restore ---- */
    CHECK_ERR(ACL_ERROR_SNAPSHOT_RESTORE_FAILED, aclrtSnapShotProcessRestore(pid, NULL));
    aclrtSnapShotBackupArgs ba = {0};
    CHECK_OK(aclrtSnapShotProcessBackup(pid, &ba));
    CHECK_ERR(ACL_ERROR_SNAPSHOT_BACKUP_FAILED, aclrtSnapShotProcessBackup(pid, NULL));
    memset(buf, 0x5A, N * sizeof(uint32_t)); /* device memory is host-addressable on cpuacl */
    CHECK(buf[7] == 0x5A5A5A5Au);
    CHECK_OK(aclrtSnapShotProcessRestore(pid, NULL));
    for (uint32_t i = 0; i < N; i++)
        if (buf[i] != i * 2654435761u) {
            fprintf(stderr, "buf[%u] = 0x%x after restore\n", i, buf[i]);
            return 1;
        }
    /* restored: locked again; a second backup replaces the first */
    CHECK_ERR(ACL_ERROR_SNAPSHOT_RESTORE_FAILED, aclrtSnapShotProcessRestore(pid, NULL));
    buf[0] = 12345;
    CHECK_OK(aclrtSnapShotProcessBackup(pid, NULL));
    buf[0] = 0;
    CHECK_OK(aclrtSnapShotProcessRestore(pid, NULL));
    CHECK(buf[0] == 12345);
    aclrtSnapShotRestoreArgs ra = {.restoreFlags = 1};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSnapShotProcessRestore(pid, &ra));

    sleep_ms(50); /* give the other thread time to (wrongly) get through */
    CHECK(atomic_load(&g_other_returned) == 0);
    CHECK(atomic_load(&g_other_ran) == 0);
    CHECK_OK(aclrtSnapShotProcessUnlock(pid, NULL));
    CHECK(pthread_join(th, NULL) == 0);
    CHECK(atomic_load(&g_other_ran) == 1);
    CHECK_OK(cpuaclLaunchKernel(s, k_mark, NULL)); /* running again */
    CHECK_OK(aclrtSynchronizeStream(s));

    const int want[] = {ACL_RT_SNAPSHOT_LOCK_PRE * 100,     ACL_RT_SNAPSHOT_BACKUP_PRE * 100,
                        ACL_RT_SNAPSHOT_BACKUP_POST * 100,  ACL_RT_SNAPSHOT_RESTORE_PRE * 100,
                        ACL_RT_SNAPSHOT_RESTORE_POST * 100, ACL_RT_SNAPSHOT_BACKUP_PRE * 100,
                        ACL_RT_SNAPSHOT_BACKUP_POST * 100,  ACL_RT_SNAPSHOT_RESTORE_PRE * 100,
                        ACL_RT_SNAPSHOT_RESTORE_POST * 100, ACL_RT_SNAPSHOT_UNLOCK_POST * 100};
    CHECK(log_is(want, 10));

    /* ---- a failing LOCK_PRE callback: the process stays running ---- */
    atomic_store(&g_nlog, 0);
    g_fail_stage = ACL_RT_SNAPSHOT_LOCK_PRE;
    CHECK_ERR(ACL_ERROR_SNAPSHOT_CALLBACK_FAILED, aclrtSnapShotProcessLock(pid, NULL));
    CHECK_OK(cpuaclLaunchKernel(s, k_mark, NULL));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_ERR(ACL_ERROR_SNAPSHOT_UNLOCK_FAILED, aclrtSnapShotProcessUnlock(pid, NULL));
    g_fail_stage = -1;

    /* ---- unregistered callbacks are not called ---- */
    for (int st = ACL_RT_SNAPSHOT_LOCK_PRE; st <= ACL_RT_SNAPSHOT_UNLOCK_POST; st++)
        CHECK_OK(aclrtSnapShotCallbackUnregister((aclrtSnapShotStage)st, cb));
    atomic_store(&g_nlog, 0);
    CHECK_OK(aclrtSnapShotProcessLock(pid, NULL));
    CHECK_OK(aclrtSnapShotProcessUnlock(pid, NULL));
    CHECK(atomic_load(&g_nlog) == 0);

    FREE_DEVICE(buf);
    DESTROY_STREAMS(s, s2);
    TEST_CLOSE();
    printf("runtime_snapshot: ok\n");
    return 0;
}
