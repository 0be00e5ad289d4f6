"""Exact battle odds (R40-R49, R92, R110-R117): dynamic programming over a battle's states.

A battle between two sides (an attacker and a defender, or a player and the dragon) is a
Markov chain: its state is each side's surviving units with their damage, the step to be
rolled next (ranged or melee) and the rolled steps in a row without a hit (R92). A step
whose dice all miss changes nothing but the step; every other step strictly lowers the
hits both sides can still take. So the states form a ladder, and the probability of every
way the battle can end is a finite sum, computed here exactly with ``fractions.Fraction``
(or with floats, ``exact=False``): never by sampling.

**The casualty policy.** Who takes a hit is a player's choice (R45), so the odds follow a
stated policy, the same for both sides (``Policy``):

- ``computer`` (default), the rule of the computer players (``ai/omringad/script.py``):
  each hit goes to the unit of least *worth*, its cost in gold (R20; a special unit counts
  8) plus 5 when it is already damaged; so undamaged cheap units soak up hits first.
- ``cheapest``: each hit goes to the cheapest unit, a damaged one before an undamaged one
  of its kind: the side loses its cheapest units one at a time.

Ties go to the kind listed first in the unit table. The snipers' owner chooses where each
snipers' hit lands (R117): on the enemy unit of greatest worth, a damaged one first (to
finish it). A hit a side cannot take is lost (R45); horses are never hit and are lost with
the last unit beside them (R112). A defender's diplomat is never spent (R110): the odds are
those of the battle fought out. The choices the engine makes by itself (R45: one kind of
unit left, or enough hits to eliminate everything) agree with every policy.

**The safety bound (R92).** By default (``stall_limit=None``) the figures are exact for the
battle as the booklet plays it, without a bound: the rules' 200 rolled steps in a row
without a hit end a battle with a probability no greater than ``Odds.bound_error`` (about
1e-14 for large battles), the most any figure here can differ from the engine's. With
``stall_limit=N`` the bound is part of the chain and the figures are exact for it (slow
for large battles with exact arithmetic: the numbers grow like ``6 ** (dice * N)``; use it
for rules version 1's bound of 20, or with ``exact=False``).

Outcomes (R47-R49): the attacker wins (only its units remain), the defender wins, a
stand-off (both remain and neither can ever hit again, or the R92 bound: the attackers go
back), or nobody is left.

Forces are written in the game's unit letters (``GMMe``: a general, two mercenaries, a
damaged elite soldier; R90) or in words (``1 general, 2 mercenaries, 1 elite (damaged)``).

>>> b = Battle.parse("M vs G")
>>> o = odds(b, stall_limit=200)
>>> o.probability(Outcome.ATTACKER_WINS) == 1 - Fraction(5, 6) ** 200
True
>>> print(odds(Battle.parse("R vs M on forest")).text(fractions=True))
Battle: 1 rider vs 1 mercenary on forest
Casualties: computer (least worth first: cost, special units 8, +5 when damaged)
outcome          probability
attacker wins         82.11%  2575/3136
defender wins         13.71%  215/1568
nobody left            4.18%  131/3136
attacker survivors
  R                   51.02%  25/49
  r                   31.09%  975/3136
  -                   17.89%  561/3136
defender survivors
  -                   86.29%  1353/1568
  m                   10.14%  159/1568
  M                    3.57%  1/28
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Any

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.battle import Side, Step, firing_units, needed_die, party_modifier
from spelbord.games.omringad.notation import ALL_KINDS
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import KIND_CODES, SPECIAL_KINDS, UNITS, Kind, Unit

Number = Fraction | float

STALL_LIMIT = 200
"""The engine's bound (R92, rules version 2): rolled steps in a row without a hit."""

SPECIAL_WORTH = 8
"""What a special unit is worth to the casualty policies (it has no cost, R24)."""

DAMAGED_WORTH = 5
"""What a damage marker takes off a unit's worth under the ``computer`` policy."""


# ====================================================================== errors
class OddsError(SpelbordError):
    """Bad input for the battle calculator (nothing is computed)."""


class ForceSyntaxError(OddsError):
    """A text that does not read as units (``2 mercenaries, 1 rider`` or ``MMR``)."""


class ForceCompositionError(OddsError):
    """Units no side could bring to a battle: more than its pool (R6), a special unit twice
    (R100), a dragon that attacks or has company (R111), a side nothing can hit (R112)."""


class BattleSetupError(OddsError):
    """A battle that cannot be fought: a bad terrain, step, stall count or policy."""


# ====================================================================== unit names
_BY_CODE = {c: k for k, c in KIND_CODES.items()}
_INDEX = {k: i for i, k in enumerate(ALL_KINDS)}
_NAMES: dict[str, Kind] = {}
for _kind in ALL_KINDS:
    _t = UNITS[_kind]
    for _name in (_kind.value, _t.name_sv):
        _NAMES[_name.lower()] = _kind
