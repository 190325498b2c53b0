"""The null distributions of the Kolmogorov–Smirnov statistics, with scipy's numbers.

Four laws, each the one ``scipy.stats`` uses for the same test, so that
:mod:`rankscore.kstest` reproduces ``ks_1samp``, ``kstest`` and ``ks_2samp`` to 1e-10
(absolute, and relative for tiny p-values) without importing scipy:

* ``kolmogorov_sf(z)``: the limit law, P(sqrt(n) D_n > z) as n → ∞ (scipy's
  ``kstwobign.sf``, ``scipy.special.kolmogorov``).
* ``smirnov_sf(n, d)``: the one-sided one-sample law P(D+_n >= d), Birnbaum & Tingey (1951)
  (``ksone.sf``, ``scipy.special.smirnov``).
* ``kolmogorov_n_sf(n, d)``: the two-sided one-sample law P(D_n >= d) for finite n, chosen
  among exact and asymptotic methods by the rule of Simard & L'Ecuyer (2011)
  (``kstwo.sf``).
* ``two_sample_sf(...)``: the two-sample law P(D_{m,n} >= d), exact by counting lattice paths
  (Hodges 1957), or asymptotic, with scipy's choice between them.

Everything here is scalar and O(1) or close to it, except the exact two-sample counts, whose
O(m n) loop is the kernel ``ks_two_sample_sf`` (``_kernels/ks.pyx`` / ``_fallback/ks.py``).
The Birnbaum–Tingey sum has up to n terms; for large n it is summed on a coarser lattice
where two successive lattices agree (see ``_smirnov_sum``), a few hundred terms at any n.

References: Birnbaum & Tingey, Ann. Math. Statist. 22 (1951) 592-596; Durbin, Ann. Math.
Statist. 39 (1968) 398-411; Marsaglia, Tsang & Wang, J. Stat. Softw. 8(18) (2003);
Pomeranz, Comm. ACM 17(12) (1974) 703-704; Pelz & Good, J. R. Stat. Soc. B 38 (1976)
152-156; Simard & L'Ecuyer, J. Stat. Softw. 39(11) (2011); Hodges, Ark. Mat. 3 (1958)
469-486; Viehmann, arXiv:2102.08037 (2021); Loader, "Fast and accurate computation of
binomial probabilities" (2000).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from . import _backend
from .exceptions import warn_user

__all__ = [
    "kolmogorov_sf",
    "smirnov_sf",
    "kolmogorov_n_sf",
    "two_sample_sf",
    "MAX_AUTO_EXACT",
]

_PI2 = math.pi**2
_LN_SQRT_2PI = 0.5 * math.log(2 * math.pi)
# exp() of anything below this is 0 in float64 (log 2**-1075)
_MIN_LOG = -745.1332191019412
# 'auto' counts paths exactly while both samples have at most this many values (scipy's rule)
MAX_AUTO_EXACT = 10_000


# ---------------------------------------------------------------------------------------
# the limit law


def kolmogorov_sf(z: float) -> float:
    """P(K > z), K = sup |B(t)| of the Brownian bridge (the limit of sqrt(n) D_n).

    For z > 0.82, 2 Σ_{k>=1} (-1)^(k-1) exp(-2 k² z²); below, through Jacobi's identity,
    1 - sqrt(2π)/z Σ_{k>=1} exp(-(2k-1)² π² / (8 z²)), which converges fast there.
    """
    if math.isnan(z):
        return math.nan
    if z <= math.pi / math.sqrt(8 * 746):  # the cdf underflows
        return 1.0
    if z <= 0.82:
        u = math.exp(-_PI2 / (8 * z * z))
        cdf, k = 0.0, 1
        while True:
            term = u ** ((2 * k - 1) ** 2)
            cdf += term
            if term <= 1e-17 * cdf:
                break
            k += 1
        return _clip(1.0 - math.sqrt(2 * math.pi) / z * cdf)
    v = math.exp(-2 * z * z)
    total, k = 0.0, 1
    while True:
        term = v ** (k * k)
        total += term if k % 2 else -term
        if term <= 1e-17 * v:
            break
        k += 1
    return _clip(2 * total)


def _clip(p: float) -> float:
    return min(max(p, 0.0), 1.0)


# ---------------------------------------------------------------------------------------
# one-sided, one sample: Birnbaum & Tingey


def smirnov_sf(n: int, d: float) -> float:
    """P(D+_n >= d) for a sample of n from a continuous law (D+ = sup (F_n - F)).

    Birnbaum & Tingey: P = d Σ_{v=0}^{⌊n(1-d)⌋} C(n, v) (d + v/n)^(v-1) (1 - d - v/n)^(n-v).
    Each term is d/p times the binomial probability of v at p = d + v/n, evaluated in
    Loader's saddle-point form (relative error ~1e-15 at any n). As scipy: exact closed
    forms for d <= 1/n and d >= 1 - 1/n, 0 where exp(-2 n d²) underflows, and for
    n > 10^6 the approximation exp(-(6 n d + 1)² / (18 n)).
    """
    if not (n > 0 and 0.0 <= d <= 1.0):
        return math.nan
    if n == 1:
        return 1.0 - d
    if d == 0.0:
        return 1.0
    if d == 1.0:
        return 0.0
    c = Fraction(d) * n  # n d, exactly
    nd_floor = math.floor(c)
    if nd_floor == 0 or c == 1:  # d <= 1/n: the cdf is d (1 + d)^(n-1)
        return 1.0 - d * math.exp((n - 1) * math.log1p(d))
    if -2 * n * d * d < _MIN_LOG:
        return 0.0
    if nd_floor >= n - 1:  # d >= 1 - 1/n: (1 - d)^n, 1 - d exact here
        return math.pow(1.0 - d, n)
    if n > 1_000_000:
        log_p = -((6.0 * n * d + 1) ** 2) / 18.0 / n
        return math.exp(log_p) if log_p < -math.log(2) else 1.0 + math.expm1(log_p)
    return _clip(_smirnov_sum(n, d, c, nd_floor))


_SMALL_STIRLING = [0.0] + [
    math.log(math.factorial(k)) - (k + 0.5) * math.log(k) + k - _LN_SQRT_2PI
    for k in range(1, 16)
]


def _stirling_error(k: np.ndarray) -> np.ndarray:
    """log(k!) - log(sqrt(2π k) (k/e)^k) (0 at k = 0): a table below 16, the series above."""
    out = np.empty(k.shape)
    small = k < 16
    out[small] = np.take(_SMALL_STIRLING, k[small].astype(np.intp))
    big = k[~small]
    r2 = 1.0 / (big * big)
    out[~small] = (1 / 12 - (1 / 360 - (1 / 1260 - (1 / 1680 - r2 / 1188) * r2) * r2) * r2) / big
    return out


def _deviance(x: np.ndarray, diff: np.ndarray, mean: np.ndarray) -> np.ndarray:
    """x log(x / M) + M - x for M = ``mean`` = x + ``diff`` (Loader's bd0), without the
    cancellation of that form when x is close to M: with u = (x - M) / (x + M) it is
    (x - M) u + 2 x Σ_{j>=1} u^(2j+1) / (2j + 1)."""
    u = -diff / (x + mean)
    near = np.abs(u) < 0.1
    with np.errstate(divide="ignore", invalid="ignore"):
        direct = x * np.log1p(-diff / mean) + diff
    total = -diff * u
    term = 2 * x * u
    u2 = u * u
    for j in range(1, 13):  # |u| < 0.1: 13 terms reach 1e-26 of the first
        term = term * u2
        total = total + term / (2 * j + 1)
    result: np.ndarray = np.where(near, total, direct)
    return result


def _smirnov_terms(n: int, c_hi: float, c_lo: float, v: np.ndarray) -> np.ndarray:
    """The Birnbaum–Tingey terms at v (float array, 0 <= v < n - n d), n d = c_hi + c_lo.

    Term = (n d / (v + n d)) * Binomial(v; n, p) with p = (v + n d) / n; the binomial
    probability is Loader's exp(-stirling errors - bd0(v, n p) - bd0(n - v, n q)) *
    sqrt(n / (2π v (n - v))), where n p - v = n d and n q - (n - v) = -n d exactly.
    """
    w = n - v
    nd = np.full_like(v, c_hi)
    rest = (w - c_hi) - c_lo  # n q, the room left above v + n d
    with np.errstate(divide="ignore", invalid="ignore"):
        log_term = (_stirling_error(np.array([float(n)]))[0] - _stirling_error(v)
                    - _stirling_error(w) - _deviance(v, nd, v + nd)
                    - _deviance(w, -nd, rest) + 0.5 * np.log(n / (2 * math.pi * v * w))
                    + np.log(c_hi / (v + c_hi)))
        # v = 0: (1 - d)^n = exp(-bd0(n, n - n d) - n d)
        first = -_deviance(np.array([float(n)]), np.array([-c_hi]),
                           np.array([(n - c_hi) - c_lo]))[0] - c_hi
    log_term[v == 0] = first
    terms: np.ndarray = np.exp(log_term)
    return terms


# The terms vary smoothly with v (a bell over p = d + v/n): once the bell spans many
# lattice steps, summing every k-th term times k is the trapezoid rule of an analytic,
# negligible-at-the-ends function, whose error falls like exp(-2π² (width / k)²). The sum
# is refined by halving k until two successive step sizes agree and the bell holds enough
# points; inputs where that never happens (a narrow bell, a heavy end term) reach k = 1,
# the plain sum.
_PLAIN_SUM_TERMS = 4096
_STEP_AGREEMENT = 1e-13
_BELL_POINTS = 48


def _smirnov_sum(n: int, d: float, c: Fraction, nd_floor: int) -> float:
    """Σ of the Birnbaum–Tingey terms over v = 0 .. n - ⌊n d⌋ - 1 (c = n d exactly): all of
    them up to _PLAIN_SUM_TERMS, else every 2^k-th term times 2^k, halving the step from
    about (n - n d) / 64 until the sum agrees with the previous (twice coarser) one to
    _STEP_AGREEMENT and holds _BELL_POINTS terms within 1e-13 of the largest (tested
    against the plain sum in tests/test_kolmogorov.py)."""
    c_hi = float(c)
    c_lo = float(c - Fraction(c_hi))
    last = n - nd_floor - 1  # the last v with d + v/n < 1
    if last + 1 <= _PLAIN_SUM_TERMS:
        return float(np.sum(_smirnov_terms(n, c_hi, c_lo, np.arange(last + 1.0))))
    step = 1 << int(math.log2((last + 1) / 64))
    values = _smirnov_terms(n, c_hi, c_lo, np.arange(0.0, last + 1, step))
    total = float(np.sum(values))
    previous = step * total
    while step > 1:
        step //= 2
        new = _smirnov_terms(n, c_hi, c_lo, np.arange(float(step), last + 1, 2 * step))
        values = np.concatenate([values, new])
        total += float(np.sum(new))
        estimate = step * total
        peak = float(values.max())
        bell = int(np.count_nonzero(values >= peak * 1e-13))
        if (bell >= _BELL_POINTS and abs(estimate - previous) <= _STEP_AGREEMENT * estimate):
            return estimate
        previous = estimate
    return previous


# ---------------------------------------------------------------------------------------
# two-sided, one sample, finite n: Simard & L'Ecuyer's choice of method


def kolmogorov_n_sf(n: int, d: float) -> float:
    """P(D_n >= d), D_n = sup |F_n - F| of n values from a continuous law (scipy's
    ``kstwo.sf``).

    Exact where it is cheap: Ruben & Gambino's closed forms for n d <= 1 and n d >= n - 1,
    2 P(D+_n >= d) for d >= 1/2 (the two one-sided events cannot both happen there),
    Durbin's matrix and Pomeranz's recursion for small n. Otherwise, as Simard & L'Ecuyer
    (2011): 2 P(D+_n >= d) where n d² >= 2.2 (the overlap of the two one-sided events is
    then negligible), Durbin's matrix for n <= 10^5 and n d^1.5 <= 1.4, and Pelz & Good's
    asymptotic series (three correction terms in 1/sqrt(n)) beyond.
    """
    if not n > 0:
        return math.nan
    if d >= 1.0:
        return 0.0
    if d <= 0.0:
        return 1.0
    t = n * d
    if t <= 1.0:
        if t <= 0.5:
            return 1.0
        # Ruben & Gambino: P(D_n < d) = n!/n^n (2 n d - 1)^n
        if n <= 140:
            cdf = float(np.prod(np.arange(1, n + 1) * (1.0 / n) * (2 * t - 1)))
        else:
            cdf = math.exp(_log_factorial_over_power(n) + n * math.log(2 * t - 1))
        return _clip(1.0 - cdf)
    if t >= n - 1:
        return _clip(2 * (1.0 - d) ** n)
    if d >= 0.5:
        return _clip(2 * smirnov_sf(n, d))
    nd2 = t * d
    if n <= 140:
        if nd2 <= 0.754693:
            return _clip(1.0 - _durbin_cdf(n, d))
        if nd2 <= 4:
            return _clip(1.0 - _pomeranz_cdf(n, d))
        return _clip(2 * smirnov_sf(n, d))
    if nd2 >= 370.0:
        return 0.0
    if nd2 >= 2.2:
        return _clip(2 * smirnov_sf(n, d))
    if n <= 100_000 and n * d**1.5 <= 1.4:
        return _clip(1.0 - _durbin_cdf(n, d))
    return _clip(1.0 - _pelz_good_cdf(n, d))


_STIRLING_SERIES = [-2.955065359477124183e-2, 6.4102564102564102564e-3,
                    -1.9175269175269175269e-3, 8.4175084175084175084e-4,
                    -5.952380952380952381e-4, 7.9365079365079365079e-4,
                    -2.7777777777777777778e-3, 8.3333333333333333333e-2]


def _log_factorial_over_power(n: int) -> float:
    """log(n! / n^n) by Stirling's series:
    log(n)/2 - n + log(2π)/2 + Σ B_2j / (2j (2j-1) n^(2j-1))."""
    r = 1.0 / n
    series = 0.0
    for b in _STIRLING_SERIES:  # Horner in 1/n²
        series = series * (r / n) + b
    return math.log(n) / 2 - n + _LN_SQRT_2PI + r * series


def _factorial_over_power(n: int) -> tuple[float, int]:
    """n! / n^n as (mantissa, binary exponent): the product of i/n, i = 1..n, multiplied in
    blocks of 64 frexp mantissas (each block's product stays above 2**-64)."""
    mantissa, exponent = np.frexp(np.arange(1, n + 1) / n)
    total = int(exponent.sum())
    while len(mantissa) > 1:
        pad = -len(mantissa) % 64
        blocks = np.concatenate([mantissa, np.ones(pad)]).reshape(-1, 64)
        mantissa, exponent = np.frexp(blocks.prod(axis=1))
        total += int(exponent.sum())
    return float(mantissa[0]), total


def _durbin_cdf(n: int, d: float) -> float:
    """P(D_n < d) by Durbin's matrix, as Marsaglia, Tsang & Wang (2003): with n d = k - h
    (k an integer, 0 <= h < 1) and the (2k-1)² matrix H of that paper, the probability is
    n!/n^n (H^n)[k-1, k-1]; H^n is formed by repeated squaring, rescaled by powers of two."""
    nd = n * d
    if nd <= 0.5:
        return 0.0
    k = math.ceil(nd)
    h = k - nd
    m = 2 * k - 1
    inverse_factorial = np.concatenate([[1.0], np.cumprod(1.0 / np.arange(1, m + 1))])
    rows, cols = np.indices((m, m))
    lag = rows - cols + 1
    H = np.where(lag >= 0, inverse_factorial[np.clip(lag, 0, m)], 0.0)
    powers = h ** np.arange(1, m + 1)
    H[:, 0] -= powers * inverse_factorial[1:]
    H[m - 1, :] -= powers[::-1] * inverse_factorial[m:0:-1]
    H[m - 1, 0] += max(2 * h - 1, 0.0) ** m * inverse_factorial[m]
    result, result_exp = np.eye(m), 0
    square, square_exp = H, 0
    e = n
    while e:
        if e & 1:
            result = result @ square
            result_exp += square_exp
            result, result_exp = _rescale(result, result_exp)
        e >>= 1
        if e:
            square = square @ square
            square_exp *= 2
            square, square_exp = _rescale(square, square_exp)
    mantissa, exponent = _factorial_over_power(n)
    return _clip(math.ldexp(float(result[k - 1, k - 1]) * mantissa, result_exp + exponent))


def _rescale(a: np.ndarray, exp: int) -> tuple[np.ndarray, int]:
    """a * 2**exp with the largest entry of a brought near 1 (exact: a power of two)."""
    top = float(np.abs(a).max())
    if top == 0.0 or 2.0**-64 <= top <= 2.0**64:
        return a, exp
    shift = math.frexp(top)[1]
    return np.ldexp(a, -shift), exp + shift


def _pomeranz_cdf(n: int, d: float) -> float:
    """P(D_n < d) by Pomeranz's (1974) recursion, as written by Simard & L'Ecuyer (2011):
    2n + 1 rows, each the convolution of the previous one with Poisson-like weights
    (g/n)^j / j!, (2g/n)^j / j! or ((1 - 2g)/n)^j / j!, g the distance of n d to the nearest
    integer; only a band of each row is non-zero. The answer is n! times the last entry."""
    t = n * d
    whole = math.floor(t)
    f = t - whole
    g = min(f, 1.0 - f)
    up = 1 if f > 0 else 0
    half_up = 1 if f > 0.5 else 0
    width = 2 * (whole + 1)
    j = np.arange(width)
    inverse_factorial = np.concatenate([[1.0], np.cumprod(1.0 / np.arange(1, width))])
    end_weights = (g / n) ** j * inverse_factorial
    odd_weights = (2 * g / n) ** j * inverse_factorial
    even_weights = ((1 - 2 * g) / n) ** j * inverse_factorial

    def band(i: int) -> tuple[int, int]:
        """First and last column of row i that can be non-zero."""
        if i == 0:
            lo, hi = -whole - up - 1, whole + up - 1
        else:
            half, odd = divmod(i + 1, 2)
            if odd == 0:  # i odd
                if half == n + 1:
                    lo, hi = n - whole - up - 1, n + whole + up - 1
                else:
                    lo, hi = half - 1 - whole - half_up - 1, half + whole - 1 + up - 1
            else:
                lo, hi = half - 1 - whole - 1, half + whole + half_up - 1
        return max(lo + 2, 0), min(hi, n)

    row = np.zeros(width)
    row[0] = 1.0
    row_start = 0
    lo, hi = band(0)
    exponent = 0
    for i in range(1, 2 * n + 2):
        previous_lo = lo
        lo, hi = band(i)
        weights = end_weights if i in (1, 2 * n + 1) else (odd_weights if i % 2 else even_weights)
        span = hi - previous_lo + 1
        new_row = np.zeros(width)
        if span > 0:
            source = row[previous_lo - row_start: previous_lo - row_start + span]
            conv = np.convolve(source, weights[:span])
            new_row[: hi - lo + 1] = conv[lo - previous_lo: hi - previous_lo + 1]
            top = float(np.max(new_row))
            if 0 < top < 2.0**-128:
                new_row *= 2.0**128
                exponent -= 128
            row_start = row_start + lo - previous_lo
        row = new_row
    answer = float(row[n - row_start])
    for factor in range(1, n + 1):  # times n!
        if abs(answer) > 2.0**128:
            answer *= 2.0**-128
            exponent += 128
        answer *= factor
    return _clip(math.ldexp(answer, exponent))


def _pelz_good_cdf(n: int, d: float) -> float:
    """P(D_n <= d) ~ K0(z) + K1(z)/sqrt(n) + K2(z)/n + K3(z)/n^1.5, z = d sqrt(n), with
    Pelz & Good's (1976) forms of Li-Chien's and Korolyuk's terms for small z (sums over
    odd k of polynomials times q^(k²), q = exp(-π²/(8 z²)))."""
    if d <= 0.0:
        return 0.0
    if d >= 1.0:
        return 1.0
    z = math.sqrt(n) * d
    z2, z3, z4, z6 = z**2, z**3, z**4, z**6
    log_q = -_PI2 / 8 / z2
    if log_q < -708:
        return 0.0
    q = math.exp(log_q)
    pi4, pi6 = _PI2**2, _PI2**3
    k1a, k1b = -z2, _PI2 / 4
    k2a, k2b, k2c = 6 * z6 + 2 * z4, (2 * z4 - 5 * z2) * _PI2 / 4, pi4 * (1 - 2 * z2) / 16
    k3d = pi6 * (5 - 30 * z2) / 64
    k3c = pi4 * (-60 * z2 + 212 * z4) / 16
    k3b = _PI2 * (135 * z4 - 96 * z6) / 4
    k3a = -30 * z6 - 90 * z**8
    terms = np.zeros(4)
    top = math.ceil(16 * z / math.pi)
    for k in range(top, 0, -1):  # Horner over odd m = 2k - 1: Σ c(m) q^(m²) = q Σ c(m) q^(m²-1)
        m = 2 * k - 1
        m2, m4, m6 = m**2, m**4, m**6
        terms *= q ** (8 * k)
        terms += np.array([1.0, k1a + k1b * m2, k2a + k2b * m2 + k2c * m4,
                           k3a + k3b * m2 + k3c * m4 + k3d * m6])
    terms *= q * math.sqrt(2 * math.pi)
    terms /= np.array([z, 6 * z4, 72 * z**7, 6480 * z**10])
    # the sums over all k of K2 and K3: (π² k²) and (3 π² k² z² - π⁴ k⁴) times
    # exp(-π² k² / (2 z²))
    ks = np.arange(top, 0, -1)
    k2 = ks**2
    weight = math.exp(-_PI2 / 2 / z2) ** k2
    root3z = math.sqrt(3) * z
    terms[2] += np.sum(k2 * weight) * _PI2 * math.sqrt(2 * math.pi) / (-36 * z3)
    terms[3] += (np.sum((root3z + math.pi * ks) * (root3z - math.pi * ks) * k2 * weight)
                 * _PI2 * math.sqrt(2 * math.pi) / (216 * z6))
    terms /= np.power(float(n), np.arange(4) / 2.0)
    return float(np.sum(terms))


# ---------------------------------------------------------------------------------------
# two samples


def two_sample_sf(n1: int, n2: int, gap: int, alternative: str, method: str,
                  tie_sizes: np.ndarray | None = None, *, caller: str = "ks_2samp") -> float:
    """P-value of the two-sample statistic d = gap / (n1 n2) (scipy's ``ks_2samp``).

    ``gap`` is the exact integer n1 n2 D (D the two-sided, ``'greater'`` or ``'less'``
    statistic of the samples in that order). ``method``: ``'exact'`` counts lattice paths,
    ``'asymp'`` uses the finite-n Kolmogorov law at n = round(n1 n2 / (n1 + n2)) (two-sided)
    or Hodges' (1957, eq. 5.3) one-sided approximation, ``'auto'`` is exact while both
    samples have at most ``MAX_AUTO_EXACT`` values. As scipy, an exact request falls back to
    the asymptotic law with a RuntimeWarning when lcm(n1, n2) passes 2**31 or, one-sided
    with n1 != n2, when C(n1 + n2, n1) is out of double range. ``tie_sizes`` (the sizes of
    the pooled sample's blocks of equal values, in order) asks for the exact law given the
    ties: the statistic is only read at the end of each block.
    """
    g = math.gcd(n1, n2)
    h = gap // g  # the statistic in units of 1 / lcm(n1, n2)
    d = gap / (n1 * n2)
    if method == "auto":
        method = "exact" if max(n1, n2) <= MAX_AUTO_EXACT else "asymp"
    elif method == "exact" and n1 // g >= np.iinfo(np.int32).max / (n2 // g):
        warn_user(f"{caller}: an exact p-value is not possible with samples of {n1} and "
                  f"{n2} values (lcm > 2**31, as in scipy); using method='asymp'",
                  RuntimeWarning)
        method = "asymp"
    if method == "exact":
        p = _two_sample_exact(n1, n2, h, alternative, tie_sizes)
        if p is not None:
            return _clip(p)
        warn_user(f"{caller}: the exact one-sided p-value for samples of {n1} and {n2} "
                  "values is out of double range (as in scipy); using method='asymp'",
                  RuntimeWarning)
    m, n = sorted([float(n1), float(n2)], reverse=True)
    en = m * n / (m + n)
    if alternative == "two-sided":
        return kolmogorov_n_sf(round(en), d)
    z = math.sqrt(en) * d
    # Hodges' approximation; m the larger sample
    return _clip(math.exp(-2 * z**2 - 2 * z * (m + 2 * n) / math.sqrt(m * n * (m + n)) / 3.0))


def _two_sample_exact(n1: int, n2: int, h: int, alternative: str,
                      tie_sizes: np.ndarray | None) -> float | None:
    """P(D >= h / lcm) for samples of n1 and n2 values; None where scipy's exact
    computation fails (one-sided, n1 != n2, C(n1 + n2, n1) > the largest double)."""
    if h == 0:
        return 1.0
    k = _backend.kernels
    two_sided = alternative == "two-sided"
    if tie_sizes is not None:
        checked = np.zeros(n1 + n2 + 1, dtype=np.uint8)
        checked[np.cumsum(tie_sizes)] = 1
        if alternative == "less":
            return float(k.ks_two_sample_sf(n2, n1, h, False, checked))
        return float(k.ks_two_sample_sf(n1, n2, h, two_sided, checked))
    no_ties = np.zeros(0, dtype=np.uint8)
    if two_sided:
        if n1 == n2:
            return _equal_sizes_two_sided(n1, h)
        return float(k.ks_two_sample_sf(n1, n2, h, True, no_ties))
    if n1 == n2:  # C(2n, n - h) / C(2n, n)
        j = np.arange(h)
        return float(np.prod((n1 - j) / (n1 + j + 1.0)))
    try:
        float(math.comb(n1 + n2, n1))
    except OverflowError:
        return None
    return float(k.ks_two_sample_sf(n1, n2, h, False, no_ties))


def _equal_sizes_two_sided(n: int, h: int) -> float:
    """P(D_{n,n} >= h/n) = 2 Σ_{k>=1} (-1)^(k-1) C(2n, n - k h) / C(2n, n) (Gnedenko &
    Korolyuk), nested as 2 r_1 (1 - r_2 (1 - r_3 (...))) with the ratios
    r_k = C(2n, n - k h) / C(2n, n - (k-1) h), so that no term is formed on its own; each
    ratio is a product of h factors, multiplied in scipy's order."""
    total = 0.0
    for k in range(n // h, -1, -1):
        ratio = 1.0
        for j in range(h):
            ratio = (n - k * h - j) * ratio / (n + k * h + j + 1)
        total = ratio * (1.0 - total)
    return 2 * total
