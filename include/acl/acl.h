/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Umbrella header of the AscendCL API: `#include "acl/acl.h"` gives the base
 * types and error codes, the runtime (aclrt*) and the model-run-instance
 * (aclmdlRI*) functions.
 */
#ifndef CPUACL_ACL_ACL_H
#define CPUACL_ACL_ACL_H

#include "acl_rt.h"
#include "acl_op.h"
#include "acl_mdl.h"

#endif /* CPUACL_ACL_ACL_H */
