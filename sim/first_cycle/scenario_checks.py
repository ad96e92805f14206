"""Whether a First Cycle state read from a scenario dict can be played (C-4).

`check_playable(state)` runs after `scenario.state_from_dict` has read every field: it
refuses what the fields allow one by one but play cannot use, each with an
InvalidScenarioError naming the key: a pending choice or task entry of the wrong shape or
naming cards, fighters or abilities that are not there; a battle step with no battle; tasks
with no pending choice in front of them; a Leader at 0 HP in a game that is not over; more main-deck cards in a player's zones than a
deck has (`deck_size`: a card in hand 40 times); one fighter id (`uid`) on two fighters at
once. Copies beyond FC-8's `max_copies` are allowed, so rule scenarios may stage any board.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from sim.core.board import seat_name
from sim.core.errors import InvalidScenarioError
from sim.first_cycle.effects import EFFECTS
from sim.first_cycle.state import FIGHTERS

_BATTLE_TASKS = {"guard", "support", "compare"}


def _fail(where: str, what: str) -> None:
    raise InvalidScenarioError(f"{where}: {what}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int_in(v: Any, lo: int, hi: int, where: str, what: str) -> int:
    if not _is_int(v) or not lo <= v <= hi:
        _fail(where, f"{what} must be an int in {lo}..{hi}, got {v!r}")
    return v


def _card(state, v: Any, kinds: tuple[str, ...], where: str) -> int:
    cards = state.cards
    if not _is_int(v) or not 0 <= v < len(cards) or cards[v] is None or cards[v].kind not in kinds:
        _fail(where, f"{v!r} is not a {' or '.join(kinds)} card number")
    return v


def _ability(state, card: Any, ai: Any, where: str) -> Any:
    _card(state, card, ("leader", "character", "protocol"), where)
    abilities = state.cards[card].abilities
    _int_in(ai, 0, len(abilities) - 1, where, f"ability index of #{card:03d}")
    return abilities[ai]


def _trigger_entry(state, e: Any, where: str) -> None:
    if not isinstance(e, tuple) or len(e) != 4:
        _fail(where, f"expected [fighter, uid, card, ability], got {e!r}")
    _int_in(e[0], -1, FIGHTERS - 1, where, "fighter")
    _int_in(e[1], 0, 10**9, where, "uid")
    _ability(state, e[2], e[3], where)


def _check_pending(state) -> None:
    p = state.pending
    if p is None:
        return
    where = "scenario.pending"
    kind, seat = p[0], p[1]
    sizes = {"target": 7, "deploy_discard": 3, "guard": 3, "support": 2, "cycle": 2, "scan": 4, "order": 3}
    if len(p) != sizes[kind]:
        _fail(where, f"a {kind!r} choice has {sizes[kind]} entries, got {len(p)}: {list(p)!r}")
    pl = state.players[seat]
    if kind == "target":
        targets, fighter, uid, card, ai = p[2:]
        if not isinstance(targets, tuple) or not targets:
            _fail(where, "a 'target' choice needs a non-empty list of [player, fighter] targets")
        for t in targets:
            if (not isinstance(t, tuple) or len(t) != 2 or not _is_int(t[0]) or not 0 <= t[0] <= 1
                    or not _is_int(t[1]) or not 0 <= t[1] < FIGHTERS
                    or state.players[t[0]].card[t[1]] < 0):
                _fail(where, f"target {t!r} is not an occupied [player, fighter]")
        _int_in(fighter, -1, FIGHTERS - 1, where, "source fighter")
        _int_in(uid, 0, 10**9, where, "source uid")
        ability = _ability(state, card, ai, where)
        if EFFECTS[ability.effect].resolve is None:
            _fail(where, f"#{card:03d} ability {ai} ({ability.effect}) takes no target")
    elif kind == "deploy_discard":
        _card(state, p[2], ("character",), where)
        if not pl.characters():
            _fail(where, f"{seat_name(seat)} has no Character to discard")
    elif kind in ("guard", "support"):
        if state.battle is None:
            _fail(where, f"a {kind!r} choice needs a battle")
        if kind == "guard":
            if seat == state.active:
                _fail(where, "the Guard choice belongs to the defending player")
            if not isinstance(p[2], tuple) or not p[2]:
                _fail(where, "a 'guard' choice needs a non-empty list of Guard spaces")
            for f in p[2]:
                if (not _is_int(f) or not 1 <= f < FIGHTERS or pl.card[f] < 0 or pl.exhausted[f]
                        or not state.cards[pl.card[f]].guard):
                    _fail(where, f"space {f!r} holds no ready Guard of {seat_name(seat)}")
    elif kind == "scan":
        left, chosen = p[2], p[3]
        if not isinstance(left, tuple) or not isinstance(chosen, tuple) or not left:
            _fail(where, "a 'scan' choice is [kind, player, [cards left], [cards placed]]")
        if len(left) + len(chosen) > state.params.max_scan:
            _fail(where, f"a Scan holds at most {state.params.max_scan} cards")
        for c in left + chosen:
            _card(state, c, ("character", "protocol"), where)
    elif kind == "order":
        entries = p[2]
        if not isinstance(entries, tuple) or not 1 <= len(entries) <= 16:
            _fail(where, "an 'order' choice needs 1..16 trigger entries")
        for e in entries:
            _trigger_entry(state, e, where)


def _check_task(state, k: int, t: tuple) -> None:
    where = f"scenario.tasks[{k}]"
    kind = t[0]
    sizes = {"ability": 6, "triggers": 3, "place": 4, "protocol_done": 3, "guard": 1,
             "support": 2, "compare": 1, "start": 1, "draw_step": 1}
    if len(t) != sizes[kind]:
        _fail(where, f"a {kind!r} task has {sizes[kind]} entries, got {len(t)}: {list(t)!r}")
    if len(t) > 1:
        _int_in(t[1], 0, 1, where, "player")
    if kind in _BATTLE_TASKS and state.battle is None:
        _fail(where, f"a {kind!r} task needs a battle")
    if kind == "ability":
        _trigger_entry(state, t[2:], where)
    elif kind == "triggers":
        if not isinstance(t[2], tuple):
            _fail(where, "a 'triggers' task holds a list of trigger entries")
        for e in t[2]:
            _trigger_entry(state, e, where)
    elif kind == "place":
        _card(state, t[2], ("character",), where)
        _int_in(t[3], 1, state.params.field_size, where, "space")
    elif kind == "protocol_done":
        _card(state, t[2], ("protocol",), where)


def _check_battle(state) -> None:
    b = state.battle
    if b is not None:
        for i, what in enumerate(("attacker", "target")):
            _int_in(b[i], 0, FIGHTERS - 1, "scenario.battle", what)
        for i in (2, 3):
            _int_in(b[i], 0, 10**9, "scenario.battle", "uid")
    lt = state.last_target
    if lt is not None:
        if not isinstance(lt, tuple) or len(lt) != 3:
            _fail("scenario.last_target", f"expected [player, fighter, uid], got {lt!r}")
        _int_in(lt[0], 0, 1, "scenario.last_target", "player")
        _int_in(lt[1], 0, FIGHTERS - 1, "scenario.last_target", "fighter")
        _int_in(lt[2], 0, 10**9, "scenario.last_target", "uid")


def _owned(state, seat: int) -> Counter:
    """Every main-deck card of `seat` in any zone, a Scan or a play in progress included."""
    c = Counter(state.players[seat].all_cards())
    p = state.pending
    if p is not None and p[1] == seat:
        if p[0] == "scan":
            c.update(p[2] + p[3])
        elif p[0] == "deploy_discard":
            c[p[2]] += 1
    for t in state.tasks:
        if t[0] in ("protocol_done", "place") and t[1] == seat:
            c[t[2]] += 1
    return c


def _check_cards(state) -> None:
    params = state.params
    for seat, pl in enumerate(state.players):
        where = f"players[{seat}]"
        if pl.hp == 0 and not state.done:
            _fail(f"{where}.hp", "a Leader at 0 HP has lost: the game must be over (done: true)")
        owned = _owned(state, seat)
        total = sum(owned.values())
        if total > params.deck_size:
            _fail(where, f"{total} main-deck cards in its zones, more than a deck's {params.deck_size}")
    seen: dict[int, str] = {}
    for seat, pl in enumerate(state.players):
        for f in range(FIGHTERS):
            if pl.card[f] >= 0 and pl.uid[f]:
                here = f"players[{seat}] fighter {f}"
                if pl.uid[f] in seen:
                    _fail(f"players[{seat}].uid", f"uid {pl.uid[f]} is on {seen[pl.uid[f]]} and {here}")
                seen[pl.uid[f]] = here
                if pl.uid[f] >= state.next_uid:
                    _fail("scenario.next_uid", f"{state.next_uid} is not above uid {pl.uid[f]} in play")


def check_playable(state) -> None:
    """Raise InvalidScenarioError naming the key unless `state` can be played (module docstring)."""
    _check_battle(state)
    _check_pending(state)
    for k, t in enumerate(state.tasks):
        _check_task(state, k, t)
    _check_cards(state)
    if state.done and (state.pending is not None or state.tasks):
        _fail("scenario.done", "a finished game has no pending choice and no task")
    if not state.done and state.pending is None and state.tasks:
        _fail("scenario.tasks", "tasks wait only behind a pending choice (with none, the task "
                                "stack has run to the active player's Act step)")
