"""What every encoder must do (First Cycle, FE Cipher, XenodeX at 2, 3 and 4 players): the
named slices tile the vector, the documentation pages are current, batch = single within
the bounds, and encoding is a pure function of the observation. Each game's own checks
(slices saying what the observation says) are in test_<game>_encoding.py."""
from __future__ import annotations

import copy
import weakref

import numpy as np
import pytest

from envs.encoding.docs import stale_pages
from tests.envs.helpers import ENCODERS, observations

# The observations each encoder is checked on: observations(game, *SAMPLES[game][0]); the
# purity check reads the first SAMPLES[game][1] of them.
SAMPLES = {"first_cycle": ((12, 0, 3), 200), "cipher": ((8, 0, 4), 300),
           "xenodex@2": ((4, 0, 11), 50), "xenodex@3": ((4, 0, 11), 150),
           "xenodex@4": ((4, 0, 11), 50)}
GAMES = list(SAMPLES)


@pytest.mark.parametrize("game", GAMES)
def test_slices_tile_the_vector_in_order(game):
    enc = ENCODERS[game]
    pos = 0
    for name, (a, b) in enc.slices().items():
        assert a == pos and b > a, name
        pos = b
    assert pos == enc.size
    low, high = enc.bounds()
    assert low.shape == high.shape == (enc.size,) and (low <= high).all()


def test_documentation_page_is_up_to_date():
    assert stale_pages() == [], "run: python -m envs.encoding.docs"


@pytest.mark.parametrize("game", GAMES)
def test_every_action_block_says_what_its_entries_mean_and_decode_action_names_it(game):
    enc = ENCODERS[game]
    blocks = enc.game.codec.describe()
    assert all(meaning for _, _, _, meaning in blocks)
    assert sum(size for _, _, size, _ in blocks) == enc.game.action_space_size
    for name, start, size, meaning in blocks:
        assert enc.decode_action(start + size - 1) == (name, size - 1, meaning)
    assert enc.decode_action(np.int64(0))[0] == blocks[0][0]
    for bad in (-1, enc.game.action_space_size, 0.0, True, "0"):
        with pytest.raises(ValueError, match="is not an action id"):
            enc.decode_action(bad)


@pytest.mark.parametrize("game", GAMES)
def test_decode_splits_an_encoded_observation_into_its_named_slices(game):
    enc = ENCODERS[game]
    vector = enc.encode(next(iter(observations(game, *SAMPLES[game][0]))))
    parts = enc.decode(vector)
    assert list(parts) == list(enc.slices())
    assert np.array_equal(np.concatenate(list(parts.values())), vector)
    for name, (a, b) in enc.slices().items():
        assert np.array_equal(parts[name], vector[a:b])
    with pytest.raises(ValueError, match="has shape"):
        enc.decode(vector[:-1])


@pytest.mark.parametrize("game", GAMES)
def test_batch_equals_single_and_stays_in_bounds(game):
    enc, obs = ENCODERS[game], observations(game, *SAMPLES[game][0])
    batch = enc.encode_batch(obs)
    assert batch.dtype == np.float32 and batch.shape == (len(obs), enc.size)
    single = np.stack([enc.encode(o) for o in obs])
    assert np.array_equal(batch, single)
    low, high = enc.bounds()
    assert (batch >= low).all() and (batch <= high).all()
    assert enc.encode_batch([]).shape == (0, enc.size)


class _Dropped(dict):
    """An observation dict a weak reference can watch (a plain dict cannot be one's target)."""


@pytest.mark.parametrize("game", GAMES)
def test_batch_takes_a_generator_and_drops_each_observation_once_read(game):
    """BatchEnv hands encode_batch a generator so that a batch of live observation dicts
    never builds up for the cyclic garbage collector to scan: the encoder must keep no
    observation past the next one it reads, and give the same rows as from a list."""
    enc, obs = ENCODERS[game], observations(game, *SAMPLES[game][0])[:120]
    watched: list[weakref.ref] = []
    alive_behind: list[int] = []

    def feed():
        for o in obs:
            # The loop variable may still hold the previous one; two back must be gone.
            alive_behind.append(sum(r() is not None for r in watched[:-1]))
            d = _Dropped(o)
            watched.append(weakref.ref(d))
            yield d
            del d

    batch = enc.encode_batch(feed())
    assert np.array_equal(batch, enc.encode_batch(obs))
    assert len(alive_behind) == len(obs) and max(alive_behind) == 0
    assert enc.encode_batch(iter(())).shape == (0, enc.size)


@pytest.mark.parametrize("game", GAMES)
def test_encoding_is_a_pure_function_of_the_observation(game):
    enc, (sample, n) = ENCODERS[game], SAMPLES[game]
    for o in observations(game, *sample)[:n]:
        frozen = copy.deepcopy(o)
        first = enc.encode(o)
        assert o == frozen  # the encoder does not mutate its input
        assert np.array_equal(first, enc.encode(copy.deepcopy(o)))


def test_int64_array_equals_numpy_conversion():
    """`int64_array` (struct.pack + frombuffer, the batch paths' list converter) gives the
    same int64 values as numpy for ints of any sign and size, bools, and an empty list."""
    from envs.encoding.base import int64_array

    values = [0, 1, -1, 7, 2**40, -(2**62), 2**63 - 1, True, False, 321]
    out = int64_array(values)
    assert out.dtype == np.int64 and out.shape == (len(values),)
    assert out.tolist() == np.array(values, dtype=np.int64).tolist()
    assert int64_array([]).shape == (0,)
    with pytest.raises(ValueError):  # a view of immutable bytes: nothing writes through it
        out[0] = 5


def _power_up(name: str) -> dict[str, int]:
    """Card overrides raising the printed Power of every card of the game's default decks."""
    from tests.envs.helpers import GAMES
    game = GAMES[name]
    prefix = {"first_cycle": "FC", "cipher": "FE"}[name]
    numbers = {int(n) for d in game.default_decks() for n in d.numbers()}
    return {f"{prefix}{n:03d}.power": game.cards[n].power + 10 for n in numbers
            if game.cards[n].power is not None}


@pytest.mark.parametrize("name", ["first_cycle", "cipher"])
def test_encode_seats_of_a_state_of_another_game_takes_the_plain_path(name):
    """The columns read the encoder's game tables (printed Power, Rush, passives): a state of
    another game object, here one whose cards hit harder, is encoded from its observation,
    as XenodeX's encoder does (the columns alone would get its Powers wrong)."""
    from sim import load_game
    from tests.envs.helpers import GAMES
    enc = ENCODERS[name]
    assert enc.game is GAMES[name]
    other = load_game(name, card_overrides=_power_up(name))
    rng = np.random.default_rng(4)
    states = []
    for seed in range(3):
        s = other.new_state(seed)
        while not s.is_terminal():
            states.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
    seats = [k % 2 for k in range(len(states))]
    plain = enc.encode_batch(s.observation(p) for s, p in zip(states, seats))
    columns = enc._batch.encode_states(states, seats) if name == "first_cycle" else enc._columns.encode(states, seats)
    assert not np.array_equal(columns, plain)
    assert np.array_equal(enc.encode_seats(states, seats), plain)
