"""What makes a scenario an FE Cipher position that can be played (C-4): the checks
`scenario.state_from_dict` runs on the state it built, before handing it out.

`check_playable(state)` raises InvalidScenarioError naming the key when the position could
not arise in a game or could not go on from it:
- orbs: no player has more than set-up deals (`orbs`; orbs never grow);
- the end: a game that is over has no task or choice left, the end reason its winner goes
  with (`mc_destroyed` with a winner, `turn_limit` a draw) and the phase "over"; a game that
  is not over has no winner, no end reason and not that phase;
- a decision: tasks wait only behind a pending choice (the task machine runs until one);
- set-up: the mulligan phase waits on its one `begin` task (which flips both set-aside MCs)
  and nothing else may be pending there but a mulligan, asked only of a player with a
  mulligan left (`params.mulligans`; the loader takes no count above it);
- the Bond Phase goes on only while the active player may still bond (`bonded` below
  `params.bonds_per_turn`; the loader takes no count above it);
- the battle and support areas: a battle happens in the active player's Action Phase and
  ends with its `battle_end` task; a support card lies only in a battle;
- tasks: each one the kind's exact shape (seats, uids, a skill of the card that the task
  machine can resolve);
- the pending choice: the kind's exact shape, asked of the seat that makes it, with at least
  one legal answer (an attack target in range, a unit to target, a bond to turn, a card to
  retrieve, a trigger to order).

Every position a game reaches passes, and play from a position that passes reaches only
positions that pass. Not checked: how many copies of a card a player holds. A card id
names a card, not a copy, so no copy can be "in two zones at once"; play runs the same
whatever the count; and scenarios (rule tests, agents' test positions) fill decks, orbs,
bonds and hands with repeats of one card.
"""
from __future__ import annotations

from typing import Any

from sim.cipher import effects as fx
from sim.core.board import seat_name
from sim.core.errors import InvalidScenarioError

_BARE_TASKS = frozenset({"begin", "start", "support", "critical", "evasion", "compare", "battle_end"})
_END_REASONS = ("mc_destroyed", "turn_limit")