_NAMES.update(
    {
        "mercenaries": Kind.MERCENARY,
        "elite soldier": Kind.ELITE,
        "elite soldiers": Kind.ELITE,
        "elites": Kind.ELITE,
        "archers": Kind.ARCHER,
        "riders": Kind.RIDER,
        "catapults": Kind.CATAPULT,
        "generals": Kind.GENERAL,
        "diplomats": Kind.DIPLOMAT,
        "dragons": Kind.DRAGON,
        "horse": Kind.HORSES,
        "infiltrators": Kind.INFILTRATOR,
        "war elephants": Kind.ELEPHANTS,
        "elephant": Kind.ELEPHANTS,
        "magicians": Kind.MAGICIAN,
        "pirate": Kind.PIRATES,
        "sniper": Kind.SNIPERS,
        "legoknekt": Kind.MERCENARY,
        "elitsoldat": Kind.ELITE,
        "bågskytt": Kind.ARCHER,
        "ryttare": Kind.RIDER,
        "katapulter": Kind.CATAPULT,
        "generaler": Kind.GENERAL,
    }
)
_SINGULAR = {
    Kind.MERCENARY: ("mercenary", "mercenaries"),
    Kind.ELITE: ("elite soldier", "elite soldiers"),
    Kind.ARCHER: ("archer", "archers"),
    Kind.RIDER: ("rider", "riders"),
    Kind.CATAPULT: ("catapult", "catapults"),
    Kind.GENERAL: ("general", "generals"),
    Kind.DIPLOMAT: ("diplomat", "diplomats"),
    Kind.DRAGON: ("dragon", "dragons"),
    Kind.HORSES: ("horses", "horses"),
    Kind.INFILTRATOR: ("infiltrator", "infiltrators"),
    Kind.ELEPHANTS: ("war elephants", "war elephants"),
    Kind.MAGICIAN: ("magician", "magicians"),
    Kind.PIRATES: ("pirates", "pirates"),
    Kind.SNIPERS: ("snipers", "snipers"),
}

MAX_TEXT = 400
"""The longest force or battle text the parsers read."""


def _unit_key(u: Unit) -> tuple[int, int]:
    """The table order of units: kind as in the unit table, undamaged before damaged."""
    return _INDEX[u.kind], int(u.damaged)


def worth(unit: Unit) -> int:
    """A unit's worth to the casualty policies: its cost (R20), special units 8.

    >>> worth(Unit(Kind.MERCENARY)), worth(Unit(Kind.GENERAL)), worth(Unit(Kind.SNIPERS))
    (2, 10, 8)
    """
    cost = UNITS[unit.kind].cost
    return SPECIAL_WORTH if cost is None else cost


# ====================================================================== Force
@dataclass(frozen=True)
class Force:
    """One side's units in a battle, in table order (undamaged before damaged).

    >>> f = Force.parse("2 mercenaries, 1 elite (damaged), general")
    >>> f.code(), f.text()
    ('MMeG', '2 mercenaries, 1 damaged elite soldier, 1 general')
    >>> Force.parse("GMMe") == f == Force.parse(f.text())
    True
    """

    units: tuple[Unit, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.units, tuple) or not all(isinstance(u, Unit) for u in self.units):
            raise ForceSyntaxError("a force is a tuple of units")
        ordered = tuple(sorted(self.units, key=_unit_key))
        if ordered != self.units:
            object.__setattr__(self, "units", ordered)

    @classmethod
    def of(cls, units: Iterable[Unit]) -> Force:
        return cls(tuple(units))

    @classmethod
    def parse(cls, text: str) -> Force:
        """Read units in letters (``GMMe``) or words (``2 riders, 1 damaged archer``).

        Raises ``ForceSyntaxError`` when the text does not read as units.
        """
        if not isinstance(text, str):
            raise ForceSyntaxError("units are given as text")
        if len(text) > MAX_TEXT:
            raise ForceSyntaxError(f"a force text has at most {MAX_TEXT} characters")
        units: list[Unit] = []
        for item in filter(None, (p.strip() for p in re.split(r"[,;+]| and ", text))):
            units += _parse_item(item)
        return cls.of(units)

    def code(self) -> str:
        """The units in the game's letters (R90), lower case when damaged: ``MMeG``."""
        return "".join(u.code for u in self.units)

    def text(self) -> str:
        """The units in words: ``2 mercenaries, 1 damaged elite soldier``; ``nobody``."""
        if not self.units:
            return "nobody"
        parts = []
        for unit, n in self.counts():
            one, many = _SINGULAR[unit.kind]
            parts.append(f"{n} {'damaged ' if unit.damaged else ''}{one if n == 1 else many}")
        return ", ".join(parts)

    def counts(self) -> list[tuple[Unit, int]]:
        """Each distinct unit (kind and damage) with how many there are, in table order."""
        out: list[tuple[Unit, int]] = []
        for u in self.units:
            if out and out[-1][0] == u:
                out[-1] = (u, out[-1][1] + 1)
            else:
                out.append((u, 1))
        return out

    def __str__(self) -> str:
        return self.code() or "-"

    def __len__(self) -> int:
        return len(self.units)

    def alive(self) -> bool:
        """Whether any unit that can be hit remains (horses alone do not count, R112)."""
        return any(UNITS[u.kind].hittable for u in self.units)

    def has(self, kind: Kind) -> bool:
        return any(u.kind == kind for u in self.units)


