/* Exact counts to 2**62 rows: the pair count 2U reaches 2 n_pos n_neg (up to 2**123) and
   the KS gap n_pos C-(t) - n_neg C+(t) up to 2**124, so they are kept in 128 bits: the
   compiler's unsigned __int128 where it has one (gcc, clang), else two 64-bit words (MSVC).
   RANKSCORE_NO_INT128 forces the two-word path (to test it on gcc). */
#ifndef RANKSCORE_INT128_H
#define RANKSCORE_INT128_H
#include <math.h>
#include <stdint.h>

typedef struct { uint64_t hi, lo; } rs_u128;

static inline rs_u128 rs_mul(uint64_t a, uint64_t b) {  /* a * b */
#if defined(__SIZEOF_INT128__) && !defined(RANKSCORE_NO_INT128)
    unsigned __int128 p = (unsigned __int128)a * b;
    rs_u128 r = {(uint64_t)(p >> 64), (uint64_t)p};
#else
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    rs_u128 r = {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32),
                 (mid << 32) | (p00 & 0xffffffffu)};
#endif
    return r;
}
static inline rs_u128 rs_add(rs_u128 x, rs_u128 y) {  /* x + y */
    rs_u128 r = {x.hi + y.hi, x.lo + y.lo};
    r.hi += r.lo < x.lo;
    return r;
}
static inline rs_u128 rs_add64(rs_u128 x, uint64_t y) {  /* x + y */
    rs_u128 r = {x.hi, x.lo + y};
    r.hi += r.lo < y;
    return r;
}
static inline int rs_less(rs_u128 x, rs_u128 y) {  /* x < y */
    return x.hi < y.hi || (x.hi == y.hi && x.lo < y.lo);
}
static inline rs_u128 rs_gap(rs_u128 x, rs_u128 y) {  /* |x - y| */
    rs_u128 a = rs_less(x, y) ? y : x, b = rs_less(x, y) ? x : y;
    rs_u128 r = {a.hi - b.hi - (a.lo < b.lo), a.lo - b.lo};
    return r;
}
static inline int rs_bit_length(rs_u128 x) {  /* bits of x (0 for 0) */
    int n = 0;
    uint64_t w = x.hi ? x.hi : x.lo;
    while (w) { w >>= 1; n++; }
    return x.hi ? n + 64 : n;
}
static inline rs_u128 rs_shl1(rs_u128 x) {  /* x << 1 (x < 2**127) */
    rs_u128 r = {(x.hi << 1) | (x.lo >> 63), x.lo << 1};
    return r;
}
static inline double rs_ratio(rs_u128 a, rs_u128 b) {
    /* a / b correctly rounded to the nearest double (ties to even), as Python's int / int,
       for 0 < b and a < 2**127: exact operands below 2**53 divide as doubles; else 55 bits
       of the quotient (the last one sticky: set when anything remains) round once. */
    const uint64_t exact = (uint64_t)1 << 53;
    uint64_t q = 0;
    int e = 0, k;
    if (a.hi == 0 && b.hi == 0 && a.lo <= exact && b.lo <= exact)
        return (double)a.lo / (double)b.lo;
    if (a.hi == 0 && a.lo == 0)
        return 0.0;
    e = rs_bit_length(a) - rs_bit_length(b);  /* shift a or b so that b <= a < 2b */
    for (k = 0; k < e; k++) b = rs_shl1(b);
    for (k = 0; k < -e; k++) a = rs_shl1(a);
    if (rs_less(a, b)) { a = rs_shl1(a); e--; }
    for (k = 0; k < 55; k++) {  /* long division: one quotient bit a step */
        q <<= 1;
        if (!rs_less(a, b)) { a = rs_gap(a, b); q |= 1; }
        a = rs_shl1(a);
    }
    q |= (a.hi | a.lo) != 0;
    return ldexp((double)q, e - 54);
}
#endif
