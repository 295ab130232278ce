/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Single-operator API header (aclopExecute and friends). Like the current
 * AscendCL runtime package, cpuacl ships it without declarations: operators
 * are run through the aclnn two-phase API instead. It exists so that
 * acl/acl.h and programs that include it directly still compile.
 */
#ifndef CPUACL_ACL_ACL_OP_H
#define CPUACL_ACL_ACL_OP_H

#include "acl_base.h"

#endif /* CPUACL_ACL_ACL_OP_H */
