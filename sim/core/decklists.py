"""Deck lists as files: reading one JSON deck file, finding a game's starter decks in its
`decks/` folder, and turning what a caller passes as a deck (a deck, a starter's name or a
deck dict) into a deck. Each game keeps its own `Deck` class and deck-building rules; this
module only knows that a deck class has `from_dict`."""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from sim.core.errors import InvalidDeckError

D = TypeVar("D")


def read_deck_file(path: Path | str, from_dict: Callable[[Any], D]) -> D:
    """The deck `from_dict` makes of a JSON file; an unreadable file or bad JSON raises
    InvalidDeckError naming the file."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise InvalidDeckError([f"deck file {path.name}: {e}"]) from None
    return from_dict(data)


def find_starters(decks_dir: Path, order: tuple[str, ...],
                  load: Callable[[Path], D]) -> tuple[tuple[str, D], ...]:
    """(name, deck) of every `*_starter.json` in `decks_dir`: those named in `order` first, in
    that order, then any others by name."""
    found = {p.stem: load(p) for p in sorted(decks_dir.glob("*_starter.json"))}
    ordered = [n for n in order if n in found] + sorted(set(found) - set(order))
    return tuple((n, found[n]) for n in ordered)


def resolve_deck(deck: Any, deck_cls: type[D], starters: Callable[[], dict[str, D]]) -> D:
    """`deck` itself when it is a `deck_cls`, the starter of that name when it is a string, or
    `deck_cls.from_dict` of a mapping; anything else, or an unknown name, raises
    InvalidDeckError."""
    if isinstance(deck, deck_cls):
        return deck
    if isinstance(deck, str):
        known = starters()
        if deck not in known:
            raise InvalidDeckError([f"unknown deck name {deck!r}; known decks: {', '.join(known)}"])
        return known[deck]
    if isinstance(deck, Mapping):
        return deck_cls.from_dict(deck)
    raise InvalidDeckError([f"a deck is a Deck, a starter name or a deck dict, got {type(deck).__name__}"])


def deck_card_entries(cards: Any, ref: str, placeholder: str, problems: list[str]) -> list[str]:
    """The card references a deck dict's "cards" value lists, one per copy: `{ref: count}`
    or a list of refs. Each malformed part appends a problem naming it to `problems`; `ref`
    says what a reference is in those messages ("print id", "card code") and `placeholder`
    stands for one in the expected shape (`{print_id: count}`)."""
    entries: list[str] = []
    if isinstance(cards, Mapping):
        for key, n in cards.items():
            if not isinstance(key, str) or isinstance(n, bool) or not isinstance(n, int) or n < 1:
                problems.append(f"deck dict: 'cards'[{key!r}] must map a {ref} to a positive int, "
                                f"got {n!r}")
            else:
                entries.extend([key] * n)
    elif isinstance(cards, (list, tuple)):
        for i, key in enumerate(cards):
            if not isinstance(key, str):
                problems.append(f"deck dict: 'cards'[{i}] must be a {ref} string, got {key!r}")
            else:
                entries.append(key)
    else:
        problems.append(f"deck dict: 'cards' must be a {{{placeholder}: count}} dict, got {cards!r}")
    return entries
