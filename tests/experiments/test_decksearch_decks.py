"""Deck search decoding: every genome gives a deck that passes the game's own deck rules."""
from __future__ import annotations

import numpy as np
import pytest

from experiments.decksearch.allocate import allocate
from experiments.decksearch.measures import MEASURES
from experiments.decksearch.pools import make_pool
from sim import load_game
from sim.cipher.decks import Deck as CipherDeck
from sim.cipher.decks import check_deck as cipher_check_deck
from sim.first_cycle.decks import Deck as FirstCycleDeck
from sim.first_cycle.decks import check_deck as first_cycle_check_deck

POOLS = {
    "first_cycle": {},
    "first_cycle_collection": {"collection": {"packs": 40, "seed": 1}},
    "cipher": {},
    "xenodex": {},
}


def _game_check(game: str, pool, data: dict) -> None:
    """The game's own deck check, called directly (not through the pool)."""
    if game == "first_cycle":
        first_cycle_check_deck(FirstCycleDeck.from_dict(data), pool.card_set, pool.params, pool.collection)
    elif game == "cipher":
        cipher_check_deck(CipherDeck.from_dict(data), pool.card_set, pool.params)
    else:
        load_game("xenodex").resolve_deck(data)


@pytest.mark.parametrize("name", sorted(POOLS))
def test_decksearch_decodes_only_decks_that_pass_the_game_deck_rules(name):
    game = name.replace("_collection", "")
    pool = make_pool(game, **POOLS[name])
    rng = np.random.default_rng(5)
    lo, hi = np.array(pool.bounds()).T
    genomes = [lo, hi, (lo + hi) / 2, *pool.random_genomes(150, rng)]
    heads = set()
    for i, x in enumerate(genomes):
        deck = pool.decode(x)
        heads.add(deck.head)
        _game_check(game, pool, pool.deck_dict(deck, f"t{i}"))
    assert len(heads) > 1  # the head gene does choose


def test_first_cycle_collection_decks_use_only_owned_copies():
    pool = make_pool("first_cycle", collection={"packs": 40, "seed": 1})
    for x in pool.random_genomes(60, np.random.default_rng(2)):
        data = pool.deck_dict(pool.decode(x), "t")
        for pid, n in data["cards"].items():
            assert n <= pool.collection.get(pid, 0)


def test_decksearch_decode_is_deterministic():
    pool = make_pool("cipher")
    x = pool.random_genomes(1, np.random.default_rng(9))[0]
    assert pool.decode(x) == pool.decode(x.copy())


def test_allocate_rounds_weights_then_trims_lowest_and_fills_highest():
    # wanted 3 + 2 + 0 = 5 copies; size 4 trims the lowest-weight card first
    assert allocate([2.6, 1.6, 0.2], [3, 3, 3], 4) == [3, 1, 0]
    # too few wanted: the highest weights fill, up to their caps
    assert allocate([0.4, 0.3, 0.2], [2, 2, 2], 5) == [2, 2, 1]


def test_allocate_respects_group_caps_and_floors():
    # cards 0 and 1 share a cap of 2 (the later one gives way on a tie); card 2 keeps its floor
    # and fills the rest
    assert allocate([2.0, 2.0, 0.1], [3, 3, 3], 4, groups=[([0, 1], 2)], floors=[0, 0, 1]) == [2, 0, 2]
    assert allocate([3.0], [2], 5) is None  # the caps cannot reach the size


@pytest.mark.parametrize("game", ["first_cycle", "cipher", "xenodex"])
def test_decksearch_measures_fall_in_their_default_ranges(game):
    pool = make_pool(game)
    for x in pool.random_genomes(20, np.random.default_rng(1)):
        deck = pool.decode(x)
        for m in MEASURES[game].values():
            lo, hi = m.default_range(pool)
            assert lo - 1e-9 <= m.value(pool, deck) <= hi + 1e-9, m.name


def test_decksearch_pool_heads_restrict_the_head_card():
    pool = make_pool("first_cycle", heads=("FC020",))
    assert {pool.decode(x).head for x in pool.random_genomes(20, np.random.default_rng(0))} == {"FC020"}
