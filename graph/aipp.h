/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/aipp.h (private to graph/): the INSERT_OP_FILE build option
 * (ge::ir_option::INSERT_OP_FILE, "ge.insertOpFile"; atc --insert_op_conf).
 * graph/aipp.c reads the AIPP configuration file (aipp_op { ... } blocks),
 * puts an Aipp node before each input it names, and encodes the model
 * file's AIPP section (docs/mdl.md, "Section 5: aipp").
 */
#ifndef CPUACL_GRAPH_AIPP_H
#define CPUACL_GRAPH_AIPP_H

#include <stddef.h>
#include <stdint.h>

#include "graph/engine.h"

/* The gears of the build (ge.dynamicBatchSize: kind 1, one value a gear;
 * ge.dynamicImageSize: kind 2, height and width; none: kind 0). */
struct graph_aipp_gears {
    int kind;
    size_t count;
    const uint64_t *v;
};

/* Apply the configuration file at path to graph g (before it is encoded):
 * each aipp_op's input becomes a uint8 NHWC image (static) or a byte buffer
 * (dynamic, with the added ACL_DYNAMIC_AIPP_NAME input) feeding an Aipp
 * node whose output replaces the input. With batch gears an input's batch
 * dim may be -1 (the gear's), kept -1 in the image input and the section,
 * and a dynamic aipp_op's parameter input and max_src_image_size are for
 * the largest gear's images (as CANN: aclmdlCreateAIPP with the largest
 * gear). With H*W gears an input's H and W may be -1 (CANN's rules: a static
 * aipp_op has src_image_size_w/h 0, its source the gear's H x W, neither
 * aipp_op crops nor pads): a static image input is [N, -1, -1, C], and
 * the Aipp output keeps -1 H and W, which each gear's compile sets.
 * *section / *len: the AIPP section (malloc'd; the caller frees it).
 * GE_GRAPH_PARAM_INVALID with "ge.insertOpFile <path>: line N: ..." for a
 * bad file. */
uint32_t graph_aipp_insert(struct cpuaclGeGraph *g, const char *path,
                           const struct graph_aipp_gears *gears, void **section, size_t *len);

#endif /* CPUACL_GRAPH_AIPP_H */
