"""Scenario dicts: `state_to_dict` and `state_from_dict` (round trips and rule tests, C-4).

A scenario names only what matters; everything else takes a default. Cards are names
(or numbers); slots are labels ("S2"); seats are 0-based:

    {"cycle": 3, "lead": 0, "phase": "battle", "slot": "S2", "seed": 7,
     "seats": [
        {"cdx": 40, "hand": ["Synth Drone"], "tx_hand": ["Siphon"], "staged": ["Grid Warden"],
         "board": {"S2": {"anchor": 1, "units": ["Pulse Lancer", {"card": "Synth Drone", "bp": 5}]}}},
        {"deck": "greys", "board": {"S2": {"anchor": {"level": 0, "bp": 10}, "units": ["Grey Scout"]}}}]}

Phases: "start" (the top of the cycle: Echoes, Income), "summon", "deploy" (with "actor",
default the lead), "battle" (from "slot", default S1 onward), "recovery", "results".
`state_to_dict` writes the exact form: each seat's instance table (`cards`), zones as unit
indices, the task stack, the pending choice and the generator; `state_from_dict` reads both.
A seat's `deck` is a shipped deck's name or a deck dict. A unit's `struck` defaults to
whether it has acted (`used`). Unknown keys and positions that cannot be played on (see
scenario_flow.py for the decision, tasks and end) raise InvalidScenarioError naming the key.
"""
from __future__ import annotations

from array import array
from functools import partialmethod
from typing import Any

from sim.core.errors import InvalidDeckError, InvalidParamsError, InvalidScenarioError
from sim.core.scenario_fields import bool_field as _bool
from sim.core.scenario_fields import check_header, pending_choice, scenario_rng, task_stack
from sim.core.scenario_fields import check_keys as _keys
from sim.core.scenario_fields import int_field as _int
from sim.core.scenario_fields import to_lists as _lists
from sim.core.seeding import rng_state
from sim.xenodex.scenario_flow import check_flow
from sim.xenodex.state import DECK, DENIED, GONE, HAND, NONE, RALLIED, READY, STAGED, STRUCK

_TOP = {"game", "params", "players", "cycle", "lead", "phase", "actor", "slot", "seed", "rng",
        "seats", "echo", "echo_slot", "echo_deck", "echo_discard", "fields", "start_control",
        "proven", "siege", "ancients", "tasks", "pending", "battle", "winner", "end_reason", "done",
        "board_order"}
_SEAT = {"deck", "cdx", "cards", "hand", "library", "staged", "discard", "board", "staged_anchors",
         "pool", "tx_hand", "tx_library", "tx_discard", "tx_left", "starved", "buff"}
_SLOT = {"anchor", "units"}
_UNIT = {"card", "unit", "bp", "used", "denied", "rallied", "struck", "ready"}
_ANCHOR = {"level", "bp"}
_PHASES = ("start", "summon", "deploy", "battle", "recovery", "results")
_TASKS = {"strike_turn", "turn", "battle_next", "recovery", "results", "cycle_start"}
_PENDING = {"summon", "deploy", "strike", "recovery", "actor", "cleave", "ability", "tx"}


