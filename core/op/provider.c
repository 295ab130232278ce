/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider of operator types (core/op.h): installed once by the layer
 * above (ops/proto, from a constructor), read by every aclop call.
 */
#include <stdatomic.h>
#include <stddef.h>

#include "core/op.h"
#include "core/op/exec.h"

static const struct core_op_provider *_Atomic g_provider;

void core_op_provide(const struct core_op_provider *p)
{
    /* release: the provider's table (and anything its constructor set up
     * before this call) is visible to every thread that reads the pointer
     * with acquire below. */
    atomic_store_explicit(&g_provider, p, memory_order_release);
}

const struct core_op_provider *core_op_provider(void)
{
    /* acquire: pairs with the release above; the functions and whatever
     * they read are published with the pointer. */
    return atomic_load_explicit(&g_provider, memory_order_acquire);
}
