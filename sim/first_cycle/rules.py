"""First Cycle decisions: the game protocol, legal actions and `apply`, as a task stack with
one pending choice.

Implements first_cycle.md with rulings C-1, C-4 and FC-1..FC-6 (docs/rules/first_cycle.md
maps each paragraph to its code and test). The flow itself (the turn, the battle, triggers,
effect primitives) is in `flow.py`; this module decides what may be done now:
- the Act step (FC-1): deploy a Character or execute a Protocol whose cost the ready RAM
  pays; attach a ready module to a fighter; attack with a ready fighter that is the Leader,
  was not deployed this turn or has Rush (FC-6), never on the player's own first turn, the
  opposing Leader or an exhausted opposing Character (FC-2); an activated ability (its full
  cost, once per turn when it says so); end the turn;
- answers to pending choices: an effect's target, which Character to discard to a full
  field, a Guard (FC-3), a support Protocol (FC-4), a Cycle, the Scan order, trigger order.

Every action is checked before anything changes, so an IllegalActionError leaves the
state exactly as it was (C-4).
"""
from __future__ import annotations

from sim.core.board import seat_name
from sim.core.protocol import State
from sim.core.two_player import TwoPlayerRules
from sim.first_cycle import effects as fx
from sim.first_cycle import hidden, scenario
from sim.first_cycle import observation as views
from sim.first_cycle.board import render_board
from sim.first_cycle.flow import Flow
from sim.first_cycle.state import FIGHTERS, StateData

# Action blocks (ids come from the game's codec; see game.py).
END, PASS, PLAY, ATTACH, ATTACK, ACTIVATE, CHOOSE, SUPPORT, CARD, SCAN, TRIGGER = (
    "end", "pass", "play", "attach", "attack", "activate", "choose", "support", "card",
    "scan", "trigger")
_CHARACTER_SPACES = range(1, FIGHTERS)


