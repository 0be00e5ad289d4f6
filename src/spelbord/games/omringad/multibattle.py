"""Battles of any number of parties, with the special units and the dragon (R123, R110-R117).

A *party* is one player's units in the battle, or the dragon (owned by ``NEUTRAL``). The
parties are listed in order of arrival: the first is the defender (there first this
round, or the dragon), the others attacked in that order. Each step, every party rolls one
die per firing unit (in party order); each hit then needs two decisions (R123):

1. its *target*: which enemy party takes it, chosen by the roller (forced when only one
   enemy party can still be hit; the dragon strikes the earliest arrival still standing);
2. its *allocation*: which unit of that party it strikes, chosen by the party hit, or by
   the roller for the snipers' hits (R117).

Forced decisions (one choice, or identical units) are made automatically. The battle ends
when at most one camp (a team, a lone player, the dragon) still has units that can be hit,
when no camp can hit any other any more or after ``STALL_LIMIT`` rolled steps in a row
without a hit (a stand-off: the attackers return, R48, R92), or when the defender spends
its diplomat (R110).

>>> p = (Party(1, (Unit(Kind.MERCENARY, damaged=True),), attacking=False),
...      Party(0, (Unit(Kind.RIDER),), attacking=True))
>>> b = MultiBattle.start(0, Terrain.BARE, p)
>>> b.step, [(d.party, d.unit.code, d.needed) for d in b.dice()]
(<Step.MELEE: 'melee'>, [(0, 'm', 6), (1, 'R', 4)])
>>> b = b.roll((2, 5))
>>> b.parties[0].units, b.is_over(), b.winner()
((), True, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.battle import (
    Side,
    Step,
    absorbable_hits,
    hit_targets,
    hits,
    needed_die,
    take_hit,
)
from spelbord.games.omringad.specials import (
    NEUTRAL,
    diplomat_can_cancel,
    general_bonus,
    hit_allocator,
    horses_survive,
    spend_diplomat,
)
from spelbord.games.omringad.terrain import TERRAIN, Terrain
from spelbord.games.omringad.units import UNITS, Kind, Unit

STALL_LIMIT = 20
"""Rolled steps in a row without a hit that make a stand-off (R92; ``rules.STALL_LIMIT``)."""


class MultiBattleError(SpelbordError):
    """A roll, target or allocation the battle does not allow now."""


@dataclass(frozen=True)
class Party:
    """One player's units in a battle (``owner`` ``NEUTRAL`` for the dragon)."""

    owner: int
    units: tuple[Unit, ...]
    attacking: bool

    def alive(self) -> bool:
        """Whether it still has a unit that can be hit (horses alone do not count)."""
        return any(UNITS[u.kind].hittable for u in self.units)

    def side(self) -> Side:
        return Side(self.owner, self.units, self.attacking)


@dataclass(frozen=True)
class PartyDie:
    """One die of a step: the rolling party (index), its unit, modifier and lowest hit."""

    party: int
    unit: Unit
    modifier: int
    needed: int


@dataclass(frozen=True)
class PendingHit:
    """A hit scored and not yet allocated: the shooting party, its unit, its target party."""

    shooter: int
    kind: Kind
    target: int | None = None


@dataclass(frozen=True)
class Decision:
    """The decision the battle waits for: ``what`` is ``"target"`` (choose a party index)
    or ``"allocate"`` (choose a unit), made by seat ``seat``; ``options`` sorted."""

    what: str
    seat: int
    options: tuple[int, ...] | tuple[Unit, ...]


