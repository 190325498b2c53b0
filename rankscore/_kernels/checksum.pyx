# The checksum of the bytes a score summary writes (rankscore/summary/encoding.py); mirrored by
# rankscore/_fallback/checksum.py.

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from rankscore._kernels.arrays cimport (CONTIGUOUS, UINT8, Array, no_buffer, no_buffers,
                                        release, release_each, typed)


# -- bytes that check themselves --------------------------------------------------------
# The byte form of a summary ends with the CRC-32C (Castagnoli: reflected polynomial
# 0x82F63B78, initial value and final xor 0xFFFFFFFF, as iSCSI, ext4 and Parquet's page
# checksums) of every byte before it. The register after some bytes is linear over GF(2)
# in the register before them and in the bytes, which every fast way of computing it uses:
# * x86-64 CPUs with AVX-512 and VPCLMULQDQ fold the data 256 bytes per step into four
#   512-bit accumulators (carry-less products by x^2048 mod P: the data moved 2048 bits on,
#   modulo P), fold those into one 128-bit remainder and finish it with the crc32
#   instruction;
# * other x86-64 CPUs with SSE4.2 (and ARM CPUs built with the CRC extension) run the crc32
#   instruction on three streams side by side, joined with the "n zero bytes appended"
#   operator (each instruction waits three cycles for the one before it in its stream);
# * elsewhere, eight bytes per step through eight tables (slicing-by-8).
# All give the values of _fallback/checksum.py (tests/test_hostile_summary.py).

import threading

cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
    #define RS_CRC_X86 1
    #include <immintrin.h>
    #else
    #define RS_CRC_X86 0
    #endif
    /* the 512-bit folding needs a compiler that knows VPCLMULQDQ */
    #if RS_CRC_X86 && ((defined(__clang__) && __clang_major__ >= 8) || \
                       (!defined(__clang__) && __GNUC__ >= 9))
    #define RS_CRC_FOLD 1
    #else
    #define RS_CRC_FOLD 0
    #endif
    #if defined(__ARM_FEATURE_CRC32)
    #include <arm_acle.h>
    #endif
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    #define RS_CRC_LITTLE 1
    #else
    #define RS_CRC_LITTLE 0
    #endif
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif

    /* Ask for huge pages behind a large fresh buffer (as NumPy does for its arrays): its
       first writes then fault 2 MiB at a time instead of 4 KiB. */
    static void rs_advise_huge_pages(void* p, size_t n) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        const uintptr_t huge = (uintptr_t)1 << 21;
        uintptr_t start = ((uintptr_t)p + huge - 1) & ~(huge - 1);
        uintptr_t end = ((uintptr_t)p + n) & ~(huge - 1);
        if (n >= ((size_t)4 << 20) && end > start)
            madvise((void*)start, end - start, MADV_HUGEPAGE);
    #else
        (void)p; (void)n;
    #endif
    }

    #define RS_CRC_POLY 0x82F63B78u    /* reflected */
    #define RS_CRC_NORMAL 0x1EDC6F41u  /* the same polynomial, x^31 ... x^0 */
    #define RS_CRC_STREAM 8192 /* bytes of each of the three streams per round */

    static uint32_t rs_crc_table[8][256];  /* slicing-by-8: table[k][v] = v, then k zeros */
    static uint32_t rs_crc_zeros1[4][256]; /* the register after RS_CRC_STREAM zero bytes */
    static uint32_t rs_crc_zeros2[4][256]; /* ... after 2 RS_CRC_STREAM zero bytes */
    static uint64_t rs_crc_fold_k[7][2];   /* folding by 2048 ... 128 bits (below) */
    static int rs_crc_level = 0;  /* 0 tables, 1 crc32 instruction, 2 512-bit folding */

    /* A linear map of the 32-bit register as four byte tables (columns: images of bits). */
    static void rs_crc_tables_of(const uint32_t* columns, uint32_t out[4][256]) {
        for (int k = 0; k < 4; k++)
            for (int v = 0; v < 256; v++) {
                uint32_t x = 0;
                for (int b = 0; b < 8; b++)
                    if (v >> b & 1) x ^= columns[8 * k + b];
                out[k][v] = x;
            }
    }

    static inline uint32_t rs_crc_apply(const uint32_t t[4][256], uint32_t s) {
        return t[0][s & 255] ^ t[1][s >> 8 & 255] ^ t[2][s >> 16 & 255] ^ t[3][s >> 24];
    }

    /* x^k mod P, then reflected into the top half of 64 bits (as the carry-less products
       of reflected data read it) */
    static uint64_t rs_crc_xpow_reflected(unsigned k) {
        uint32_t r = 1;
        uint64_t out = 0;
        while (k--) r = r << 1 ^ (r >> 31 ? RS_CRC_NORMAL : 0);
        for (int d = 0; d < 32; d++)
            if (r >> d & 1) out |= (uint64_t)1 << (63 - d);
        return out;
    }

    static void rs_crc32c_init(void) {
        uint32_t columns[32], squared[32], tables[4][256];
        static const unsigned fold_bits[7] = {2048, 1536, 1024, 512, 384, 256, 128};
        for (uint32_t v = 0; v < 256; v++) {
            uint32_t c = v;
            for (int b = 0; b < 8; b++) c = c & 1 ? c >> 1 ^ RS_CRC_POLY : c >> 1;
            rs_crc_table[0][v] = c;
        }
        for (int k = 1; k < 8; k++)
            for (int v = 0; v < 256; v++) {
                uint32_t c = rs_crc_table[k - 1][v];
                rs_crc_table[k][v] = c >> 8 ^ rs_crc_table[0][c & 255];
            }
        /* one zero byte: s -> (s >> 8) ^ table[s & 255]; then squared up to the streams */
        for (int b = 0; b < 32; b++) {
            uint32_t s = 1u << b;
            columns[b] = s >> 8 ^ rs_crc_table[0][s & 255];
        }
        for (long n = 1; n < 2 * RS_CRC_STREAM; n *= 2) {
            if (n == RS_CRC_STREAM) rs_crc_tables_of(columns, rs_crc_zeros1);
            rs_crc_tables_of(columns, tables);
            for (int b = 0; b < 32; b++) squared[b] = rs_crc_apply(tables, columns[b]);
            memcpy(columns, squared, sizeof columns);
        }
        rs_crc_tables_of(columns, rs_crc_zeros2);
        /* folding a 128-bit block N bits on: its low 64 bits (the first 8 bytes: the
           highest powers) times x^(N+63), its high 64 bits times x^(N-1) (a carry-less
           product of reflected numbers comes out one power of x up) */
        for (int i = 0; i < 7; i++) {
            rs_crc_fold_k[i][0] = rs_crc_xpow_reflected(fold_bits[i] + 63);
            rs_crc_fold_k[i][1] = rs_crc_xpow_reflected(fold_bits[i] - 1);
        }
    #if RS_CRC_X86
        __builtin_cpu_init();
        rs_crc_level = __builtin_cpu_supports("sse4.2") ? 1 : 0;
    #if RS_CRC_FOLD
        if (rs_crc_level && __builtin_cpu_supports("avx512f") &&
                __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("pclmul"))
            rs_crc_level = 2;
    #endif
    #elif defined(__ARM_FEATURE_CRC32)
        rs_crc_level = 1;
    #endif
    }

    /* The register s after the bytes p[0:n], eight bytes per step through the tables. */
    static uint32_t rs_crc_portable(uint32_t s, const unsigned char* p, size_t n) {
        const uint32_t (*t)[256] = rs_crc_table;
    #if RS_CRC_LITTLE
        for (; n >= 8; n -= 8, p += 8) {
            uint64_t w;
            memcpy(&w, p, 8);
            w ^= s;
            s = t[7][w & 255] ^ t[6][w >> 8 & 255] ^ t[5][w >> 16 & 255] ^
                t[4][w >> 24 & 255] ^ t[3][w >> 32 & 255] ^ t[2][w >> 40 & 255] ^
                t[1][w >> 48 & 255] ^ t[0][w >> 56];
        }
    #endif
        for (; n; n--, p++) s = s >> 8 ^ t[0][(s ^ *p) & 255];
        return s;
    }

    #if RS_CRC_X86 || defined(__ARM_FEATURE_CRC32)
    #if RS_CRC_X86
    #define RS_CRC_TARGET __attribute__((target("sse4.2")))
    #define RS_CRC_U64(s, w) _mm_crc32_u64(s, w)
    #define RS_CRC_U8(s, b) _mm_crc32_u8(s, b)
    #else
    #define RS_CRC_TARGET
    #define RS_CRC_U64(s, w) __crc32cd(s, w)
    #define RS_CRC_U8(s, b) __crc32cb(s, b)
    #endif
    /* rs_crc_portable with the crc32 instruction: three streams of RS_CRC_STREAM bytes per
       round, joined as crc(A B C) = Z2(crc(A)) ^ Z1(crc0(B)) ^ crc0(C) (Z: zero bytes
       appended; crc0: from a zero register). */
    static RS_CRC_TARGET uint32_t rs_crc_instruction(uint32_t s, const unsigned char* p,
                                                     size_t n) {
        uint64_t a = s;
        for (; n >= 3 * RS_CRC_STREAM; n -= 3 * RS_CRC_STREAM, p += 3 * RS_CRC_STREAM) {
            uint64_t b = 0, c = 0, x, y, z;
            const unsigned char *q = p + RS_CRC_STREAM, *r = p + 2 * RS_CRC_STREAM;
            for (size_t i = 0; i < RS_CRC_STREAM; i += 8) {
                memcpy(&x, p + i, 8);
                memcpy(&y, q + i, 8);
                memcpy(&z, r + i, 8);
                a = RS_CRC_U64(a, x);
                b = RS_CRC_U64(b, y);
                c = RS_CRC_U64(c, z);
            }
            a = rs_crc_apply(rs_crc_zeros2, (uint32_t)a) ^
                rs_crc_apply(rs_crc_zeros1, (uint32_t)b) ^ (uint32_t)c;
        }
        for (; n >= 8; n -= 8, p += 8) {
            uint64_t x;
            memcpy(&x, p, 8);
            a = RS_CRC_U64(a, x);
        }
        for (; n; n--, p++) a = RS_CRC_U8((uint32_t)a, *p);
        return (uint32_t)a;
    }
    #else
    static uint32_t rs_crc_instruction(uint32_t s, const unsigned char* p, size_t n) {
        return rs_crc_portable(s, p, n);
    }
    #endif

    #if RS_CRC_FOLD
    #define RS_CRC_FOLD_TARGET __attribute__((target("avx512f,vpclmulqdq,pclmul,sse4.2")))
    /* y + x x^N for each 128-bit block (k: the two constants of N, in every block) */
    static inline RS_CRC_FOLD_TARGET __m512i rs_fold512(__m512i x, __m512i k, __m512i y) {
        return _mm512_ternarylogic_epi64(y, _mm512_clmulepi64_epi128(x, k, 0x00),
                                         _mm512_clmulepi64_epi128(x, k, 0x11), 0x96);
    }
    static inline RS_CRC_FOLD_TARGET __m128i rs_fold128(__m128i x, int i, __m128i y) {
        __m128i k = _mm_loadu_si128((const __m128i*)rs_crc_fold_k[i]);
        return _mm_xor_si128(y, _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00),
                                              _mm_clmulepi64_si128(x, k, 0x11)));
    }
    static inline RS_CRC_FOLD_TARGET __m512i rs_fold_constants(int i) {
        return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i*)rs_crc_fold_k[i]));
    }
    /* The register s after p[0:n] (n >= 256): the register xored into the first 4 bytes,
       the data folded into four 512-bit accumulators (each 2048 bits on per step), those
       folded into one 128-bit block (the same value modulo P, so the same CRC) and the
       block and the bytes left fed to the crc32 instruction from a zero register. */
    static RS_CRC_FOLD_TARGET uint32_t rs_crc_fold(uint32_t s, const unsigned char* p,
                                                   size_t n) {
        __m512i a = _mm512_loadu_si512(p), b = _mm512_loadu_si512(p + 64);
        __m512i c = _mm512_loadu_si512(p + 128), d = _mm512_loadu_si512(p + 192);
        __m512i k = rs_fold_constants(0);
        __m128i r;
        uint64_t q;
        a = _mm512_xor_si512(a, _mm512_inserti32x4(_mm512_setzero_si512(),
                                                   _mm_cvtsi32_si128((int)s), 0));
        for (p += 256, n -= 256; n >= 256; n -= 256, p += 256) {
            a = rs_fold512(a, k, _mm512_loadu_si512(p));
            b = rs_fold512(b, k, _mm512_loadu_si512(p + 64));
            c = rs_fold512(c, k, _mm512_loadu_si512(p + 128));
            d = rs_fold512(d, k, _mm512_loadu_si512(p + 192));
        }
        d = rs_fold512(a, rs_fold_constants(1), rs_fold512(b, rs_fold_constants(2),
                       rs_fold512(c, rs_fold_constants(3), d)));
        r = rs_fold128(_mm512_extracti32x4_epi32(d, 0), 4,
                       rs_fold128(_mm512_extracti32x4_epi32(d, 1), 5,
                                  rs_fold128(_mm512_extracti32x4_epi32(d, 2), 6,
                                             _mm512_extracti32x4_epi32(d, 3))));
        for (; n >= 16; n -= 16, p += 16)
            r = rs_fold128(r, 6, _mm_loadu_si128((const __m128i*)p));
        q = _mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(r));
        q = _mm_crc32_u64(q, (uint64_t)_mm_extract_epi64(r, 1));
        for (; n; n--, p++) q = _mm_crc32_u8((uint32_t)q, *p);
        return (uint32_t)q;
    }
    #endif

    /* CRC-32C of p[0:n] continued from crc (the CRC-32C of the bytes before; 0 to start),
       the fastest way up to `level` (see rs_crc_level) this CPU has. */
    static uint32_t rs_crc32c(uint32_t crc, const unsigned char* p, size_t n, int level) {
        uint32_t s = ~crc;
        if (level > rs_crc_level) level = rs_crc_level;
        if (level <= 0) return ~rs_crc_portable(s, p, n);
    #if RS_CRC_FOLD
        if (level == 2 && n >= 256) return ~rs_crc_fold(s, p, n);
    #endif
        return ~rs_crc_instruction(s, p, n);
    }

    /* The register s after n zero bytes, for any n: the operator of 2**k zero bytes (its
       32 columns, squared from one zero byte's) applied for each bit k of n. */
    static uint32_t rs_crc_after_zeros(uint32_t s, size_t n) {
        uint32_t columns[32], squared[32];
        for (int b = 0; b < 32; b++) {
            uint32_t x = 1u << b;
            columns[b] = x >> 8 ^ rs_crc_table[0][x & 255];
        }
        for (; n; n >>= 1) {
            if (n & 1) {
                uint32_t x = 0;
                for (int b = 0; b < 32; b++)
                    if (s >> b & 1) x ^= columns[b];
                s = x;
            }
            for (int c = 0; c < 32; c++) {
                uint32_t x = 0;
                for (int b = 0; b < 32; b++)
                    if (columns[c] >> b & 1) x ^= columns[b];
                squared[c] = x;
            }
            memcpy(columns, squared, sizeof columns);
        }
        return s;
    }

    /* Bytes [begin, end) of several buffers laid one after another, each followed by zeros
       up to a multiple of 8 bytes: copied to dst + begin (when dst is not NULL) and the
       register s advanced over them (each piece read again for it right after its copy). */
    static uint32_t rs_copy_range(const unsigned char** parts, const size_t* sizes,
                                  size_t n_parts, unsigned char* dst, size_t begin,
                                  size_t end, uint32_t s) {
        static const unsigned char zeros[8] = {0};
        size_t at = 0;
        for (size_t i = 0; i < n_parts; at += (sizes[i] + 7) / 8 * 8, i++) {
            size_t stop = at + sizes[i], padded = at + (sizes[i] + 7) / 8 * 8;
            size_t a = begin > at ? begin : at, b = end < stop ? end : stop;
            if (a < b) {
                if (dst) memcpy(dst + a, parts[i] + (a - at), b - a);
                s = ~rs_crc32c(~s, parts[i] + (a - at), b - a, 2);
            }
            a = begin > stop ? begin : stop;
            b = end < padded ? end : padded;
            if (a < b) {
                if (dst) memset(dst + a, 0, b - a);
                s = ~rs_crc32c(~s, zeros, b - a, 2);
            }
        }
        return s;
    }
    """
    void rs_crc32c_init() noexcept nogil
    void rs_advise_huge_pages(void* p, size_t n) noexcept nogil
    int rs_crc_level
    uint32_t rs_crc32c(uint32_t crc, const unsigned char* p, size_t n, int level
                       ) noexcept nogil
    uint32_t rs_crc_after_zeros(uint32_t s, size_t n) noexcept nogil
    uint32_t rs_copy_range(const unsigned char** parts, const size_t* sizes, size_t n_parts,
                           unsigned char* dst, size_t begin, size_t end, uint32_t s
                           ) noexcept nogil

rs_crc32c_init()

# how this CPU computes CRC-32C: 0 tables, 1 the crc32 instruction, 2 512-bit folding
CRC32C_LEVEL = rs_crc_level


def crc32c(data, uint32_t crc=0, int level=2):
    """The CRC-32C of ``data`` (C-contiguous bytes) continued from ``crc`` (the CRC-32C of
    the bytes before them; 0 to start): ``crc32c(b, crc32c(a)) == crc32c(a + b)``.
    ``level`` caps the way it is computed (CRC32C_LEVEL; for tests: 0 the tables)."""
    cdef Array a
    cdef uint32_t out
    no_buffer(&a)
    try:
        typed(&a, data, UINT8, 1, CONTIGUOUS)
        with nogil:
            out = rs_crc32c(crc, <unsigned char*>a.data if a.n else NULL, a.n, level)
    finally:
        release(&a)
    return out


cdef class _Parts:
    # the byte buffers of a tuple of objects (read-only, C-contiguous), held until freed
    cdef Array* arrays
    cdef const unsigned char** pointers
    cdef size_t* sizes
    cdef Py_ssize_t n, total

    def __cinit__(self, tuple parts):
        cdef Py_ssize_t i
        self.n = len(parts)
        views = [memoryview(part).cast("B") for part in parts]
        self.arrays = <Array*>malloc(max(self.n, 1) * sizeof(Array))
        self.pointers = <const unsigned char**>malloc(max(self.n, 1) * sizeof(void*))
        self.sizes = <size_t*>malloc(max(self.n, 1) * sizeof(size_t))
        if self.arrays == NULL or self.pointers == NULL or self.sizes == NULL:
            self.n = 0  # (nothing to release)
            raise MemoryError()
        no_buffers(self.arrays, self.n)
        self.total = 0
        for i in range(self.n):
            typed(&self.arrays[i], views[i], UINT8, 1, CONTIGUOUS)
            self.pointers[i] = <unsigned char*>self.arrays[i].data if self.arrays[i].n else NULL
            self.sizes[i] = self.arrays[i].n
            self.total += (self.arrays[i].n + 7) // 8 * 8

    def __dealloc__(self):
        if self.arrays != NULL:
            release_each(self.arrays, self.n)
        free(self.arrays)
        free(self.pointers)
        free(self.sizes)


# the output of bytes_with_crc32c written (and its checksum taken) on two threads, each
# on one half, from this many bytes
DEF TWO_THREAD_BYTES = 1 << 23


cdef class _Range:
    # one thread's share of bytes_with_crc32c: bytes [begin, end) copied, their register
    cdef _Parts parts
    cdef object out  # (the bytes object written, kept alive)
    cdef unsigned char* dst
    cdef size_t begin, end
    cdef uint32_t start, state

    def __cinit__(self, _Parts parts, out, size_t begin, size_t end, uint32_t start):
        self.parts, self.out = parts, out
        self.dst = <unsigned char*>PyBytes_AS_STRING(out)
        self.begin, self.end, self.start = begin, end, start

    def run(self):
        with nogil:
            self.state = rs_copy_range(self.parts.pointers, self.parts.sizes, self.parts.n,
                                       self.dst, self.begin, self.end, self.start)


def bytes_with_crc32c(tuple parts, int n_threads=1):
    """The byte buffers of ``parts`` one after another, each zero-padded to a multiple of
    8 bytes, then the CRC-32C of all of that (4 bytes, little-endian); each piece's
    checksum is taken right after its copy. With ``n_threads`` >= 2, outputs of 8 MiB or
    more are written on two threads, one half each, their checksums joined after
    (crc(A B) = zeros_|B|(crc(A)) ^ crc0(B))."""
    cdef _Parts p = _Parts(parts)
    cdef size_t total = p.total, mid, i
    out = PyBytes_FromStringAndSize(NULL, total + 4)
    cdef unsigned char* dst = <unsigned char*>PyBytes_AS_STRING(out)
    cdef uint32_t state
    rs_advise_huge_pages(dst, total + 4)
    if n_threads >= 2 and total >= TWO_THREAD_BYTES:
        mid = total // 2 // 64 * 64
        upper = _Range(p, out, mid, total, 0)
        helper = threading.Thread(target=upper.run)
        helper.start()
        with nogil:
            state = rs_copy_range(p.pointers, p.sizes, p.n, dst, 0, mid, 0xFFFFFFFF)
        helper.join()
        with nogil:
            state = rs_crc_after_zeros(state, total - mid) ^ upper.state
    else:
        with nogil:
            state = rs_copy_range(p.pointers, p.sizes, p.n, dst, 0, total, 0xFFFFFFFF)
    state = ~state
    for i in range(4):
        dst[total + i] = (state >> (8 * i)) & 255
    return out
