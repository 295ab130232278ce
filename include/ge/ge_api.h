/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ge/ge_api.h: GE's C++ entry points (GEInitialize, GEFinalize, Session),
 * header-only over cpuacl's C graph engine (ge/cpuacl_ge.h): no C++ object
 * crosses into libcpuacl, so programs built with either
 * _GLIBCXX_USE_CXX11_ABI value work. Link with -lge_runner -lgraph
 * -lascendcl (all names of libcpuacl).
 *
 * Behaviour and status codes: docs/graph.md.
 */
#ifndef CPUACL_GE_GE_API_H
#define CPUACL_GE_GE_API_H
#ifdef __cplusplus

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "ge/cpuacl_ge.h"
#include "ge/ge_api_error_codes.h"
#include "ge/ge_api_types.h"
#include "graph/graph.h"
#include "graph/tensor.h"

namespace ge {

namespace cpuacl_detail {

struct Options {
    std::vector<const char *> k, v;
    template <class M> explicit Options(const M &m)
    {
        for (const auto &kv : m) {
            k.push_back(Str(kv.first));
            v.push_back(Str(kv.second));
        }
    }
    static const char *Str(const std::string &s) { return s.c_str(); }
    static const char *Str(const AscendString &s) { return s.GetString(); }
};

inline std::vector<cpuaclGeTensor> ToC(const std::vector<Tensor> &v)
{
    std::vector<cpuaclGeTensor> out;
    for (const Tensor &t : v)
        out.push_back(Graph::ToC(t));
    return out;
}

} // namespace cpuacl_detail

inline Status GEInitialize(const std::map<AscendString, AscendString> &options)
{
    cpuacl_detail::Options o(options);
    return cpuaclGeInitialize(o.k.data(), o.v.data(), o.k.size());
}
inline Status GEInitialize(const std::map<std::string, std::string> &options)
{
    cpuacl_detail::Options o(options);
    return cpuaclGeInitialize(o.k.data(), o.v.data(), o.k.size());
}
inline Status GEFinalize() { return cpuaclGeFinalize(); }
inline AscendString GEGetErrorMsgV2() { return AscendString(cpuaclGeErrMsg()); }
inline std::string GEGetErrorMsg() { return cpuaclGeErrMsg(); }
inline AscendString GEGetWarningMsgV2() { return AscendString(""); }

class Session {
public:
    explicit Session(const std::map<AscendString, AscendString> &options) { Create(options); }
    explicit Session(const std::map<std::string, std::string> &options) { Create(options); }
    ~Session() { cpuaclGeSessionDestroy(id_); }
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    Status AddGraph(uint32_t graph_id, const Graph &graph)
    {
        return AddGraph(graph_id, graph, std::map<AscendString, AscendString>());
    }
    Status AddGraph(uint32_t graph_id, const Graph &graph,
                    const std::map<AscendString, AscendString> &options)
    {
        return Add(graph_id, graph, options);
    }
    Status AddGraph(uint32_t graph_id, const Graph &graph,
                    const std::map<std::string, std::string> &options)
    {
        return Add(graph_id, graph, options);
    }
    Status AddGraphWithCopy(uint32_t graph_id, const Graph &graph) { return AddGraph(graph_id, graph); }
    Status AddGraphWithCopy(uint32_t graph_id, const Graph &graph,
                            const std::map<AscendString, AscendString> &options)
    {
        return AddGraph(graph_id, graph, options);
    }
    Status RemoveGraph(uint32_t graph_id) { return cpuaclGeSessionRemoveGraph(id_, graph_id); }

    Status BuildGraph(uint32_t graph_id, const std::vector<ge::Tensor> &inputs)
    {
        std::vector<cpuaclGeTensor> in = cpuacl_detail::ToC(inputs);
        return cpuaclGeSessionBuildGraph(id_, graph_id, in.data(), in.size());
    }
    Status BuildGraph(uint32_t graph_id, const std::vector<InputTensorInfo> &inputs)
    {
        std::vector<ge::Tensor> t;
        for (const InputTensorInfo &i : inputs)
            t.emplace_back(TensorDesc(Shape(i.dims), FORMAT_ND, (DataType)i.data_type));
        return BuildGraph(graph_id, t);
    }
    Status CompileGraph(uint32_t graph_id) { return cpuaclGeSessionBuildGraph(id_, graph_id, nullptr, 0); }

