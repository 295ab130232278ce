/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Executions with a configuration and the model calls around them, on models
 * built from GE graphs (tests/mdl/mdl_small.h): aclmdlExecuteV2 and
 * aclmdlExecuteAsyncV2 (with and without a handle, on the default and a
 * created stream, output buffers given empty and filled by the library,
 * ACL_MDL_WORK_ADDR_PTR checked against the work size, a stream sync timeout
 * that expires while a host function holds the stream), aclmdlSetAttribute /
 * aclmdlGetAttribute (the priority: default, from the load configuration, set
 * and read back, out of range, unknown attribute and id), aclmdlQueryExeOMDesc
 * (the partition sizes of a saved model against aclmdlQuerySize and the
 * file's sections), aclmdlCreateAndGetOpDesc (argument checks and the
 * not-found answer), aclmdlLoadFromModel of models held by
 * aclgrphBuildModelFromFile / FromData (with and without a configuration,
 * saved again to a buffer and a file, destroyed under the loaded models),
 * each misuse with its code and message.
 */
#include <atomic>
#include <string>
#include <thread>
#include <unistd.h>

#include "mdl_small.h"

using namespace small;

static void host_sleep(void *arg)
{
    usleep(*static_cast<int *>(arg) * 1000);
}

static void execute_v2(uint32_t id)
{
    aclmdlExecConfigHandle *h = aclmdlCreateExecConfigHandle();
    EXPECT(h);
    std::vector<float> x = pattern(AN * AK, 0.25f, 1.0f), y, r;
    affine_ref(x, y, r);

    /* sync, NULL stream, with and without a handle */
    for (int with = 0; with < 2; with++) {
        Io in = make_io({AN * AK}), out = make_io({AN * AM, AN * AM});
        put(in, 0, x);
        EXPECT(aclmdlExecuteV2(id, in.ds, out.ds, nullptr, with ? h : nullptr) == ACL_SUCCESS);
        expect_near(get(out, 0), y, "V2 y");
        expect_near(get(out, 1), r, "V2 r");
        free_io(in);
        free_io(out);
    }

    /* empty output buffers: the library gives them memory of the output's size */
    aclrtStream s = nullptr;
    EXPECT(aclrtCreateStream(&s) == ACL_SUCCESS);
    for (int async = 0; async < 2; async++) {
        Io in = make_io({AN * AK}), out = make_io({0, AN * AM});
        put(in, 0, x);
        if (async) {
            EXPECT(aclmdlExecuteAsyncV2(id, in.ds, out.ds, s, h) == ACL_SUCCESS);
            EXPECT(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        } else {
            EXPECT(aclmdlExecuteV2(id, in.ds, out.ds, s, h) == ACL_SUCCESS);
        }
        aclDataBuffer *b = aclmdlGetDatasetBuffer(out.ds, 0);
        EXPECT(aclGetDataBufferAddr(b) != nullptr);
        EXPECT(aclGetDataBufferSizeV2(b) == AN * AM * 4);
        expect_near(get(out, 0), y, "V2 filled y");
        expect_near(get(out, 1), r, "V2 r");
        free_io(in); /* frees the library's buffer with aclrtFree, as the reference says */
        free_io(out);
    }

    /* an execution refused before it is queued leaves the empty buffer empty */
    {
        Io in = make_io({AN * AK - 1}), out = make_io({0, AN * AM});
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecuteV2", "input 0",
                    aclmdlExecuteV2(id, in.ds, out.ds, nullptr, h));
        aclDataBuffer *b = aclmdlGetDatasetBuffer(out.ds, 0);
        EXPECT(aclGetDataBufferAddr(b) == nullptr && aclGetDataBufferSizeV2(b) == 0);
        free_io(in);
        free_io(out);
    }

    /* ACL_MDL_WORK_ADDR_PTR with a size below the model's work size */
    size_t work = 0, weight = 0;
    {
        ge::ModelBufferData m = build(affine_graph());
        EXPECT(aclmdlQuerySizeFromMem(m.data.get(), m.length, &work, &weight) == ACL_SUCCESS);
    }
    aclmdlExecConfigHandle *hw = aclmdlCreateExecConfigHandle();
    void *wp = nullptr;
    EXPECT(aclrtMalloc(&wp, work + 64, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclmdlSetExecConfigOpt(hw, ACL_MDL_WORK_ADDR_PTR, &wp, sizeof(wp)) == ACL_SUCCESS);
    size_t small_size = work ? work - 1 : 0;
    EXPECT(aclmdlSetExecConfigOpt(hw, ACL_MDL_WORK_SIZET, &small_size, sizeof(size_t)) ==
           ACL_SUCCESS);
    {
        Io in = make_io({AN * AK}), out = make_io({AN * AM, AN * AM});
        put(in, 0, x);
        if (work) {
            EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecuteAsyncV2", "ACL_MDL_WORK_SIZET",
                        aclmdlExecuteAsyncV2(id, in.ds, out.ds, s, hw));
        }
        size_t enough = work + 64;
        EXPECT(aclmdlSetExecConfigOpt(hw, ACL_MDL_WORK_SIZET, &enough, sizeof(size_t)) ==
               ACL_SUCCESS);
        EXPECT(aclmdlExecuteAsyncV2(id, in.ds, out.ds, s, hw) == ACL_SUCCESS);
        EXPECT(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        expect_near(get(out, 1), r, "V2 with work memory");
        free_io(in);
        free_io(out);
    }
    aclrtFree(wp);
    EXPECT(aclmdlDestroyExecConfigHandle(hw) == ACL_SUCCESS);

    /* a stream sync timeout that expires: a host function holds the stream for 300 ms */
    int32_t ms = 20;
    EXPECT(aclmdlSetExecConfigOpt(h, ACL_MDL_STREAM_SYNC_TIMEOUT, &ms, sizeof(ms)) == ACL_SUCCESS);
    {
        Io in = make_io({AN * AK}), out = make_io({AN * AM, AN * AM});
        put(in, 0, x);
        static int hold = 300;
        EXPECT(aclrtLaunchHostFunc(s, host_sleep, &hold) == ACL_SUCCESS);
        EXPECT_FAIL(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "aclmdlExecuteV2", "timeout expired",
                    aclmdlExecuteV2(id, in.ds, out.ds, s, h));
        /* the execution was queued and still runs: it completes after the hold */
        EXPECT(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        expect_near(get(out, 0), y, "V2 after a timeout");
        /* a timeout long enough: success */
        ms = 5000;
        EXPECT(aclmdlSetExecConfigOpt(h, ACL_MDL_STREAM_SYNC_TIMEOUT, &ms, sizeof(ms)) ==
               ACL_SUCCESS);
        EXPECT(aclmdlExecuteV2(id, in.ds, out.ds, nullptr, h) == ACL_SUCCESS);
        expect_near(get(out, 1), r, "V2 with a timeout");
        free_io(in);
        free_io(out);
    }

    /* misuse */
    {
        Io in = make_io({AN * AK}), out = make_io({AN * AM});
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecuteV2", "output dataset has 1 buffers",
                    aclmdlExecuteV2(id, in.ds, out.ds, nullptr, h));
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecuteAsyncV2", "NULL",
                    aclmdlExecuteAsyncV2(id, nullptr, out.ds, s, h));
        EXPECT_FAIL(ACL_ERROR_INVALID_MODEL_ID, "aclmdlExecuteV2", "not loaded",
                    aclmdlExecuteV2(999999, in.ds, out.ds, nullptr, h));
        free_io(in);
        free_io(out);
    }
    EXPECT(aclrtDestroyStream(s) == ACL_SUCCESS);
    EXPECT(aclmdlDestroyExecConfigHandle(h) == ACL_SUCCESS);
}

