/* The many-way merge of summary runs (summary_merge_many_into in _kernels/summary.pyx) on
 * x86-64 CPUs with AVX-512F: a vector tournament in place of the loser tree.
 *
 * The runs' next keys (an int64 ordered as the thresholds are) sit in groups of eight, one
 * 512-bit vector each. When run w's head is taken, its next key is put into its group's
 * vector, the group's largest key is spread over all lanes (three shuffles and maxima), and
 * stored in the lane of its group in two more vectors (16 groups: up to 128 runs); the
 * largest of those, and the lowest group and lane holding it, name the next winner. On
 * equal keys the lowest run wins, so equal thresholds are taken in run order, as in the
 * loser tree (weight sums add in the same order).
 *
 * One tournament is a chain of dependent steps; the merge is cut at two scores into three
 * ranges of about equal size, merged side by side by three tournaments in one loop (each
 * range written to its own part of the output, the parts joined at the end). A threshold
 * and all its copies fall in one range. (Four side by side ran 3-9 % slower: their state
 * does not fit the registers.)
 *
 * rs_simd_merge_available() says whether the CPU (and the OS) run AVX-512F; elsewhere, and
 * with other compilers, the loser tree of _kernels/summary.pyx merges. */

#ifndef RS_MERGE_SIMD_H
#define RS_MERGE_SIMD_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define RS_SIMD_MERGE 1
#include <immintrin.h>
#else
#define RS_SIMD_MERGE 0
#endif

#define RS_SIMD_MAX_RUNS 128 /* 16 groups of 8 */
#define RS_SIMD_PARTS 3      /* tournaments side by side */
#define RS_SIMD_SAMPLES 32   /* each run's range sampled at 1/32 ... 31/32 to place the cuts */
#define RS_SIMD_PREFETCH 16  /* each run's next cache lines asked for this many entries ahead */

static inline int64_t rs_key(double x) {
    /* an int64 ordered as the doubles are (thresholds hold no -0.0 and no NaN) */
    int64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits ^ ((bits >> 63) & INT64_MAX);
}

static int rs_simd_merge_available(void) {
#if RS_SIMD_MERGE
    static int cached = -1; /* (a race writes the same value) */
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx512f") ? 1 : 0;
    }
    return cached;
#else
    return 0;
#endif
}

typedef struct {
    const void* t;      /* thresholds (float or double) */
    const uint64_t* n;  /* negatives, positives: int64 counts or float64 sums (8 bytes) */
    const uint64_t* p;
    Py_ssize_t i, end;  /* the head's index and the end of the run's range */
    int64_t up;         /* the key after the head (read ahead), or the exhausted key */
} rs_simd_run;

#if RS_SIMD_MERGE

#define RS_AVX512 __attribute__((target("avx512f")))
#define RS_AVX512_INLINE static inline __attribute__((always_inline, target("avx512f")))

/* What sorts the sampled keys (descending) to place the cuts. */
static int rs_key_descending(const void* a, const void* b) {
    int64_t x = *(const int64_t*)a, y = *(const int64_t*)b;
    return (x < y) - (x > y);
}

/* The number of entries of a descending run whose key is >= key. */
#define RS_DEFINE_AT_LEAST(T, SUFFIX)                                                       \
    static Py_ssize_t rs_at_least_##SUFFIX(const T* t, Py_ssize_t n, int64_t key) {         \
        Py_ssize_t lo = 0, hi = n;                                                          \
        while (lo < hi) {                                                                   \
            Py_ssize_t mid = lo + (hi - lo) / 2;                                            \
            if (rs_key((double)t[mid]) >= key) lo = mid + 1; else hi = mid;                 \
        }                                                                                   \
        return lo;                                                                          \
    }
RS_DEFINE_AT_LEAST(double, d)
RS_DEFINE_AT_LEAST(float, f)

typedef struct {
    __m512i g0, g1;     /* each group's largest key (groups 0-7, 8-15) */
    rs_simd_run* run;   /* RS_SIMD_MAX_RUNS */
    int64_t* head;      /* each run's key, 64-byte aligned */
    int64_t* lane;      /* each group's lowest run holding its largest key */
    Py_ssize_t w, out, remaining;
    double last;        /* the last threshold written (NaN: none) */
} rs_simd_stream;

