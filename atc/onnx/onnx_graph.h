/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/onnx_graph.h: an ONNX model (read, checked and shape-inferred by
 * libonnx) turned into a GE graph of cpuacl's C graph API
 * (include/ge/cpuacl_ge.h), one ONNX node onto the CANN IR types of its
 * row in atc/onnx/onnx_ops.h. Used by the atc program and by tests/atc;
 * implemented in atc/onnx/ (reader.cc reads the model and converts it).
 */
#ifndef CPUACL_ATC_ONNX_GRAPH_H
#define CPUACL_ATC_ONNX_GRAPH_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ge/cpuacl_ge.h"

namespace onnx
{
class TensorProto;
}

namespace atc
{

/* What the command line gives the conversion. */
struct Options {
    /* --input_shape: name -> dims (-1 = a gear dim). */
    std::vector<std::pair<std::string, std::vector<int64_t>>> input_shape;
    int32_t input_format = 0; /* ge::Format of the inputs: NCHW (0) or ND (2) */
    int32_t output_type = -1; /* ge::DataType every output is cast to; -1 = as the model */
    bool geared = false;      /* a gear option is given: inputs keep their -1 (gear) dims */
};

/* A converted graph: its inputs in model order, its outputs. */
struct Converted {
    cpuaclGeGraph *graph = nullptr; /* owned by the caller */
    std::vector<std::string> input_names, output_names;
    std::vector<cpuaclGeTensor> inputs; /* descriptions (no data) */
    /* GE node name -> the ONNX node (name, op type) it comes from. */
    std::map<std::string, std::pair<std::string, std::string>> origin;
    int64_t opset = 0;
};

/* Reads, checks and converts the model at path. On failure returns false
 * with *err an ATC-style message (E-code first) naming the problem: for a
 * node, its name and op type. */
bool convert_onnx(const std::string &path, const Options &opt, Converted *out, std::string *err);

/* Every ONNX op of the mapping (atc/onnx/onnx_ops.h) with its CANN types. */
struct MapRow {
    const char *onnx, *cann, *notes;
};
const std::vector<MapRow> &mapping();

/* GE data type of an ONNX TensorProto::DataType; -1 = not supported. */
int32_t ge_dtype(int32_t onnx_type);

/* The bytes of a tensor (raw_data or its typed field) in its GE type
 * *dtype; false with *err when its type or layout is not supported. */
bool tensor_data(const onnx::TensorProto &t, std::vector<char> *bytes, int32_t *dtype,
                 std::string *err);

} // namespace atc

#endif
