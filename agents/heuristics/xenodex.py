"""The XenodeX heuristic: a per-seat score in CDX-equivalents, turned into expected rewards.

Read from the public facts of a state (`state.public_board()`: the part of every seat's
observation the terms need, so nothing hidden, XD-29; no hand is ever looked at) plus the
game's printed tables (`state.game`). `scores(board, tables, weights)` values every seat's
position in CDX-equivalents; `values(board, tables, weights)` turns the n scores into a
value per seat in [-1, 1] through a softmax "win chance",

    P_p = softmax(score / scale)_p,     value_p = (n * P_p - 1) / (n - 1),

which is the expected return (+1 for the winner, -1/(n-1) for each other seat) if P were
the win probabilities; the values sum to 0, and with 2 seats value_0 =
tanh((score_0 - score_1) / (2 * scale)). Raising a seat's score lowers every rival, the
leader most, so a seat gains most by hurting the strongest rival.

A seat's score has these terms (weights in `XenodexWeights`):

- CDX: the CDX held (`cdx`, worth less over the last `cdx_horizon` cycles, when fewer
  Summons remain to spend it), and its income: base income plus anchor emission per cycle
  (the observation's `emission`: solo or contested, with the current Echo) times the
  cycles still to be paid, at most `horizon` (`income`).
- board strength: each character on the board is worth its printed cost times its BP
  fraction (`unit`), a staged one its cost (`staged_unit`), a character in hand `hand`,
  a TX still playable this cycle `tx`; each live anchor what was paid for it (anchor cost
  plus upgrades, `anchor`) times its BP fraction, a disabled one `disabled` of that
  (it earns nothing but still blocks rivals), a staged anchor `staged_anchor` of its cost.
- slots: each slot the seat cleanly controls (`control`) and each that would prove at
  this cycle's Results (controlled now and at the start of the cycle, `proven`), both
  weighted up as the cycle limit nears by `1 + endgame * progress**3` (progress 0 at
  cycle 1, 1 at the limit), where the proven-slot count decides the game; `converge`
  more when the seat cleanly controls every slot (convergence at Results wins outright).
- battle: in the battle being fought, each action a character of a seat that has not held
  may still take is worth `ready` per point of its STR + 3.5 (the mean roll), so holding
  gives that up and selecting a character does not.
- threats: in a slot where rivals have characters, the seat's anchor there risks the
  rival share of the slot's fighting power (STR + 3.5 average roll times BP) times
  `threat` of its value, doubled when the seat has no character there (an unsupported
  anchor can be captured); optionally (`pressure`, off by default) the seat's characters
  are credited the same share of the rival anchors' value.

`scores` reads a `PublicBoard`; `state_scores` computes the same floats from the state's
public fields (the heuristic's path: no board is built).
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any

from agents.base import AgentConfig
from sim.xenodex import battle as bt
from sim.xenodex import cycle as cy
from sim.xenodex.state import DENIED


@dataclasses.dataclass(frozen=True)
class XenodexWeights(AgentConfig):
    """Weights of the XenodeX heuristic (units: one CDX = 1)."""

    cdx: float = 0.7
    """Value of one CDX held while `cdx_horizon` or more cycles are left."""
    cdx_horizon: int = 4
    """CDX held is worth `cdx * min(1, (cycles left + 1) / cdx_horizon)`: less as the end
    nears and fewer Summons remain to spend it (0: no decay)."""
    income: float = 0.7
    """Value of one CDX of income per cycle still to be paid."""
    horizon: int = 5
    """Future cycles of income counted at most."""
    unit: float = 1.0
    """Value per CDX of printed cost of a character on the board, times its BP fraction."""
    staged_unit: float = 0.9
    """Value per CDX of printed cost of a staged character."""
    hand: float = 1.0
    """Value of a character in hand."""
    tx: float = 2.0
    """Value of a transmission in hand while the seat may still play one this cycle."""
    anchor: float = 1.0
    """Value per CDX paid for a live anchor (cost plus upgrades), times its BP fraction."""
    disabled: float = 0.4
    """Fraction of its paid value a disabled anchor keeps."""
    staged_anchor: float = 0.9
    """Value per CDX of the anchor cost of a staged anchor."""
    control: float = 6.0
    """Value of each cleanly controlled slot (before the endgame multiplier)."""
    proven: float = 6.0
    """Value of each slot that would prove at this cycle's Results (before the multiplier)."""
    endgame: float = 8.0
    """Slot terms are multiplied by 1 + endgame * progress**3 (progress 1 at the limit)."""
    fade: float = 0.0
    """Material terms (CDX, income, characters, anchors, threats) are multiplied by
    1 - fade * progress**3: at the limit only the slots decide."""
    converge: float = 40.0
    """Extra value of cleanly controlling every slot of the board."""
    threat: float = 0.4
    """Fraction of an anchor's value at risk from the rival share of its slot's power."""
    pressure: float = 0.0
    """Fraction of rival anchors' value credited to the seat's share of a slot's power."""
    ready: float = 0.3
    """In the battle being fought, value per point of STR + 3.5 of each action a character of
    a seat that has not held may still take there (so holding gives it up)."""
    scale: float = 50.0
    """Softmax temperature in CDX-equivalents (2 seats: a lead of 100 maps to tanh(1))."""


