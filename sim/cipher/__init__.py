"""FE Cipher: an exact rules engine for fe_cipher.md with rulings C-1..C-4 and FE-1..FE-6
(and the project's own FE-7 onward, docs/rules/cipher.md). `load_game("cipher")` builds
the game.

Modules:
- params: `CipherParams`, every number of the rules.
- cardspec: the card vocabulary and the frozen `CardSpec` and `Skill` records.
- cards: the card data files, validated into a `CardSet`.
- decks: `Deck`, the deck-building rules (FE-1) and the starter decks.
- state: the state data (players' areas and units, battle, tasks, pending choice).
- effects: the named effects, skill conditions and a unit's power.
- rules: `CipherState`, the protocol, legal actions and `apply`.
- flow: set-up, the turn, the battle, triggers and the effect primitives.
- hidden: determinization (C-3).
- board: the text board (`str(state)`, `state.board_text()`, the envs' `render_mode="ansi"`).
- observation: a seat's view, action labels, illegal-action reasons, visible events.
- scenario: scenario dicts, `to_dict` and back.
- scenario_checks: what makes a scenario a position that can be played.
- game: `CipherGame`, the card tables and action codec.
"""
from sim.cipher.game import CipherGame
from sim.cipher.params import CipherParams
from sim.cipher.rules import CipherState

__all__ = ["CipherGame", "CipherParams", "CipherState"]
