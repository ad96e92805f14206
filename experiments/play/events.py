"""A game's log events as a person reads them in the viewer: seats named P1..Pn, cards by name.

    text = event_text(("draw", 1, None), game)       # 'draw: P2, a hidden card'
    text = event_text(("turn", 3, 0), game)          # 'turn: 3, P1'

The engines log events as tuples `(kind, ...)` with 0-based seats and card ids (data, as
every log keeps them). What a person reads names seats P1..Pn (DESIGN: conventions), so
the fields that hold a seat become "P2" (a XenodeX unit side past the last seat is
"Ancient"), the fields that hold a card become its code and name, a card a log redacted
for this seat (`visible_events`) reads "a hidden card", and every other field is kept.
Which field is what comes from the engines' `_events.append(...)` calls.
"""
from __future__ import annotations

from typing import Any

from sim.core.board import seat_name

_NO_SEAT = frozenset({"battle", "echo", "results", "siege", "resolved", "ancient"})
_SEAT_FIELDS = {"turn": (2,), "end_turn": (2,), "drain": (1, 2), "capture": (1, 3), "strike": (1, 3)}
"""Where an event holds seats, when not (only) at field 1."""

_CARD_FIELDS = {
    "first_cycle": {**dict.fromkeys(("draw", "opening_hand", "execute", "deploy", "ko", "discard_character",
                                     "support", "cycle"), (2,)), "activate": (3,)},
    "cipher": {**dict.fromkeys(("draw", "opening_hand", "bond", "deploy", "class_change", "level_up", "mc",
                                "retrieve", "reverse", "flip", "critical", "evasion", "destroyed", "support",
                                "skill", "use", "move"), (2,)), "attack": (2, 3)},
    "xenodex": {**dict.fromkeys(("draw", "opening_hand", "summon", "deploy"), (2,)), "ko": (3,)},
}
_TX_FIELDS = {"tx": (2,), "tx_draw": (2,), "tx_resolved": (2,)}  # XenodeX transmissions


def _game_name(game: Any) -> str:
    return type(game).__module__.split(".")[1]


def _card(game: Any, name: str, c: Any) -> str | None:
    """The card `c` in words, or None when `c` is no card id of the game (e.g. -1: none)."""
    if not isinstance(c, int) or isinstance(c, bool) or c < 0:
        return None
    try:
        if name == "first_cycle":
            spec = game.card_set.by_number[c]
            return f"{spec.code} {spec.name}"
        if name == "cipher":
            spec = game.cards[c]
            return f"{spec.code} {spec.name}" if spec is not None else None
        return game.u_name[c] or None
    except (KeyError, IndexError, AttributeError):
        return None


def _tx(game: Any, t: Any) -> str | None:
    try:
        spec = game.tx[t]
    except (IndexError, TypeError, AttributeError):
        return None
    return getattr(spec, "name", None)


def _seat_fields(name: str, kind: str) -> tuple[int, ...]:
    if name == "xenodex" and kind == "cycle":
        return (2,)           # ("cycle", cycle number, lead seat); First Cycle's is ("cycle", seat, card)
    if kind in _NO_SEAT:
        return ()
    return _SEAT_FIELDS.get(kind, (1,))


def event_text(event: tuple, game: Any) -> str:
    """One event of `game` in words (see the module docstring)."""
    name = _game_name(game)
    kind, fields = str(event[0]), list(event[1:])
    seats = _seat_fields(name, kind)
    cards = _CARD_FIELDS.get(name, {}).get(kind, ())
    txs = _TX_FIELDS.get(kind, ()) if name == "xenodex" else ()
    words = []
    for pos, value in enumerate(fields, start=1):
        if value is None:
            words.append("a hidden card" if pos in cards or pos in txs else "?")
        elif pos in seats and isinstance(value, int) and not isinstance(value, bool):
            words.append(seat_name(value) if 0 <= value < game.num_players
                         else ("Ancient" if name == "xenodex" and value >= game.num_players else "none"))
        elif pos in cards and _card(game, name, value) is not None:
            words.append(_card(game, name, value))
        elif pos in txs and _tx(game, value) is not None:
            words.append(_tx(game, value))
        else:
            words.append(str(value))
    return f"{kind}: {', '.join(words)}" if words else kind
