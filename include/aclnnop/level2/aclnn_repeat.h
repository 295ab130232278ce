/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/level2/aclnn_repeat.h: aclnnRepeat under the path ops-math's experimental tile example
 * includes it by (aclnnop/level2/). The declarations live in aclnnop/aclnn_repeat.h.
 */
#ifndef CPUACL_ACLNNOP_LEVEL2_ACLNN_REPEAT_H
#define CPUACL_ACLNNOP_LEVEL2_ACLNN_REPEAT_H

#include "aclnnop/aclnn_repeat.h"

#endif /* CPUACL_ACLNNOP_LEVEL2_ACLNN_REPEAT_H */
