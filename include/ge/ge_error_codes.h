/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ge/ge_error_codes.h: GE's ACL_ERROR_GE_* values, as GE installs them
 * under this name (the definitions live in acl/error_codes/ge_error_codes.h).
 */
#ifndef CPUACL_GE_GE_ERROR_CODES_H
#define CPUACL_GE_GE_ERROR_CODES_H

#include "acl/error_codes/ge_error_codes.h"

#endif
