"""Scenario dicts: `state_to_dict` and `state_from_dict` (round trips and rule tests).

A scenario names only what matters; everything else takes a default:

    {"turn": 5, "phase": "action",
     "players": [
        {"units": [{"card": "Marth, Prince of Altea", "mc": True},
                   {"card": "FE009", "line": "rear", "tapped": True}],
         "hand": ["Marth, Star of Hope"], "bonds": ["FE004", {"card": 6, "face_up": False}],
         "orbs": ["Caeda, Talys's Princess"], "deck": ["Cain, The Red Bull"]},
        {"units": [{"card": "Chrom, Prince of Ylisse"}]}]}

Cards may be given as ids (12), codes ("FE012"), card names ("Marth, Prince of Altea") or
a character name that only one card has ("Vaike"). Decks and orbs are listed top first.
A player's MC is the unit marked `"mc": true`, else their first unit. Defaults: turn 3,
first player 0, the active player from the turn's parity, the Action Phase, units in the
front line, untapped, unpromoted. Unknown keys, values of the wrong type or range, and
positions that could not be played on (scenario_checks.py) raise InvalidScenarioError
naming the key (C-4).
"""
from __future__ import annotations

from typing import Any

from sim.cipher.flow import PENDING_KINDS, TASK_KINDS
from sim.cipher.scenario_checks import check_playable
from sim.cipher.state import PlayerState
from sim.core import scenario_fields as fields
from sim.core.board import seat_name
from sim.core.errors import InvalidParamsError, InvalidScenarioError
from sim.core.scenario_fields import bool_field as _bool
from sim.core.scenario_fields import check_keys as _check_keys
from sim.core.scenario_fields import int_field as _int
from sim.core.scenario_fields import to_lists as _to_lists
from sim.core.seeding import rng_state

_TOP_KEYS = {"game", "params", "turn", "active", "first_player", "phase", "winner", "end_reason", "done",
             "players", "tasks", "pending", "battle", "next_uid", "rng", "seed"}
_PLAYER_KEYS = {"deck", "hand", "retreat", "orbs", "bonds", "support", "units", "setaside", "spent",
                "bonded", "revealed", "turns_taken", "mulligans"}
_UNIT_KEYS = {"card", "under", "line", "tapped", "promoted", "mc", "mod", "uid", "used"}
_BATTLE_KEYS = {"attacker", "defender", "attacker_mod", "defender_mod", "critical", "evaded"}
_PHASES = ("mulligan", "bond", "deploy", "action", "over")


def state_to_dict(state) -> dict[str, Any]:
    """A JSON-friendly dict of the whole state, RNG included (round-trips exactly)."""
    battle = None
    if state.b_att >= 0:
        battle = {"attacker": state.b_att, "defender": state.b_def, "attacker_mod": state.b_att_mod,
                  "defender_mod": state.b_def_mod, "critical": state.b_crit, "evaded": state.b_evaded}
    return {
        "game": "cipher", "params": state.params.to_dict(), "turn": state.turn, "active": state.active,
        "first_player": state.first_player, "phase": state.phase, "winner": state.winner,
        "end_reason": state.end_reason, "done": state.done,
        "players": [p.to_dict() for p in state.players],
        "tasks": _to_lists(state.tasks), "pending": _to_lists(state.pending), "battle": battle,
        "next_uid": state.next_uid, "rng": rng_state(state.rng),
    }


class _CardResolver:
    def __init__(self, game) -> None:
        cs = game.card_set
        self.cs = cs
        chars: dict[str, list[int]] = {}
        for c in cs:
            chars.setdefault(c.character.lower(), []).append(c.id)
        self.by_char = {k: v[0] for k, v in chars.items() if len(v) == 1}
        self.by_name = {c.name.lower(): c.id for c in cs}

    def __call__(self, ref: Any, where: str) -> int:
        cs = self.cs
        if isinstance(ref, int) and not isinstance(ref, bool) and ref in cs.by_id:
            return ref
        if isinstance(ref, str):
            r = ref.strip()
            if r in cs.by_code:
                return cs.by_code[r].id
            if r.lower() in self.by_name:
                return self.by_name[r.lower()]
            if r.lower() in self.by_char:
                return self.by_char[r.lower()]
        raise InvalidScenarioError(f"{where}: unknown card {ref!r} (give an id, a code like 'FE012', "
                                   f"a card name, or a character name only one card has)")


