"""The registry of named First Cycle effects, conditions and continuous Power.

Cards name an effect and its params (cardspec.EFFECT_PARAMS); this module gives each name
its behaviour. The rules code dispatches through `EFFECTS` and never branches on a card.

Rules implemented here (first_cycle.md, "Card text takes priority" and the keyword
paragraphs): Draw, Scan, Cycle, healing capped at the Leader's HP, Team Link, Cross-Team,
traits, passive effects while their condition holds, "resolve as much as possible"
(a targeted effect with no legal target does nothing), "a condition depending on a
previous action applies only if that action happened" (`target_exhausted`), the power
floor of zero, attached RAM on its controller's turn only (FC-5) and the turn 3/5/7
defender bonus (FC-1).

Targets are (player, fighter) pairs; fighter 0 is the Leader, 1..5 the Character spaces.
"""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.effect_params import Effect
from sim.first_cycle.cardspec import Ability

Target = tuple[int, int]


# --------------------------------------------------------------------------- conditions
def condition_holds(state, player: int, fighter: int, ability: Ability) -> bool:
    """Whether every key of the ability's condition holds for `player` (source `fighter`)."""
    if not ability.condition:
        return True
    pl = state.players[player]
    cards = state.cards
    for key, value in ability.condition:
        if key == "team_link":
            ok = cards[pl.leader].color == value or any(
                cards[pl.card[f]].color == value for f in range(1, 6)
                if pl.card[f] >= 0 and f != fighter)
        elif key == "cross_team":
            colors = {cards[pl.card[f]].color for f in range(1, 6) if pl.card[f] >= 0}
            ok = (len(colors) >= 2) == bool(value)
        elif key == "trait_count":
            spec = dict(value)
            n = sum(1 for f in range(1, 6)
                    if pl.card[f] >= 0 and spec["trait"] in cards[pl.card[f]].traits)
            ok = n >= spec["min"]
        elif key == "target_exhausted":
            ok = _last_target_exhausted(state) == bool(value)
        elif key == "leader_hp_at_most":
            ok = pl.hp <= value
        else:  # validated on load; a new key must be added here
            raise KeyError(f"unknown condition {key!r}")
        if not ok:
            return False
    return True


def _last_target_exhausted(state) -> bool:
    """The previous step's target is still the same card in play and is exhausted."""
    lt = state.last_target
    if lt is None:
        return False
    player, fighter, uid = lt
    pl = state.players[player]
    return pl.card[fighter] >= 0 and pl.uid[fighter] == uid and pl.exhausted[fighter]


# --------------------------------------------------------------------------- power
@dataclass(frozen=True)
class PassiveBonus:
    """A `power_bonus` passive, pre-parsed once per game (the hot path reads fields, not tuples)."""

    amount: int
    applies: str
    when: str
    trait: str | None
    ability: Ability


def parse_passives(spec) -> tuple[PassiveBonus, ...]:
    """The pre-parsed `power_bonus` passives of a card spec."""
    return tuple(PassiveBonus(a.param("amount"), a.param("applies"), a.param("when"),
                              spec.traits[0] if spec.traits else None, a)
                 for a in spec.abilities if a.trigger == "passive")


def battle_self(bonuses: tuple[PassiveBonus, ...]) -> bool:
    """Whether a card has passives and every one adds to the card itself only while it attacks
    or defends, with no condition (a Leader's or a Character's own battle bonus)."""
    return bool(bonuses) and all(b.applies == "self" and b.when in ("attacking", "defending")
                                 and not b.ability.condition for b in bonuses)


def _active_bonuses(state, player: int) -> list[tuple[int, PassiveBonus]]:
    """(source fighter, bonus) of every passive whose situation and condition hold now."""
    pl = state.players[player]
    passives = state.game.passives
    battle = state.battle
    mine = player == state.active
    out = []
    for g, src in enumerate(pl.card):
        if src < 0:
            continue
        bonuses = passives[src]
        if not bonuses:
            continue
        for b in bonuses:
            when = b.when
            if when == "my_turn" and not mine:
                continue
            if when == "attacking" and (battle is None or not mine):
                continue
            if when == "defending" and (battle is None or mine):
                continue
            if not b.ability.condition or condition_holds(state, player, g, b.ability):
                out.append((g, b))
    return out


def _bonus_to(state, player: int, fighter: int, source: int, b: PassiveBonus) -> int:
    applies = b.applies
    if applies == "self":
        if source != fighter:
            return 0
    elif applies == "own_leader":
        if fighter != 0:
            return 0
    elif fighter == 0:
        return 0
    elif applies == "allies_with_trait":
        # "Your X Characters": the source, a Character of that trait, is one of them.
        if b.trait is None or b.trait not in state.cards[state.players[player].card[fighter]].traits:
            return 0
    elif fighter == source:  # other_allies: "your other Characters"
        return 0
    when = b.when
    if when == "attacking" and state.battle[0] != fighter:
        return 0
    if when == "defending" and state.battle[1] != fighter:
        return 0
    return b.amount


