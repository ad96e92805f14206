"""What one seat may know of a First Cycle state (C-3), and readable action labels.

`observe(state, player)` returns a plain dict (each fighter a `Fighter` record) built only
from public facts and the player's own private ones: their hand, the deck cards they saw
with Scan, a Scan they are ordering. The opponent's hand appears only as a size plus the
cards both saw (Cycle); deck orders never appear. The env encoder reads nothing but this
dict.
"""
from __future__ import annotations

from typing import NamedTuple

from sim.core.checks import check_action, check_seat
from sim.core.events import visible_events as visible_events  # the log a seat may see
from sim.core.views import pending_view, seat_view
from sim.first_cycle import effects as fx
from sim.first_cycle.state import FIGHTERS

assert FIGHTERS == 6, "_fighters and effects.powers are unrolled over six spaces"


class Fighter(NamedTuple):
    """One fighter as a seat sees it (every field is public). A tuple, cheaper to build than
    a dict and unpacked or flattened whole by the encoder; read it by field name."""

    card: int
    """Collector number of the Leader or Character."""
    exhausted: int
    """1 if exhausted."""
    attached: int
    """RAM attached to it."""
    power: int
    """Current Power (printed, attached RAM on its controller's turn, modifiers, passives)."""
    entered: int
    """Game turn it entered the field (0 for the Leader)."""
    used: int
    """1 if its once-per-turn activated ability was used this turn."""
    mod_turn: int
    """Power modifier until end of turn."""
    mod_battle: int
    """Power modifier until end of battle."""


_record = tuple.__new__  # builds a Fighter without the Python-level NamedTuple.__new__


def _fighters(pl, power: list[int]) -> list[Fighter | None]:
    """The six fighter records (None for an empty space), unrolled: built twice a step."""
    c0, c1, c2, c3, c4, c5 = pl.card
    e0, e1, e2, e3, e4, e5 = pl.exhausted
    a0, a1, a2, a3, a4, a5 = pl.attached
    p0, p1, p2, p3, p4, p5 = power
    n0, n1, n2, n3, n4, n5 = pl.entered
    u0, u1, u2, u3, u4, u5 = pl.used
    t0, t1, t2, t3, t4, t5 = pl.mod_turn
    b0, b1, b2, b3, b4, b5 = pl.mod_battle
    F = Fighter
    return [
        None if c0 < 0 else _record(F, (c0, e0, a0, p0, n0, u0, t0, b0)),
        None if c1 < 0 else _record(F, (c1, e1, a1, p1, n1, u1, t1, b1)),
        None if c2 < 0 else _record(F, (c2, e2, a2, p2, n2, u2, t2, b2)),
        None if c3 < 0 else _record(F, (c3, e3, a3, p3, n3, u3, t3, b3)),
        None if c4 < 0 else _record(F, (c4, e4, a4, p4, n4, u4, t4, b4)),
        None if c5 < 0 else _record(F, (c5, e5, a5, p5, n5, u5, t5, b5)),
    ]


def _public(state, player: int) -> dict:
    pl = state.players[player]
    deck = pl.deck
    kb = pl.known_bottom
    revealed = pl.revealed
    return {
        "leader": pl.leader, "hp": pl.hp, "hand_size": len(pl.hand),
        "deck_size": len(deck), "discard": pl.discard[:],
        "ram_supply": pl.ram_supply, "ram_ready": pl.ram_ready,
        "ram_exhausted": pl.ram_exhausted, "fighters": _fighters(pl, fx.powers(state, player)),
        "turns_taken": pl.turns_taken, "known_bottom": deck[:kb] if kb > 0 else [],
        "revealed_hand": sorted(revealed) if revealed else [], "scanned_count": pl.known_top,
    }


def observe(state, player: int) -> dict:
    """The structured view of `player` (0 or 1); contains nothing that seat cannot know.
    Another value raises InvalidArgumentError naming it."""
    if player.__class__ is not int or not 0 <= player <= 1:  # the common case in one test
        player = check_seat(player, 2)
    me = state.players[player]
    mine = _public(state, player)
    mine["hand"] = sorted(me.hand)
    mine["known_top"] = known_top(me)
    return seat_view(state, player, mine, _public(state, 1 - player), battle_seen(state),
                     pending_seen(state, player))


