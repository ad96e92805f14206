"""Event logs as one seat may see them (ruling C-3: hidden information never leaks)."""
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
