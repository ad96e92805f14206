"""First Cycle: the 2-player TCG of the First Cycle rulebook (rulings C-1..C-4,
FC-1..FC-11). `load_game("first_cycle")` builds the game; docs/rules/first_cycle.md maps the
rules to the code.

Modules:
- params: `FirstCycleParams`, every number of the rules.
- cardspec: the card vocabulary and the frozen `CardSpec`, `Ability`, `PrintSpec` records.
- cards: the card data files, validated into a `CardSet`.
- decks: `Deck`, the deck-building rules (FC-8, FC-11) and the starter decks.
- state: the state data (players' zones and fighters, battle, tasks, pending choice).
- effects: the named effects, conditions and a fighter's Power.
- rules: `FirstCycleState`, the protocol, legal actions and `apply`.
- flow: the task machine, the turn, the battle and the effect primitives.
- hidden: determinization (C-3).
- board: the text board (`str(state)`, `state.board_text()`, the envs' `render_mode="ansi"`).
- observation: a seat's view, action labels, the events a seat may see.
- scenario: scenario dicts, `to_dict` and back.
- scenario_checks: whether a state read from a scenario dict can be played.
- game: `FirstCycleGame`, the card tables, action codec and set-up.
- packs: booster packs and collections (FC-10, FC-11).
- economy: the free-to-play economy, day by day (FC-11).
"""
from sim.first_cycle.game import FirstCycleGame
from sim.first_cycle.params import FirstCycleParams
from sim.first_cycle.rules import FirstCycleState

__all__ = ["FirstCycleGame", "FirstCycleParams", "FirstCycleState"]
