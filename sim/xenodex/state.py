"""XenodeX state data: seats, unit instances, anchors, TX, Echoes, the task stack, the pending choice.

Pure data with a cheap `copy_data()`; the rules that change it live in `rules.py`,
`cycle.py` and `battle.py`.

Conventions:
- Seats are 0..n-1 (P1..Pn); clockwise is +1 (XD-1). Slots are 0..K-1 (labels from params).
- Characters are *instances*: seat p owns instances p*D .. p*D+D-1 (D = deck_size), the
  i-th of its deck list; Ancients (XD-9) are instances of the neutral side n. Per-instance
  facts are flat lists: `card` (a unit card id: characters 1..C, Ancients C+1..), `loc`
  (where it is: DECK, HAND, STAGED, GONE or a slot >= 0), `bp`, `used` (actions spent this
  cycle) and `flags` (DENIED, RALLIED; per cycle). `card` changes only at set-up and when an
  Ancient appears, so clones share it and writers copy it first (copy on write).
- Zones: `deck[p]` (top at the end), `hand[p]`, `staged[p]` and `discard[p]` are lists of
  instance ids; `board[k]` lists every unit in slot k in arrival order.
- Anchors: one seat per player per slot (XD-4) at index p*K+k: `alvl` (-1: none; else the
  level) and `abp` (0 with a level: disabled, XD-5). `pool[p]` and `astaged[p]` count anchors.
- Hidden (C-3): hands, TX hands, every deck order and the Echo deck order; everything else
  is public.
"""
from __future__ import annotations

from sim.core.seeding import LazyRng

NONE, DECK, HAND, STAGED, GONE = -5, -4, -3, -2, -1
DENIED, RALLIED = 1, 2

class StateData(LazyRng):
    """The whole position (see the module docstring for the layout)."""

    __slots__ = (
        "D",
        "K",
        "_events",
        "_legal",
        "abp",
        "alvl",
        "astaged",
        "bdef",
        "board",
        "bp",
        "bpassed",
        "bptr",
        "bslot",
        "bstage",
        "bstr",
        "card",
        "cdx",
        "cycle",
        "deck",
        "decks",
        "discard",
        "done",
        "echo",
        "echo_deck",
        "echo_disc",
        "echo_slot",
        "end_reason",
        "fdef",
        "flags",
        "fstr",
        "game",
        "hand",
        "lead",
        "loc",
        "n",
        "params",
        "pending",
        "phase",
        "pool",
        "proven",
        "sides",
        "siege",
        "staged",
        "start_ctrl",
        "starved",
        "tasks",
        "tx_deck",
        "tx_disc",
        "tx_hand",
        "tx_left",
        "used",
        "winner",
    )

    def copy_data(self, into: StateData) -> StateData:
        """Copy every field into a blank instance (the RNG position included)."""
        into.game = self.game
        into.params = self.params
        into.n = self.n
        into.K = self.K
        into.D = self.D
        into.sides = self.sides
        into.cycle = self.cycle
        into.lead = self.lead
        into.phase = self.phase
        into.winner = self.winner
        into.end_reason = self.end_reason
        into.done = self.done
        into.cdx = self.cdx[:]
        into.card = self.card            # copy on write (see module docstring)
        into.loc = self.loc[:]
        into.bp = self.bp[:]
        into.used = self.used[:]
        into.flags = self.flags[:]
        into.deck = [x[:] for x in self.deck]
        into.hand = [x[:] for x in self.hand]
        into.staged = [x[:] for x in self.staged]
        into.discard = [x[:] for x in self.discard]
        into.board = [x[:] for x in self.board]
        into.alvl = self.alvl[:]
        into.abp = self.abp[:]
        into.pool = self.pool[:]
        into.astaged = self.astaged[:]
        into.bstr = self.bstr[:]
        into.bdef = self.bdef[:]
        into.tx_deck = [x[:] for x in self.tx_deck]
        into.tx_hand = [x[:] for x in self.tx_hand]
        into.tx_disc = [x[:] for x in self.tx_disc]
        into.tx_left = self.tx_left[:]
        into.starved = self.starved[:]
        into.echo_deck = self.echo_deck[:]
        into.echo_disc = self.echo_disc[:]
        into.echo = self.echo
        into.echo_slot = self.echo_slot
        into.fstr = self.fstr
        into.fdef = self.fdef
        into.start_ctrl = self.start_ctrl[:]
        into.proven = self.proven[:]
        into.siege = self.siege[:]
        into.bslot = self.bslot
        into.bstage = self.bstage
        into.bptr = self.bptr
        into.bpassed = self.bpassed
        into.tasks = self.tasks[:]
        into.pending = self.pending
        into.decks = self.decks
        self.copy_rng_into(into)
        into._events = []
        into._legal = self._legal
        return into

    def set_card(self, inst: int, card: int) -> None:
        """Give instance `inst` a unit card (copy on write of the shared `card` list)."""
        self.card = self.card[:]
        self.card[inst] = card

