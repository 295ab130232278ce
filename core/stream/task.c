/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The task-kind table (core/stream/task.h): one descriptor per kind, indexed by the
 * kind number.
 */
#include "core/stream/task.h"

static const struct core_task_desc *const g_kinds[CORE_T_COUNT] = {
#define CORE_TASK_KIND_ENTRY(id, desc) [CORE_T_##id] = &desc,
    CORE_TASK_KINDS(CORE_TASK_KIND_ENTRY)
#undef CORE_TASK_KIND_ENTRY
};

const struct core_task_desc *core_task_desc(uint8_t kind)
{
    return kind < CORE_T_COUNT ? g_kinds[kind] : NULL;
}

const char *core_task_kind_name(uint8_t kind)
{
    const struct core_task_desc *d = core_task_desc(kind);
    return d ? d->name : "task";
}