def _parse_item(item: str) -> list[Unit]:
    """One item of a force text: ``2 riders``, ``1 archer (damaged)``, ``damaged elite``, or
    letters (``MMe``)."""
    words = item.lower().split()
    count = 1
    if words and re.fullmatch(r"\d{1,3}x?", words[0]):
        count = int(words[0].rstrip("x"))
        words = words[1:]
    damaged = False
    rest = " ".join(words)
    rest, n = re.subn(r"\s*\(\s*damaged\s*\)$|^damaged\s+", "", rest)
    damaged = n > 0
    if rest in _NAMES:
        return [Unit(_NAMES[rest], damaged=damaged)] * count
    letters = item.replace(" ", "")
    if count == 1 and not damaged and re.fullmatch(r"[A-Za-z]+", letters):
        out = []
        for ch in letters:
            kind = _BY_CODE.get(ch.upper())
            if kind is None:
                break
            out.append(Unit(kind, damaged=ch.islower()))
        else:
            return out
    raise ForceSyntaxError(
        f"cannot read {item!r} as units: write e.g. '2 mercenaries, 1 rider (damaged)' or the "
        "letters M E A R K G (D Z H I X W P S), lower case when damaged"
    )


# ====================================================================== Battle
class Outcome(StrEnum):
    """How a battle ends (R47-R49)."""

    ATTACKER_WINS = "attacker wins"
    DEFENDER_WINS = "defender wins"
    STAND_OFF = "stand-off"
    NOBODY_LEFT = "nobody left"


class Policy(StrEnum):
    """Who takes each hit a side takes (R45); see the module's docstring."""

    COMPUTER = "computer"
    CHEAPEST = "cheapest"

    @property
    def description(self) -> str:
        return _POLICY_TEXT[self]


_POLICY_TEXT = {
    Policy.COMPUTER: "least worth first: cost, special units 8, +5 when damaged",
    Policy.CHEAPEST: "the cheapest unit first, a damaged one before an undamaged one",
}


@dataclass(frozen=True)
class Die:
    """A die of the step being rolled that has been rolled already: whose, which unit, hit."""

    attacking: bool
    unit: Unit
    hit: bool

    def code(self) -> str:
        return f"{'a' if self.attacking else 'd'}{self.unit.code}{'+' if self.hit else '-'}"


