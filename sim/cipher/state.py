"""FE Cipher state data: the areas of both players, units, the battle, the task stack and
the pending choice. Pure data with generated copies (sim.core.records); the rules that
change it live in `rules.py` (decisions) and `flow.py` (the turn, the battle and effect
primitives).

Conventions (fe_cipher.md "Play Area"):
- Cards are card ids (ints). A deck is a list whose END is the top; orbs likewise.
- Bonds are `bonds` (card ids) with `bond_up` (face-up flags) beside them.
- Units are parallel lists, one entry per unit on the field: `u_stack` (a tuple of card
  ids, bottom first, the top card last: the cards under a unit stay with it), `u_char`
  (character id), `u_front` (front line), `u_tapped`, `u_promoted`, `u_mod` (power until
  end of turn), `u_uid` (identity while on the field), `u_used` (once-per-turn skills used,
  a bit per activated skill). `mc` is the uid of the Main Character; before the MC is
  flipped at set-up it waits in `setaside`.
- `support` is the card in the support area during a battle (-1 when empty).
- Hidden information (C-3): hand cards the opponent knows (taken from the public retreat
  area) are listed in `revealed`; decks and orbs are known to no one.
"""
from __future__ import annotations

from typing import Any

from sim.core.records import Record
from sim.core.two_player import TwoPlayerData


class PlayerState(Record, lists="deck hand retreat orbs bonds bond_up u_stack u_char u_front u_tapped "
                                "u_promoted u_mod u_uid u_used revealed"):
    """One player's areas and units (`copy()`: the lists copied; tuples and ints shared)."""

    __slots__ = ("deck", "hand", "retreat", "orbs", "bonds", "bond_up", "support", "u_stack", "u_char",
                 "u_front", "u_tapped", "u_promoted", "u_mod", "u_uid", "u_used", "mc", "setaside",
                 "spent", "bonded", "revealed", "turns_taken", "mulligans")

    def __init__(self) -> None:
        self.empty_lists()
        self.support = -1
        self.mc = 0
        self.setaside = -1
        self.spent = self.bonded = self.turns_taken = self.mulligans = 0

    # ------------------------------------------------------------------ units
    def index_of(self, uid: int) -> int:
        """The index of the unit with this uid, or -1 when it is not on the field."""
        try:
            return self.u_uid.index(uid)
        except ValueError:
            return -1

    def index_of_char(self, char: int) -> int:
        """The index of this player's unit of character id `char`, or -1 (one per name)."""
        try:
            return self.u_char.index(char)
        except ValueError:
            return -1

    def add_unit(self, card: int, char: int, front: bool, uid: int) -> None:
        """Put a new, untapped, unpromoted unit of one card on the field."""
        self.u_stack.append((card,))
        self.u_char.append(char)
        self.u_front.append(front)
        self.u_tapped.append(False)
        self.u_promoted.append(False)
        self.u_mod.append(0)
        self.u_uid.append(uid)
        self.u_used.append(0)

    def remove_unit(self, i: int) -> tuple[int, ...]:
        """Take unit `i` off the field; returns its stack (bottom first)."""
        stack = self.u_stack.pop(i)
        del self.u_char[i], self.u_front[i], self.u_tapped[i], self.u_promoted[i]
        del self.u_mod[i], self.u_uid[i], self.u_used[i]
        return stack

    def face_up_count(self) -> int:
        """Face-up bonds (what a reversal cost can use)."""
        return sum(self.bond_up)

    def all_cards(self) -> list[int]:
        """Every card this player owns, in any area (for conservation checks)."""
        out = self.deck + self.hand + self.retreat + self.orbs + self.bonds
        for st in self.u_stack:
            out.extend(st)
        if self.support >= 0:
            out.append(self.support)
        if self.setaside >= 0:
            out.append(self.setaside)
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly record (deck and orbs listed top first)."""
        units = []
        for i, st in enumerate(self.u_stack):
            units.append({"card": st[-1], "under": list(st[:-1]),
                          "line": "front" if self.u_front[i] else "rear",
                          "tapped": self.u_tapped[i], "promoted": self.u_promoted[i],
                          "mc": self.u_uid[i] == self.mc, "mod": self.u_mod[i],
                          "uid": self.u_uid[i], "used": self.u_used[i]})
        return {
            "deck": self.deck[::-1], "hand": list(self.hand), "retreat": list(self.retreat),
            "orbs": self.orbs[::-1],
            "bonds": [c if up else {"card": c, "face_up": False} for c, up in zip(self.bonds, self.bond_up)],
            "support": self.support if self.support >= 0 else None, "units": units,
            "setaside": self.setaside if self.setaside >= 0 else None,
            "spent": self.spent, "bonded": self.bonded, "revealed": list(self.revealed),
            "turns_taken": self.turns_taken, "mulligans": self.mulligans,
        }


class StateData(TwoPlayerData):
    """The whole position: both players, turn facts, the phase, battle, task stack, pending
    choice, RNG.

    The battle (fe_cipher.md "Battle Steps") is `b_att` / `b_def` (uids of the attacking and
    defending units, -1 outside a battle), `b_att_mod` / `b_def_mod` (power for this battle)
    and `b_crit` (the attacker made a critical attack), `b_evaded` (the defender evaded).
    """

    __slots__ = ("phase", "b_att", "b_def", "b_att_mod", "b_def_mod", "b_crit", "b_evaded")

    def init_blank(self, game) -> None:
        """Every field at its value before set-up: the mulligan phase, no battle."""
        super().init_blank(game)
        self.phase = "mulligan"
        self.b_att = self.b_def = -1
        self.b_att_mod = self.b_def_mod = 0
        self.b_crit = self.b_evaded = False
