/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model API header. The model loading and inference API (aclmdlLoad*,
 * aclmdlDesc, datasets) is not part of cpuacl. The model-run-instance
 * functions (aclmdlRI*) that older AscendCL releases declared here now live
 * in acl/acl_rt.h, which this header includes so that code written against
 * either layout compiles.
 */
#ifndef CPUACL_ACL_ACL_MDL_H
#define CPUACL_ACL_ACL_MDL_H

#include "acl_rt.h"

#endif /* CPUACL_ACL_ACL_MDL_H */