@dataclass(frozen=True)
class Battle:
    """A battle to compute: the two sides, the terrain and where the battle stands.

    ``step``: the step rolled next; ``stall``: rolled steps in a row without a hit so far
    (R92). A battle under way may stand inside a step: ``rolled`` are the dice of that step
    rolled so far (the rest follow), or after it: ``pending`` = the hits the attacker still
    has to take, the defender's snipers' hits on it, the hits the defender still has to
    take, the attacker's snipers' hits on it (placed by the policy, before ``step``).

    A defender that is the dragon alone is the dragon's stack, owned by nobody (R111).

    >>> b = Battle.parse("RR vs GMM on castle, melee, stall 3")
    >>> b.terrain, b.step, b.stall, b.text()
    (<Terrain.CASTLE: 'castle'>, <Step.MELEE: 'melee'>, 3, 'RR vs MMG on castle, melee, stall 3')
    >>> Battle.parse(b.text()) == b
    True
    """

    attacker: Force
    defender: Force
    terrain: Terrain = Terrain.BARE
    step: Step = Step.RANGED
    stall: int = 0
    rolled: tuple[Die, ...] = ()
    pending: tuple[int, int, int, int] = (0, 0, 0, 0)

    def __post_init__(self) -> None:
        check_battle(self)

    @property
    def dragon(self) -> bool:
        """Whether the defender is the dragon (owned by nobody, R111)."""
        return self.defender.has(Kind.DRAGON)

    @classmethod
    def parse(cls, text: str) -> Battle:
        """Read ``ATTACKER vs DEFENDER [on TERRAIN][, melee][, stall N]`` (see ``text``)."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise ForceSyntaxError(f"a battle is a text of at most {MAX_TEXT} characters")
        m = re.fullmatch(
            r"\s*(?P<a>.+?)\s+(?:vs\.?|v|against)\s+(?P<d>.+?)"
            r"(?:\s+on\s+(?P<t>[a-z]+))?"
            r"(?P<extra>(?:\s*,\s*(?:ranged|melee|stall \d{1,3}|rolled [adA-Za-z+\- ]+"
            r"|pending \d{1,3} \d{1,3} \d{1,3} \d{1,3}))*)\s*",
            text,
            flags=re.IGNORECASE,
        )
        if not m:
            raise ForceSyntaxError(
                f"cannot read {text!r}: write 'ATTACKER vs DEFENDER on TERRAIN', "
                "e.g. 'MMR vs GAA on forest'"
            )
        kwargs: dict[str, Any] = {"terrain": parse_terrain(m["t"] or "bare")}
        for part in filter(None, (p.strip() for p in m["extra"].split(","))):
            if part.lower() in ("ranged", "melee"):
                kwargs["step"] = Step(part.lower())
            elif part.lower().startswith("stall"):
                kwargs["stall"] = int(part.split()[1])
            elif part.lower().startswith("pending"):
                a, b, c, d = (int(x) for x in part.split()[1:])
                kwargs["pending"] = (a, b, c, d)
            else:
                kwargs["rolled"] = tuple(_parse_die(t) for t in part.split()[1:])
        return cls(Force.parse(m["a"]), Force.parse(m["d"]), **kwargs)

    def text(self) -> str:
        """``MMR vs GAA on forest`` (and ``, melee``, ``, stall 3`` ... where they apply)."""
        out = f"{self.attacker} vs {self.defender}"
        if self.terrain != Terrain.BARE:
            out += f" on {self.terrain.value}"
        if self.step != Step.RANGED:
            out += f", {self.step.value}"
        if self.stall:
            out += f", stall {self.stall}"
        if self.rolled:
            out += ", rolled " + " ".join(d.code() for d in self.rolled)
        if any(self.pending):
            out += ", pending " + " ".join(str(n) for n in self.pending)
        return out

    def __str__(self) -> str:
        return self.text()

    def describe(self) -> str:
        """In words: ``2 mercenaries vs 1 general on forest (melee step next)``."""
        where = f" on {self.terrain.value}" if self.terrain != Terrain.BARE else ""
        now = []
        if self.step != Step.RANGED:
            now.append(f"{self.step.value} step next")
        if self.stall:
            now.append(f"{self.stall} steps without a hit")
        if self.rolled or any(self.pending):
            now.append("a step under way")
        said = f" ({', '.join(now)})" if now else ""
        return f"{self.attacker.text()} vs {self.defender.text()}{where}{said}"


def _parse_die(token: str) -> Die:
    m = re.fullmatch(r"([ad])([A-Za-z])([+-])", token)
    kind = _BY_CODE.get(m[2].upper()) if m else None
    if not m or kind is None:
        raise ForceSyntaxError(f"cannot read the rolled die {token!r} (e.g. 'aR+', 'dm-')")
    return Die(m[1] == "a", Unit(kind, m[2].islower()), m[3] == "+")


def parse_terrain(text: str) -> Terrain:
    """A terrain by name (``forest``), Swedish name (``skog``) or letter (``F``)."""
    t = text.strip().lower()
    for terrain in Terrain:
        if t in (terrain.value, terrain.letter.lower()) or t == _SV_TERRAIN[terrain]:
            return terrain
    names = ", ".join(t.value for t in Terrain if t != Terrain.LAKE)
    raise BattleSetupError(f"no terrain {text!r} (terrains: {names})")


_SV_TERRAIN = {
    Terrain.BARE: "barmark",
    Terrain.MOUNTAIN: "berg",
    Terrain.CASTLE: "borg",
    Terrain.VILLAGE: "by",
    Terrain.LAKE: "sjö",
    Terrain.FOREST: "skog",
}


def check_force(force: Force, *, attacking: bool) -> None:
    """``ForceCompositionError`` unless one side could bring ``force`` to a battle."""
    if not force.alive():
        raise ForceCompositionError(
            f"the {'attacker' if attacking else 'defender'} needs a unit that can be hit "
            "(horses alone are no side, R112)"
        )
    for kind in ALL_KINDS:
        n = sum(1 for u in force.units if u.kind == kind)
        if n > UNITS[kind].pool:
            raise ForceCompositionError(
                f"a side has at most {UNITS[kind].pool} {_SINGULAR[kind][1]} "
                f"({'one of each special unit, R100' if kind in SPECIAL_KINDS else 'its pool, R6'})"
            )
    if force.has(Kind.DRAGON):
        if attacking:
            raise ForceCompositionError("the dragon never moves, so it never attacks (R111)")
        if len(force) != 1:
            raise ForceCompositionError("the dragon stands alone: it belongs to nobody (R111)")


def check_battle(b: Battle) -> None:
    """Raise an ``OddsError`` unless ``b`` is a battle the rules could fight."""
    types: tuple[tuple[str, object, type], ...] = (
        ("attacker", b.attacker, Force),
        ("defender", b.defender, Force),
        ("terrain", b.terrain, Terrain),
        ("step", b.step, Step),
    )
    for name, value, typ in types:
        if not isinstance(value, typ):
            raise BattleSetupError(f"the battle's {name} must be a {typ.__name__}")
    check_force(b.attacker, attacking=True)
    check_force(b.defender, attacking=False)
    for kind in SPECIAL_KINDS:
        if b.attacker.has(kind) and b.defender.has(kind):
            raise ForceCompositionError(
                f"there is one {_SINGULAR[kind][0]} in the game (R100), not one on each side"
            )
    if b.terrain == Terrain.LAKE:
        raise BattleSetupError("no battle is fought on a lake (R14, R116)")
    if b.dragon and b.terrain not in (Terrain.FOREST, Terrain.MOUNTAIN, Terrain.BARE):
        raise BattleSetupError("the dragon lies on a forest, a mountain or bare ground (R104)")
    if isinstance(b.stall, bool) or not isinstance(b.stall, int) or not 0 <= b.stall < 10_000:
        raise BattleSetupError("the stall count is a whole number of steps, 0 or more")
    if len(b.pending) != 4 or any(not isinstance(n, int) or n < 0 for n in b.pending):
        raise BattleSetupError("pending hits are four counts, 0 or more")
    if b.rolled and any(b.pending):
        raise BattleSetupError("hits are pending only after every die of the step is rolled")
    if b.rolled:
        for attacking, force in ((True, b.attacker), (False, b.defender)):
            left = list(_firing(b, force.units, attacking, b.step))
            for d in (d for d in b.rolled if d.attacking == attacking):
                if d.unit not in left:
                    raise BattleSetupError(f"no {d.unit.code} fires in the {b.step.value} step")
                left.remove(d.unit)


def _firing(b: Battle, units: tuple[Unit, ...], attacking: bool, step: Step) -> list[Unit]:
    side = Side(0 if attacking else 1, units, attacking)
    return list(firing_units(side, step))


# ====================================================================== the result
@dataclass(frozen=True)
class Odds:
    """The exact odds of a battle: each outcome's probability and the joint distribution
    of both sides' survivors (``ends``: outcome, attacker's and defender's survivors,
    probability; most likely first)."""

    battle: Battle
    policy: Policy
    ends: tuple[tuple[Outcome, Force, Force, Number], ...]
    stall_limit: int | None
    bound_error: float

    def probability(self, outcome: Outcome) -> Number:
        """The probability of ``outcome``."""
        return sum((p for o, _, _, p in self.ends if o == outcome), _zero(self))

    def outcomes(self) -> list[tuple[Outcome, Number]]:
        """Every outcome the battle can end in, with its probability, in ``Outcome`` order."""
        return [(o, self.probability(o)) for o in Outcome if any(e[0] == o for e in self.ends)]

    def survivors(self, attacking: bool) -> list[tuple[Force, Number]]:
        """The distribution of one side's survivors, most likely first."""
        out: dict[Force, Number] = {}
        for _, a, d, p in self.ends:
            f = a if attacking else d
            out[f] = out.get(f, _zero(self)) + p
        return sorted(out.items(), key=lambda fp: (-fp[1], -len(fp[0]), fp[0].code()))

    def text(self, fractions: bool = False) -> str:
        """A table of the outcomes and of each side's survivors (in per cent, and with
        ``fractions`` as exact fractions too)."""
        lines = [
            f"Battle: {self.battle.describe()}",
            f"Casualties: {self.policy.value} ({self.policy.description})",
            f"{'outcome':<16} probability",
        ]
        for o, p in self.outcomes():
            lines.append(_row(o.value, p, fractions))
        for attacking in (True, False):
            lines.append(f"{'attacker' if attacking else 'defender'} survivors")
            for f, p in self.survivors(attacking):
                lines.append(_row(f"  {f}", p, fractions))
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: every probability as a float and, when exact, as ``"n/d"`` text."""

        def num(p: Number) -> dict[str, Any]:
            out: dict[str, Any] = {"p": float(p)}
            if isinstance(p, Fraction):
                out["exact"] = str(p)
            return out

        return {
            "battle": self.battle.text(),
            "attacker": self.battle.attacker.code(),
            "defender": self.battle.defender.code(),
            "terrain": self.battle.terrain.value,
            "policy": self.policy.value,
            "policy_text": self.policy.description,
            "stall_limit": self.stall_limit,
            "bound_error": self.bound_error,
            "outcomes": [{"outcome": o.value, **num(p)} for o, p in self.outcomes()],
            "survivors": {
                side: [
                    {"units": f.code(), "text": f.text(), **num(p)}
                    for f, p in self.survivors(side == "attacker")
                ]
                for side in ("attacker", "defender")
            },
        }


def _zero(o: Odds) -> Number:
    return Fraction(0) if o.ends and isinstance(o.ends[0][3], Fraction) else 0.0


def _row(label: str, p: Number, fractions: bool) -> str:
    exact = f"  {p}" if fractions and isinstance(p, Fraction) else ""
    return f"{label:<16} {100 * float(p):>10.2f}%{exact}"


# ====================================================================== casualties
Classes = tuple[int, ...]
"""A side's units as a sorted tuple of unit classes (``kind index * 2 + damaged``)."""

