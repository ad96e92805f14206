"""Loading and validating the XenodeX card data files (rulings XD-3, XD-7, XD-9, C-4).

The card data is JSON under `cards/` (characters, transmissions, echoes, anchors,
ancients) and `decks/` (one faction deck per file). Each object is checked on load with
pydantic v2 models (unknown fields refused, strict types) and by the cross-field rules
below (known ability/effect names from `cardspec.py`, exactly the params each takes,
sensible ranges, a TX mode its effect allows), then frozen into the records of
`cardspec.py`. Any problem raises `CardDataError` naming the card and the field, e.g.
``characters.json: character #3 'Pulse Lancer': field abilities[0].effect: unknown ability 'frist_strike'``.
Decks name their cards; a deck naming an unknown card is a CardDataError too.
"""
from __future__ import annotations

import functools
from functools import partialmethod
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from sim.core.card_overrides import apply_card_overrides, override_error
from sim.core.carddata import read_card_json, validate_card_model
from sim.core.errors import CardDataError
from sim.xenodex.cardspec import (
    ABILITIES,
    ECHO_EFFECTS,
    FACTIONS,
    TX_EFFECTS,
    TX_MODES,
    Ability,
    AnchorSpec,
    AncientSpec,
    CharacterSpec,
    DeckSpec,
    EchoSpec,
    TransmissionSpec,
)

CARDS_DIR = Path(__file__).with_name("cards")
DECKS_DIR = Path(__file__).with_name("decks")

# Allowed ranges of ability / effect params.
_RANGES: dict[str, tuple[int, int]] = {"amount": (1, 60), "extra": (1, 4), "strikes": (2, 4),
                                       "damage": (1, 80)}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _AbilityModel(_Strict):
    effect: StrictStr
    params: dict[str, StrictInt] = Field(default_factory=dict)
    text: StrictStr = ""


class _CharacterModel(_Strict):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    number: StrictInt = Field(ge=1, le=999)
    name: StrictStr = Field(min_length=1)
    faction: StrictStr
    cost: StrictInt = Field(ge=0, le=200)
    str_: StrictInt = Field(alias="str", ge=0, le=50)
    bp: StrictInt = Field(ge=1, le=200)
    def_: StrictInt = Field(alias="def", ge=0, le=50)
    abilities: list[_AbilityModel] = Field(default_factory=list, max_length=2)
    lore: StrictStr = Field(min_length=1)


class _TxModel(_Strict):
    number: StrictInt = Field(ge=1, le=999)
    name: StrictStr = Field(min_length=1)
    faction: StrictStr
    effect: StrictStr
    mode: StrictStr
    params: dict[str, StrictInt] = Field(default_factory=dict)
    hits_own: StrictBool = False
    text: StrictStr = Field(min_length=1)
    lore: StrictStr = ""


class _EchoModel(_Strict):
    number: StrictInt = Field(ge=1, le=999)
    name: StrictStr = Field(min_length=1)
    effect: StrictStr
    params: dict[str, StrictInt] = Field(default_factory=dict)
    copies: StrictInt = Field(default=1, ge=1, le=10)
    text: StrictStr = Field(min_length=1)


class _AnchorModel(_Strict):
    faction: StrictStr
    name: StrictStr = Field(min_length=1)
    lore: StrictStr = ""


class _AncientModel(_Strict):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    number: StrictInt = Field(ge=1, le=99)
    name: StrictStr = Field(min_length=1)
    str_: StrictInt = Field(alias="str", ge=0, le=50)
    bp: StrictInt = Field(ge=1, le=200)
    def_: StrictInt = Field(alias="def", ge=0, le=50)
    lore: StrictStr = ""


class _DeckModel(_Strict):
    name: StrictStr = Field(min_length=1)
    faction: StrictStr
    title: StrictStr = Field(min_length=1)
    lore: StrictStr = Field(min_length=1)
    characters: dict[str, StrictInt]
    transmissions: dict[str, StrictInt]


def _validate(model: type[_Strict], raw: Any, label: str) -> Any:
    return validate_card_model(model, raw, label, renames={"str_": "str", "def_": "def"},
                               empty="<object>", strip_value_error=False)


def _check_params(errors: list[str], path: str, name: str, given: dict[str, int],
                  expected: frozenset[str]) -> None:
    for k in sorted(set(given) - expected):
        errors.append(f"field {path}.{k}: unexpected param {k!r} for {name!r} (expects: {sorted(expected)})")
    for k in sorted(expected - set(given)):
        errors.append(f"field {path}: missing param {k!r} for {name!r}")
    for k, v in given.items():
        if k in expected and k in _RANGES:
            lo, hi = _RANGES[k]
            if not lo <= v <= hi:
                errors.append(f"field {path}.{k}: {v} out of range {lo}..{hi}")


