"""The FE Cipher heuristic: orbs, board, cards and the threat to each Main Character.

Read from one observation (`state.observation(0)`: orbs, units, bonds and hand sizes are
public; the observing seat's own hand and set-aside MC are never looked at) plus the
printed ranges and support of the cards (`state.game`). `score(...)` values one player's
position; with no attack declared, `value(obs, weights, game)` is, from the observing
seat's side,

    tanh((score(you) - score(opponent)) / scale)

with these terms (weights in `CipherWeights`; one orb is worth `orb` = 1):

- orbs: each orb left is worth `orb`. A Main Character destroyed with no orb left loses
  the game, so a hit on a MC costs `orb` less the card its owner takes into hand, or
  `kill` when no orb is left.
- board: each unit other than the MC is worth `unit` plus `power` per 10 of its power
  (without this turn's modifiers, nor a battle's support, modifiers or critical), plus
  `reach` when it stands where it could attack the front line (range 2, or range 1 in
  the front line).
- cards: `hand` per card in hand up to `hand_cap` and `extra_hand` beyond (counted,
  never looked at); bonds `bond` each up to `bond_cap` and `extra_bond` beyond, plus
  `face_up` per face-up bond up to 3, less `no_face_up` when none is face-up (no color to
  deploy with, FE-2).
- threat (MC safety): the orbs a player's units can expect to take from the opposing MC,
  summed over each unit that can reach it (FE-3: a front unit with range 1 reaches the
  front line, range 2 the rear line; a rear unit needs range 2 and reaches the front) with
  a hit chance from the power difference (`hit_chance`: supports are flipped from both
  decks and ties go to the attacker), each hit worth what it costs the defender (the
  last orb gone, the next hit is worth `kill`). The active player counts its untapped
  units (`threat` times that), the waiting player all its units, which untap at its next
  turn (`danger` times that). Deploying, promoting, moving and killing units therefore
  move both MCs' safety.
- tempo: the player not on turn is credited `tempo` (one half) of the draw and bond its
  next turn brings: the new active player draws at once while the other waits a turn, so
  with half the credit ending a turn is neither rewarded nor punished by itself.

An attack declared is valued by its expected outcome: `p * value(hit) + (1 - p) *
value(miss)`, the attacker tapped in both, a hit removing the target (a non-MC unit) or
turning an orb of the MC into a hand card (a MC with no orb left: the game, value 1).
Before the target is chosen the attacker's best target counts, with `p = hit_chance`;
during the battle the current powers decide (supports and a critical included), `p =
sure_hit`, leaving room for an evasion or a critical still to come.

FE Cipher has two seats: the value of seat 1 is minus that of seat 0. `value` reads an
observation (or `seat0_view(state)`, the part of seat 0's it reads, built alone); the
heuristic's path is `state_value`, the same float computed from the state's public fields
with no observation or record built (search scores thousands of its own copies a second).
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any

from agents.base import AgentConfig
from agents.heuristics import TwoSeatHeuristic
from sim.cipher import effects as fx
from sim.cipher.observation import battle_view, quiet_cards, unit_powers

# Hit chance by power difference (attacker - defender) in steps of 10: both sides add a
# support card's power (10-30 in the starter decks) and ties go to the attacker.
_HIT_CHANCE = {-40: 0.05, -30: 0.12, -20: 0.25, -10: 0.4, 0: 0.6, 10: 0.8, 20: 0.9, 30: 0.95}


@dataclasses.dataclass(frozen=True)
class CipherWeights(AgentConfig):
    """Weights of the FE Cipher heuristic (units: one orb = `orb`)."""

    orb: float = 1.0
    """Value of one orb."""
    kill: float = 3.0
    """What a hit on a Main Character with no orb left costs its owner (the game)."""
    hand: float = 0.15
    """Value of each card in hand up to `hand_cap` (a MC hit gives its owner the orb as a card)."""
    hand_cap: int = 7
    """Cards in hand that count `hand` each."""
    extra_hand: float = 0.05
    """Value of each card in hand beyond `hand_cap` (mostly copies of deployed units)."""
    bond: float = 0.25
    """Value of each bond up to `bond_cap`."""
    bond_cap: int = 5
    """Bonds that count `bond` each (the deploy budget the decks need)."""
    extra_bond: float = 0.03
    """Value of each bond beyond `bond_cap`."""
    face_up: float = 0.1
    """Value of each face-up bond up to 3 (they pay reversal costs)."""
    no_face_up: float = 0.4
    """Cost of having bonds but none face-up: no color to deploy with (FE-2)."""
    unit: float = 0.2
    """Value of each unit on the field other than the MC."""
    power: float = 0.05
    """Value per 10 power of each unit other than the MC."""
    threat: float = 0.5
    """Multiplier of the expected orb loss the active player's untapped units threaten now."""
    danger: float = 0.5
    """Multiplier of the expected orb loss the waiting player's units threaten next turn."""
    tempo: float = 0.5
    """Multiplier of the owed income (next draw and bond) of the player not on turn: half of
    it makes ending a turn neutral, since the new active player draws at once while the
    other waits a turn for theirs."""
    reach: float = 0.05
    """Value of each unit other than the MC placed where it could attack a front-line unit
    (front with range 1, or range 2)."""
    sure_hit: float = 0.9
    """Chance a battle in progress goes the way the current powers say (an evasion or a
    critical may still come)."""
    scale: float = 3.0
    """Divisor before tanh: a lead of `scale` orbs maps to 0.76."""


