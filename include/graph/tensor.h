/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/tensor.h: ge::Shape, ge::TensorDesc and ge::Tensor (header-only).
 *
 * A Tensor holds a description and a data block. Copies of a Tensor share
 * the block (as GE's do). SetData(ptr, size, deleter) adopts a caller's
 * buffer (device memory for RunGraphWithStreamAsync, with the description's
 * placement set to kPlacementDevice); deleter(ptr) runs when the last copy
 * lets go. The other SetData overloads copy the bytes into a host block.
 */
#ifndef CPUACL_GRAPH_TENSOR_H
#define CPUACL_GRAPH_TENSOR_H
#ifdef __cplusplus

#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace ge {

class Shape {
public:
    Shape() = default;
    explicit Shape(const std::vector<int64_t> &dims) : dims_(dims) {}
    size_t GetDimNum() const { return dims_.size(); }
    int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
    graphStatus SetDim(size_t idx, int64_t value)
    {
        if (idx >= dims_.size())
            return GRAPH_FAILED;
        dims_[idx] = value;
        return GRAPH_SUCCESS;
    }
    std::vector<int64_t> GetDims() const { return dims_; }
    /* Number of elements; 0 for a shape without dims, -1 if a dim is unknown. */
    int64_t GetShapeSize() const
    {
        if (dims_.empty())
            return 0;
        int64_t n = 1;
        for (int64_t d : dims_) {
            if (d < 0)
                return -1;
            n *= d;
        }
        return n;
    }

private:
    std::vector<int64_t> dims_;
};

class TensorDesc {
public:
    TensorDesc() = default;
    explicit TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT)
        : shape_(std::move(shape)), origin_shape_(shape_), format_(format), origin_format_(format),
          dtype_(dt) {}
    void Update(const Shape &shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT)
    {
        shape_ = shape;
        format_ = format;
        dtype_ = dt;
    }
    Shape GetShape() const { return shape_; }
    void SetShape(const Shape &shape) { shape_ = shape; }
    Shape GetOriginShape() const { return origin_shape_; }
    void SetOriginShape(const Shape &origin_shape) { origin_shape_ = origin_shape; }
    Format GetFormat() const { return format_; }
    void SetFormat(Format format) { format_ = format; }
    Format GetOriginFormat() const { return origin_format_; }
    void SetOriginFormat(Format origin_format) { origin_format_ = origin_format; }
    DataType GetDataType() const { return dtype_; }
    void SetDataType(DataType dt) { dtype_ = dt; }
    std::string GetName() const { return name_; }
    graphStatus GetName(AscendString &name) const
    {
        name = AscendString(name_.c_str());
        return GRAPH_SUCCESS;
    }
    void SetName(const char_t *name) { name_ = name ? name : ""; }
    void SetName(const std::string &name) { name_ = name; }
    void SetSize(int64_t size) { size_ = size; }
    int64_t GetSize() const { return size_; }
    int64_t GetRealDimCnt() const { return real_dim_cnt_ >= 0 ? real_dim_cnt_ : (int64_t)shape_.GetDimNum(); }
    void SetRealDimCnt(const int64_t real_dim_cnt) { real_dim_cnt_ = real_dim_cnt; }
    void SetPlacement(Placement placement) { placement_ = placement; }
    Placement GetPlacement() const { return placement_; }
    graphStatus SetUnknownDimNumShape()
    {
        shape_ = Shape(std::vector<int64_t>{UNKNOWN_DIM_NUM});
        return GRAPH_SUCCESS;
    }

private:
    Shape shape_, origin_shape_;
    Format format_ = FORMAT_ND, origin_format_ = FORMAT_ND;
    DataType dtype_ = DT_FLOAT;
    Placement placement_ = kPlacementHost;
    std::string name_;
    int64_t size_ = 0, real_dim_cnt_ = -1;
};

class Tensor {
public:
    using DeleteFunc = std::function<void(uint8_t *)>;

