"""Value types of a simulation: one game's record, one entry's tally, a match's result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spelbord.core import Move, Outcome, State
from spelbord.lab.stats import mean, wilson_interval


@dataclass(frozen=True)
class GameRecord:
    """One finished game: enough to replay it exactly (``replay``), under the rules
    version it was played under."""

    game: str
    options: dict[str, Any]
    seed: int
    players: tuple[str, ...]
    """The agent name at each seat."""
    moves: tuple[Move, ...]
    returns: tuple[float, ...]
    termination: str
    rules_version: int = 1
    """The rules version of the game (``Game.rules_version``) the moves were played under."""

    def replay(self) -> State:
        """The final position, replayed under the record's own rules version."""
        from spelbord import games

        game = games.load(self.game, rules_version=self.rules_version, **self.options)
        return game.replay(self.moves)

    @property
    def length(self) -> int:
        """Moves played, chance events and simultaneous rounds each counting one."""
        return len(self.moves)

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.returns, self.termination)


@dataclass(frozen=True)
class EntryResult:
    """How one entry of a match (one agent spec) fared over its games."""

    label: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the win rate."""
        return wilson_interval(self.wins, self.games)


@dataclass(frozen=True)
class MatchResult:
    """A match: every game's record (with who sat where) and every entry's tally."""

    game: str
    options: dict[str, Any]
    specs: tuple[str, ...]
    seed: int
    entries: tuple[EntryResult, ...]
    records: tuple[GameRecord, ...]
    seatings: tuple[tuple[int, ...], ...]
    """Per game, the entry index at each seat."""
    seconds: float
    planned: int | None = None
    """Games asked for, when the match was stopped (Ctrl-C) before all of them ended."""

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def mean_length(self) -> float:
        return mean(r.length for r in self.records)

    def summary(self) -> str:
        """A short text table of the result."""
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "default options"
        lines = [
            f"{self.game} ({opts}): {self.games} games, seed {self.seed}, "
            f"mean length {self.mean_length:.1f} moves, {self.seconds:.0f} s"
        ]
        if self.planned is not None and self.planned > self.games:
            lines[0] += f" (stopped after {self.games} of {self.planned} games)"
        width = max(len(e.label) for e in self.entries)
        for e in self.entries:
            low, high = e.interval
            lines.append(
                f"  {e.label:<{width}}  W {e.wins:>3}  D {e.draws:>3}  L {e.losses:>3}  "
                f"win rate {e.win_rate:6.1%}  95% CI [{low:.1%}, {high:.1%}]"
            )
        return "\n".join(lines)


def tally(
    labels: tuple[str, ...],
    records: tuple[GameRecord, ...],
    seatings: tuple[tuple[int, ...], ...],
) -> tuple[EntryResult, ...]:
    """Wins, draws and losses per entry: a win is being among the best-scoring seats."""
    counts = [[0, 0, 0] for _ in labels]
    for record, seating in zip(records, seatings, strict=True):
        winners = record.outcome.winners()
        for seat, entry in enumerate(seating):
            column = 1 if not winners else (0 if seat in winners else 2)
            counts[entry][column] += 1
    return tuple(EntryResult(label, *c) for label, c in zip(labels, counts, strict=True))