def hit_chance(diff: int) -> float:
    """Chance an attack with `diff` more power than its target hits (before supports)."""
    d = int(math.floor(diff / 10.0)) * 10
    if d < -40:
        return 0.02
    if d > 30:
        return 0.97
    return _HIT_CHANCE[d]


def _mc(units: list[dict]) -> dict | None:
    for u in units:
        if u["mc"]:
            return u
    return None


def _reaches(game: Any, attacker: dict, target_front: bool) -> bool:
    """Whether `attacker` may attack a unit in the front (or rear) line (FE-3)."""
    c = attacker["card"]
    if attacker["line"] == "front":
        return game.r1[c] if target_front else game.r2[c]
    return game.r2[c] and target_front


def hit_cost(orbs: int, w: CipherWeights) -> float:
    """What a hit on a MC with `orbs` left costs its owner."""
    return w.orb - w.hand if orbs > 0 else w.kill


def threat(game: Any, units: list[dict], enemy: dict, ready_only: bool, w: CipherWeights) -> float:
    """Expected value the `units` can take from `enemy`'s MC in one turn (see the module
    docstring); `ready_only`: count only untapped units."""
    mc = _mc(enemy["units"])
    if mc is None:
        return 0.0
    front = mc["line"] == "front"
    bar = mc["power"]
    chances = []
    for u in units:
        if (ready_only and u["tapped"]) or not _reaches(game, u, front):
            continue
        chances.append(hit_chance(u["power"] - bar))
    if not chances:
        return 0.0
    chances.sort(reverse=True)
    orbs_left = float(enemy["orbs"])
    total = 0.0
    for p in chances:
        total += p * hit_cost(1 if orbs_left >= 0.5 else 0, w)
        orbs_left -= p
    return total


def material(game: Any, record: dict, w: CipherWeights) -> float:
    """Orbs, cards, bonds and non-MC units of one player's public record."""
    s = w.orb * record["orbs"] + hand_value(record["hand_size"], w)
    bonds = record["bonds"]
    n = len(bonds)
    if n:
        up = sum(1 for _, face_up in bonds if face_up)
        s += w.bond * min(n, w.bond_cap) + w.extra_bond * max(n - w.bond_cap, 0)
        s += w.face_up * min(up, 3) - (w.no_face_up if up == 0 else 0.0)
    r1, r2 = game.r1, game.r2
    for u in record["units"]:
        if not u["mc"]:
            s += unit_value(u, w)
            c = u["card"]
            if r2[c] or (r1[c] and u["line"] == "front"):
                s += w.reach
    return s