def _base_power(state, player: int, fighter: int, bonuses, own: int = 0) -> int:
    pl = state.players[player]
    params = state.params
    value = params.leader_power if fighter == 0 else state.cards[pl.card[fighter]].power
    value += pl.mod_turn[fighter] + pl.mod_battle[fighter] + own
    if player == state.active:
        value += pl.attached[fighter] * params.attached_ram_power
    for g, b in bonuses:
        value += _bonus_to(state, player, fighter, g, b)
    battle = state.battle
    if (fighter == 0 and battle is not None and player != state.active and battle[1] == 0
            and player != state.first_player and state.turn in params.defender_bonus_turns):
        value += params.defender_bonus
    return value if value > 0 else 0


def power(state, player: int, fighter: int) -> int:
    """Current Power of a fighter: printed, attached RAM, modifiers, passives, bonus; floor 0.

    `scanned_power` with the scan of the side's passives skipped when none may apply now
    but the fighters' own battle bonuses (the game's per-card tables), which are then added
    to the attacker or the target directly."""
    card = state.players[player].card
    if card[fighter] < 0:
        return 0
    game = state.game
    battle = state.battle
    if battle is None:
        hp = game.passive_own_turn if player == state.active else game.passive_always
        own = 0
    elif player == state.active:
        hp = game.passive_attacking
        own = game.self_attacking[card[fighter]] if fighter == battle[0] else 0
    else:
        hp = game.passive_defending
        own = game.self_defending[card[fighter]] if fighter == battle[1] else 0
    c0, c1, c2, c3, c4, c5 = card
    if hp[c0] or hp[c1] or hp[c2] or hp[c3] or hp[c4] or hp[c5]:
        return _base_power(state, player, fighter, _active_bonuses(state, player))
    return _base_power(state, player, fighter, (), own)


def scanned_power(state, player: int, fighter: int) -> int:
    """`power` with every passive of the side scanned, no shortcut: the definition `power` and
    `powers` are tested against."""
    if state.players[player].card[fighter] < 0:
        return 0
    return _base_power(state, player, fighter, _active_bonuses(state, player))


def powers(state, player: int) -> list[int]:
    """The Power of each of a player's six fighters (0 for an empty space), in one pass.

    The same sum as `power` (printed or Leader power, modifiers, attached RAM on its
    controller's turn, passives, the defender bonus, floor 0), unrolled over the six
    spaces: observations call this for both seats at every step. Each active passive adds
    its amount to the fighters it reaches (the cases of `_bonus_to`)."""
    pl = state.players[player]
    c0, c1, c2, c3, c4, c5 = card = pl.card
    game = state.game
    params = state.params
    printed = game.printed_power
    t0, t1, t2, t3, t4, t5 = pl.mod_turn
    b0, b1, b2, b3, b4, b5 = pl.mod_battle
    if player == state.active:
        ram = params.attached_ram_power
        a0, a1, a2, a3, a4, a5 = pl.attached
        out = [params.leader_power + t0 + b0 + a0 * ram if c0 >= 0 else 0,
               printed[c1] + t1 + b1 + a1 * ram if c1 >= 0 else 0,
               printed[c2] + t2 + b2 + a2 * ram if c2 >= 0 else 0,
               printed[c3] + t3 + b3 + a3 * ram if c3 >= 0 else 0,
               printed[c4] + t4 + b4 + a4 * ram if c4 >= 0 else 0,
               printed[c5] + t5 + b5 + a5 * ram if c5 >= 0 else 0]
    else:
        out = [params.leader_power + t0 + b0 if c0 >= 0 else 0,
               printed[c1] + t1 + b1 if c1 >= 0 else 0,
               printed[c2] + t2 + b2 if c2 >= 0 else 0,
               printed[c3] + t3 + b3 if c3 >= 0 else 0,
               printed[c4] + t4 + b4 if c4 >= 0 else 0,
               printed[c5] + t5 + b5 if c5 >= 0 else 0]
    battle = state.battle
    if battle is None:
        hp = game.passive_own_turn if player == state.active else game.passive_always
    elif player == state.active:
        hp = game.passive_attacking
    else:
        hp = game.passive_defending
    if not (hp[c0] or hp[c1] or hp[c2] or hp[c3] or hp[c4] or hp[c5]):
        if battle is not None:  # only cards' own battle bonuses may apply: the fighter's own
            if player == state.active:
                f = battle[0]
                out[f] += game.self_attacking[card[f]]
            else:
                f = battle[1]
                out[f] += game.self_defending[card[f]]
    else:
        for g, b in _active_bonuses(state, player):
            applies = b.applies
            when = b.when
            if applies == "self":
                reached: tuple[int, ...] | list[int] = (g,)
            elif applies == "own_leader":
                reached = (0,)
            elif applies == "allies_with_trait":
                trait = b.trait
                if trait is None:
                    continue
                cards = state.cards
                reached = [t for t in range(1, 6) if card[t] >= 0 and trait in cards[card[t]].traits]
            else:
                reached = [t for t in range(1, 6) if t != g and card[t] >= 0]
            for t in reached:
                if card[t] < 0:
                    continue
                if when == "attacking" and battle[0] != t:
                    continue
                if when == "defending" and battle[1] != t:
                    continue
                out[t] += b.amount
    if (battle is not None and player != state.active and battle[1] == 0
            and player != state.first_player and state.turn in params.defender_bonus_turns):
        out[0] += params.defender_bonus
    o0, o1, o2, o3, o4, o5 = out
    if o0 < 0 or o1 < 0 or o2 < 0 or o3 < 0 or o4 < 0 or o5 < 0:
        return [v if v > 0 else 0 for v in out]
    return out


