/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/singleop.h: `atc --singleop=<op.json> --output=<dir>`, single-operator
 * descriptions (ATC's JSON: an array of OpDesc) to single-op model files, one
 * a description, in the cpuacl model file (docs/atc.md, "Single-operator
 * models"). Every description is read and checked before any file is
 * written.
 */
#ifndef CPUACL_ATC_SINGLEOP_H
#define CPUACL_ATC_SINGLEOP_H

#include <string>
#include <vector>

namespace atc
{

/* Convert json into models under dir (created when missing); *written the
 * paths in description order. false with *err the E-code line on failure. */
bool convert_singleop(const std::string &json, const std::string &dir,
                      std::vector<std::string> *written, std::string *err);

} // namespace atc

#endif
