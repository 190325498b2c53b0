# Kernels for IR metrics over many queries; mirrored by rankscore/_fallback/ir.py
#
# A set of queries is flat: entries of query j are [offsets[j], offsets[j+1]). ``rel`` holds
# the judged relevance of each retrieved element in ranking order (-1 = not judged).
# ``cut[j]`` is how many ranks of query j count (a cut-off k, R, or the whole ranking).

from cpython.unicode cimport PyUnicode_AsUTF8AndSize
from libc.stdlib cimport strtod, strtoll
from libc.stdint cimport int64_t, uint64_t
from libc.errno cimport ERANGE, errno
from libc.string cimport memchr, memcpy

import numpy as np

cdef uint64_t _FNV_OFFSET = 14695981039346656037ULL
cdef uint64_t _FNV_PRIME = 1099511628211ULL


def fnv1a_hashes(object[:] names):
    """64-bit FNV-1a hash of the UTF-8 bytes of each str in ``names``."""
    cdef Py_ssize_t i, j, n = names.shape[0], size
    cdef const char* text
    cdef uint64_t h
    out = np.empty(n, dtype=np.uint64)
    cdef uint64_t[:] hashes = out
    for i in range(n):
        text = PyUnicode_AsUTF8AndSize(names[i], &size)
        h = _FNV_OFFSET
        for j in range(size):  # h = (h xor byte) * prime
            h = (h ^ <unsigned char>text[j]) * _FNV_PRIME
        hashes[i] = h
    return out


cdef inline bint _is_space(char c) noexcept nogil:
    return c == b' ' or c == b'\t' or c == b'\r' or c == b'\v' or c == b'\f'


def parse_trec(const unsigned char[:] data, int n_fields, int value_field, bint integer_values):
    """Parse a TREC run (6 fields, value 4 = score) or qrels file (4 fields, value 3 = rel).

    Fields are separated by spaces or tabs; blank lines are skipped. Returns
    ``(query_codes, query_names, doc_codes, doc_names, values, bad_line)``: names are the
    distinct str (UTF-8) of fields 0 and 2 in order of appearance, codes index them; ``values`` are
    float64 (``integer_values``: an integer is required). ``bad_line`` is 0 when every line
    parsed, else the 1-based number of the first line with the wrong number of fields or an
    unreadable value (the other outputs are then meaningless).
    """
    global errno  # the C library's, reset before each strtoll
    cdef Py_ssize_t n = data.shape[0], pos = 0, line_end, field_start, count = 0, capacity
    cdef Py_ssize_t starts[8]
    cdef Py_ssize_t ends[8]
    cdef int field
    cdef int64_t line = 0, bad_line = 0
    cdef const char* base = <const char*> &data[0] if n > 0 else NULL
    cdef char buffer[64]
    cdef char* end_ptr
    cdef Py_ssize_t width
    cdef int64_t last_query = -1
    cdef str last_query_text = None
    capacity = 1024
    for pos in range(n):  # one entry per line at most
        if data[pos] == 10:
            capacity += 1
    pos = 0
    query_codes = np.empty(capacity, dtype=np.int64)
    doc_codes = np.empty(capacity, dtype=np.int64)
    values = np.empty(capacity, dtype=np.float64)
    cdef int64_t[:] qc = query_codes, dc = doc_codes
    cdef double[:] val = values
    query_index = {}
    doc_index = {}
    query_names = []
    doc_names = []
    cdef object key, code
    while pos < n:
        line += 1
        line_end = pos
        while line_end < n and data[line_end] != 10:
            line_end += 1
        field = 0
        while pos < line_end:
            while pos < line_end and _is_space(data[pos]):
                pos += 1
            if pos >= line_end:
                break
            field_start = pos
            while pos < line_end and not _is_space(data[pos]):
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
        if width >= 63:
            bad_line = line
            break
        memcpy(buffer, base + starts[value_field], width)
        buffer[width] = 0
        errno = 0
        if integer_values:
            val[count] = <double> strtoll(buffer, &end_ptr, 10)
            if errno == ERANGE:  # beyond 64 bits
                bad_line = line
                break
        else:
            val[count] = strtod(buffer, &end_ptr)
        if end_ptr != buffer + width or width == 0 or memchr(buffer, b'x', width) != NULL \
                or memchr(buffer, b'X', width) != NULL:  # no C hexadecimal floats
            bad_line = line
            break
        # query: lines of one query usually follow each other, so compare with the last one
        key = base[starts[0]:ends[0]].decode("utf-8")
        if last_query_text is None or key != last_query_text:
            code = query_index.get(key)
            if code is None:
                code = len(query_names)
                query_index[key] = code
                query_names.append(key)
            last_query = code
            last_query_text = key
        qc[count] = last_query
        key = base[starts[2]:ends[2]].decode("utf-8")
        code = doc_index.get(key)
        if code is None:
            code = len(doc_names)
            doc_index[key] = code
            doc_names.append(key)
        dc[count] = code
        count += 1
    return (query_codes[:count], query_names, doc_codes[:count], doc_names, values[:count],
            bad_line)


