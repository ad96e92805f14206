"""Card pools: what a deck search may build from, each genome decoded into a legal deck.

    pool = make_pool("first_cycle", params={}, collection={"packs": 60, "seed": 1})
    deck = pool.decode(x)            # a Candidate: head card and copies per card, always legal
    data = pool.deck_dict(deck, "elite_01")
    pool.check(data)                 # the game's own deck check (InvalidDeckError if broken)

A genome is `pool.dim` numbers: one score per possible head card (the highest feasible
score picks it), then one weight per card of the pool (in 0..`max_copies`). Decoding is
`experiments.decksearch.allocate`'s documented repair under each game's deck rules:

- First Cycle (FC-8, FC-11): a Leader, exactly `deck_size` Characters and Protocols of the
  Leader's colour plus at most `max_allied` of ONE allied colour (the other colour whose
  cards the genome wants most copies of; ties to the first in colour order), at most
  `max_copies` per collector number (`deck_limit` for The Singularity). With a collection
  (`{"packs": N, "seed": S}`, the packs `tcglab packs N --seed S` opens), only owned cards,
  each in at most the copies owned; copies use the owned prints in print-id order.
- FE Cipher (FE-1): a Main Character (a card of cost `mc_cost`, held at least once), exactly
  `min_deck` cards with the MC, at most `max_copies` per card name.
- XenodeX (XD-2): one faction deck's transmissions, anchor and faction (the head) and exactly
  `deck_size` characters from any faction, at most `max_copies` each (the rules set no copy
  limit; the shipped decks hold 2 of each, the default here).

The head scores are tried from the highest down until one gives a deck, so no genome is
ever refused; a pool that cannot build any deck is refused when it is made.
"""
from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from experiments.decksearch.allocate import allocate
from experiments.decksearch.errors import DeckSearchError
from sim import load_game
from sim.core.errors import InvalidDeckError, TcglabError


@dataclass(frozen=True)
class Candidate:
    """A decoded deck: its head (Leader print, MC card id, or faction deck name) and the
    copies of each pool card it holds, as (card id, copies) sorted by card id."""

    head: Any
    counts: tuple[tuple[int, int], ...]

    @property
    def cards(self) -> dict[int, int]:
        """Copies per card id."""
        return dict(self.counts)

    def key(self) -> str:
        """Canonical text of the deck (same deck, same key)."""
        return json.dumps([self.head, self.counts])


