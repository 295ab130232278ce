/* SPDX-License-Identifier: Apache-2.0 */
/* aclInit(path): JSON config values, file errors 100003/100006/100008, env overrides. */
/* aclInit(path): valid JSON config, missing file 100003, invalid JSON 100006, wrong attribute types
 * 100008, ignored foreign keys, and CPUACL_* environment variables overriding the file. */
#include "acltest.h"

static char dir[] = "/tmp/cpuacl_runtime_config_XXXXXX";

static const char *write_file(const char *name, const char *text)
{
    return write_test_file(dir, name, text);
}

/* After a failed aclInit the runtime is still uninitialised. */
static void check_still_uninitialised(void)
{
    CHECK_ERR(ACL_ERROR_UNINITIALIZE, aclrtSetDevice(0));
    CHECK_ERR(ACL_ERROR_REPEAT_FINALIZE, aclFinalize());
}

static void check_init_fails(aclError want, const char *path)
{
    aclError got = aclInit(path);
    const char *m = aclGetRecentErrMsg();
    if (got != want) {
        fprintf(stderr, "aclInit(%s) returned %d, expected %d (%s)\n", path, (int)got, (int)want,
                m ? m : "no message");
        exit(1);
    }
    if (!m || !*m) {
        fprintf(stderr, "aclInit(%s) returned %d without a message\n", path, (int)got);
        exit(1);
    }
    check_still_uninitialised();
}

static uint32_t device_count(void)
{
    uint32_t n = 0;
    CHECK_OK(aclrtGetDeviceCount(&n));
    return n;
}

/* Core of worker 0 of a device: -1 when workers are not pinned. */
static int32_t worker_cpu(int32_t dev)
{
    cpuaclWorkerStats st;
    CHECK_OK(aclrtSetDevice(dev));
    CHECK_OK(cpuaclGetWorkerStats(dev, 0, &st));
    CHECK_OK(aclrtResetDevice(dev));
    return st.cpu;
}

static uint32_t worker_count(int32_t dev)
{
    uint32_t n = 0;
    CHECK_OK(aclrtSetDevice(dev));
    CHECK_OK(cpuaclGetWorkerCount(dev, &n));
    CHECK_OK(aclrtResetDevice(dev));
    return n;
}

int main(void)
{
    static const char *vars[] = {"CPUACL_DEVICE_COUNT", "CPUACL_WORKERS", "CPUACL_PIN_WORKERS",
                                 "CPUACL_SPIN_US", "CPUACL_RING_SLOTS"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        unsetenv(vars[i]);
    CHECK(mkdtemp(dir) != NULL);

    /* Missing / unreadable file. */
    char missing[300];
    snprintf(missing, sizeof missing, "%s/does_not_exist.json", dir);
    check_init_fails(ACL_ERROR_INVALID_FILE, missing);

    /* Not JSON. */
    check_init_fails(ACL_ERROR_PARSE_FILE, write_file("bad1.json", "{ \"cpuacl\": { "));
    check_init_fails(ACL_ERROR_PARSE_FILE, write_file("bad2.json", "this is not json"));

    /* Wrong attribute types under "cpuacl". */
    check_init_fails(ACL_ERROR_FILE_ATTR_INVALID,
                     write_file("type1.json", "{\"cpuacl\": {\"device_count\": \"three\"}}"));
    check_init_fails(ACL_ERROR_FILE_ATTR_INVALID,
                     write_file("type2.json", "{\"cpuacl\": {\"pin_workers\": 7}}"));
    check_init_fails(ACL_ERROR_FILE_ATTR_INVALID,
                     write_file("type3.json", "{\"cpuacl\": {\"workers\": [1, 2]}}"));
    /* The "cpuacl" key itself of the wrong type. */
    check_init_fails(ACL_ERROR_FILE_ATTR_INVALID, write_file("type4.json", "{\"cpuacl\": 5}"));

    /* A valid file: values are applied. */
    const char *good = write_file(
        "good.json", "{\"cpuacl\": {\"device_count\": 3, \"workers\": 2, \"pin_workers\": false,"
                     " \"spin_us\": 10, \"ring_slots\": 128}}");
    CHECK_OK(aclInit(good));
    CHECK(device_count() == 3);
    CHECK(worker_count(0) == 2);
    CHECK(worker_cpu(0) == -1);  /* pin_workers false */
    CHECK_OK(aclrtSetDevice(2)); /* device 2 exists now */
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice(3));
    _Atomic uint64_t ctr = 0;
    for (int i = 0; i < 1000; i++) /* more tasks than the 128 ring slots */
        CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(atomic_load(&ctr) == 1000);
    CHECK_OK(aclrtResetDevice(2));
    CHECK_OK(aclFinalize());

    /* Environment variables win over the file. */
    setenv("CPUACL_DEVICE_COUNT", "5", 1);
    setenv("CPUACL_WORKERS", "3", 1);
    setenv("CPUACL_PIN_WORKERS", "1", 1);
    CHECK_OK(aclInit(good));
    CHECK(device_count() == 5);
    CHECK(worker_count(4) == 3);
    CHECK(worker_cpu(0) >= 0); /* the environment's pin_workers wins */
    CHECK_OK(aclFinalize());
    unsetenv("CPUACL_PIN_WORKERS");

    /* And without a file. */
    setenv("CPUACL_DEVICE_COUNT", "4", 1);
    setenv("CPUACL_PIN_WORKERS", "1", 1);
    CHECK_OK(aclInit(NULL));
    CHECK(device_count() == 4);
    CHECK(worker_cpu(1) >= 0);
    unsetenv("CPUACL_PIN_WORKERS");
    CHECK_OK(aclrtSetDevice(3));
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice(4));
    CHECK_OK(aclFinalize());
    unsetenv("CPUACL_DEVICE_COUNT");
    unsetenv("CPUACL_WORKERS");

    /* Defaults: 2 devices, floating workers (docs/runtime.md, pin_workers). */
    CHECK_OK(aclInit(NULL));
    CHECK(device_count() == 2);
    CHECK(worker_cpu(0) == -1);
    CHECK_ERR(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice(2));
    CHECK_OK(aclFinalize());

    /* Keys of real AscendCL configs are accepted and ignored; so is "{}". */
    CHECK_OK(aclInit(write_file("empty.json", "{}")));
    CHECK(device_count() == 2);
    CHECK_OK(aclFinalize());
    CHECK_OK(aclInit(write_file(
        "foreign.json",
        "{\"dump\": {\"dump_list\": [], \"dump_path\": \"/tmp\", \"dump_mode\": \"output\"},"
        " \"profiler\": {\"switch\": \"off\"}, \"err_msg_mode\": \"1\"}")));
    CHECK(device_count() == 2);
    CHECK_OK(aclFinalize());

    /* A directory is not a readable (JSON) file. */
    check_init_fails(ACL_ERROR_INVALID_FILE, dir);

    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return 0;
}