    /* Synchronous run over host tensors; outputs are replaced by new host
     * tensors. */
    Status RunGraph(uint32_t graph_id, const std::vector<Tensor> &inputs, std::vector<Tensor> &outputs)
    {
        std::vector<cpuaclGeTensor> in = cpuacl_detail::ToC(inputs);
        std::vector<Tensor> res;
        Status rc = NewOutputs(graph_id, in, kPlacementHost, res);
        if (rc != SUCCESS)
            return rc;
        std::vector<cpuaclGeTensor> out = cpuacl_detail::ToC(res);
        rc = cpuaclGeSessionRun(id_, graph_id, in.data(), in.size(), out.data(), out.size());
        for (size_t k = 0; rc == SUCCESS && k < res.size(); k++) {
            /* an output whose dims depend on the data: its real shape and bytes (the
             * result is compact at the start of the bound-sized block) */
            int64_t d[CPUACL_GE_MAX_DIMS];
            int32_t nd = -1;
            if (cpuaclGeSessionOutputDims(id_, graph_id, k, d, &nd) != SUCCESS || nd < 0)
                continue;
            TensorDesc td = res[k].GetTensorDesc();
            td.SetShape(Shape(std::vector<int64_t>(d, d + nd)));
            size_t bytes = (size_t)GetSizeByDataType(td.GetDataType());
            for (int32_t i = 0; i < nd; i++)
                bytes *= (size_t)d[i];
            res[k].SetTensorDesc(td);
            res[k].SetData(res[k].GetData(), bytes < res[k].GetSize() ? bytes : res[k].GetSize());
        }
        if (rc == SUCCESS)
            outputs = res;
        return rc;
    }

    /* Queue a run on stream over device tensors (kPlacementDevice). When
     * outputs is empty, device buffers are allocated for it (freed with the
     * tensors, by aclrtFree). */
    Status RunGraphWithStreamAsync(uint32_t graph_id, void *stream, const std::vector<Tensor> &inputs,
                                   std::vector<Tensor> &outputs)
    {
        std::vector<cpuaclGeTensor> in = cpuacl_detail::ToC(inputs);
        if (outputs.empty()) {
            Status rc = NewOutputs(graph_id, in, kPlacementDevice, outputs);
            if (rc != SUCCESS)
                return rc;
        }
        std::vector<cpuaclGeTensor> out = cpuacl_detail::ToC(outputs);
        return cpuaclGeSessionRunAsync(id_, graph_id, static_cast<aclrtStream>(stream), in.data(),
                                       in.size(), out.data(), out.size());
    }

    uint64_t GetSessionId() const { return id_; }

private:
    template <class M> void Create(const M &options)
    {
        cpuacl_detail::Options o(options);
        cpuaclGeSessionCreate(o.k.data(), o.v.data(), o.k.size(), &id_);
    }
    template <class M> Status Add(uint32_t graph_id, const Graph &graph, const M &options)
    {
        cpuacl_detail::Options o(options);
        cpuaclGeGraph *g = graph.CpuaclLower();
        if (!g)
            return FAILED; /* a name does not fit a prototype; see aclGetRecentErrMsg() */
        return cpuaclGeSessionAddGraph(id_, graph_id, g, o.k.data(), o.v.data(), o.k.size());
    }
    /* Build graph_id and make tensors for its outputs: zeroed host blocks,
     * or device buffers that aclrtFree releases with the last copy. */
    Status NewOutputs(uint32_t graph_id, const std::vector<cpuaclGeTensor> &in, Placement where,
                      std::vector<Tensor> &res)
    {
        std::vector<cpuaclGeTensor> out;
        Status rc = Outputs(graph_id, in, out);
        if (rc != SUCCESS)
            return rc;
        std::vector<Tensor> made;
        for (const cpuaclGeTensor &o : out) {
            std::vector<int64_t> dims(o.dims, o.dims + o.ndim);
            TensorDesc d(Shape(dims), FORMAT_ND, (DataType)o.dtype);
            d.SetPlacement(where);
            Tensor t(d);
            if (where == kPlacementHost) {
                t.SetData(std::vector<uint8_t>(o.size));
            } else {
                void *p = nullptr;
                if (aclrtMalloc(&p, o.size ? o.size : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
                    return GE_GRAPH_MALLOC_FAILED;
                t.SetData(static_cast<uint8_t *>(p), o.size, [](uint8_t *q) { aclrtFree(q); });
            }
            made.push_back(t);
        }
        res = made;
        return SUCCESS;
    }
    /* Build (with the inputs' shapes) and describe the outputs. */
    Status Outputs(uint32_t graph_id, const std::vector<cpuaclGeTensor> &in,
                   std::vector<cpuaclGeTensor> &out)
    {
        Status rc = cpuaclGeSessionBuildGraph(id_, graph_id, in.data(), in.size());
        size_t n = 0;
        if (rc == SUCCESS)
            rc = cpuaclGeSessionGetOutputs(id_, graph_id, nullptr, &n);
        out.resize(n);
        if (rc == SUCCESS)
            rc = cpuaclGeSessionGetOutputs(id_, graph_id, out.data(), &n);
        return rc;
    }
    uint64_t id_ = 0;
};

} // namespace ge

#endif /* __cplusplus */
#endif
