"""FE Cipher decks and deck-building rules (fe_cipher.md "Starting the Game", rulings FE-1, C-4).

A `Deck` names its Main Character (`mc`, a card code) and lists every card, one entry per
copy, the MC's copy included (FE-1: the MC counts toward the deck size and the copy
limit). `validate_deck` returns every broken rule at once, each message starting with the
ruling id ("FE-1 deck size: ..."); `check_deck` raises `InvalidDeckError` with that list.
The limits come from `CipherParams` (min_deck, max_copies, mc_cost). The starter decks are
data files in `decks/<color>_starter.json`.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.cipher.cards import CardSet, load_card_set
from sim.cipher.params import CipherParams
from sim.core.decklists import deck_card_entries, find_starters, read_deck_file, resolve_deck
from sim.core.errors import CardDataError, InvalidDeckError

DECKS_DIR = Path(__file__).with_name("decks")
STARTER_ORDER: tuple[str, ...] = ("red_starter", "blue_starter", "white_starter", "black_starter")


@dataclass(frozen=True)
class Deck:
    """A named deck: the MC's card code and every card's code, one entry per copy (MC included)."""

    name: str
    mc: str
    cards: tuple[str, ...]

    def mc_id(self, card_set: CardSet | None = None) -> int:
        """The MC's card id."""
        return (card_set or load_card_set()).card(self.mc).id

    def deck_ids(self, card_set: CardSet | None = None) -> list[int]:
        """The card ids of the deck without the MC's copy (what is shuffled at set-up)."""
        cs = card_set or load_card_set()
        ids = [cs.card(c).id for c in self.cards]
        ids.remove(cs.card(self.mc).id)
        return ids

    def leader_number(self, card_set: CardSet | None = None) -> int:
        """The MC's card id, under the name bench/engine.py uses for every game's deck head."""
        return self.mc_id(card_set)

    def numbers(self, card_set: CardSet | None = None) -> list[int]:
        """`deck_ids`, under the name bench/engine.py uses for every game's deck body."""
        return self.deck_ids(card_set)

    def counts(self) -> dict[str, int]:
        """Copies per card code, in order of first appearance."""
        return dict(Counter(self.cards))

    def to_dict(self) -> dict[str, Any]:
        """`{"name", "mc", "cards": {code: count}}` (JSON friendly)."""
        return {"name": self.name, "mc": self.mc, "cards": self.counts()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deck:
        """A Deck from `to_dict` output; a malformed dict raises InvalidDeckError naming the key."""
        if not isinstance(data, Mapping):
            raise InvalidDeckError([f"deck must be a dict, got {type(data).__name__}"])
        problems = [f"deck dict: unknown key {k!r} (allowed: name, mc, cards)"
                    for k in data if k not in ("name", "mc", "cards")]
        name, mc, cards = data.get("name", "custom"), data.get("mc"), data.get("cards")
        if not isinstance(name, str):
            problems.append(f"deck dict: 'name' must be a string, got {name!r}")
        if not isinstance(mc, str):
            problems.append(f"deck dict: 'mc' must be a card code such as 'FE001', got {mc!r}")
        entries = deck_card_entries(cards, "card code", "code", problems)
        if problems:
            raise InvalidDeckError(problems)
        return cls(name=name, mc=mc, cards=tuple(entries))


def _lookup(cs: CardSet, ref: str):
    try:
        return cs.card(ref)
    except CardDataError:
        return None


def validate_deck(deck: Deck, card_set: CardSet | None = None, params: CipherParams | None = None) -> list[str]:
    """Every FE-1 violation of `deck` (empty when legal)."""
    cs = card_set or load_card_set()
    p = params or CipherParams()
    v: list[str] = []
    known = []
    for ref in dict.fromkeys(deck.cards):
        if _lookup(cs, ref) is None:
            v.append(f"FE-1 unknown card: {ref!r}")
        else:
            known.append(ref)
    if len(deck.cards) < p.min_deck:
        v.append(f"FE-1 deck size: {len(deck.cards)} cards including the MC, need at least {p.min_deck}")
    per_name: Counter[str] = Counter()
    for ref in deck.cards:
        spec = _lookup(cs, ref)
        if spec is not None:
            per_name[spec.name] += 1
    for name in sorted(per_name):
        if per_name[name] > p.max_copies:
            spec = cs.card(name)
            v.append(f"FE-1 copies: {spec.code} '{name}' has {per_name[name]} copies, at most "
                     f"{p.max_copies} (the MC counts)")
    mc = _lookup(cs, deck.mc)
    if mc is None:
        v.append(f"FE-1 MC: unknown card {deck.mc!r}")
    else:
        if not any(_lookup(cs, ref) is mc for ref in known):
            v.append(f"FE-1 MC: {mc.code} '{mc.name}' is not one of the deck's cards")
        if mc.cost != p.mc_cost:
            v.append(f"FE-1 MC: {mc.code} '{mc.name}' has deploy cost {mc.cost}, the MC must cost {p.mc_cost}")
    return v


def check_deck(deck: Deck, card_set: CardSet | None = None, params: CipherParams | None = None) -> None:
    """Raise InvalidDeckError listing every violation when `deck` is not legal."""
    violations = validate_deck(deck, card_set, params)
    if violations:
        raise InvalidDeckError(violations)


def load_deck_file(path: Path | str) -> Deck:
    """A Deck from a JSON file in `to_dict` form."""
    return read_deck_file(path, Deck.from_dict)


@functools.lru_cache(maxsize=1)
def _starters() -> tuple[tuple[str, Deck], ...]:
    return find_starters(DECKS_DIR, STARTER_ORDER, load_deck_file)


def starter_decks() -> dict[str, Deck]:
    """The starter decks keyed "red_starter", "blue_starter", "white_starter", "black_starter"."""
    return dict(_starters())


def get_deck(deck: Deck | str | Mapping[str, Any]) -> Deck:
    """A Deck from a Deck, a starter deck name or a deck dict (not yet validated against FE-1)."""
    return resolve_deck(deck, Deck, starter_decks)