# --------------------------------------------------------------------------- effects
def target_candidates(state, player: int, fighter: int, uid: int, ability: Ability) -> list[Target]:
    """Legal targets of a targeted effect (`self` and `own_leader` need no choice)."""
    kind = ability.param("target")
    me = state.players[player]
    opp_i = 1 - player
    opp = state.players[opp_i]
    effect = ability.effect
    if kind == "self":
        return [(player, fighter)] if fighter >= 0 and me.card[fighter] >= 0 and me.uid[fighter] == uid else []
    if kind == "own_leader":
        return [(player, 0)]
    if kind == "own_fighter":
        out = [(player, f) for f in range(6) if me.card[f] >= 0]
    elif kind == "own_character":
        out = [(player, f) for f in range(1, 6) if me.card[f] >= 0]
    elif kind == "opposing_character":
        out = [(opp_i, f) for f in range(1, 6) if opp.card[f] >= 0]
    elif kind == "opposing_exhausted_character":
        out = [(opp_i, f) for f in range(1, 6) if opp.card[f] >= 0 and opp.exhausted[f]]
    else:
        raise KeyError(f"unknown target {kind!r}")
    if effect == "exhaust":
        out = [t for t in out if not state.players[t[0]].exhausted[t[1]]]
    elif effect == "ready":
        out = [t for t in out if state.players[t[0]].exhausted[t[1]]]
    elif effect == "ko":
        limit = ability.param("max_power")
        out = [t for t in out if power(state, t[0], t[1]) <= limit]
    return out


def _resolve_power(state, player: int, ability: Ability, target: Target) -> None:
    tp, tf = target
    pl = state.players[tp]
    if ability.param("duration") == "battle":
        if state.battle is not None:
            pl.mod_battle[tf] += ability.param("amount")
    else:
        pl.mod_turn[tf] += ability.param("amount")


def _resolve_exhaust(state, player: int, ability: Ability, target: Target) -> None:
    state.players[target[0]].exhausted[target[1]] = True


def _resolve_ready(state, player: int, ability: Ability, target: Target) -> None:
    state.players[target[0]].exhausted[target[1]] = False


def _resolve_ko(state, player: int, ability: Ability, target: Target) -> None:
    state.knock_out(target[0], target[1])


EFFECTS: dict[str, Effect] = {
    "draw": Effect(run=lambda s, p, f, u, a: s.draw(p, a.param("n"))),
    "scan": Effect(run=lambda s, p, f, u, a: s.scan(p, a.param("n"))),
    "cycle": Effect(run=lambda s, p, f, u, a: s.offer_cycle(p)),
    "heal": Effect(run=lambda s, p, f, u, a: s.heal(p, a.param("amount"))),
    "damage_leader": Effect(run=lambda s, p, f, u, a: s.damage_leader(1 - p, a.param("amount"))),
    "install_ram": Effect(run=lambda s, p, f, u, a: s.install_ram(p, a.param("n"))),
    "ready_ram": Effect(run=lambda s, p, f, u, a: s.ready_ram(p, a.param("n"))),
    "power": Effect(candidates=target_candidates, resolve=_resolve_power),
    "exhaust": Effect(candidates=target_candidates, resolve=_resolve_exhaust),
    "ready": Effect(candidates=target_candidates, resolve=_resolve_ready),
    "ko": Effect(candidates=target_candidates, resolve=_resolve_ko),
}
