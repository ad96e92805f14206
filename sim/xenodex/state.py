"""XenodeX state data: seats, unit instances, anchors, TX, Echoes, the task stack, the pending choice.

Pure data with a generated `copy_data()` (sim.core.records); the rules that change it live
in `rules.py`, `cycle.py` and `battle.py`.

Conventions:
- Seats are players 0..n-1 (the rulebook's P1..Pn); clockwise is +1 (XD-1). Slots are 0..K-1 (labels from params).
- Characters are *instances*: seat p owns instances p*D .. p*D+D-1 (D = deck_size), the
  i-th of its deck list; Ancients (XD-9) are instances of the neutral side n. Per-instance
  facts are flat int32 arrays (`array.array("i")`, indexed and copied like lists; one
  buffer each, so the batch encoder reads a batch of states' tables in one copy, and
  `loc` always agrees with the zone lists): `card` (a unit card id: characters 1..C,
  Ancients C+1..), `loc`
  (where it is: DECK, HAND, STAGED, GONE or a slot >= 0), `bp`, `used` (actions spent this
  cycle) and `flags` (per cycle: DENIED by Jam or Mind Command, so it cannot strike; STRUCK
  once it has struck; RALLIED once readied by Rally or Tactical Relay; READY while that
  readied action, which must be a strike, is unspent). `card` changes only at set-up and when an
  Ancient appears, so clones share it and writers copy it first (copy on write).
- Zones: `deck[p]` (top at the end), `hand[p]`, `staged[p]` and `discard[p]` are lists of
  instance ids; `board[k]` lists every unit in slot k in arrival order.
- Anchors: one seat per player per slot (XD-4) at index p*K+k: `alvl` (-1: none; else the
  level) and `abp` (0 with a level: disabled, XD-5). `pool[p]` and `astaged[p]` count anchors.
- Hidden (C-3): hands, TX hands, every deck order and the Echo deck order; everything else
  is public.
"""
from __future__ import annotations

from sim.core.records import StateRecord

NONE, DECK, HAND, STAGED, GONE = -5, -4, -3, -2, -1
DENIED, RALLIED, STRUCK, READY = 1, 2, 4, 8

class StateData(StateRecord, lists="cdx loc bp used flags alvl abp pool astaged bstr bdef tx_left starved "
                                 "echo_deck echo_disc start_ctrl proven siege tasks",
                nested="deck hand staged discard board tx_deck tx_hand tx_disc"):
    """The whole position (see the module docstring for the layout). `copy_data()` copies the
    lists (zones per seat two levels deep) and shares the rest, `card` included (copy on
    write, `set_card`)."""

    __slots__ = ("game", "params", "n", "K", "D", "sides", "cycle", "lead", "phase", "winner",
                 "end_reason", "done", "cdx", "card", "loc", "bp", "used", "flags", "deck", "hand",
                 "staged", "discard", "board", "alvl", "abp", "pool", "astaged", "bstr", "bdef",
                 "tx_deck", "tx_hand", "tx_disc", "tx_left", "starved", "echo_deck", "echo_disc",
                 "echo", "echo_slot", "fstr", "fdef", "start_ctrl", "proven", "siege", "bslot",
                 "bstage", "bptr", "bpassed", "tasks", "pending", "decks", "_events", "_legal")

    def set_card(self, inst: int, card: int) -> None:
        """Give instance `inst` a unit card (copy on write of the shared `card` list)."""
        self.card = self.card[:]
        self.card[inst] = card

