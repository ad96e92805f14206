"""Event logs as one seat may see them (ruling C-3: hidden information never leaks).

`redact_events` hides the cards of another seat's private events; `visible_events` does it
for the card games' draws (`DRAWS`: a card drawn, or dealt in an opening hand, is seen only
by the player who draws it)."""
from __future__ import annotations

from collections.abc import Collection


def redact_events(events: list[tuple], player: int, private_kinds: Collection[str]) -> list[tuple]:
    """`events` as a log meant for `player` may hold them: an event `(kind, seat, card, ...)`
    whose kind is in `private_kinds` (a draw: only the drawer sees the card) and whose seat
    is another's becomes `(kind, seat, None)`; every other event is kept as it is."""
    out = []
    for e in events:
        if e[0] in private_kinds and e[1] != player:
            out.append((e[0], e[1], None))
        else:
            out.append(e)
    return out


DRAWS = frozenset(("draw", "opening_hand"))
"""Event kinds `(kind, seat, card)` of a card going into a hand from a hidden deck."""


def visible_events(events: list[tuple], player: int) -> list[tuple]:
    """The events a log meant for `player` may hold: the other players' draws lose their card."""
    return redact_events(events, player, DRAWS)
