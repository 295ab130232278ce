/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model-subscription profiling (aclprofModelSubscribe; docs/tools.md "Model subscription"):
 *   - hicann/runtime's 2_subscribe_model sample call for call: a model id set with
 *     MsprofSetDeviceIdByGeModelIdx but never loaded, a pipe, a reader thread reading
 *     records until end of file, unsubscribe, join: no record, end of file, no hang;
 *   - a loaded model (tests/mdl/mdl_small.h's affine: MatMulV2, Add, Relu) executed N times
 *     (aclmdlExecute, aclmdlExecuteAsync, aclmdlExecuteV2) with a reader thread: ops x N
 *     records, types and names of the model's ops, the model id, start <= end, duration =
 *     end - start, inside the executions' time window; another model's executions and
 *     executions after unsubscribe give none;
 *   - a reader that does not read: executions never block, whole records only, the rest
 *     dropped; unsubscribe returns and the reader then sees end of file;
 *   - misuse: the configuration's arguments, unknown and repeated subscriptions, record
 *     getters on bad data, lengths and indices.
 */
#include <atomic>
#include <csignal>
#include <map>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "../mdl/mdl_small.h"
#include "acl/acl_prof.h"
#include "profiling/aprof_pub.h"

using namespace small;

namespace
{

size_t g_desc = 0; // aclprofGetOpDescSize

struct Rec {
    uint32_t model;
    std::string type, name;
    uint64_t start, end, dur;
    aclprofSubscribeOpFlag flag;
    std::string tid;
};

// Parse one read's records through the getters, as the sample's getModelInfo does.
void parse(const void *data, size_t len, std::vector<Rec> &out)
{
    uint32_t n = 0;
    EXPECT(aclprofGetOpNum(data, len, &n) == ACL_SUCCESS);
    EXPECT(n == len / g_desc);
    for (uint32_t i = 0; i < n; i++) {
        Rec r;
        r.model = (uint32_t)aclprofGetModelId(data, len, i);
        size_t tl = 0, nl = 0;
        EXPECT(aclprofGetOpTypeLen(data, len, i, &tl) == ACL_SUCCESS && tl >= 1);
        std::vector<char> t(tl);
        EXPECT(aclprofGetOpType(data, len, i, t.data(), tl) == ACL_SUCCESS);
        EXPECT(t[tl - 1] == '\0' && std::strlen(t.data()) == tl - 1);
        r.type = t.data();
        EXPECT(aclprofGetOpNameLen(data, len, i, &nl) == ACL_SUCCESS && nl >= 1);
        std::vector<char> nm(nl);
        EXPECT(aclprofGetOpName(data, len, i, nm.data(), nl) == ACL_SUCCESS);
        r.name = nm.data();
        r.start = aclprofGetOpStart(data, len, i);
        r.end = aclprofGetOpEnd(data, len, i);
        r.dur = aclprofGetOpDuration(data, len, i);
        r.flag = aclprofGetOpFlag(data, len, i);
        const char *tid = aclprofGetOpAttriValue(data, len, i, ACL_SUBSCRIBE_ATTRI_THREADID);
        EXPECT(tid);
        r.tid = tid;
        out.push_back(r);
    }
}

// The sample's reader: reads of N records until end of file; every read whole records.
struct Reader {
    int fd;
    std::vector<Rec> recs;
    size_t reads = 0;
    bool whole = true;
    std::thread th;
    explicit Reader(int f) : fd(f)
    {
        th = std::thread([this] {
            std::vector<char> buf(g_desc * 10);
            ssize_t got;
            while ((got = read(fd, buf.data(), buf.size())) > 0 || (got < 0 && errno == EINTR)) {
                if (got <= 0)
                    continue;
                reads++;
                if ((size_t)got % g_desc)
                    whole = false;
                else
                    parse(buf.data(), (size_t)got, recs);
            }
        });
    }
    void join()
    {
        th.join();
    }
};

aclprofSubscribeConfig *config_for(int *fds, int8_t time_on = 1)
{
    EXPECT(pipe(fds) == 0);
    aclprofSubscribeConfig *c = aclprofCreateSubscribeConfig(time_on, ACL_AICORE_NONE, &fds[1]);
    EXPECT(c);
    return c;
}

bool fd_closed(int fd)
{
    return fcntl(fd, F_GETFD) == -1 && errno == EBADF;
}

// The 2_subscribe_model sample's sequence: model 0 never loaded.
void sample_sequence()
{
    uint32_t dev[1] = {0};
    aclrtStream stream = nullptr;
    EXPECT(aclrtCreateStream(&stream) == ACL_SUCCESS);
    uint32_t modelId = 0;
    EXPECT(MsprofSetDeviceIdByGeModelIdx(modelId, dev[0]) == 0);
    int subFd[2];
    aclprofSubscribeConfig *config = config_for(subFd);
    EXPECT(aclprofModelSubscribe(modelId, config) == ACL_SUCCESS);
    Reader r(subFd[0]);
    usleep(100 * 1000); // the sample sleeps 3 s here
    EXPECT(aclprofModelUnSubscribe(modelId) == ACL_SUCCESS);
    r.join(); // end of file: the write end was closed by the unsubscribe
    EXPECT(fd_closed(subFd[1]));
    EXPECT(close(subFd[0]) == 0);
    EXPECT(r.recs.empty() && r.reads == 0);
    EXPECT(aclprofDestroySubscribeConfig(config) == ACL_SUCCESS);
    EXPECT(aclrtDestroyStream(stream) == ACL_SUCCESS);
    EXPECT(MsprofUnsetDeviceIdByGeModelIdx(modelId, dev[0]) == 0);
}

uint32_t load(const Graph &g)
{
    ModelBufferData m = build(g);
    uint32_t id = 0;
    EXPECT(aclmdlLoadFromMem(m.data.get(), m.length, &id) == ACL_SUCCESS);
    return id;
}

// Runs of the affine model id: n through aclmdlExecute, n through aclmdlExecuteAsync (one
// stream, synchronised), n through aclmdlExecuteV2; outputs checked.
void run_affine(uint32_t id, int n, aclrtStream s)
{
    for (int k = 0; k < n; k++)
        check_affine(id, k);
    Io in = make_io({AN * AK}), out = make_io({AN * AM, AN * AM});
    std::vector<float> x = pattern(AN * AK, 0.25f, 1.0f), y, r;
    affine_ref(x, y, r);
    put(in, 0, x);
    for (int k = 0; k < n; k++)
        EXPECT(aclmdlExecuteAsync(id, in.ds, out.ds, s) == ACL_SUCCESS);
    EXPECT(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    for (int k = 0; k < n; k++)
        EXPECT(aclmdlExecuteV2(id, in.ds, out.ds, nullptr, nullptr) == ACL_SUCCESS);
    expect_near(get(out, 1), r, "affine r");
    free_io(in);
    free_io(out);
}

void loaded_model(uint32_t affine, uint32_t scale)
{
    const int n = 7; // runs through each of the three calls
    aclrtStream s = nullptr;
    EXPECT(aclrtCreateStream(&s) == ACL_SUCCESS);
    int fds[2];
    aclprofSubscribeConfig *c = config_for(fds);
    EXPECT(aclprofModelSubscribe(affine, c) == ACL_SUCCESS);
    Reader r(fds[0]);
    uint64_t t0 = MsprofSysCycleTime();
    run_affine(affine, n, s);
    check_scale(scale, 1); // not subscribed: no record
    uint64_t t1 = MsprofSysCycleTime();
    EXPECT(aclprofModelUnSubscribe(affine) == ACL_SUCCESS);
    r.join();
    EXPECT(r.whole);
    check_affine(affine, 3); // after unsubscribe: runs, nothing written
    EXPECT(fd_closed(fds[1]));
    close(fds[0]);
    std::map<std::string, std::string> want = {
        {"mm", "MatMulV2"}, {"add", "Add"}, {"relu", "Relu"}};
    std::map<std::string, int> seen;
    for (const Rec &x : r.recs) {
        EXPECT(x.model == affine);
        EXPECT(want.count(x.name) && want[x.name] == x.type);
        EXPECT(x.start <= x.end && x.dur == x.end - x.start);
        EXPECT(x.start >= t0 && x.end <= t1);
        EXPECT(x.flag == ACL_SUBSCRIBE_OP);
        EXPECT(!x.tid.empty() && std::strtoull(x.tid.c_str(), nullptr, 10) > 0);
        seen[x.name]++;
    }
    std::fprintf(stderr, "loaded model: %zu records in %zu reads\n", r.recs.size(), r.reads);
    EXPECT(r.recs.size() == want.size() * 3 * n);
    for (const auto &w : want)
        EXPECT(seen[w.first] == 3 * n);
    // A record's ops of one run are in order: mm before add before relu.
    for (size_t k = 0; k + 2 < r.recs.size(); k += 3)
        EXPECT(r.recs[k].name == "mm" && r.recs[k + 1].name == "add" &&
               r.recs[k + 2].name == "relu" && r.recs[k].end <= r.recs[k + 1].start &&
               r.recs[k + 1].end <= r.recs[k + 2].start);
    EXPECT(aclprofDestroySubscribeConfig(c) == ACL_SUCCESS);

    // timeInfoSwitch 0: subscribed, no record.
    c = config_for(fds, 0);
    EXPECT(aclprofModelSubscribe(affine, c) == ACL_SUCCESS);
    Reader r0(fds[0]);
    check_affine(affine, 1);
    EXPECT(aclprofModelUnSubscribe(affine) == ACL_SUCCESS);
    r0.join();
    close(fds[0]);
    EXPECT(r0.recs.empty());
    EXPECT(aclprofDestroySubscribeConfig(c) == ACL_SUCCESS);
    EXPECT(aclrtDestroyStream(s) == ACL_SUCCESS);
}

// Nobody reads while the model runs: the runs never block; unsubscribe gives up on the
// stalled reader, closes the write end; what the pipe holds is whole records, then EOF.
void stalled_reader(uint32_t affine)
{
    const int runs = 1600; // 4800 records: more than the pipe and the queue hold
    int fds[2];
    aclprofSubscribeConfig *c = config_for(fds);
    EXPECT(aclprofModelSubscribe(affine, c) == ACL_SUCCESS);
    Io in = make_io({AN * AK}), out = make_io({AN * AM, AN * AM});
    put(in, 0, pattern(AN * AK, 0.25f, 1.0f));
    for (int k = 0; k < runs; k++)
        EXPECT(aclmdlExecute(affine, in.ds, out.ds) == ACL_SUCCESS);
    EXPECT(aclprofModelUnSubscribe(affine) == ACL_SUCCESS);
    EXPECT(fd_closed(fds[1]));
    Reader r(fds[0]);
    r.join();
    close(fds[0]);
    std::fprintf(stderr, "stalled reader: %zu of %d records\n", r.recs.size(), 3 * runs);
    EXPECT(r.whole && !r.recs.empty() && r.recs.size() < (size_t)3 * runs);
    for (const Rec &x : r.recs)
        EXPECT(x.model == affine && x.start <= x.end);
    free_io(in);
    free_io(out);
    EXPECT(aclprofDestroySubscribeConfig(c) == ACL_SUCCESS);
}

void misuse(uint32_t affine)
{
    int fds[2];
    EXPECT(pipe(fds) == 0);
    int neg = -1;
    EXPECT(!aclprofCreateSubscribeConfig(2, ACL_AICORE_NONE, &fds[1]));
    EXPECT(std::strstr(aclGetRecentErrMsg(), "timeInfoSwitch"));
    EXPECT(!aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, nullptr));
    EXPECT(!aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &neg));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofModelSubscribe", "NULL",
                aclprofModelSubscribe(affine, nullptr));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofDestroySubscribeConfig", "live",
                aclprofDestroySubscribeConfig(nullptr));
    // the read end is no write end
    aclprofSubscribeConfig *rd = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds[0]);
    EXPECT(rd);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofModelSubscribe", "writing",
                aclprofModelSubscribe(affine, rd));
    EXPECT(aclprofDestroySubscribeConfig(rd) == ACL_SUCCESS);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofModelSubscribe", "live",
                aclprofModelSubscribe(affine, rd));
    aclprofSubscribeConfig *c = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds[1]);
    EXPECT(c);
    EXPECT_FAIL(ACL_ERROR_INVALID_MODEL_ID, "aclprofModelSubscribe", "neither loaded",
                aclprofModelSubscribe(4242, c));
    EXPECT_FAIL(ACL_ERROR_INVALID_MODEL_ID, "aclprofModelUnSubscribe", "not subscribed",
                aclprofModelUnSubscribe(affine));
    EXPECT(aclprofModelSubscribe(affine, c) == ACL_SUCCESS);
    EXPECT_FAIL(ACL_ERROR_PROF_REPEAT_SUBSCRIBE, "aclprofModelSubscribe", "already",
                aclprofModelSubscribe(affine, c));
    EXPECT(aclprofModelUnSubscribe(affine) == ACL_SUCCESS);
    EXPECT(fd_closed(fds[1]));
    char eof;
    EXPECT(read(fds[0], &eof, 1) == 0);
    close(fds[0]);
    EXPECT(aclprofDestroySubscribeConfig(c) == ACL_SUCCESS);

    // the getters
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpDescSize", "NULL",
                aclprofGetOpDescSize(nullptr));
    std::vector<char> zero(g_desc * 2, 0);
    uint32_t num = 7;
    size_t len = 0;
    char buf[8];
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpNum", "NULL",
                aclprofGetOpNum(nullptr, g_desc, &num));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpNum", "whole number",
                aclprofGetOpNum(zero.data(), g_desc + 1, &num));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpNum", "whole number",
                aclprofGetOpNum(zero.data(), 0, &num));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpNum", "opNumber",
                aclprofGetOpNum(zero.data(), g_desc, nullptr));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpTypeLen", "not an op record",
                aclprofGetOpTypeLen(zero.data(), g_desc, 0, &len));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpName", "not an op record",
                aclprofGetOpName(zero.data(), g_desc, 0, buf, sizeof(buf)));
    EXPECT(aclprofGetOpStart(zero.data(), g_desc, 0) == 0);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "aclprofGetOpStart"));
    EXPECT(aclprofGetOpDuration(nullptr, 0, 0) == 0);
    EXPECT(aclprofGetModelId(zero.data(), 100, 0) == 0);
    EXPECT(aclprofGetOpFlag(zero.data(), g_desc, 0) == ACL_SUBSCRIBE_NONE);
    EXPECT(!aclprofGetOpAttriValue(zero.data(), g_desc, 0, ACL_SUBSCRIBE_ATTRI_THREADID));

    // a real record: index bounds, a buffer too small
    int f2[2];
    c = config_for(f2);
    EXPECT(aclprofModelSubscribe(affine, c) == ACL_SUCCESS);
    check_affine(affine, 0);
    EXPECT(aclprofModelUnSubscribe(affine) == ACL_SUCCESS);
    std::vector<char> recs(g_desc * 3);
    size_t got = 0;
    ssize_t k;
    while ((k = read(f2[0], recs.data() + got, recs.size() - got)) > 0)
        got += (size_t)k;
    close(f2[0]);
    EXPECT(got == g_desc * 3);
    EXPECT(aclprofGetOpNum(recs.data(), got, &num) == ACL_SUCCESS && num == 3);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpType", "index 3",
                aclprofGetOpType(recs.data(), got, 3, buf, sizeof(buf)));
    EXPECT(aclprofGetOpEnd(recs.data(), got, 3) == 0);
    EXPECT(aclprofGetOpEnd(recs.data(), got, 2) > 0);
    EXPECT(aclprofGetOpNameLen(recs.data(), got, 0, &len) == ACL_SUCCESS && len == 3); // "mm"
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpName", "too small",
                aclprofGetOpName(recs.data(), got, 0, buf, 2));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclprofGetOpType", "NULL",
                aclprofGetOpType(recs.data(), got, 0, nullptr, 64));
    EXPECT(!aclprofGetOpAttriValue(recs.data(), got, 0, ACL_SUBSCRIBE_ATTRI_NONE));
    EXPECT(aclprofDestroySubscribeConfig(c) == ACL_SUCCESS);
}

} // namespace

int main()
{
    alarm(300); // a hang fails the test instead of holding it
    std::signal(SIGPIPE, SIG_DFL);
    small_start();
    EXPECT(aclprofGetOpDescSize(&g_desc) == ACL_SUCCESS && g_desc == 256);
    sample_sequence();
    uint32_t affine = load(affine_graph()), scale = load(scale_graph());
    loaded_model(affine, scale);
    stalled_reader(affine);
    misuse(affine);
    EXPECT(aclmdlUnload(affine) == ACL_SUCCESS);
    EXPECT(aclmdlUnload(scale) == ACL_SUCCESS);
    aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::printf("prof_subscribe: ok\n");
    return 0;
}
