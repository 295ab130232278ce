/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Load and execution configurations (aclmdlConfigHandle,
 * aclmdlExecConfigHandle, acl/acl_mdl.h), object side of the configuration
 * calls of core/api/mdl.c: the options a generic load (aclmdlLoadWithConfig)
 * or an execution (aclmdlExecuteV2) reads, each checked for its value type
 * and range when set (docs/mdl.md, "Configuration handles", is the table),
 * and the external weights of a load.
 *
 * Plain heap objects: the caller owns and synchronises them; nothing locks.
 * String options (paths) are owned copies; other pointers are stored as given.
 */
#ifndef CPUACL_CORE_MDL_CONFIG_H
#define CPUACL_CORE_MDL_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_mdl.h"

#define CORE_MDL_CONFIG_OPTS ((int)ACL_NPU_PERF_MODE + 1)
#define CORE_MDL_EXEC_OPTS ((int)ACL_MDL_NPU_PERF_MODE + 1)

/* One option's value, as its type stores it. */
union core_mdl_opt {
    int32_t i32;
    size_t size;
    void *ptr;
    char *str; /* owned */
};

struct core_mdl_ext_weight {
    char *name; /* owned */
    void *addr;
    size_t size;
};

struct aclmdlConfigHandle {
    uint64_t set; /* bit a: option a was set */
    union core_mdl_opt v[CORE_MDL_CONFIG_OPTS];
    size_t next;
    struct core_mdl_ext_weight *ext;
};

struct aclmdlExecConfigHandle {
    uint64_t set;
    union core_mdl_opt v[CORE_MDL_EXEC_OPTS];
};

aclmdlConfigHandle *core_mdl_config_new(void);
void core_mdl_config_free(aclmdlConfigHandle *h);
aclmdlExecConfigHandle *core_mdl_exec_config_new(void);
void core_mdl_exec_config_free(const aclmdlExecConfigHandle *h);

/* Store option attr from value (valueSize bytes, the option's type): an
 * unknown option, a size unlike the type's, a NULL where a pointer is
 * required or a value out of range is ACL_ERROR_INVALID_PARAM naming fn. */
aclError core_mdl_config_set(aclmdlConfigHandle *h, aclmdlConfigAttr attr, const void *value,
                             size_t valueSize, const char *fn);
aclError core_mdl_exec_config_set(aclmdlExecConfigHandle *h, aclmdlExecConfigAttr attr,
                                  const void *value, size_t valueSize, const char *fn);
/* Record that weight file name lives at [addr, addr + size) (size > 0, a
 * multiple of 32, else ACL_ERROR_INVALID_PARAM); a name again replaces. */
aclError core_mdl_config_ext_weight(aclmdlConfigHandle *h, const char *name, void *addr,
                                    size_t size, const char *fn);

/* Whether option attr was set, and its value. */
static inline bool core_mdl_config_get(const aclmdlConfigHandle *h, aclmdlConfigAttr attr,
                                       union core_mdl_opt *out)
{
    if (attr >= CORE_MDL_CONFIG_OPTS || !(h->set >> attr & 1))
        return false;
    *out = h->v[attr];
    return true;
}
static inline bool core_mdl_exec_config_get(const aclmdlExecConfigHandle *h,
                                            aclmdlExecConfigAttr attr, union core_mdl_opt *out)
{
    if (attr >= CORE_MDL_EXEC_OPTS || !(h->set >> attr & 1))
        return false;
    *out = h->v[attr];
    return true;
}

#endif /* CPUACL_CORE_MDL_CONFIG_H */