def hand_value(n: int, w: CipherWeights) -> float:
    """Value of `n` cards in hand."""
    return w.hand * min(n, w.hand_cap) + w.extra_hand * max(n - w.hand_cap, 0)


def unit_value(u: dict, w: CipherWeights) -> float:
    """Board value of one unit other than the MC."""
    return w.unit + w.power * max(u["power"] - u["mod"], 0) / 10.0


def _field_view(obs: dict, game: Any) -> tuple[dict, dict]:
    """The `you` and `opponent` records with the battling units' power stripped of what
    lasts only for the battle (battle modifiers, support power, a critical), so that the
    board and threat terms do not change when a battle starts."""
    you, opp = obs["you"], obs["opponent"]
    battle = obs["battle"]
    if battle is None:
        return you, opp
    mine = battle["attacking_player"] == obs["player"]
    att_rec, def_rec = (you, opp) if mine else (opp, you)
    out = []
    for rec, side, mod, attacker in ((att_rec, battle["attacker"], battle["attacker_mod"], True),
                                     (def_rec, battle["defender"], battle["defender_mod"], False)):
        if side is None:
            out.append(rec)
            continue
        units = []
        for u in rec["units"]:
            if u["card"] == side["card"]:
                p = u["power"]
                if attacker and battle["critical"]:
                    p //= game.params.critical_multiplier
                p -= mod
                sup = rec["support"]
                if sup is not None and game.char[sup] != game.char[u["card"]]:
                    p -= game.support[sup]
                u = dict(u, power=max(p, 0))
            units.append(u)
        out.append(dict(rec, units=units))
    att_rec, def_rec = out
    return (att_rec, def_rec) if mine else (def_rec, att_rec)


def score(game: Any, record: dict, other: dict, active: bool, w: CipherWeights) -> float:
    """One player's value: material, the threat to the other's MC, owed income."""
    s = material(game, record, w)
    if active:
        s += w.threat * threat(game, record["units"], other, True, w)
    else:
        s += w.danger * threat(game, record["units"], other, False, w)
        h = record["hand_size"]
        owed = hand_value(h + 1, w) - hand_value(h, w) if record["deck_size"] > 0 else 0.0
        if len(record["bonds"]) < w.bond_cap:
            owed += w.bond - w.hand  # next Bond Phase: a card from hand into the bonds
        s += w.tempo * owed
    return s


def _static_value(game: Any, you: dict, opp: dict, you_active: bool, w: CipherWeights) -> float:
    """tanh of the score difference, from `you`'s side, with no battle pending."""
    diff = score(game, you, opp, you_active, w) - score(game, opp, you, not you_active, w)
    return math.tanh(diff / w.scale)


def _tap(record: dict, card: int) -> dict:
    """`record` with the unit whose top card is `card` tapped (an attacker committed)."""
    return dict(record, units=[dict(u, tapped=True) if u["card"] == card else u
                               for u in record["units"]])


def _hit(record: dict, card: int) -> dict | None:
    """`record` after a successful attack on its unit `card`: a non-MC unit leaves the field,
    the MC turns an orb into a hand card; None when that MC had no orb left (the game)."""
    target = next(u for u in record["units"] if u["card"] == card)
    if target["mc"]:
        if record["orbs"] <= 0:
            return None
        return dict(record, orbs=record["orbs"] - 1, hand_size=record["hand_size"] + 1)
    return dict(record, units=[u for u in record["units"] if u["card"] != card])


def _attack_value(game: Any, att_rec: dict, def_rec: dict, attacker: int, target: int, p: float,
                  w: CipherWeights) -> float:
    """The attacker's expected value of an attack by its unit `attacker` on `target` that
    hits with chance `p` (the attacker is the active player)."""
    tapped = _tap(att_rec, attacker)
    return _expected(game, tapped, def_rec, target, p, _static_value(game, tapped, def_rec, True, w), w)


def _expected(game: Any, tapped: dict, def_rec: dict, target: int, p: float, miss: float,
              w: CipherWeights) -> float:
    """`_attack_value` given the attacker's record with its unit tapped and the value `miss`
    of a miss (the same for every target of one attacker)."""
    after = _hit(def_rec, target)
    hit = 1.0 if after is None else _static_value(game, tapped, after, True, w)
    return p * hit + (1.0 - p) * miss


