"""Scripted Gunst plans (games/gunst/rules/reference.en.md): what a beginner would try.

Every plan shares the in-round play of ``GunstPlan`` (go first, deities on the rows that
hit hardest, scholars strike; Archimedes leaves the rows as they are, where the rules
allow it, R12, when the only row it could move is the warriors') and differs in what it
brings at the Tinge (R4) and which deity its favour and farmers raise (R7, R18; a spent
deity, R13, is not on the track and never among the choices):

* ``hoarder``: bring nothing in seasons 1-3 and take the favour each time (Archimedes,
  then Extazia, then Vandringsmanden); in season 4 bring everything: Archimedes moves the
  farmers onto the warriors, Extazia doubles them.
* ``trickle``: one kin a season (a warrior while it has one, else a scholar, ...).
* ``all-in``: everything it holds, kin and ready deities, every season.
* ``deity-rush``: farmers and raising scholars until two deities are ready, then
  everything with the deities.
* ``banisher`` (the answer to the hoarder): all three farmers in season 1 to raise
  Vandringsmanden, nothing in seasons 2-3, then everything but the farmers with the ready
  deities, letting the opponent go first so that Vandringsmanden banishes the row its
  deities have built up (R10).
"""

from __future__ import annotations

from typing import Any, ClassVar

from spelbord.ai.scripted.base import ScriptedAgent
from spelbord.ai.view import SeatView
from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import (
    ARCHIMEDES,
    DEITIES,
    EURIKA,
    EXTAZIA,
    FARMER,
    KNIGHT,
    SCHOLAR,
    SEASONS,
    THIEF,
    VANDRINGSMANDEN,
    WARRIOR,
    Selection,
)

ROW_WEIGHT = {KNIGHT: 0.8, WARRIOR: 1.0, FARMER: 0.3, THIEF: 0.2, SCHOLAR: 0.9}
"""How much one piece in a row hurts the opponent (a beginner's guess)."""

NOTHING = Selection((0, 0, 0, 0, 0), 0).code


def ready_mask(obs: dict[str, Any], seat: int) -> int:
    """Bitmask of ``seat``'s deities in the hand (they may be brought)."""
    places = obs["deities"][seat]
    return sum(1 << d.index for d in DEITIES if places[d.name] == "hand")


def everything(obs: dict[str, Any], seat: int) -> int:
    """The selection of every kin in hand and every ready deity."""
    return Selection(tuple(obs["hand"][seat]), ready_mask(obs, seat)).code


class GunstPlan(ScriptedAgent):
    """The shared in-round play; subclasses give ``bring`` (the Tinge selection)."""

    game = "gunst"
    deity_order: ClassVar[tuple[int, ...]] = (ARCHIMEDES, EXTAZIA, VANDRINGSMANDEN, EURIKA)
    invoke_order: ClassVar[tuple[int, ...]] = (ARCHIMEDES, EURIKA, EXTAZIA, VANDRINGSMANDEN)

    def bring(self, obs: dict[str, Any], seat: int) -> int:
        raise NotImplementedError

    def scholar_mode(self, obs: dict[str, Any], seat: int) -> int:
        return A.MODE_STRIKE

    def choose(self, view: SeatView, actions: list[int]) -> int | None:
        obs = view.observation()
        seat = view.seat
        phase = obs["phase"]
        if phase == "tinge":
            return self.bring(obs, seat)
        kinds = {A.kind_of(a)[0] for a in actions}
        if kinds == {"first"}:
            return A.FIRST + seat
        if kinds == {"mode"}:
            return self.scholar_mode(obs, seat)
        if kinds == {"deity"}:
            order = self.invoke_order if phase == "invoke" else self.deity_order
            for deity in order:
                if A.DEITY + deity in actions:
                    return A.DEITY + deity
            return None
        if kinds <= {"row", "leave"}:
            return self._row(obs, seat, phase, actions)
        return None

    def _row(self, obs: dict[str, Any], seat: int, phase: str, actions: list[int]) -> int | None:
        deity = obs["deity_in_use"]
        rows = obs["rows"]
        mine, theirs = rows[seat], rows[1 - seat]

        def worth(side: list[list[int]], r: int) -> float:
            return len(side[r]) * ROW_WEIGHT[r]

        score: dict[int, float] = {}
        for a in actions:
            r = a - A.ROW
            if a == A.LEAVE:  # R12 (version 3): worth more than moving the warriors only
                score[a] = 0.0
            elif phase == "target":
                if deity == EXTAZIA:
                    score[a] = worth(mine, r)
                elif deity in (VANDRINGSMANDEN, EURIKA):
                    score[a] = worth(theirs, r)
                elif deity == ARCHIMEDES:  # move a row that is not where the damage is
                    score[a] = len(mine[r]) - (10.0 if r == WARRIOR else 0.0)
            elif phase == "dest":
                doubled = obs["doubled"][seat]
                score[a] = 2.0 if r == doubled else (1.0 if r == WARRIOR else 0.0)
        return self.pick(actions, score)


