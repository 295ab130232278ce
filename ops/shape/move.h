/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The move plan of move.c (MV1-MV6 there): an index space of up to 16 dims with
 * a source and a destination view over it. move.c's operators and view.c's
 * (Split, Stack, Flip, Expand, Diag, ... : each a view computation) build their
 * moves with these helpers; mv_finish normalises them and hands out the executor.
 */
#ifndef CPUACL_OPS_SHAPE_MOVE_H
#define CPUACL_OPS_SHAPE_MOVE_H

#include "ops/engine/engine.h"

#define MV_MAX_DIMS (2 * OPS_MAX_DIMS) /* Repeat's (repeat, size) pairs */

struct mv {
    int nd;          /* >= 1 once normalised */
    int8_t sdt, ddt; /* source / destination types */
    int8_t pdt;      /* type the double buffer rounds through (Cat), DT_NONE */
    int8_t ck;       /* compute kind of the buffer */
    bool tiled;      /* the last two dims are a blocked transpose (MV3) */
    bool zero;       /* writes zeros to the destination; no source (MV7) */
    int16_t sslot, dslot;
    int64_t soff, doff; /* elements */
    int64_t numel;
    int64_t dims[MV_MAX_DIMS];
    int64_t sst[MV_MAX_DIMS], dstr[MV_MAX_DIMS]; /* elements */
};

struct mv_plan {
    int n;
    struct mv m[];
};

/* Source and destination of a same-type move; the caller fills nd, dims and strides. */
void mv_ends(struct mv *m, const struct ops_tensor *s, const struct ops_tensor *d);
/* Cat's and Stack's conversion (MV4): a move between types converts through the promoted type
 * prom of the inputs. */
void mv_cast(struct mv *m, int prom);
/* Slice's clamping of [start, end) on a dim of N elements (negative values count from the
 * end); gives the element count at step (> 0). */
int64_t mv_slice_len(int64_t N, int64_t *start, int64_t *end, int64_t step);
/* An executor whose plan is a move plan of n zeroed moves (nin inputs, nout outputs). */
struct aclOpExecutor *mv_exec_new(const char *name, uint16_t nin, uint16_t nout, int n);
/* Normalise and run one move whose geometry comes at the launch (view.c: Transposev, whose
 * perm is a tensor); m is the caller's copy (the plan stays immutable). */
void mv_launch(struct mv *m, void *const *addr);
/* Normalise the moves, decide whether there is anything to run, hand out e. */
aclnnStatus mv_finish(struct aclOpExecutor *e, uint64_t *ws, aclOpExecutor **ex);
/* The one-input, one-output move executor: x and o get self's and out's views. */
aclnnStatus mv_single(const char *name, const aclTensor *self, const aclTensor *out,
                      struct aclOpExecutor **pe, struct ops_tensor *x, struct ops_tensor *o);
/* self and out: live, at most 8 dims, a type of types, the same type (161002 naming sname). */
aclnnStatus mv_check_types(const char *name, unsigned types, const aclTensor *self,
                           const char *sname, const aclTensor *out);

#endif /* CPUACL_OPS_SHAPE_MOVE_H */
