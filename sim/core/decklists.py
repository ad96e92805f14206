"""Deck lists as files and dicts: reading one JSON deck file, finding a game's starter decks
in its `decks/` folder, turning what a caller passes as a deck (a deck, a starter's name or a
deck dict) into a deck, and the deck form of the two-player card games.

- `HeadedDeck`: a mixin for a frozen deck dataclass `(name, <head>, cards)` led by one card
  (First Cycle's Leader, FE Cipher's Main Character): copies per card, `to_dict` and a
  validated `from_dict`. The class says what its head is:
  `class Deck(HeadedDeck, head="leader", head_text="a print id string",
  ref=("print id", "print_id"))`.
- `DeckShelf`: a game's starter decks and deck files (`load`, `starters`, `get`).
- `raise_violations`: the InvalidDeckError of a game's deck-building check.

Each game keeps its own deck-building rules (`validate_deck`)."""
from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

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


MAX_COUNT = 1000
"""The largest copy count a deck dict may give one card; no game's deck comes near it, and a
larger count is refused before its copies are listed (a count of 10**12 would not fit in memory)."""


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
            elif n > MAX_COUNT:  # refused before the copies are made
                problems.append(f"deck dict: 'cards'[{key!r}] count {n} is more copies than any deck "
                                f"holds (at most {MAX_COUNT})")
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


def raise_violations(violations: list[str]) -> None:
    """Raise InvalidDeckError listing every broken deck-building rule, if there is one."""
    if violations:
        raise InvalidDeckError(violations)


class HeadedDeck:
    """A mixin for a frozen deck dataclass with the fields `name`, the head card's reference
    (named by the class keyword `head`) and `cards` (one reference per copy)."""

    __slots__ = ()
    head: ClassVar[str]
    """The name of the head card's field ("leader", "mc")."""
    head_text: ClassVar[str]
    """What a head reference is, in errors ("a print id string")."""
    ref: ClassVar[tuple[str, str]]
    """What a card reference is in errors, and its placeholder: ("print id", "print_id")."""
    name: str
    cards: tuple[str, ...]

    def __init_subclass__(cls, head: str = "", head_text: str = "", ref: tuple[str, str] = ("", ""),
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if head:
            cls.head, cls.head_text, cls.ref = head, head_text, ref

    def counts(self) -> dict[str, int]:
        """Copies per card reference, in order of first appearance."""
        return dict(Counter(self.cards))

    def to_dict(self) -> dict[str, Any]:
        """`{"name", <head>, "cards": {ref: count}}` (JSON friendly)."""
        return {"name": self.name, self.head: getattr(self, self.head), "cards": self.counts()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        """A deck from `to_dict` output; a malformed dict raises InvalidDeckError naming the key."""
        if not isinstance(data, Mapping):
            raise InvalidDeckError([f"deck must be a dict, got {type(data).__name__}"])
        keys = ("name", cls.head, "cards")
        problems = [f"deck dict: unknown key {k!r} (allowed: {', '.join(keys)})"
                    for k in data if k not in keys]
        name, head, cards = data.get("name", "custom"), data.get(cls.head), data.get("cards")
        if not isinstance(name, str):
            problems.append(f"deck dict: 'name' must be a string, got {name!r}")
        if not isinstance(head, str):
            problems.append(f"deck dict: {cls.head!r} must be {cls.head_text}, got {head!r}")
        entries = deck_card_entries(cards, cls.ref[0], cls.ref[1], problems)
        raise_violations(problems)
        return cls(name, head, tuple(entries))


class DeckShelf(Generic[D]):
    """A game's deck files: the `*_starter.json` decks of its `decks/` folder (those named in
    `order` first) and any deck file or dict, read as `deck_cls`."""

    def __init__(self, deck_cls: type[D], decks_dir: Path, order: tuple[str, ...]) -> None:
        self.deck_cls = deck_cls
        self.decks_dir = decks_dir
        self.order = order

    def load(self, path: Path | str) -> D:
        """A deck from a JSON file in `to_dict` form."""
        return read_deck_file(path, self.deck_cls.from_dict)

    @functools.cached_property
    def _starters(self) -> tuple[tuple[str, D], ...]:
        return find_starters(self.decks_dir, self.order, self.load)

    def starters(self) -> dict[str, D]:
        """The starter decks by name ("red_starter", ...), in the game's order."""
        return dict(self._starters)

    def get(self, deck: Any) -> D:
        """A deck from a deck, a starter deck name or a deck dict (not yet validated against the
        deck-building rules)."""
        return resolve_deck(deck, self.deck_cls, self.starters)