def _cards(resolve, d: dict, key: str, where: str) -> list[int]:
    cards = d.get(key, [])
    if not isinstance(cards, list):
        raise InvalidScenarioError(f"{where}.{key}: expected a list of cards")
    return [resolve(c, f"{where}.{key}[{k}]") for k, c in enumerate(cards)]


def _player(game, resolve, d: dict, i: int, s) -> PlayerState:
    where = f"players[{i}]"
    _check_keys(d, _PLAYER_KEYS, where)
    pl = PlayerState()
    pl.deck = _cards(resolve, d, "deck", where)[::-1]
    pl.hand = _cards(resolve, d, "hand", where)
    pl.retreat = _cards(resolve, d, "retreat", where)
    pl.orbs = _cards(resolve, d, "orbs", where)[::-1]
    bonds = d.get("bonds", [])
    if not isinstance(bonds, list):
        raise InvalidScenarioError(f"{where}.bonds: expected a list of cards or {{card, face_up}} dicts")
    for k, b in enumerate(bonds):
        w = f"{where}.bonds[{k}]"
        if isinstance(b, dict):
            _check_keys(b, {"card", "face_up"}, w)
            if "card" not in b:
                raise InvalidScenarioError(f"{w}.card: missing")
            pl.bonds.append(resolve(b["card"], f"{w}.card"))
            pl.bond_up.append(_bool(b, "face_up", True, w))
        else:
            pl.bonds.append(resolve(b, w))
            pl.bond_up.append(True)
    if d.get("support") is not None:
        pl.support = resolve(d["support"], f"{where}.support")
    if d.get("setaside") is not None:
        pl.setaside = resolve(d["setaside"], f"{where}.setaside")
    units = d.get("units", [])
    if not isinstance(units, list):
        raise InvalidScenarioError(f"{where}.units: expected a list of unit dicts")
    mc_index = -1
    for k, u in enumerate(units):
        w = f"{where}.units[{k}]"
        _check_keys(u, _UNIT_KEYS, w)
        if "card" not in u:
            raise InvalidScenarioError(f"{w}.card: missing")
        c = resolve(u["card"], f"{w}.card")
        under = _cards(resolve, u, "under", w)
        ch = game.char[c]
        if ch in pl.u_char:
            raise InvalidScenarioError(f"{w}.card: a unit named {game.cards[c].character} is already on "
                                       f"this side (one unit per character name)")
        for k2, x in enumerate(under):
            if game.char[x] != ch:
                raise InvalidScenarioError(f"{w}.under[{k2}]: {game.cards[x].name!r} is not a "
                                           f"{game.cards[c].character} card")
        line = u.get("line", "front")
        if line not in ("front", "rear"):
            raise InvalidScenarioError(f"{w}.line: expected 'front' or 'rear', got {line!r}")
        uid = _int(u, "uid", 0, 0, 10**9, w)
        pl.add_unit(c, ch, line == "front", uid)
        pl.u_stack[-1] = tuple(under) + (c,)
        pl.u_tapped[-1] = _bool(u, "tapped", False, w)
        pl.u_promoted[-1] = _bool(u, "promoted", False, w)
        pl.u_mod[-1] = _int(u, "mod", 0, -999, 999, w)
        pl.u_used[-1] = _int(u, "used", 0, 0, 3, w)
        if _bool(u, "mc", False, w):
            if mc_index >= 0:
                raise InvalidScenarioError(f"{w}.mc: {seat_name(i)} already has a MC (units[{mc_index}])")
            mc_index = k
    if units and mc_index < 0:
        mc_index = 0
    if not units and s.phase not in ("mulligan", "over"):
        raise InvalidScenarioError(f"{where}.units: a player's MC must be on the field after set-up")
    if units and pl.setaside >= 0:
        raise InvalidScenarioError(f"{where}.setaside: the MC is set aside only before it is flipped")
    if s.phase == "mulligan" and pl.setaside < 0:
        raise InvalidScenarioError(f"{where}.setaside: during set-up the MC waits set aside")
    given = [u for u in pl.u_uid if u]
    if len(set(given)) != len(given):
        raise InvalidScenarioError(f"{where}.units: two units share a uid")
    s.next_uid = max([s.next_uid] + [u + 1 for u in given])
    for k in range(len(pl.u_uid)):     # fresh identities for units without one
        if pl.u_uid[k] == 0:
            pl.u_uid[k] = s.next_uid
            s.next_uid += 1
    if mc_index >= 0:
        pl.mc = pl.u_uid[mc_index]
    pl.spent = _int(d, "spent", 0, 0, len(pl.bonds), where)
    pl.bonded = _int(d, "bonded", 0, 0, s.params.bonds_per_turn, where)
    if s.phase == "mulligan":   # set-up: no turn started yet (the first one begins after it)
        pl.turns_taken = _int(d, "turns_taken", 0, 0, 0, where)
    else:
        default_turns = (s.turn + 1) // 2 if i == s.first_player else s.turn // 2
        pl.turns_taken = _int(d, "turns_taken", default_turns, 0, s.turn, where)
    pl.mulligans = _int(d, "mulligans", 0, 0, s.params.mulligans, where)
    pl.revealed = _cards(resolve, d, "revealed", where)
    fields.check_revealed(pl.revealed, pl.hand, where, lambda c: game.cards[c].code)
    return pl