static void attributes(const ge::ModelBufferData &m, uint32_t id)
{
    aclmdlAttrValue_t v;
    std::memset(&v, 0xff, sizeof(v));
    EXPECT(aclmdlGetAttribute(id, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    EXPECT(v.mdlPriority == 0);
    v.mdlPriority = 5;
    EXPECT(aclmdlSetAttribute(id, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    v.mdlPriority = 0;
    EXPECT(aclmdlGetAttribute(id, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    EXPECT(v.mdlPriority == 5);
    int32_t least = 0, greatest = 0;
    EXPECT(aclrtDeviceGetStreamPriorityRange(&least, &greatest) == ACL_SUCCESS);
    v.mdlPriority = (uint32_t)least + 1;
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetAttribute", "priority range",
                aclmdlSetAttribute(id, ACL_MDL_ATTR_PRIORITY_INT32, &v));
    EXPECT(aclmdlGetAttribute(id, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    EXPECT(v.mdlPriority == 5);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetAttribute", "attrValue",
                aclmdlSetAttribute(id, ACL_MDL_ATTR_PRIORITY_INT32, nullptr));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetAttribute", "not an aclmdlAttr",
                aclmdlGetAttribute(id, (aclmdlAttr)1, &v));
    EXPECT_FAIL(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "aclmdlGetAttribute", "not loaded",
                aclmdlGetAttribute(999999, ACL_MDL_ATTR_PRIORITY_INT32, &v));
    check_affine(id, 1); /* the priority changes nothing in what runs */

    /* the load configuration's priority is the model's first */
    aclmdlConfigHandle *c = aclmdlCreateConfigHandle();
    size_t type = ACL_MDL_LOAD_FROM_MEM;
    const void *addr = m.data.get();
    size_t len = m.length;
    int32_t prio = 3;
    EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)) == ACL_SUCCESS);
    EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_MEM_ADDR_PTR, &addr, sizeof(addr)) == ACL_SUCCESS);
    EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_MEM_SIZET, &len, sizeof(len)) == ACL_SUCCESS);
    EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_PRIORITY_INT32, &prio, sizeof(prio)) == ACL_SUCCESS);
    uint32_t id2 = 0;
    EXPECT(aclmdlLoadWithConfig(c, &id2) == ACL_SUCCESS);
    EXPECT(aclmdlGetAttribute(id2, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    EXPECT(v.mdlPriority == 3);
    EXPECT(aclmdlUnload(id2) == ACL_SUCCESS);
    EXPECT_FAIL(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "aclmdlSetAttribute", "not loaded",
                aclmdlSetAttribute(id2, ACL_MDL_ATTR_PRIORITY_INT32, &v));
    EXPECT(aclmdlDestroyConfigHandle(c) == ACL_SUCCESS);
}

static void query_exe_om_desc(const std::string &path, const ge::ModelBufferData &m)
{
    aclmdlExeOMDesc d;
    std::memset(&d, 0xab, sizeof(d));
    EXPECT(aclmdlQueryExeOMDesc(path.c_str(), &d) == ACL_SUCCESS);
    size_t work = 0, weight = 0;
    EXPECT(aclmdlQuerySize(path.c_str(), &work, &weight) == ACL_SUCCESS);
    EXPECT(d.workSize == work && d.weightSize == weight);
    EXPECT(weight >= sizeof(kAW) + sizeof(kAB)); /* both constants */
    EXPECT(d.kernelSize == 0 && d.kernelArgsSize == 0 && d.dynamicTaskSize == 0 &&
           d.fifoTaskSize == 0);
    for (size_t r : d.reserved)
        EXPECT(r == 0);
    /* the io section and the graph section: their sizes from the file's section table */
    const unsigned char *p = m.data.get();
    uint32_t nsec = p[16] | p[17] << 8 | p[18] << 16 | (uint32_t)p[19] << 24;
    size_t io = 0, graph = 0;
    for (uint32_t k = 0; k < nsec; k++) {
        const unsigned char *e = p + 64 + 32 * k;
        uint32_t sid = e[0] | e[1] << 8;
        size_t size = 0;
        for (int b = 7; b >= 0; b--)
            size = size << 8 | e[16 + b];
        if (sid == 1)
            io = size;
        if (sid == 2)
            graph = size;
    }
    EXPECT(io && d.modelDescSize == io);
    EXPECT(graph && d.staticTaskSize == graph);

    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQueryExeOMDesc", "fileName",
                aclmdlQueryExeOMDesc(nullptr, &d));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQueryExeOMDesc", "mdlPartitionSize",
                aclmdlQueryExeOMDesc(path.c_str(), nullptr));
    EXPECT_FAIL(ACL_ERROR_INVALID_FILE, "aclmdlQueryExeOMDesc", "cannot open",
                aclmdlQueryExeOMDesc("/nonexistent/model.om", &d));
    std::string npu = path + ".npu";
    FILE *f = std::fopen(npu.c_str(), "wb");
    EXPECT(f);
    unsigned char om[256] = {'I', 'M', 'O', 'D'};
    EXPECT(std::fwrite(om, 1, sizeof(om), f) == sizeof(om));
    std::fclose(f);
    EXPECT_FAIL(ACL_ERROR_PARSE_MODEL, "aclmdlQueryExeOMDesc", "IMOD",
                aclmdlQueryExeOMDesc(npu.c_str(), &d));
    unlink(npu.c_str());
}

