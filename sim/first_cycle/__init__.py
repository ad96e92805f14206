"""First Cycle: the 2-player TCG of ../shared/rules/first_cycle.md (rulings C-1..C-4, FC-1..FC-11).

`load_game("first_cycle")` builds the game; docs/rules/first_cycle.md maps the rules to the code.
"""
from sim.first_cycle.game import FirstCycleGame
from sim.first_cycle.params import FirstCycleParams
from sim.first_cycle.rules import FirstCycleState

__all__ = ["FirstCycleGame", "FirstCycleParams", "FirstCycleState"]
