/* Every pair of a short unweighted input compared directly (the C API's rs_roc_auc up to
 * 256 scores): the sum over pairs (n, p) of a negative's and a positive's score of
 * 2 [n < p] + [n == p], auc_pairs's count, with no sort.
 *
 * The negatives are read four at a time (two vectors of two doubles, or one of four
 * floats) with the vector extensions of GCC and Clang, which compile them to the CPU's
 * vector instructions (SSE2 on x86-64, NEON on 64-bit ARM) or to plain ones: a comparison
 * gives each lane -1 or 0, added to the lane's count. neg holds a multiple of
 * RS_PAIRS_LANES scores, its tail filled with +inf (above every finite score: never
 * counted). Other compilers count one pair at a time. Scores must be finite: a NaN would
 * count as no pair. */

#ifndef RS_PAIRS_H
#define RS_PAIRS_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define RS_PAIRS_LANES 4 /* neg padded to a multiple of four */
typedef double rs_v2d __attribute__((vector_size(16)));
typedef int64_t rs_v2l __attribute__((vector_size(16)));
typedef float rs_v4f __attribute__((vector_size(16)));
typedef int32_t rs_v4i __attribute__((vector_size(16)));

static inline uint64_t rs_pairs_f64(const double *neg, ptrdiff_t n_neg, const double *pos,
                                    ptrdiff_t n_pos) {
    rs_v2l low = {0, 0}, high = {0, 0};  /* two chains of additions side by side */
    ptrdiff_t i, j;
    for (j = 0; j < n_pos; j++) {
        rs_v2d s = {pos[j], pos[j]}, a, b;
        for (i = 0; i < n_neg; i += 4) {
            memcpy(&a, neg + i, sizeof a);
            memcpy(&b, neg + i + 2, sizeof b);
            low += (rs_v2l)(a < s) + (rs_v2l)(a <= s);
            high += (rs_v2l)(b < s) + (rs_v2l)(b <= s);
        }
    }
    low += high;
    return (uint64_t)-(low[0] + low[1]);
}

static inline uint64_t rs_pairs_f32(const float *neg, ptrdiff_t n_neg, const float *pos,
                                    ptrdiff_t n_pos) {
    /* each lane counts at most 2 * 256 * 64 pairs: int32 holds it */
    rs_v4i count = {0, 0, 0, 0};
    ptrdiff_t i, j;
    for (j = 0; j < n_pos; j++) {
        rs_v4f s = {pos[j], pos[j], pos[j], pos[j]}, a;
        for (i = 0; i < n_neg; i += 4) {
            memcpy(&a, neg + i, sizeof a);
            count += (rs_v4i)(a < s) + (rs_v4i)(a <= s);
        }
    }
    return (uint64_t)-((int64_t)count[0] + count[1] + count[2] + count[3]);
}
#else
#define RS_PAIRS_LANES 1
#define RS_PAIRS_ONE_BY_ONE(name, score)                                                   \
    static inline uint64_t name(const score *neg, ptrdiff_t n_neg, const score *pos,      \
                                ptrdiff_t n_pos) {                                         \
        uint64_t total = 0;                                                                \
        ptrdiff_t i, j;                                                                    \
        for (j = 0; j < n_pos; j++)                                                        \
            for (i = 0; i < n_neg; i++)                                                    \
                total += (uint64_t)(neg[i] < pos[j]) + (uint64_t)(neg[i] <= pos[j]);       \
        return total;                                                                      \
    }
RS_PAIRS_ONE_BY_ONE(rs_pairs_f64, double)
RS_PAIRS_ONE_BY_ONE(rs_pairs_f32, float)
#endif

#endif