_CLASS_UNIT = tuple(Unit(k, d) for k in ALL_KINDS for d in (False, True))


def _cls(u: Unit) -> int:
    return _INDEX[u.kind] * 2 + int(u.damaged)


def _policy_key(policy: Policy) -> Callable[[int], tuple[int, ...]]:
    if policy == Policy.COMPUTER:
        return lambda c: (worth(_CLASS_UNIT[c]) + DAMAGED_WORTH * (c & 1), c)
    return lambda c: (worth(_CLASS_UNIT[c]), -(c & 1), c)


def _sniper_key(c: int) -> tuple[int, ...]:
    """The snipers' owner picks the enemy unit of greatest worth, damaged first (R117)."""
    return (-worth(_CLASS_UNIT[c]), -(c & 1), c)


@lru_cache(maxsize=65536)
def _take_hits(units: Classes, hits: int, key_name: str) -> Classes:
    """``units`` after ``hits`` hits, each placed by the policy ``key_name`` (``"snipers"``:
    by the enemy snipers' owner); hits nobody can take are lost; horses go with the last
    unit that can be hit (R45, R46, R112, R117)."""
    key = _sniper_key if key_name == "snipers" else _policy_key(Policy(key_name))
    out = list(units)
    for _ in range(hits):
        hittable = [c for c in out if UNITS[_CLASS_UNIT[c].kind].hittable]
        if not hittable:
            break
        c = min(hittable, key=key)
        out.remove(c)
        after = _CLASS_UNIT[c].hit()
        if after is not None:
            out.append(_cls(after))
    if not any(UNITS[_CLASS_UNIT[c].kind].hittable for c in out):
        out = []
    return tuple(sorted(out))


