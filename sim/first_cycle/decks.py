"""First Cycle decks and deck-building rules (rulings FC-8, FC-11, C-4).

A `Deck` is a Leader print plus exactly 30 Character/Protocol prints (one entry per
copy). `validate_deck` returns every broken rule at once, each message starting with
the ruling id ("FC-8 deck size: ..."); `check_deck` raises `InvalidDeckError` with
that list. The limits come from `FirstCycleParams` (deck_size, max_copies,
max_allied) and each card's `deck_limit` (#039 The Singularity: 1 across its prints).
The four starter decks are data files in `decks/<color>_starter.json`.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sim.core.decklists import deck_card_entries, find_starters, read_deck_file, resolve_deck
from sim.core.errors import InvalidDeckError
from sim.first_cycle.cards import CardSet, load_card_set
from sim.first_cycle.params import FirstCycleParams

DECKS_DIR = Path(__file__).with_name("decks")
STARTER_ORDER: tuple[str, ...] = ("black_starter", "orange_starter", "green_starter", "blue_starter")
# The sign-in foil collector card (FC-11) has this print id; it is a collection item only.
SIGNIN_FOIL_ID = "FOIL-SIGNIN"

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}


class _Owned(Protocol):
    def count(self, print_id: str) -> int: ...


@dataclass(frozen=True)
class Deck:
    """A named deck: a Leader print id and the main deck's print ids, one entry per copy."""

    name: str
    leader: str
    cards: tuple[str, ...]

    def leader_number(self, card_set: CardSet | None = None) -> int:
        """The Leader's collector number."""
        return (card_set or load_card_set()).number_of_print(self.leader)

    def numbers(self, card_set: CardSet | None = None) -> list[int]:
        """The collector numbers of the main-deck cards, in deck-list order."""
        cs = card_set or load_card_set()
        return [cs.number_of_print(p) for p in self.cards]

    def counts(self) -> dict[str, int]:
        """Copies per print id, in order of first appearance."""
        return dict(Counter(self.cards))

    def to_dict(self) -> dict[str, Any]:
        """`{"name", "leader", "cards": {print_id: count}}` (JSON friendly)."""
        return {"name": self.name, "leader": self.leader, "cards": self.counts()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deck:
        """A Deck from `to_dict` output; a malformed dict raises InvalidDeckError naming the key."""
        if not isinstance(data, Mapping):
            raise InvalidDeckError([f"deck must be a dict, got {type(data).__name__}"])
        problems = [f"deck dict: unknown key {k!r}" for k in data if k not in ("name", "leader", "cards")]
        name, leader, cards = data.get("name", "custom"), data.get("leader"), data.get("cards")
        if not isinstance(name, str):
            problems.append(f"deck dict: 'name' must be a string, got {name!r}")
        if not isinstance(leader, str):
            problems.append(f"deck dict: 'leader' must be a print id string, got {leader!r}")
        entries = deck_card_entries(cards, "print id", "print_id", problems)
        if problems:
            raise InvalidDeckError(problems)
        return cls(name=name, leader=leader, cards=tuple(entries))


def _owned(collection: _Owned | Mapping[str, int], print_id: str) -> int:
    if isinstance(collection, Mapping):
        return int(collection.get(print_id, 0))
    return int(collection.count(print_id))


def validate_deck(deck: Deck, card_set: CardSet | None = None, params: FirstCycleParams | None = None,
                  collection: _Owned | Mapping[str, int] | None = None) -> list[str]:
    """Every FC-8 / FC-11 violation of `deck` (empty when legal).

    With `collection` (a `packs.Collection` or a {print_id: count} mapping), the Leader and
    every main-deck print must be owned in at least the number of copies used.
    """
    cs = card_set or load_card_set()
    p = params or FirstCycleParams()
    v: list[str] = []
    ram = set(cs.ram_prints)

    # Leader.
    leader_color: str | None = None
    if deck.leader == SIGNIN_FOIL_ID:
        v.append(f"FC-11 sign-in foil card cannot be in a deck (leader {deck.leader})")
    elif deck.leader in ram:
        v.append(f"FC-8 leader: {deck.leader} is a RAM Module, not a leader")
    elif deck.leader not in cs.prints:
        v.append(f"FC-8 unknown print: {deck.leader}")
    else:
        spec = cs.card_of_print(deck.leader)
        if spec.kind != "leader":
            v.append(f"FC-8 leader: {deck.leader} is a {spec.kind}, not a leader")
        else:
            leader_color = spec.color

    # Main deck entries.
    valid: list[str] = []
    for pid in dict.fromkeys(deck.cards):
        if pid == SIGNIN_FOIL_ID:
            v.append("FC-11 sign-in foil card cannot be in a deck")
        elif pid in ram:
            v.append(f"FC-8 main deck: {pid} is a RAM Module, not a main-deck card")
        elif pid not in cs.prints:
            v.append(f"FC-8 unknown print: {pid}")
        elif cs.card_of_print(pid).kind == "leader":
            v.append(f"FC-8 main deck: {pid} is a leader")
        else:
            valid.append(pid)
    if len(deck.cards) != p.deck_size:
        v.append(f"FC-8 deck size: {len(deck.cards)} main-deck cards, need exactly {p.deck_size}")

    counts = Counter(deck.cards)
    # Colors: the rest of the deck is the Leader's color; at most max_allied of ONE other color.
    if leader_color is not None:
        allied: Counter[str] = Counter()
        for pid in valid:
            color = cs.card_of_print(pid).color
            if color != leader_color:
                allied[color] += counts[pid]
        if len(allied) > 1:
            colors = sorted(allied, key=lambda c: (-allied[c], c))
            word = _NUMBER_WORDS.get(len(allied), str(len(allied)))
            v.append(f"FC-8 colors: cards of {word} allied colors ({', '.join(colors)}); "
                     f"only one allied color allowed")
        total = sum(allied.values())
        if total > p.max_allied:
            colors = sorted(allied, key=lambda c: (-allied[c], c))
            v.append(f"FC-8 colors: {total} allied-color cards ({', '.join(colors)}), at most {p.max_allied}")

    # Copies per collector number, counting all its prints together.
    per_number: Counter[int] = Counter()
    for pid in valid:
        per_number[cs.number_of_print(pid)] += counts[pid]
    for number in sorted(per_number):
        spec, n = cs.card(number), per_number[number]
        if spec.deck_limit < p.max_copies:
            if n > spec.deck_limit:
                v.append(f"FC-8 singularity: {spec.code} {spec.name} at most {spec.deck_limit} "
                         f"across its prints, {n} in deck")
        elif n > p.max_copies:
            v.append(f"FC-8 copies: {spec.code} has {n} copies across prints, at most {p.max_copies}")

    # Ownership.
    if collection is not None:
        used = Counter(valid_pid for valid_pid in deck.cards if valid_pid in cs.prints)
        if leader_color is not None:
            used[deck.leader] += 1
        for pid in sorted(used):
            owned = _owned(collection, pid)
            if used[pid] > owned:
                noun = "copy" if used[pid] == 1 else "copies"
                v.append(f"FC-8 collection: {used[pid]} {noun} of {pid} used, {owned} owned")
    return v


def check_deck(deck: Deck, card_set: CardSet | None = None, params: FirstCycleParams | None = None,
               collection: _Owned | Mapping[str, int] | None = None) -> None:
    """Raise InvalidDeckError listing every violation when `deck` is not legal."""
    violations = validate_deck(deck, card_set, params, collection)
    if violations:
        raise InvalidDeckError(violations)


def load_deck_file(path: Path | str) -> Deck:
    """A Deck from a JSON file in `to_dict` form."""
    return read_deck_file(path, Deck.from_dict)


@functools.lru_cache(maxsize=1)
def _starters() -> tuple[tuple[str, Deck], ...]:
    return find_starters(DECKS_DIR, STARTER_ORDER, load_deck_file)


def starter_decks() -> dict[str, Deck]:
    """The starter decks keyed "black_starter", "orange_starter", "green_starter", "blue_starter"."""
    return dict(_starters())


def get_deck(deck: Deck | str | Mapping[str, Any]) -> Deck:
    """A Deck from a Deck, a starter deck name or a deck dict (not validated against FC-8)."""
    return resolve_deck(deck, Deck, starter_decks)
