/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mstx/ms_tools_ext.h: MindStudio tools extension, marks and ranges an
 * application puts on the profiling timeline (in the default domain or in
 * named domains). In cpuacl they are recorded while aclprof collection with
 * ACL_PROF_MSPROFTX runs (acl/acl_prof.h) and appear in msprof_<time>.json;
 * outside collection they cost one check. Link name: -lms_tools_ext, or the
 * profiler's -lmsprofiler / -lprofapi. docs/runtime.md.
 */
#ifndef CPUACL_MSTX_MS_TOOLS_EXT_H
#define CPUACL_MSTX_MS_TOOLS_EXT_H

#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t mstxRangeId; /* 0: no range */

struct mstxDomainRegistration_st;
typedef struct mstxDomainRegistration_st mstxDomainRegistration_t;
typedef mstxDomainRegistration_t *mstxDomainHandle_t;

/* stream may be NULL (a host-side mark). */
ACL_FUNC_VISIBILITY void mstxMarkA(const char *message, aclrtStream stream);
ACL_FUNC_VISIBILITY mstxRangeId mstxRangeStartA(const char *message, aclrtStream stream);
ACL_FUNC_VISIBILITY void mstxRangeEnd(mstxRangeId id);

ACL_FUNC_VISIBILITY mstxDomainHandle_t mstxDomainCreateA(const char *name);
ACL_FUNC_VISIBILITY void mstxDomainDestroy(mstxDomainHandle_t domain);
ACL_FUNC_VISIBILITY void mstxDomainMarkA(mstxDomainHandle_t domain, const char *message,
                                         aclrtStream stream);
ACL_FUNC_VISIBILITY mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain,
                                                      const char *message, aclrtStream stream);
ACL_FUNC_VISIBILITY void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id);

#ifdef __cplusplus
}
#endif

#endif
