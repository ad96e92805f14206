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
heuristic's path is agents/heuristics/cipher_state.py (`state_value`, `CipherHeuristic`,
`make`), the same float computed from the state's public fields.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any

from agents.base import AgentConfig
from sim.cipher import effects as fx
from sim.cipher.observation import battle_view

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
