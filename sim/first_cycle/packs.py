"""First Cycle booster packs and collections (rulings FC-10, FC-11, C-1).

A pack holds 5 cards: slot 1 a RAM Module print (AIM01..AIM60, uniform), slots 2-4
each drawn independently from the Common (65%), Uncommon (30%) or Leader (5%) pool,
and slot 5 the hit. Base pools hold the standard prints of that rarity, uniform within
the pool. The hit slot draws from three pools whose weights are `PackParams` fields:

- God (rarity G, FC039-V3 in this set) with probability `hit_god`;
- Alternate (every non-standard illustration that is not G) with `hit_alternate`;
- Standard R / SR / M prints with the rest, split by `share_r : share_sr : share_m`.

Derivation of the defaults. Only the hit slot can hold God or alternate art, and it is
1 card of 5, so over all cards opened

    P(God per card)       = hit_god / 5                    = 1/20000  ->  hit_god = 5/20000
    P(alternate per card) = (hit_god + hit_alternate) / 5  = 3/250    ->  hit_god + hit_alternate = 15/250

(the God V3 is itself an alternate illustration, so it counts in both rates), hence
hit_god = 0.00025, hit_alternate = 0.06 - 0.00025 = 0.05975, and R/SR/M share the
remaining 0.94. `per_card_rates` recomputes both rates from the pools.

Randomness comes only from the numpy Generator passed in (or one made from a seed).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from sim.core.errors import InvalidParamsError
from sim.core.params import Params, param
from sim.core.seeding import make_rng
from sim.first_cycle.cards import CardSet, load_card_set
from sim.first_cycle.decks import SIGNIN_FOIL_ID

CARDS_PER_PACK = 5
BASE_SLOTS = 3
GOD_PER_CARD_TARGET = 1 / 20000
ALTERNATE_PER_CARD_TARGET = 3 / 250


class PackParams(Params, game="first_cycle_packs"):
    """Slot probabilities and hit-pool weights of a First Cycle pack (FC-10)."""

    common: float = param(0.65, 0.0, 1.0, "base slot: probability of the Common pool")
    uncommon: float = param(0.30, 0.0, 1.0, "base slot: probability of the Uncommon pool")
    leader: float = param(0.05, 0.0, 1.0, "base slot: probability of the Leader pool")
    hit_god: float = param(5 / 20000, 0.0, 1.0, "hit slot: probability of the God (G) pool")
    hit_alternate: float = param(15 / 250 - 5 / 20000, 0.0, 1.0,
                                 "hit slot: probability of the alternate-art pool (G excluded)")
    share_r: float = param(0.75, 0.0, 100.0, "hit slot, rest: relative weight of standard R prints")
    share_sr: float = param(0.20, 0.0, 100.0, "hit slot, rest: relative weight of standard SR prints")
    share_m: float = param(0.05, 0.0, 100.0, "hit slot, rest: relative weight of standard M prints")

    def __post_init__(self) -> None:
        super().__post_init__()
        base = self.common + self.uncommon + self.leader
        if abs(base - 1.0) > 1e-9:
            raise InvalidParamsError(f"{self.game} params common+uncommon+leader must sum to 1, got {base}")
        if self.hit_god + self.hit_alternate > 1.0 + 1e-12:
            raise InvalidParamsError(f"{self.game} params hit_god+hit_alternate must be at most 1")
        if self.share_r + self.share_sr + self.share_m <= 0 and self.hit_god + self.hit_alternate < 1:
            raise InvalidParamsError(f"{self.game} params share_r+share_sr+share_m must be positive")


class PackTables:
    """The pools of a card set and the per-print probabilities of each slot, precomputed."""

    def __init__(self, card_set: CardSet, params: PackParams):
        std = [p for p in card_set.prints.values() if not p.is_alternate]
        pools = {r: sorted(p.print_id for p in std if p.rarity == r) for r in ("C", "UC", "L", "R", "SR", "M")}
        self.base_pools: tuple[tuple[str, ...], ...] = (
            tuple(pools["C"]), tuple(pools["UC"]), tuple(pools["L"]))
        self.base_probs = np.array([params.common, params.uncommon, params.leader], dtype=float)
        for name, pool, w in zip(("common", "uncommon", "leader"), self.base_pools, self.base_probs):
            if w > 0 and not pool:
                raise InvalidParamsError(f"pack base pool {name!r} has weight {w} but no prints")
        god = sorted(p.print_id for p in card_set.prints.values() if p.rarity == "G")
        alt = sorted(p.print_id for p in card_set.prints.values() if p.is_alternate and p.rarity != "G")
        rest = 1.0 - params.hit_god - params.hit_alternate
        shares = {"R": params.share_r, "SR": params.share_sr, "M": params.share_m}
        total_share = sum(w for r, w in shares.items() if pools[r]) or 1.0
        hit: dict[str, float] = {}
        groups = [("god", god, params.hit_god), ("alternate", alt, params.hit_alternate)]
        groups += [(f"standard {r}", pools[r], rest * shares[r] / total_share) for r in shares]
        for name, pool, w in groups:
            if w > 0 and not pool:
                if name.startswith("standard"):
                    continue
                raise InvalidParamsError(f"pack hit pool {name!r} has weight {w} but no prints")
            for pid in pool:
                hit[pid] = hit.get(pid, 0.0) + w / len(pool)
        self.hit_ids: tuple[str, ...] = tuple(hit)
        probs = np.array([hit[p] for p in self.hit_ids], dtype=float)
        if probs.sum() <= 0:
            raise InvalidParamsError("pack hit slot has no prints with positive weight")
        self.hit_probs = probs / probs.sum()
        self.ram_ids: tuple[str, ...] = card_set.ram_prints
        self.card_set = card_set

    def hit_probabilities(self) -> dict[str, float]:
        """Probability of each print id in the hit slot."""
        return {p: float(w) for p, w in zip(self.hit_ids, self.hit_probs)}

    def base_probabilities(self) -> dict[str, float]:
        """Probability of each print id in one base slot."""
        out: dict[str, float] = {}
        for pool, w in zip(self.base_pools, self.base_probs):
            for pid in pool:
                out[pid] = out.get(pid, 0.0) + float(w) / len(pool)
        return out

    def open(self, rng: np.random.Generator, n: int) -> list[list[str]]:
        """`n` packs drawn from `rng` (vectorised; each pack independent)."""
        ram = rng.integers(len(self.ram_ids), size=n)
        cat = rng.choice(3, size=(n, BASE_SLOTS), p=self.base_probs)
        u = rng.random((n, BASE_SLOTS))
        hit = rng.choice(len(self.hit_ids), size=n, p=self.hit_probs)
        sizes = np.array([max(len(p), 1) for p in self.base_pools])
        idx = np.minimum((u * sizes[cat]).astype(np.int64), sizes[cat] - 1)
        pools, ram_ids, hit_ids = self.base_pools, self.ram_ids, self.hit_ids
        return [[ram_ids[ram[i]], *(pools[cat[i, j]][idx[i, j]] for j in range(BASE_SLOTS)), hit_ids[hit[i]]]
                for i in range(n)]


_TABLES: dict[tuple[int, str], PackTables] = {}


def pack_tables(card_set: CardSet | None = None, params: PackParams | None = None) -> PackTables:
    """The (cached) PackTables of a card set and params."""
    cs = card_set or load_card_set()
    p = params or PackParams()
    key = (id(cs), p.params_id)
    t = _TABLES.get(key)
    if t is None or t.card_set is not cs:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        t = _TABLES[key] = PackTables(cs, p)
    return t


def open_pack(rng: np.random.Generator, card_set: CardSet | None = None,
              params: PackParams | None = None) -> list[str]:
    """One pack: [RAM print "AIMxx", 3 base-slot print ids, the hit print id]."""
    return pack_tables(card_set, params).open(rng, 1)[0]


def open_packs(seed: int | np.random.SeedSequence | np.random.Generator, n: int,
               card_set: CardSet | None = None, params: PackParams | None = None) -> list[list[str]]:
    """`n` independent packs from `seed` (an int, SeedSequence or Generator)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"the number of packs must be an integer >= 0, got {n!r}")
    rng = seed if isinstance(seed, np.random.Generator) else make_rng(seed)
    return pack_tables(card_set, params).open(rng, int(n))


