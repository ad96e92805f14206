"""FE Cipher decks and deck-building rules (fe_cipher.md "Starting the Game", rulings FE-1, C-4).

A `Deck` names its Main Character (`mc`, a card code) and lists every card, one entry per
copy, the MC's copy included (FE-1: the MC counts toward the deck size and the copy
limit). `validate_deck` returns every broken rule at once, each message starting with the
ruling id ("FE-1 deck size: ..."); `check_deck` raises `InvalidDeckError` with that list.
The limits come from `CipherParams` (min_deck, max_copies, mc_cost). The starter decks are
data files in `decks/<color>_starter.json`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from sim.cipher.cards import CardSet, load_card_set
from sim.cipher.params import CipherParams
from sim.core.decklists import DeckShelf, HeadedDeck, raise_violations
from sim.core.errors import CardDataError

DECKS_DIR = Path(__file__).with_name("decks")
STARTER_ORDER: tuple[str, ...] = ("red_starter", "blue_starter", "white_starter", "black_starter")


@dataclass(frozen=True)
class Deck(HeadedDeck, head="mc", head_text="a card code such as 'FE001'", ref=("card code", "code")):
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
    raise_violations(validate_deck(deck, card_set, params))


# Deck files and starters: load_deck_file(path), starter_decks() by name in STARTER_ORDER, and
# get_deck(a Deck, a starter name or a deck dict), not yet checked against the rules above.
_SHELF = DeckShelf(Deck, DECKS_DIR, STARTER_ORDER)
load_deck_file = _SHELF.load
starter_decks = _SHELF.starters
get_deck = _SHELF.get