class Pool(ABC):
    """The common decoding loop; a game's pool sets `heads`, `items`, `caps` and implements the
    abstract methods."""

    game_name: str
    heads: list
    items: list[int]
    caps: list[int]
    size: int
    max_copies: int

    @property
    def dim(self) -> int:
        """The genome length: head scores, then card weights."""
        return len(self.heads) + len(self.items)

    def bounds(self) -> list[tuple[float, float]]:
        """Each gene's range: 0..1 for head scores, 0..max_copies for card weights."""
        return [(0.0, 1.0)] * len(self.heads) + [(0.0, float(self.max_copies))] * len(self.items)

    def random_genomes(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """`n` genomes drawn uniformly within the bounds."""
        lo, hi = np.array(self.bounds()).T
        return rng.uniform(lo, hi, size=(n, self.dim))

    def decode(self, x) -> Candidate:
        """The legal deck a genome stands for (the module docstring's rules)."""
        x = np.asarray(x, dtype=float)
        head_scores, weights = x[:len(self.heads)], x[len(self.heads):]
        for h in sorted(range(len(self.heads)), key=lambda i: (-head_scores[i], i)):
            counts = self._fill(self.heads[h], weights)
            if counts is not None:
                return Candidate(self.heads[h], tuple((c, n) for c, n in sorted(zip(self.items, counts)) if n))
        raise DeckSearchError(f"{self.game_name}: no head card of the pool can build a deck (a bug: "
                        "make_pool checks this)")

    @abstractmethod
    def _fill(self, head, weights) -> list[int] | None:
        """The copies of each pool card in `head`'s deck from card weights (the repair), or
        None when `head` cannot lead a legal deck from this pool."""

    @abstractmethod
    def deck_dict(self, deck: Candidate, name: str) -> dict:
        """The deck in the game's deck-file form (`tcglab run --decks FILE.json` reads it)."""

    @abstractmethod
    def check(self, data: dict) -> None:
        """The game's own deck-building check of a deck dict (InvalidDeckError when broken)."""

    @abstractmethod
    def card(self, card_id: int):
        """The card spec of a pool card id."""

    def card_name(self, card_id: int) -> str:
        """A card's printed name."""
        return self.card(card_id).name

    def head_name(self, head) -> str:
        """The head card as a person reads it ("FC001 Name", "FE036 Name", a faction deck)."""
        return str(head)

    def head_ref(self, head) -> str:
        """The head as a search file names it: a Leader print id, an MC card code, a deck name."""
        return str(head)

    def keep_heads(self, refs) -> None:
        """Restrict the heads to those named (`pool.heads` of a search file), in the pool's order."""
        known = {self.head_ref(h): h for h in self.heads}
        unknown = [r for r in refs if r not in known]
        if unknown:
            raise DeckSearchError(f"pool.heads: {', '.join(map(repr, unknown))} cannot head a "
                                  f"{self.game_name} deck from this pool; allowed: {', '.join(known)}")
        self.heads = [h for h in self.heads if self.head_ref(h) in set(refs)]
        self._check_buildable()

    def _check_buildable(self) -> None:
        lo = np.zeros(len(self.items))
        if not any(self._fill(h, lo) is not None for h in self.heads):
            raise DeckSearchError(f"pool: no legal {self.game_name} deck can be built from this pool")


class FirstCyclePool(Pool):
    """First Cycle: Leader, colours and collection (see the module docstring)."""

    game_name = "first_cycle"

    def __init__(self, game, collection: dict[str, int] | None) -> None:
        from sim.first_cycle.decks import SIGNIN_FOIL_ID
        cs, p = game.card_set, game.params
        self.game, self.card_set, self.params, self.collection = game, cs, p, collection
        self.size, self.max_copies = p.deck_size, p.max_copies
        owned: Counter = Counter()
        self.prints: dict[int, list[str]] = {}
        for pid in sorted(cs.prints):
            if pid == SIGNIN_FOIL_ID:
                continue
            n = cs.number_of_print(pid)
            have = p.max_copies if collection is None else int(collection.get(pid, 0))
            if have > 0:
                owned[n] += have
                self.prints.setdefault(n, []).append(pid)
        if collection is None:
            self.prints = {n: [cs.standard_print(n)] for n in self.prints}
        specs = {n: cs.card(n) for n in owned}
        self.heads = [self.prints[n][0] for n in sorted(owned) if specs[n].kind == "leader"]
        self.items = [n for n in sorted(owned) if specs[n].kind != "leader"]
        self.caps = [min(p.max_copies, specs[n].deck_limit, owned[n]) for n in self.items]
        self.colors = sorted({specs[n].color for n in self.items})
        self._owned = owned
        if not self.heads:
            raise DeckSearchError("pool: the collection holds no Leader")
        self._check_buildable()

    def card(self, card_id: int):
        return self.card_set.card(card_id)

    def head_name(self, head) -> str:
        return f"{head} {self.card_set.card_of_print(head).name}"

    def _fill(self, head, weights) -> list[int] | None:
        leader_color = self.card_set.card_of_print(head).color
        wanted: Counter = Counter()
        for i, n in enumerate(self.items):
            color = self.card(n).color
            if color != leader_color:
                wanted[color] += min(self.caps[i], int(np.floor(weights[i] + 0.5)))
        others = sorted((c for c in self.colors if c != leader_color), key=lambda c: (-wanted[c], c))
        for allied in [*others, None]:
            caps = [cap if self.card(n).color in (leader_color, allied) else 0
                    for n, cap in zip(self.items, self.caps)]
            ally = [i for i, n in enumerate(self.items) if self.card(n).color == allied]
            counts = allocate(weights, caps, self.size, groups=[(ally, self.params.max_allied)] if ally else ())
            if counts is not None:
                return counts
        return None

    def deck_dict(self, deck: Candidate, name: str) -> dict:
        cards: dict[str, int] = {}
        for n, copies in deck.counts:
            for pid in self.prints[n]:
                have = self.max_copies if self.collection is None else int(self.collection.get(pid, 0))
                take = min(have, copies)
                if take:
                    cards[pid] = take
                copies -= take
                if not copies:
                    break
        return {"name": name, "leader": deck.head, "cards": cards}

    def check(self, data: dict) -> None:
        from sim.first_cycle.decks import Deck, check_deck
        check_deck(Deck.from_dict(data), self.card_set, self.params, self.collection)


class CipherPool(Pool):
    """FE Cipher: Main Character and copies per card name (see the module docstring)."""

    game_name = "cipher"

    def __init__(self, game) -> None:
        cs, p = game.card_set, game.params
        self.game, self.card_set, self.params = game, cs, p
        self.size, self.max_copies = p.min_deck, p.max_copies
        specs = [c for c in cs.table() if c is not None]
        self.items = [c.id for c in specs]
        self.caps = [p.max_copies] * len(self.items)
        self.heads = [c.id for c in specs if c.cost == p.mc_cost]
        by_name: dict[str, list[int]] = {}
        for i, c in enumerate(specs):
            by_name.setdefault(c.name, []).append(i)
        self.groups = [(idx, p.max_copies) for idx in by_name.values() if len(idx) > 1]
        if not self.heads:
            raise DeckSearchError(f"pool: no FE Cipher card costs {p.mc_cost}, so no card can be the MC")
        self._check_buildable()

    def card(self, card_id: int):
        return self.card_set.card(card_id)

    def head_name(self, head) -> str:
        return f"{self.card(head).code} {self.card(head).name}"

    def head_ref(self, head) -> str:
        return self.card(head).code

    def _fill(self, head, weights) -> list[int] | None:
        floors = [1 if n == head else 0 for n in self.items]
        return allocate(weights, self.caps, self.size, groups=self.groups, floors=floors)

    def deck_dict(self, deck: Candidate, name: str) -> dict:
        return {"name": name, "mc": self.card(deck.head).code,
                "cards": {self.card(n).code: copies for n, copies in deck.counts}}

    def check(self, data: dict) -> None:
        from sim.cipher.decks import Deck, check_deck
        check_deck(Deck.from_dict(data), self.card_set, self.params)


class XenodexPool(Pool):
    """XenodeX: a faction deck's transmissions with searched characters (module docstring)."""

    game_name = "xenodex"

    def __init__(self, game, max_copies: int) -> None:
        self.game, self.cards = game, game.cards
        self.size, self.max_copies = game.params.deck_size, max_copies
        self.heads = sorted(self.cards.decks)
        self.items = sorted(self.cards.characters)
        self.caps = [max_copies] * len(self.items)
        self._check_buildable()

    def card(self, card_id: int):
        return self.cards.characters[card_id]

    def _fill(self, head, weights) -> list[int] | None:
        return allocate(weights, self.caps, self.size)

    def deck_dict(self, deck: Candidate, name: str) -> dict:
        base = self.cards.decks[deck.head]
        return {"name": name, "faction": base.faction, "title": base.title, "lore": base.lore,
                "characters": {self.card(n).name: copies for n, copies in deck.counts},
                "transmissions": dict(Counter(self.cards.transmissions[t].name for t in base.transmissions))}

    def check(self, data: dict) -> None:
        self.game.resolve_deck(data)


def make_pool(game: str, params: dict | None = None, collection: dict | None = None,
              max_copies: int | None = None, heads: tuple[str, ...] | None = None) -> Pool:
    """The card pool of `game` under `params` (see the module docstring). `collection` (First
    Cycle only) is `{"packs": N, "seed": S}`; `max_copies` lowers the copies per card (and sets
    XenodeX's, default 2); `heads` keeps only the named head cards (Leader print ids, MC
    card codes, XenodeX faction deck names)."""
    try:
        g = load_game(game, **(params or {}))
    except TcglabError as exc:
        raise DeckSearchError(f"{params_key(params or {}, str(exc))}: {exc}") from None
    if collection is not None and game != "first_cycle":
        raise DeckSearchError(f"pool.collection: collections come from First Cycle packs; {game} has none")
    if game == "first_cycle":
        pool: Pool = FirstCyclePool(g, collection_counts(g, collection) if collection is not None else None)
    elif game == "cipher":
        pool = CipherPool(g)
    elif game == "xenodex":
        pool = XenodexPool(g, 2 if max_copies is None else max_copies)
    else:
        raise DeckSearchError(f"game: deck search knows first_cycle, cipher and xenodex, not {game!r}")
    if max_copies is not None and game != "xenodex":
        pool.caps = [min(c, max_copies) for c in pool.caps]
        pool.max_copies = min(pool.max_copies, max_copies)
        pool._check_buildable()
    if heads is not None:
        pool.keep_heads(heads)
    return pool


def params_key(params: dict, message: str) -> str:
    """The search file key a game's params error is about: `params.<name>` for the first
    overridden param the message names (card overrides: `params.card_overrides`), else `params`."""
    if message.startswith("card override") and "card_overrides" in params:
        return "params.card_overrides"
    return next((f"params.{k}" for k in params if f"'{k}'" in message), "params")


def collection_counts(game, collection: dict) -> dict[str, int]:
    """Print id -> copies owned after opening `collection["packs"]` packs from `collection["seed"]`
    (the same packs `tcglab packs` opens)."""
    from sim.first_cycle.packs import Collection, iter_packs
    owned = Collection()
    for pack in iter_packs(collection["seed"], collection["packs"], card_set=game.card_set):
        owned.add_cards(pack)
    return dict(owned.counts)


def assert_legal(pool: Pool, data: dict) -> None:
    """The game's deck check, with the deck named in the error (a decoding bug, never expected)."""
    try:
        pool.check(data)
    except InvalidDeckError as exc:
        raise DeckSearchError(f"deck search built an illegal deck {data.get('name')!r}: {exc}") from None