def take_hits(force: Force, hits: int, policy: Policy = Policy.COMPUTER) -> Force:
    """``force`` after taking ``hits`` hits placed by ``policy`` (R45, R46).

    >>> str(take_hits(Force.parse("MMR"), 1)), str(take_hits(Force.parse("MMR"), 3))
    ('MmR', 'mmr')
    >>> str(take_hits(Force.parse("MMR"), 3, Policy.CHEAPEST))
    'mR'
    """
    return _force(_take_hits(tuple(sorted(_cls(u) for u in force.units)), hits, policy.value))


def _force(units: Classes) -> Force:
    return Force(tuple(_CLASS_UNIT[c] for c in units))


# ====================================================================== the chain
class _Chain:
    """The battle's Markov chain with one number type (exact or float)."""

    def __init__(self, b: Battle, policy: Policy, exact: bool) -> None:
        self.terrain = b.terrain
        self.policy = policy.value
        self.dragon = b.dragon
        self.num: Callable[[int, int], Number] = Fraction if exact else (lambda n, d: n / d)
        self.zero = self.num(0, 1)
        self.one = self.num(1, 1)
        self._steps: dict[tuple[Classes, Classes, Step], Any] = {}

    def sides(self, a: Classes, d: Classes) -> tuple[Side, Side]:
        att = Side(0, tuple(_CLASS_UNIT[c] for c in a), attacking=True)
        dfd = Side(NEUTRAL if self.dragon else 1, tuple(_CLASS_UNIT[c] for c in d), False)
        return att, dfd

    def hit_chance(self, unit: Unit, own: Side, enemy: Side) -> Number:
        strength = unit.strength
        assert strength is not None
        need = needed_die(strength, party_modifier(unit, own, [enemy], self.terrain))
        return self.num(7 - need, 6)

    def dice(self, a: Classes, d: Classes, step: Step) -> tuple[list[Any], list[Any]]:
        """Each side's dice in ``step``: (unit, hit chance) per firing unit (R40-R44)."""
        att, dfd = self.sides(a, d)
        out: tuple[list[Any], list[Any]] = ([], [])
        for i, (own, enemy) in enumerate(((att, dfd), (dfd, att))):
            for u in firing_units(own, step):
                out[i].append((u, self.hit_chance(u, own, enemy)))
        return out

    def fires(self, a: Classes, d: Classes, step: Step) -> bool:
        """Whether any unit of either side rolls a die in ``step`` (R40)."""
        ranged = step == Step.RANGED
        i = 3 if ranged else 4
        return bool(_facts(a)[i] or _facts(d)[i])

    def ended(self, a: Classes, d: Classes) -> Outcome | None:
        """How the battle has ended with these units, or ``None`` while it goes on (R47)."""
        fa, fd = _facts(a), _facts(d)
        if fa[0] and fd[0]:
            return None if fa[1] or fd[1] else Outcome.STAND_OFF
        if fa[0]:
            return Outcome.ATTACKER_WINS
        return Outcome.DEFENDER_WINS if fd[0] else Outcome.NOBODY_LEFT

    def normal(self, a: Classes, d: Classes, step: Step) -> Step:
        """The step actually rolled next: a step in which nobody fires is passed over."""
        if self.ended(a, d) is not None:
            return Step.RANGED
        return step if self.fires(a, d, step) else _other(step)

    def hits(self, dice: Sequence[tuple[Unit, Number]], known: tuple[int, int] = (0, 0)) -> Any:
        """The distribution of (ordinary hits, snipers' hits) of one side's ``dice``, added
        to the ``known`` hits of dice already rolled."""
        dist = {known: self.one}
        for unit, p in dice:
            sniper = unit.kind == Kind.SNIPERS
            new: dict[tuple[int, int], Number] = {}
            for (h, s), q in dist.items():
                miss = (h, s)
                hit = (h, s + 1) if sniper else (h + 1, s)
                new[miss] = new.get(miss, self.zero) + q * (1 - p)
                new[hit] = new.get(hit, self.zero) + q * p
            dist = new
        return dist

    def step_outcomes(self, a: Classes, d: Classes, step: Step, rolled: Sequence[Die] = ()) -> Any:
        """(probability that no die hits, [(probability, a', d')] of the other results):
        each side takes its ordinary hits by the policy, then the snipers' hits where the
        enemy's snipers' owner puts them (R45, R117)."""
        key = (a, d, step)
        if not rolled and key in self._steps:
            return self._steps[key]
        da, dd = self.dice(a, d, step)
        known = []
        for attacking, dice in ((True, da), (False, dd)):
            h = s = 0
            for r in (r for r in rolled if r.attacking == attacking):
                dice.remove(next(x for x in dice if x[0] == r.unit))
                if r.hit:
                    h, s = (h, s + 1) if r.unit.kind == Kind.SNIPERS else (h + 1, s)
            known.append((h, s))
        # Each side's units after the enemy's hits (a hit always changes them, R46).
        new_d: dict[Classes, Number] = {}
        for ha, pa in self.hits(da, known[0]).items():
            d2 = _take_hits(_take_hits(d, ha[0], self.policy), ha[1], "snipers")
            new_d[d2] = new_d.get(d2, self.zero) + pa
        new_a: dict[Classes, Number] = {}
        for hd, pd in self.hits(dd, known[1]).items():
            a2 = _take_hits(_take_hits(a, hd[0], self.policy), hd[1], "snipers")
            new_a[a2] = new_a.get(a2, self.zero) + pd
        miss = new_a.get(a, self.zero) * new_d.get(d, self.zero)
        out = [
            (pa * pd, a2, d2)
            for d2, pa in new_d.items()
            for a2, pd in new_a.items()
            if a2 != a or d2 != d
        ]
        result = (miss, out)
        if not rolled:
            self._steps[key] = result
        return result