def value(obs: dict, w: CipherWeights, game: Any) -> float:
    """The observing seat's value in [-1, 1] of a non-terminal position."""
    me = obs["player"]
    you, opp = _field_view(obs, game)
    mine = obs["active"] == me
    att_rec, def_rec = (you, opp) if mine else (opp, you)
    sign = 1.0 if mine else -1.0
    battle = obs["battle"]
    if battle is not None:
        att, dfn = battle["attacker"], battle["defender"]
        if (att is not None and dfn is not None and not battle["evaded"]
                and any(u["card"] == dfn["card"] for u in def_rec["units"])):
            p = w.sure_hit if att["power"] >= dfn["power"] else 1.0 - w.sure_hit
            return sign * _attack_value(game, att_rec, def_rec, att["card"], dfn["card"], p, w)
    pending = obs["pending"]
    if pending is not None and pending["kind"] == "attack_target":
        card = pending["attacker"]
        attacker = next((u for u in att_rec["units"] if u["card"] == card), None)
        if attacker is not None:
            best = None
            tapped = miss = None
            for t in def_rec["units"]:
                if _reaches(game, attacker, t["line"] == "front"):
                    if tapped is None:
                        tapped = _tap(att_rec, card)
                        miss = _static_value(game, tapped, def_rec, True, w)
                    p = hit_chance(attacker["power"] - t["power"])
                    v = _expected(game, tapped, def_rec, t["card"], p, miss, w)
                    best = v if best is None or v > best else best
            if best is not None:
                return sign * best
    return sign * _static_value(game, att_rec, def_rec, True, w)


def _record(state: Any, player: int) -> dict:
    """The fields of `player`'s public record of an observation that the heuristic reads."""
    pl = state.players[player]
    mc = pl.mc
    units = []
    for i, st in enumerate(pl.u_stack):
        units.append({"card": st[-1], "line": "front" if pl.u_front[i] else "rear",
                      "tapped": pl.u_tapped[i], "mc": pl.u_uid[i] == mc,
                      "power": fx.power(state, player, i), "mod": pl.u_mod[i]})
    return {"hand_size": len(pl.hand), "deck_size": len(pl.deck), "orbs": len(pl.orbs),
            "bonds": list(zip(pl.bonds, pl.bond_up)),
            "support": pl.support if pl.support >= 0 else None, "units": units}


def seat0_view(state: Any) -> dict:
    """The part of `state.observation(0)` that `value` reads, built from the state's public
    fields alone (no hand, set-aside MC, retreat or log is touched): `value(seat0_view(s), w,
    g) == value(s.observation(0), w, g)`, which the tests hold."""
    pending = state.pending
    view_pending = None
    if pending is not None:
        view_pending = {"kind": pending[0]}
        if pending[0] == "attack_target":
            pl = state.players[pending[1]]
            view_pending["attacker"] = pl.u_stack[pl.index_of(pending[2])][-1]
    return {"player": 0, "active": state.active, "you": _record(state, 0),
            "opponent": _record(state, 1), "battle": battle_view(state), "pending": view_pending}


# --------------------------------------------------------------------------- the fast path
# `state_value` is `value(seat0_view(state), ...)` unrolled: the same terms read from the
# state's unit lists, every sum, product and comparison taken in the reference's order
# (float addition is not associative), so that the two are equal to the bit: the greedy
# agent breaks ties between equal scores with its generator, and must keep choosing as it did.


class _Memo(dict):
    """A dict that fills a missing key `k` with `f(k)`: a weight formula of a small int."""

    __slots__ = ("f",)

    def __init__(self, f: Any) -> None:
        super().__init__()
        self.f = f

    def __missing__(self, key: int) -> float:
        v = self[key] = self.f(key)
        return v


