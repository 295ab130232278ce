/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Outputs with data-dependent dims (docs/mdl.md, "Data-dependent output shapes"): a GE
 * graph of the "third-class" IR types, built with aclgrphBuildModel, loaded and executed:
 *   x [3,4] float -> nz = NonZero(x, transpose) [2, <=12] int64,
 *                    (uy, inv, uc) = UniqueWithCountsAndSorting(x) [<=12], [3,4], [<=12]
 *   boxes [1,6,4], scores [1,2,6] float, max [1] int32, iou [1], score [1] float
 *                 -> sel = Cast(NonMaxSuppressionV6(...), int64) [<=12, 3]
 *   mask [3,4] bool -> ms = MaskedSelect(x, mask) [<=12]
 * Checked: the description (the bound dims -1, their sizes the bounds'), the current dims
 * before any execution, executions with different data against host references and
 * aclmdlGetCurOutputDims after each (also after aclmdlExecuteAsync), empty results (all
 * zeros, no box selected), an output buffer under the bound refused with
 * ACL_ERROR_INVALID_PARAM naming the output, a graph feeding such an output to a Relu
 * refused at build naming both nodes, such an output refused with gears, and a session's
 * RunGraph giving the output tensor its real shape (cpuaclGeSessionOutputDims).
 */
#include <algorithm>
#include <atomic>
#include <functional>
#include <set>
#include <thread>

#include "cpuacl/cpuacl_test.h"
#include "ge/ge_api.h"
#include "mdl_small.h"

using namespace ge;
using namespace small;

namespace
{

constexpr int64_t XN = 12, NB = 6, NC = 2;

Operator data(const char *name, int64_t index, std::vector<int64_t> dims, DataType dt)
{
    Operator d(name, "Data");
    d.SetAttr("index", index);
    d.UpdateInputDesc("x", TensorDesc(Shape(dims), FORMAT_ND, dt));
    return d;
}

Graph dd_graph()
{
    Operator x = data("x", 0, {3, 4}, DT_FLOAT), boxes = data("boxes", 1, {1, NB, 4}, DT_FLOAT),
             scores = data("scores", 2, {1, NC, NB}, DT_FLOAT), mx = data("max", 3, {1}, DT_INT32),
             iou = data("iou", 4, {1}, DT_FLOAT), sc = data("score", 5, {1}, DT_FLOAT),
             mask = data("mask", 6, {3, 4}, DT_BOOL);
    Operator nz("nz", "NonZero"), uq("uq", "UniqueWithCountsAndSorting"),
        nms("nms", "NonMaxSuppressionV6"), cast("sel", "Cast"), ms("ms", "MaskedSelect");
    nz.SetInput("x", x);
    nz.SetAttr("transpose", true);
    uq.SetInput("x", x);
    nms.SetInput("boxes", boxes)
        .SetInput("scores", scores)
        .SetInput("max_output_size", mx)
        .SetInput("iou_threshold", iou)
        .SetInput("score_threshold", sc);
    cast.SetInput("x", nms);
    cast.SetAttr("dst_type", (int64_t)DT_INT64);
    ms.SetInput("x", x).SetInput("mask", mask);
    Graph g("datadep");
    g.SetInputs({x, boxes, scores, mx, iou, sc, mask})
        .SetOutputs({{nz, {0}}, {uq, {0, 2}}, {cast, {0}}, {ms, {0}}});
    return g;
}

/* Buffers in floats (4 bytes): inputs, then the outputs at their bounds. */
const std::vector<size_t> kIn = {XN, NB * 4, NC *NB, 1, 1, 1, 3};
const std::vector<size_t> kOut = {2 * XN * 2, XN, XN * 2, NC *NB * 3 * 2, XN};

void put_bytes(Io &io, size_t i, const void *p, size_t n)
{
    aclDataBuffer *b = aclmdlGetDatasetBuffer(io.ds, i);
    EXPECT(aclrtMemcpy(aclGetDataBufferAddr(b), n, p, n, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
}

std::vector<int64_t> get_i64(const Io &io, size_t i, size_t n)
{
    std::vector<float> f = get(io, i);
    std::vector<int64_t> v(n);
    std::memcpy(v.data(), f.data(), n * 8);
    return v;
}

std::vector<int64_t> cur(aclmdlDesc *desc, size_t i)
{
    aclmdlIODims d;
    EXPECT(aclmdlGetCurOutputDims(desc, i, &d) == ACL_SUCCESS);
    return std::vector<int64_t>(d.dims, d.dims + d.dimCount);
}

/* One execution's inputs and its host reference, checked against the outputs. */
struct Case {
    std::vector<float> x, boxes, scores;
    int32_t max;
    float iou, score;
    std::vector<uint8_t> mask;
};

/* ONNX's NonMaxSuppression on one batch, by its definition (greedy, IoU above the
 * threshold suppresses, corner boxes [y1, x1, y2, x2]). */
std::vector<int64_t> nms_ref(const Case &c)
{
    std::vector<int64_t> rows;
    for (int64_t k = 0; k < NC; k++) {
        std::vector<int64_t> order;
        for (int64_t i = 0; i < NB; i++)
            if (c.scores[k * NB + i] > c.score)
                order.push_back(i);
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
            return c.scores[k * NB + a] > c.scores[k * NB + b];
        });
        std::vector<int64_t> kept;
        for (int64_t i : order) {
            if ((int64_t)kept.size() >= c.max)
                break;
            bool drop = false;
            for (int64_t j : kept) {
                const float *a = &c.boxes[i * 4], *b = &c.boxes[j * 4];
                float ih = std::min(a[2], b[2]) - std::max(a[0], b[0]);
                float iw = std::min(a[3], b[3]) - std::max(a[1], b[1]);
                float in = ih > 0 && iw > 0 ? ih * iw : 0;
                float u = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - in;
                drop |= in > 0 && in / u > c.iou;
            }
            if (!drop) {
                kept.push_back(i);
                rows.insert(rows.end(), {0, k, i});
            }
        }
    }
    return rows;
}

/* The model's seven inputs from a case. */
void fill(Io &in, const Case &c)
{
    put(in, 0, c.x);
    put(in, 1, c.boxes);
    put(in, 2, c.scores);
    put_bytes(in, 3, &c.max, 4);
    put(in, 4, {c.iou});
    put(in, 5, {c.score});
    put_bytes(in, 6, c.mask.data(), XN);
}

void run(uint32_t id, aclmdlDesc *desc, const Case &c, aclrtStream stream)
{
    Io in = make_io(kIn), out = make_io(kOut);
    fill(in, c);
    if (stream) {
        EXPECT(aclmdlExecuteAsync(id, in.ds, out.ds, stream) == ACL_SUCCESS);
        EXPECT(aclrtSynchronizeStream(stream) == ACL_SUCCESS);
    } else {
        EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
    }
    /* NonZero, transposed: [2, n] */
    std::vector<int64_t> rows, cols;
    for (int64_t i = 0; i < XN; i++)
        if (c.x[(size_t)i] != 0)
            rows.push_back(i / 4), cols.push_back(i % 4);
    int64_t n = (int64_t)rows.size();
    EXPECT(cur(desc, 0) == (std::vector<int64_t>{2, n}));
    std::vector<int64_t> nz = get_i64(out, 0, 2 * XN);
    rows.insert(rows.end(), cols.begin(), cols.end());
    EXPECT(std::vector<int64_t>(nz.begin(), nz.begin() + 2 * n) == rows);
    /* Unique, sorted, with counts */
    std::set<float> u(c.x.begin(), c.x.end());
    int64_t k = (int64_t)u.size();
    EXPECT(cur(desc, 1) == (std::vector<int64_t>{k}) && cur(desc, 2) == (std::vector<int64_t>{k}));
    std::vector<float> uy = get(out, 1);
    expect_near(std::vector<float>(uy.begin(), uy.begin() + k),
                std::vector<float>(u.begin(), u.end()), "unique y");
    std::vector<int64_t> uc = get_i64(out, 2, XN), want;
    for (float v : u)
        want.push_back(std::count(c.x.begin(), c.x.end(), v));
    EXPECT(std::vector<int64_t>(uc.begin(), uc.begin() + k) == want);
    /* NonMaxSuppressionV6, cast to int64: [rows, 3] */
    std::vector<int64_t> sel = nms_ref(c);
    int64_t r = (int64_t)sel.size() / 3;
    EXPECT(cur(desc, 3) == (std::vector<int64_t>{r, 3}));
    std::vector<int64_t> got = get_i64(out, 3, NC * NB * 3);
    EXPECT(std::vector<int64_t>(got.begin(), got.begin() + 3 * r) == sel);
    /* MaskedSelect */
    std::vector<float> msw;
    for (int64_t i = 0; i < XN; i++)
        if (c.mask[(size_t)i])
            msw.push_back(c.x[(size_t)i]);
    EXPECT(cur(desc, 4) == (std::vector<int64_t>{(int64_t)msw.size()}));
    std::vector<float> ms = get(out, 4);
    expect_near(std::vector<float>(ms.begin(), ms.begin() + (int64_t)msw.size()), msw, "masked");
    free_io(in);
    free_io(out);
}

} // namespace

int main()
{
    small_start();
    uint32_t id = 0;
    {
        ModelBufferData mb = build(dd_graph());
        EXPECT(aclmdlLoadFromMem(mb.data.get(), mb.length, &id) == ACL_SUCCESS);
    }
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS);
    EXPECT(aclmdlGetNumOutputs(desc) == 5);
    /* the description: bound dims -1, sizes at the bounds (GE's rule for a shape range) */
    const std::vector<int64_t> dims[5] = {{2, -1}, {-1}, {-1}, {-1, 3}, {-1}};
    const size_t size[5] = {2 * XN * 8, XN * 4, XN * 8, NC * NB * 3 * 8, XN * 4};
    for (size_t i = 0; i < 5; i++) {
        aclmdlIODims d;
        EXPECT(aclmdlGetOutputDims(desc, i, &d) == ACL_SUCCESS);
        EXPECT(std::vector<int64_t>(d.dims, d.dims + d.dimCount) == dims[i]);
        EXPECT(aclmdlGetOutputSizeByIndex(desc, i) == size[i]);
        EXPECT(cur(desc, i) == dims[i]); /* no execution yet */
    }
    EXPECT(aclmdlGetOutputDataType(desc, 3) == ACL_INT64);

    Case a;
    a.x = {0, 1.5f, 0, -2, 3, 0, 1.5f, 0, 0, 7, -2, 0};
    /* boxes: 0 and 1 overlap (IoU 0.68), 2 apart, 3 overlaps 2 a little (IoU 0.14), 4
     * and 5 inside 0 */
    a.boxes = {0,  0,  10, 10, 1, 1, 11, 11, 20, 20, 30, 30,
               28, 28, 38, 38, 2, 2, 5,  5,  0,  0,  10, 9.5f};
    a.scores = {0.9f, 0.8f, 0.7f, 0.6f,  0.5f, 0.95f, /* class 1: */ 0.1f,
                0.2f, 0.3f, 0.4f, 0.05f, 0.6f};
    a.max = 3;
    a.iou = 0.5f;
    a.score = 0.15f;
    a.mask = {1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1};
    run(id, desc, a, nullptr);

    /* other data: more nonzeros, no score threshold passed by class 1, a larger max */
    Case b = a;
    b.x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0.5f};
    b.scores = {0.1f, 0.9f, 0.2f, 0.8f, 0.3f, 0.7f, 0, 0, 0, 0, 0, 0};
    b.max = 6;
    b.iou = 0.1f;
    b.mask = std::vector<uint8_t>(XN, 1);
    aclrtStream s = nullptr;
    EXPECT(aclrtCreateStream(&s) == ACL_SUCCESS);
    run(id, desc, b, s);

    /* empty results: all zeros, nothing selected (max 0), an all-false mask */
    Case e = a;
    e.x = std::vector<float>(XN, 0.0f);
    e.max = 0;
    e.mask = std::vector<uint8_t>(XN, 0);
    run(id, desc, e, nullptr);
    EXPECT(cur(desc, 0) == (std::vector<int64_t>{2, 0}) &&
           cur(desc, 3) == (std::vector<int64_t>{0, 3}));

    /* two threads executing the model at once on their own streams, each reading the
     * current dims after its synchronisation: a whole finished run's (Unique's count of a's
     * data or of e's), never the bound the kernel writes first nor a torn set; under
     * ThreadSanitizer the publication (dlock in graph/compile.c) is checked too */
    {
        auto kcount = [](const Case &c) {
            return (int64_t)std::set<float>(c.x.begin(), c.x.end()).size();
        };
        const int64_t ka = kcount(a), kb = kcount(e); /* 5 and 1; the bound is 12 */
        std::atomic<int> odd{0};
        auto worker = [&](const Case &c) {
            EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
            aclrtStream st = nullptr;
            EXPECT(aclrtCreateStream(&st) == ACL_SUCCESS);
            Io in = make_io(kIn), out = make_io(kOut);
            fill(in, c);
            for (int r = 0; r < 60; r++) {
                EXPECT(aclmdlExecuteAsync(id, in.ds, out.ds, st) == ACL_SUCCESS);
                EXPECT(aclrtSynchronizeStream(st) == ACL_SUCCESS);
                std::vector<int64_t> u = cur(desc, 1), n = cur(desc, 2); /* two reads */
                if (u.size() != 1 || (u[0] != ka && u[0] != kb) || n.size() != 1 ||
                    (n[0] != ka && n[0] != kb))
                    odd.fetch_add(1, std::memory_order_relaxed); /* relaxed: read after join */
            }
            free_io(in);
            free_io(out);
            EXPECT(aclrtDestroyStream(st) == ACL_SUCCESS);
        };
        std::thread t1(worker, std::cref(a)), t2(worker, std::cref(e));
        t1.join();
        t2.join();
        EXPECT(odd.load(std::memory_order_relaxed) == 0);
    }

    /* an output buffer under the bound: refused, naming the output */
    {
        Io in = make_io(kIn);
        std::vector<size_t> small = kOut;
        small[3] = 3 * 2; /* one row of int64 where the bound is 12 */
        Io out = make_io(small);
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute",
                    "output 3 (sel:0) is 24 bytes, the model's is 288",
                    aclmdlExecute(id, in.ds, out.ds));
        free_io(in);
        free_io(out);
    }
    EXPECT(aclrtDestroyStream(s) == ACL_SUCCESS);
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);

    /* a data-dependent value feeding an operator other than Cast / Identity: refused */
    {
        Operator x = data("x", 0, {3, 4}, DT_FLOAT);
        Operator nz("nonzero", "NonZero"), relu("relu", "Relu");
        nz.SetInput("x", x);
        relu.SetInput("x", nz);
        Graph g("fed");
        g.SetInputs({x}).SetOutputs({relu});
        ModelBufferData mb;
        std::map<AscendString, AscendString> opts;
        EXPECT(aclgrphBuildModel(g, opts, mb) != GRAPH_SUCCESS);
        const char *m = aclGetRecentErrMsg();
        EXPECT(m && std::strstr(m, "relu") && std::strstr(m, "nonzero") &&
               std::strstr(m, "data-dependent"));
    }
    /* nor with gears */
    {
        Operator x = data("x", 0, {-1, 4}, DT_FLOAT);
        Operator nz("nz", "NonZero");
        nz.SetInput("x", x);
        Graph g("geared");
        g.SetInputs({x}).SetOutputs({nz});
        ModelBufferData mb;
        std::map<AscendString, AscendString> opts = {{ir_option::INPUT_SHAPE, "x:-1,4"},
                                                     {ir_option::DYNAMIC_BATCH_SIZE, "1,2"}};
        EXPECT(aclgrphBuildModel(g, opts, mb) == GRAPH_PARAM_INVALID);
        const char *m = aclGetRecentErrMsg();
        EXPECT(m && std::strstr(m, "nz") && std::strstr(m, "data-dependent"));
    }
    /* a session's RunGraph: the output tensor takes the real shape and bytes */
    {
        std::map<AscendString, AscendString> opt;
        EXPECT(GEInitialize(opt) == SUCCESS);
        {
            Session sess(opt);
            Operator x = data("x", 0, {3, 4}, DT_FLOAT);
            Operator nz("nz", "NonZero");
            nz.SetInput("x", x);
            nz.SetAttr("transpose", true);
            Graph g("session");
            g.SetInputs({x}).SetOutputs({nz});
            EXPECT(sess.AddGraph(1, g) == SUCCESS);
            const std::vector<float> xv = {0, 1, 0, 2, 0, 0, 3, 0, 4, 0, 0, 0};
            Tensor tx(TensorDesc(Shape({3, 4}), FORMAT_ND, DT_FLOAT));
            tx.SetData(reinterpret_cast<const uint8_t *>(xv.data()), xv.size() * 4);
            std::vector<Tensor> outs;
            EXPECT(sess.RunGraph(1, {tx}, outs) == SUCCESS);
            EXPECT(outs.size() == 1 &&
                   outs[0].GetTensorDesc().GetShape().GetDims() == (std::vector<int64_t>{2, 4}));
            EXPECT(outs[0].GetSize() == 8 * 8);
            const int64_t *o = reinterpret_cast<const int64_t *>(outs[0].GetData());
            EXPECT(std::vector<int64_t>(o, o + 8) ==
                   (std::vector<int64_t>{0, 0, 1, 2, 1, 3, 2, 0}));
        }
        EXPECT(GEFinalize() == SUCCESS);
    }
    aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::printf("mdl_datadep: ok\n");
    return 0;
}