class _Tables:
    """Printed facts of one game object the heuristic needs (built once per game)."""

    __slots__ = ("anchor_cost", "base_income", "cost", "invested", "limit", "n")

    def __init__(self, game: Any) -> None:
        p = game.params
        self.n = game.num_players
        self.cost = list(game.u_cost)
        self.anchor_cost = p.anchor_cost
        paid = [p.anchor_cost]
        for c in p.upgrade_costs:
            paid.append(paid[-1] + c)
        self.invested = paid
        self.base_income = p.base_income
        self.limit = p.cycle_limit


def _clock(cycle: int, limit: int, w: XenodexWeights) -> tuple[float, float, int, float]:
    """(progress through the game, endgame urgency, cycles of income still to come (this
    cycle's was paid at its top), the CDX weight) at `cycle` of `limit`."""
    progress = min(1.0, (cycle - 1) / (limit - 1)) if limit > 1 else 1.0
    urgency = 1.0 + w.endgame * progress ** 3
    cycles_left = min(max(limit - cycle, 0), w.horizon)
    w_cdx = w.cdx
    if w.cdx_horizon:
        w_cdx *= min(1.0, (max(limit - cycle, 0) + 1) / w.cdx_horizon)
    return progress, urgency, cycles_left, w_cdx


def _add_anchor(s: list[float], q: int, val: float, power: list[float], total: float, w: XenodexWeights) -> None:
    """Seat q's anchor worth `val` in a slot where the seats have `power` (`total` in all): q
    gains it less the share rivals threaten, and with `w.pressure` each rival gains its share."""
    s[q] += val
    if total > 0.0:
        rival = total - power[q]
        if rival > 0.0:
            share = rival / total
            s[q] -= w.threat * val * share * (2.0 if power[q] == 0.0 else 1.0)
            if w.pressure:
                for r in range(len(s)):
                    if r != q and power[r] > 0.0:
                        s[r] += w.pressure * val * power[r] / total


def _faded(s: list[float], slot_terms: list[float], controlled: list[int], K: int, urgency: float,
           progress: float, w: XenodexWeights) -> list[float]:
    """The scores: the seat terms faded toward the end, plus the slot terms (with the
    convergence bonus of a seat controlling every slot)."""
    if w.converge:
        for q in range(len(s)):
            if controlled[q] == K:
                slot_terms[q] += w.converge * urgency
    m = 1.0 - w.fade * progress ** 3
    return [x * m + y for x, y in zip(s, slot_terms)]


def scores(board: Any, t: _Tables, w: XenodexWeights) -> list[float]:
    """Every seat's score (CDX-equivalents) from the public facts of a state: its
    `PublicBoard` (`state.public_board()`, or `board_from_observation` of an observation)."""
    cycle = board.cycle
    limit = board.cycle_limit
    phase = board.phase
    progress, urgency, cycles_left, w_cdx = _clock(cycle, limit, w)
    cost = t.cost
    invested = t.invested
    seats = board.seats
    n = len(seats)
    s = [0.0] * n
    for q, (cdx, emission, staged, staged_anchors, hand_size, tx_left, tx_hand) in enumerate(seats):
        v = w_cdx * cdx + w.income * cycles_left * (t.base_income + emission)
        v += w.staged_unit * sum(cost[c] for c in staged)
        v += w.staged_anchor * t.anchor_cost * staged_anchors
        v += w.hand * hand_size
        if tx_left > 0 and phase != "over":
            v += w.tx * tx_hand
        s[q] = v
    slots = board.slots
    K = len(slots)
    controlled = [0] * n
    battle = board.battle
    if battle is not None and w.ready:
        passed = battle[1]
        for q, _card, _bp, _max_bp, strength, used, max_strikes, denied in slots[battle[0]][3]:
            if q < n and q not in passed and not denied:
                left = max_strikes - used
                if left > 0:
                    s[q] += w.ready * left * (strength + 3.5)
    slot_terms = [0.0] * n
    for c, start, anchors, units in slots:
        if c >= 0:
            controlled[c] += 1
            slot_terms[c] += w.control * urgency
            if start == c:
                slot_terms[c] += w.proven * urgency
        power = [0.0] * n
        for q, card, bp, max_bp, strength, _used, _strikes, _denied in units:
            if q < n:
                s[q] += w.unit * cost[card] * bp / max_bp
                power[q] += (strength + 3.5) * bp
        total = sum(power)
        for q, a in enumerate(anchors):
            if a is None:
                continue
            level, a_bp, a_max_bp, active = a
            paid = invested[level] * a_bp / a_max_bp
            _add_anchor(s, q, w.anchor * (paid if active else w.disabled * invested[level]), power, total, w)
    return _faded(s, slot_terms, controlled, K, urgency, progress, w)


