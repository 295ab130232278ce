/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Communicator configurations: HcclCommConfig (filled by the header's
 * HcclCommConfigInit) checked and applied by HcclCommInitRootInfoConfig,
 * HcclCommInitClusterInfoConfig and HcclCreateSubCommConfig.
 *
 * The first 24 bytes are the header HcclCommConfigInit writes: the struct's
 * size, the magic word and the layout version. As on Ascend, a bad magic word
 * is HCCL_E_PARA; a size larger than this library's struct is read up to its
 * own size, a smaller one (an older caller) only as far as it goes, and fields
 * newer than the caller's version are ignored. cpuacl also refuses a size
 * smaller than the header itself (HCCL_E_PARA: nothing sensible to read).
 *
 * Checked like Ascend: hcclBufferSize (MB) >= 1 unless "not set",
 * hcclDeterministic 0, 1 or 2 unless "not set", aclGraphZeroCopyEnable 0 or
 * 1. Applied: hcclCommName (HcclGetCommName). Accepted without effect on CPU
 * (there is no staging buffer, no RDMA, no AI CPU / AIV expansion; in-process
 * reductions are already deterministic, chunk by chunk in rank order):
 * hcclBufferSize, hcclDeterministic, hcclUdi, hcclOpExpansionMode, the RDMA
 * traffic class and service level, hcclWorldRankID, hcclJobID,
 * aclGraphZeroCopyEnable, hcclExecTimeOut (HCCL_EXEC_TIMEOUT applies),
 * hcclAlgo, the retry fields, hcclBufferName, hcclQos and the symmetric
 * memory size.
 *
 * Also here: HcclGetCommConfigCapability (every item above is accepted) and
 * the process-wide HcclSetConfig / HcclGetConfig (HCCL_DETERMINISTIC, kept
 * and reported, no effect for the same reason).
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hccl/hccl_internal.h"

struct config_head {
    size_t size;
    uint32_t magic;
    uint32_t version;
    uint64_t reserved;
};
_Static_assert(sizeof(struct config_head) == HCCL_COMM_CONFIG_INFO_BYTES, "config header");

/* The caller's struct covers field `f` (by its size and version `v`). */
#define HAS(h, f, v)                                                                               \
    ((h)->version >= (v) &&                                                                        \
     (h)->size >= offsetof(HcclCommConfig, f) + sizeof(((HcclCommConfig *)0)->f))

HcclResult hccl_config_check(const HcclCommConfig *cfg, const char *fn)
{
    if (!cfg)
        return hccl_err(HCCL_E_PTR, "%s: config is NULL", fn);
    struct config_head h;
    memcpy(&h, cfg, sizeof h);
    if (h.magic != HCCL_COMM_CONFIG_MAGIC_WORD)
        return hccl_err(HCCL_E_PARA,
                        "%s: invalid magic word 0x%x: initialise the config with "
                        "HcclCommConfigInit()",
                        fn, h.magic);
    if (h.size < sizeof h)
        return hccl_err(HCCL_E_PARA, "%s: config size %zu is smaller than its %u-byte header", fn,
                        h.size, HCCL_COMM_CONFIG_INFO_BYTES);
    if (h.version == 0)
        return hccl_err(HCCL_E_PARA, "%s: config version 0 (HcclCommConfigInit writes %u)", fn,
                        HCCL_COMM_CONFIG_VERSION);
    if (HAS(&h, hcclBufferSize, 1) && cfg->hcclBufferSize != HCCL_COMM_BUFFSIZE_CONFIG_NOT_SET &&
        cfg->hcclBufferSize < 1)
        return hccl_err(HCCL_E_PARA, "%s: hcclBufferSize %u MB, should be 1 MB or more", fn,
                        cfg->hcclBufferSize);
    if (HAS(&h, hcclDeterministic, 1) &&
        cfg->hcclDeterministic != HCCL_COMM_DETERMINISTIC_CONFIG_NOT_SET &&
        cfg->hcclDeterministic > 2)
        return hccl_err(HCCL_E_PARA,
                        "%s: hcclDeterministic %u, should be 0 (disable), 1 "
                        "(enable) or 2 (strict)",
                        fn, cfg->hcclDeterministic);
    if (HAS(&h, aclGraphZeroCopyEnable, 7) && cfg->aclGraphZeroCopyEnable > 1)
        return hccl_err(HCCL_E_PARA, "%s: aclGraphZeroCopyEnable %u, should be 0 or 1", fn,
                        (unsigned)cfg->aclGraphZeroCopyEnable);
    return HCCL_SUCCESS;
}

void hccl_config_apply(struct hccl_comm *c, const HcclCommConfig *cfg)
{
    struct config_head h;
    memcpy(&h, cfg, sizeof h);
    if (HAS(&h, hcclCommName, 2) && cfg->hcclCommName[0])
        snprintf(c->name, sizeof c->name, "%.*s", (int)sizeof c->name - 1, cfg->hcclCommName);
}

/* Apply `cfg` to the communicator `*comm` just made by rc == HCCL_SUCCESS. */
static HcclResult configure(HcclResult rc, const HcclCommConfig *cfg, HcclComm *comm)
{
    if (rc != HCCL_SUCCESS || !*comm)
        return rc;
    struct hccl_comm *c = hccl_comm_acquire(*comm, 0);
    if (c) { /* the handle is not yet known to anyone else */
        hccl_config_apply(c, cfg);
        hccl_comm_release(c);
    }
    return HCCL_SUCCESS;
}

