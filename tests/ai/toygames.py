"""Tiny test-only games for the agents (never registered: tests instantiate them directly).

- ``TicTacToe``: perfect information, two seats; the win and the block are known.
- ``Nim``: one heap, take 1-3, whoever takes the last stone wins; 2 or 3 seats. With two
  seats the winning move is to leave a multiple of four.
- ``HighCard``: hidden information with chance and (by default) a simultaneous node. Chance
  deals each seat one card from ``cards`` distinct ones; then both seats bet (1) or pass
  (0) at once, or one after the other with ``mode="sequential"``. Pass/pass: showdown for
  the ante (higher card +1/2, lower -1/2); one bet: the bettor takes the ante (+1/2); both
  bet: showdown for the whole pot (+1/-1). Betting with the top card is dominant.
- ``Lottery``: perfect information with a simultaneous node then a chance node. Every seat
  picks a ticket at once; one draw of 0-3 follows; ticket t wins (+1, else -1) when the
  draw is below ``HITS[t]`` = (1, 3, 2), so ticket 1 is every seat's best choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tests.toyinfo import toy_info

from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, Option, State

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToeState(State):
    """Squares 0-8 row by row; seat 0 plays X (1), seat 1 plays O (2)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.board = [0] * 9
        self.to_move = 0

    @classmethod
    def from_picture(cls, game: Game, picture: str, to_move: int) -> TicTacToeState:
        """A position from three rows of ``x``, ``o`` and ``.``."""
        state = cls(game)
        cells = "".join(picture.split())
        state.board = [{".": 0, "x": 1, "o": 2}[c] for c in cells.lower()]
        state.to_move = to_move
        return state

    def winner(self) -> int | None:
        for a, b, c in LINES:
            if self.board[a] and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a] - 1
        return None

    def current_player(self) -> int:
        if self.winner() is not None or all(self.board):
            return TERMINAL
        return self.to_move

    def _legal_actions(self, seat: int) -> list[int]:
        return [i for i, v in enumerate(self.board) if v == 0]

    def _apply_action(self, action: int) -> None:
        self.board[action] = self.to_move + 1
        self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        win = self.winner()
        if win is None:
            return [0.0, 0.0]
        return [1.0 if seat == win else -1.0 for seat in (0, 1)]

    def _action_to_string(self, player: int, action: int) -> str:
        return f"{'xo'[player]}{action}"

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"board": list(self.board), "to_move": self.to_move}

    def _state_dict(self) -> dict[str, Any]:
        return {"board": list(self.board), "to_move": self.to_move}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.board = list(data["board"])
        self.to_move = data["to_move"]

    def clone(self) -> TicTacToeState:
        twin = TicTacToeState(self.game)
        twin._history = list(self._history)
        twin.board = list(self.board)
        twin.to_move = self.to_move
        return twin


class TicTacToe(Game):
    info = toy_info("test-tictactoe", "Tic-tac-toe", actions=9, length=9)
    state_class = TicTacToeState

    def new_initial_state(self) -> TicTacToeState:
        return TicTacToeState(self)


