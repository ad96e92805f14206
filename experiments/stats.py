"""Interval estimates used by every figure tcglab prints: run summaries, strength runs, tables.

- `wilson`: the Wilson score interval of one proportion (plain floats);
- `proportion_ci`: the same over numpy arrays; it keeps close to its nominal coverage
  even for small counts and rates near 0 or 1, where the normal interval does not.
- `difference_ci`: Newcombe's hybrid score interval (method 10, Newcombe 1998) of a
  difference of two independent proportions, built from the two Wilson intervals.
- `mean_ci`: a normal-approximation interval of a mean (game lengths).

Counts may be fractional (a draw counts 1/n of a win for each of n seats). A count below 0,
successes above their n or a `z` that is not a positive number raise `ValueError` naming the
value (an interval of them would read as a figure and mean nothing); NaN passes through.
"""
from __future__ import annotations

import numpy as np

Z95 = 1.96
_SLACK = 1e-9  # sums of fractional scores may miss 0 or n by rounding


def _check_z(z) -> float:
    if isinstance(z, bool) or not isinstance(z, int | float | np.integer | np.floating) or not 0 < z < np.inf:
        raise ValueError(f"z must be a positive number of standard errors (1.96 for 95%), got {z!r}")
    return float(z)


def _check_counts(s: np.ndarray, n: np.ndarray) -> None:
    """ValueError naming the first count below 0, or successes above their n (NaN passes)."""
    with np.errstate(invalid="ignore"):
        bad_n = n < 0
        bad_s = (s < -_SLACK * (1 + np.abs(n))) | (s > n + _SLACK * (1 + np.abs(n)))
    if bad_n.any():
        raise ValueError(f"n must be a count of at least 0, got {float(n[bad_n].flat[0]):g}")
    if bad_s.any():
        i = np.flatnonzero(np.broadcast_to(bad_s, np.broadcast(s, n).shape))[0]
        shape = bad_s.shape
        raise ValueError(f"successes must lie between 0 and n, got {float(np.broadcast_to(s, shape).flat[i]):g} "
                         f"successes of n={float(np.broadcast_to(n, shape).flat[i]):g}")


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (low, high) of successes/n as floats; (0, 1) when n is 0."""
    low, high = proportion_ci(successes, n, z)
    return float(low), float(high)


def proportion_ci(successes, n, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval (low, high) of successes/n; (0, 1) where n is 0."""
    z = _check_z(z)
    s = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    _check_counts(s, n)
    s = np.clip(s, 0.0, np.maximum(n, 0.0))
    safe = np.where(n > 0, n, 1.0)
    p = s / safe
    denom = 1 + z * z / safe
    centre = (p + z * z / (2 * safe)) / denom
    half = z * np.sqrt(np.maximum(p * (1 - p) / safe + z * z / (4 * safe * safe), 0.0)) / denom
    low = np.where(n > 0, np.maximum(0.0, centre - half), 0.0)
    high = np.where(n > 0, np.minimum(1.0, centre + half), 1.0)
    return low, high


def half_width(successes, n, z: float = Z95) -> np.ndarray:
    """Half the width of the Wilson interval (the early-stopping criterion of sweeps)."""
    low, high = proportion_ci(successes, n, z)
    return (high - low) / 2


def difference_ci(s1, n1, s2, n2, z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(difference, low, high) of p1 - p2 by Newcombe's hybrid score interval (NaN if a side is empty)."""
    s1, n1, s2, n2 = (np.asarray(a, dtype=float) for a in (s1, n1, s2, n2))
    ok = (n1 > 0) & (n2 > 0)
    p1 = s1 / np.where(n1 > 0, n1, 1.0)
    p2 = s2 / np.where(n2 > 0, n2, 1.0)
    l1, u1 = proportion_ci(s1, n1, z)
    l2, u2 = proportion_ci(s2, n2, z)
    d = p1 - p2
    low = d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    nan = np.full_like(d, np.nan)
    return np.where(ok, d, nan), np.where(ok, low, nan), np.where(ok, high, nan)


def mean_ci(values, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) of a sample by the normal approximation (NaN bounds below 2 values)."""
    z = _check_z(z)
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return (float("nan"),) * 3
    m = float(x.mean())
    if x.size < 2:
        return m, float("nan"), float("nan")
    sem = float(x.std(ddof=1)) / np.sqrt(x.size)
    return m, m - z * sem, m + z * sem
