"""Illegal input (C-4) every game refuses alike: a param override that does not fit names
the field and the problem, and a finished game takes no action. Each game's own C-4 tests
(its illegal actions, scenarios and decks) are in tests/<game>/test_illegal_input.py."""
from __future__ import annotations

import numpy as np
import pytest

from sim import IllegalActionError, InvalidDeckError, InvalidParamsError, load_game
from sim.core.errors import InvalidArgumentError
from tests.cipher import helpers as cipher
from tests.first_cycle import helpers as first_cycle
from tests.xenodex import helpers as xenodex

BAD_PARAMS = [
    ("first_cycle", {"leader_hpp": 3}, "unknown first_cycle param"),
    ("first_cycle", {"leader_hp": 0}, "'leader_hp'=0 is below its minimum 1"),
    ("first_cycle", {"max_turns": "many"}, "'max_turns' must be an int"),
    ("cipher", {"orb": 3}, "unknown cipher param"),
    ("cipher", {"max_turns": 1}, "'max_turns'=1 is below its minimum 2"),
    ("cipher", {"orbs": "five"}, "'orbs' must be an int"),
    ("xenodex", {"num_playres": 3}, "unknown xenodex param"),
    ("xenodex", {"num_players": 5}, "'num_players'=5 is above its maximum 4"),
    ("xenodex", {"upgrade_costs": (6, 12, 20)}, "'upgrade_costs' needs 4 entries"),
    ("xenodex", {"anchor_bp": (25, 35, 50, 65)}, "'anchor_bp' has 4 levels but 'emission' has 5"),
    ("xenodex", {"emission": (6, 10, -1, 18, 22)}, "'emission' must hold non-negative ints"),
    ("xenodex", {"echoes": 1}, "'echoes' must be a bool"),
    ("chess", {}, "unknown game 'chess'"),
    ("first_cycle", {"defender_bonus_turns": ("a", None)}, r"'defender_bonus_turns\[0\]' must be an int, got 'a'"),
    ("first_cycle", {"defender_bonus_turns": (3, True)}, r"'defender_bonus_turns\[1\]' must be an int, got True"),
    ("first_cycle", {"defender_bonus_turns": (3, 0)}, r"'defender_bonus_turns\[1\]'=0 is below its minimum 1"),
    ("first_cycle", {"max_turns": float("nan")}, "'max_turns' must be an int, got nan"),
    ("first_cycle", {"leader_hp": float("inf")}, "'leader_hp' must be an int, got inf"),
    ("xenodex", {"ancient_chance": float("nan")}, "'ancient_chance' must be a finite number, got nan"),
    ("xenodex", {"ancient_chance": float("-inf")}, "'ancient_chance' must be a finite number, got -inf"),
    ("xenodex", {"seat_names": ("Vexa", 2, "Korr", "Quillon")}, r"'seat_names\[1\]' must be a string, got 2"),
]


@pytest.mark.parametrize("game, overrides, message", BAD_PARAMS)
def test_c4_bad_param_overrides_name_the_field(game, overrides, message):
    with pytest.raises(InvalidParamsError, match=message):
        load_game(game, **overrides)


def _first_cycle_won():
    """A Leader at 1 HP hit by the opposing Leader; then "end turn"."""
    leader = "Gaia Compute Collective"
    s = first_cycle.scenario([{"leader": leader}, {"leader": leader, "hp": 1}], turn=9)
    first_cycle.act(s, "attack Leader with Leader")
    return s, first_cycle.GAME.a_end


def _cipher_won():
    """Vaike (60) hits Arthur, player 1's Main Character with no orb left; then "pass"."""
    vaike, arthur = "Vaike, Teach", "Arthur, Fighter of Justice"
    s = cipher.scenario([{"units": [{"card": vaike}], "deck": [arthur]},
                         {"units": [{"card": arthur}], "deck": [vaike]}])
    cipher.act(s, "attack with Vaike")
    cipher.act(s, "attack Arthur with Vaike")
    return s, cipher.GAME.a_pass


def _xenodex_converged():
    """player 0 holds an anchor in every slot at Results (convergence); then action 0."""
    s = xenodex.scenario([{"board": {f"S{k}": {"anchor": 0} for k in range(1, 6)}}, {}],
                         phase="results")
    return s, 0


FINISHED = {"first_cycle": _first_cycle_won, "cipher": _cipher_won,
            "xenodex": _xenodex_converged}


@pytest.mark.parametrize("game", list(FINISHED))
def test_c4_actions_after_the_end_raise(game):
    state, action = FINISHED[game]()
    assert state.is_terminal()
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(action)


def test_c4_float_params_refuse_nan_and_infinities():
    from sim.first_cycle.packs import PackParams
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(InvalidParamsError, match="'common' must be a finite number"):
            PackParams(common=bad)


@pytest.mark.parametrize("game, deck", [
    ("first_cycle", {"name": "x", "leader": "FC001", "cards": {"FC035": 10**12}}),
    ("cipher", {"name": "x", "mc": "FE001", "cards": {"FE002": 10**12}}),
])
def test_c4_a_deck_count_is_checked_before_its_copies_are_made(game, deck):
    g = load_game(game)
    with pytest.raises(InvalidDeckError, match="count 1000000000000 is more copies than any deck holds"):
        g.new_state(1, [deck, deck])


@pytest.mark.parametrize("game", ["first_cycle", "cipher"])
def test_c4_new_state_says_decks_must_be_a_list(game):
    g = load_game(game)
    with pytest.raises(InvalidDeckError, match="decks must be a list of 2 decks"):
        g.new_state(1, g.default_decks()[0].name)


@pytest.mark.parametrize("name", ["random", "greedy", "mcts:iterations=4"])
@pytest.mark.parametrize("rng", [5, None, np.random.RandomState(0)])
def test_c4_agents_check_that_rng_is_a_numpy_generator(name, rng):
    import agents
    state = first_cycle.GAME.new_state(2)
    with pytest.raises(InvalidArgumentError, match="rng must be a numpy Generator"):
        agents.make(name).act(state, rng)


@pytest.mark.parametrize("seed", [-1, True, 1.5, "3"])
def test_c4_env_reset_says_what_a_seed_must_be(seed):
    import agents
    from envs import first_cycle_v0
    from envs.batch import BatchEnv
    from envs.single_agent import SingleAgentEnv
    env = first_cycle_v0.env()
    with pytest.raises(InvalidArgumentError, match="seed must be a non-negative int"):
        env.reset(seed=seed)
    opponent = agents.make("random")
    with pytest.raises(InvalidArgumentError, match="seed must be a non-negative int"):
        SingleAgentEnv("first_cycle", opponent=opponent).reset(seed=seed)
    with pytest.raises(InvalidArgumentError, match="seed must be a non-negative int"):
        BatchEnv("first_cycle", num_envs=1).reset(seed=seed)
