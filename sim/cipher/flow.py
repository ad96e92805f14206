"""FE Cipher game flow: set-up, the turn, the battle, triggers and effect primitives.

A mixin of `CipherState` (rules.py), which adds the decisions. Implements fe_cipher.md
"Starting the Game" (mulligan, orbs, the MC flipped), "Beginning Phase" (untap, draw; the
first player skips their first draw), the phase order, "Battle Steps" (triggers ordered
by the turn player, support flipped from both decks, support skills, critical then
evasion (FE-5), comparison with ties to the attacker, destruction: a non-MC unit to the
retreat area with its stack, a MC costs an orb, no orb left loses), "Ending the turn",
destroying a MC by a skill (Special Notes), the empty deck (FE-4: reshuffle the retreat
area, else nothing), the turn limit (C-2) and our rulings FE-7, FE-9, FE-11, FE-13..FE-17,
FE-19, FE-21, FE-25, FE-28, FE-30 (docs/rules/cipher.md).
"""
from __future__ import annotations

from sim.cipher import effects as fx

# Tasks are tuples whose first item names them:
#   ("mulligan_ask", p)  ("begin",)  ("start",)  ("skill", owner, uid, card, si)
#   ("triggers", entries)  ("support",)  ("critical",)  ("evasion",)  ("compare",)  ("battle_end",)
TASK_KINDS = frozenset({"mulligan_ask", "begin", "start", "skill", "triggers", "support", "critical",
                        "evasion", "compare", "battle_end"})
# Pending choices: ("mulligan", p)  ("attack_target", p, attacker_uid)
#   ("target", p, candidates, card, si)  ("critical", p)  ("evasion", p)  ("reverse", p, n)
#   ("flip", p, n)  ("retrieve", p, max_cost)  ("order", p, entries)
PENDING_KINDS = frozenset({"mulligan", "attack_target", "target", "critical", "evasion", "reverse",
                           "flip", "retrieve", "order"})