def _without_lone_horses(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """The units, without the horses if nothing else is left with them (R112)."""
    return units if horses_survive(units) else ()


def camp(owner: int, teams: Sequence[int] | None) -> int:
    """A party's camp: its team (by number) or the lone player; the dragon is its own."""
    if owner == NEUTRAL:
        return NEUTRAL
    return owner if teams is None else len(teams) + teams[owner]


@dataclass(frozen=True)
class MultiBattle:
    """A battle in progress on one square between two or more parties (R123)."""

    square: int
    terrain: Terrain
    parties: tuple[Party, ...]
    teams: tuple[int, ...] | None = None
    step: Step = Step.RANGED
    pending: tuple[PendingHit, ...] = ()
    cancelled: bool = False
    stall: int = 0
    """Rolled steps in a row in which no die hit (R92)."""

    @classmethod
    def start(
        cls,
        square: int,
        terrain: Terrain,
        parties: Sequence[Party],
        teams: Sequence[int] | None = None,
    ) -> MultiBattle:
        """The battle before its first roll, past any step in which nobody fires."""
        if len(parties) < 2:
            raise MultiBattleError("a battle needs two parties")
        b = cls(square, terrain, tuple(parties), tuple(teams) if teams is not None else None)
        return b._skip_empty()

    # ------------------------------------------------------------------ who fights whom
    def enemies(self, i: int, j: int) -> bool:
        """Whether parties ``i`` and ``j`` fight each other (different camps)."""
        a, b = self.parties[i].owner, self.parties[j].owner
        return i != j and camp(a, self.teams) != camp(b, self.teams)

    def _enemy_units(self, i: int) -> list[tuple[Unit, ...]]:
        return [p.units for j, p in enumerate(self.parties) if self.enemies(i, j)]

    def modifier(self, i: int, unit: Unit) -> int:
        """Everything added to ``unit``'s die in party ``i`` (R42-R44, R113).

        The general's +1 (cancelled by a live enemy infiltrator), the castle for the
        defender, elite soldiers defending a mountain, archers and catapults in a forest.
        """
        party = self.parties[i]
        t = TERRAIN[self.terrain]
        m = general_bonus(party.units, self._enemy_units(i))
        if not party.attacking:
            m += t.defence_bonus
            if UNITS[unit.kind].mountain_defender:
                m += t.elite_defence_bonus
        if UNITS[unit.kind].forest_penalised:
            m += t.ranged_penalty
        return m

    def dice(self) -> tuple[PartyDie, ...]:
        """The dice of the step about to be rolled, party by party in arrival order."""
        out = []
        for i, party in enumerate(self.parties):
            if not party.alive() or not self._has_enemy_alive(i):
                continue
            for u in party.units:
                t = UNITS[u.kind]
                if t.fights and t.ranged == (self.step == Step.RANGED):
                    m = self.modifier(i, u)
                    assert u.strength is not None
                    out.append(PartyDie(i, u, m, needed_die(u.strength, m)))
        return tuple(out)

    def _has_enemy_alive(self, i: int) -> bool:
        return any(self.enemies(i, j) and p.alive() for j, p in enumerate(self.parties))

    # ------------------------------------------------------------------ rolling
    def roll(self, faces: Sequence[int]) -> MultiBattle:
        """The battle after this step's dice show ``faces`` (one per die, in order)."""
        if self.pending or self.is_over():
            raise MultiBattleError("cannot roll now")
        dice = self.dice()
        if len(faces) != len(dice):
            raise MultiBattleError(f"{len(dice)} dice to roll, got {len(faces)} faces")
        scored = tuple(
            PendingHit(d.party, d.unit.kind)
            for d, f in zip(dice, faces, strict=True)
            if hits(f, d.unit.strength or 0, d.modifier)
        )
        nxt = Step.MELEE if self.step == Step.RANGED else Step.RANGED
        stall = 0 if scored else self.stall + 1
        return replace(self, step=nxt, pending=scored, stall=stall)._settle()

    def _skip_empty(self) -> MultiBattle:
        b = self
        for _ in range(2):
            if b.pending or b.is_over() or b.dice():
                return b
            b = replace(b, step=Step.MELEE if b.step == Step.RANGED else Step.RANGED)
        return b

    # ------------------------------------------------------------------ decisions
    def target_options(self, hit: PendingHit) -> tuple[int, ...]:
        """The enemy parties of the shooter that can still take a hit (R123)."""
        return tuple(
            j for j, p in enumerate(self.parties) if self.enemies(hit.shooter, j) and p.alive()
        )

    def decision(self) -> Decision | None:
        """What the battle waits for now, or ``None`` (roll next, or over)."""
        if not self.pending:
            return None
        hit = self.pending[0]
        shooter = self.parties[hit.shooter].owner
        if hit.target is None:
            return Decision("target", shooter, self.target_options(hit))
        target = self.parties[hit.target]
        seat = hit_allocator(hit.kind, shooter, target.owner)
        return Decision("allocate", seat, hit_targets(target.side()))

    def choose_target(self, party: int) -> MultiBattle:
        """The roller sends the first pending hit to enemy party ``party`` (R123)."""
        d = self.decision()
        if d is None or d.what != "target" or party not in d.options:
            raise MultiBattleError(f"cannot send this hit to party {party}")
        first = replace(self.pending[0], target=party)
        return replace(self, pending=(first, *self.pending[1:]))._settle()

    def allocate(self, unit: Unit) -> MultiBattle:
        """The allocator puts the first pending hit on ``unit`` of the target party."""
        d = self.decision()
        if d is None or d.what != "allocate" or unit not in d.options:
            raise MultiBattleError(f"cannot allocate this hit to {unit.code}")
        target = self.pending[0].target
        assert target is not None
        hit_party = self.parties[target]
        after = take_hit(hit_party.side(), unit)
        parties = list(self.parties)
        parties[target] = replace(hit_party, units=after.units)
        return replace(self, parties=tuple(parties), pending=self.pending[1:])._settle()

    def _forced_target(self, hit: PendingHit) -> int | None:
        """The party ``hit`` must go to: chosen already, the only option, or, for the
        dragon, the earliest arrival still standing (R111)."""
        if hit.target is not None:
            return hit.target
        options = self.target_options(hit)
        if options and (len(options) == 1 or self.parties[hit.shooter].owner == NEUTRAL):
            return options[0]
        return None

    def _bound_for(self, party: int) -> int:
        """How many pending hits, from the first on, are bound for ``party`` (R45)."""
        n = 0
        for hit in self.pending:
            if self._forced_target(hit) != party:
                break
            n += 1
        return n

    def _settle(self) -> MultiBattle:
        """Make every forced decision and drop hits nobody can take."""
        b = self
        while b.pending:
            hit = b.pending[0]
            if hit.target is None:
                if not b.target_options(hit):
                    b = replace(b, pending=b.pending[1:])  # nobody left to take it
                    continue
                forced = b._forced_target(hit)
                if forced is None:
                    return b
                b = replace(b, pending=(replace(hit, target=forced), *b.pending[1:]))
                continue
            d = b.decision()
            assert d is not None
            if len(d.options) != 1 and b._bound_for(hit.target) < absorbable_hits(
                b.parties[hit.target].side()
            ):
                return b
            unit = d.options[0]
            assert isinstance(unit, Unit)
            b = b.allocate(unit)
        return b._skip_empty()

    # ------------------------------------------------------------------ the diplomat
    def can_cancel(self, seat: int) -> bool:
        """Whether ``seat`` may spend its diplomat now to end the battle (R110)."""
        if self.pending or self.is_over():
            return False
        return any(
            p.owner == seat and diplomat_can_cancel(p.units, not p.attacking) for p in self.parties
        )

    def cancel(self, seat: int) -> MultiBattle:
        """``seat``'s diplomat is spent: the battle ends, the attackers return (R110)."""
        if not self.can_cancel(seat):
            raise MultiBattleError(f"seat {seat} has no diplomat defending here")
        parties = tuple(
            replace(p, units=_without_lone_horses(spend_diplomat(p.units)))
            if p.owner == seat
            else p
            for p in self.parties
        )
        return replace(self, parties=parties, cancelled=True)

    # ------------------------------------------------------------------ the end
    def camps_alive(self) -> set[int]:
        return {camp(p.owner, self.teams) for p in self.parties if p.alive()}

    def is_over(self) -> bool:
        """Nothing pending and: cancelled, at most one camp left, or nobody can hit (R48)."""
        if self.pending:
            return False
        if self.cancelled or self.stall >= STALL_LIMIT or len(self.camps_alive()) <= 1:
            return True
        for i, p in enumerate(self.parties):
            if (
                p.alive()
                and self._has_enemy_alive(i)
                and any(UNITS[u.kind].fights for u in p.units)
            ):
                return False
        return True

    def winner(self) -> int | None:
        """The owner of the last party standing (``NEUTRAL``: the dragon), else ``None``."""
        if not self.is_over():
            raise MultiBattleError("the battle is not over")
        alive = [p for p in self.parties if p.alive()]
        if self.cancelled or self.stall >= STALL_LIMIT:
            return None
        if len(self.camps_alive()) != 1 or len(alive) != 1:
            return None
        return alive[0].owner

    def attackers_return(self) -> bool:
        """Whether the surviving attackers go back where they came from (R48, R110)."""
        if not self.is_over():
            return False
        return self.cancelled or self.stall >= STALL_LIMIT or len(self.camps_alive()) > 1
