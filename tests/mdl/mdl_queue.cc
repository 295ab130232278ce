/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Models fed by acltdt queues (aclmdlLoadFromFileWithQ / FromMemWithQ, and
 * aclmdlLoadWithConfig with ACL_MDL_LOAD_FROM_*_WITH_Q): the affine model of
 * tests/mdl/mdl_small.h with one input queue and two output queues; inputs
 * enqueued with acltdtEnqueueData come out of the output queues, in order,
 * equal to the host reference (several inputs queued before the outputs are
 * read, and an output queue of depth 2 that the model waits on); the scale
 * model of a bundle file refused; unload with inputs still queued and with
 * the worker waiting; the misuse (NULL queues, counts of 0, counts unlike the
 * model's) with GE's codes; aclFinalize with a queue-fed model still loaded
 * stops its worker (nothing moves between its queues once it returns).
 */
#include <string>
#include <unistd.h>

#include "acl/acl_tdt_queue.h"
#include "mdl_small.h"

using namespace small;

static uint32_t make_queue(uint32_t depth)
{
    acltdtQueueAttr *attr = acltdtCreateQueueAttr();
    EXPECT(attr);
    EXPECT(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth) ==
           ACL_SUCCESS);
    uint32_t q = 0;
    EXPECT(acltdtCreateQueue(attr, &q) == ACL_SUCCESS);
    EXPECT(acltdtDestroyQueueAttr(attr) == ACL_SUCCESS);
    return q;
}

static std::vector<float> dequeue(uint32_t q, size_t n)
{
    std::vector<float> v(n);
    size_t got = 0;
    EXPECT(acltdtDequeueData(q, v.data(), n * 4, &got, nullptr, 0, 10000) == ACL_SUCCESS);
    EXPECT(got == n * 4);
    return v;
}