def _other(step: Step) -> Step:
    return Step.MELEE if step == Step.RANGED else Step.RANGED


@lru_cache(maxsize=65536)
def _facts(units: Classes) -> tuple[bool, bool, int, bool, bool]:
    """Of a side's units: whether one can be hit, whether one rolls dice, the hits it takes
    to eliminate them all, whether one fires in the ranged step, in the melee step."""
    types = [UNITS[_CLASS_UNIT[c].kind] for c in units]
    health = sum(
        1 if (c & 1 or t.health < 2) else 2 for c, t in zip(units, types, strict=True) if t.hittable
    )
    return (
        any(t.hittable for t in types),
        any(t.fights for t in types),
        health,
        any(t.fights and t.ranged for t in types),
        any(t.fights and not t.ranged for t in types),
    )


def _health(units: Classes) -> int:
    return _facts(units)[2]


EXACT_HITS = 32
"""The most hits both sides together may take for ``exact_by_default`` to say fractions:
beyond, exact rationals grow slow (seconds), and floats give the same chain to ~1e-13."""


def exact_by_default(battle: Battle) -> bool:
    """Whether fractions are quick for ``battle`` (both sides take at most ``EXACT_HITS``).

    >>> big = Battle.parse("M" * 16 + " vs " + "M" * 16)
    >>> exact_by_default(Battle.parse("GMMEE vs AAK")), exact_by_default(big)
    (True, False)
    """
    a = tuple(_cls(u) for u in battle.attacker.units)
    d = tuple(_cls(u) for u in battle.defender.units)
    return _health(tuple(sorted(a))) + _health(tuple(sorted(d))) <= EXACT_HITS