static void load_from_model(const std::string &path, const ge::ModelBufferData &m)
{
    std::map<ge::AscendString, ge::AscendString> none;
    aclmdlModel *built = nullptr, *built2 = nullptr;
    EXPECT(ge::aclgrphBuildModelFromFile(path.c_str(), none, &built) == ge::GRAPH_SUCCESS);
    EXPECT(ge::aclgrphBuildModelFromData(m.data.get(), m.length, none, &built2) ==
           ge::GRAPH_SUCCESS);
    EXPECT(built && built2);
    aclmdlConfigHandle *c = aclmdlCreateConfigHandle();
    int32_t prio = 4;
    EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_PRIORITY_INT32, &prio, sizeof(prio)) == ACL_SUCCESS);
    uint32_t a = 0, b = 0;
    EXPECT(aclmdlLoadFromModel(built, c, &a) == ACL_SUCCESS);
    EXPECT(aclmdlLoadFromModel(built2, nullptr, &b) == ACL_SUCCESS);
    EXPECT(a != b);
    check_affine(a, 6);
    check_affine(b, 7);
    aclmdlAttrValue_t v;
    EXPECT(aclmdlGetAttribute(a, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    EXPECT(v.mdlPriority == 4);
    EXPECT(aclmdlGetAttribute(b, ACL_MDL_ATTR_PRIORITY_INT32, &v) == ACL_SUCCESS);
    EXPECT(v.mdlPriority == 0);
    EXPECT(aclmdlDestroyConfigHandle(c) == ACL_SUCCESS);

    /* the model's bytes are the file's: to a buffer and to a file again */
    ge::ModelBufferData copy;
    EXPECT(ge::aclgrphSaveModelToBuffer(copy, built) == ge::GRAPH_SUCCESS);
    EXPECT(copy.length == m.length && !std::memcmp(copy.data.get(), m.data.get(), m.length));
    std::string again = path + ".again";
    EXPECT(ge::aclgrphSaveModel(again.c_str(), built2) == ge::GRAPH_SUCCESS);
    uint32_t c2 = 0;
    EXPECT(aclmdlLoadFromFile((again + ".om").c_str(), &c2) == ACL_SUCCESS);
    check_affine(c2, 8);
    EXPECT(aclmdlUnload(c2) == ACL_SUCCESS);
    unlink((again + ".om").c_str());

    /* misuse */
    std::map<ge::AscendString, ge::AscendString> opts = {{ge::ir_option::INPUT_FORMAT, "ND"}};
    aclmdlModel *x = nullptr;
    EXPECT(ge::aclgrphBuildModelFromData(m.data.get(), m.length, opts, &x) != ge::GRAPH_SUCCESS);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "no build options") && !x);
    EXPECT(ge::aclgrphBuildModelFromFile("/nonexistent/m.om", none, &x) != ge::GRAPH_SUCCESS);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "cannot open") && !x);
    std::vector<unsigned char> bad(m.data.get(), m.data.get() + m.length);
    bad[bad.size() - 3] ^= 1;
    EXPECT(ge::aclgrphBuildModelFromData(bad.data(), bad.size(), none, &x) != ge::GRAPH_SUCCESS);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "checksum") && !x);
    uint32_t junk[8] = {0};
    uint32_t id = 0;
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromModel", "not an aclmdlModel",
                aclmdlLoadFromModel(reinterpret_cast<aclmdlModel *>(junk), nullptr, &id));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromModel", "model",
                aclmdlLoadFromModel(nullptr, nullptr, &id));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromModel", "modelId",
                aclmdlLoadFromModel(built, nullptr, nullptr));
    EXPECT(ge::aclgrphDestroyModel(reinterpret_cast<aclmdlModel *>(junk)) != ge::GRAPH_SUCCESS);

    /* the loaded models do not depend on the aclmdlModel */
    EXPECT(ge::aclgrphDestroyModel(built) == ge::GRAPH_SUCCESS);
    EXPECT(ge::aclgrphDestroyModel(built2) == ge::GRAPH_SUCCESS);
    check_affine(a, 9);
    EXPECT(aclmdlUnload(a) == ACL_SUCCESS);
    EXPECT(aclmdlUnload(b) == ACL_SUCCESS);
}

