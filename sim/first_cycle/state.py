"""First Cycle state data: zones, per-player records, the task stack and the pending choice.

Pure data with generated copies (sim.core.records); the rules that change it live in
`rules.py` (decisions) and `flow.py` (the turn, the battle and effect primitives).

Conventions:
- Cards are collector numbers (ints). A deck is a list whose END is the top.
- Fighters of a player are indexed 0..5: 0 is the Leader, 1..5 the Character spaces.
  Per-fighter facts are parallel lists of length 6 (`card` is -1 for an empty space).
- Hidden information (C-3): `known_top` counts the top cards of a player's deck that the
  player saw with Scan (only they know them); `known_bottom` counts the bottom cards both
  players saw go there by Cycle; `revealed` lists hand cards the opponent knows.
"""
from __future__ import annotations

from typing import Any

from sim.core.records import Record
from sim.core.two_player import TwoPlayerData

FIGHTERS = 6
LEADER = 0


class PlayerState(Record, lists="deck hand discard card exhausted attached entered uid mod_turn mod_battle "
                                "used revealed"):
    """One player's zones and fighters (`copy()`: the lists copied, the ints shared)."""

    __slots__ = ("leader", "hp", "deck", "hand", "discard", "ram_supply", "ram_ready",
                 "ram_exhausted", "card", "exhausted", "attached", "entered", "uid",
                 "mod_turn", "mod_battle", "used", "turns_taken", "known_top",
                 "known_bottom", "revealed")

    def __init__(self, leader: int, hp: int, ram_supply: int) -> None:
        self.leader = leader
        self.hp = hp
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.ram_supply = ram_supply
        self.ram_ready = 0
        self.ram_exhausted = 0
        self.card = [leader, -1, -1, -1, -1, -1]
        self.exhausted = [False] * FIGHTERS
        self.attached = [0] * FIGHTERS
        self.entered = [0] * FIGHTERS
        self.uid = [0] * FIGHTERS
        self.mod_turn = [0] * FIGHTERS
        self.mod_battle = [0] * FIGHTERS
        self.used = [False] * FIGHTERS
        self.turns_taken = 0
        self.known_top = 0
        self.known_bottom = 0
        self.revealed: list[int] = []

    @property
    def ram_installed(self) -> int:
        """Installed modules, attached ones included."""
        return self.ram_ready + self.ram_exhausted + sum(self.attached)

    def characters(self) -> list[int]:
        """Indices (1..5) of occupied Character spaces."""
        card = self.card
        return [f for f in range(1, FIGHTERS) if card[f] >= 0]

    def free_space(self) -> int:
        """The first empty Character space, or -1 when all are full."""
        card = self.card
        for f in range(1, FIGHTERS):
            if card[f] < 0:
                return f
        return -1

    def all_cards(self) -> list[int]:
        """Every main-deck card this player owns, in any zone (for conservation checks)."""
        return self.deck + self.hand + self.discard + [c for c in self.card[1:] if c >= 0]

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly record (deck listed top first)."""
        field = []
        for f in range(1, FIGHTERS):
            if self.card[f] >= 0:
                field.append({"slot": f, "card": self.card[f], "exhausted": self.exhausted[f],
                              "attached": self.attached[f], "entered": self.entered[f],
                              "uid": self.uid[f], "mod_turn": self.mod_turn[f],
                              "mod_battle": self.mod_battle[f], "used": self.used[f]})
        return {
            "leader": self.leader, "hp": self.hp, "leader_exhausted": self.exhausted[0],
            "leader_attached": self.attached[0], "leader_mod_turn": self.mod_turn[0],
            "leader_mod_battle": self.mod_battle[0], "leader_used": self.used[0],
            "leader_uid": self.uid[0],
            "deck": self.deck[::-1], "hand": list(self.hand), "discard": list(self.discard),
            "ram": {"supply": self.ram_supply, "ready": self.ram_ready,
                    "exhausted": self.ram_exhausted},
            "field": field, "turns_taken": self.turns_taken, "known_top": self.known_top,
            "known_bottom": self.known_bottom, "revealed": list(self.revealed),
        }


class StateData(TwoPlayerData):
    """The whole position: both players, turn facts, task stack, pending choice, RNG, and the
    battle `(attacker, target, attacker_uid, target_uid)` and the last effect's target
    `(player, fighter, uid)` (None when there is none)."""

    __slots__ = ("battle", "last_target")

    def init_blank(self, game) -> None:
        """Every field at its value before set-up: no battle and no last target."""
        super().init_blank(game)
        self.battle = None
        self.last_target = None
