"""What a game offers for study: an analysis board and puzzles (hooks only, no I/O here).

A game declares its study features in its extras (``Extras(study=Study(...))``,
``core.extras``): each feature is the dotted path of a zero-argument factory, imported and
called when the feature is first used, so the engine or puzzle file behind it is loaded
only then; a game without the feature leaves it ``None``. The server serves
``/analysis/<game>`` and ``/puzzles/<game>`` for the games that declare them and the
command line ``spelbord analyse`` and ``spelbord puzzles``, neither naming a game itself;
``registry.analyser(name)`` and ``registry.puzzle_book(name)`` build them, or raise
``NoStudyError`` naming the games that offer the feature.

- ``Analyser``: reads a position text (``parse``, whose errors name what is wrong), writes
  one (``text``) and analyses a position within a time budget (``analyse``).
- ``PuzzleBook``: the shipped puzzles (``all``, ``get``) and whether a move solves one
  (``check``).

>>> Study().features()
[]
>>> Study(analysis="spelbord.games.coerceo.study:CoerceoAnalysis").features()
['analysis']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from spelbord.core.errors import SpelbordError
from spelbord.core.extras import Study

if TYPE_CHECKING:
    from spelbord.core.game import Game, State


class NoStudyError(SpelbordError):
    """A game that offers no analysis board, or no puzzles."""


class PuzzleNotFoundError(SpelbordError):
    """A puzzle id that names no shipped puzzle."""


class Analyser(Protocol):
    """A game's analysis board: positions as text and an engine's view of them."""

    def parse(self, text: str, game: Game) -> State:
        """The state of a position text under ``game``'s options; a ``SpelbordError``
        naming what is wrong when the text does not parse or the rules cannot reach it."""
        ...

    def text(self, state: State) -> str:
        """The position text of ``state`` (what ``parse`` reads back)."""
        ...

    def analyse(self, state: State, seconds: float) -> dict[str, Any]:
        """The engine's view of ``state`` within ``seconds`` (JSON-ready): at least
        ``score`` (for the side to move), ``white_score``-like keys the page shows,
        ``line`` (the best line in notation), ``top`` (moves with scores) and
        ``threats``."""
        ...


@runtime_checkable
class EngineReport(Protocol):
    """An analysis board that can also write its engine's search as terminal text (what
    ``spelbord analyse GAME`` prints)."""

    def report(self, state: State, seconds: float | None, depth: int | None = None) -> str:
        """The search of ``state`` within ``seconds`` (``None``: to ``depth`` alone) as
        lines of text."""
        ...


class Puzzle(Protocol):
    """One puzzle: a position whose side to move has exactly one solution."""

    @property
    def id(self) -> str: ...

    @property
    def position(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def solution(self) -> tuple[str, ...]: ...

    @property
    def depth(self) -> int: ...

    @property
    def difficulty(self) -> str: ...

    def state(self) -> State: ...


class PuzzleBook(Protocol):
    """A game's shipped puzzles."""

    def all(self) -> Sequence[Puzzle]:
        """Every puzzle, in order."""
        ...

    def get(self, puzzle_id: str) -> Puzzle:
        """One puzzle (``PuzzleNotFoundError`` for an unknown id)."""
        ...

    def check(self, puzzle: Puzzle, move: str) -> bool:
        """Whether ``move`` (notation) solves ``puzzle``; a ``SpelbordError`` when it is
        not a legal action of the position at all."""
        ...


@runtime_checkable
class PuzzleMiner(Protocol):
    """A puzzle book whose puzzles are mined from engine games (``spelbord puzzles mine
    GAME``): the shipped set's number of deep puzzles and first deep seed, where it is
    shipped, the mining itself and the file text of a set."""

    shipped_deep: int
    deep_seed: int

    @property
    def shipped_file(self) -> Path: ...

    def mine(
        self,
        count: int,
        deep: int,
        seed: int,
        deep_seed: int,
        progress: Callable[[Any], None] | None = None,
    ) -> Sequence[Puzzle]:
        """``count`` puzzles, ``deep`` of them needing a deeper search, from games seeded
        ``seed`` on (the deep ones from ``deep_seed`` on); ``progress`` is called with each."""
        ...

    def dump(self, found: Sequence[Any]) -> str:
        """The shipped file's text of a puzzle set."""
        ...


__all__ = [
    "Analyser",
    "EngineReport",
    "NoStudyError",
    "Puzzle",
    "PuzzleBook",
    "PuzzleMiner",
    "PuzzleNotFoundError",
    "Study",
]
