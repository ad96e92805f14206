"""First Cycle rules: legal actions and `apply`, as a task stack with one pending choice.

Implements first_cycle.md with rulings C-1, C-2, C-4 and FC-1..FC-7 (docs/rules/first_cycle.md
maps each paragraph to its code and test):
- the turn (FC-1): Refresh (attached RAM returns ready, FC-5), Install RAM while the supply
  lasts, start-of-turn triggers (Scan) before Draw, the first player's skipped first draw,
  then Act until the player ends the turn;
- paying costs from ready, unattached RAM; deploying (optional discard when the field is
  full, no On KO for it); executing Protocols (Ability, then Special when its condition
  holds, then discard); attaching RAM; activated abilities (own Act step, full cost,
  "once per turn");
- the battle: declare (exhaust, legal targets FC-2), On Attack, Guard (FC-3), support
  attacker then defender (FC-4), compare (ties to the attacker), Leader HP or KO, power
  floor, the attacker leaving play, no attack on a player's first turn, Rush (FC-6);
- triggers: simultaneous ones resolve the active player's first, each player ordering
  their own; win at 0 HP; empty deck draws what remains (FC-7); the turn limit (C-2).

Every action is checked before anything changes, so an IllegalActionError leaves the
state exactly as it was (C-4).
"""
from __future__ import annotations

from sim.core.errors import IllegalActionError
from sim.core.legal_cache import CachedLegalActions
from sim.core.protocol import State
from sim.core.two_player import ActiveOrPendingSeat
from sim.first_cycle import effects as fx
from sim.first_cycle import hidden
from sim.first_cycle import observation as views
from sim.first_cycle.state import FIGHTERS, StateData

# Action blocks (ids come from the game's codec; see game.py).
END, PASS, PLAY, ATTACH, ATTACK, ACTIVATE, CHOOSE, SUPPORT, CARD, SCAN, TRIGGER = (
    "end", "pass", "play", "attach", "attack", "activate", "choose", "support", "card",
    "scan", "trigger")
_CHARACTER_SPACES = range(1, FIGHTERS)


