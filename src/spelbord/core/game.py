"""The game protocol: ``Game`` (facts and options) and ``State`` (one position).

It follows OpenSpiel's conventions. ``State`` is a template: the public methods handle
terminal, chance and simultaneous nodes, legality checks and history in one place; a game
implements the underscored hooks for "in progress, this seat decides".

Seats are 0..n-1. ``current_player()`` returns a seat or one of the sentinels below.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from spelbord.core.clock import Clock
from spelbord.core.errors import (
    IllegalActionError,
    NotationError,
    OutOfTurnError,
    PerftEngineError,
    StateFormatError,
)
from spelbord.core.extras import Extras, resolve
from spelbord.core.info import GameInfo
from spelbord.core.outcome import Outcome

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

Move = int | tuple[int, ...]
"""One entry of a state's history: an action, or a joint action at a simultaneous node."""

S = TypeVar("S", bound="State")


class Game(ABC):
    """A game with its options fixed: the factory of states.

    Subclasses set ``info`` and ``state_class`` and may override ``num_players``; what a
    game offers beside its rules (an analysis board, puzzles, facts, tools, agents ...) it
    declares by dotted path in ``extras`` (``core.extras``).
    ``rules_version`` (default: the newest, ``info.version``) selects the rules a game is
    played under, so that records of an older version replay as they were played; rules
    code asks ``self.game.rules_version`` wherever an older version behaved differently.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    extras: ClassVar[Extras] = Extras()
    """What the game offers beside its rules, by dotted path (``core.extras``): none by
    default."""

    def __init__(self, *, rules_version: int | None = None, **options: Any) -> None:
        self.rules_version: int = (
            self.info.version if rules_version is None else self.info.check_version(rules_version)
        )
        self.options: dict[str, Any] = self.info.resolve_options(options)

    @property
    def name(self) -> str:
        return self.info.name

    def num_players(self) -> int:
        return self.info.max_seats

    def num_distinct_actions(self) -> int:
        return self.info.num_distinct_actions

    def max_game_length(self) -> int:
        return self.info.max_game_length

    def teams(self) -> list[tuple[int, ...]]:
        """Seats that win and lose together; by default every seat alone."""
        return [(seat,) for seat in range(self.num_players())]

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first decision (or first chance event)."""

    def from_json(self, text: str) -> State:
        """Read back a state written by ``State.to_json`` for this game and these options."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise StateFormatError(f"not a JSON state: {exc}") from None
        if not isinstance(data, dict) or data.get("game") != self.name:
            raise StateFormatError(f"not a {self.name} state")
        if data.get("options") != self.options:
            raise StateFormatError(
                f"state options {data.get('options')} differ from the game's {self.options}"
            )
        if data.get("version", self.info.oldest_version) != self.rules_version:
            raise StateFormatError(
                f"state rules version {data.get('version')} differs from the game's "
                f"{self.rules_version}"
            )
        state = self.new_initial_state()
        try:
            state._history = [m if isinstance(m, int) else tuple(m) for m in data["history"]]
            state._load_state_dict(data["state"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise StateFormatError(f"malformed {self.name} state: {exc!r}") from None
        return state

    def replay(self, moves: Sequence[Move]) -> State:
        """The state reached from the start by ``moves`` (actions or joint actions)."""
        state = self.new_initial_state()
        for move in moves:
            if isinstance(move, int):
                state.apply_action(move)
            else:
                state.apply_actions(list(move))
        return state

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        if self.rules_version != self.info.version:
            opts = f"rules_version={self.rules_version}" + (f", {opts}" if opts else "")
        return f"<{type(self).__name__} {self.name}({opts})>"


def format_observation(observation: dict[str, Any]) -> str:
    """An observation as ``key: value`` lines (nested values as compact JSON).

    >>> print(format_observation({"seat": 0, "hand": [1, 2]}))
    seat: 0
    hand: [1, 2]
    """
    lines = []
    for key, value in observation.items():
        shown = value if isinstance(value, str) else json.dumps(value, separators=(", ", ": "))
        lines.append(f"{key}: {shown}")
    return "\n".join(lines)


class State(ABC):
    """One position of a game, with the history that led to it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[Move] = []

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def current_player(self) -> int:
        """A seat, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[int]:
        """Sorted legal actions of ``seat``; called only when that seat decides now."""

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError(f"{self.game.name} has no chance nodes")

    @abstractmethod
    def _apply_action(self, action: int) -> None:
        """Apply a legal action (single seat or chance); legality is already checked."""

    def _apply_actions(self, actions: Sequence[int]) -> None:
        raise NotImplementedError(f"{self.game.name} has no simultaneous nodes")

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat: the final returns at a terminal state, zeros before."""

    @abstractmethod
    def _action_to_string(self, player: int, action: int) -> str:
        """The notation of ``action`` when ``player`` (a seat or ``CHANCE``) takes it."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready view of exactly what ``seat`` may know (``None``: a spectator)."""

    def observation_view(self, seat: int | None) -> dict[str, Any]:
        """The same readings as ``observation(seat)``, for search: a game may return a view
        that computes each entry when first read (only valid while this state does not
        change). By default the observation itself."""
        return self.observation(seat)

    @abstractmethod
    def _state_dict(self) -> dict[str, Any]:
        """Everything that defines this state beyond its history, JSON-ready."""

    @abstractmethod
    def _load_state_dict(self, data: dict[str, Any]) -> None:
        """The inverse of ``_state_dict`` (on a fresh initial state)."""

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy (cheap: search clones constantly)."""

    def observation_string(self, seat: int | None) -> str:
        """A terminal text of exactly what ``seat`` may see (``None``: a spectator).

        Perfect information: the whole board (``str(self)``). Otherwise the observation as
        ``key: value`` lines; hidden-information games override this with a real picture.
        """
        if self.game.info.information == "perfect":
            return str(self)
        return format_observation(self.observation(seat))

    def resample(self: S, seat: int | None, rng: random.Random) -> S:
        """A full state consistent with everything ``seat`` knows.

        Perfect-information games return a clone; hidden-information games override this.
        """
        if self.game.info.information != "perfect":
            raise NotImplementedError(f"{self.game.name} must implement resample")
        return self.clone()

    def determinize(self: S, seat: int | None, rng: random.Random) -> S:
        """A state ``seat`` cannot tell from this one now, for a search to play on.

        Like ``resample``, but its history need not replay (a game may hand it out with
        none), so a game whose ``resample`` rewrites the past can deal it much faster.
        Default: ``resample``.
        """
        return self.resample(seat, rng)

    def margin(self) -> list[float] | None:
        """Per seat, the game's own measure of how clearly it did (for tournament standings).

        A tournament's point difference for a seat is its margin minus its opponents'
        (Omringad: points scored; Coerceo: pieces left; Gunst: life stones; Slag for
        Islandet: points or units left). ``None``: the game declares no margin.
        """
        return None

    def heuristic_value(self) -> list[float] | None:
        """Per seat, a fast estimate of the returns in [-1, 1] (for search cut-offs).

        ``None`` when the game offers none; games with a good evaluation override this.
        """
        return None

    def perft_engines(self) -> tuple[str, ...]:
        """The move generators ``perft`` can count with here, the default first.

        Every game has ``"api"``: the recursion over the public API (``legal_actions``,
        ``clone``, ``apply_action``) below. A game with a fast perft of its own names its
        generators before it (a compiled core where it is built, a generator in Python);
        they must all give the same counts.
        """
        return ("api",)

    def perft(self, depth: int, engine: str | None = None) -> int:
        """Move-generation count: leaves of the game tree ``depth`` decisions deep.

        Chance and simultaneous nodes count every outcome / joint action; a terminal state
        is one leaf. ``engine`` picks one of ``perft_engines()`` (default: the first);
        another name raises ``PerftEngineError``. Games with a fast move generator override
        this; the counts must agree.
        """
        if engine not in (None, "api"):
            raise PerftEngineError(
                f"{self.game.name} has no perft engine {engine!r} here "
                f"(it has: {', '.join(self.perft_engines())})"
            )
        if depth < 0:
            raise ValueError(f"perft depth must be at least 0, not {depth}")
        if depth == 0 or self.is_terminal():
            return 1
        player = self.current_player()
        total = 0
        if player == SIMULTANEOUS:
            import itertools

            per_seat = [self.legal_actions(s) for s in range(self.num_players())]
            for joint in itertools.product(*per_seat):
                child = self.clone()
                child.apply_actions(list(joint))
                total += child.perft(depth - 1, "api")
            return total
        for action in self.legal_actions():
            child = self.clone()
            child.apply_action(action)
            total += child.perft(depth - 1, "api")
        return total

    def termination(self) -> str:
        """Why the game ended (a short word); only meaningful at a terminal state."""
        return "ended"

    def decided_by(self) -> tuple[int, ...]:
        """The seats whose play ended the game, where the game names some (Omringad: who
        reached the target), for a result in words ("Azure reached the target"); ``()``
        when the termination says it all (a stalemate, the turn limit). Only meaningful at
        a terminal state."""
        return ()

    def game_facts(self) -> dict[str, int | float | str]:
        """Facts about the game played so far, for the lab's records: a flat dict.

        Keys are short snake_case names; a fact about one seat starts with ``s<seat>_``
        (``s0_bought_archer``). Values are ints, floats or short texts. A game declares the
        function that computes them as its ``facts`` extra (``core.extras``); a game
        without one reports an empty dict.
        """
        path = self.game.extras.facts
        if path is None:
            return {}
        facts: dict[str, int | float | str] = resolve(path)(self)
        return facts

    # ------------------------------------------------------------------ public API
    def history(self) -> list[Move]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def num_players(self) -> int:
        return self.game.num_players()

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Sorted, unique legal actions.

        ``seat=None`` means whoever decides now (chance included); at a simultaneous node a
        seat must be named. A seat that does not decide now has no legal actions.
        """
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            if seat is not None:
                return []
            return [a for a, _ in self._chance_outcomes()]
        if player == SIMULTANEOUS:
            if seat is None:
                raise OutOfTurnError("a simultaneous node: name the seat (legal_actions(seat))")
            self._check_seat(seat)
            return self._legal_actions(seat)
        if seat is not None and seat != player:
            return []
        return self._legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability), ...]`` at a chance node, else ``[]``."""
        if self.current_player() != CHANCE:
            return []
        return self._chance_outcomes()

    def apply_action(self, action: int) -> None:
        """Apply one action at a single-seat or chance node; illegal ones change nothing."""
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError("the game is over")
        if player == SIMULTANEOUS:
            raise OutOfTurnError("a simultaneous node: use apply_actions([a0, a1, ...])")
        if not self._is_legal(player, action):
            who = "chance" if player == CHANCE else f"seat {player}"
            raise IllegalActionError(f"action {action!r} is not legal for {who} here")
        self._apply_action(action)
        self._history.append(action)

    def apply_actions(self, actions: Sequence[int]) -> None:
        """Apply one action per seat at a simultaneous node (no-op actions included)."""
        if self.current_player() != SIMULTANEOUS:
            raise OutOfTurnError("not a simultaneous node: use apply_action(a)")
        actions = list(actions)
        if len(actions) != self.num_players():
            raise IllegalActionError(
                f"need one action per seat ({self.num_players()}), got {len(actions)}"
            )
        for seat, action in enumerate(actions):
            if not self._is_legal(seat, action):
                raise IllegalActionError(f"action {action!r} is not legal for seat {seat} here")
        self._apply_actions(actions)
        self._history.append(tuple(actions))

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` for search, without checking ``action`` again: the caller took
        it from this very state's ``legal_actions()`` or ``chance_outcomes()`` (an action
        that is not legal here leaves the state undefined)."""
        self._apply_action(action)
        self._history.append(action)

    def apply_legal_actions(self, actions: Sequence[int]) -> None:
        """``apply_actions`` for search, without checking the actions again (each taken
        from its seat's ``legal_actions(seat)`` in this very state)."""
        actions = list(actions)
        self._apply_actions(actions)
        self._history.append(tuple(actions))

    def _is_legal(self, player: int, action: Any) -> bool:
        """Whether ``player`` may take ``action`` now; games may override for speed."""
        if not isinstance(action, int) or isinstance(action, bool):
            return False
        if player == CHANCE:
            return any(a == action for a, _ in self._chance_outcomes())
        return action in self._legal_actions(player)

    def action_to_string(self, action: int, seat: int | None = None) -> str:
        """The notation of ``action`` for ``seat`` (default: whoever decides now)."""
        player = self.current_player() if seat is None else seat
        return self._action_to_string(player, action)

    def decision_clock(self, seat: int) -> Clock | None:
        """The clock on ``seat``'s decision now, or ``None`` (the default: no clock).

        A game whose rules time a decision (a bid clock) returns how long ``seat`` has and
        the legal action taken for it when the time runs out; the server counts it down.
        """
        return None

    def action_visible_to(self, player: int, action: int, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for a spectator) may see the notation of
        ``action`` taken here by ``player`` (a seat or ``CHANCE``), this state being the one
        before the action.

        Move lists and replays use this; it must agree with ``observation``. By default
        everything is visible in perfect-information games, and otherwise only a seat's own
        actions; games with public moves in a hidden-information game override it.
        """
        if self.game.info.information == "perfect":
            return True
        return player >= 0 and player == viewer

    def action_to_dict(self, action: int, seat: int | None = None) -> dict[str, Any]:
        """A JSON-ready description of ``action`` for user interfaces.

        Always has ``action`` and ``text``; games add structure (fields, squares, kinds)
        so a front end can highlight where a piece may go without parsing notation.
        """
        return {"action": action, "text": self.action_to_string(action, seat)}

    def move_marks(self, action: int, player: int) -> tuple[str, ...]:
        """What the move list marks about ``action`` taken here by ``player`` (a seat or
        ``CHANCE``; at a simultaneous node one seat's part), this state being the one
        before the action: the game's own names of the events it brings about, e.g.
        ``("capture",)``. Each name is a key of the game's web catalogue (``mark.<name>``
        its words, ``mark.<name>.symbol`` its sign); ``()`` for an ordinary move (the
        default). A mark is shown only to those who may see the move's notation
        (``action_visible_to``), so it must say nothing the notation does not reveal to
        them once the move is played. It never changes this state.
        """
        return ()

    def legal_to_dicts(self, seat: int) -> list[dict[str, Any]]:
        """The legal actions of ``seat`` as a front end gets them (the VIEW's ``legal``).

        By default one ``action_to_dict`` per legal action. A game whose seat may face
        hundreds of similar actions (a choice of counts) describes them in a compact
        structured form its renderer understands instead; every entry has a ``kind``
        or an ``action``. The VIEW lists the plain action ids in ``actions`` as well.
        A game may share the entries between calls: the caller must not change them.
        """
        return [self.action_to_dict(a, seat) for a in self.legal_actions(seat)]

    def string_to_action(self, text: str, seat: int | None = None) -> int:
        """Parse notation into a legal action of ``seat`` (default: whoever decides now).

        Raises ``NotationError`` when the text names no legal action.
        """
        player = self.current_player() if seat is None else seat
        if player == TERMINAL:
            raise NotationError("the game is over")
        wanted = text.strip()
        actions = (
            [a for a, _ in self._chance_outcomes()]
            if player == CHANCE
            else self.legal_actions(player)
        )
        for action in actions:
            if self._action_to_string(player, action) == wanted:
                return action
        folded = wanted.casefold()
        matches = [a for a in actions if self._action_to_string(player, a).casefold() == folded]
        if len(matches) == 1:
            return matches[0]
        raise NotationError(f"{text!r} is not a legal action here")

    def outcome(self) -> Outcome | None:
        """The outcome at a terminal state, else ``None``."""
        if not self.is_terminal():
            return None
        return Outcome(tuple(self.returns()), self.termination())

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "version": self.game.rules_version,
            "options": self.game.options,
            "history": [m if isinstance(m, int) else list(m) for m in self._history],
            "state": self._state_dict(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.num_players():
            raise OutOfTurnError(f"no seat {seat!r} in a {self.num_players()}-seat game")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} move {self.move_number()} to play {self.current_player()}>"