def known_top(pl) -> list[int]:
    """The top `pl.known_top` cards of a player's deck (its end), top first: what they saw
    with Scan (their own view's `known_top`)."""
    deck = pl.deck
    kt = pl.known_top
    return deck[:len(deck) - kt - 1 if kt < len(deck) else None:-1] if kt > 0 else []


def battle_seen(state) -> dict | None:
    """The battle in progress as every seat sees it, or None."""
    b = state.battle
    return None if b is None else {"attacker": b[0], "target": b[1], "attacking_player": state.active}


def pending_seen(state, player: int) -> dict | None:
    """The pending choice as `player` sees it (a Scan's cards only for the seat ordering
    them), or None."""
    pending = state.pending
    view_pending = pending_view(pending)
    if pending is not None:
        kind, who = pending[0], pending[1]
        if kind == "target":
            view_pending["targets"] = [list(t) for t in pending[2]]
            view_pending["card"] = pending[5]
        elif kind == "guard":
            view_pending["guards"] = list(pending[2])
        elif kind == "deploy_discard":
            view_pending["card"] = pending[2]
        elif kind == "order":
            view_pending["triggers"] = [list(e[2:]) for e in pending[2]]
        elif kind == "scan" and who == player:
            view_pending["cards"] = list(pending[2])
            view_pending["chosen"] = list(pending[3])
        elif kind == "scan":
            view_pending["count"] = len(pending[2]) + len(pending[3])
    return view_pending


def _fighter_label(state, player: int, f: int) -> str:
    if f == 0:
        return "Leader"
    c = state.players[player].card[f]
    name = state.cards[c].name if c >= 0 else "empty"
    return f"slot {f} ({name})"


def label(state, action: int) -> str:
    """A readable label of `action` in this state, e.g. "deploy #035 Ada Lovelace"; an action
    that is not an id of the action space raises IllegalActionError naming it."""
    g = state.game
    block, idx = g.codec.decode(check_action(action, g.action_space_size))
    cards = state.cards
    me = state.current_player if state.current_player >= 0 else state.active
    if block == "end":
        return "end turn"
    if block == "pass":
        kind = state.pending[0] if state.pending else ""
        return {"guard": "no guard", "support": "no support", "cycle": "no cycle"}.get(kind, "pass")
    if block == "play":
        spec = cards[idx + 1]
        verb = "execute" if spec.kind == "protocol" else "deploy"
        return f"{verb} {spec.code} {spec.name}"
    if block == "attach":
        return f"attach RAM to {_fighter_label(state, me, idx)}"
    if block == "attack":
        f, t = divmod(idx, FIGHTERS)
        target = "Leader" if t == 0 else f"opposing {_fighter_label(state, 1 - me, t)}"
        return f"attack {target} with {'Leader' if f == 0 else f'slot {f}'}"
    if block == "activate":
        return f"activate {_fighter_label(state, me, idx)}"
    if block == "choose":
        side, f = divmod(idx, 6)
        owner = me if side == 0 else 1 - me
        who = "own" if side == 0 else "opposing"
        kind = state.pending[0] if state.pending else ""
        verb = {"guard": "guard with", "deploy_discard": "discard"}.get(kind, "target")
        return f"{verb} {who} {_fighter_label(state, owner, f)}"
    if block == "support":
        return f"support with {cards[idx + 1].name}"
    if block == "card":
        return f"cycle {cards[idx + 1].code} {cards[idx + 1].name}"
    if block == "scan":
        pend = state.pending
        if pend and pend[0] == "scan" and idx < len(pend[2]):
            return f"scan: put {cards[pend[2][idx]].name} next on top"
        return f"scan: card {idx}"
    if block == "trigger":
        pend = state.pending
        if pend and pend[0] == "order" and idx < len(pend[2]):
            _, _, c, ai = pend[2][idx]
            return f"resolve {cards[c].name}: {cards[c].abilities[ai].text or cards[c].abilities[ai].effect}"
        return f"resolve trigger {idx}"
    return f"{block} {idx}"
