/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The shape of the operator declaration lists: each family folder's table.h
 * declares its operators once, one row each, X(Name, header, FORMS, KINDS,
 * DT, ARG2, DT2) (the elementwise unary and binary rows have their own
 * shapes: elementwise/table.h):
 *   Name    the aclnn name: aclnn<Name>GetWorkspaceSize + aclnn<Name>
 *   header  the public header: aclnnop/aclnn_<header>.h
 *   FORMS   OPS_OUT      aclnn<Name>
 *           OPS_OUT_INPLACE  also aclnnInplace<Name>, whose parameters are
 *                        KINDS without the last tensor (the out)
 *           OPS_INPLACE  aclnnInplace<Name> only (KINDS are its parameters)
 *           OPS_FUNC     a one-phase function aclnn<Name>(KINDS)
 *   KINDS   K(kind, ...): the first-phase parameters before workspaceSize and
 *           executor, by kind as python/gen_tables.py names them (tensor,
 *           scalar, int_array, int64, ...)
 *   DT      the data types (DTM_* mask) the operator's data tensors accept;
 *           the family's checks refuse others with 161002
 *   ARG2, DT2  a parameter with types of its own (an index, an out, the
 *           in-place selfRef...) and its mask; none and 0 when there is none
 * The checks take their masks from the rows: OPS_DT_<Name> and OPS_DT2_<Name>
 * (the enum each table.h makes with OPS_ROW_DT). The ctest ops_table
 * (tests/ops/check_table.py) checks every row against its header (the entry
 * points, their parameter kinds, ARG2 among the parameters), against
 * ops/engine/public.h and against the family's table in docs/operators.md.
 */
#ifndef CPUACL_OPS_ENGINE_OPTABLE_H
#define CPUACL_OPS_ENGINE_OPTABLE_H

#include "ops/engine/engine.h"

#define OPS_ROW_DT(Name, header, FORMS, KINDS, DT, ARG2, DT2)                                      \
    OPS_DT_##Name = (DT), OPS_DT2_##Name = (DT2),

#endif /* CPUACL_OPS_ENGINE_OPTABLE_H */
