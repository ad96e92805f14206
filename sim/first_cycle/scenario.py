"""Scenario dicts: `state_to_dict` and `state_from_dict` (round trips and rule tests).

A scenario names only what matters; everything else takes a default:

    >>> from sim import load_game
    >>> game = load_game("first_cycle")
    >>> s = game.state_from_dict(
    ...     {"turn": 4, "active": 1, "first_player": 0,
    ...      "players": [
    ...         {"leader": "black", "hp": 3, "hand": ["Context Window"], "deck": ["#012", 7],
    ...          "ram": {"ready": 2}, "field": [{"card": "#035", "exhausted": True}]},
    ...         {"leader": "FC061", "field": [{"card": "Amanda Askell", "slot": 2, "attached": 1}]}]})
    >>> s.players[0].hp, s.current_player, s.players[1].card[2] == game.card_set.by_name("Amanda Askell").number
    (3, 1, True)

Cards may be given as collector numbers (35), codes ("#035"), print ids ("FC035-ALT"),
names ("Ada Lovelace") or, for a Leader, a color ("black"). Decks are listed top first.
Unknown keys and impossible positions raise InvalidScenarioError naming the key (C-4); what
the fields allow one by one but play cannot use is refused by `scenario_checks.check_playable`.
"""
from __future__ import annotations

from typing import Any

from sim.core import scenario_fields as fields
from sim.core.errors import InvalidScenarioError
from sim.core.scenario_fields import bool_field as _bool
from sim.core.scenario_fields import check_keys as _check_keys
from sim.core.scenario_fields import int_field as _int
from sim.core.scenario_fields import to_lists as _to_lists
from sim.core.scenario_fields import to_tuples as _to_tuples
from sim.core.seeding import rng_state
from sim.first_cycle.cardspec import COLORS
from sim.first_cycle.scenario_checks import check_playable
from sim.first_cycle.state import FIGHTERS, PlayerState

_TOP_KEYS = {"game", "params", "turn", "active", "first_player", "winner", "end_reason", "done",
             "players", "tasks", "pending", "battle", "last_target", "next_uid", "rng", "seed"}
_PLAYER_KEYS = {"leader", "hp", "leader_exhausted", "leader_attached", "leader_mod_turn",
                "leader_mod_battle", "leader_used", "leader_uid", "deck", "hand", "discard", "ram",
                "field", "turns_taken", "known_top", "known_bottom", "revealed"}
_FIELD_KEYS = {"slot", "card", "exhausted", "attached", "entered", "uid", "mod_turn",
               "mod_battle", "used"}
_RAM_KEYS = {"supply", "ready", "exhausted"}
_PENDING_KINDS = {"target", "deploy_discard", "guard", "support", "cycle", "scan", "order"}
_TASK_KINDS = {"ability", "triggers", "place", "protocol_done", "guard", "support", "compare",
               "start", "draw_step"}


def state_to_dict(state) -> dict[str, Any]:
    """A JSON-friendly dict of the whole state, RNG included (round-trips exactly)."""
    return {
        "game": "first_cycle", "params": state.params.to_dict(), "turn": state.turn,
        "active": state.active, "first_player": state.first_player, "winner": state.winner,
        "end_reason": state.end_reason, "done": state.done,
        "players": [p.to_dict() for p in state.players],
        "tasks": _to_lists(state.tasks), "pending": _to_lists(state.pending),
        "battle": _to_lists(state.battle), "last_target": _to_lists(state.last_target),
        "next_uid": state.next_uid, "rng": rng_state(state.rng),
    }


class _CardResolver:
    def __init__(self, game) -> None:
        self.game = game
        cs = game.card_set
        self.by_name = {s.name.lower(): n for n, s in cs.by_number.items()}

    def __call__(self, ref: Any, where: str, kinds: tuple[str, ...]) -> int:
        cs = self.game.card_set
        number = None
        if isinstance(ref, bool):
            number = None
        elif isinstance(ref, int):
            number = ref
        elif isinstance(ref, str):
            r = ref.strip()
            if r.startswith("#") and r[1:].isdigit():
                number = int(r[1:])
            elif r in cs.prints:
                number = cs.prints[r].number
            elif r.lower() in self.by_name:
                number = self.by_name[r.lower()]
            elif r.lower() in COLORS and "leader" in kinds:
                number = cs.leader_of_color(r.lower()).number
        if number is None or number not in cs.by_number:
            raise InvalidScenarioError(f"{where}: unknown card {ref!r}")
        kind = cs.by_number[number].kind
        if kind not in kinds:
            raise InvalidScenarioError(f"{where}: {ref!r} is a {kind}, expected {' or '.join(kinds)}")
        return number