def _label(kind: str, raw: Any, index: int) -> str:
    if isinstance(raw, dict):
        num, name = raw.get("number"), raw.get("name")
        num_s = f"#{num}" if isinstance(num, int) and not isinstance(num, bool) else f"[{index}]"
        return f"{kind} {num_s} {name!r}" if isinstance(name, str) else f"{kind} {num_s}"
    return f"{kind} [{index}]"


def _raise(label: str, errors: list[str]) -> None:
    if errors:
        raise CardDataError(f"{label}: " + "; ".join(errors))


def parse_character(raw: Any, index: int = 0, origin: str = "") -> CharacterSpec:
    """Validate one character object (CardDataError naming card and field)."""
    label = (f"{origin}: " if origin else "") + _label("character", raw, index)
    m = _validate(_CharacterModel, raw, label)
    errors: list[str] = []
    if m.faction not in FACTIONS:
        errors.append(f"field faction: unknown faction {m.faction!r} (allowed: {', '.join(FACTIONS)})")
    seen = set()
    for i, a in enumerate(m.abilities):
        if a.effect not in ABILITIES:
            errors.append(f"field abilities[{i}].effect: unknown ability {a.effect!r} "
                          f"(known: {', '.join(sorted(ABILITIES))})")
            continue
        if a.effect in seen:
            errors.append(f"field abilities[{i}].effect: ability {a.effect!r} given twice")
        seen.add(a.effect)
        _check_params(errors, f"abilities[{i}].params", a.effect, a.params, ABILITIES[a.effect][1])
    _raise(label, errors)
    return CharacterSpec(
        number=m.number, name=m.name, faction=m.faction, cost=m.cost, str_=m.str_, bp=m.bp,
        def_=m.def_, lore=m.lore,
        abilities=tuple(Ability(a.effect, tuple(sorted(a.params.items())), a.text) for a in m.abilities))


def parse_transmission(raw: Any, index: int = 0, origin: str = "") -> TransmissionSpec:
    """Validate one TX object (CardDataError naming card and field)."""
    label = (f"{origin}: " if origin else "") + _label("transmission", raw, index)
    m = _validate(_TxModel, raw, label)
    errors: list[str] = []
    if m.faction not in FACTIONS + ("core",):
        errors.append(f"field faction: unknown faction {m.faction!r} (allowed: core, {', '.join(FACTIONS)})")
    if m.effect not in TX_EFFECTS:
        errors.append(f"field effect: unknown transmission effect {m.effect!r} "
                      f"(known: {', '.join(sorted(TX_EFFECTS))})")
    else:
        params, modes = TX_EFFECTS[m.effect]
        if m.mode not in TX_MODES:
            errors.append(f"field mode: unknown mode {m.mode!r} (allowed: {', '.join(TX_MODES)})")
        elif m.mode not in modes:
            allowed = " or ".join(sorted(modes))
            errors.append(f"field mode: effect {m.effect!r} takes mode {allowed}, not {m.mode!r}")
        _check_params(errors, "params", m.effect, m.params, params)
    if m.hits_own and m.mode != "slot_wide":
        errors.append("field hits_own: only a slot-wide transmission can say it hits your own units")
    _raise(label, errors)
    return TransmissionSpec(number=m.number, name=m.name, faction=m.faction, effect=m.effect,
                            mode=m.mode, params=tuple(sorted(m.params.items())),
                            hits_own=m.hits_own, text=m.text, lore=m.lore)


def parse_echo(raw: Any, index: int = 0, origin: str = "") -> EchoSpec:
    """Validate one Echo object (CardDataError naming card and field)."""
    label = (f"{origin}: " if origin else "") + _label("echo", raw, index)
    m = _validate(_EchoModel, raw, label)
    errors: list[str] = []
    if m.effect not in ECHO_EFFECTS:
        known = ", ".join(sorted(ECHO_EFFECTS))
        errors.append(f"field effect: unknown echo effect {m.effect!r} (known: {known})")
    else:
        expected = ECHO_EFFECTS[m.effect][1]
        if m.effect in ("field_str", "field_def"):   # these may lower a stat
            extra = sorted(set(m.params) - expected)
            if extra or "amount" not in m.params:
                errors.append(f"field params: {m.effect!r} takes exactly 'amount'")
            elif not -10 <= m.params["amount"] <= 10 or m.params["amount"] == 0:
                errors.append(f"field params.amount: {m.params['amount']} out of range -10..10 (not 0)")
        else:
            _check_params(errors, "params", m.effect, m.params, expected)
    _raise(label, errors)
    return EchoSpec(number=m.number, name=m.name, effect=m.effect,
                    params=tuple(sorted(m.params.items())), copies=m.copies, text=m.text)


