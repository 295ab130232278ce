/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ge/ge_ir_build.h: GE's model-build API (namespace ge): aclgrphBuildInitialize,
 * aclgrphBuildModel (a ge::Graph and its build options, ge::ir_option of
 * ge/ge_api_types.h, into a model in memory), aclgrphSaveModel (to
 * <output_file>.om), aclgrphBundleBuildModel and aclgrphBundleSaveModel (several
 * graphs in one bundle model), aclgrphBuildModelFromFile / FromData (a built
 * model file held as an aclmdlModel for aclmdlLoadFromModel) with
 * aclgrphSaveModel / SaveModelToBuffer / DestroyModel of it,
 * aclgrphBuildFinalize, aclgrphGetIRVersion, aclgrphDumpGraph. Header-only
 * over cpuacl's C interface (ge/cpuacl_ge.h), like ge/ge_api.h; the model is
 * a cpuacl model file (docs/mdl.md) for aclmdlLoadFromMem/FromFile. Link
 * with -lge_compiler -lgraph -lascendcl (names of libcpuacl).
 *
 * Behaviour and status codes: docs/graph.md, "Offline models".
 */
#ifndef CPUACL_GE_GE_IR_BUILD_H
#define CPUACL_GE_GE_IR_BUILD_H
#ifdef __cplusplus

#include <cstdint>
#include <cstring>
#include <new>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ge/cpuacl_ge.h"
#include "ge/ge_api.h" /* cpuacl_detail::Options */
#include "ge/ge_api_types.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/graph.h"