def _player(game, resolve, d: dict, i: int, turn: int, first: int) -> PlayerState:
    params = game.params
    where = f"players[{i}]"
    _check_keys(d, _PLAYER_KEYS, where)
    if "leader" not in d:
        raise InvalidScenarioError(f"{where}.leader: missing (a Leader card or a color)")
    leader = resolve(d["leader"], f"{where}.leader", ("leader",))
    pl = PlayerState(leader, _int(d, "hp", params.leader_hp, 0, params.leader_hp, where), 0)
    main = ("character", "protocol")
    for zone in ("deck", "hand", "discard"):
        cards = d.get(zone, [])
        if not isinstance(cards, list):
            raise InvalidScenarioError(f"{where}.{zone}: expected a list of cards")
        numbers = [resolve(c, f"{where}.{zone}[{k}]", main) for k, c in enumerate(cards)]
        setattr(pl, zone, numbers[::-1] if zone == "deck" else numbers)
    pl.exhausted[0] = _bool(d, "leader_exhausted", False, where)
    pl.attached[0] = _int(d, "leader_attached", 0, 0, params.ram_supply, where)
    pl.mod_turn[0] = _int(d, "leader_mod_turn", 0, -99, 99, where)
    pl.mod_battle[0] = _int(d, "leader_mod_battle", 0, -99, 99, where)
    pl.used[0] = _bool(d, "leader_used", False, where)
    pl.uid[0] = _int(d, "leader_uid", 0, 0, 10**9, where)
    field = d.get("field", [])
    if not isinstance(field, list) or len(field) > params.field_size:
        raise InvalidScenarioError(f"{where}.field: at most {params.field_size} Characters")
    for k, entry in enumerate(field):
        w = f"{where}.field[{k}]"
        _check_keys(entry, _FIELD_KEYS, w)
        if "card" not in entry:
            raise InvalidScenarioError(f"{w}.card: missing")
        slot = _int(entry, "slot", pl.free_space(), 1, params.field_size, w)
        if pl.card[slot] >= 0:
            raise InvalidScenarioError(f"{w}.slot: space {slot} is already occupied")
        pl.card[slot] = resolve(entry["card"], f"{w}.card", ("character",))
        pl.exhausted[slot] = _bool(entry, "exhausted", False, w)
        pl.attached[slot] = _int(entry, "attached", 0, 0, params.ram_supply, w)
        pl.entered[slot] = _int(entry, "entered", 0, 0, turn, w)
        pl.uid[slot] = _int(entry, "uid", 0, 0, 10**9, w)
        pl.mod_turn[slot] = _int(entry, "mod_turn", 0, -99, 99, w)
        pl.mod_battle[slot] = _int(entry, "mod_battle", 0, -99, 99, w)
        pl.used[slot] = _bool(entry, "used", False, w)
    ram = d.get("ram", {})
    _check_keys(ram, _RAM_KEYS, f"{where}.ram")
    pl.ram_ready = _int(ram, "ready", 0, 0, params.ram_supply, f"{where}.ram")
    pl.ram_exhausted = _int(ram, "exhausted", 0, 0, params.ram_supply, f"{where}.ram")
    installed = pl.ram_ready + pl.ram_exhausted + sum(pl.attached)
    if installed > params.ram_supply:
        raise InvalidScenarioError(
            f"{where}.ram: {installed} modules installed or attached, more than the {params.ram_supply} a player has")
    pl.ram_supply = _int(ram, "supply", params.ram_supply - installed, 0, params.ram_supply - installed,
                         f"{where}.ram")
    default_turns = (turn + 1) // 2 if i == first else turn // 2
    pl.turns_taken = _int(d, "turns_taken", default_turns, 0, turn, where)
    pl.known_top = _int(d, "known_top", 0, 0, len(pl.deck), where)
    pl.known_bottom = _int(d, "known_bottom", 0, 0, len(pl.deck), where)
    revealed = d.get("revealed", [])
    if not isinstance(revealed, list):
        raise InvalidScenarioError(f"{where}.revealed: expected a list of cards, got {revealed!r}")
    pl.revealed = [resolve(c, f"{where}.revealed[{k}]", main) for k, c in enumerate(revealed)]
    fields.check_revealed(pl.revealed, pl.hand, where, lambda c: f"#{c:03d}")
    return pl


def state_from_dict(game, data: dict):
    """A state of `game` (its `state_class`) from a scenario or `state_to_dict` output (validated)."""
    fields.check_header(data, game, _TOP_KEYS)
    params = game.params
    turn, first, active = fields.turn_order(data, 1, params.max_turns)
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidScenarioError("scenario.players: expected a list of 2 player dicts")
    resolve = _CardResolver(game)
    s = game.blank_state()
    s.players = [_player(game, resolve, d, i, turn, first) for i, d in enumerate(players)]
    s.turn, s.active, s.first_player = turn, active, first
    s.winner = _int(data, "winner", -1, -1, 1, "scenario")
    s.end_reason = data.get("end_reason", "")
    if not isinstance(s.end_reason, str):
        raise InvalidScenarioError(f"scenario.end_reason: expected a string, got {s.end_reason!r}")
    s.done = _bool(data, "done", False, "scenario")
    s.tasks = fields.task_stack(data, _TASK_KINDS)
    s.pending = fields.pending_choice(data, _PENDING_KINDS, 2)
    s.battle = _to_tuples(data.get("battle"))
    if s.battle is not None and (not isinstance(s.battle, tuple) or len(s.battle) != 4):
        raise InvalidScenarioError("scenario.battle: expected [attacker, target, attacker_uid, target_uid]")
    s.last_target = _to_tuples(data.get("last_target"))
    uids = [u for p in s.players for u in p.uid]
    s.next_uid = _int(data, "next_uid", max(uids) + 1, 1, 10**9, "scenario")
    for p in s.players:  # give scenario Characters distinct ids
        for f in range(1, FIGHTERS):
            if p.card[f] >= 0 and p.uid[f] == 0:
                p.uid[f] = s.next_uid
                s.next_uid += 1
    s.rng = fields.scenario_rng(data)
    check_playable(s)
    return s
