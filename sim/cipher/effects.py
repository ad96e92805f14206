"""The registry of named FE Cipher effects, skill conditions and a unit's power.

Cards name an effect and its params (cardspec.EFFECT_PARAMS); this module gives each name
its behaviour. The rules code dispatches through `EFFECTS` and never branches on a card.

Rules implemented here (fe_cipher.md "Battle Steps", "Action Phase", "Special Notes";
rulings FE-5 and ours FE-13, FE-16, FE-20): a unit's power is its top card's power, plus
"until end of turn" modifiers, continuous skills whose condition holds, and in a battle
the battle modifiers and the support power of a support card of ANOTHER character name
(FE-5: a card of the same name adds nothing); a critical multiplies the attacker's
whole power, support included; power never goes below zero. Targeted effects with no
legal target do nothing ("resolve as much as possible", FE-13); "destroy" may pick a MC,
which then costs its owner an orb (Special Notes).

Targets are (player, uid) pairs; a unit's index is looked up from its uid when used.
"""
from __future__ import annotations

from sim.cipher.cardspec import Skill
from sim.core.effect_params import Effect

Target = tuple[int, int]


# --------------------------------------------------------------------------- battle helpers
def battle_opponent(state, player: int, i: int) -> tuple[int, int]:
    """(player, index) of the unit fighting unit `i` of `player` in the current battle, or (-1, -1)."""
    if state.b_att < 0:
        return -1, -1
    uid = state.players[player].u_uid[i]
    other = 1 - player
    if player == state.active and uid == state.b_att:
        return other, state.players[other].index_of(state.b_def)
    if player != state.active and uid == state.b_def:
        return other, state.players[other].index_of(state.b_att)
    return -1, -1


def battle_unit(state, player: int) -> int:
    """The index of `player`'s unit in the current battle (attacker or defender), or -1."""
    if state.b_att < 0:
        return -1
    uid = state.b_att if player == state.active else state.b_def
    return state.players[player].index_of(uid)


# --------------------------------------------------------------------------- conditions
def condition_holds(state, player: int, src: int, skill: Skill, target: int = -1) -> bool:
    """Whether every key of the skill's condition holds (source unit index `src`, -1 if none)."""
    if not skill.condition:
        return True
    pl = state.players[player]
    g = state.game
    for key, value in skill.condition:
        if key == "min_bonds":
            ok = len(pl.bonds) >= value
        elif key == "is_mc":
            ok = src >= 0 and pl.u_uid[src] == pl.mc
        elif key == "line":
            ok = src >= 0 and pl.u_front[src] == (value == "front")
        elif key == "promoted":
            ok = src >= 0 and pl.u_promoted[src]
        elif key == "ally_character":
            ch = g.char_id[value]
            ok = any(c == ch and j != src for j, c in enumerate(pl.u_char))
        elif key == "vs_type":
            unit = target if target >= 0 else src
            ok = False
            if unit >= 0:
                op, oi = battle_opponent(state, player, unit)
                if oi >= 0:
                    ok = value in g.types[state.players[op].u_stack[oi][-1]]
        elif key == "target_type":
            ok = target >= 0 and value in g.types[pl.u_stack[target][-1]]
        else:  # validated on load; a new key must be added here
            raise KeyError(f"unknown condition {key!r}")
        if not ok:
            return False
    return True


# --------------------------------------------------------------------------- power
def support_power(state, player: int, i: int) -> int:
    """What `player`'s support card adds to unit `i` (nothing from its own character name, FE-5)."""
    pl = state.players[player]
    s = pl.support
    if s < 0:
        return 0
    g = state.game
    return 0 if g.char[s] == pl.u_char[i] else g.support[s]


def power(state, player: int, i: int) -> int:
    """Current power of unit `i` of `player` (see the module docstring); never below zero."""
    pl = state.players[player]
    g = state.game
    v = g.power[pl.u_stack[i][-1]] + pl.u_mod[i]
    bonuses = g.power_bonuses
    for j, st in enumerate(pl.u_stack):
        skills = bonuses[st[-1]]
        if skills:
            for applies, when, amount, sk in skills:
                if _bonus_applies(state, player, j, i, applies, when, sk):
                    v += amount
    if state.b_att >= 0:
        uid = pl.u_uid[i]
        if player == state.active:
            if uid == state.b_att:
                v += state.b_att_mod + support_power(state, player, i)
                v = max(v, 0)
                return v * state.params.critical_multiplier if state.b_crit else v
        elif uid == state.b_def:
            v += state.b_def_mod + support_power(state, player, i)
    return max(0, v)


