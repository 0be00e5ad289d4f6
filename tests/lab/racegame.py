"""``lab-race``: a tiny race for the lab's tests, registered only while a test runs.

Every seat has a token on a track ``0..length``. A chance roll picks who moves first
(``start = "chance"``) or seat 0 does (``"seat0"``); then seats move in turn: a step of 1
or 2 (``step1``, ``step2``: kind ``step``, ``size`` 1 or 2) or, off the start, one back
(``back``: kind ``back``). The first token to reach ``length`` wins (for its team with
``teams = "pairs"``: seats 0+2 against 1+3 in four). After ``turns`` turns the game ends
as ``turn-limit``, a draw. Seat 0 may get a ``head_start``.

Rule holes on purpose: a seat whose token stands on ``stuck_at`` has no legal action;
``crash_at`` makes applying a move onto that square raise; ``max_length`` shortens the
game's declared maximum length below what it may need.

The game's lab data declares the turn limit a safety bound, a position key for loops,
the choice ``big`` (every 2-step) and two variants.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tests.toyinfo import toy_info

from spelbord.core import CHANCE, TERMINAL, Game, Option, State
from spelbord.core.extras import Extras

BACK = 0
STEP1 = 1
STEP2 = 2


class RaceState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        opts = game.options
        n = game.num_players()
        self.pos = [0] * n
        self.pos[0] = opts["head_start"]
        self.to_move = CHANCE if opts["start"] == "chance" else 0
        self.turns = 0
        self.winner = -1

    def current_player(self) -> int:
        if self.winner >= 0 or self.turns >= self.game.options["turns"]:
            return TERMINAL
        return self.to_move

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.num_players()
        return [(seat, 1.0 / n) for seat in range(n)]

    def _legal_actions(self, seat: int) -> list[int]:
        if self.pos[seat] == self.game.options["stuck_at"]:
            return []
        return [BACK, STEP1, STEP2] if self.pos[seat] > 0 else [STEP1, STEP2]

    def _apply_action(self, action: int) -> None:
        if self.to_move == CHANCE:
            self.to_move = action
            return
        seat = self.to_move
        target = self.pos[seat] + (-1 if action == BACK else action)
        if target == self.game.options["crash_at"]:
            raise RuntimeError(f"square {target} is not on the track")
        self.pos[seat] = min(target, self.game.options["length"])
        self.turns += 1
        if self.pos[seat] >= self.game.options["length"]:
            self.winner = seat
        self.to_move = (seat + 1) % self.num_players()

    def returns(self) -> list[float]:
        n = self.num_players()
        if self.winner < 0:
            return [0.0] * n
        team = next(t for t in self.game.teams() if self.winner in t)
        return [1.0 if s in team else -1.0 for s in range(n)]

    def termination(self) -> str:
        return "finish" if self.winner >= 0 else "turn-limit"

    def margin(self) -> list[float]:
        return [float(p) for p in self.pos]

    def game_facts(self) -> dict[str, int | float | str]:
        facts: dict[str, int | float | str] = {"turns": self.turns}
        for seat, p in enumerate(self.pos):
            facts[f"s{seat}_pos"] = p
        return facts

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"seat {action} starts"
        return "back" if action == BACK else f"step{action}"

    def action_to_dict(self, action: int, seat: int | None = None) -> dict[str, Any]:
        out = super().action_to_dict(action, seat)
        if self.current_player() != CHANCE:
            out.update({"kind": "back"} if action == BACK else {"kind": "step", "size": action})
        return out

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self._state_dict()

    def _state_dict(self) -> dict[str, Any]:
        return {"pos": list(self.pos), "to_move": self.to_move, "turns": self.turns,
                "winner": self.winner}  # fmt: skip

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.pos = list(data["pos"])
        self.to_move, self.turns, self.winner = data["to_move"], data["turns"], data["winner"]

    def clone(self) -> RaceState:
        twin = RaceState(self.game)
        twin._history = list(self._history)
        twin._load_state_dict(self._state_dict())
        return twin


def position(state: RaceState) -> tuple[int, ...]:
    """The repetition key: where the tokens stand (the turn count left out)."""
    return tuple(state.pos)


LAB_DATA = {
    "caps": ["turn-limit"],
    "position_key": f"{__name__}:position",
    "choice": [
        {"name": "big", "description": "two squares at once", "match": {"kind": "step", "size": 2}},
        {"name": "retreat", "description": "one square back", "match": "kind=back"},
    ],
    "variant": [
        {"name": "short", "options": {"length": 4}},
        {"name": "long", "description": "a longer track", "options": {"length": 8}},
    ],
    "study": [
        {"name": "variants", "kind": "variants", "seats": ["random", "random"], "games": 30},
        {"name": "race-skill", "kind": "skill", "base": "2it", "steps": 3, "games": 8,
         "description": "tiny skill trace"},
    ],
}  # fmt: skip


class Race(Game):
    info = toy_info(
        "lab-race",
        "Lab Race",
        actions=3,
        length=200,
        seats=(2, 4),
        chance_outcomes=4,
        teams=True,
        seat_names=("Red", "Blue", "Green", "Gold"),
        options=(
            Option("players", 2, (2, 4), "seats"),
            Option("teams", "none", ("none", "pairs"), "teams of two in four"),
            Option("length", 6, (4, 6, 8), "squares to the finish"),
            Option("turns", 40, (10, 40, 150), "turns before the game ends drawn"),
            Option("start", "chance", ("chance", "seat0"), "who moves first"),
            Option("head_start", 0, (0, 1, 2), "seat 0's head start"),
            Option("stuck_at", -1, (-1, 3), "a square with no legal move (a hole)"),
            Option("crash_at", -1, (-1, 3), "a square whose move raises (a hole)"),
            Option("max_length", 200, (20, 200), "the declared maximum length"),
        ),
    )
    state_class = RaceState
    extras: ClassVar[Extras] = Extras(studies=f"{__name__}:LAB_DATA")

    def num_players(self) -> int:
        return int(self.options["players"])

    def max_game_length(self) -> int:
        return int(self.options["max_length"])

    def teams(self) -> list[tuple[int, ...]]:
        if self.num_players() == 4 and self.options["teams"] == "pairs":
            return [(0, 2), (1, 3)]
        return [(seat,) for seat in range(self.num_players())]

    def new_initial_state(self) -> RaceState:
        return RaceState(self)
