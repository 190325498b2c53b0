# Kernels for IR metrics over many queries; mirrored by rankscore/_fallback/ir.py
#
# A set of queries is flat: entries of query j are [offsets[j], offsets[j+1]). ``rel`` holds
# the judged relevance of each retrieved element in ranking order (-1 = not judged).
# ``cut[j]`` is how many ranks of query j count (a cut-off k, R, or the whole ranking).

from libc.stdlib cimport free, malloc, realloc, strtod, strtoll
from libc.stdint cimport int64_t, uint64_t
from libc.errno cimport ERANGE, errno
from libc.string cimport memchr, memcmp, memcpy, memset

import numpy as np

from rankscore._kernel_checks import join_of, trec_fields

from rankscore._kernels.arrays cimport (Array, indices_within, no_buffer, no_buffers,
                                        offsets_within, read_each, release_each, write)

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define rs_prefetch(address) __builtin_prefetch(address)
    #else
    #define rs_prefetch(address) ((void)0)
    #endif
    """
    void rs_prefetch(const void* address) noexcept nogil  # a hint: start loading that line


cdef inline void _prefetch(const void* start, Py_ssize_t size) noexcept nogil:
    """Ask for the cache lines of start[0:size] ahead of their use."""
    cdef Py_ssize_t at
    for at in range(0, size, 64):
        rs_prefetch(<const char*> start + at)


cdef uint64_t _FNV_OFFSET = 14695981039346656037ULL
cdef uint64_t _FNV_PRIME = 1099511628211ULL


cdef inline uint64_t _fnv1a(const unsigned char* text, Py_ssize_t size) noexcept nogil:
    cdef uint64_t h = _FNV_OFFSET
    cdef Py_ssize_t j
    for j in range(size):  # h = (h xor byte) * prime
        h = (h ^ text[j]) * _FNV_PRIME
    return h


cdef int _items(Array* a, str what) except -1:
    """a: the offsets of items, one more than the items."""
    if a.n == 0:
        raise ValueError(f"{what} must have an entry per item and one more, got none")
    return 0


cdef int _offsets(Array* a, Py_ssize_t n, str what) except -1:
    """a: the offsets of items into an array of n entries, one more than the items, rising
    within it (one pass over the offsets)."""
    _items(a, what)
    return offsets_within(a, n, what)


def fnv1a_hashes(pool, offsets):
    """64-bit FNV-1a hash of each id ``pool[offsets[i]:offsets[i + 1]]`` (UTF-8 bytes)."""
    cdef Array a[3]
    cdef Py_ssize_t i, n
    cdef const unsigned char* base
    cdef const int64_t* at
    cdef uint64_t* hashes
    no_buffers(a, 3)
    try:
        read_each(a, (pool, offsets), b"Bq")
        _offsets(&a[1], a[0].n, "offsets")
        base, at, n = <unsigned char*>a[0].data, <int64_t*>a[1].data, a[1].n - 1
        out = np.empty(n, dtype=np.uint64)
        write(&a[2], out)
        hashes = <uint64_t*>a[2].data
        with nogil:
            for i in range(n):
                hashes[i] = _fnv1a(base + at[i], at[i + 1] - at[i])
    finally:
        release_each(a, 3)
    return out


def gather_ids(pool, offsets, codes):
    """(pool, offsets) of the ids ``codes``: id i of the result is id ``codes[i]`` of the
    input (``pool[offsets[c]:offsets[c + 1]]``)."""
    cdef Array a[5]
    cdef Py_ssize_t i, c, n, total = 0
    cdef const unsigned char* source
    cdef const int64_t* bounds
    cdef const int64_t* chosen
    cdef unsigned char* target
    cdef int64_t* at
    no_buffers(a, 5)
    try:
        read_each(a, (pool, offsets, codes), b"Bqq")
        source, bounds = <unsigned char*>a[0].data, <int64_t*>a[1].data
        chosen, n = <int64_t*>a[2].data, a[2].n
        _items(&a[1], "offsets")
        indices_within(&a[2], a[1].n - 1, "codes")
        for i in range(n):  # (the chosen ids' bounds checked as they are summed)
            c = chosen[i]
            if bounds[c] < 0 or bounds[c + 1] < bounds[c] or bounds[c + 1] > a[0].n:
                raise ValueError(f"offsets of id {c} must rise within [0, {a[0].n}], got "
                                 f"{bounds[c]} and {bounds[c + 1]}")
            total += bounds[c + 1] - bounds[c]
        pool_out = np.empty(total, dtype=np.uint8)
        offsets_out = np.empty(n + 1, dtype=np.int64)
        write(&a[3], pool_out)
        write(&a[4], offsets_out)
        target, at = <unsigned char*>a[3].data, <int64_t*>a[4].data
        with nogil:
            at[0] = 0
            for i in range(n):
                c = chosen[i]
                memcpy(target + at[i], source + bounds[c], bounds[c + 1] - bounds[c])
                at[i + 1] = at[i] + bounds[c + 1] - bounds[c]
    finally:
        release_each(a, 5)
    return pool_out, offsets_out


cdef struct _Interner:
    # distinct byte strings of one buffer, found again through their FNV-1a hash
    uint64_t* slots  # open addressing: 0 if empty, else (hash >> 32) << 32 | (code + 1)
    int shift  # 64 - log2(number of slots)
    uint64_t* hashes  # per code
    Py_ssize_t* starts  # per code: where the string starts in the buffer
    Py_ssize_t* sizes
    Py_ssize_t count, room


cdef inline Py_ssize_t _slot_of(uint64_t h, int shift) noexcept nogil:
    return <Py_ssize_t> ((h * 0x9E3779B97F4A7C15ULL) >> shift)  # Fibonacci hashing


cdef int _interner_slots(_Interner* t, int bits) noexcept nogil:
    """(Re)build the slot table with 2**bits slots; -1 when out of memory."""
    cdef Py_ssize_t i, at, mask = (<Py_ssize_t>1 << bits) - 1
    free(t.slots)
    t.slots = <uint64_t*> malloc((mask + 1) * sizeof(uint64_t))
    if t.slots == NULL:
        return -1
    memset(t.slots, 0, (mask + 1) * sizeof(uint64_t))
    t.shift = 64 - bits
    for i in range(t.count):
        at = _slot_of(t.hashes[i], t.shift)
        while t.slots[at] != 0:
            at = (at + 1) & mask
        t.slots[at] = ((t.hashes[i] >> 32) << 32) | <uint64_t>(i + 1)
    return 0


cdef int _interner_init(_Interner* t, Py_ssize_t expected) noexcept nogil:
    """An empty interner with room for ``expected`` strings before it grows."""
    cdef int bits = 12
    while (<Py_ssize_t>1 << bits) < 2 * expected:
        bits += 1
    t.slots = NULL
    t.count = 0
    t.room = max(expected, 1024)
    t.hashes = <uint64_t*> malloc(t.room * sizeof(uint64_t))
    t.starts = <Py_ssize_t*> malloc(t.room * sizeof(Py_ssize_t))
    t.sizes = <Py_ssize_t*> malloc(t.room * sizeof(Py_ssize_t))
    if t.hashes == NULL or t.starts == NULL or t.sizes == NULL:
        return -1
    return _interner_slots(t, bits)


cdef void _interner_free(_Interner* t) noexcept nogil:
    free(t.slots)
    free(t.hashes)
    free(t.starts)
    free(t.sizes)


cdef int64_t _intern(_Interner* t, const unsigned char* base, Py_ssize_t start,
                     Py_ssize_t size) noexcept nogil:
    """Code of the string base[start:start + size] (a new code for a new string), -1 when
    out of memory."""
    cdef uint64_t h = _fnv1a(base + start, size), slot, tag = (h >> 32) << 32
    cdef Py_ssize_t mask = ((<Py_ssize_t>1) << (64 - t.shift)) - 1
    cdef Py_ssize_t at = _slot_of(h, t.shift)
    cdef int64_t code
    cdef void* grown
    while t.slots[at] != 0:
        slot = t.slots[at]
        if (slot >> 32) << 32 == tag:
            code = <int64_t> (slot & 0xFFFFFFFFULL) - 1
            if t.sizes[code] == size and memcmp(base + t.starts[code], base + start, size) == 0:
                return code
        at = (at + 1) & mask
    if t.count >= 0xFFFFFFFELL:  # codes live in 32 bits of a slot
        return -1
    if t.count == t.room:
        t.room *= 2
        grown = realloc(t.hashes, t.room * sizeof(uint64_t))
        if grown == NULL:
            return -1
        t.hashes = <uint64_t*> grown
        grown = realloc(t.starts, t.room * sizeof(Py_ssize_t))
        if grown == NULL:
            return -1
        t.starts = <Py_ssize_t*> grown
        grown = realloc(t.sizes, t.room * sizeof(Py_ssize_t))
        if grown == NULL:
            return -1
        t.sizes = <Py_ssize_t*> grown
    code = t.count
    t.count += 1
    t.hashes[code] = h
    t.starts[code] = start
    t.sizes[code] = size
    t.slots[at] = tag | <uint64_t>(code + 1)
    if 2 * t.count > mask + 1:  # keep the table at most half full
        if _interner_slots(t, 65 - t.shift) < 0:
            return -1
    return code


cdef _interned(_Interner* t, const unsigned char* base):
    """(pool, offsets) of the interned strings, in code order."""
    cdef Py_ssize_t i, total = 0
    for i in range(t.count):
        total += t.sizes[i]
    cdef Array a[2]
    cdef unsigned char* into
    cdef int64_t* offsets
    pool_out = np.empty(total, dtype=np.uint8)
    offsets_out = np.empty(t.count + 1, dtype=np.int64)
    no_buffers(a, 2)
    try:
        write(&a[0], pool_out)
        write(&a[1], offsets_out)
        into, offsets = <unsigned char*>a[0].data, <int64_t*>a[1].data
        with nogil:
            offsets[0] = 0
            for i in range(t.count):
                memcpy(into + offsets[i], base + t.starts[i], t.sizes[i])
                offsets[i + 1] = offsets[i] + t.sizes[i]
    finally:
        release_each(a, 2)
    return pool_out, offsets_out


cdef inline bint _is_space(unsigned char c) noexcept nogil:
    return c == b' ' or c == b'\t' or c == b'\r' or c == b'\v' or c == b'\f'


cdef inline bint _plain_number(const unsigned char* text, Py_ssize_t width,
                               bint integer) noexcept nogil:
    """Only ASCII digits, signs (and for a float, point and exponent): C reads such a field
    exactly as Python does (correctly rounded); anything else goes to Python."""
    cdef Py_ssize_t j
    cdef unsigned char c
    for j in range(width):
        c = text[j]
        if not (b'0' <= c <= b'9' or c == b'+' or c == b'-'
                or (not integer and (c == b'.' or c == b'e' or c == b'E'))):
            return False
    return True


cdef int _value_in_python(object read_value, const unsigned char* text, Py_ssize_t width,
                          double* out) noexcept with gil:
    """``read_value(field bytes)``: 1 and ``out[0]`` set when it is a number, 0 when not."""
    try:
        value = read_value((<const char*> text)[:width])
        if value is None:
            return 0
        out[0] = value
        return 1
    except BaseException:  # read_value returns None for text that is not a number
        return 0


def parse_trec(data, int n_fields, int value_field, bint integer_values, object read_value):
    """Parse a TREC run (6 fields, value 4 = score) or qrels file (4 fields, value 3 = rel).

    Fields are separated by spaces or tabs; blank lines are skipped. Returns
    ``(query_codes, query_pool, query_offsets, doc_pool, doc_offsets, doc_hashes, values,
    bad_line)`` with one entry per line: the distinct query ids (field 0), in order of
    appearance, are the UTF-8 bytes ``query_pool[query_offsets[c]:query_offsets[c + 1]]``
    and ``query_codes`` index them; the element id (field 2) of entry i is
    ``doc_pool[doc_offsets[i]:doc_offsets[i + 1]]``, its FNV-1a hash ``doc_hashes[i]``;
    ``values`` are float64 (``integer_values``: an integer is required). A value field of
    plain ASCII digits, sign, point and exponent is read with strtod/strtoll; any other
    (and one strtod/strtoll does not read whole or in range) is ``read_value(field bytes)``,
    a float or None (Python's rule, rankscore._numbers), so this parser and the fallback
    accept the same fields. ``bad_line`` is 0 when every line parsed, else the 1-based
    number of the first line with the wrong number of fields or an unreadable value (the
    other outputs are then meaningless).
    """
    cdef Array a[6]
    trec_fields(n_fields, value_field)
    no_buffers(a, 6)
    try:
        read_each(a, (data,), b"B")
        return _parse_trec(a, n_fields, value_field, integer_values, read_value)
    finally:
        release_each(a, 6)


cdef tuple _parse_trec(Array* a, int n_fields, int value_field, bint integer_values,
                       object read_value):
    # a[0] holds the text; a[1:6] receive the outputs
    global errno  # the C library's, reset before each strtoll
    cdef Py_ssize_t n = a[0].n, pos = 0, line_end, field_start, count = 0, capacity
    cdef Py_ssize_t starts[8]
    cdef Py_ssize_t ends[8]
    cdef int field
    cdef int64_t line = 0, bad_line = 0
    cdef const unsigned char* base = <unsigned char*>a[0].data if n > 0 else NULL
    cdef const unsigned char* newline
    cdef char buffer[64]
    cdef char* end_ptr
    cdef bint plain
    cdef Py_ssize_t width, last_start = 0, last_size = -1, j, size = 0
    cdef int64_t last_query = -1
    cdef uint64_t h
    cdef _Interner queries
    capacity = 1
    with nogil:
        newline = base
        while n > 0:  # one entry per line at most
            newline = <const unsigned char*> memchr(newline, 10, base + n - newline)
            if newline == NULL:
                break
            capacity += 1
            newline += 1
    query_codes = np.empty(capacity, dtype=np.int64)
    values = np.empty(capacity, dtype=np.float64)
    doc_hashes = np.empty(capacity, dtype=np.uint64)
    doc_offsets = np.empty(capacity + 1, dtype=np.int64)
    doc_pool = np.empty(n, dtype=np.uint8)  # the element ids, one after the other
    write(&a[1], query_codes)
    write(&a[2], doc_offsets)
    write(&a[3], values)
    write(&a[4], doc_hashes)
    write(&a[5], doc_pool)
    cdef int64_t* qc = <int64_t*>a[1].data
    cdef int64_t* offsets = <int64_t*>a[2].data
    cdef double* val = <double*>a[3].data
    cdef uint64_t* hashes = <uint64_t*>a[4].data
    cdef unsigned char* pool = <unsigned char*>a[5].data if n > 0 else NULL
    offsets[0] = 0
    if _interner_init(&queries, 0) < 0:
        _interner_free(&queries)
        raise MemoryError("reading a TREC file")
    try:
        with nogil:
            while pos < n:
                line += 1
                newline = <const unsigned char*> memchr(base + pos, 10, n - pos)
                line_end = n if newline == NULL else newline - base
                field = 0
                while pos < line_end:
                    while pos < line_end and _is_space(base[pos]):
                        pos += 1
                    if pos >= line_end:
                        break
                    field_start = pos
                    while pos < line_end and not _is_space(base[pos]):
                        pos += 1
                    if field < 8:
                        starts[field] = field_start
                        ends[field] = pos
                    field += 1
                pos = line_end + 1
                if field == 0:
                    continue  # blank line
                if field != n_fields:
                    bad_line = line
                    break
                width = ends[value_field] - starts[value_field]
                plain = width < 63 and _plain_number(base + starts[value_field], width,
                                                     integer_values)
                if plain:
                    memcpy(buffer, base + starts[value_field], width)
                    buffer[width] = 0
                    errno = 0
                    if integer_values:
                        val[count] = <double> strtoll(buffer, &end_ptr, 10)
                        plain = errno != ERANGE  # beyond 64 bits: Python says
                    else:
                        val[count] = strtod(buffer, &end_ptr)
                    plain = plain and end_ptr == buffer + width
                if not plain and not _value_in_python(read_value, base + starts[value_field],
                                                      width, &val[count]):
                    bad_line = line
                    break
                # the lines of one query usually follow each other: compare with the last one
                width = ends[0] - starts[0]
                if width != last_size or memcmp(base + last_start, base + starts[0], width) != 0:
                    last_query = _intern(&queries, base, starts[0], width)
                    if last_query < 0:
                        bad_line = -1
                        break
                    last_start = starts[0]
                    last_size = width
                qc[count] = last_query
                h = _FNV_OFFSET
                for j in range(starts[2], ends[2]):  # copy the element id, hashing it
                    h = (h ^ base[j]) * _FNV_PRIME
                    pool[size] = base[j]
                    size += 1
                hashes[count] = h
                count += 1
                offsets[count] = size
        if bad_line == -1:
            raise MemoryError("reading a TREC file")
        query_pool, query_offsets = _interned(&queries, base)
    finally:
        _interner_free(&queries)
    return (query_codes[:count], query_pool, query_offsets, doc_pool[:size].copy(),
            doc_offsets[:count + 1], doc_hashes[:count], values[:count], bad_line)


def ir_first_duplicate(offsets, docs, pool, pool_offsets, hashes):
    """Index of the first entry i whose element (id ``docs[i]``: the bytes
    ``pool[pool_offsets[c]:pool_offsets[c + 1]]``, hash ``hashes[c]``) appeared before in the
    same query, -1 if none."""
    cdef Array a[6]
    cdef Py_ssize_t j, nq, size = 1, longest = 1, found
    cdef const int64_t* bounds
    no_buffers(a, 6)
    try:
        read_each(a, (offsets, docs, pool, pool_offsets, hashes), b"qqBqQ")
        _offsets(&a[0], a[1].n, "offsets")
        _offsets(&a[3], a[2].n, "pool_offsets")
        if a[3].n != a[4].n + 1:
            raise ValueError(f"pool_offsets must have an entry per hash and one more, got "
                             f"{a[3].n} for {a[4].n}")
        indices_within(&a[1], a[4].n, "docs")
        bounds, nq = <int64_t*>a[0].data, a[0].n - 1
        for j in range(nq):
            longest = max(longest, bounds[j + 1] - bounds[j])
        while size < 2 * longest:
            size *= 2
        # a query's entries by hash, -1 where empty
        write(&a[5], np.empty(size, dtype=np.int64))
        with nogil:
            found = _first_duplicate(bounds, nq, <int64_t*>a[1].data,
                                     <unsigned char*>a[2].data, <int64_t*>a[3].data,
                                     <uint64_t*>a[4].data, <int64_t*>a[5].data)
    finally:
        release_each(a, 6)
    return found


cdef Py_ssize_t _first_duplicate(const int64_t* offsets, Py_ssize_t nq, const int64_t* docs,
                                 const unsigned char* text, const int64_t* pool_offsets,
                                 const uint64_t* hashes, int64_t* table) noexcept nogil:
    cdef Py_ssize_t j, i, at, mask, found = -1
    cdef int bits
    cdef int64_t c, other
    if True:
        for j in range(nq):
            bits = 1
            while (<Py_ssize_t>1 << bits) < 2 * (offsets[j + 1] - offsets[j]):
                bits += 1
            mask = (<Py_ssize_t>1 << bits) - 1
            for at in range(mask + 1):
                table[at] = -1
            for i in range(offsets[j], offsets[j + 1]):
                c = docs[i]
                at = _slot_of(hashes[c], 64 - bits)
                while table[at] >= 0:
                    other = docs[table[at]]
                    if hashes[other] == hashes[c] and \
                            pool_offsets[other + 1] - pool_offsets[other] \
                            == pool_offsets[c + 1] - pool_offsets[c] and \
                            memcmp(text + pool_offsets[other], text + pool_offsets[c],
                                   pool_offsets[c + 1] - pool_offsets[c]) == 0:
                        found = i
                        break
                    at = (at + 1) & mask
                if found >= 0:
                    break
                table[at] = i
            if found >= 0:
                break
    return found


def ir_join(run_starts, run_stops, run_hash, run_docs, run_pool, run_pool_offsets,
            qrels_starts, qrels_stops, qrels_hash, qrels_docs, qrels_pool, qrels_pool_offsets,
            relevance, out_offsets):
    """Judged relevance of each run entry of each evaluated query j (-1 if not judged),
    written at out_offsets[j] + (i - run_starts[j]); and whether an id met another id with
    the same hash (then the result is not to be used).

    Entry i of the run finds the qrels entry of query j with the same hash by binary search
    (qrels hashes ascending within a query); the two ids (UTF-8 bytes in the pools) are
    then compared byte for byte. The entries of a query are contiguous in the pools
    (``run_docs`` permutes entries within queries only), so the offsets and hashes of query
    j + 2 and the ids of query j + 1 are fetched into the cache while query j is joined.
    """
    cdef Array arrays[15]
    cdef bint collision
    cdef Py_ssize_t nq
    no_buffers(arrays, 15)
    try:
        read_each(arrays, (run_starts, run_stops, run_hash, run_docs, run_pool,
                           run_pool_offsets, qrels_starts, qrels_stops, qrels_hash, qrels_docs,
                           qrels_pool, qrels_pool_offsets, relevance, out_offsets),
                  b"qqQqBqqqQqBqqq")
        nq = arrays[0].n
        join_of(run_starts, run_stops, run_hash, run_docs, qrels_starts, qrels_stops,
                qrels_hash, qrels_docs, relevance, out_offsets)
        rel_out = np.empty((<int64_t*>arrays[13].data)[nq], dtype=np.int64)
        write(&arrays[14], rel_out)
        with nogil:
            collision = _join(arrays, nq)
    finally:
        release_each(arrays, 15)
    return rel_out, collision


cdef struct Side:
    # one side of the join, the run's or the qrels': the entries [starts[j], stops[j]) of
    # query j, their ids' hashes, and their ids as bytes of the pool, the id of entry i
    # at text[pool_offsets[docs[i]]:pool_offsets[docs[i] + 1]]
    const int64_t* starts
    const int64_t* stops
    const uint64_t* hash
    const int64_t* docs
    const unsigned char* text
    const int64_t* pool_offsets


cdef inline Side _side(Array* arrays) noexcept nogil:
    # arrays: starts, stops, hash, docs, pool, pool_offsets (as ir_join takes them)
    return Side(<int64_t*>arrays[0].data, <int64_t*>arrays[1].data, <uint64_t*>arrays[2].data,
                <int64_t*>arrays[3].data, <unsigned char*>arrays[4].data,
                <int64_t*>arrays[5].data)


cdef bint _join(Array* arrays, Py_ssize_t nq) noexcept nogil:
    cdef Side run = _side(arrays), qrels = _side(arrays + 6)
    cdef const int64_t* relevance = <int64_t*>arrays[12].data
    cdef const int64_t* out_offsets = <int64_t*>arrays[13].data
    cdef int64_t* rel = <int64_t*>arrays[14].data
    cdef Py_ssize_t j, i, lo, hi, mid, at, size
    cdef int64_t a, b
    cdef uint64_t h
    cdef bint collision = False
    cdef uint64_t seen[4]  # bit (h >> 56) set for each judged hash h of the query: a quick "no"
    if True:
        for j in range(nq):
            if j + 2 < nq:  # the offsets of query j + 2, then the ids of query j + 1
                _prefetch(&qrels.hash[qrels.starts[j + 2]],
                          (qrels.stops[j + 2] - qrels.starts[j + 2]) * 8)
                _prefetch(&relevance[qrels.starts[j + 2]],
                          (qrels.stops[j + 2] - qrels.starts[j + 2]) * 8)
                _prefetch(&qrels.pool_offsets[qrels.starts[j + 2]],
                          (qrels.stops[j + 2] - qrels.starts[j + 2] + 1) * 8)
                _prefetch(&run.pool_offsets[run.starts[j + 2]],
                          (run.stops[j + 2] - run.starts[j + 2] + 1) * 8)
            if j + 1 < nq:
                _prefetch(qrels.text + qrels.pool_offsets[qrels.starts[j + 1]],
                          qrels.pool_offsets[qrels.stops[j + 1]]
                          - qrels.pool_offsets[qrels.starts[j + 1]])
                _prefetch(run.text + run.pool_offsets[run.starts[j + 1]],
                          run.pool_offsets[run.stops[j + 1]]
                          - run.pool_offsets[run.starts[j + 1]])
            seen[0] = seen[1] = seen[2] = seen[3] = 0
            for i in range(qrels.starts[j], qrels.stops[j]):
                seen[qrels.hash[i] >> 62] |= (<uint64_t>1) << ((qrels.hash[i] >> 56) & 63)
            for i in range(run.starts[j], run.stops[j]):
                h = run.hash[i]
                at = out_offsets[j] + i - run.starts[j]
                rel[at] = -1
                if not (seen[h >> 62] >> ((h >> 56) & 63)) & 1:
                    continue
                lo = qrels.starts[j]
                hi = qrels.stops[j]
                while lo < hi:  # first entry with hash >= h
                    mid = (lo + hi) >> 1
                    if qrels.hash[mid] < h:
                        lo = mid + 1
                    else:
                        hi = mid
                if lo == qrels.stops[j] or qrels.hash[lo] != h:
                    continue
                a = run.docs[i]
                b = qrels.docs[lo]
                size = run.pool_offsets[a + 1] - run.pool_offsets[a]
                if size == qrels.pool_offsets[b + 1] - qrels.pool_offsets[b] and memcmp(
                        run.text + run.pool_offsets[a], qrels.text + qrels.pool_offsets[b],
                        size) == 0:
                    rel[at] = relevance[lo]
                else:
                    collision = True
    return collision


# Per-query metrics: each def reads its arrays once (_per_query) and runs its loop.

cdef enum Metric:
    RELEVANT_IN_TOP
    PRECISION_SUM
    FIRST_RELEVANT
    DCG
    BPREF
    RANKING_COLUMNS


cdef inline int64_t _counted_end(const int64_t* offsets, const int64_t* cut,
                                 Py_ssize_t j) noexcept nogil:
    # the end of the ranks of query j that count: its first cut[j] entries
    return min(offsets[j + 1], offsets[j] + cut[j])


cdef void _relevant_in_top(const int64_t* offsets, Py_ssize_t nq, const int64_t* rel,
                           int64_t level, const int64_t* cut, int64_t* result) noexcept nogil:
    cdef Py_ssize_t j, i
    cdef int64_t count
    for j in range(nq):
        count = 0
        for i in range(offsets[j], _counted_end(offsets, cut, j)):
            if rel[i] >= level:
                count += 1
        result[j] = count


cdef void _precision_sum(const int64_t* offsets, Py_ssize_t nq, const int64_t* rel,
                         int64_t level, const int64_t* cut, double* result) noexcept nogil:
    cdef Py_ssize_t j, i
    cdef int64_t found
    cdef double total
    for j in range(nq):
        found, total = 0, 0.0
        for i in range(offsets[j], _counted_end(offsets, cut, j)):
            if rel[i] >= level:
                found += 1
                total += <double>found / <double>(i - offsets[j] + 1)
        result[j] = total


cdef void _first_relevant(const int64_t* offsets, Py_ssize_t nq, const int64_t* rel,
                          int64_t level, const int64_t* cut, int64_t* result) noexcept nogil:
    cdef Py_ssize_t j, i
    for j in range(nq):
        result[j] = 0
        for i in range(offsets[j], _counted_end(offsets, cut, j)):
            if rel[i] >= level:
                result[j] = i - offsets[j] + 1
                break


cdef void _dcg(const int64_t* offsets, Py_ssize_t nq, const int64_t* rel, const int64_t* cut,
               const double* log2_rank, bint exponential, double* result) noexcept nogil:
    cdef Py_ssize_t j, i
    cdef double total, gain
    for j in range(nq):
        total = 0.0
        for i in range(offsets[j], _counted_end(offsets, cut, j)):
            if rel[i] > 0:
                gain = (2.0 ** <double>rel[i] - 1.0) if exponential else <double>rel[i]
                total += gain / log2_rank[i - offsets[j]]
        result[j] = total


cdef void _bpref(const int64_t* offsets, Py_ssize_t nq, const int64_t* rel, int64_t level,
                 const int64_t* num_rel, const int64_t* num_nonrel,
                 double* result) noexcept nogil:
    cdef Py_ssize_t j, i
    cdef int64_t nonrel
    cdef double total
    for j in range(nq):
        nonrel = 0
        total = 0.0
        for i in range(offsets[j], offsets[j + 1]):
            if rel[i] < 0:
                continue  # not judged
            if rel[i] < level:
                nonrel += 1
            elif nonrel > 0:
                total += 1.0 - (<double>min(nonrel, num_rel[j])
                                / <double>min(num_nonrel[j], num_rel[j]))
            else:
                total += 1.0
        result[j] = total


cdef void _ranking_columns(const int64_t* offsets, Py_ssize_t nq, const int64_t* rel,
                           int64_t level, int64_t* kk, int64_t* pp,
                           int64_t* soma) noexcept nogil:
    cdef Py_ssize_t j, i
    cdef int64_t k, p, sumx
    for j in range(nq):
        k = 0
        p = 0
        sumx = 0
        for i in range(offsets[j], offsets[j + 1]):
            if rel[i] >= level:
                k += 1
                p = i - offsets[j] + 1
                sumx += p
        kk[j] = k
        pp[j] = p
        soma[j] = p * (p + 1) // 2 - sumx  # soma = sum of all ranks 1..p - the 'x' ranks


cdef int _queries(Array* a, Metric metric) except -1:
    """What the per-query loops trust, O(queries): offsets (a[0]) rising within rel (a[1]),
    the metric's further arrays one per query, log2_rank one per rank DCG counts."""
    cdef Py_ssize_t nq, j, longest = 0
    cdef const int64_t* off = <int64_t*>a[0].data
    cdef const int64_t* cut = <int64_t*>a[2].data
    _offsets(&a[0], a[1].n, "offsets")
    nq = a[0].n - 1
    if metric != RANKING_COLUMNS:
        _one_per_query(&a[2], nq, "num_rel" if metric == BPREF else "cut")
    if metric == BPREF:
        _one_per_query(&a[3], nq, "num_nonrel")
    if metric == DCG:
        for j in range(nq):
            longest = max(longest, min(off[j + 1] - off[j], cut[j]))
        if a[3].n < longest:
            raise ValueError(f"log2_rank must have an entry per counted rank, got {a[3].n} "
                             f"for {longest}")
    return 0


cdef int _one_per_query(Array* a, Py_ssize_t nq, str what) except -1:
    if a.n != nq:
        raise ValueError(f"{what} must have one entry per query, got {a.n} for {nq} queries")
    return 0


cdef object _per_query(Metric metric, object offsets, object rel, int64_t level, object x,
                       object y, bint exponential):
    # x, y: the metric's further arrays (cut; cut and log2_rank; num_rel and num_nonrel)
    cdef Array a[7]
    cdef Py_ssize_t nq, k, n_out = 3 if metric == RANKING_COLUMNS else 1
    cdef const int64_t* off
    cdef const int64_t* r
    no_buffers(a, 7)
    try:
        read_each(a, (offsets, rel), b"qq")
        if x is not None:
            read_each(a + 2, (x,), b"q")
        if y is not None:
            read_each(a + 3, (y,), b"d" if metric == DCG else b"q")
        _queries(a, metric)
        nq = a[0].n - 1
        dtype = np.float64 if metric in (PRECISION_SUM, DCG, BPREF) else np.int64
        outs = [np.empty(nq, dtype=dtype) for k in range(n_out)]
        for k in range(n_out):
            write(&a[4 + k], outs[k])
        off, r = <int64_t*>a[0].data, <int64_t*>a[1].data
        with nogil:
            if metric == RELEVANT_IN_TOP:
                _relevant_in_top(off, nq, r, level, <int64_t*>a[2].data, <int64_t*>a[4].data)
            elif metric == PRECISION_SUM:
                _precision_sum(off, nq, r, level, <int64_t*>a[2].data, <double*>a[4].data)
            elif metric == FIRST_RELEVANT:
                _first_relevant(off, nq, r, level, <int64_t*>a[2].data, <int64_t*>a[4].data)
            elif metric == DCG:
                _dcg(off, nq, r, <int64_t*>a[2].data, <double*>a[3].data, exponential,
                     <double*>a[4].data)
            elif metric == BPREF:
                _bpref(off, nq, r, level, <int64_t*>a[2].data, <int64_t*>a[3].data,
                       <double*>a[4].data)
            else:
                _ranking_columns(off, nq, r, level, <int64_t*>a[4].data, <int64_t*>a[5].data,
                                 <int64_t*>a[6].data)
    finally:
        release_each(a, 7)
    return tuple(outs) if n_out > 1 else outs[0]


def ir_relevant_in_top(offsets, rel, int64_t level, cut):
    """Per query: #{i < cut[j] : rel_i >= level} over its ranking."""
    return _per_query(RELEVANT_IN_TOP, offsets, rel, level, cut, None, False)


def ir_precision_sum(offsets, rel, int64_t level, cut):
    """Per query: sum over relevant ranks i <= cut of (relevant in the top i) / i (AP's
    numerator)."""
    return _per_query(PRECISION_SUM, offsets, rel, level, cut, None, False)


def ir_first_relevant(offsets, rel, int64_t level, cut):
    """Per query: 1-based rank of the first relevant element within the cut, 0 if none."""
    return _per_query(FIRST_RELEVANT, offsets, rel, level, cut, None, False)


def ir_dcg(offsets, rel, cut, log2_rank, bint exponential):
    """Per query: sum over ranks i <= cut with rel_i > 0 of gain(rel_i) / log2(i + 1);
    gain = rel (trec_eval) or 2^rel - 1 (exponential). ``log2_rank[i - 1] = log2(i + 1)``."""
    return _per_query(DCG, offsets, rel, 0, cut, log2_rank, exponential)


def ir_bpref(offsets, rel, int64_t level, num_rel, num_nonrel):
    """Per query: sum over judged relevant retrieved r of 1 - min(N_r, R) / min(N, R)
    (N_r judged non-relevant above r; 1 when N_r = 0), not yet divided by R."""
    return _per_query(BPREF, offsets, rel, level, num_rel, num_nonrel, False)


def ir_ranking_columns(offsets, rel, int64_t level):
    """Per query: (k, p, soma) of the ranking cut after its last relevant element: k relevant
    retrieved, p the rank of the last one, soma the sum of the ranks above p not relevant."""
    return _per_query(RANKING_COLUMNS, offsets, rel, level, None, None, False)