class Hoarder(GunstPlan):
    plan = "hoarder"
    summary = "nothing in seasons 1-3 (taking the favour), everything in season 4"

    def bring(self, obs: dict[str, Any], seat: int) -> int:
        return everything(obs, seat) if obs["season"] >= SEASONS else NOTHING


class Trickle(GunstPlan):
    plan = "trickle"
    summary = "one kin a season: a warrior while it has one, then scholar, knight, ..."

    def bring(self, obs: dict[str, Any], seat: int) -> int:
        hand = obs["hand"][seat]
        for kind in (WARRIOR, SCHOLAR, KNIGHT, FARMER, THIEF):
            if hand[kind]:
                kin = [0] * 5
                kin[kind] = 1
                return Selection(tuple(kin), 0).code
        return NOTHING


class AllIn(GunstPlan):
    plan = "all-in"
    summary = "every kin in hand and every ready deity, every season"

    def bring(self, obs: dict[str, Any], seat: int) -> int:
        return everything(obs, seat)


class DeityRush(GunstPlan):
    plan = "deity-rush"
    summary = "farmers and raising scholars until two deities are ready, then everything"
    deity_order = (EXTAZIA, ARCHIMEDES, VANDRINGSMANDEN, EURIKA)

    def _rushing(self, obs: dict[str, Any], seat: int) -> bool:
        ready = bin(ready_mask(obs, seat)).count("1")
        hand = obs["hand"][seat]
        return ready < 2 and obs["season"] < SEASONS and hand[FARMER] + hand[SCHOLAR] > 0

    def bring(self, obs: dict[str, Any], seat: int) -> int:
        if self._rushing(obs, seat):
            hand = obs["hand"][seat]
            return Selection((0, 0, hand[FARMER], 0, hand[SCHOLAR]), 0).code
        return everything(obs, seat)

    def scholar_mode(self, obs: dict[str, Any], seat: int) -> int:
        places = obs["deities"][seat].values()
        movable = any(p in ("start", "Tusmørket", "Tågen") for p in places)
        if obs["season"] < SEASONS and movable:
            return A.MODE_RAISE
        return A.MODE_STRIKE


class Banisher(GunstPlan):
    plan = "banisher"
    summary = "farmers for Vandringsmanden, hold, then banish the row the opponent built"
    deity_order = (VANDRINGSMANDEN, EXTAZIA, ARCHIMEDES, EURIKA)
    invoke_order = (VANDRINGSMANDEN, EXTAZIA, ARCHIMEDES, EURIKA)

    def bring(self, obs: dict[str, Any], seat: int) -> int:
        hand = obs["hand"][seat]
        if obs["season"] == 1:
            return Selection((0, 0, hand[FARMER], 0, 0), 0).code
        if obs["season"] < SEASONS:
            return NOTHING
        return Selection((hand[0], hand[1], 0, hand[3], hand[4]), ready_mask(obs, seat)).code

    def choose(self, view: SeatView, actions: list[int]) -> int | None:
        if view.observation()["phase"] == "order":
            return A.FIRST + 1 - view.seat
        return super().choose(view, actions)


PLANS: tuple[type[GunstPlan], ...] = (Hoarder, Trickle, AllIn, DeityRush, Banisher)
