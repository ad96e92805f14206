"""FC-10 booster packs, FC-11 collection items, C-1 seeded randomness."""
from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from sim.core.errors import InvalidParamsError
from sim.core.seeding import make_rng
from sim.first_cycle.cards import load_card_set
from sim.first_cycle.decks import SIGNIN_FOIL_ID
from sim.first_cycle.packs import (
    ALTERNATE_PER_CARD_TARGET,
    CARDS_PER_PACK,
    GOD_PER_CARD_TARGET,
    Collection,
    PackParams,
    open_pack,
    open_packs,
    pack_tables,
    per_card_rates,
)

CS = load_card_set()


def _poisson_interval(mu: float, level: float = 0.999) -> tuple[int, int]:
    """Two-sided central interval of a Poisson(mu) count holding `level` of the mass."""
    tail = (1 - level) / 2
    k, pmf = 0, math.exp(-mu)
    cdf = pmf
    lo = None
    while True:
        if lo is None and cdf >= tail:
            lo = k
        if cdf >= 1 - tail:
            return lo, k
        k += 1
        pmf *= mu / k
        cdf += pmf


def test_fc10_pack_layout():
    rng = make_rng(7)
    for _ in range(200):
        pack = open_pack(rng)
        assert len(pack) == CARDS_PER_PACK == 5
        assert pack[0] in CS.ram_prints
        for pid in pack[1:4]:
            p = CS.print_spec(pid)
            assert p.rarity in ("C", "UC", "L") and not p.is_alternate
        hit = CS.print_spec(pack[4])
        assert hit.is_alternate or hit.rarity in ("R", "SR", "M")
    assert set(CS.ram_prints) == {f"AIM{i:02d}" for i in range(1, 61)}


def test_c1_packs_are_seeded():
    a = open_packs(123, 50)
    np.random.seed(0)  # the global numpy stream must not matter
    b = open_packs(123, 50)
    assert a == b and a != open_packs(124, 50)
    r1, r2 = make_rng(5), make_rng(5)
    assert [open_pack(r1) for _ in range(5)] == [open_pack(r2) for _ in range(5)]


def test_fc10_hit_pool_probabilities_analytic():
    p = PackParams()
    assert p.hit_god == pytest.approx(5 / 20000, abs=1e-15)
    assert p.hit_god + p.hit_alternate == pytest.approx(15 / 250, abs=1e-15)
    rates = per_card_rates(CS, p)
    assert abs(rates["god"] - GOD_PER_CARD_TARGET) < 1e-12
    assert abs(rates["alternate"] - ALTERNATE_PER_CARD_TARGET) < 1e-12
    hit = pack_tables(CS, p).hit_probabilities()
    assert sum(hit.values()) == pytest.approx(1.0, abs=1e-12)
    god = sum(w for pid, w in hit.items() if CS.print_spec(pid).rarity == "G")
    alt = sum(w for pid, w in hit.items() if CS.print_spec(pid).is_alternate)
    std = sum(w for pid, w in hit.items() if not CS.print_spec(pid).is_alternate)
    assert abs(god - 5 / 20000) < 1e-12 and abs(alt - 15 / 250) < 1e-12
    assert abs(std - (1 - 15 / 250)) < 1e-12
    rarities = {CS.print_spec(pid).rarity for pid in hit if not CS.print_spec(pid).is_alternate}
    assert rarities == {"R", "SR", "M"}


def test_fc10_god_and_alternate_rates():
    packs = open_packs(2024, 20_000)
    cards = [pid for pack in packs for pid in pack]
    n = len(cards)
    assert n == 100_000
    alt = sum(1 for pid in cards if pid in CS.prints and CS.prints[pid].is_alternate)
    p_alt = ALTERNATE_PER_CARD_TARGET
    sigma = math.sqrt(n * p_alt * (1 - p_alt))
    assert abs(alt - n * p_alt) <= 4 * sigma, (alt, n * p_alt, sigma)
    god = sum(1 for pid in cards if pid == "FC039-V3")
    lo, hi = _poisson_interval(n * GOD_PER_CARD_TARGET)
    assert lo <= god <= hi, (god, lo, hi)
    # A 20x larger sample (2,000,000 cards) for the rare God print: ~100 expected.
    big = open_packs(99, 400_000)
    n_big = CARDS_PER_PACK * len(big)
    god_big = sum(1 for pack in big if pack[4] == "FC039-V3")
    mu = n_big * GOD_PER_CARD_TARGET
    lo, hi = _poisson_interval(mu)
    assert mu / 2 < lo and hi < 2 * mu  # tight enough to catch a halved or doubled rate
    assert lo <= god_big <= hi, (god_big, lo, hi)


def test_fc10_base_slot_pools():
    packs = open_packs(11, 20_000)
    base = Counter(CS.print_spec(pid).rarity for pack in packs for pid in pack[1:4])
    n = 3 * len(packs)
    for rarity, prob in (("C", 0.65), ("UC", 0.30), ("L", 0.05)):
        sigma = math.sqrt(n * prob * (1 - prob))
        assert abs(base[rarity] - n * prob) <= 4 * sigma, (rarity, base[rarity])
    ram = Counter(pack[0] for pack in packs)
    assert set(ram) == set(CS.ram_prints)


def test_fc10_pack_params_validated():
    with pytest.raises(InvalidParamsError, match="sum to 1"):
        PackParams(common=0.7)
    with pytest.raises(InvalidParamsError, match="hit_god"):
        PackParams().replace(hit_god=2.0)
    p = PackParams().replace(common=0.6, uncommon=0.35)
    assert p.params_id != PackParams().params_id and PackParams.game == "first_cycle_packs"
    pack = open_pack(make_rng(1), CS, PackParams().replace(hit_god=1.0, hit_alternate=0.0))
    assert pack[4] == "FC039-V3"


def test_fc11_collection():
    c = Collection()
    c.add_cards(["AIM01", "FC035", "FC035", "FC070-ALT"])
    c.add("FC070")
    assert c.count("FC035") == 2 and c.count("FC999") == 0 and c.total == 5
    assert c.owned_numbers(CS) == {35: 2, 70: 2}
    assert c.count(SIGNIN_FOIL_ID) == 0
    c.add_signin_foil("Grace")
    assert c.signin_foil == "Grace" and c.count(SIGNIN_FOIL_ID) == 1 and c.total == 5
    assert SIGNIN_FOIL_ID not in c.counts
    with pytest.raises(ValueError):
        c.add(SIGNIN_FOIL_ID)
    again = Collection.from_dict(c.to_dict())
    assert again == c and again is not c
    cp = c.copy()
    cp.add("FC001")
    assert c.count("FC001") == 0