class _Tables:
    """What `state_value` reads on every call for one (game, weights) pair: card facts, and
    the weight formulas of `material`, `score` and `threat` memoized by their int argument
    (each entry is the reference's expression, evaluated once)."""

    __slots__ = ("game", "w", "base", "loud", "char", "support", "crit", "r1", "r2", "never",
                 "reach_front", "reach_rear", "hand", "owed", "bonds", "face_up", "unit", "chance",
                 "hit")

    def __init__(self, game: Any, w: CipherWeights) -> None:
        self.game, self.w = game, w
        self.base = game.power
        # cards with a continuous skill that may add outside a battle (`quiet_cards`)
        self.loud = frozenset(range(len(game.power))) - quiet_cards(game)
        self.char, self.support = game.char, game.support
        self.crit = game.params.critical_multiplier
        self.r1, self.r2 = game.r1, game.r2
        self.never = [False] * len(game.r2)
        # material's reach bonus of a unit in the front line, and in the rear line
        self.reach_front = [a or b for a, b in zip(game.r1, game.r2)]
        self.reach_rear = game.r2
        self.hand = _Memo(lambda n: hand_value(n, w))
        self.owed = _Memo(lambda h: hand_value(h + 1, w) - hand_value(h, w))
        self.bonds = _Memo(lambda n: w.bond * min(n, w.bond_cap) + w.extra_bond * max(n - w.bond_cap, 0))
        self.face_up = _Memo(lambda up: w.face_up * min(up, 3) - (w.no_face_up if up == 0 else 0.0))
        self.unit = _Memo(lambda d: w.unit + w.power * max(d, 0) / 10.0)
        self.chance = _Memo(hit_chance)
        self.hit = hit_cost(1, w)


_TABLES: dict[tuple[int, int], _Tables] = {}


def _tables(game: Any, w: CipherWeights) -> _Tables:
    """The `_Tables` of (game, weights), built on first use."""
    t = _TABLES.get((id(game), id(w)))
    if t is None or t.game is not game or t.w is not w:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        t = _TABLES[(id(game), id(w))] = _Tables(game, w)
    return t


class _Loud(Exception):
    """A unit's top card may add power outside a battle: its side needs `unit_powers`."""


# A side's powers are a list (`unit_powers`, a battling unit's stripped by `_strip`) or
# None: outside a battle with no loud card, each unit's is its printed power plus its
# modifier, never below zero (`unit_powers`'s quiet case), worked out where it is read.


def _power(t: _Tables, pl: Any, pw: list[int] | None, i: int) -> int:
    """The power of `pl`'s unit `i` (`pw` as above)."""
    if pw is not None:
        return pw[i]
    c = pl.u_stack[i][-1]
    if c in t.loud:
        raise _Loud
    v = t.base[c] + pl.u_mod[i]
    return v if v > 0 else 0


def _side(t: _Tables, pl: Any, pw: list[int] | None, mc: int, orbs: int, hand: int, enemy: Any,
          enemy_pw: list[int] | None, enemy_mc: int, ready_only: bool, removed: int = -1,
          tapped: int = -1) -> tuple[float, list[float]]:
    """`material` of `pl`'s record (MC at index `mc`) with `orbs` and `hand` cards and its
    unit `removed` gone, and the hit chances `threat` sorts, best first: those of its units
    that reach the MC of `enemy` at index `enemy_mc` (none when -1), only untapped ones
    (and not `tapped`) with `ready_only`."""
    w = t.w
    s = w.orb * orbs + t.hand[hand]
    n = len(pl.bonds)
    if n:
        s += t.bonds[n]
        s += t.face_up[sum(pl.bond_up)]
    if enemy_mc >= 0:
        bar = _power(t, enemy, enemy_pw, enemy_mc)
        # what a unit in the front line, and in the rear line, needs to reach the MC (FE-3)
        if enemy.u_front[enemy_mc]:
            from_front, from_rear = t.r1, t.r2
        else:
            from_front, from_rear = t.r2, t.never
    else:
        from_front = from_rear = t.never
    unit, chance, reach, loud, base = t.unit, t.chance, w.reach, t.loud, t.base
    reach_front, reach_rear = t.reach_front, t.reach_rear
    chances = []
    i = -1
    for st, front, m, tap in zip(pl.u_stack, pl.u_front, pl.u_mod, pl.u_tapped):
        i += 1
        if i == removed:
            continue
        c = st[-1]
        if pw is not None:
            p = pw[i]
        elif c in loud:
            raise _Loud
        else:
            p = base[c] + m
            if p < 0:
                p = 0
        if i != mc:
            s += unit[p - m]
            if (reach_front if front else reach_rear)[c]:
                s += reach
        if (from_front if front else from_rear)[c] and not (ready_only and (tap or i == tapped)):
            chances.append(chance[p - bar])
    chances.sort(reverse=True)
    return s, chances