RS_AVX512_INLINE __m512i rs_spread_max(__m512i v) {
    /* every lane: the largest of v's eight */
    v = _mm512_max_epi64(v, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
    v = _mm512_max_epi64(v, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm512_max_epi64(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC));
}

/* Group g's keys are h (stored in `head`): its largest key into the groups' vectors, and
   its lowest run holding it. */
RS_AVX512_INLINE void rs_group_update(rs_simd_stream* s, Py_ssize_t g, __m512i h) {
    __m512i top = rs_spread_max(h);
    unsigned bit = 1u << g;
    s->g0 = _mm512_mask_mov_epi64(s->g0, (__mmask8)bit, top);
    s->g1 = _mm512_mask_mov_epi64(s->g1, (__mmask8)(bit >> 8), top);
    s->lane[g] = __builtin_ctz((unsigned)_mm512_cmpeq_epi64_mask(h, top));
}

RS_AVX512_INLINE Py_ssize_t rs_winner(const rs_simd_stream* s) {
    __m512i top = rs_spread_max(_mm512_max_epi64(s->g0, s->g1));
    unsigned groups = (unsigned)_mm512_cmpeq_epi64_mask(s->g0, top)
                      | ((unsigned)_mm512_cmpeq_epi64_mask(s->g1, top) << 8);
    Py_ssize_t g = __builtin_ctz(groups);
    return 8 * g + s->lane[g];
}

/* `steps` steps of each of the N tournaments active[0..N-1] in turn (kept in locals: the
   CPU overlaps the N chains of dependent steps). */
#define RS_DEFINE_TURNS(T, SUFFIX, N)                                                       \
RS_AVX512_INLINE void rs_simd_turns_##SUFFIX##_##N(                                         \
        rs_simd_stream** active, Py_ssize_t steps, T* out_t, uint64_t* out_n,               \
        uint64_t* out_p, int float_counts, int64_t exhausted) {                             \
    rs_simd_stream s[N];                                                                    \
    Py_ssize_t step;                                                                        \
    int a;                                                                                  \
    for (a = 0; a < N; a++)                                                                 \
        s[a] = *active[a];                                                                  \
    for (step = 0; step < steps; step++)                                                    \
        _Pragma("GCC unroll 4")                                                             \
        for (a = 0; a < N; a++)                                                             \
            rs_simd_step_##SUFFIX(s + a, out_t, out_n, out_p, float_counts, exhausted);     \
    for (a = 0; a < N; a++)                                                                 \
        *active[a] = s[a];                                                                  \
}

#define RS_DEFINE_SIMD_MERGE(T, SUFFIX)                                                     \
                                                                                            \
RS_AVX512_INLINE void rs_simd_step_##SUFFIX(rs_simd_stream* s, T* out_t, uint64_t* out_n,   \
                                            uint64_t* out_p, int float_counts,              \
                                            int64_t exhausted) {                            \
    /* write run w's head (or add it to the last threshold written), read the run on */     \
    Py_ssize_t w = s->w, g = w >> 3, i;                                                     \
    rs_simd_run* r = s->run + w;                                                            \
    const T* t = (const T*)r->t;                                                            \
    int64_t key = r->up;                                                                    \
    i = r->i;                                                                               \
    T value = t[i];                                                                         \
    uint64_t n = r->n[i], p = r->p[i];                                                      \
    if (__builtin_expect((double)value == s->last, 0)) { /* a later run's copy */           \
        if (float_counts) {                                                                 \
            double a, b;                                                                    \
            memcpy(&a, out_n + s->out - 1, 8); memcpy(&b, &n, 8); a += b;                  \
            memcpy(out_n + s->out - 1, &a, 8);                                              \
            memcpy(&a, out_p + s->out - 1, 8); memcpy(&b, &p, 8); a += b;                  \
            memcpy(out_p + s->out - 1, &a, 8);                                              \
        } else {                                                                            \
            out_n[s->out - 1] += n;                                                         \
            out_p[s->out - 1] += p;                                                         \
        }                                                                                   \
    } else {                                                                                \
        out_t[s->out] = value;                                                              \
        out_n[s->out] = n;                                                                  \
        out_p[s->out] = p;                                                                  \
        s->out += 1;                                                                        \
        s->last = (double)value;                                                            \
    }                                                                                       \
    __builtin_prefetch(t + i + RS_SIMD_PREFETCH);                                           \
    __builtin_prefetch(r->n + i + RS_SIMD_PREFETCH);                                        \
    __builtin_prefetch(r->p + i + RS_SIMD_PREFETCH);                                        \
    r->i = i + 1;                                                                           \
    r->up = i + 2 < r->end ? rs_key((double)t[i + 2]) : exhausted;                          \
    {   /* run w's new key into its group (in the vector: a store of one lane and a load \
           of the whole group would wait for the store to retire) */                        \
        __m512i h = _mm512_load_si512((const void*)(s->head + 8 * g));                      \
        h = _mm512_mask_set1_epi64(h, (__mmask8)(1u << (w & 7)), key);                     \
        _mm512_store_si512((void*)(s->head + 8 * g), h);                                    \
        rs_group_update(s, g, h);                                                           \
    }                                                                                       \
    s->w = rs_winner(s);                                                                    \
}                                                                                           \
                                                                                            \
