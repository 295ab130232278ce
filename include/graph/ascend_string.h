/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/ascend_string.h: ge::AscendString, the string type of GE's C++ API
 * (options, names). Header-only; it never crosses the library boundary
 * (calls into libcpuacl pass const char *).
 */
#ifndef CPUACL_GRAPH_ASCEND_STRING_H
#define CPUACL_GRAPH_ASCEND_STRING_H
#ifdef __cplusplus

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace ge {

class AscendString {
public:
    AscendString() = default;
    ~AscendString() = default;
    AscendString(const char *name) /* NOLINT: implicit, as GE's */
        : name_(name ? std::make_shared<std::string>(name) : nullptr) {}
    AscendString(const char *name, size_t length)
        : name_(name ? std::make_shared<std::string>(name, length) : nullptr) {}

    const char *GetString() const { return name_ ? name_->c_str() : ""; }
    size_t GetLength() const { return name_ ? name_->size() : 0; }
    size_t Hash() const { return std::hash<std::string>()(str()); }

    bool operator<(const AscendString &d) const { return str() < d.str(); }
    bool operator>(const AscendString &d) const { return str() > d.str(); }
    bool operator<=(const AscendString &d) const { return str() <= d.str(); }
    bool operator>=(const AscendString &d) const { return str() >= d.str(); }
    bool operator==(const AscendString &d) const { return str() == d.str(); }
    bool operator!=(const AscendString &d) const { return str() != d.str(); }
    size_t Find(const AscendString &ascend_string) const
    {
        size_t p = str().find(ascend_string.str());
        return p;
    }

private:
    std::string str() const { return name_ ? *name_ : std::string(); }
    std::shared_ptr<std::string> name_;
};

} // namespace ge

namespace std {
template <> struct hash<ge::AscendString> {
    size_t operator()(const ge::AscendString &s) const { return s.Hash(); }
};
} // namespace std

#endif /* __cplusplus */
#endif