class FirstCycleState(TwoPlayerRules, Flow, StateData, State):
    """A First Cycle position implementing the game protocol of sim.core.protocol."""

    __slots__ = ()

    determinize = hidden.determinize
    observation = views.observe
    action_label = views.label
    to_dict = scenario.state_to_dict

    def board_text(self) -> str:
        """The board as text (sim/first_cycle/board.py); `str(state)` gives it too."""
        return render_board(self)

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> list[int]:
        if self.done:
            return []
        g = self.game
        pending = self.pending
        if pending is None:
            return self._main_actions()
        kind = pending[0]
        player = pending[1]
        if kind == "target":
            base = g.a_choose
            return sorted(base + (0 if tp == player else 6) + tf for tp, tf in pending[2])
        if kind == "deploy_discard":
            pl = self.players[player]
            return [g.a_choose + f for f in range(1, FIGHTERS) if pl.card[f] >= 0]
        if kind == "guard":
            return [g.a_pass] + [g.a_choose + f for f in pending[2]]
        if kind == "support":
            return [g.a_pass] + [g.a_support + c - 1 for c in self._support_options(player)]
        if kind == "cycle":
            return [g.a_pass] + [g.a_card + c - 1 for c in sorted(set(self.players[player].hand))]
        if kind == "scan":
            return [g.a_scan + i for i in range(len(pending[2]))]
        if kind == "order":
            return [g.a_trigger + i for i in range(len(pending[2]))]
        raise AssertionError(f"unknown pending kind {kind!r}")

    def _main_actions(self) -> list[int]:
        # The hot path of every Act step (per-card facts from the game's tables; the
        # occupied spaces found once). A fighter can attack if it is ready and is the
        # Leader, was not deployed this turn, or has Rush; an activated ability needs its
        # full cost in ready RAM and, if once per turn, not used yet this turn. The list is
        # in ascending action order: end, play, attach, attack, activate. Plain loops, not
        # comprehensions: on these short lists a comprehension's own frame (Python 3.11)
        # cost about a third of the call.
        g = self.game
        p = self.active
        pl = self.players[p]
        out = [g.a_end]
        append = out.append
        ready = pl.ram_ready
        hand = pl.hand
        if hand:
            costs = g.cost
            a_play = g.a_play - 1
            for c in sorted(set(hand)):
                if costs[c] <= ready:
                    append(a_play + c)
        c0, c1, c2, c3, c4, c5 = card = pl.card
        occupied = [0] if c0 >= 0 else []
        if c1 >= 0:
            occupied.append(1)
        if c2 >= 0:
            occupied.append(2)
        if c3 >= 0:
            occupied.append(3)
        if c4 >= 0:
            occupied.append(4)
        if c5 >= 0:
            occupied.append(5)
        if ready > 0:
            a_attach = g.a_attach
            for f in occupied:
                append(a_attach + f)
        if pl.turns_taken >= 2:
            opp = self.players[1 - p]
            ocard = opp.card
            oexh = opp.exhausted
            targets = [0]
            for t in _CHARACTER_SPACES:
                if ocard[t] >= 0 and oexh[t]:
                    targets.append(t)
            a_attack = g.a_attack
            turn = self.turn
            rush = g.rush
            exhausted = pl.exhausted
            entered = pl.entered
            for f in occupied:
                if not exhausted[f] and (f == 0 or entered[f] < turn or rush[card[f]]):
                    base = a_attack + f * FIGHTERS
                    for t in targets:
                        append(base + t)
        act_cost = g.activated_cost
        once = g.activated_once
        used = pl.used
        a_act = g.a_activate
        for f in occupied:
            c = card[f]
            if act_cost[c] <= ready and not (once[c] and used[f]):
                append(a_act + f)
        return out

    def _support_options(self, player: int) -> list[int]:
        pl = self.players[player]
        g = self.game
        return [c for c in sorted(set(pl.hand)) if g.is_protocol[c] and g.cost[c] <= pl.ram_ready]

    # ------------------------------------------------------------------ apply
    def _illegal_reason(self, block: str, idx: int) -> str:
        """A sentence saying why an action that is not legal here is not."""
        pending = self.pending
        if pending is None:
            pl = self.players[self.active]
            if block == PLAY:
                c = idx + 1
                if c not in pl.hand:
                    return f"#{c:03d} is not in {seat_name(self.active)}'s hand"
                return f"#{c:03d} costs {self.game.cost[c]} but only {pl.ram_ready} RAM is ready"
            if block == ATTACK:
                f, t = divmod(idx, FIGHTERS)
                if pl.turns_taken < 2:
                    return "no player can attack on their own first turn"
                if pl.card[f] < 0:
                    return f"no fighter in {_fighter_name(f)}"
                if pl.exhausted[f]:
                    return f"the attacker in {_fighter_name(f)} is exhausted"
                if f and pl.entered[f] >= self.turn and not self.cards[pl.card[f]].rush:
                    return f"the Character in {_fighter_name(f)} was deployed this turn and has no Rush"
                return f"target {_fighter_name(t)} is not the opposing Leader or an exhausted opposing Character"
            if block == ATTACH:
                return "no ready RAM to attach" if pl.ram_ready == 0 else f"no fighter in {_fighter_name(idx)}"
            if block == ACTIVATE:
                return f"{_fighter_name(idx)} has no activated ability usable now"
            return f"a {block!r} action is not a main action"
        return f"a {block!r} action does not answer the pending {pending[0]!r} choice"

    def _apply_main(self, block: str, idx: int) -> None:
        p = self.active
        pl = self.players[p]
        if block == END:
            self._end_turn()
        elif block == PLAY:
            c = idx + 1
            self._pay(pl, self.game.cost[c])
            self.remove_from_hand(pl, c)
            if self.game.is_protocol[c]:
                self._events.append(("execute", p, c))
                self._execute_protocol(p, c)
            else:
                self._events.append(("deploy", p, c))
                slot = pl.free_space()
                if slot < 0:
                    self.pending = ("deploy_discard", p, c)
                else:
                    self.tasks.append(("place", p, c, slot))
        elif block == ATTACH:
            pl.ram_ready -= 1
            pl.attached[idx] += 1
            self._events.append(("attach", p, idx))
        elif block == ATTACK:
            f, t = divmod(idx, FIGHTERS)
            self._declare_attack(p, f, t)
        elif block == ACTIVATE:
            c = pl.card[idx]
            ai = self.game.activated[c]
            ability = self.cards[c].abilities[ai]
            self._pay(pl, ability.cost)
            pl.used[idx] = True
            self._events.append(("activate", p, idx, c))
            self.tasks.append(("ability", p, idx, pl.uid[idx], c, ai))

    def _apply_choice(self, pending: tuple, block: str, idx: int) -> None:
        kind, player = pending[0], pending[1]
        pl = self.players[player]
        if kind == "target":
            tp = player if idx < 6 else 1 - player
            tf = idx % 6
            _, _, _, fighter, uid, card, ai = pending
            ability = self.cards[card].abilities[ai]
            self.last_target = (tp, tf, self.players[tp].uid[tf])
            fx.EFFECTS[ability.effect].resolve(self, player, ability, (tp, tf))
        elif kind == "deploy_discard":
            c = pending[2]
            self._leave_play(player, idx, ko=False)
            self.tasks.append(("place", player, c, idx))
        elif kind == "guard":
            if block == CHOOSE:
                pl.exhausted[idx] = True
                b = self.battle
                self.battle = (b[0], idx, b[2], pl.uid[idx])
                self._events.append(("guard", player, idx))
        elif kind == "support":
            if block == SUPPORT:
                c = idx + 1
                self._pay(pl, self.game.cost[c])
                self.remove_from_hand(pl, c)
                pl.discard.append(c)
                b = self.battle
                fighter = b[0] if player == self.active else b[1]
                pl.mod_battle[fighter] += self.cards[c].power
                self._events.append(("support", player, c))
        elif kind == "cycle":
            if block == CARD:
                c = idx + 1
                self.remove_from_hand(pl, c)
                pl.deck.insert(0, c)
                pl.known_bottom += 1
                self._events.append(("cycle", player, c))
                self.draw(player, 1)
        elif kind == "scan":
            remaining = list(pending[2])
            chosen = pending[3] + (remaining.pop(idx),)
            if len(remaining) <= 1:
                order = chosen + tuple(remaining)
                pl.deck.extend(reversed(order))
                pl.known_top += len(order)
            else:
                self.pending = ("scan", player, tuple(remaining), chosen)
        elif kind == "order":
            entries = list(pending[2])
            first = entries.pop(idx)
            self.tasks.append(("triggers", player, tuple(entries)))
            self.tasks.append(("ability", player) + first)


def _fighter_name(f: int) -> str:
    return "Leader" if f == 0 else f"slot {f}"