def _bonus_applies(state, player: int, src: int, target: int, applies: object, when: object,
                   sk: Skill) -> bool:
    """Whether a `power_bonus` continuous skill on unit `src` (its `applies` and `when` params
    given) applies to unit `target` now."""
    pl = state.players[player]
    if applies == "self":
        if src != target:
            return False
    elif applies == "other_allies":
        if src == target:
            return False
    elif applies == "mc" and pl.u_uid[target] != pl.mc:
        return False
    if when == "attacking":
        if state.b_att < 0 or player != state.active or pl.u_uid[target] != state.b_att:
            return False
    elif when == "defending":
        if state.b_att < 0 or player == state.active or pl.u_uid[target] != state.b_def:
            return False
    elif when == "my_turn":
        if player != state.active:
            return False
    elif when == "opponent_turn" and player == state.active:
        return False
    return condition_holds(state, player, src, sk, target)


# --------------------------------------------------------------------------- effects
def target_candidates(state, player: int, src_uid: int, skill: Skill) -> list[Target]:
    """Legal targets of a targeted effect, as (player, uid) pairs."""
    effect = skill.effect
    me = state.players[player]
    opp_i = 1 - player
    opp = state.players[opp_i]
    g = state.game
    if effect == "destroy":
        limit = skill.param("max_cost")
        return [(opp_i, u) for k, u in enumerate(opp.u_uid) if g.cost[opp.u_stack[k][-1]] <= limit]
    if effect == "tap":
        return [(opp_i, u) for k, u in enumerate(opp.u_uid) if not opp.u_tapped[k]]
    kind = skill.param("target")
    if kind == "self":
        out = [(player, src_uid)] if src_uid >= 0 and me.index_of(src_uid) >= 0 else []
    elif kind == "supported":
        i = battle_unit(state, player)
        out = [(player, me.u_uid[i])] if i >= 0 else []
    elif kind == "ally":
        out = [(player, u) for u in me.u_uid]
    elif kind == "other_ally":
        out = [(player, u) for u in me.u_uid if u != src_uid]
    elif kind == "enemy":
        out = [(opp_i, u) for u in opp.u_uid]
    else:
        raise KeyError(f"unknown target {kind!r}")
    if effect == "untap":
        out = [t for t in out if state.players[t[0]].u_tapped[state.players[t[0]].index_of(t[1])]]
    return out


def _resolve_power(state, player: int, skill: Skill, target: Target) -> None:
    tp, uid = target
    amount = skill.param("amount")
    if skill.param("duration") == "battle":
        if uid == state.b_att and tp == state.active:
            state.b_att_mod += amount
        elif uid == state.b_def and tp != state.active:
            state.b_def_mod += amount
    else:
        pl = state.players[tp]
        pl.u_mod[pl.index_of(uid)] += amount
    state._events.append(("power", tp, uid, amount))


def _resolve_destroy(state, player: int, skill: Skill, target: Target) -> None:
    tp, uid = target
    state.destroy(tp, state.players[tp].index_of(uid), by_battle=False)


def _resolve_tap(state, player: int, skill: Skill, target: Target) -> None:
    tp, uid = target
    pl = state.players[tp]
    pl.u_tapped[pl.index_of(uid)] = True
    state._events.append(("tap", tp, uid))


def _resolve_untap(state, player: int, skill: Skill, target: Target) -> None:
    tp, uid = target
    pl = state.players[tp]
    pl.u_tapped[pl.index_of(uid)] = False
    state._events.append(("untap", tp, uid))


def _resolve_move(state, player: int, skill: Skill, target: Target) -> None:
    tp, uid = target
    pl = state.players[tp]
    i = pl.index_of(uid)
    pl.u_front[i] = not pl.u_front[i]
    state._events.append(("moved", tp, uid, "front" if pl.u_front[i] else "rear"))


EFFECTS: dict[str, Effect] = {
    "draw": Effect(run=lambda s, p, u, sk: s.draw(p, sk.param("n"))),
    "flip_bonds": Effect(run=lambda s, p, u, sk: s.flip_bonds(p, sk.param("n"))),
    "retrieve": Effect(run=lambda s, p, u, sk: s.retrieve(p, sk.param("max_cost"))),
    "bond_from_deck": Effect(run=lambda s, p, u, sk: s.bond_from_deck(p, sk.param("n"))),
    "power": Effect(candidates=target_candidates, resolve=_resolve_power),
    "destroy": Effect(candidates=target_candidates, resolve=_resolve_destroy),
    "tap": Effect(candidates=target_candidates, resolve=_resolve_tap),
    "untap": Effect(candidates=target_candidates, resolve=_resolve_untap),
    "move": Effect(candidates=target_candidates, resolve=_resolve_move),
}
