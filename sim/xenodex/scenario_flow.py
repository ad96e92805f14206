"""The checks that make a scenario's exact flow playable (C-4): the pending decision, the
task stack, the phase, the battle pointer and the end of the game, as `state_from_dict`
reads them from a `to_dict` output.

A live state holds one pending decision and the task stack the engine builds under it; the
stack depends only on the decision's *root* (a transmission's target decision is rooted in
the decision it interrupted, XD-12), bottom first:

- Summon: results, recovery, battle_next 0, turn deploy 0, turn summon o;
- Deploy: results, recovery, battle_next 0, turn deploy o;
- Battle (strike, actor, cleave, ability): results, recovery, battle_next k+1 (k the slot
  being fought);
- Recovery: results, turn recovery o;

where the seat deciding is the o-th clockwise from the lead (o = 1..n). A finished game has
no decision and no task. `check_flow` raises InvalidScenarioError naming the key of anything
else, and of a live decision with no legal action, so every accepted state can be played on.
"""
from __future__ import annotations

from typing import Any

from sim.core.errors import InvalidScenarioError

PHASE_OF = {"summon": "summon", "deploy": "deploy", "recovery": "recovery", "strike": "battle",
            "actor": "battle", "cleave": "battle", "ability": "battle"}
END_REASONS = ("convergence", "proven_slots", "tiebreak", "draw")
MAX_ATTACK = 10**6


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise InvalidScenarioError(f"{where}: {what}")


def _actor(s, pend: tuple, where: str) -> tuple[int, int]:
    """(slot, unit) of a battle sub-choice: the slot being fought, a unit of the seat there."""
    k, i = pend[2], pend[3]
    _need(_is_int(k) and k == s.bslot >= 0, where, f"slot {k!r} is not the battle's slot {s.bslot}")
    _need(_is_int(i) and 0 <= i < s.n * s.D and i // s.D == pend[1] and s.loc[i] == k, where,
          f"unit {i!r} is not a character of seat {pend[1]} in slot {k}")
    return k, i


def check_pending(s, pend: Any, where: str = "scenario.pending") -> str:
    """Check one pending decision (recursively through a transmission's interrupted
    decision); returns the kind of its root decision."""
    g = s.game
    sizes = {"summon": 2, "deploy": 2, "recovery": 2, "strike": 3, "actor": 4, "cleave": 7,
             "ability": 5, "tx": 4}
    _need(isinstance(pend, tuple) and len(pend) >= 2 and isinstance(pend[0], str) and pend[0] in sizes, where,
          f"unknown pending choice {pend!r}; kinds: {sorted(sizes)}")
    kind, p = pend[0], pend[1]
    _need(len(pend) == sizes[kind], where, f"a {kind!r} decision has {sizes[kind]} entries, got {pend!r}")
    _need(_is_int(p) and 0 <= p < s.n, where, f"seat {p!r} is not a seat 0..{s.n - 1}")
    if kind == "strike":
        _need(_is_int(pend[2]) and pend[2] == s.bslot >= 0, where,
              f"slot {pend[2]!r} is not the battle's slot {s.bslot}")
    elif kind in ("actor", "cleave", "ability"):
        _, i = _actor(s, pend, where)
        c = s.card[i]
        if kind == "ability":
            x = pend[4]
            _need(_is_int(x) and 0 <= x < len(g.u_activated[c]), where,
                  f"{g.u_name[c]} has no activated ability #{x!r}")
        elif kind == "cleave":
            left, atk, hits = pend[4], pend[5], pend[6]
            _need(_is_int(left) and 1 <= left <= g.u_cleave[c], where,
                  f"{left!r} Cleave targets left, {g.u_name[c]} has {g.u_cleave[c]}")
            _need(_is_int(atk) and 0 <= atk <= MAX_ATTACK, where, f"attack {atk!r} is not an int 0..{MAX_ATTACK}")
            top = g.a_target + s.sides * (s.D + s.K)
            _need(isinstance(hits, tuple) and hits and len(set(hits)) == len(hits)
                  and all(_is_int(a) and g.a_target <= a < top for a in hits), where,
                  f"hits {hits!r} are not distinct target action ids {g.a_target}..{top - 1}")
    elif kind == "tx":
        t, home = pend[2], pend[3]
        _need(_is_int(t) and 1 <= t <= g.T and g.tx[t] is not None and g.tx[t].mode != "self", where,
              f"{t!r} is not a transmission with a target")
        _need(isinstance(home, tuple) and len(home) >= 2 and home[1] == p, where,
              f"the interrupted decision {home!r} is not one of seat {p}'s")
        return check_pending(s, home, f"{where}.home")
    return kind


def _expected_tasks(s, root: str, p: int) -> list[tuple]:
    o = (p - s.lead) % s.n + 1
    if root == "summon":
        return [("results",), ("recovery",), ("battle_next", 0), ("turn", "deploy", 0), ("turn", "summon", o)]
    if root == "deploy":
        return [("results",), ("recovery",), ("battle_next", 0), ("turn", "deploy", o)]
    if root == "recovery":
        return [("results",), ("turn", "recovery", o)]
    return [("results",), ("recovery",), ("battle_next", s.bslot + 1)]


def check_flow(s) -> None:
    """Check the decision, tasks, phase, battle pointer and end of a built state, and that a
    live one has a legal action (InvalidScenarioError naming the key)."""
    if s.done:
        _need(s.pending is None, "scenario.pending", "a finished game has no pending decision")
        _need(not s.tasks, "scenario.tasks", "a finished game has no task left")
        _need(s.phase == "over", "scenario.phase", f"a finished game is 'over', got {s.phase!r}")
        _need(s.end_reason in END_REASONS, "scenario.end_reason",
              f"{s.end_reason!r} is not one of {list(END_REASONS)}")
        _need((s.winner < 0) == (s.end_reason == "draw"), "scenario.winner",
              f"winner {s.winner} does not fit the end reason {s.end_reason!r}")
        return
    _need(s.winner == -1, "scenario.winner", f"a live game has no winner, got {s.winner}")
    _need(s.end_reason == "", "scenario.end_reason", f"a live game has no end reason, got {s.end_reason!r}")
    _need(s.pending is not None, "scenario.pending", "a live game needs a pending decision")
    root = check_pending(s, s.pending)
    _need(s.phase == PHASE_OF[root], "scenario.phase",
          f"a {root!r} decision is taken in phase {PHASE_OF[root]!r}, got {s.phase!r}")
    if PHASE_OF[root] != "battle":
        _need(s.bslot == -1, "scenario.battle.slot", f"no battle is fought in phase {s.phase!r}")
    want = _expected_tasks(s, root, s.pending[1])
    _need(s.tasks == want, "scenario.tasks", f"a {root!r} decision of seat {s.pending[1]} stands on "
          f"the tasks {[list(t) for t in want]}, got {[list(t) for t in s.tasks]}")
    legal = s._compute_legal()
    _need(bool(legal), "scenario.pending", f"the decision {s.pending!r} has no legal action")
    s._legal = legal
