/* SPDX-License-Identifier: Apache-2.0 */
/* profiling/aprof_pub.h as the 2_subscribe_model sample includes it: the model-to-device
 * map (MsprofSetDeviceIdByGeModelIdx), a module's command callback told INIT, START and STOP
 * with the collection's data types and devices and FINALIZE, API reports and events landing
 * in the collection's trace under their registered type names, compact and additional
 * records checked, hash ids and the path, and the misuse codes. */
#include <string.h>

#include "acl/acl_prof.h"
#include "acltest.h"
#include "profiling/aprof_pub.h"

static int g_cmd[8], g_ncmd;
static uint64_t g_switch;
static uint32_t g_ndev;

static int32_t on_cmd(uint32_t type, void *data, uint32_t len)
{
    CHECK(type == PROF_CTRL_SWITCH && len == sizeof(struct MsprofCommandHandle));
    const struct MsprofCommandHandle *h = data;
    if (g_ncmd < 8)
        g_cmd[g_ncmd++] = (int)h->type;
    g_switch = h->profSwitch;
    g_ndev = h->devNums;
    return 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    CHECK(MsprofSetDeviceIdByGeModelIdx(0, 0) == MSPROF_ERROR_NONE);
    CHECK(MsprofSetDeviceIdByGeModelIdx(0, 64) == MSPROF_ERROR_CONFIG_INVALID);
    CHECK(MsprofUnsetDeviceIdByGeModelIdx(0, 0) == MSPROF_ERROR_NONE);
    CHECK(MsprofUnsetDeviceIdByGeModelIdx(0, 0) == MSPROF_ERROR_CONFIG_INVALID);

    CHECK(MsprofRegisterCallback(7, on_cmd) == MSPROF_ERROR_NONE);
    CHECK(MsprofRegisterCallback(100000, on_cmd) == MSPROF_ERROR_CONFIG_INVALID);
    CHECK(MsprofInit(MSPROF_CTRL_INIT_DYNA, NULL, 0) == MSPROF_ERROR_NONE);
    CHECK(MsprofInit(77, NULL, 0) == MSPROF_ERROR_CONFIG_INVALID);
    CHECK(MsprofInit(MSPROF_CTRL_INIT_ACL_JSON, NULL, 5) == MSPROF_ERROR_CONFIG_INVALID);
    CHECK(g_ncmd == 1 && g_cmd[0] == PROF_COMMANDHANDLE_TYPE_INIT);

    CHECK(MsprofGetPath() == NULL);
    char dir[512];
    snprintf(dir, sizeof(dir), "%s.d", argv[0]);
    CHECK_OK(aclprofInit(dir, strlen(dir)));
    CHECK(MsprofGetPath() && strcmp(MsprofGetPath(), dir) == 0);
    uint32_t devs[1] = {0};
    aclprofConfig *cfg =
        aclprofCreateConfig(devs, 1, ACL_AICORE_NONE, NULL, ACL_PROF_ACL_API | ACL_PROF_TASK_TIME);
    CHECK(cfg);
    CHECK(!MsprofCheckOpSwitch(MSPROF_OPTYPE, "Add", 3));
    CHECK_OK(aclprofStart(cfg));
    CHECK(g_ncmd == 2 && g_cmd[1] == PROF_COMMANDHANDLE_TYPE_START && g_ndev == 1 &&
          g_switch == (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME));
    CHECK(MsprofCheckOpSwitch(MSPROF_OPTYPE, "Add", 3));

    CHECK(MsprofRegTypeInfo(MSPROF_REPORT_ACL_LEVEL, 0x50001, "my_api") == MSPROF_ERROR_NONE);
    CHECK(MsprofRegTypeInfo(MSPROF_REPORT_ACL_LEVEL, 1, NULL) == MSPROF_ERROR_CONFIG_INVALID);
    struct MsprofApi api;
    memset(&api, 0, sizeof(api));
    api.magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
    api.level = MSPROF_REPORT_ACL_LEVEL;
    api.type = 0x50001;
    api.beginTime = MsprofSysCycleTime();
    api.endTime = MsprofSysCycleTime() + 1000;
    CHECK(api.endTime > api.beginTime);
    CHECK(MsprofReportApi(0, &api) == MSPROF_ERROR_NONE);
    api.magicNumber = 1;
    CHECK(MsprofReportApi(0, &api) == MSPROF_ERROR_CONFIG_INVALID);
    CHECK(MsprofReportApi(0, NULL) == MSPROF_ERROR_CONFIG_INVALID);
    struct MsprofEvent ev;
    memset(&ev, 0, sizeof(ev));
    ev.magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
    ev.level = MSPROF_REPORT_MODEL_LEVEL;
    ev.type = MSPROF_REPORT_MODEL_EXECUTE_TYPE;
    ev.timeStamp = MsprofSysCycleTime();
    CHECK(MsprofReportEvent(0, &ev) == MSPROF_ERROR_NONE);

    struct MsprofCompactInfo ci;
    memset(&ci, 0, sizeof(ci));
    ci.magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
    CHECK(MsprofReportCompactInfo(0, &ci, sizeof(ci)) == MSPROF_ERROR_NONE);
    CHECK(MsprofReportCompactInfo(0, &ci, 3) == MSPROF_ERROR_CONFIG_INVALID);
    CHECK(MsprofReportCompactInfo(0, NULL, sizeof(ci)) == MSPROF_ERROR_CONFIG_INVALID);
    struct MsprofAdditionalInfo ai[2];
    memset(ai, 0, sizeof(ai));
    ai[0].magicNumber = ai[1].magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
    CHECK(sizeof(ai[0]) == 256);
    CHECK(MsprofReportAdditionalInfo(0, ai, sizeof(ai[0])) == MSPROF_ERROR_NONE);
    CHECK(MsprofReportBatchAdditionalInfo(0, ai, sizeof(ai)) == MSPROF_ERROR_NONE);
    CHECK(MsprofReportBatchAdditionalInfo(0, ai, sizeof(ai) - 1) == MSPROF_ERROR_CONFIG_INVALID);
    ai[1].magicNumber = 0;
    CHECK(MsprofReportBatchAdditionalInfo(0, ai, sizeof(ai)) == MSPROF_ERROR_CONFIG_INVALID);
    CHECK(MsprofGetBatchReportMaxSize(MSPROF_BATCH_ADDITIONAL_INFO) >= sizeof(ai));
    CHECK(MsprofGetBatchReportMaxSize(9) == 0);

    uint64_t id = MsprofStr2Id("conv1", 5);
    CHECK(id != 0 && MsprofGetHashId("conv1xx", 5) == id);
    CHECK(MsprofId2Str(id) && strcmp(MsprofId2Str(id), "conv1") == 0);
    CHECK(MsprofId2Str(0) == NULL && MsprofStr2Id(NULL, 3) == 0);

    CHECK_OK(aclprofStop(cfg));
    CHECK(g_ncmd == 3 && g_cmd[2] == PROF_COMMANDHANDLE_TYPE_STOP);
    CHECK_OK(aclprofDestroyConfig(cfg));
    CHECK_OK(aclprofFinalize());
    CHECK(g_ncmd == 4 && g_cmd[3] == PROF_COMMANDHANDLE_TYPE_FINALIZE);
    /* The API range landed in the trace under its registered name. */
    char cmd[1200];
    snprintf(cmd, sizeof(cmd), "grep -rl '\"my_api\"' '%s' >/dev/null", dir);
    CHECK(system(cmd) == 0);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    CHECK(MsprofRegisterCallback(7, NULL) == MSPROF_ERROR_NONE);
    CHECK(MsprofFinalize() == MSPROF_ERROR_NONE);
    CHECK(g_ncmd == 4);
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK_OK(aclFinalize());
    printf("tools_aprof: ok\n");
    return 0;
}