# ----------------------------------------------------------------------------- to dict
def state_to_dict(s) -> dict[str, Any]:
    """A JSON-friendly dict of the whole state, generator included (round-trips exactly)."""
    g = s.game
    cs = g.cards
    S = g.slot_labels
    n, K, D = s.n, s.K, s.D
    seats = []
    for q in range(n):
        base = q * D
        cards = [g.u_name[s.card[base + i]] if s.loc[base + i] != NONE else None for i in range(D)]
        board = {}
        for k in range(K):
            units = [{"unit": j - base, "bp": s.bp[j], "used": s.used[j],
                      "denied": bool(s.flags[j] & DENIED), "rallied": bool(s.flags[j] & RALLIED),
                      "struck": bool(s.flags[j] & STRUCK), "ready": bool(s.flags[j] & READY)}
                     for j in s.board[k] if j // D == q]
            idx = q * K + k
            entry: dict[str, Any] = {}
            if s.alvl[idx] >= 0:
                entry["anchor"] = {"level": s.alvl[idx], "bp": s.abp[idx]}
            if units:
                entry["units"] = units
            if entry:
                board[S[k]] = entry
        seats.append({
            "deck": s.decks[q], "cdx": s.cdx[q], "cards": cards,
            "hand": [i - base for i in s.hand[q]], "library": [i - base for i in reversed(s.deck[q])],
            "staged": [i - base for i in s.staged[q]], "discard": [i - base for i in s.discard[q]],
            "board": board, "staged_anchors": s.astaged[q], "pool": s.pool[q],
            "tx_hand": [cs.transmissions[t].name for t in s.tx_hand[q]],
            "tx_library": [cs.transmissions[t].name for t in reversed(s.tx_deck[q])],
            "tx_discard": [cs.transmissions[t].name for t in s.tx_disc[q]],
            "tx_left": s.tx_left[q], "starved": s.starved[q],
            "buff": {S[k]: {"str": s.bstr[q * K + k], "def": s.bdef[q * K + k]}
                     for k in range(K) if s.bstr[q * K + k] or s.bdef[q * K + k]},
        })
    ancients = []
    for a in range(n * D, len(s.loc)):
        if s.loc[a] != NONE:
            ancients.append({"unit": a - n * D, "card": g.u_name[s.card[a]],
                             "slot": S[s.loc[a]] if s.loc[a] >= 0 else None,
                             "bp": s.bp[a], "used": s.used[a], "denied": bool(s.flags[a] & DENIED)})
    return {
        "game": "xenodex", "params": s.params.to_dict(), "players": n, "cycle": s.cycle,
        "lead": s.lead, "phase": s.phase, "winner": s.winner, "end_reason": s.end_reason,
        "done": s.done, "seats": seats, "ancients": ancients,
        "board_order": {S[k]: [[j // D, j % D] for j in s.board[k]] for k in range(K) if s.board[k]},
        "echo": cs.echoes[s.echo].name if s.echo else None, "echo_slot": s.echo_slot,
        "echo_deck": [cs.echoes[e].name for e in reversed(s.echo_deck)],
        "echo_discard": [cs.echoes[e].name for e in s.echo_disc],
        "fields": {"str": s.fstr, "def": s.fdef},
        "start_control": list(s.start_ctrl), "proven": list(s.proven), "siege": list(s.siege),
        "battle": {"slot": s.bslot, "stage": s.bstage, "pointer": s.bptr, "passed": s.bpassed},
        "tasks": _lists(s.tasks), "pending": _lists(s.pending), "rng": _rng_dict(rng_state(s.rng)),
    }


def _rng_dict(st: dict) -> dict:
    return {**st, "state": dict(st["state"])}


# ----------------------------------------------------------------------------- from dict
def _list(d: dict, key: str, where: str) -> list:
    v = d.get(key, [])
    if not isinstance(v, list):
        raise InvalidScenarioError(f"{where}.{key}: expected a list, got {type(v).__name__}")
    return v


class _Builder:
    """Turns one scenario into a state, naming the key of any problem."""

    def __init__(self, game, data: dict) -> None:
        self.g = game
        self.cs = game.cards
        self.data = data
        self.slots = {lab: k for k, lab in enumerate(game.slot_labels)}

    def slot(self, ref: Any, where: str) -> int:
        if isinstance(ref, str) and ref in self.slots:
            return self.slots[ref]
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < self.g.K:
            return ref
        raise InvalidScenarioError(f"{where}: unknown slot {ref!r}; slots: {list(self.slots)}")

    def card(self, kind: str, ref: Any, where: str) -> int:
        """The number of a card of `kind` named by `ref` (see XenodexCards.number)."""
        c = self.cs.number(kind, ref)
        if c is None:
            raise InvalidScenarioError(f"{where}: unknown {kind} {ref!r}")
        return c

    character = partialmethod(card, "character")
    tx = partialmethod(card, "transmission")
    echo = partialmethod(card, "echo")

    # -------------------------------------------------------------- seats
    def seat(self, s, q: int, d: dict) -> None:
        g = self.g
        where = f"seats[{q}]"
        _keys(d, _SEAT, where)
        D, K = g.D, g.K
        base = q * D
        s.cdx[q] = _int(d, "cdx", s.params.starting_cdx, 0, 10**9, where)
        exact = "cards" in d
        table: list[int] = [0] * D
        used_units: set[int] = set()
        next_free = [0]
        if exact:
            cards = _list(d, "cards", where)
            if len(cards) > D:
                raise InvalidScenarioError(f"{where}.cards: at most {D} characters, got {len(cards)}")
            for i, ref in enumerate(cards):
                if ref is not None:
                    table[i] = self.character(ref, f"{where}.cards[{i}]")

        def unit(ref: Any, w: str) -> int:
            """A local unit index: given (exact form) or a new instance for a card name."""
            if exact:
                if isinstance(ref, bool) or not isinstance(ref, int) or not 0 <= ref < D or not table[ref]:
                    raise InvalidScenarioError(f"{w}: expected the index of a card in 'cards', got {ref!r}")
                i = ref
            else:
                c = self.character(ref, w)
                if next_free[0] >= D:
                    raise InvalidScenarioError(f"{w}: seat {q} lists more than {D} characters")
                i = next_free[0]
                next_free[0] += 1
                table[i] = c
            if i in used_units:
                raise InvalidScenarioError(f"{w}: unit #{i} is listed in two places")
            used_units.add(i)
            return i

        board = d.get("board", {})
        _keys(board, set(self.slots), f"{where}.board")
        placed: list[tuple[int, int, dict]] = []
        for lab, entry in board.items():
            k = self.slots[lab]
            w = f"{where}.board.{lab}"
            _keys(entry, _SLOT, w)
            if "anchor" in entry and entry["anchor"] is not None:
                a = entry["anchor"]
                if isinstance(a, int) and not isinstance(a, bool):
                    a = {"level": a}
                _keys(a, _ANCHOR, f"{w}.anchor")
                lvl = _int(a, "level", 0, 0, g.max_level, f"{w}.anchor")
                s.alvl[q * K + k] = lvl
                s.abp[q * K + k] = _int(a, "bp", g.anchor_bp[lvl], 0, g.anchor_bp[lvl], f"{w}.anchor")
            for x, u in enumerate(_list(entry, "units", w)):
                uw = f"{w}.units[{x}]"
                spec = u if isinstance(u, dict) else {"card" if not exact else "unit": u}
                _keys(spec, _UNIT, uw)
                ref = spec.get("unit") if exact else spec.get("card")
                if ref is None:
                    raise InvalidScenarioError(f"{uw}: missing {'unit' if exact else 'card'}")
                i = unit(ref, uw)
                placed.append((k, base + i, spec))
        zones = {}
        for key in ("hand", "library", "staged", "discard"):
            zones[key] = [base + unit(ref, f"{where}.{key}[{x}]")
                          for x, ref in enumerate(_list(d, key, where))]
        s.card[base:base + D] = array("i", table)
        for i in range(D):
            if table[i]:
                s.bp[base + i] = g.u_bp[table[i]]
                s.loc[base + i] = DECK if exact else NONE
        for k, j, spec in placed:
            uw = f"{where}.board.{g.slot_labels[k]}"
            top = g.u_bp[s.card[j]]
            s.bp[j] = _int(spec, "bp", top, 1, top, uw)
            s.used[j] = _int(spec, "used", 0, 0, 10, uw)
            # "struck" defaults to whether it has acted: a short scenario's "used" means it struck
            s.flags[j] = (DENIED if _bool(spec, "denied", False, uw) else 0) | \
                         (RALLIED if _bool(spec, "rallied", False, uw) else 0) | \
                         (STRUCK if _bool(spec, "struck", s.used[j] > 0, uw) else 0) | \
                         (READY if _bool(spec, "ready", False, uw) else 0)
            s.loc[j] = k
            s.board[k].append(j)
        s.hand[q] = zones["hand"]
        s.deck[q] = zones["library"][::-1]
        s.staged[q] = zones["staged"]
        s.discard[q] = zones["discard"]
        for j in s.hand[q]:
            s.loc[j] = HAND
        for j in s.deck[q]:
            s.loc[j] = DECK
        for j in s.staged[q]:
            s.loc[j] = STAGED
        for j in s.discard[q]:
            s.loc[j] = GONE
            s.bp[j] = 0
        if exact:
            for i in range(D):
                if table[i] and i not in used_units:
                    raise InvalidScenarioError(f"{where}.cards[{i}]: unit #{i} is in no zone")
        pool = g.params.anchor_pool
        s.astaged[q] = _int(d, "staged_anchors", 0, 0, pool, where)
        live = sum(1 for k in range(K) if s.alvl[q * K + k] >= 0)
        s.pool[q] = _int(d, "pool", max(0, pool - live - s.astaged[q]), 0, pool, where)
        if s.pool[q] + s.astaged[q] + live > pool:
            key = "pool" if "pool" in d else "staged_anchors" if "staged_anchors" in d else "board"
            raise InvalidScenarioError(
                f"{where}.{key}: {s.pool[q]} anchors in the pool, {s.astaged[q]} staged and {live} on the "
                f"board are more than the {pool} a player has (XD-2)")
        s.tx_hand[q] = [self.tx(t, f"{where}.tx_hand[{x}]") for x, t in enumerate(_list(d, "tx_hand", where))]
        s.tx_deck[q] = [self.tx(t, f"{where}.tx_library[{x}]")
                        for x, t in enumerate(_list(d, "tx_library", where))][::-1]
        s.tx_disc[q] = [self.tx(t, f"{where}.tx_discard[{x}]")
                        for x, t in enumerate(_list(d, "tx_discard", where))]
        s.tx_left[q] = _int(d, "tx_left", g.params.tx_plays if s.tx_hand[q] else 0, 0, g.params.tx_plays, where)
        s.starved[q] = _bool(d, "starved", False, where)
        buff = d.get("buff", {})
        _keys(buff, set(self.slots), f"{where}.buff")
        for lab, b in buff.items():
            _keys(b, {"str", "def"}, f"{where}.buff.{lab}")
            k = self.slots[lab]
            s.bstr[q * K + k] = _int(b, "str", 0, -99, 99, f"{where}.buff.{lab}")
            s.bdef[q * K + k] = _int(b, "def", 0, -99, 99, f"{where}.buff.{lab}")

    def ancients(self, s, entries: list) -> None:
        g = self.g
        base = g.n * g.D
        if entries and not g.params.ancients:
            raise InvalidScenarioError("scenario.ancients: the game's 'ancients' param is off")
        for x, e in enumerate(entries):
            w = f"scenario.ancients[{x}]"
            _keys(e, {"unit", "card", "slot", "bp", "used", "denied"}, w)
            a = base + _int(e, "unit", x, 0, g.params.max_ancients - 1, w)
            if s.loc[a] != NONE:
                raise InvalidScenarioError(f"{w}.unit: Ancient #{a - base} is listed twice")
            c = self.cs.ancient_number(e.get("card"))
            if c is None:
                raise InvalidScenarioError(f"{w}.card: unknown Ancient {e.get('card')!r}")
            u = g.C + c
            s.card[a] = u
            top = g.u_bp[u]
            slot = e.get("slot")
            if slot is None:
                s.loc[a] = GONE
                s.bp[a] = _int(e, "bp", 0, 0, top, w)
            else:
                k = self.slot(slot, f"{w}.slot")
                s.loc[a] = k
                s.board[k].append(a)
                s.bp[a] = _int(e, "bp", top, 1, top, w)
            s.used[a] = _int(e, "used", 0, 0, 10, w)
            s.flags[a] = DENIED if _bool(e, "denied", False, w) else 0


def deck_of(game, d: Any, q: int) -> str:
    """The deck name of seat q's entry `d`: a shipped deck's name, or a deck dict (validated
    as `game.deck_spec` does); the default deck when absent."""
    where = f"seats[{q}]"
    _keys(d, _SEAT, where)
    deck = d.get("deck", game.default_decks()[q])
    if isinstance(deck, dict):
        try:
            return game.deck_spec(deck).name
        except InvalidDeckError as err:
            raise InvalidScenarioError(f"{where}.deck: {err}") from None
    if not isinstance(deck, str) or deck not in game.cards.decks:
        raise InvalidScenarioError(f"{where}.deck: unknown deck {deck!r}; known decks: {game.deck_names()} "
                                   f"(or a deck dict)")
    return deck


def state_from_dict(game, data: dict):
    """A XenodexState from a scenario or `state_to_dict` output (validated, C-4)."""
    try:
        check_header(data, game, _TOP)
    except InvalidParamsError as err:
        raise InvalidScenarioError(f"scenario.params: {err}") from None
    g = game
    n = g.n
    if "players" in data and data["players"] != n:
        raise InvalidScenarioError(f"scenario.players: {data['players']!r} but the game has {n} players")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise InvalidScenarioError(f"scenario.seats: expected a list of {n} seat dicts")
    b = _Builder(g, data)
    names = [deck_of(g, d, q) for q, d in enumerate(seats)]
    s = g.blank_state(names)
    s.cycle = _int(data, "cycle", 1, 1, g.params.cycle_limit + g.params.overtime_cycles, "scenario")
    s.lead = _int(data, "lead", 0, 0, n - 1, "scenario")
    for q, d in enumerate(seats):
        b.seat(s, q, d)
    b.ancients(s, _list(data, "ancients", "scenario"))
    if "board_order" in data:
        order = data["board_order"]
        _keys(order, set(b.slots), "scenario.board_order")
        for lab, units in order.items():
            k = b.slots[lab]
            ok = isinstance(units, list) and all(
                isinstance(u, list) and len(u) == 2 and all(type(x) is int for x in u) for u in units)
            want = [q * g.D + i for q, i in units] if ok else None
            if want is None or sorted(want) != sorted(s.board[k]):
                raise InvalidScenarioError(f"scenario.board_order.{lab}: not the units in that slot")
            s.board[k] = want
    e = data.get("echo")
    s.echo = b.echo(e, "scenario.echo") if e is not None else 0
    s.echo_slot = _int(data, "echo_slot", -1, -1, g.K - 1, "scenario")
    fields = data.get("fields", {})
    _keys(fields, {"str", "def"}, "scenario.fields")
    spec = g.echoes[s.echo] if s.echo else None
    s.fstr = _int(fields, "str", spec.param("amount") if spec and spec.effect == "field_str" else 0,
                  -99, 99, "scenario.fields")
    s.fdef = _int(fields, "def", spec.param("amount") if spec and spec.effect == "field_def" else 0,
                  -99, 99, "scenario.fields")
    if "echo_deck" in data:
        listed = _list(data, "echo_deck", "scenario")
        s.echo_deck = [b.echo(x, f"scenario.echo_deck[{i}]") for i, x in enumerate(listed)][::-1]
    else:
        s.echo_deck = list(g.echo_list)
    s.echo_disc = [b.echo(x, f"scenario.echo_discard[{i}]")
                   for i, x in enumerate(_list(data, "echo_discard", "scenario"))]
    for key, attr, default in (("start_control", "start_ctrl", -1), ("proven", "proven", -1)):
        v = data.get(key, [default] * g.K)
        if isinstance(v, dict):
            w = [default] * g.K
            for lab, q in v.items():
                w[b.slot(lab, f"scenario.{key}")] = q
            v = w
        if not isinstance(v, list) or len(v) != g.K or not all(
                isinstance(x, int) and not isinstance(x, bool) and -1 <= x < n for x in v):
            raise InvalidScenarioError(
                f"scenario.{key}: expected {g.K} seats (-1 for none) or {{slot: seat}}")
        setattr(s, attr, list(v))
    siege = data.get("siege", [False] * g.K)
    if isinstance(siege, list) and all(isinstance(x, str) for x in siege) and siege:
        siege = [lab in siege for lab in g.slot_labels]
    if not isinstance(siege, list) or len(siege) != g.K or not all(isinstance(x, bool) for x in siege):
        raise InvalidScenarioError(f"scenario.siege: expected {g.K} booleans or a list of slot labels")
    s.siege = siege
    try:
        s.rng = scenario_rng(data)
    except (OverflowError, AttributeError) as err:
        raise InvalidScenarioError(f"scenario.rng: not a PCG64 state ({err})") from None
    s.winner = _int(data, "winner", -1, -1, n - 1, "scenario")
    s.end_reason = data.get("end_reason", "")
    s.done = _bool(data, "done", False, "scenario")
    if "tasks" in data or "pending" in data:
        _exact_flow(s, data)
    elif s.done:
        s.phase = "over"
    else:
        _start_phase(s, b, data)
    check_flow(s)
    return s


def _exact_flow(s, data: dict) -> None:
    tasks = data.get("tasks", [])
    if not isinstance(tasks, list) or not all(isinstance(t, list) and t and isinstance(t[0], str) for t in tasks):
        raise InvalidScenarioError(f"scenario.tasks: expected a list of tasks [kind, ...], got {tasks!r}")
    s.tasks = task_stack(data, _TASKS)
    pend = data.get("pending")
    if pend is not None and not (isinstance(pend, list) and pend and isinstance(pend[0], str)):
        raise InvalidScenarioError(f"scenario.pending: expected null or [kind, seat, ...], got {pend!r}")
    s.pending = pending_choice(data, _PENDING, s.n)
    phase = data.get("phase", "summon")
    if not isinstance(phase, str):
        raise InvalidScenarioError(f"scenario.phase: expected a string, got {phase!r}")
    s.phase = phase
    bat = data.get("battle", {})
    _keys(bat, {"slot", "stage", "pointer", "passed"}, "scenario.battle")
    s.bslot = _int(bat, "slot", -1, -1, s.K - 1, "scenario.battle")
    s.bstage = _int(bat, "stage", 0, 0, 1, "scenario.battle")
    s.bptr = _int(bat, "pointer", 0, 0, s.sides - 1, "scenario.battle")
    s.bpassed = _int(bat, "passed", 0, 0, (1 << s.sides) - 1, "scenario.battle")


def _start_phase(s, b: _Builder, data: dict) -> None:
    phase = data.get("phase", "summon")
    if phase not in _PHASES:
        raise InvalidScenarioError(f"scenario.phase: {phase!r} is not one of {list(_PHASES)}")
    n = s.n
    actor = _int(data, "actor", s.lead, 0, n - 1, "scenario")
    o = (actor - s.lead) % n
    if phase == "start":
        s.tasks = [("cycle_start",)]
    elif phase == "results":
        s.tasks = [("results",)]
    elif phase == "recovery":
        s.tasks = [("results",), ("recovery",)]
    else:
        s.tasks = [("results",), ("recovery",)]
        k = b.slot(data.get("slot", 0), "scenario.slot") if phase == "battle" else 0
        s.tasks.append(("battle_next", k))
        if phase in ("summon", "deploy"):
            s.tasks.append(("turn", "deploy", o if phase == "deploy" else 0))
        if phase == "summon":
            s.tasks.append(("turn", "summon", o))
    s.phase = phase
    s._run()
    if s.pending is None and not s.done:
        raise InvalidScenarioError(f"scenario.phase: {phase!r} leads to no decision")