    Tensor() = default;
    explicit Tensor(const TensorDesc &tensor_desc) : desc_(tensor_desc) {}
    Tensor(const TensorDesc &tensor_desc, const std::vector<uint8_t> &data) : desc_(tensor_desc)
    {
        SetData(data);
    }
    Tensor(const TensorDesc &tensor_desc, const uint8_t *data, size_t size) : desc_(tensor_desc)
    {
        SetData(data, size);
    }
    Tensor(TensorDesc &&tensor_desc, std::vector<uint8_t> &&data) : desc_(std::move(tensor_desc))
    {
        SetData(data);
    }

    TensorDesc GetTensorDesc() const { return desc_; }
    graphStatus SetTensorDesc(const TensorDesc &tensor_desc)
    {
        desc_ = tensor_desc;
        return GRAPH_SUCCESS;
    }
    const uint8_t *GetData() const { return data_.get(); }
    uint8_t *GetData() { return data_.get(); }
    size_t GetSize() const { return size_; }

    graphStatus SetData(std::vector<uint8_t> &&data) { return SetData(data.data(), data.size()); }
    graphStatus SetData(const std::vector<uint8_t> &data) { return SetData(data.data(), data.size()); }
    graphStatus SetData(const uint8_t *data, size_t size)
    {
        if (size && !data)
            return GRAPH_PARAM_INVALID;
        std::shared_ptr<uint8_t> block(new uint8_t[size ? size : 1], std::default_delete<uint8_t[]>());
        if (size)
            std::memcpy(block.get(), data, size);
        data_ = block;
        size_ = size;
        return GRAPH_SUCCESS;
    }
    graphStatus SetData(const char_t *data)
    {
        if (!data)
            return GRAPH_PARAM_INVALID;
        return SetData(reinterpret_cast<const uint8_t *>(data), std::strlen(data) + 1);
    }
    graphStatus SetData(const std::string &data) { return SetData(data.c_str()); }
    /* Adopt data; deleter(data) runs when the last copy of this tensor goes. */
    graphStatus SetData(uint8_t *data, size_t size, const DeleteFunc &deleter_func)
    {
        if (size && !data)
            return GRAPH_PARAM_INVALID;
        DeleteFunc del = deleter_func;
        data_ = std::shared_ptr<uint8_t>(data, [del](uint8_t *p) {
            if (del)
                del(p);
        });
        size_ = size;
        return GRAPH_SUCCESS;
    }
    graphStatus IsValid()
    {
        int64_t n = desc_.GetShape().GetShapeSize();
        int es = GetSizeByDataType(desc_.GetDataType());
        if (desc_.GetShape().GetDimNum() == 0)
            n = 1;
        if (n < 0 || es < 0)
            return GRAPH_FAILED;
        return (size_t)(n * es) == size_ ? GRAPH_SUCCESS : GRAPH_FAILED;
    }
    Tensor Clone() const
    {
        Tensor t(desc_);
        if (data_)
            t.SetData(data_.get(), size_);
        return t;
    }

    graphStatus SetFormat(const Format &format)
    {
        desc_.SetFormat(format);
        return GRAPH_SUCCESS;
    }
    Format GetFormat() const { return desc_.GetFormat(); }
    graphStatus SetDataType(const DataType &dtype)
    {
        desc_.SetDataType(dtype);
        return GRAPH_SUCCESS;
    }
    DataType GetDataType() const { return desc_.GetDataType(); }
    graphStatus SetPlacement(const Placement &placement)
    {
        desc_.SetPlacement(placement);
        return GRAPH_SUCCESS;
    }
    Placement GetPlacement() const { return desc_.GetPlacement(); }
    size_t GetShapeDimNum() const { return desc_.GetShape().GetDimNum(); }
    int64_t GetShapeDim(const size_t idx) const { return desc_.GetShape().GetDim(idx); }

private:
    TensorDesc desc_;
    std::shared_ptr<uint8_t> data_;
    size_t size_ = 0;
};

} // namespace ge

#endif /* __cplusplus */
#endif