RS_DEFINE_TURNS(T, SUFFIX, 3)                                                               \
RS_DEFINE_TURNS(T, SUFFIX, 2)                                                               \
RS_DEFINE_TURNS(T, SUFFIX, 1)                                                               \
                                                                                            \
/* Merge the k runs thr[r][0:length[r]] (with their counts neg[r], pos[r]) into out_*;     \
   returns the number of thresholds written, or -1 when memory ran out. k <= 128. */        \
RS_AVX512 static Py_ssize_t rs_simd_merge_##SUFFIX(                                         \
        T* out_t, uint64_t* out_n, uint64_t* out_p, Py_ssize_t k, const T** thr,            \
        const uint64_t** neg, const uint64_t** pos, const Py_ssize_t* length,               \
        int float_counts) {                                                                 \
    const int64_t exhausted = rs_key(-INFINITY);                                            \
    Py_ssize_t r, j, c, total = 0, n_samples = 0, written = 0;                              \
    Py_ssize_t* bound = (Py_ssize_t*)malloc((RS_SIMD_PARTS + 1) * k * sizeof(Py_ssize_t));  \
    int64_t* samples = (int64_t*)malloc(k * RS_SIMD_SAMPLES * sizeof(int64_t));             \
    /* per tournament: the runs, then the heads and lanes (64-byte aligned) */              \
    char* block = (char*)malloc(RS_SIMD_PARTS * (RS_SIMD_MAX_RUNS * (sizeof(rs_simd_run)    \
                                                 + sizeof(int64_t)) + 16 * sizeof(int64_t)  \
                                                 + 64) + 64);                               \
    rs_simd_stream streams[RS_SIMD_PARTS], *active[RS_SIMD_PARTS];                          \
    Py_ssize_t start[RS_SIMD_PARTS];                                                        \
    int64_t cut[RS_SIMD_PARTS + 1];                                                         \
    int n_active = 0;                                                                       \
    if (bound == NULL || samples == NULL || block == NULL) {                                \
        free(bound); free(samples); free(block);                                            \
        return -1;                                                                          \
    }                                                                                       \
    /* the cuts: about the 1/4, 2/4, 3/4 quantiles of all keys, from each run's samples */  \
    for (r = 0; r < k; r++) {                                                               \
        total += length[r];                                                                 \
        for (j = 1; j < RS_SIMD_SAMPLES && length[r] >= RS_SIMD_SAMPLES; j++)               \
            samples[n_samples++] = rs_key((double)thr[r][j * length[r] / RS_SIMD_SAMPLES]); \
    }                                                                                       \
    qsort(samples, n_samples, sizeof(int64_t), rs_key_descending);                          \
    cut[0] = INT64_MAX;                                                                     \
    for (c = 1; c < RS_SIMD_PARTS; c++)                                                     \
        cut[c] = n_samples ? samples[c * n_samples / RS_SIMD_PARTS] : exhausted;            \
    cut[RS_SIMD_PARTS] = exhausted;                                                         \
    /* bound[c * k + r]: run r's entries with a key >= cut[c] (its range c from there) */   \
    for (r = 0; r < k; r++) {                                                               \
        bound[r] = 0;                                                                       \
        for (c = 1; c < RS_SIMD_PARTS; c++)                                                 \
            bound[c * k + r] = rs_at_least_##SUFFIX(thr[r], length[r], cut[c]);             \
        bound[RS_SIMD_PARTS * k + r] = length[r];                                           \
    }                                                                                       \
    {                                                                                       \
        char* at = block;                                                                   \
        Py_ssize_t offset = 0;                                                              \
        for (c = 0; c < RS_SIMD_PARTS; c++) {                                               \
            rs_simd_stream* s = streams + c;                                                \
            Py_ssize_t g, best;                                                             \
            at = (char*)(((uintptr_t)at + 63) & ~(uintptr_t)63); /* vector loads */         \
            s->head = (int64_t*)at;                                                         \
            s->lane = s->head + RS_SIMD_MAX_RUNS;                                           \
            s->run = (rs_simd_run*)(s->lane + 16);                                          \
            at += RS_SIMD_MAX_RUNS * (sizeof(rs_simd_run) + sizeof(int64_t))                \
                  + 16 * sizeof(int64_t);                                                   \
            s->remaining = 0;                                                               \
            for (r = 0; r < RS_SIMD_MAX_RUNS; r++) {                                        \
                rs_simd_run* run = s->run + r;                                              \
                Py_ssize_t lo = r < k ? bound[c * k + r] : 0;                               \
                Py_ssize_t hi = r < k ? bound[(c + 1) * k + r] : 0;                         \
                run->t = r < k ? (const void*)thr[r] : NULL;                                \
                run->n = r < k ? neg[r] : NULL;                                             \
                run->p = r < k ? pos[r] : NULL;                                             \
                run->i = lo;                                                                \
                run->end = hi;                                                              \
                run->up = lo + 1 < hi ? rs_key((double)thr[r][lo + 1]) : exhausted;         \
                s->head[r] = lo < hi ? rs_key((double)thr[r][lo]) : exhausted;              \
                s->remaining += hi - lo;                                                    \
            }                                                                               \
            s->g0 = _mm512_set1_epi64(exhausted);                                           \
            s->g1 = s->g0;                                                                  \
            for (g = 0; g < 16; g++)                                                        \
                rs_group_update(s, g, _mm512_load_si512((const void*)(s->head + 8 * g)));   \
            best = rs_winner(s);                                                            \
            s->w = best;                                                                    \
            s->out = start[c] = offset;                                                     \
            s->last = NAN;                                                                  \
            offset += s->remaining;                                                         \
            if (s->remaining) active[n_active++] = s;                                       \
        }                                                                                   \
    }                                                                                       \
    /* the tournaments side by side, each step of each in turn, until one is done; then    \
       the others on */                                                                     \
    while (n_active) {                                                                      \
        Py_ssize_t steps = active[0]->remaining;                                            \
        int a;                                                                              \
        for (a = 1; a < n_active; a++)                                                      \
            if (active[a]->remaining < steps) steps = active[a]->remaining;                 \
        switch (n_active) {                                                                 \
        case 3: rs_simd_turns_##SUFFIX##_3(active, steps, out_t, out_n, out_p,              \
                                           float_counts, exhausted); break;                 \
        case 2: rs_simd_turns_##SUFFIX##_2(active, steps, out_t, out_n, out_p,              \
                                           float_counts, exhausted); break;                 \
        default: rs_simd_turns_##SUFFIX##_1(active, steps, out_t, out_n, out_p,             \
                                            float_counts, exhausted);                       \
        }                                                                                   \
        for (a = 0; a < n_active; a++)                                                      \
            active[a]->remaining -= steps;                                                  \
        for (a = 0; a < n_active;) { /* drop the tournaments done */                        \
            if (active[a]->remaining == 0) active[a] = active[--n_active];                  \
            else a++;                                                                       \
        }                                                                                   \
    }                                                                                       \
    /* the parts joined: copies of a threshold within a part were added, leaving gaps */    \
    for (c = 0; c < RS_SIMD_PARTS; c++) {                                                   \
        Py_ssize_t size = streams[c].out - start[c];                                        \
        if (written != start[c] && size) {                                                  \
            memmove(out_t + written, out_t + start[c], size * sizeof(T));                   \
            memmove(out_n + written, out_n + start[c], size * sizeof(uint64_t));            \
            memmove(out_p + written, out_p + start[c], size * sizeof(uint64_t));            \
        }                                                                                   \
        written += size;                                                                    \
    }                                                                                       \
    free(bound);                                                                            \
    free(samples);                                                                          \
    free(block);                                                                            \
    return written;                                                                         \
}

RS_DEFINE_SIMD_MERGE(double, d)
RS_DEFINE_SIMD_MERGE(float, f)

#else /* no AVX-512 code: never called (rs_simd_merge_available() is 0) */

#define RS_DEFINE_NO_SIMD_MERGE(T, SUFFIX)                                                  \
static Py_ssize_t rs_simd_merge_##SUFFIX(T* out_t, uint64_t* out_n, uint64_t* out_p,        \
                                         Py_ssize_t k, const T** thr,                       \
                                         const uint64_t** neg, const uint64_t** pos,        \
                                         const Py_ssize_t* length, int float_counts) {      \
    (void)out_t; (void)out_n; (void)out_p; (void)k; (void)thr; (void)neg; (void)pos;        \
    (void)length; (void)float_counts;                                                       \
    return -1;                                                                              \
}

RS_DEFINE_NO_SIMD_MERGE(double, d)
RS_DEFINE_NO_SIMD_MERGE(float, f)

#endif /* RS_SIMD_MERGE */

#endif /* RS_MERGE_SIMD_H */