class XenodexCards:
    """The validated XenodeX card data: characters, TX, Echoes, anchors, Ancients, decks."""

    def __init__(self, characters: list[CharacterSpec], transmissions: list[TransmissionSpec],
                 echoes: list[EchoSpec], anchors: list[AnchorSpec], ancients: list[AncientSpec],
                 decks: list[dict] | None = None) -> None:
        self.characters = _by_number(characters, "character")
        self.transmissions = _by_number(transmissions, "transmission")
        self.echoes = _by_number(echoes, "echo")
        self.ancients = _by_number(ancients, "ancient")
        self.anchors = {a.faction: a for a in anchors}
        self.max_character = max(self.characters, default=0)
        self.max_tx = max(self.transmissions, default=0)
        self.max_echo = max(self.echoes, default=0)
        self.max_ancient = max(self.ancients, default=0)
        tables = (("character", self.characters), ("transmission", self.transmissions),
                  ("echo", self.echoes), ("ancient", self.ancients))
        self._tables = {kind: (table, {c.name.lower(): n for n, c in table.items()}) for kind, table in tables}
        self.decks: dict[str, DeckSpec] = {}
        for raw, origin in decks or []:
            d = self.parse_deck(raw, origin)
            self.decks[d.name] = d

    def number(self, kind: str, ref: Any) -> int | None:
        """The number of a card of `kind` ("character", "transmission", "echo", "ancient")
        from its number or (case-insensitive) name, else None."""
        table, names = self._tables[kind]
        return _lookup(ref, table, names)

    character_number = partialmethod(number, "character")
    tx_number = partialmethod(number, "transmission")
    echo_number = partialmethod(number, "echo")
    ancient_number = partialmethod(number, "ancient")

    def parse_deck(self, raw: Any, origin: str = "") -> DeckSpec:
        """A DeckSpec from a deck object (CardDataError naming the deck and field)."""
        name = raw.get("name") if isinstance(raw, dict) else None
        label = (f"{origin}: " if origin else "") + (f"deck {name!r}" if isinstance(name, str) else "deck")
        m = _validate(_DeckModel, raw, label)
        errors: list[str] = []
        if m.faction not in FACTIONS:
            errors.append(f"field faction: unknown faction {m.faction!r}")
        chars = self._copies(errors, "character", "characters", m.characters)
        txs = self._copies(errors, "transmission", "transmissions", m.transmissions)
        if not txs:
            errors.append("field transmissions: a deck needs at least one transmission")
        _raise(label, errors)
        return DeckSpec(name=m.name, faction=m.faction, title=m.title, lore=m.lore,
                        characters=tuple(sorted(chars)), transmissions=tuple(sorted(txs)))

    def _copies(self, errors: list[str], kind: str, field: str, counts: dict[str, int]) -> list[int]:
        """The card numbers a deck's `{name: copies}` field lists, one per copy (problems added
        to `errors`)."""
        out: list[int] = []
        for ref, n in counts.items():
            num = self.number(kind, ref)
            if num is None:
                errors.append(f"field {field}.{ref}: unknown {kind} {ref!r}")
            elif n < 1:
                errors.append(f"field {field}.{ref}: copies must be at least 1, got {n}")
            else:
                out.extend([num] * n)
        return out

    def preview(self, deck: DeckSpec) -> dict:
        """The deck preview of Setup: roster, transmissions and lore."""
        from collections import Counter
        anchor = self.anchors.get(deck.faction)
        return {
            "name": deck.name, "title": deck.title, "faction": deck.faction, "lore": deck.lore,
            "anchor": {"name": anchor.name, "lore": anchor.lore} if anchor else None,
            "characters": [{"name": self.characters[c].name, "copies": k,
                            "cost": self.characters[c].cost, "str": self.characters[c].str_,
                            "bp": self.characters[c].bp, "def": self.characters[c].def_,
                            "abilities": [a.text for a in self.characters[c].abilities],
                            "lore": self.characters[c].lore}
                           for c, k in sorted(Counter(deck.characters).items())],
            "transmissions": [{"name": self.transmissions[t].name, "copies": k,
                               "text": self.transmissions[t].text}
                              for t, k in sorted(Counter(deck.transmissions).items())],
        }