def odds(
    battle: Battle,
    policy: Policy = Policy.COMPUTER,
    *,
    stall_limit: int | None = None,
    exact: bool = True,
) -> Odds:
    """The exact odds of ``battle`` with casualties placed by ``policy`` (see the module).

    ``stall_limit``: ``None`` for the battle without the R92 bound (its effect is at most
    ``Odds.bound_error``), else the bound in rolled steps (200 in rules version 2, 20 in
    version 1). ``exact=False`` computes in floats (fast, for live games).

    >>> o = odds(Battle.parse("M vs M"))
    >>> o.probability(Outcome.ATTACKER_WINS), o.probability(Outcome.NOBODY_LEFT)
    (Fraction(635, 1331), Fraction(61, 1331))
    """
    if not isinstance(policy, Policy):
        raise BattleSetupError(f"no casualty policy {policy!r}")
    if stall_limit is not None and (
        isinstance(stall_limit, bool) or not isinstance(stall_limit, int) or stall_limit < 1
    ):
        raise BattleSetupError("the stall limit is a whole number of steps, 1 or more")
    if stall_limit is not None and battle.stall >= stall_limit:
        raise BattleSetupError(f"the battle has already stalled ({battle.stall} steps)")
    chain = _Chain(battle, policy, exact)
    a = tuple(sorted(_cls(u) for u in battle.attacker.units))
    d = tuple(sorted(_cls(u) for u in battle.defender.units))
    ends: dict[Any, Number] = {}  # (outcome, a, d) -> probability
    # Mass entering each state (units, step) right after a hit (stall 0); the ladder is
    # walked from the most hits left down, since every hit lowers them.
    mass: dict[Any, Number] = {}

    def end(a2: Classes, d2: Classes, outcome: Outcome, w: Number) -> None:
        k = (outcome, a2, d2)
        ends[k] = ends.get(k, chain.zero) + w

    resolved: dict[tuple[Classes, Classes, Step], Any] = {}

    def arrive(a2: Classes, d2: Classes, step: Step, w: Number) -> None:
        """Mass ``w`` reaches units ``a2``/``d2`` with ``step`` to roll next."""
        key = (a2, d2, step)
        to = resolved.get(key)
        if to is None:
            outcome = chain.ended(a2, d2)
            if outcome is not None:
                to = resolved[key] = (outcome, a2, d2)
            else:
                to = resolved[key] = (a2, d2, chain.normal(a2, d2, step))
        target = ends if isinstance(to[0], Outcome) else mass
        target[to] = target.get(to, chain.zero) + w

    # The root: the pending hits, then the dice of a step under way.
    p = battle.pending
    a0 = _take_hits(_take_hits(a, p[0], chain.policy), p[1], "snipers")
    d0 = _take_hits(_take_hits(d, p[2], chain.policy), p[3], "snipers")
    root: tuple[Classes, Classes, Step, Number, int] | None = None
    if chain.ended(a0, d0) is not None:
        arrive(a0, d0, battle.step, chain.one)
    elif battle.rolled:
        miss, out = chain.step_outcomes(a0, d0, battle.step, battle.rolled)
        for w, a2, d2 in out:
            arrive(a2, d2, _other(battle.step), w)
        after_miss = chain.normal(a0, d0, _other(battle.step))
        if stall_limit is not None and battle.stall + 1 >= stall_limit:
            end(a0, d0, Outcome.STAND_OFF, miss)
        elif miss:
            root = (a0, d0, after_miss, miss, battle.stall + 1)
    else:
        root = (a0, d0, chain.normal(a0, d0, battle.step), chain.one, battle.stall)

    def walk(key: tuple[Classes, Classes, Step], w: Number, k: int) -> None:
        """Spread mass ``w`` at ``key`` with ``k`` steps in a row without a hit so far.

        The steps alternate (``first``, ``second``, ``first`` ...) until one hits; only a
        step in which some unit fires is rolled. ``v1``/``v2``: how often a step of each
        kind is reached without a hit before it (a geometric series, cut at the bound).
        """
        a1, d1, first = key
        second = _other(first)
        q1, out1 = chain.step_outcomes(a1, d1, first)
        out2: list[Any] = []
        m = None if stall_limit is None else stall_limit - k  # rolled steps left
        if chain.fires(a1, d1, second):
            q2, out2 = chain.step_outcomes(a1, d1, second)
            pair = q1 * q2
            if m is None:
                v1, v2, stalled = 1 / (1 - pair), q1 / (1 - pair), chain.zero
            else:
                v1 = (1 - pair ** ((m + 1) // 2)) / (1 - pair)
                v2 = q1 * (1 - pair ** (m // 2)) / (1 - pair)
                stalled = pair ** (m // 2) * (q1 if m % 2 else chain.one)
        elif m is None:
            v1, v2, stalled = 1 / (1 - q1), chain.zero, chain.zero
        else:
            v1, v2, stalled = (1 - q1**m) / (1 - q1), chain.zero, q1**m
        w1, w2 = w * v1, w * v2
        for pw, a2, d2 in out1:
            arrive(a2, d2, second, w1 * pw)
        for pw, a2, d2 in out2:
            arrive(a2, d2, first, w2 * pw)
        if stalled:
            end(a1, d1, Outcome.STAND_OFF, w * stalled)

    if root is not None:
        walk(root[:3], root[3], root[4])
    while mass:  # every hit lowers the hits left, so the most first is in order
        top = max(_health(k[0]) + _health(k[1]) for k in mass)
        for key in [k for k in mass if _health(k[0]) + _health(k[1]) == top]:
            walk(key, mass.pop(key), 0)

    bound = 0.0
    if stall_limit is None:
        total = _health(a0) + _health(d0)
        bound = (5 / 6) ** max(0, STALL_LIMIT - battle.stall) + total * (5 / 6) ** STALL_LIMIT
    listed = sorted(
        ((o, _force(a2), _force(d2), w) for (o, a2, d2), w in ends.items() if w),
        key=lambda e: (-e[3], list(Outcome).index(e[0]), e[1].code(), e[2].code()),
    )
    return Odds(battle, policy, tuple(listed), stall_limit, bound)