class NimState(State):
    """A heap of stones; the seat to move takes 1, 2 or 3 (action = stones taken)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.stones: int = game.options["stones"]
        self.to_move = 0

    def current_player(self) -> int:
        return TERMINAL if self.stones == 0 else self.to_move

    def _legal_actions(self, seat: int) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.stones]

    def _apply_action(self, action: int) -> None:
        self.stones -= action
        if self.stones:
            self.to_move = (self.to_move + 1) % self.num_players()

    def returns(self) -> list[float]:
        if self.stones:
            return [0.0] * self.num_players()
        return [1.0 if seat == self.to_move else -1.0 for seat in range(self.num_players())]

    def heuristic_value(self) -> list[float] | None:
        """Two seats: exact (a multiple of four loses for the mover); else no estimate."""
        if self.num_players() != 2 or self.stones == 0:
            return None
        mover = 1.0 if self.stones % 4 else -1.0
        return [mover, -mover] if self.to_move == 0 else [-mover, mover]

    def _action_to_string(self, player: int, action: int) -> str:
        return f"take {action}"

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move}

    def _state_dict(self) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.stones, self.to_move = data["stones"], data["to_move"]

    def clone(self) -> NimState:
        twin = NimState(self.game)
        twin._history = list(self._history)
        twin.stones, twin.to_move = self.stones, self.to_move
        return twin


class Nim(Game):
    info = toy_info(
        "test-nim",
        "Nim",
        actions=4,
        length=40,
        seats=(2, 3),
        options=(
            Option("stones", 10, minimum=1, maximum=1000),
            Option("players", 2, choices=(2, 3)),
        ),
    )
    state_class = NimState

    def num_players(self) -> int:
        players: int = self.options["players"]
        return players

    def new_initial_state(self) -> NimState:
        return NimState(self)


PASS, BET = 0, 1


class HighCardState(State):
    """Cards 0..cards-1; ``hands[seat]`` is ``None`` until dealt; ``bets[seat]`` likewise."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.hands: list[int | None] = [None, None]
        self.bets: list[int | None] = [None, None]

    def _sequential(self) -> bool:
        return bool(self.game.options["mode"] == "sequential")

    def current_player(self) -> int:
        if None in self.hands:
            return CHANCE
        if None not in self.bets:
            return TERMINAL
        if self._sequential():
            return 0 if self.bets[0] is None else 1
        return SIMULTANEOUS

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in range(self.game.options["cards"]) if c not in self.hands]
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, seat: int) -> list[int]:
        return [PASS, BET]

    def _apply_action(self, action: int) -> None:
        if None in self.hands:
            self.hands[self.hands.index(None)] = action
        else:
            self.bets[self.bets.index(None)] = action

    def _apply_actions(self, actions: Sequence[int]) -> None:
        self.bets = list(actions)

    def _showdown(self) -> bool:
        return None not in self.bets and self.bets[0] == self.bets[1]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        if self.bets[0] != self.bets[1]:
            bettor = self.bets.index(BET)
            return [0.5 if seat == bettor else -0.5 for seat in (0, 1)]
        stake = 1.0 if self.bets[0] == BET else 0.5
        high = 0 if (self.hands[0] or 0) > (self.hands[1] or 0) else 1
        return [stake if seat == high else -stake for seat in (0, 1)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {action}"
        return "bet" if action == BET else "pass"

    def observation(self, seat: int | None) -> dict[str, Any]:
        reveal = self._showdown()
        hands = [h if reveal or seat == s else None for s, h in enumerate(self.hands)]
        bets = list(self.bets) if self._sequential() or None not in self.bets else [None, None]
        return {
            "hands": hands,
            "dealt": sum(h is not None for h in self.hands),
            "bets": bets,
        }

    def resample(self, seat: int | None, rng: random.Random) -> HighCardState:
        """Deal the cards ``seat`` has not seen uniformly from the ones it cannot rule out.

        Only what ``seat`` observes is used, so states it cannot tell apart resample alike.
        """
        twin = self.clone()
        if self._showdown():
            return twin
        seen = self.observation(seat)["hands"]
        pool = [c for c in range(self.game.options["cards"]) if c not in seen]
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            if hand is not None and seen[s] is None:
                twin.hands[s] = pool.pop()
        dealt = [h for h in twin.hands if h is not None]
        twin._history = [*dealt, *twin._history[len(dealt) :]]
        return twin

    def _state_dict(self) -> dict[str, Any]:
        return {"hands": list(self.hands), "bets": list(self.bets)}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.hands, self.bets = list(data["hands"]), list(data["bets"])

    def clone(self) -> HighCardState:
        twin = HighCardState(self.game)
        twin._history = list(self._history)
        twin.hands, twin.bets = list(self.hands), list(self.bets)
        return twin


class HighCard(Game):
    info = toy_info(
        "test-highcard",
        "High card",
        actions=2,
        length=4,
        chance_outcomes=8,
        information="imperfect",
        simultaneous=True,
        options=(
            Option("cards", 4, choices=(3, 4, 5, 6, 7, 8)),
            Option("mode", "simultaneous", choices=("simultaneous", "sequential")),
        ),
    )
    state_class = HighCardState

    def new_initial_state(self) -> HighCardState:
        return HighCardState(self)


HITS = (1, 3, 2)


class LotteryState(State):
    """``tickets`` is ``None`` until the seats pick; ``draw`` is ``None`` until chance."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.tickets: list[int] | None = None
        self.draw: int | None = None

    def current_player(self) -> int:
        if self.tickets is None:
            return SIMULTANEOUS
        return CHANCE if self.draw is None else TERMINAL

    def _legal_actions(self, seat: int) -> list[int]:
        return [0, 1, 2]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(d, 0.25) for d in range(4)]

    def _apply_actions(self, actions: Sequence[int]) -> None:
        self.tickets = list(actions)

    def _apply_action(self, action: int) -> None:
        self.draw = action

    def returns(self) -> list[float]:
        if self.tickets is None or self.draw is None:
            return [0.0] * self.num_players()
        return [1.0 if self.draw < HITS[t] else -1.0 for t in self.tickets]

    def _action_to_string(self, player: int, action: int) -> str:
        return f"draw {action}" if player == CHANCE else f"ticket {action}"

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self._state_dict()

    def _state_dict(self) -> dict[str, Any]:
        return {"tickets": self.tickets, "draw": self.draw}

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.tickets, self.draw = data["tickets"], data["draw"]

    def clone(self) -> LotteryState:
        twin = LotteryState(self.game)
        twin._history = list(self._history)
        twin.tickets = None if self.tickets is None else list(self.tickets)
        twin.draw = self.draw
        return twin


class Lottery(Game):
    info = toy_info(
        "test-lottery",
        "Lottery",
        actions=3,
        length=2,
        seats=(2, 3),
        chance_outcomes=4,
        simultaneous=True,
        options=(Option("players", 2, choices=(2, 3)),),
    )
    state_class = LotteryState

    def num_players(self) -> int:
        players: int = self.options["players"]
        return players

    def new_initial_state(self) -> LotteryState:
        return LotteryState(self)