def state_scores(state: Any, t: _Tables, w: XenodexWeights) -> list[float]:
    """`scores(state.public_board(), t, w)` computed straight from the public fields of the
    state that board copies, with the same arithmetic in the same order (search scores
    thousands of its own copies a second). Tests hold it equal to `scores`."""
    g = state.game
    cycle = state.cycle
    limit = state.params.cycle_limit
    phase = state.phase
    progress, urgency, cycles_left, w_cdx = _clock(cycle, limit, w)
    cost = t.cost
    invested = t.invested
    n, K, D = state.n, state.K, state.D
    card, bp, used, flags = state.card, state.bp, state.used, state.flags
    alvl, abp = state.alvl, state.abp
    u_bp, u_str, u_strikes = g.u_bp, g.u_str, g.u_strikes
    cdx, staged, astaged, hand = state.cdx, state.staged, state.astaged, state.hand
    tx_left, tx_hand = state.tx_left, state.tx_hand
    tx_counts = phase != "over"
    s = [0.0] * n
    for q in range(n):
        v = w_cdx * cdx[q] + w.income * cycles_left * (t.base_income + cy.emission(state, q))
        v += w.staged_unit * sum(cost[card[i]] for i in staged[q])
        v += w.staged_anchor * t.anchor_cost * astaged[q]
        v += w.hand * len(hand[q])
        if tx_counts and tx_left[q] > 0:
            v += w.tx * len(tx_hand[q])
        s[q] = v
    board = state.board
    bslot = state.bslot
    if bslot >= 0 and w.ready:
        bpassed = state.bpassed
        bonus = bt.slot_bonuses(state, bslot)[0]
        for j in board[bslot]:
            q = j // D
            if q < n and not bpassed >> q & 1 and not flags[j] & DENIED:
                c = card[j]
                left = u_strikes[c] - used[j]
                if left > 0:
                    strength = u_str[c] + bonus[q]
                    s[q] += w.ready * left * ((strength if strength > 0 else 0) + 3.5)
    ctrl = cy.controllers(state)
    start = state.start_ctrl
    controlled = [0] * n
    slot_terms = [0.0] * n
    for k in range(K):
        c = ctrl[k]
        if c >= 0:
            controlled[c] += 1
            slot_terms[c] += w.control * urgency
            if start[k] == c:
                slot_terms[c] += w.proven * urgency
        power = [0.0] * n
        units = board[k]
        if units:
            bonus = bt.slot_bonuses(state, k)[0]
            for j in units:
                q = j // D
                if q < n:
                    u = card[j]
                    b = bp[j]
                    s[q] += w.unit * cost[u] * b / u_bp[u]
                    strength = u_str[u] + bonus[q]
                    power[q] += ((strength if strength > 0 else 0) + 3.5) * b
        total = sum(power)
        for q in range(n):
            idx = q * K + k
            level = alvl[idx]
            if level < 0:
                continue
            a_bp = abp[idx]
            _add_anchor(s, q, w.anchor * (invested[level] * a_bp / g.anchor_bp[level] if a_bp > 0
                                          else w.disabled * invested[level]), power, total, w)
    return _faded(s, slot_terms, controlled, K, urgency, progress, w)


def values(board: Any, t: _Tables, w: XenodexWeights) -> list[float]:
    """Every seat's value in [-1, 1] (the softmax expected return; see the module docstring)."""
    return _softmax_values(scores(board, t, w), w)


def _softmax_values(s: list[float], w: XenodexWeights) -> list[float]:
    n = len(s)
    top = max(s)
    inv = 1.0 / w.scale
    e = [math.exp((x - top) * inv) for x in s]
    z = sum(e)
    k = n / (n - 1)
    off = 1.0 / (n - 1)
    return [k * x / z - off for x in e]


class XenodexHeuristic:
    """`(state) -> [v_0, ..., v_{n-1}]`: `values` of the state's public board (the subset of
    every seat's observation it scores), computed by `state_scores`."""

    __slots__ = ("_tables", "weights")

    def __init__(self, weights: XenodexWeights) -> None:
        self.weights = weights
        self._tables: dict[int, _Tables] = {}

    def __call__(self, state: Any) -> list[float]:
        game = state.game
        hit = self._tables.get(id(game))
        if hit is None or hit[0] is not game:
            hit = self._tables[id(game)] = (game, _Tables(game))  # keeps the game: ids stay unique
        return _softmax_values(state_scores(state, hit[1], self.weights), self.weights)


def make(**weights: Any) -> XenodexHeuristic:
    """The heuristic with `weights` overriding the defaults of `XenodexWeights`."""
    return XenodexHeuristic(XenodexWeights().replace(**weights))
