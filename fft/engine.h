/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The 1-D complex DFT of one length n, planned once (factors and twiddles) and run many
 * times: mixed-radix Stockham passes (radices 4, 2, 3, 5 and any other prime up to
 * FFT_MAX_DIRECT_RADIX), and Bluestein's chirp-z convolution through a power-of-two engine
 * when n has a larger prime factor, so every length costs O(n log n). Double precision
 * throughout (single-precision plans convert at the edges: fft/plan.c). Forward only
 * (exp(-2 pi i jk/n)); the backward transform is conj(forward(conj(x))).
 *
 *  NG1. An engine is immutable once fft_engine_new returned it: any number of threads may
 *       run it at once, each with its own scratch of fft_engine_scratch(e) values.
 */
#ifndef CPUACL_FFT_ENGINE_H
#define CPUACL_FFT_ENGINE_H

#include <stddef.h>

typedef struct {
    double re, im;
} fft_cplx;

/* Prime factors above this go to Bluestein. */
#define FFT_MAX_DIRECT_RADIX 31

typedef struct fft_engine fft_engine;

/* NULL when out of memory. n >= 1. */
fft_engine *fft_engine_new(size_t n);
void fft_engine_free(fft_engine *e);
size_t fft_engine_len(const fft_engine *e);
/* Complex values of scratch one run needs. */
size_t fft_engine_scratch(const fft_engine *e);
/* x[0..n) := DFT(x) (inverse: unnormalised inverse DFT); scratch as above. */
void fft_engine_run(const fft_engine *e, fft_cplx *x, fft_cplx *scratch, int inverse);

#endif
