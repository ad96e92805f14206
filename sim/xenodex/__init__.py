"""XenodeX: the 2-4 player anchor-and-slot game of the XenodeX rulebook (rulings
XD-1..XD-10 and the project's own from XD-11, docs/rules/xenodex.md). `load_game("xenodex")`
builds the game.

Modules:
- params: `XenodexParams`, every number of the rules and the level tables.
- cardspec: the card vocabulary and the frozen character, TX, Echo, anchor, Ancient and
  deck records.
- cards: the card and deck data files, validated into `XenodexCards`.
- effects: the named abilities, transmissions and Echoes.
- state: the state data (seats, unit instances, anchors, TX, Echoes, tasks, pending choice).
- rules: `XenodexState`, the protocol, legal actions and `apply`.
- cycle: the phases of a cycle (Echoes, Income, Summon, Deploy, Recovery, Results).
- battle: strikes, capture and siege.
- hidden: determinization (C-3).
- board: the text board (`str(state)`, `state.board_text()`, the envs' `render_mode="ansi"`).
- observation: a seat's view, action labels, illegal-action reasons, visible events.
- scenario: scenario dicts, `to_dict` and back.
- scenario_flow: the checks that a scenario's decision, tasks and end state can be played.
- game: `XenodexGame`, the unit tables, action codec and set-up.
"""
from sim.xenodex.game import XenodexGame
from sim.xenodex.params import XenodexParams
from sim.xenodex.rules import XenodexState

__all__ = ["XenodexGame", "XenodexParams", "XenodexState"]