int main()
{
    small_start();
    ge::ModelBufferData m = build(affine_graph());
    std::string base = small_base("mdl_queue");
    EXPECT(ge::aclgrphSaveModel(base.c_str(), m) == ge::GRAPH_SUCCESS);
    std::string path = base + ".om";

    uint32_t in = make_queue(8), out[2] = {make_queue(8), make_queue(2)};
    for (int how = 0; how < 3; how++) {
        uint32_t id = 0;
        if (how == 0) {
            EXPECT(aclmdlLoadFromFileWithQ(path.c_str(), &id, &in, 1, out, 2) == ACL_SUCCESS);
        } else if (how == 1) {
            EXPECT(aclmdlLoadFromMemWithQ(m.data.get(), m.length, &id, &in, 1, out, 2) ==
                   ACL_SUCCESS);
        } else {
            aclmdlConfigHandle *c = aclmdlCreateConfigHandle();
            size_t type = ACL_MDL_LOAD_FROM_FILE_WITH_Q, nin = 1, nout = 2;
            const char *p = path.c_str();
            const uint32_t *inp = &in, *outp = out;
            EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)) ==
                   ACL_SUCCESS);
            EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_PATH_PTR, &p, sizeof(p)) == ACL_SUCCESS);
            EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_INPUTQ_ADDR_PTR, &inp, sizeof(inp)) ==
                   ACL_SUCCESS);
            EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_INPUTQ_NUM_SIZET, &nin, sizeof(nin)) ==
                   ACL_SUCCESS);
            EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_OUTPUTQ_ADDR_PTR, &outp, sizeof(outp)) ==
                   ACL_SUCCESS);
            EXPECT(aclmdlSetConfigOpt(c, ACL_MDL_OUTPUTQ_NUM_SIZET, &nout, sizeof(nout)) ==
                   ACL_SUCCESS);
            EXPECT(aclmdlLoadWithConfig(c, &id) == ACL_SUCCESS);
            EXPECT(aclmdlDestroyConfigHandle(c) == ACL_SUCCESS);
        }
        /* four inputs queued at once: the second output queue (depth 2) makes the model wait */
        std::vector<std::vector<float>> xs;
        for (int k = 0; k < 4; k++) {
            xs.push_back(pattern(AN * AK, 0.25f, 1.0f + k + how));
            EXPECT(acltdtEnqueueData(in, xs[k].data(), xs[k].size() * 4, nullptr, 0, 1000, 0) ==
                   ACL_SUCCESS);
        }
        for (int k = 0; k < 4; k++) {
            std::vector<float> y, r;
            affine_ref(xs[k], y, r);
            expect_near(dequeue(out[0], AN * AM), y, "queued y");
            expect_near(dequeue(out[1], AN * AM), r, "queued r");
        }
        /* the model is an ordinary model id too */
        check_affine(id, how);
        EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
        /* nothing runs after the unload: an input stays queued */
        std::vector<float> x = pattern(AN * AK, 0.5f, 0.0f);
        EXPECT(acltdtEnqueueData(in, x.data(), x.size() * 4, nullptr, 0, 1000, 0) == ACL_SUCCESS);
        usleep(100 * 1000);
        size_t got = 0;
        std::vector<float> junk(AN * AM);
        EXPECT(acltdtDequeueData(out[0], junk.data(), junk.size() * 4, &got, nullptr, 0, 0) ==
               ACL_ERROR_RT_QUEUE_EMPTY);
        std::vector<float> back(AN * AK);
        EXPECT(acltdtDequeueData(in, back.data(), back.size() * 4, &got, nullptr, 0, 0) ==
               ACL_SUCCESS);
    }

    /* unload while outputs wait on a full queue: the worker stops and frees them */
    {
        uint32_t id = 0;
        EXPECT(aclmdlLoadFromFileWithQ(path.c_str(), &id, &in, 1, out, 2) == ACL_SUCCESS);
        for (int k = 0; k < 3; k++) {
            std::vector<float> x = pattern(AN * AK, 0.25f, (float)k);
            EXPECT(acltdtEnqueueData(in, x.data(), x.size() * 4, nullptr, 0, 1000, 0) ==
                   ACL_SUCCESS);
        }
        usleep(200 * 1000);
        EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
        size_t got = 0;
        std::vector<float> v(AN * AM);
        while (acltdtDequeueData(out[0], v.data(), v.size() * 4, &got, nullptr, 0, 0) ==
               ACL_SUCCESS) {
        }
        while (acltdtDequeueData(out[1], v.data(), v.size() * 4, &got, nullptr, 0, 0) ==
               ACL_SUCCESS) {
        }
        std::vector<float> x(AN * AK);
        while (acltdtDequeueData(in, x.data(), x.size() * 4, &got, nullptr, 0, 0) == ACL_SUCCESS) {
        }
    }

    /* misuse */
    uint32_t id = 0;
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromFileWithQ", "inputQ",
                aclmdlLoadFromFileWithQ(path.c_str(), &id, nullptr, 1, out, 2));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromMemWithQ", "is 0",
                aclmdlLoadFromMemWithQ(m.data.get(), m.length, &id, &in, 1, out, 0));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromFileWithQ", "1 input and 1 output queues",
                aclmdlLoadFromFileWithQ(path.c_str(), &id, &in, 1, out, 1));
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromFileWithQ", "modelPath",
                aclmdlLoadFromFileWithQ(nullptr, &id, &in, 1, out, 2));
    EXPECT_FAIL(ACL_ERROR_INVALID_FILE, "aclmdlLoadFromFileWithQ", "cannot open",
                aclmdlLoadFromFileWithQ("/nonexistent/m.om", &id, &in, 1, out, 2));

    /* aclFinalize with the model still loaded, its worker waiting on a full output queue:
     * aclFinalize stops the worker (graph/queue.c MQ4). Then the queues are host objects
     * nothing feeds: outputs drained stay empty and an input put stays queued (a live
     * worker would put the output it holds and take the input). */
    EXPECT(aclmdlLoadFromFileWithQ(path.c_str(), &id, &in, 1, out, 2) == ACL_SUCCESS);
    for (int k = 0; k < 4; k++) {
        std::vector<float> x = pattern(AN * AK, 0.5f, (float)k);
        EXPECT(acltdtEnqueueData(in, x.data(), x.size() * 4, nullptr, 0, 1000, 0) == ACL_SUCCESS);
    }
    usleep(100 * 1000);
    unlink(path.c_str());
    ge::aclgrphBuildFinalize();
    EXPECT(aclFinalize() == ACL_SUCCESS);
    {
        size_t got = 0;
        std::vector<float> v(AN * AM), x(AN * AK, 1.0f);
        for (uint32_t q : {out[0], out[1], in})
            while (acltdtDequeueData(q, q == in ? x.data() : v.data(),
                                     (q == in ? x.size() : v.size()) * 4, &got, nullptr, 0,
                                     0) == ACL_SUCCESS) {
            }
        EXPECT(acltdtEnqueueData(in, x.data(), x.size() * 4, nullptr, 0, 1000, 0) == ACL_SUCCESS);
        usleep(200 * 1000);
        EXPECT(acltdtDequeueData(out[0], v.data(), v.size() * 4, &got, nullptr, 0, 0) ==
               ACL_ERROR_RT_QUEUE_EMPTY);
        EXPECT(acltdtDequeueData(out[1], v.data(), v.size() * 4, &got, nullptr, 0, 0) ==
               ACL_ERROR_RT_QUEUE_EMPTY);
        EXPECT(acltdtDequeueData(in, x.data(), x.size() * 4, &got, nullptr, 0, 0) == ACL_SUCCESS);
    }
    /* the queues outlive aclFinalize (a host object); what the worker left stays in them */
    EXPECT(acltdtDestroyQueue(in) == ACL_SUCCESS);
    EXPECT(acltdtDestroyQueue(out[0]) == ACL_SUCCESS);
    EXPECT(acltdtDestroyQueue(out[1]) == ACL_SUCCESS);
    std::puts("mdl_queue: ok");
    return 0;
}
