/* SPDX-License-Identifier: Apache-2.0 */
/* LU factorisation and inverses, real and complex single precision (solver/lu.h). */
#include "solver/lu.h"

#include <math.h>
#include <string.h>

#define LU_T float
#define LU_ABS1(x) fabsf(x)
#define LU_GETRF solver_getrf_s
#define LU_INV solver_inv_s
#include "solver/lu_body_pvt.h"
#undef LU_T
#undef LU_ABS1
#undef LU_GETRF
#undef LU_INV

#define LU_T float _Complex
#define LU_ABS1(x) (fabsf(crealf(x)) + fabsf(cimagf(x)))
#define LU_GETRF solver_getrf_c
#define LU_INV solver_inv_c
#include "solver/lu_body_pvt.h"
