"""First Cycle decks and deck-building rules (rulings FC-8, FC-11, C-4).

A `Deck` is a Leader print plus exactly 30 Character/Protocol prints (one entry per
copy). `validate_deck` returns every broken rule at once, each message starting with
the ruling id ("FC-8 deck size: ..."); `check_deck` raises `InvalidDeckError` with
that list. The limits come from `FirstCycleParams` (deck_size, max_copies,
max_allied) and each card's `deck_limit` (#039 The Singularity: 1 across its prints).
The four starter decks are data files in `decks/<color>_starter.json`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from sim.core.decklists import DeckShelf, HeadedDeck, raise_violations
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
class Deck(HeadedDeck, head="leader", head_text="a print id string", ref=("print id", "print_id")):
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
    raise_violations(validate_deck(deck, card_set, params, collection))


# Deck files and starters: load_deck_file(path), starter_decks() by name in STARTER_ORDER, and
# get_deck(a Deck, a starter name or a deck dict), not yet checked against the rules above.
_SHELF = DeckShelf(Deck, DECKS_DIR, STARTER_ORDER)
load_deck_file = _SHELF.load
starter_decks = _SHELF.starters
get_deck = _SHELF.get