def _orb_loss(t: _Tables, chances: list[float], orbs: int) -> float:
    """`threat` of the sorted `chances` against a MC with `orbs` left."""
    total = 0.0
    if chances:
        hit, kill = t.hit, t.w.kill
        orbs_left = float(orbs)
        for p in chances:
            total += p * (hit if orbs_left >= 0.5 else kill)
            orbs_left -= p
    return total


def _static(t: _Tables, att: tuple[float, list[float]], def_orbs: int, dfn: Any,
            defence: tuple[float, list[float]], att_orbs: int, def_hand: int) -> float:
    """`_static_value` for the active player: `score` of the attacking side (`att`, from
    `_side`) less that of the waiting one (`defence`, with `def_hand` cards)."""
    w = t.w
    a = att[0]
    a += w.threat * _orb_loss(t, att[1], def_orbs)
    d = defence[0]
    d += w.danger * _orb_loss(t, defence[1], att_orbs)
    owed = t.owed[def_hand] if dfn.deck else 0.0
    if len(dfn.bonds) < w.bond_cap:
        owed += w.bond - w.hand
    d += w.tempo * owed
    return math.tanh((a - d) / w.scale)


def _strip(t: _Tables, pl: Any, pw: list[int], i: int, mod: int, critical: bool) -> None:
    """`_field_view` on `pl`'s unit `i`: its power less what lasts only for the battle."""
    p = pw[i]
    if critical:
        p //= t.crit
    p -= mod
    sup = pl.support
    if sup >= 0 and t.char[sup] != t.char[pl.u_stack[i][-1]]:
        p -= t.support[sup]
    pw[i] = max(p, 0)