def _fail(key: str, message: str) -> InvalidScenarioError:
    return InvalidScenarioError(f"{key}: {message}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_orbs(s) -> None:
    for i, pl in enumerate(s.players):
        if len(pl.orbs) > s.params.orbs:
            raise _fail(f"players[{i}].orbs", f"{len(pl.orbs)} orbs; set-up deals {s.params.orbs} and orbs never grow")


def _check_end(s) -> None:
    if s.done:
        if s.end_reason not in _END_REASONS:
            raise _fail("scenario.end_reason", f"a finished game ends by one of {list(_END_REASONS)}, "
                                               f"got {s.end_reason!r}")
        if (s.winner >= 0) != (s.end_reason == "mc_destroyed"):
            raise _fail("scenario.winner", f"winner {s.winner} does not go with end reason {s.end_reason!r} "
                                           f"(mc_destroyed has a winner, turn_limit is a draw)")
        if s.phase != "over":
            raise _fail("scenario.phase", f"a finished game is in phase 'over', not {s.phase!r}")
        if s.tasks:
            raise _fail("scenario.tasks", "a finished game has no task left")
        if s.pending is not None:
            raise _fail("scenario.pending", "a finished game has no pending choice")
        return
    if s.phase == "over":
        raise _fail("scenario.phase", "phase 'over' is only for a finished game (done: true)")
    if s.winner >= 0:
        raise _fail("scenario.winner", f"winner {s.winner} while the game is not over (done: false)")
    if s.end_reason:
        raise _fail("scenario.end_reason", f"{s.end_reason!r} while the game is not over (done: false)")


def _check_phase(s) -> None:
    begins = [k for k, t in enumerate(s.tasks) if t[0] == "begin"]
    if s.phase == "mulligan":
        if not begins:
            raise _fail("scenario.tasks", "the mulligan phase needs its ('begin',) task, which flips the MCs")
        if s.pending is not None and s.pending[0] != "mulligan":
            raise _fail("scenario.pending", f"only a mulligan is asked during set-up, not {s.pending[0]!r}")
        if len(begins) > 1:
            raise _fail(f"scenario.tasks[{begins[1]}]", "the MCs are flipped once: one ('begin',) task")
    elif begins:
        raise _fail(f"scenario.tasks[{begins[0]}]", "('begin',) flips the set-aside MCs: only in the mulligan phase")
    if s.tasks and s.pending is None and not s.done:
        raise _fail("scenario.tasks", "tasks wait only behind a pending choice: a position is at a decision")
    if s.b_att >= 0:
        if s.phase != "action":
            raise _fail("scenario.battle", f"battles happen in the Action Phase, not the {s.phase!r} phase")
        if ("battle_end",) not in s.tasks:
            raise _fail("scenario.tasks", "a battle in progress needs its ('battle_end',) task")
    if s.phase == "bond" and s.players[s.active].bonded >= s.params.bonds_per_turn:
        raise _fail(f"players[{s.active}].bonded", f"the Bond Phase ends once "
                    f"{s.params.bonds_per_turn} bond(s) are placed (params.bonds_per_turn)")
    for i, pl in enumerate(s.players):
        if pl.support >= 0 and s.b_att < 0:
            raise _fail(f"players[{i}].support", "a support card lies in the support area only during a battle")


def _check_skill(s, entry: Any, key: str, targeted: bool = False) -> None:
    """A skill entry `(owner, uid, card, si)` the task machine can resolve."""
    if not isinstance(entry, tuple) or len(entry) != 4 or not all(_is_int(v) for v in entry):
        raise _fail(key, f"expected [owner, uid, card, skill index] ints, got {entry!r}")
    owner, uid, card, si = entry
    if owner not in (0, 1):
        raise _fail(key, f"owner {owner} is not a seat (0 or 1)")
    if uid != -1 and uid < 1:
        raise _fail(key, f"uid {uid} is neither a unit's uid (1 or more) nor -1 (a support card)")
    cards = s.game.cards
    if not 0 < card < len(cards) or cards[card] is None:
        raise _fail(key, f"no card with id {card}")
    skills = cards[card].skills
    if not 0 <= si < len(skills):
        raise _fail(key, f"{cards[card].code} has no skill {si}")
    effect = fx.EFFECTS.get(skills[si].effect)
    if effect is None or skills[si].trigger == "continuous":
        raise _fail(key, f"{cards[card].code} skill {si} is continuous: it is never queued")
    if targeted and effect.resolve is None:
        raise _fail(key, f"{cards[card].code} skill {si} ({skills[si].effect}) takes no target")


def _check_tasks(s) -> None:
    for k, t in enumerate(s.tasks):
        key = f"scenario.tasks[{k}]"
        kind = t[0]
        if kind in _BARE_TASKS:
            if len(t) != 1:
                raise _fail(key, f"({kind!r},) takes nothing more, got {list(t)!r}")
        elif kind == "mulligan_ask":
            if len(t) != 2 or t[1] not in (0, 1) or not _is_int(t[1]):
                raise _fail(key, f"expected ['mulligan_ask', seat], got {list(t)!r}")
        elif kind == "skill":
            _check_skill(s, t[1:], key)
        elif kind == "triggers":
            if len(t) != 2 or not isinstance(t[1], tuple):
                raise _fail(key, f"expected ['triggers', [entries]], got {list(t)!r}")
            for j, e in enumerate(t[1]):
                _check_skill(s, e, f"{key}[1][{j}]")


def _unit(s, tp: Any, uid: Any, key: str) -> int:
    """The index of player tp's unit of this uid (else the error)."""
    if tp not in (0, 1) or not _is_int(tp) or not _is_int(uid) or s.players[tp].index_of(uid) < 0:
        raise _fail(key, f"[{tp!r}, {uid!r}] is not [seat, uid] of a unit on the field")
    return s.players[tp].index_of(uid)


def _check_pending(s) -> None:
    pending = s.pending
    if pending is None:
        return
    key = "scenario.pending"
    kind, p = pending[0], pending[1]
    if not _is_int(p):
        raise _fail(f"{key}[1]", f"expected a seat 0 or 1, got {p!r}")
    pl = s.players[p]
    arity = {"mulligan": 2, "critical": 2, "evasion": 2}.get(kind, 3 if kind != "target" else 5)
    if len(pending) != arity:
        raise _fail(key, f"a {kind!r} choice has {arity} items, got {list(pending)!r}")
    if kind in ("attack_target", "order") and p != s.active:
        raise _fail(key, f"the {kind!r} choice is the active player's ({seat_name(s.active)}), not {seat_name(p)}'s")
    if kind == "mulligan":
        if s.phase != "mulligan":
            raise _fail(key, "a mulligan is asked only during set-up (phase 'mulligan')")
        if pl.mulligans >= s.params.mulligans:
            raise _fail(f"players[{p}].mulligans", f"{seat_name(p)} has taken all {s.params.mulligans} "
                        f"mulligan(s) the params allow: none is asked any more")
    elif kind == "attack_target":
        if s.phase != "action" or s.b_att >= 0:
            raise _fail(key, "an attack is declared in the Action Phase, outside a battle")
        i = _unit(s, p, pending[2], f"{key}[2]")
        if not s.attack_targets(p, i):
            raise _fail(f"{key}[2]", "that unit has no enemy within its range (FE-3)")
    elif kind == "target":
        cands = pending[2]
        if not isinstance(cands, tuple) or not cands:
            raise _fail(f"{key}[2]", f"expected a non-empty list of [seat, uid] targets, got {cands!r}")
        chosen = set()
        for j, t in enumerate(cands):
            if not isinstance(t, tuple) or len(t) != 2:
                raise _fail(f"{key}[2][{j}]", f"expected [seat, uid], got {t!r}")
            tpl = s.players[t[0]] if t[0] in (0, 1) else None
            _unit(s, t[0], t[1], f"{key}[2][{j}]")
            side = (t[0] == p, tpl.u_char[tpl.index_of(t[1])])
            if side in chosen:
                raise _fail(f"{key}[2][{j}]", f"{t!r} is listed twice")
            chosen.add(side)
        _check_skill(s, (p, -1, pending[3], pending[4]), f"{key}[3]", targeted=True)
    elif kind in ("critical", "evasion"):
        role = s.active if kind == "critical" else 1 - s.active
        if s.b_att < 0 or not s._battle_on():
            raise _fail(key, f"a {kind!r} choice is asked only during a battle")
        if p != role:
            raise _fail(key, f"the {kind!r} choice is {seat_name(role)}'s, not {seat_name(p)}'s")
    elif kind in ("reverse", "flip"):
        n = pending[2]
        if not _is_int(n) or not 1 <= n <= len(pl.bonds):
            raise _fail(f"{key}[2]", f"expected a count 1..{len(pl.bonds)} of bonds, got {n!r}")
        if (kind == "reverse") not in pl.bond_up:
            raise _fail(key, f"{seat_name(p)} has no {'face-up' if kind == 'reverse' else 'face-down'} bond to turn")
    elif kind == "retrieve":
        cost = pending[2]
        if not _is_int(cost) or not 0 <= cost <= 99:
            raise _fail(f"{key}[2]", f"expected a max cost 0..99, got {cost!r}")
        if not s.retrieve_options(p, cost):
            raise _fail(key, f"{seat_name(p)}'s retreat area has no card of cost {cost} or less")
    elif kind == "order":
        entries = pending[2]
        if not isinstance(entries, tuple) or not entries:
            raise _fail(f"{key}[2]", f"expected a non-empty list of trigger entries, got {entries!r}")
        for j, e in enumerate(entries):
            _check_skill(s, e, f"{key}[2][{j}]")


def check_playable(s) -> None:
    """Raise InvalidScenarioError naming the key unless the built scenario state `s` is a
    position that can arise and be played on (module docstring)."""
    _check_orbs(s)
    _check_end(s)
    _check_tasks(s)
    _check_phase(s)
    _check_pending(s)
