"""First Cycle game flow: the task machine, the turn, the battle and the effect primitives.

A mixin of `FirstCycleState` (rules.py), which adds the decisions. Implements first_cycle.md
with rulings C-2, FC-1 and FC-3..FC-7 (docs/rules/first_cycle.md maps each paragraph to its
code and test):
- set-up: the opening hands;
- the turn (FC-1): Refresh (attached RAM returns ready, FC-5), Install RAM while the supply
  lasts, start-of-turn triggers (Scan) before Draw, the first player's skipped first draw,
  the end of the turn and the turn limit (C-2);
- zones and costs: paying from ready, unattached RAM; placing a deployed Character (On Play);
  a Character leaving play (attached RAM returns exhausted, FC-5; no On KO when discarded to
  free a space); executing a Protocol (Ability, then Special when its condition holds, then
  discard);
- the battle: declare (exhaust, On Attack), Guard (FC-3), support attacker then defender
  (FC-4; each side holding a card is asked, FC-25), compare (ties to the attacker), Leader
  HP or KO, the attacker or target leaving play ending it;
- triggers: simultaneous ones resolve the active player's first, each player ordering their
  own, unless their order cannot matter; win at 0 HP; empty deck draws what remains (FC-7);
- the effect primitives the named effects call (effects.py): draw, Scan, Cycle, heal, Leader
  damage, install and ready RAM, KO.
"""
from __future__ import annotations

from sim.first_cycle import effects as fx
from sim.first_cycle.state import FIGHTERS

_CHARACTER_SPACES = range(1, FIGHTERS)


class Flow:
    """Task machine and primitives; `FirstCycleState` mixes this in with the state data."""

    __slots__ = ()

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
    def _set_up(self) -> None:
        """After the shuffles and the first player's draw (game.py): five private cards each,
        then the first turn begins."""
        for p in (0, 1):
            self.draw(p, self.params.opening_hand, event="opening_hand")
        self.tasks.append(("start",))

    def _start_turn(self) -> None:
        p = self.active
        pl = self._begin_turn()
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
        self._pass_turn()

    def _close_game(self) -> None:
        """At the end of the game a Protocol still resolving is discarded as usual."""
        for task in self.tasks:
            if task[0] == "protocol_done":
                self.players[task[1]].discard.append(task[2])
        self.battle = None

    # ------------------------------------------------------------------ zones and costs
    def _pay(self, pl, cost: int) -> None:
        pl.ram_ready -= cost
        pl.ram_exhausted += cost

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
            self.finish(1 - player, "leader_hp")

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
        # FC-25: each side that holds a card is asked, whether or not it can pay for a
        # Protocol: asking only when it can would tell the opponent what the hand holds (C-3).
        # An empty hand is public, so that side is not asked.
        if not (self._attacker_in_play() and self._target_in_play()):
            return
        if self.players[side].hand:
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
