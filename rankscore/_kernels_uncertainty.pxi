# Kernels for DeLong's variance and the bootstrap; mirrored by rankscore/_fallback/uncertainty.py.
#
# DeLong: the class parts arrive sorted ascending (as for the sweep kernels), and one merge
# pass gives every sample's placement. Bootstrap: every sample is one "cell" (2 * g + is_pos,
# g the rank of its score among the distinct scores), so a replicate is a vector of
# multiplicities over the cells and needs no sort; the random draws come from SplitMix64
# streams, one per replicate, reproduced bit for bit by the fallback.

from libc.math cimport NAN


cdef extern from *:
    """
    /* SplitMix64 (Steele, Lea & Flood 2014): the k-th output of the stream seeded with s. */
    static inline uint64_t rankscore_splitmix64(uint64_t s, uint64_t k) {
        uint64_t z = s + k * 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    """
    uint64_t rankscore_splitmix64(uint64_t s, uint64_t k) noexcept nogil


def delong_placements(const sweep_score_t[:] neg, const sweep_score_t[:] pos,
                      double[:] neg_out, double[:] pos_out, const Py_ssize_t[:] neg_order,
                      const Py_ssize_t[:] pos_order):
    """Twice DeLong's placements, as exact integers in float64:
    pos_out = 2 #{neg < x} + #{neg == x} for each positive x,
    neg_out = 2 #{pos > y} + #{pos == y} for each negative y.
    Written in sorted order, or to out[order[i]] for the i-th smallest when orders are given."""
    cdef Py_ssize_t n_neg = neg.shape[0], n_pos = pos.shape[0], i = 0, j = 0, i_end, j_end, k
    cdef bint scatter = neg_order is not None
    cdef sweep_score_t t
    cdef double value
    with nogil:
        while i < n_neg or j < n_pos:  # one tied group of scores at a time, ascending
            if j == n_pos or (i < n_neg and neg[i] < pos[j]):
                t = neg[i]
            else:
                t = pos[j]
            i_end = i
            while i_end < n_neg and neg[i_end] == t:
                i_end += 1
            j_end = j
            while j_end < n_pos and pos[j_end] == t:
                j_end += 1
            value = 2.0 * i + (i_end - i)  # the positives at t: negatives below, tied
            for k in range(j, j_end):
                pos_out[pos_order[k] if scatter else k] = value
            value = 2.0 * (n_pos - j_end) + (j_end - j)  # the negatives: positives above, tied
            for k in range(i, i_end):
                neg_out[neg_order[k] if scatter else k] = value
            i, j = i_end, j_end


cdef inline uint64_t _draw_range(const Py_ssize_t[:] cells, const double[:] weights,
                                 bint weighted, Py_ssize_t start, Py_ssize_t stop,
                                 uint64_t seed, uint64_t k, double[:] counts) noexcept nogil:
    # stop - start draws of a position in [start, stop), from output k + 1 of the stream on:
    # position start + floor(u * size), u = (z >> 11) 2^-53 uniform on [0, 1) (53 bits)
    cdef Py_ssize_t size = stop - start, d, p
    cdef double u
    for d in range(size):
        k += 1
        u = <double>(rankscore_splitmix64(seed, k) >> 11) * 1.1102230246251565e-16
        p = <Py_ssize_t>(u * <double>size)
        p = start + (p if p < size else size - 1)
        counts[cells[p]] += weights[p] if weighted else 1.0
    return k


cdef inline void _draw_counts(const Py_ssize_t[:] cells, const double[:] weights,
                              bint weighted, Py_ssize_t n_neg, bint stratified, uint64_t seed,
                              double[:] counts) noexcept nogil:
    # counts[c] = (weighted) draws of cell c: negatives then positives when stratified
    cdef Py_ssize_t c, n = cells.shape[0]
    cdef uint64_t k
    for c in range(counts.shape[0]):
        counts[c] = 0.0
    if stratified:
        k = _draw_range(cells, weights, weighted, 0, n_neg, seed, 0, counts)
        _draw_range(cells, weights, weighted, n_neg, n, seed, k, counts)
    else:
        _draw_range(cells, weights, weighted, 0, n, seed, 0, counts)


def bootstrap_counts(const Py_ssize_t[:] cells, const double[:] weights, Py_ssize_t n_neg,
                     bint stratified, const uint64_t[:] seeds, double[:, ::1] out):
    """out[r, c] = (weighted) number of draws of cell c in replicate r (seed seeds[r]).

    Positions [0, n_neg) hold the negatives, [n_neg, n) the positives; a stratified
    replicate draws n_neg positions from the first range and n - n_neg from the second, an
    unstratified one n from all."""
    cdef Py_ssize_t r
    cdef bint weighted = weights is not None
    with nogil:
        for r in range(seeds.shape[0]):
            _draw_counts(cells, weights, weighted, n_neg, stratified, seeds[r], out[r])


def bootstrap_auc(const Py_ssize_t[:] cells, const double[:] weights, Py_ssize_t n_neg,
                  bint stratified, const uint64_t[:] seeds, Py_ssize_t n_cells, double[:] out):
    """ROC AUC of each replicate of ``bootstrap_counts`` (n_cells even: cell 2g holds the
    negatives of group g, 2g + 1 its positives; NaN when a class is not drawn):
    sum over groups of pos_c (neg_below + neg_c / 2) / (W+ W-), groups ascending."""
    cdef Py_ssize_t r, g, n_groups = n_cells // 2
    cdef double below, total, w_pos, neg_c, pos_c
    cdef bint weighted = weights is not None
    counts_arr = np.empty(2 * n_groups)
    cdef double[:] counts = counts_arr
    with nogil:
        for r in range(seeds.shape[0]):
            _draw_counts(cells, weights, weighted, n_neg, stratified, seeds[r], counts)
            below = total = w_pos = 0.0
            for g in range(n_groups):
                neg_c, pos_c = counts[2 * g], counts[2 * g + 1]
                total += pos_c * (below + 0.5 * neg_c)
                below += neg_c
                w_pos += pos_c
            out[r] = total / (w_pos * below) if w_pos > 0 and below > 0 else NAN
