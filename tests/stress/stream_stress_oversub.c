/* SPDX-License-Identifier: Apache-2.0 */
/* Stress variant: more workers than cores and a 5 us spin (constant park/wake). */
/* Stress variant of stream_stress.c: more device workers than cores and a 5 us spin
 * (CPUACL_WORKERS, CPUACL_SPIN_US), so workers park and wake constantly. */
#define STRESS_OVERSUB 1
#include "stream_stress.c"