PACK_BLOCK = 10_000


def iter_packs(seed: int | np.random.SeedSequence | np.random.Generator, n: int,
               card_set: CardSet | None = None, params: PackParams | None = None):
    """The same `n` packs as `open_packs` for n <= PACK_BLOCK, one at a time in constant
    memory for any n: larger counts are opened in blocks of PACK_BLOCK from one generator."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"the number of packs must be an integer >= 0, got {n!r}")
    rng = seed if isinstance(seed, np.random.Generator) else make_rng(seed)
    tables = pack_tables(card_set, params)
    for start in range(0, int(n), PACK_BLOCK):
        yield from tables.open(rng, min(PACK_BLOCK, int(n) - start))


def per_card_rates(card_set: CardSet | None = None, params: PackParams | None = None) -> dict[str, float]:
    """Analytic rates over ALL cards opened (RAM slot included): {"god": ..., "alternate": ...}."""
    cs = card_set or load_card_set()
    t = pack_tables(cs, params)
    hit, base = t.hit_probabilities(), t.base_probabilities()

    def rate(pred) -> float:
        per_pack = sum(w for pid, w in hit.items() if pred(cs.prints[pid]))
        per_pack += BASE_SLOTS * sum(w for pid, w in base.items() if pred(cs.prints[pid]))
        return per_pack / CARDS_PER_PACK

    return {"god": rate(lambda p: p.rarity == "G"), "alternate": rate(lambda p: p.is_alternate)}


class Collection:
    """A player's cards: copies per print id (FC prints and AIM RAM prints) and the sign-in foil.

    The sign-in foil collector card (FC-11) is kept apart from the print counts: it is
    shown in the binder but no deck may hold it (`decks.validate_deck` refuses it).
    """

    def __init__(self, counts: Mapping[str, int] | None = None, signin_foil: str | None = None):
        self._counts: Counter[str] = Counter()
        self.signin_foil: str | None = None
        for pid, n in (counts or {}).items():
            self.add(pid, n)
        if signin_foil is not None:
            self.add_signin_foil(signin_foil)

    def add(self, print_id: str, n: int = 1) -> None:
        """Add `n` copies of `print_id`."""
        if not isinstance(print_id, str) or not print_id:
            raise ValueError(f"print id must be a non-empty string, got {print_id!r}")
        if print_id == SIGNIN_FOIL_ID:
            raise ValueError("the sign-in foil is added with add_signin_foil(name)")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"copies must be a non-negative int, got {n!r}")
        if n:
            self._counts[print_id] += n

    def add_cards(self, print_ids: Iterable[str]) -> None:
        """Add one copy of each print id (e.g. an opened pack)."""
        for pid in print_ids:
            self.add(pid)

    def add_signin_foil(self, name: str) -> None:
        """Receive the sign-in foil collector card bearing `name`; a collection holds at most
        one (FC-11: one per account), so a second one is refused."""
        if not isinstance(name, str) or not name:
            raise ValueError(f"the sign-in foil needs the player's name, got {name!r}")
        if self.signin_foil is not None:
            raise ValueError(f"this collection already holds the sign-in foil of {self.signin_foil!r} "
                             "(one per account)")
        self.signin_foil = name

    def count(self, print_id: str) -> int:
        """Copies owned of `print_id` (the foil id counts 1 when received)."""
        if print_id == SIGNIN_FOIL_ID:
            return int(self.signin_foil is not None)
        return self._counts.get(print_id, 0)

    @property
    def counts(self) -> dict[str, int]:
        """Copies per print id (sorted by id)."""
        return dict(sorted(self._counts.items()))

    def owned_numbers(self, card_set: CardSet | None = None) -> dict[int, int]:
        """Copies per collector number, counting all its prints (RAM prints excluded)."""
        cs = card_set or load_card_set()
        out: Counter[int] = Counter()
        for pid, n in self._counts.items():
            if pid in cs.prints:
                out[cs.number_of_print(pid)] += n
        return dict(sorted(out.items()))

    @property
    def total(self) -> int:
        """Total copies of all prints (the foil not included)."""
        return sum(self._counts.values())

    def copy(self) -> Collection:
        """An independent copy."""
        return Collection(self._counts, self.signin_foil)

    def to_dict(self) -> dict[str, Any]:
        """`{"cards": {print_id: count}, "signin_foil": name or None}`."""
        return {"cards": self.counts, "signin_foil": self.signin_foil}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Collection:
        """A Collection from `to_dict` output."""
        unknown = set(data) - {"cards", "signin_foil"}
        if unknown:
            raise ValueError(f"collection dict: unknown key(s) {sorted(unknown)}")
        return cls(data.get("cards") or {}, data.get("signin_foil"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Collection):
            return NotImplemented
        return self.counts == other.counts and self.signin_foil == other.signin_foil

    def __repr__(self) -> str:
        return f"Collection({self.total} cards, {len(self._counts)} prints, foil={self.signin_foil!r})"