def _by_number(items: list, kind: str) -> dict[int, Any]:
    out: dict[int, Any] = {}
    names: set[str] = set()
    for it in items:
        if it.number in out:
            raise CardDataError(f"{kind} #{it.number} {it.name!r}: field number: duplicate number "
                                f"(also {out[it.number].name!r})")
        if it.name.lower() in names:
            raise CardDataError(f"{kind} #{it.number} {it.name!r}: field name: duplicate name")
        names.add(it.name.lower())
        out[it.number] = it
    return dict(sorted(out.items()))


def _lookup(ref: Any, table: dict[int, Any], names: dict[str, int]) -> int | None:
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int):
        return ref if ref in table else None
    if isinstance(ref, str):
        return names.get(ref.strip().lower())
    return None


def _read_list(path: Path) -> list:
    data = read_card_json(path)
    if not isinstance(data, list):
        raise CardDataError(f"{path.name}: a card file holds a list of objects")
    return data


CODE_PREFIXES: dict[str, str] = {"characters.json": "XC", "transmissions.json": "TX", "echoes.json": "EC",
                                  "ancients.json": "AN"}
"""The card code prefix of each numbered card file: character 4 is "XC004", TX 2 "TX002",
Echo 1 "EC001", Ancient 3 "AN003" (what card overrides name)."""
_MODELS: dict[str, type[BaseModel]] = {"characters.json": _CharacterModel, "transmissions.json": _TxModel,
                                        "echoes.json": _EchoModel, "ancients.json": _AncientModel}
PROTECTED_FIELDS = ("number", "name", "lore", "text")


def _model_fields(model: type[BaseModel]) -> frozenset[str]:
    """The field names as the data writes them ("str", not the model's "str_")."""
    return frozenset(f.alias or name for name, f in model.model_fields.items())


def load_cards_from(cards_dir: Path, decks_dir: Path | None = None,
                    overrides: tuple[tuple[str, Any], ...] = ()) -> XenodexCards:
    """The card data of a directory laid out like `sim/xenodex/cards` (and decks), with card
    `overrides` (normalized pairs, `sim.core.card_overrides`) applied before validation."""
    raws = {name: _read_list(cards_dir / name) for name in CODE_PREFIXES}
    if overrides:
        by_code = {f"{CODE_PREFIXES[name]}{raw['number']:03d}": raw for name, cards in raws.items() for raw in cards
                   if isinstance(raw, dict) and isinstance(raw.get("number"), int)}
        fields = {code: _model_fields(_MODELS[name]) for name, cards in raws.items()
                  for code in by_code if code.startswith(CODE_PREFIXES[name])}
        edited = apply_card_overrides(by_code, overrides, fields, PROTECTED_FIELDS)
        raws = {name: [edited.get(f"{CODE_PREFIXES[name]}{raw.get('number', 0):03d}", raw) for raw in cards]
                for name, cards in raws.items()}

    def many(name: str, parse) -> list:
        out = []
        for i, raw in enumerate(raws[name]):
            try:
                out.append(parse(raw, i, name))
            except CardDataError as exc:
                code = f"{CODE_PREFIXES[name]}{raw.get('number', 0):03d}" if isinstance(raw, dict) else ""
                if overrides and any(k.startswith(code + ".") for k, _ in overrides):
                    raise override_error(exc, code, overrides) from None
                raise
        return out
    characters = many("characters.json", parse_character)
    transmissions = many("transmissions.json", parse_transmission)
    echoes = many("echoes.json", parse_echo)
    ancients = many("ancients.json", lambda raw, i, name: _ancient(raw, i))
    anchors = [_anchor(raw, i) for i, raw in enumerate(_read_list(cards_dir / "anchors.json"))]
    decks = []
    if decks_dir is not None:
        decks = [(read_card_json(p), p.name) for p in sorted(decks_dir.glob("*.json"))]
    return XenodexCards(characters, transmissions, echoes, anchors, ancients, decks)


def _anchor(raw: Any, i: int) -> AnchorSpec:
    label = "anchors.json: " + _label("anchor", raw, i)
    m = _validate(_AnchorModel, raw, label)
    if m.faction not in FACTIONS:
        raise CardDataError(f"{label}: field faction: unknown faction {m.faction!r}")
    return AnchorSpec(m.faction, m.name, m.lore)


def _ancient(raw: Any, i: int) -> AncientSpec:
    m = _validate(_AncientModel, raw, "ancients.json: " + _label("ancient", raw, i))
    return AncientSpec(m.number, m.name, m.str_, m.bp, m.def_, m.lore)


@functools.lru_cache(maxsize=16)
def load_cards(overrides: tuple[tuple[str, Any], ...] = ()) -> XenodexCards:
    """The shipped XenodeX card data with card `overrides` (normalized pairs) applied (cached)."""
    return load_cards_from(CARDS_DIR, DECKS_DIR, overrides)