def ir_join(const int64_t[:] run_starts, const int64_t[:] run_stops, const uint64_t[:] run_hash,
            const int64_t[:] run_docs, object[:] run_names,
            const int64_t[:] qrels_starts, const int64_t[:] qrels_stops,
            const uint64_t[:] qrels_hash, const int64_t[:] qrels_docs, object[:] qrels_names,
            const int64_t[:] relevance, const int64_t[:] out_offsets, bint verify):
    """Judged relevance of each run entry of each evaluated query j (-1 if not judged),
    written at out_offsets[j] + (i - run_starts[j]); and whether an id met another id with
    the same hash (then the result is not to be used).

    Entry i of the run finds the qrels entry of query j with the same hash by binary search
    (qrels hashes ascending within a query); with ``verify`` the two ids are then compared
    as strings (the caller skips that for a pair of qrels and run it has verified before).
    """
    cdef Py_ssize_t j, i, lo, hi, mid, at, nq = run_starts.shape[0]
    cdef uint64_t h
    rel_out = np.empty(out_offsets[nq], dtype=np.int64)
    match_out = np.empty(out_offsets[nq], dtype=np.int64)
    cdef int64_t[:] rel = rel_out, match = match_out
    cdef bint collision = False
    cdef uint64_t seen[4]  # bit (h >> 56) set for each judged hash h of the query: a quick "no"
    with nogil:
        for j in range(nq):
            seen[0] = seen[1] = seen[2] = seen[3] = 0
            for i in range(qrels_starts[j], qrels_stops[j]):
                seen[qrels_hash[i] >> 62] |= (<uint64_t>1) << ((qrels_hash[i] >> 56) & 63)
            for i in range(run_starts[j], run_stops[j]):
                h = run_hash[i]
                at = out_offsets[j] + i - run_starts[j]
                if not (seen[h >> 62] >> ((h >> 56) & 63)) & 1:
                    match[at] = -1
                    continue
                lo = qrels_starts[j]
                hi = qrels_stops[j]
                while lo < hi:  # first entry with hash >= h
                    mid = (lo + hi) >> 1
                    if qrels_hash[mid] < h:
                        lo = mid + 1
                    else:
                        hi = mid
                match[at] = lo if lo < qrels_stops[j] and qrels_hash[lo] == h else -1
    if not verify:
        with nogil:
            for at in range(out_offsets[nq]):
                rel[at] = relevance[match[at]] if match[at] >= 0 else -1
        return rel_out, False
    for j in range(nq):
        for i in range(run_starts[j], run_stops[j]):
            at = out_offsets[j] + i - run_starts[j]
            if match[at] < 0:
                rel[at] = -1
            elif run_names[run_docs[i]] == qrels_names[qrels_docs[match[at]]]:
                rel[at] = relevance[match[at]]
            else:
                collision = True
                rel[at] = -1
    return rel_out, collision