def _check_heads(data: dict) -> None:
    """The task stack is a list and every task, and the pending choice, a list whose first
    item is a kind name (what the kinds and shapes are is checked after)."""
    tasks = data.get("tasks", [])
    if not isinstance(tasks, (list, tuple)):
        raise InvalidScenarioError(f"scenario.tasks: expected a list of tasks, got {tasks!r}")
    for k, task in enumerate(tasks):
        if not isinstance(task, (list, tuple)) or not task or not isinstance(task[0], str):
            raise InvalidScenarioError(f"scenario.tasks[{k}]: expected [kind, ...], got {task!r}; "
                                       f"kinds: {sorted(TASK_KINDS)}")
    pending = data.get("pending")
    if pending is not None and (not isinstance(pending, (list, tuple)) or len(pending) < 2
                                or not isinstance(pending[0], str)):
        raise InvalidScenarioError(f"scenario.pending: expected [kind, seat, ...], got {pending!r}; "
                                   f"kinds: {sorted(PENDING_KINDS)}")


def state_from_dict(game, data: dict):
    """A state of `game` (its `state_class`) from a scenario or `state_to_dict` output (validated)."""
    try:
        fields.check_header(data, game, _TOP_KEYS)
    except InvalidParamsError as err:     # a params value no game could have
        raise InvalidScenarioError(f"scenario.params: {err}") from None
    params = game.params
    s = game.blank_state()
    s.turn, s.first_player, s.active = fields.turn_order(data, 3, params.max_turns)
    s.phase = data.get("phase", "action")
    if s.phase not in _PHASES:
        raise InvalidScenarioError(f"scenario.phase: {s.phase!r} is not one of {list(_PHASES)}")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidScenarioError("scenario.players: expected a list of 2 player dicts")
    s.next_uid = 1
    resolve = _CardResolver(game)
    s.players = [_player(game, resolve, d, i, s) for i, d in enumerate(players)]
    s.next_uid = _int(data, "next_uid", s.next_uid, s.next_uid, 10**9, "scenario")
    s.winner = _int(data, "winner", -1, -1, 1, "scenario")
    s.end_reason = data.get("end_reason", "")
    if not isinstance(s.end_reason, str):
        raise InvalidScenarioError(f"scenario.end_reason: expected a string, got {s.end_reason!r}")
    s.done = _bool(data, "done", s.phase == "over", "scenario")
    _check_heads(data)
    s.tasks = fields.task_stack(data, TASK_KINDS)
    s.pending = fields.pending_choice(data, PENDING_KINDS, 2)
    b = data.get("battle")
    if b is not None:
        _check_keys(b, _BATTLE_KEYS, "scenario.battle")
        s.b_att = _int(b, "attacker", -1, 1, 10**9, "scenario.battle")
        s.b_def = _int(b, "defender", -1, 1, 10**9, "scenario.battle")
        if s.players[s.active].index_of(s.b_att) < 0 or s.players[1 - s.active].index_of(s.b_def) < 0:
            raise InvalidScenarioError("scenario.battle: attacker/defender must be uids of the active "
                                       "player's and the opponent's units")
        s.b_att_mod = _int(b, "attacker_mod", 0, -999, 999, "scenario.battle")
        s.b_def_mod = _int(b, "defender_mod", 0, -999, 999, "scenario.battle")
        s.b_crit = _bool(b, "critical", False, "scenario.battle")
        s.b_evaded = _bool(b, "evaded", False, "scenario.battle")
    s.rng = fields.scenario_rng(data)
    check_playable(s)
    return s
