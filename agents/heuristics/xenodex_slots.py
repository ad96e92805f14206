"""The XenodeX heuristic's board terms (per slot: its units' values, its anchors' values and
the threat and pressure of the units against them), remembered between calls.

`add_board_terms(s, state, f, grid)` adds them to the seat scores `s`, slot by slot, as the
reference `scores` adds them. A slot's terms depend only on its units (in order), their cards
and BP, whether the board holds Ancients, and the slot's live anchors and STR tables from the
anchor grid. Greedy's children and a search's nodes share most slots with the position scored
just before them, so `f.slots` (a `SlotTerms`) keeps, per slot, those facts and the additions
the slot made; a slot whose facts are unchanged replays its additions: the same floats added
to the same seats in the same order, so the sums are equal to the bit. The memo holds the card
table and grid it was built under, so a position from another game or grid starts it over.
"""
from __future__ import annotations

from typing import Any


class SlotTerms:
    """Per slot, the facts its terms were computed from (its units, their BP, its live anchors
    and STR tables) and the additions `(seat, value)` they made; with the card table and
    Ancients flag they hold under, and the BP list of the last call."""

    __slots__ = ("card", "no_ancients", "bp", "units", "unit_bp", "live", "powers", "adds")

    def __init__(self) -> None:
        self.card: Any = None
        self.no_ancients = False
        self.bp: list[int] = []
        self.units: list[Any] = []
        self.unit_bp: list[list[int]] = []
        self.live: list[Any] = []
        self.powers: list[Any] = []
        self.adds: list[list[tuple[int, float]]] = []


def _slot_adds(units: list[int], anchors: Any, tables: list[list[float]], state: Any, f: Any,
               no_ancients: bool) -> list[tuple[int, float]]:
    """The additions one slot makes to the seat scores, in `scores`' order (a subtraction as
    the addition of the negated value, which IEEE arithmetic makes the same float)."""
    n, D, card, bp = state.n, state.D, state.card, state.bp
    adds: list[tuple[int, float]] = []
    if units:
        unit, u_bp, unit_bp = f.unit, f.u_bp, f.unit_bp
        power = [0.0] * n
        for j in units:
            q = j // D
            if no_ancients or q < n:
                u = card[j]
                b = bp[j]
                try:  # a character on the board has 1 to its printed BP (the engine's invariant)
                    adds.append((q, unit_bp[u][b]))
                except IndexError:  # more than printed: no rule gives it, but stay exact
                    adds.append((q, unit[u] * b / u_bp[u]))
                power[q] += tables[q][u] * b
        if anchors is None:
            return adds
        total = sum(power)
        if total > 0.0:
            pressure = f.pressure
            for q, val, threat_val, pressure_val in anchors:
                adds.append((q, val))
                own = power[q]
                rival = total - own
                if rival > 0.0:
                    share = rival / total
                    adds.append((q, -(threat_val * share * 2.0 if own == 0.0 else threat_val * share)))
                    if pressure:
                        for r in range(n):
                            if r != q and power[r] > 0.0:
                                adds.append((r, pressure_val * power[r] / total))
            return adds
    if anchors is not None:
        for a in anchors:
            adds.append((a[0], a[1]))
    return adds


def add_board_terms(s: list[float], state: Any, f: Any, grid: tuple[Any, ...]) -> None:
    """Add every slot's board terms to `s` (see the module docstring); `f` is the heuristic's
    `_Weighted` (its `slots` the memo), `grid` the `_grid` of `state`."""
    memo: SlotTerms = f.slots
    board, card, bp = state.board, state.card, state.bp
    no_ancients = state.sides == state.n
    live, powers = grid[3], grid[4]
    if memo.card is not card:
        if memo.card != card or memo.no_ancients != no_ancients or len(memo.units) != len(board):
            K = len(board)
            memo.no_ancients = no_ancients
            memo.units = [None] * K  # no slot remembered
            memo.unit_bp, memo.live, memo.powers, memo.adds = [[]] * K, [None] * K, [None] * K, [[]] * K
            memo.bp = []
        memo.card = card  # held, so never changed in place: the engine copies it before writing
    elif memo.no_ancients != no_ancients:
        memo.no_ancients = no_ancients
        memo.units = [None] * len(board)
    same_bp = memo.bp == bp
    if not same_bp:
        memo.bp = bp[:]
    m_units, m_bp, m_live, m_powers, m_adds = memo.units, memo.unit_bp, memo.live, memo.powers, memo.adds
    for k, units in enumerate(board):
        anchors, tables = live[k], powers[k]
        if units == m_units[k] and anchors == m_live[k] and tables == m_powers[k] \
                and (same_bp or [bp[j] for j in units] == m_bp[k]):
            adds = m_adds[k]
        else:
            adds = m_adds[k] = _slot_adds(units, anchors, tables, state, f, no_ancients)
            m_units[k] = units[:]
            m_bp[k] = [bp[j] for j in units]
            m_live[k], m_powers[k] = anchors, tables
        for q, v in adds:
            s[q] += v