static void create_and_get_op_desc()
{
    char name[64];
    aclTensorDesc *in = nullptr, *out = nullptr;
    size_t ni = 7, no = 7;
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlCreateAndGetOpDesc", "opName",
                aclmdlCreateAndGetOpDesc(0, 0, 0, nullptr, 64, &in, &ni, &out, &no));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlCreateAndGetOpDesc", "numOutputs",
                aclmdlCreateAndGetOpDesc(0, 0, 0, name, 64, &in, &ni, &out, nullptr));
    EXPECT_FAIL(ACL_ERROR_GE_FAILURE, "aclmdlCreateAndGetOpDesc", "task 3 of stream 2",
                aclmdlCreateAndGetOpDesc(0, 2, 3, name, 64, &in, &ni, &out, &no));
    EXPECT(in == nullptr && out == nullptr && ni == 7 && no == 7);
}

/* aclRecoverAllHcclTasks: the thread's current device only; a cpuacl model
 * holds no device collective tasks, so nothing else is done. */
static void recover_hccl_tasks()
{
    EXPECT(aclRecoverAllHcclTasks(0) == ACL_SUCCESS);
    EXPECT_FAIL(ACL_ERROR_GE_FAILURE, "aclRecoverAllHcclTasks", "device 1 is not the current",
                aclRecoverAllHcclTasks(1));
    std::thread t([] {
        EXPECT_FAIL(ACL_ERROR_GE_FAILURE, "aclRecoverAllHcclTasks", "none set",
                    aclRecoverAllHcclTasks(0));
    });
    t.join();
}

int main()
{
    small_start();
    ge::ModelBufferData m = build(affine_graph());
    std::string base = small_base("mdl_exec");
    EXPECT(ge::aclgrphSaveModel(base.c_str(), m) == ge::GRAPH_SUCCESS);
    std::string path = base + ".om";

    uint32_t id = 0;
    EXPECT(aclmdlLoadFromFile(path.c_str(), &id) == ACL_SUCCESS);
    check_affine(id, 0);
    execute_v2(id);
    attributes(m, id);
    recover_hccl_tasks();
    query_exe_om_desc(path, m);
    create_and_get_op_desc();
    load_from_model(path, m);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);

    unlink(path.c_str());
    ge::aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::puts("mdl_exec: ok");
    return 0;
}
