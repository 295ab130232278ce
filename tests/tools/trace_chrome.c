/* SPDX-License-Identifier: Apache-2.0 */
/* Timeline tracing: cpuaclTraceDump writes valid Chrome trace JSON with one
 * complete event per task (kernels and event records/waits on three streams),
 * each on its stream's track with its worker; tracing off is refused. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpuacl/cpuacl.h"
#include "testutil.h"

static int32_t nop(void *a)
{
    (void)a;
    return 0;
}

int main(void)
{
    /* Off by default. */
    CHECK_OK(aclInit(NULL));
    CHECK_ACL(ACL_ERROR_FEATURE_UNSUPPORTED, cpuaclTraceDump("/tmp/never.json"));
    CHECK(aclGetRecentErrMsg() != NULL);
    CHECK_OK(aclFinalize());

    setenv("CPUACL_TRACE_EVENTS", "100000", 1);
    TEST_OPEN();
    aclrtStream s[3];
    aclrtEvent e;
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclrtCreateStream(&s[i]));
    CHECK_OK(aclrtCreateEvent(&e));
    enum { PER = 500 };
    for (int i = 0; i < PER; i++)
        for (int k = 0; k < 3; k++)
            CHECK_OK(cpuaclLaunchKernel(s[k], nop, NULL));
    CHECK_OK(aclrtRecordEvent(e, s[0]));
    CHECK_OK(aclrtStreamWaitEvent(s[1], e));
    for (int k = 0; k < 3; k++)
        CHECK_OK(aclrtSynchronizeStream(s[k]));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, cpuaclTraceDump(NULL));
    char path[64];
    snprintf(path, sizeof(path), "/tmp/cpuacl-trace-%d.json", (int)getpid());
    CHECK_OK(cpuaclTraceDump(path));

    char *text = test_read_file(path, NULL);
    cJSON *root = cJSON_Parse(text);
    CHECK(root != NULL);
    cJSON *ev = cJSON_GetObjectItemCaseSensitive(root, "traceEvents");
    CHECK(cJSON_IsArray(ev));
    int kernels = 0, records = 0, waits = 0, meta = 0, flows = 0;
    cJSON *it;
    cJSON_ArrayForEach(it, ev)
    {
        cJSON *ph = cJSON_GetObjectItemCaseSensitive(it, "ph");
        cJSON *name = cJSON_GetObjectItemCaseSensitive(it, "name");
        CHECK(cJSON_IsString(ph) && cJSON_IsString(name));
        CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(it, "pid")));
        if (ph->valuestring[0] == 'M') {
            meta++;
            continue;
        }
        if (ph->valuestring[0] == 's' || ph->valuestring[0] == 'f') { /* the record's arrow */
            CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(it, "id")));
            flows++;
            continue;
        }
        CHECK(ph->valuestring[0] == 'X');
        cJSON *ts = cJSON_GetObjectItemCaseSensitive(it, "ts");
        cJSON *dur = cJSON_GetObjectItemCaseSensitive(it, "dur");
        CHECK(cJSON_IsNumber(ts) && ts->valuedouble >= 0);
        CHECK(cJSON_IsNumber(dur) && dur->valuedouble >= 0);
        CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(it, "tid")));
        cJSON *args = cJSON_GetObjectItemCaseSensitive(it, "args");
        CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(args, "stream")));
        CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(args, "worker")));
        if (!strcmp(name->valuestring, "kernel"))
            kernels++;
        if (!strcmp(name->valuestring, "event record"))
            records++;
        if (!strcmp(name->valuestring, "event wait"))
            waits++; /* none when the record had run before the wait was queued */
    }
    CHECK(meta >= 2);
    CHECK(kernels == 3 * PER);
    CHECK(records == 1);
    CHECK(flows == 2 * waits); /* record -> wait: one "s", one "f" */
    cJSON_Delete(root);
    free(text);
    remove(path);
    for (int k = 0; k < 3; k++)
        CHECK_OK(aclrtDestroyStream(s[k]));
    CHECK_OK(aclrtDestroyEvent(e));
    TEST_CLOSE();
    printf("trace_chrome: %d kernel events, valid Chrome trace JSON\n", kernels);
    return 0;
}