HcclResult HcclCommInitRootInfoConfig(uint32_t nRanks, const HcclRootInfo *rootInfo, uint32_t rank,
                                      const HcclCommConfig *config, HcclComm *comm)
{
    HcclResult rc = hccl_config_check(config, "HcclCommInitRootInfoConfig");
    if (rc != HCCL_SUCCESS)
        return rc;
    return configure(HcclCommInitRootInfo(nRanks, rootInfo, rank, comm), config, comm);
}

HcclResult HcclCommInitClusterInfoConfig(const char *clusterInfo, uint32_t rank,
                                         HcclCommConfig *config, HcclComm *comm)
{
    HcclResult rc = hccl_config_check(config, "HcclCommInitClusterInfoConfig");
    if (rc != HCCL_SUCCESS)
        return rc;
    return configure(HcclCommInitClusterInfo(clusterInfo, rank, comm), config, comm);
}

HcclResult HcclCreateSubCommConfig(HcclComm *comm, uint32_t rankNum, uint32_t *rankIds,
                                   uint64_t subCommId, uint32_t subCommRankId,
                                   HcclCommConfig *config, HcclComm *subComm)
{
    static const char fn[] = "HcclCreateSubCommConfig";
    if (!comm || !*comm || !subComm)
        return hccl_err(HCCL_E_PTR, "%s: NULL %s", fn, !subComm ? "subComm" : "comm");
    if (!rankIds && subCommId == 0xFFFFFFFFu) { /* a rank that is no member */
        *subComm = NULL;
        return HCCL_SUCCESS;
    }
    if (!rankIds)
        return hccl_err(HCCL_E_PTR,
                        "%s: rankIds is NULL (a rank that is no member passes "
                        "subCommId 0xFFFFFFFF)",
                        fn);
    HcclResult rc = hccl_config_check(config, fn);
    if (rc != HCCL_SUCCESS)
        return rc;
    struct hccl_comm *parent = hccl_comm_acquire(*comm, 0);
    if (!parent)
        return hccl_err(HCCL_E_PARA, "%s: %p is not a live communicator", fn, *comm);
    if (rankNum == 0 || rankNum > parent->size)
        rc = hccl_err(HCCL_E_PARA, "%s: rankNum %u (the communicator has %u ranks)", fn, rankNum,
                      parent->size);
    for (uint32_t i = 0; i < rankNum && rc == HCCL_SUCCESS; i++)
        if (rankIds[i] >= parent->size || (i && rankIds[i] <= rankIds[i - 1]))
            rc = hccl_err(HCCL_E_PARA,
                          "%s: rankIds[%u] = %u: rank ids must be ascending, "
                          "unique and below %u",
                          fn, i, rankIds[i], parent->size);
    if (rc == HCCL_SUCCESS && (subCommRankId >= rankNum || rankIds[subCommRankId] != parent->rank))
        rc = hccl_err(HCCL_E_PARA,
                      "%s: subCommRankId %u is not the index of this rank (%u) in "
                      "rankIds",
                      fn, subCommRankId, parent->rank);
    if (rc == HCCL_SUCCESS)
        rc = hccl_comm_sub(parent, rankNum, rankIds, subCommRankId, subCommId, subComm, fn);
    hccl_comm_release(parent);
    return configure(rc, config, subComm);
}

/* ---- capability and process-wide settings ---------------------------------- */

/* Every item of HcclCommConfigCapability is accepted (checked, and applied
 * where it has a CPU meaning: see the top of this file). */
uint32_t HcclGetCommConfigCapability(void)
{
    return HCCL_COMM_CONFIG_RESERVED;
}

/* HcclSetConfig's HCCL_DETERMINISTIC; -1 until set. It has no effect on CPU:
 * in-process reductions are always deterministic and Open MPI's algorithm is
 * fixed for a size and job (docs/hccl.md). relaxed: a setting read and
 * written whole, ordering nothing else. */
static _Atomic int32_t g_deterministic = -1;

HcclResult HcclSetConfig(HcclConfig config, HcclConfigValue configValue)
{
    if (config != HCCL_DETERMINISTIC)
        return hccl_err(HCCL_E_PARA, "HcclSetConfig: config %d is not HCCL_DETERMINISTIC",
                        (int)config);
    if (configValue.value < 0 || configValue.value > 2)
        return hccl_err(HCCL_E_PARA,
                        "HcclSetConfig: HCCL_DETERMINISTIC value %d (0 off, 1 on, 2 strict)",
                        (int)configValue.value);
    atomic_store_explicit(&g_deterministic, configValue.value, memory_order_relaxed);
    return HCCL_SUCCESS;
}

HcclResult HcclGetConfig(HcclConfig config, HcclConfigValue *configValue)
{
    if (!configValue)
        return hccl_err(HCCL_E_PTR, "HcclGetConfig: configValue is NULL");
    if (config != HCCL_DETERMINISTIC)
        return hccl_err(HCCL_E_PARA, "HcclGetConfig: config %d is not HCCL_DETERMINISTIC",
                        (int)config);
    int32_t v = atomic_load_explicit(&g_deterministic, memory_order_relaxed);
    if (v < 0) { /* as CANN: HCCL_DETERMINISTIC=true|strict in the environment */
        const char *e = getenv("HCCL_DETERMINISTIC");
        v = e && !strcasecmp(e, "true") ? 1 : e && !strcasecmp(e, "strict") ? 2 : 0;
    }
    configValue->value = v;
    return HCCL_SUCCESS;
}
