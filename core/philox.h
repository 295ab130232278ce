/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Philox4x32-10, the counter-based generator of the runtime's random-number task
 * (core/memory/random.c, aclrtRandomNumAsync) and of the random operators (ops/random/):
 * a leaf header so core never includes ops/. A generator is a 64-bit key (the seed)
 * and a 128-bit counter; each block of four 32-bit words comes from one counter value,
 * and the counter then steps by one, so equal key and counter give equal numbers.
 */
#ifndef CPUACL_CORE_PHILOX_H
#define CPUACL_CORE_PHILOX_H

#include <stdint.h>
#include <string.h>

struct philox {
    uint32_t key[2];
    uint32_t ctr[4];
    uint32_t out[4];
    unsigned used; /* words of out consumed (4 = draw a new block) */
    uint64_t blocks;
};

/* A generator at key seed, counter (ctr_lo, ctr_hi) (words 0-1, 2-3 of the counter). */
static inline struct philox philox_at(uint64_t seed, uint64_t ctr_lo, uint64_t ctr_hi)
{
    struct philox g = {.key = {(uint32_t)seed, (uint32_t)(seed >> 32)},
                       .ctr = {(uint32_t)ctr_lo, (uint32_t)(ctr_lo >> 32), (uint32_t)ctr_hi,
                               (uint32_t)(ctr_hi >> 32)},
                       .used = 4};
    return g;
}

static inline void philox_block(const uint32_t c_in[4], const uint32_t k_in[2], uint32_t out[4])
{
    uint32_t c[4] = {c_in[0], c_in[1], c_in[2], c_in[3]}, k0 = k_in[0], k1 = k_in[1];
    for (int r = 0; r < 10; r++) {
        uint64_t p0 = (uint64_t)0xD2511F53u * c[0], p1 = (uint64_t)0xCD9E8D57u * c[2];
        uint32_t n0 = (uint32_t)(p1 >> 32) ^ c[1] ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c[3] ^ k1;
        c[0] = n0;
        c[1] = (uint32_t)p1;
        c[2] = n2;
        c[3] = (uint32_t)p0;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    memcpy(out, c, sizeof(c));
}

static inline uint32_t philox_next(struct philox *g)
{
    if (g->used == 4) {
        philox_block(g->ctr, g->key, g->out);
        g->used = 0;
        g->blocks++;
        for (int i = 0; i < 4 && ++g->ctr[i] == 0; i++) /* 128-bit increment */
            ;
    }
    return g->out[g->used++];
}

static inline uint64_t philox_next64(struct philox *g)
{
    uint64_t hi = philox_next(g);
    return hi << 32 | philox_next(g);
}

static inline double philox_uniform01(struct philox *g) /* [0, 1), 53 bits */
{
    uint64_t hi = philox_next(g) >> 5, lo = philox_next(g) >> 6;
    return (double)(hi * 67108864u + lo) * (1.0 / 9007199254740992.0);
}

#endif /* CPUACL_CORE_PHILOX_H */
