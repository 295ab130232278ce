/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream calls beyond create/sync/destroy (docs/runtime.md): stream ids.
 */
#include "core/core.h"

aclError aclrtStreamGetId(aclrtStream stream, int32_t *streamId)
{
    CORE_REQUIRE_INIT();
    if (!streamId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtStreamGetId: streamId is NULL");
    struct core_stream *s;
    aclError rc = core_stream_resolve(stream, &s, "aclrtStreamGetId");
    if (rc)
        return rc;
    *streamId = (int32_t)s->s.trace_id;
    return ACL_SUCCESS;
}