class Flow:
    """Task machine and primitives; `CipherState` mixes this in with the state data."""

    __slots__ = ()

    # ------------------------------------------------------------------ task machine
    def _run(self) -> None:
        tasks = self.tasks
        while tasks and self.pending is None and not self.done:
            task = tasks.pop()
            kind = task[0]
            if kind == "skill":
                self._resolve_skill(task[1], task[2], task[3], task[4])
            elif kind == "triggers":
                self._order_triggers(task[1])
            elif kind == "start":
                self._start_turn()
            elif kind == "support":
                self._support_step()
            elif kind == "critical":
                self._ask_discard("critical", self.active, self.b_att)
            elif kind == "evasion":
                self._ask_discard("evasion", 1 - self.active, self.b_def)
            elif kind == "compare":
                self._compare()
            elif kind == "battle_end":
                self._end_battle()
            elif kind == "mulligan_ask":
                if self.players[task[1]].mulligans < self.params.mulligans:
                    self.pending = ("mulligan", task[1])
            elif kind == "begin":
                self._begin_game()
            else:
                raise AssertionError(f"unknown task {kind!r}")

    def _resolve_skill(self, owner: int, uid: int, card: int, si: int) -> None:
        skill = self.cards[card].skills[si]
        src = self.players[owner].index_of(uid) if uid >= 0 else -1
        if not fx.condition_holds(self, owner, src, skill):
            return
        effect = fx.EFFECTS[skill.effect]
        self._events.append(("skill", owner, card, si))
        if effect.run is not None:
            effect.run(self, owner, uid, skill)
            return
        targets = effect.candidates(self, owner, uid, skill)
        if not targets:
            return  # resolve as much as possible: nothing to act on (FE-13)
        if len(targets) == 1:
            effect.resolve(self, owner, skill, targets[0])
            return
        self.pending = ("target", owner, tuple(targets), card, si)

    def _order_triggers(self, entries: tuple) -> None:
        """The turn player orders simultaneous triggers (FE-14); one at a time, rest re-queued."""
        if len(entries) == 1 or len(set(entries)) == 1:
            for e in reversed(entries):
                self.tasks.append(("skill",) + e)
        elif entries:
            self.pending = ("order", self.active, entries)

    def _push_triggers(self, entries: list[tuple]) -> None:
        if entries:
            self.tasks.append(("triggers", tuple(entries)))

    def _unit_triggers(self, player: int, i: int, trigger: str) -> list[tuple]:
        pl = self.players[player]
        c = pl.u_stack[i][-1]
        return [(player, pl.u_uid[i], c, si) for si in self.game.triggers[c].get(trigger, ())]

    # ------------------------------------------------------------------ set-up and turns
    def _set_up(self) -> None:
        """After the shuffles and the first player's draw (game.py): opening hands, first
        player first, then the mulligan questions, first player first, then `_begin_game`."""
        first = self.first_player
        for p in (first, 1 - first):
            self.draw(p, self.params.opening_hand, event="opening_hand")
        self.tasks.append(("begin",))
        self.tasks.append(("mulligan_ask", 1 - first))
        self.tasks.append(("mulligan_ask", first))

    def _begin_game(self) -> None:
        """After the mulligans: orbs from the top of each deck, the MCs flipped, turn 1 begins."""
        n = self.params.orbs
        for p, pl in enumerate(self.players):
            k = min(n, len(pl.deck))
            if k:
                pl.orbs = pl.deck[-k:]
                del pl.deck[-k:]
            mc = pl.setaside
            pl.setaside = -1
            pl.add_unit(mc, self.game.char[mc], True, self.next_uid)
            pl.mc = self.next_uid
            self.next_uid += 1
            self._events.append(("mc", p, mc))
        self.phase = "bond"
        self.tasks.append(("start",))

    def _start_turn(self) -> None:
        p = self.active
        pl = self._begin_turn()
        pl.u_tapped = [False] * len(pl.u_tapped)
        if not (p == self.first_player and self.turn == 1 and not self.params.first_player_draws):
            self.draw(p, self.params.draw_per_turn)
        self.phase = "bond"
        pl.bonded = 0
        pl.spent = 0
        if not pl.hand or self.params.bonds_per_turn == 0:
            self.phase = "deploy"

    def _end_turn(self) -> None:
        for pl in self.players:
            pl.u_mod = [0] * len(pl.u_mod)
            pl.u_used = [0] * len(pl.u_used)
            pl.spent = 0
        self._pass_turn()

    def _close_game(self) -> None:
        """The game ends: a battle it ends in is closed too (the support cards go to the
        retreat area, the battle record is cleared), whatever ended it."""
        if self.b_att >= 0 or any(pl.support >= 0 for pl in self.players):
            self._end_battle()
        self.phase = "over"

    # ------------------------------------------------------------------ battle
    def _declare_attack(self, p: int, att_uid: int, def_uid: int) -> None:
        pl = self.players[p]
        ai = pl.index_of(att_uid)
        pl.u_tapped[ai] = True
        opp = self.players[1 - p]
        di = opp.index_of(def_uid)
        self.b_att, self.b_def = att_uid, def_uid
        self.b_att_mod = self.b_def_mod = 0
        self.b_crit = self.b_evaded = False
        self._events.append(("attack", p, pl.u_stack[ai][-1], opp.u_stack[di][-1]))
        tasks = self.tasks
        tasks.append(("battle_end",))
        tasks.append(("compare",))
        tasks.append(("evasion",))
        tasks.append(("critical",))
        tasks.append(("support",))
        self._push_triggers(self._unit_triggers(p, ai, "on_attack")
                            + self._unit_triggers(1 - p, di, "on_defend"))

    def _battle_on(self) -> bool:
        """Both battling units are still on the field."""
        a = self.active
        return (self.players[a].index_of(self.b_att) >= 0
                and self.players[1 - a].index_of(self.b_def) >= 0)

    def _support_step(self) -> None:
        if not self._battle_on():
            return
        a = self.active
        entries = []
        for p, uid, trig in ((a, self.b_att, "support_attack"), (1 - a, self.b_def, "support_defense")):
            pl = self.players[p]
            c = self.take_top(p)
            if c < 0:
                self._events.append(("support", p, -1, False))
                continue
            pl.support = c
            i = pl.index_of(uid)
            valid = self.game.char[c] != pl.u_char[i]
            self._events.append(("support", p, c, valid))
            if valid:   # a card of the unit's own name adds nothing and triggers nothing (FE-5)
                entries.extend((p, -1, c, si) for si in self.game.triggers[c].get(trig, ()))
                entries.extend(self._unit_triggers(p, i, "on_supported"))
        self._push_triggers(entries)

    def _ask_discard(self, kind: str, p: int, uid: int) -> None:
        """Critical (attacker) or evasion (defender): asked whenever the hand is not empty (FE-11)."""
        if self._battle_on() and not self.b_evaded and self.players[p].hand:
            self.pending = (kind, p)

    def _compare(self) -> None:
        a, d = self.active, 1 - self.active
        if not self._battle_on():
            self._events.append(("battle_ends", a, "left_field"))
            return
        if self.b_evaded:
            self._events.append(("battle_ends", a, "evaded"))
            return
        ai = self.players[a].index_of(self.b_att)
        di = self.players[d].index_of(self.b_def)
        att = fx.power(self, a, ai)
        dfn = fx.power(self, d, di)
        hit = att >= dfn if self.params.ties_to_attacker else att > dfn
        self._events.append(("compare", a, att, dfn, hit))
        if hit:
            self.destroy(d, di, by_battle=True)

    def _end_battle(self) -> None:
        for pl in self.players:
            if pl.support >= 0:
                pl.retreat.append(pl.support)
                pl.support = -1
        self.b_att = self.b_def = -1
        self.b_att_mod = self.b_def_mod = 0
        self.b_crit = self.b_evaded = False

    # ------------------------------------------------------------------ primitives
    def take_top(self, p: int) -> int:
        """The top card of p's deck, removed; an empty deck is first refilled from the
        shuffled retreat area (FE-4); -1 when both are empty."""
        pl = self.players[p]
        if not pl.deck:
            if not pl.retreat:
                return -1
            r = pl.retreat
            perm = self.rng.permutation(len(r))
            pl.deck = [r[k] for k in perm]
            pl.retreat = []
            self._events.append(("reshuffle", p, len(pl.deck)))
        return pl.deck.pop()

    def draw(self, p: int, n: int, event: str = "draw") -> None:
        """Draw n cards (FE-4 when the deck runs out); `event` names the log event
        ("opening_hand" for the set-up deal and a mulligan's new hand)."""
        pl = self.players[p]
        for _ in range(n):
            c = self.take_top(p)
            if c < 0:
                return
            pl.hand.append(c)
            self._events.append((event, p, c))

    def destroy(self, p: int, i: int, by_battle: bool) -> None:
        """Destroy unit i of p: a non-MC unit goes to the retreat area with its stack; for the
        MC p takes an orb into hand instead, and with no orb left p loses."""
        pl = self.players[p]
        if pl.u_uid[i] == pl.mc:
            if not pl.orbs:
                self._events.append(("destroyed", p, pl.u_stack[i][-1], "mc"))
                self.finish(1 - p, "mc_destroyed")
                return
            c = pl.orbs.pop()
            pl.hand.append(c)
            self._events.append(("orb_taken", p, len(pl.orbs)))
            return
        stack = pl.remove_unit(i)
        pl.retreat.extend(stack)
        self._events.append(("destroyed", p, stack[-1], "battle" if by_battle else "skill"))

    def reverse_bonds(self, p: int, n: int) -> None:
        """Turn n face-up bonds face-down; asks which when the choice can matter."""
        self._bond_flips(p, n, True)

    def flip_bonds(self, p: int, n: int) -> None:
        """Turn up to n face-down bonds face-up; asks which when the choice can matter."""
        self._bond_flips(p, n, False)

    def _bond_flips(self, p: int, n: int, up: bool) -> None:
        pl = self.players[p]
        while n > 0:
            idx = [k for k, u in enumerate(pl.bond_up) if u == up]
            if not idx:
                return
            kinds = {pl.bonds[k] for k in idx}
            if len(kinds) > 1 and len(idx) > n:
                self.pending = ("reverse" if up else "flip", p, n)
                return
            self.turn_bond(p, pl.bonds[idx[0]], up)
            n -= 1

    def turn_bond(self, p: int, card: int, up: bool) -> None:
        """Turn one bond of this card id that is face-up (up=True) face-down, or the reverse."""
        pl = self.players[p]
        for k, c in enumerate(pl.bonds):
            if c == card and pl.bond_up[k] == up:
                pl.bond_up[k] = not up
                self._events.append(("reverse" if up else "flip", p, card))
                return
        raise AssertionError("no such bond")

    def retrieve(self, p: int, max_cost: int) -> None:
        """Add a card of cost <= max_cost from p's retreat area to p's hand (p chooses which)."""
        options = self.retrieve_options(p, max_cost)
        if len(options) == 1:
            self.take_from_retreat(p, options[0])
        elif options:
            self.pending = ("retrieve", p, max_cost)

    def retrieve_options(self, p: int, max_cost: int) -> list[int]:
        cost = self.game.cost
        return sorted({c for c in self.players[p].retreat if cost[c] <= max_cost})

    def take_from_retreat(self, p: int, c: int) -> None:
        pl = self.players[p]
        pl.retreat.remove(c)
        pl.hand.append(c)
        pl.revealed.append(c)   # it came from a public area: the opponent knows it
        self._events.append(("retrieve", p, c))

    def bond_from_deck(self, p: int, n: int) -> None:
        """Put the top n cards of p's deck into p's bonds face-up (only what the deck has, FE-17)."""
        pl = self.players[p]
        for _ in range(n):
            if not pl.deck:
                return
            c = pl.deck.pop()
            pl.bonds.append(c)
            pl.bond_up.append(True)
            self._events.append(("bond", p, c))