def ir_relevant_in_top(const int64_t[:] offsets, const int64_t[:] rel, int64_t level,
                       const int64_t[:] cut):
    """Per query: #{i < cut[j] : rel_i >= level} over its ranking."""
    cdef Py_ssize_t j, i, nq = offsets.shape[0] - 1
    cdef int64_t count
    out = np.empty(nq, dtype=np.int64)
    cdef int64_t[:] result = out
    with nogil:
        for j in range(nq):
            count = 0
            for i in range(offsets[j], min(offsets[j + 1], offsets[j] + cut[j])):
                if rel[i] >= level:
                    count += 1
            result[j] = count
    return out


def ir_precision_sum(const int64_t[:] offsets, const int64_t[:] rel, int64_t level,
                     const int64_t[:] cut):
    """Per query: sum over relevant ranks i <= cut of (relevant in the top i) / i (AP's
    numerator)."""
    cdef Py_ssize_t j, i, nq = offsets.shape[0] - 1
    cdef int64_t found
    cdef double total
    out = np.empty(nq, dtype=np.float64)
    cdef double[:] result = out
    with nogil:
        for j in range(nq):
            found = 0
            total = 0.0
            for i in range(offsets[j], min(offsets[j + 1], offsets[j] + cut[j])):
                if rel[i] >= level:
                    found += 1
                    total += <double>found / <double>(i - offsets[j] + 1)
            result[j] = total
    return out


def ir_first_relevant(const int64_t[:] offsets, const int64_t[:] rel, int64_t level,
                      const int64_t[:] cut):
    """Per query: 1-based rank of the first relevant element within the cut, 0 if none."""
    cdef Py_ssize_t j, i, nq = offsets.shape[0] - 1
    out = np.zeros(nq, dtype=np.int64)
    cdef int64_t[:] result = out
    with nogil:
        for j in range(nq):
            for i in range(offsets[j], min(offsets[j + 1], offsets[j] + cut[j])):
                if rel[i] >= level:
                    result[j] = i - offsets[j] + 1
                    break
    return out


def ir_dcg(const int64_t[:] offsets, const int64_t[:] rel, const int64_t[:] cut,
           const double[:] log2_rank, bint exponential):
    """Per query: sum over ranks i <= cut with rel_i > 0 of gain(rel_i) / log2(i + 1);
    gain = rel (trec_eval) or 2^rel - 1 (exponential). ``log2_rank[i - 1] = log2(i + 1)``."""
    cdef Py_ssize_t j, i, nq = offsets.shape[0] - 1
    cdef double total, gain
    out = np.empty(nq, dtype=np.float64)
    cdef double[:] result = out
    with nogil:
        for j in range(nq):
            total = 0.0
            for i in range(offsets[j], min(offsets[j + 1], offsets[j] + cut[j])):
                if rel[i] > 0:
                    gain = (2.0 ** <double>rel[i] - 1.0) if exponential else <double>rel[i]
                    total += gain / log2_rank[i - offsets[j]]
            result[j] = total
    return out


def ir_bpref(const int64_t[:] offsets, const int64_t[:] rel, int64_t level,
             const int64_t[:] num_rel, const int64_t[:] num_nonrel):
    """Per query: sum over judged relevant retrieved r of 1 - min(N_r, R) / min(N, R)
    (N_r judged non-relevant above r; 1 when N_r = 0), not yet divided by R."""
    cdef Py_ssize_t j, i, nq = offsets.shape[0] - 1
    cdef int64_t nonrel
    cdef double total
    out = np.empty(nq, dtype=np.float64)
    cdef double[:] result = out
    with nogil:
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
    return out


def ir_ranking_columns(const int64_t[:] offsets, const int64_t[:] rel, int64_t level):
    """Per query: (k, p, soma) of the ranking cut after its last relevant element: k relevant
    retrieved, p the rank of the last one, soma the sum of the ranks above p not relevant."""
    cdef Py_ssize_t j, i, nq = offsets.shape[0] - 1
    cdef int64_t k, p, sumx
    k_out = np.empty(nq, dtype=np.int64)
    p_out = np.empty(nq, dtype=np.int64)
    soma_out = np.empty(nq, dtype=np.int64)
    cdef int64_t[:] kk = k_out, pp = p_out, soma = soma_out
    with nogil:
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
    return k_out, p_out, soma_out