class FirstCycleState(ActiveOrPendingSeat, CachedLegalActions, StateData, State):
    """A First Cycle position implementing the game protocol of sim.core.protocol."""

    __slots__ = ()

    # ------------------------------------------------------------------ protocol
    def clone(self) -> FirstCycleState:
        return self.copy_data(FirstCycleState.__new__(FirstCycleState))

    def determinize(self, observer: int, rng) -> FirstCycleState:
        return hidden.determinize(self, observer, rng)

    def observation(self, player: int) -> dict:
        return views.observe(self, player)

    def action_label(self, action: int) -> str:
        return views.label(self, action)

    def to_dict(self) -> dict:
        from sim.first_cycle.scenario import state_to_dict
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict, game=None) -> FirstCycleState:
        """A state from a scenario or `to_dict` output; the game is built from its params if not given."""
        if game is None:
            from sim.first_cycle.game import FirstCycleGame
            from sim.first_cycle.params import FirstCycleParams
            game = FirstCycleGame(FirstCycleParams.from_dict(data.get("params", {})))
        return game.state_from_dict(data)

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

    def _has_support_option(self, player: int) -> bool:
        """Whether `_support_options(player)` is non-empty (each battle asks; rarely true)."""
        pl = self.players[player]
        ready = pl.ram_ready
        g = self.game
        is_protocol = g.is_protocol
        cost = g.cost
        for c in pl.hand:  # noqa: SIM110 - a loop, not any(<generator>): no generator frame
            if is_protocol[c] and cost[c] <= ready:
                return True
        return False

    # ------------------------------------------------------------------ apply
    def apply(self, action: int) -> None:
        if self.done:
            raise IllegalActionError(f"action {action}: the game is over")
        g = self.game
        try:
            block, idx = g.codec.decode(int(action))
        except (IndexError, TypeError, ValueError):
            raise IllegalActionError(
                f"action {action!r} is outside the action space 0..{g.action_space_size - 1}") from None
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            reason = self._illegal_reason(block, idx)
            raise IllegalActionError(f"action {action} ({block} {idx}): {reason}")
        self._legal = None
        self._events = []
        pending = self.pending
        if pending is None:
            self._apply_main(block, idx)
        else:
            self.pending = None
            self._apply_choice(pending, block, idx)
        self._run()

    def _illegal_reason(self, block: str, idx: int) -> str:
        """A sentence saying why an action that is not legal here is not."""
        pending = self.pending
        if pending is None:
            pl = self.players[self.active]
            if block == PLAY:
                c = idx + 1
                if c not in pl.hand:
                    return f"#{c:03d} is not in player {self.active}'s hand"
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
            self._remove_from_hand(pl, c)
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
                self._remove_from_hand(pl, c)
                pl.discard.append(c)
                b = self.battle
                fighter = b[0] if player == self.active else b[1]
                pl.mod_battle[fighter] += self.cards[c].power
                self._events.append(("support", player, c))
        elif kind == "cycle":
            if block == CARD:
                c = idx + 1
                self._remove_from_hand(pl, c)
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

    # ------------------------------------------------------------------ task machine
    def _run(self) -> None:
        tasks = self.tasks
        while tasks and self.pending is None and not self.done:
            task = tasks.pop()
            kind = task[0]
            if kind == "ability":
                self._resolve_ability(*task[1:])
            elif kind == "triggers":
                entries = task[2]
                if len(entries) == 1:
                    tasks.append(("ability", task[1]) + entries[0])
                elif entries:
                    if self._interchangeable(entries):
                        for entry in reversed(entries):
                            tasks.append(("ability", task[1]) + entry)
                    else:
                        self.pending = ("order", task[1], entries)
            elif kind == "place":
                self._place(task[1], task[2], task[3])
            elif kind == "protocol_done":
                self.players[task[1]].discard.append(task[2])
                self.last_target = None
            elif kind == "guard":
                self._guard_step()
            elif kind == "support":
                self._support_step(task[1])
            elif kind == "compare":
                self._compare()
            elif kind == "start":
                self._start_turn()
            elif kind == "draw_step":
                pl = self.players[self.active]
                if not (self.active == self.first_player and pl.turns_taken == 1
                        and not self.params.first_player_draws):
                    self.draw(self.active, 1)
            else:
                raise AssertionError(f"unknown task {kind!r}")

    def _resolve_ability(self, player: int, fighter: int, uid: int, card: int, ai: int) -> None:
        ability = self.cards[card].abilities[ai]
        if not fx.condition_holds(self, player, fighter, ability):
            return
        effect = fx.EFFECTS[ability.effect]
        if effect.run is not None:
            effect.run(self, player, fighter, uid, ability)
            return
        targets = effect.candidates(self, player, fighter, uid, ability)
        if not targets:
            self.last_target = None  # resolve as much as possible: nothing to act on
            return
        kind = ability.param("target")
        if len(targets) == 1 and kind in ("self", "own_leader"):
            tp, tf = targets[0]
            self.last_target = (tp, tf, self.players[tp].uid[tf])
            effect.resolve(self, player, ability, targets[0])
            return
        self.pending = ("target", player, tuple(targets), fighter, uid, card, ai)

    def _interchangeable(self, entries: tuple) -> bool:
        """Triggers whose order cannot matter: same effect, params and condition, and nothing
        that depends on which card is the source (a `self` target, Team Link's "another")."""
        cards = self.cards
        keys = set()
        for fighter, _uid, card, ai in entries:
            a = cards[card].abilities[ai]
            source_bound = a.param("target") == "self" or any(k == "team_link" for k, _ in a.condition)
            keys.add((a.effect, a.params, a.condition, fighter if source_bound else None))
        return len(keys) == 1

    def _push_triggers(self, groups: list[tuple[int, list[tuple]]]) -> None:
        """Queue trigger groups so that the active player's resolve first (pushed last)."""
        ordered = []
        for g in groups:
            if g[1]:
                ordered.append(g)
        if not ordered:  # the common case: nothing triggered
            return
        if len(ordered) > 1:
            ordered.sort(key=lambda g: g[0] == self.active)  # stable: the active player's last
        for player, entries in ordered:
            self.tasks.append(("triggers", player, tuple(entries)))

    def _own_triggers(self, player: int, fighter: int, trigger: str) -> list[tuple]:
        pl = self.players[player]
        c = pl.card[fighter]
        abilities = self.game.triggers[c].get(trigger)
        if not abilities:  # the common case, without a comprehension's frame
            return []
        return [(fighter, pl.uid[fighter], c, ai) for ai in abilities]

    # ------------------------------------------------------------------ turn structure
    def _start_turn(self) -> None:
        p = self.active
        pl = self.players[p]
        pl.turns_taken += 1
        self._events.append(("turn", self.turn, p))
        pl.ram_ready += pl.ram_exhausted + sum(pl.attached)
        pl.ram_exhausted = 0
        pl.attached = [0] * FIGHTERS
        pl.exhausted = [False] * FIGHTERS
        pl.used = [False] * FIGHTERS
        self.install_ram(p, self.params.ram_per_turn)
        self.tasks.append(("draw_step",))
        entries = []
        for f in range(FIGHTERS):
            if pl.card[f] >= 0:
                entries.extend(self._own_triggers(p, f, "start_of_turn"))
        self._push_triggers([(p, entries)])

    def _end_turn(self) -> None:
        for pl in self.players:
            pl.mod_turn = [0] * FIGHTERS
        self._events.append(("end_turn", self.turn, self.active))
        if self.turn >= self.params.max_turns:
            self._finish(-1, "turn_limit")
            return
        self.turn += 1
        self.active = 1 - self.active
        self.tasks.append(("start",))

    def _finish(self, winner: int, reason: str) -> None:
        for task in self.tasks:  # a Protocol still resolving is discarded as usual
            if task[0] == "protocol_done":
                self.players[task[1]].discard.append(task[2])
        self.done = True
        self.winner = winner
        self.end_reason = reason
        self.pending = None
        self.tasks = []
        self.battle = None
        self._events.append(("game_over", winner, reason))

    # ------------------------------------------------------------------ zones and costs
    def _pay(self, pl, cost: int) -> None:
        pl.ram_ready -= cost
        pl.ram_exhausted += cost

    def _remove_from_hand(self, pl, c: int) -> None:
        pl.hand.remove(c)
        if pl.revealed.count(c) > pl.hand.count(c):
            pl.revealed.remove(c)

    def _place(self, player: int, c: int, slot: int) -> None:
        pl = self.players[player]
        pl.card[slot] = c
        pl.exhausted[slot] = False
        pl.attached[slot] = 0
        pl.entered[slot] = self.turn
        pl.uid[slot] = self.next_uid
        self.next_uid += 1
        pl.mod_turn[slot] = 0
        pl.mod_battle[slot] = 0
        pl.used[slot] = False
        self._push_triggers([(player, self._own_triggers(player, slot, "on_play"))])

    def _leave_play(self, player: int, f: int, ko: bool) -> int:
        """Remove a Character to its owner's discard; attached RAM returns exhausted (FC-5)."""
        pl = self.players[player]
        c = pl.card[f]
        pl.discard.append(c)
        pl.ram_exhausted += pl.attached[f]
        pl.card[f] = -1
        pl.attached[f] = 0
        pl.exhausted[f] = False
        pl.mod_turn[f] = 0
        pl.mod_battle[f] = 0
        pl.used[f] = False
        self._events.append(("ko" if ko else "discard_character", player, c))
        return c

    def _execute_protocol(self, p: int, c: int) -> None:
        self.last_target = None
        self.tasks.append(("protocol_done", p, c))
        trig = self.game.triggers[c]
        for ai in reversed(trig.get("special", ())):
            self.tasks.append(("ability", p, -1, 0, c, ai))
        for ai in reversed(trig.get("play", ())):
            self.tasks.append(("ability", p, -1, 0, c, ai))

    # ------------------------------------------------------------------ effect primitives
    def draw(self, player: int, n: int, event: str = "draw") -> None:
        """Draw up to n cards (FC-7: only what remains); tracks Scan/Cycle knowledge.

        `event` names the log event ("opening_hand" for the set-up deal)."""
        pl = self.players[player]
        deck = pl.deck
        for _ in range(n):
            if not deck:
                break
            from_bottom_known = len(deck) <= pl.known_bottom
            c = deck.pop()
            pl.hand.append(c)
            if pl.known_top:
                pl.known_top -= 1
            if from_bottom_known:
                pl.known_bottom -= 1
                pl.revealed.append(c)
            self._events.append((event, player, c))

    def scan(self, player: int, n: int) -> None:
        """Look at the top n cards (or what remains) and return them in the chosen order."""
        pl = self.players[player]
        k = min(n, len(pl.deck))
        self._events.append(("scan", player, k))
        if k == 0:
            return
        if k == 1:
            pl.known_top = max(pl.known_top, 1)
            return
        top = pl.deck[-k:]
        del pl.deck[-k:]
        # C-3: while they are being ordered only the scanned cards are known (not the ones
        # now on top); they count again when put back, so known_top never exceeds the deck.
        pl.known_top = max(pl.known_top - k, 0)
        if pl.known_bottom > len(pl.deck):
            # Cycled cards both players know were among the scanned ones: they stay public.
            pl.known_bottom = len(pl.deck)
        self.pending = ("scan", player, tuple(sorted(top)), ())

    def offer_cycle(self, player: int) -> None:
        """Let the player Cycle one hand card (or decline)."""
        if self.players[player].hand:
            self.pending = ("cycle", player)

    def heal(self, player: int, amount: int) -> None:
        """Heal the player's Leader; healing stops at the starting HP."""
        pl = self.players[player]
        pl.hp = min(self.params.leader_hp, pl.hp + amount)
        self._events.append(("heal", player, amount, pl.hp))

    def damage_leader(self, player: int, amount: int) -> None:
        """The player's Leader loses HP; at 0 that player loses at once."""
        pl = self.players[player]
        pl.hp = max(0, pl.hp - amount)
        self._events.append(("damage", player, amount, pl.hp))
        if pl.hp == 0:
            self._finish(1 - player, "leader_hp")

    def install_ram(self, player: int, n: int) -> None:
        """Move up to n modules from the supply to the RAM area, ready."""
        pl = self.players[player]
        k = min(n, pl.ram_supply)
        if k:
            pl.ram_supply -= k
            pl.ram_ready += k
            self._events.append(("install", player, k))

    def ready_ram(self, player: int, n: int) -> None:
        """Ready up to n exhausted, unattached modules."""
        pl = self.players[player]
        k = min(n, pl.ram_exhausted)
        pl.ram_exhausted -= k
        pl.ram_ready += k

    def knock_out(self, player: int, f: int) -> None:
        """KO a Character: to the discard, On KO and On-opponent-KO triggers queued."""
        c = self.players[player].card[f]
        uid = self.players[player].uid[f]
        self._leave_play(player, f, ko=True)
        own = [(-1, uid, c, ai) for ai in self.game.triggers[c].get("on_ko", ())]
        other = 1 - player
        listeners = []
        for g in range(FIGHTERS):
            if self.players[other].card[g] >= 0:
                listeners.extend(self._own_triggers(other, g, "on_opponent_ko"))
        self._push_triggers([(player, own), (other, listeners)])

    # ------------------------------------------------------------------ battle
    def _declare_attack(self, p: int, f: int, t: int) -> None:
        pl = self.players[p]
        opp = self.players[1 - p]
        pl.exhausted[f] = True
        self.battle = (f, t, pl.uid[f], opp.uid[t])
        self._events.append(("attack", p, f, t))
        tasks = self.tasks
        tasks.append(("compare",))
        tasks.append(("support", 1 - p))
        tasks.append(("support", p))
        tasks.append(("guard",))
        self._push_triggers([(p, self._own_triggers(p, f, "on_attack"))])

    def _attacker_in_play(self) -> bool:
        b = self.battle
        pl = self.players[self.active]
        return pl.card[b[0]] >= 0 and pl.uid[b[0]] == b[2]

    def _target_in_play(self) -> bool:
        b = self.battle
        opp = self.players[1 - self.active]
        return opp.card[b[1]] >= 0 and opp.uid[b[1]] == b[3]

    def _guard_step(self) -> None:
        if not (self._attacker_in_play() and self._target_in_play()):
            return
        d = 1 - self.active
        opp = self.players[d]
        cards = self.cards
        ocard = opp.card
        oexh = opp.exhausted
        guards = []
        for f in _CHARACTER_SPACES:
            c = ocard[f]
            if c >= 0 and not oexh[f] and cards[c].guard:
                guards.append(f)
        if guards:
            self.pending = ("guard", d, tuple(guards))

    def _support_step(self, side: int) -> None:
        if not (self._attacker_in_play() and self._target_in_play()):
            return
        if self._has_support_option(side):
            self.pending = ("support", side)

    def _compare(self) -> None:
        b = self.battle
        a, d = self.active, 1 - self.active
        if not (self._attacker_in_play() and self._target_in_play()):
            self._events.append(("battle_ends", a, "left_play"))
            self._end_battle()
            return
        att = fx.power(self, a, b[0])
        dfn = fx.power(self, d, b[1])
        hit = att >= dfn
        self._events.append(("compare", a, att, dfn, hit))
        self._end_battle()
        if hit:
            if b[1] == 0:
                self.damage_leader(d, 1)
            else:
                self.knock_out(d, b[1])

    def _end_battle(self) -> None:
        for pl in self.players:
            pl.mod_battle = [0] * FIGHTERS
        self.battle = None


def _fighter_name(f: int) -> str:
    return "Leader" if f == 0 else f"slot {f}"