namespace ge
{

const int32_t IR_MAJOR_VERSION = 1;
const int32_t IR_MINOR_VERSION = 0;
const int32_t IR_PATCH_VERSION = 0;
/* A built model in memory (aclgrphBuildModelFromFile/FromData; aclmdlLoadFromModel). */
typedef void *aclmdlModel;

struct ModelBufferData {
    std::shared_ptr<uint8_t> data = nullptr;
    uint64_t length;
};

struct GraphWithOptions {
    ge::Graph graph;
    std::map<AscendString, AscendString> build_options;
};

enum aclgrphAttrType { ATTR_TYPE_KEEP_DTYPE = 0, ATTR_TYPE_WEIGHT_COMPRESS };

namespace cpuacl_detail
{

template <class M>
graphStatus BuildModel(const Graph &graph, const M &options, ModelBufferData &model)
{
    cpuaclGeGraph *g = graph.CpuaclLower();
    if (!g)
        return GRAPH_FAILED;
    Options o(options);
    void *data = nullptr;
    uint64_t len = 0;
    graphStatus rc = cpuaclGeBuildModel(g, o.k.data(), o.v.data(), o.k.size(), &data, &len);
    if (rc != GRAPH_SUCCESS)
        return rc;
    model.data = std::shared_ptr<uint8_t>(static_cast<uint8_t *>(data), cpuaclGeModelFree);
    model.length = len;
    return GRAPH_SUCCESS;
}

} // namespace cpuacl_detail

inline graphStatus aclgrphBuildInitialize(std::map<std::string, std::string> global_options)
{
    cpuacl_detail::Options o(global_options);
    return cpuaclGeBuildInitialize(o.k.data(), o.v.data(), o.k.size());
}
inline graphStatus aclgrphBuildInitialize(std::map<AscendString, AscendString> &global_options)
{
    cpuacl_detail::Options o(global_options);
    return cpuaclGeBuildInitialize(o.k.data(), o.v.data(), o.k.size());
}
inline void aclgrphBuildFinalize()
{
    cpuaclGeBuildFinalize();
}

inline graphStatus aclgrphBuildModel(const ge::Graph &graph,
                                     const std::map<std::string, std::string> &build_options,
                                     ModelBufferData &model)
{
    return cpuacl_detail::BuildModel(graph, build_options, model);
}
inline graphStatus aclgrphBuildModel(const ge::Graph &graph,
                                     const std::map<AscendString, AscendString> &build_options,
                                     ModelBufferData &model)
{
    return cpuacl_detail::BuildModel(graph, build_options, model);
}

inline graphStatus aclgrphSaveModel(const char_t *output_file, const ModelBufferData &model)
{
    return cpuaclGeSaveModel(output_file, model.data.get(), model.data ? model.length : 0);
}
inline graphStatus aclgrphSaveModel(const std::string &output_file, const ModelBufferData &model)
{
    return aclgrphSaveModel(output_file.c_str(), model);
}

/* Several graphs, each built with its options, packed into one bundle model
 * (docs/mdl.md, "Bundles") for aclmdlBundleLoadFromFile / FromMem. */
inline graphStatus aclgrphBundleBuildModel(const std::vector<GraphWithOptions> &graph_with_options,
                                           ModelBufferData &model)
{
    std::vector<ModelBufferData> parts(graph_with_options.size());
    std::vector<const void *> data;
    std::vector<uint64_t> length;
    for (size_t k = 0; k < parts.size(); k++) {
        const GraphWithOptions &g = graph_with_options[k];
        graphStatus rc = cpuacl_detail::BuildModel(g.graph, g.build_options, parts[k]);
        if (rc != GRAPH_SUCCESS)
            return rc;
        data.push_back(parts[k].data.get());
        length.push_back(parts[k].length);
    }
    void *out = nullptr;
    uint64_t len = 0;
    graphStatus rc = cpuaclGeBundleBuildModel(parts.size(), data.data(), length.data(), &out, &len);
    if (rc != GRAPH_SUCCESS)
        return rc;
    model.data = std::shared_ptr<uint8_t>(static_cast<uint8_t *>(out), cpuaclGeModelFree);
    model.length = len;
    return GRAPH_SUCCESS;
}
/* Writes <output_file>.om, as aclgrphSaveModel. */
inline graphStatus aclgrphBundleSaveModel(const char_t *output_file, const ModelBufferData &model)
{
    return cpuaclGeSaveModel(output_file, model.data.get(), model.data ? model.length : 0);
}

/* A model file (as aclgrphSaveModel writes it) held as an aclmdlModel for
 * aclmdlLoadFromModel; build_options must be empty (docs/graph.md). */
inline graphStatus
aclgrphBuildModelFromFile(const char_t *graph_file,
                          const std::map<AscendString, AscendString> &build_options,
                          aclmdlModel **model)
{
    cpuacl_detail::Options o(build_options);
    void *m = nullptr;
    graphStatus rc = cpuaclGeBuildModelFromFile(graph_file, o.k.data(), o.v.data(), o.k.size(), &m);
    if (rc == GRAPH_SUCCESS && model)
        *model = static_cast<aclmdlModel *>(m);
    return rc;
}
inline graphStatus
aclgrphBuildModelFromData(const void *graph_data, size_t graph_size,
                          const std::map<AscendString, AscendString> &build_options,
                          aclmdlModel **model)
{
    cpuacl_detail::Options o(build_options);
    void *m = nullptr;
    graphStatus rc =
        cpuaclGeBuildModelFromData(graph_data, graph_size, o.k.data(), o.v.data(), o.k.size(), &m);
    if (rc == GRAPH_SUCCESS && model)
        *model = static_cast<aclmdlModel *>(m);
    return rc;
}
inline graphStatus aclgrphSaveModel(const char_t *output_file, const aclmdlModel *model)
{
    const void *data = nullptr;
    uint64_t len = 0;
    graphStatus rc = cpuaclGeModelBytes(model, &data, &len);
    return rc == GRAPH_SUCCESS ? cpuaclGeSaveModel(output_file, data, len) : rc;
}
inline graphStatus aclgrphSaveModelToBuffer(ModelBufferData &model_buffer, const aclmdlModel *model)
{
    const void *data = nullptr;
    uint64_t len = 0;
    graphStatus rc = cpuaclGeModelBytes(model, &data, &len);
    if (rc != GRAPH_SUCCESS)
        return rc;
    uint8_t *copy = new (std::nothrow) uint8_t[len];
    if (!copy)
        return GRAPH_FAILED;
    std::memcpy(copy, data, len);
    model_buffer.data = std::shared_ptr<uint8_t>(copy, std::default_delete<uint8_t[]>());
    model_buffer.length = len;
    return GRAPH_SUCCESS;
}
inline graphStatus aclgrphDestroyModel(const aclmdlModel *model)
{
    return cpuaclGeModelDestroy(model);
}

inline graphStatus aclgrphGetIRVersion(int32_t *major_version, int32_t *minor_version,
                                       int32_t *patch_version)
{
    if (!major_version || !minor_version || !patch_version)
        return GRAPH_PARAM_INVALID;
    *major_version = IR_MAJOR_VERSION;
    *minor_version = IR_MINOR_VERSION;
    *patch_version = IR_PATCH_VERSION;
    return GRAPH_SUCCESS;
}

/* The graph as text into the file named by file's first len characters (cpuacl's text:
 * each operator with its type, input edges and attributes; docs/graph.md). */
inline graphStatus aclgrphDumpGraph(const ge::Graph &graph, const char_t *file, const size_t len)
{
    if (!file || !len)
        return GRAPH_PARAM_INVALID;
    size_t n = 0;
    while (n < len && file[n])
        n++;
    return graph.CpuaclDumpText(std::string(file, n).c_str());
}

} // namespace ge

#endif /* __cplusplus */
#endif