def _value(state: Any, t: _Tables, att_pw: list[int] | None, def_pw: list[int] | None) -> float:
    """`state_value` with the active and waiting sides' powers (None: see `_power`); raises
    `_Loud` when None does not fit."""
    w = t.w
    active = state.active
    att, dfn = state.players[active], state.players[1 - active]
    sign = 1.0 if active == 0 else -1.0
    fight = None
    if state.b_att >= 0:
        ai, di = att.index_of(state.b_att), dfn.index_of(state.b_def)
        if ai >= 0:
            att_power = att_pw[ai]
            _strip(t, att, att_pw, ai, state.b_att_mod, state.b_crit)
        if di >= 0:
            def_power = def_pw[di]
            _strip(t, dfn, def_pw, di, state.b_def_mod, False)
        if ai >= 0 and di >= 0 and not state.b_evaded:
            fight = (ai, di, w.sure_hit if att_power >= def_power else 1.0 - w.sure_hit)
    att_mc, def_mc = att.index_of(att.mc), dfn.index_of(dfn.mc)
    att_orbs, att_hand, def_orbs, def_hand = len(att.orbs), len(att.hand), len(dfn.orbs), len(dfn.hand)
    defence = _side(t, dfn, def_pw, def_mc, def_orbs, def_hand, att, att_pw, att_mc, False)
    k = -1  # the attacking unit: in the battle, or waiting for its target
    if fight is not None:
        k = fight[0]
    else:
        pending = state.pending
        if pending is not None and pending[0] == "attack_target":
            pl = state.players[pending[1]]
            card = pl.u_stack[pl.index_of(pending[2])][-1]
            for i, st in enumerate(att.u_stack):
                if st[-1] == card:
                    k = i
                    break
    if k < 0:
        return sign * _static(t, _side(t, att, att_pw, att_mc, att_orbs, att_hand, dfn, def_pw, def_mc, True),
                              def_orbs, dfn, defence, att_orbs, def_hand)
    # `_attack_value` and `_expected` of an attack by unit k: the attacker's side with k
    # tapped and the value of a miss are those of every target.
    tapped = _side(t, att, att_pw, att_mc, att_orbs, att_hand, dfn, def_pw, def_mc, True, tapped=k)
    miss = _static(t, tapped, def_orbs, dfn, defence, att_orbs, def_hand)

    def expected(j: int, p: float) -> float:
        if j != def_mc:
            hit = _static(t, tapped, def_orbs, dfn,
                          _side(t, dfn, def_pw, def_mc, def_orbs, def_hand, att, att_pw, att_mc, False,
                                removed=j), att_orbs, def_hand)
        elif def_orbs > 0:
            hit = _static(t, tapped, def_orbs - 1, dfn,
                          _side(t, dfn, def_pw, def_mc, def_orbs - 1, def_hand + 1, att, att_pw, att_mc,
                                False), att_orbs, def_hand + 1)
        else:
            hit = 1.0
        return p * hit + (1.0 - p) * miss

    if fight is not None:
        return sign * expected(fight[1], fight[2])
    card = att.u_stack[k][-1]
    # the lines attacker k reaches (`_reaches`)
    if att.u_front[k]:
        reach_front, reach_rear = t.r1[card], t.r2[card]
    else:
        reach_front, reach_rear = t.r2[card], False
    best = None
    power = _power(t, att, att_pw, k)
    for j, front in enumerate(dfn.u_front):
        if reach_front if front else reach_rear:
            v = expected(j, t.chance[power - _power(t, dfn, def_pw, j)])
            best = v if best is None or v > best else best
    if best is not None:
        return sign * best
    return sign * _static(t, _side(t, att, att_pw, att_mc, att_orbs, att_hand, dfn, def_pw, def_mc, True),
                          def_orbs, dfn, defence, att_orbs, def_hand)


def state_value(state: Any, w: CipherWeights) -> float:
    """`value(state.observation(0), w, state.game)`: seat 0's value of a non-terminal state,
    computed straight from the state's public fields. No observation or record is built,
    each unit's power is worked out once (outside a battle, from its printed power and
    modifier when no card on its side has a skill that could add), card facts and weight
    formulas are looked up per (game, weights) pair; the float is the reference's own (the
    tests hold the two equal over seeded games). `CipherHeuristic` calls it."""
    return _state_value(state, _tables(state.game, w))


def _state_value(state: Any, t: _Tables) -> float:
    """`state_value` with the tables of (state.game, weights): outside a battle each side's
    powers are first worked out where read, then, if a loud card is met, asked of
    `unit_powers` as in a battle."""
    if state.b_att < 0:
        try:
            return _value(state, t, None, None)
        except _Loud:
            pass
    active = state.active
    return _value(state, t, unit_powers(state, active), unit_powers(state, 1 - active))


class CipherHeuristic(TwoSeatHeuristic):
    """`(state) -> [v0, v1]` with `v1 = -v0`: `value` of seat 0's observation, computed
    straight from the state (`state_value`)."""

    __slots__ = ("_tables",)

    def __init__(self, weights: CipherWeights) -> None:
        super().__init__(weights)
        self._tables: _Tables | None = None

    def __reduce__(self) -> tuple:
        # the tables are a cache (with lambdas in it): a copy or a pickle rebuilds them
        return type(self), (self.weights,)

    def seat0_value(self, state: Any) -> float:
        """`value` of seat 0's observation (computed as `state_value` does)."""
        t = self._tables
        if t is None or t.game is not state.game or t.w is not self.weights:
            t = self._tables = _tables(state.game, self.weights)
        return _state_value(state, t)


def make(**weights: Any) -> CipherHeuristic:
    """The heuristic with `weights` overriding the defaults of `CipherWeights`."""
    return CipherHeuristic(CipherWeights().replace(**weights))
