"""Illegal input (C-4) every game refuses alike: a param override that does not fit names
the field and the problem, and a finished game takes no action. Each game's own C-4 tests
(its illegal actions, scenarios and decks) are in tests/<game>/test_illegal_input.py."""
from __future__ import annotations

import pytest

from sim import IllegalActionError, InvalidParamsError, load_game
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
