"""Agent-vs-agent play: one game (``play_game``) and a seeded match (``run_match``).

Every seat's agent sees the game only through its ``SeatView``; chance is drawn from a
generator seeded by the game's seed, so a record replays exactly. A match rotates the
entries over the seats game by game and may run its games in parallel processes.

Run from a shell (the same as ``spelbord match``)::

    python -m spelbord.lab.match coerceo mcts:1s random --games 40 --processes 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from tqdm import tqdm

from spelbord.ai import Agent, SeatView, make_agent
from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, sample_outcome, seeded
from spelbord.lab.results import GameRecord, MatchResult, tally


def play_game(game: Game, agents: Sequence[Agent], seed: int) -> GameRecord:
    """Play one game to the end: ``agents[seat]`` decides for each seat.

    At simultaneous nodes every seat's agent is asked (each through its own view of the
    same position) before the joint action is applied.
    """
    n = game.num_players()
    if len(agents) != n:
        raise ValueError(f"{game.name} needs {n} agents, got {len(agents)}")
    rng = seeded(seed)
    state = game.new_initial_state()
    views = [SeatView(state, seat) for seat in range(n)]
    steps = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if steps >= game.max_game_length():
            raise RuntimeError(f"{game.name} ran past its max_game_length ({steps} moves)")
        if player == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        elif player == SIMULTANEOUS:
            state.apply_actions([agents[seat].step(views[seat]) for seat in range(n)])
        else:
            state.apply_action(agents[player].step(views[player]))
        steps += 1
    return GameRecord(
        game=game.name,
        options=dict(game.options),
        seed=seed,
        players=tuple(agent.name for agent in agents),
        moves=tuple(state.history()),
        returns=tuple(float(r) for r in state.returns()),
        termination=state.termination(),
        rules_version=game.rules_version,
    )


def _labels(specs: Sequence[str]) -> tuple[str, ...]:
    """The specs, with ``#2``, ``#3`` ... on repeats so every entry has its own label."""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return tuple(labels)


def _load(game: str | Game, options: dict[str, Any]) -> Game:
    if isinstance(game, Game):
        return game
    from spelbord import games

    return games.load(game, **options)


_Task = tuple[
    int, str | Game, dict[str, Any], tuple[str, ...], tuple[int, ...], int, tuple[int, ...]
]
_Done = tuple[int, tuple[int, ...], GameRecord]


def _play_task(task: _Task) -> _Done:
    """One game of a match (a top-level function, so worker processes can run it)."""
    index, game, options, specs, seating, chance_seed, agent_seeds = task
    agents = [
        make_agent(specs[entry], seed=agent_seed)
        for entry, agent_seed in zip(seating, agent_seeds, strict=True)
    ]
    return index, seating, play_game(_load(game, options), agents, chance_seed)


def _tasks(
    game: str | Game, options: dict[str, Any], specs: tuple[str, ...], games: int, seed: int
) -> Iterator[_Task]:
    n = len(specs)
    for index in range(games):
        seeds = random.Random(f"spelbord-match:{seed}:{index}")
        seating = tuple((seat + index) % n for seat in range(n))
        chance_seed = seeds.getrandbits(63)
        agent_seeds = tuple(seeds.getrandbits(63) for _ in range(n))
        yield index, game, options, specs, seating, chance_seed, agent_seeds


def run_match(
    game_name: str | Game,
    options: dict[str, Any] | None,
    agent_specs: Sequence[str],
    games: int,
    seed: int,
    progress: bool = True,
    processes: int = 1,
) -> MatchResult:
    """Play ``games`` games between ``agent_specs`` (one per seat), rotating the seats.

    Game ``i`` seats entry ``(seat + i) % n`` at each seat, so with two entries each plays
    first in half the games. Every game's chance and agent seeds derive from ``seed``, so
    a match with iteration budgets repeats exactly (time budgets depend on the machine).
    ``processes > 1`` plays games in parallel worker processes. ``game_name`` may also be a
    ``Game`` instance (``options`` are then ignored). Stopped by Ctrl-C after at least one
    game ended, it returns the games that ended, with ``planned`` set to ``games``.
    """
    specs = tuple(agent_specs)
    for spec in specs:
        make_agent(spec)  # fail fast on a bad spec
    game = _load(game_name, dict(options or {}))
    if len(specs) != game.num_players():
        raise ValueError(
            f"{game.name} has {game.num_players()} seats: give {game.num_players()} agent "
            f"specs, got {len(specs)}"
        )
    if games < 1:
        raise ValueError(f"a match needs at least one game, got {games}")
    if processes < 1:
        raise ValueError(f"processes must be at least 1, got {processes}")
    labels = _labels(specs)
    source: str | Game = game_name if isinstance(game_name, str) else game
    tasks = list(_tasks(source, dict(game.options), specs, games, seed))
    start = time.perf_counter()
    finished: list[_Done] = []
    stopped = False
    bar = tqdm(
        total=games,
        desc=f"{game.name} {' vs '.join(labels)}",
        unit="game",
        disable=not progress,
        file=sys.stderr,
    )
    try:
        if processes == 1:
            _collect(map(_play_task, tasks), finished, labels, bar)
        else:
            with multiprocessing.Pool(min(processes, games)) as pool:
                _collect(pool.imap_unordered(_play_task, tasks), finished, labels, bar)
    except KeyboardInterrupt:
        if not finished:
            raise
        stopped = True
    finally:
        bar.close()
    finished.sort(key=lambda item: item[0])
    seatings = tuple(seating for _, seating, _ in finished)
    records = tuple(record for _, _, record in finished)
    return MatchResult(
        game=game.name,
        options=dict(game.options),
        specs=specs,
        seed=seed,
        entries=tally(labels, records, seatings),
        records=records,
        seatings=seatings,
        seconds=time.perf_counter() - start,
        planned=games if stopped else None,
    )


def _collect(
    results: Iterator[_Done],
    finished: list[_Done],
    labels: tuple[str, ...],
    bar: tqdm[Any],
) -> None:
    for item in results:
        finished.append(item)
        bar.update(1)
        records = tuple(record for _, _, record in finished)
        first = tally(labels, records, tuple(seating for _, seating, _ in finished))[0]
        bar.set_postfix_str(f"{first.label} W{first.wins} D{first.draws} L{first.losses}")


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    return key, value


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The ``match`` command's arguments (also used by ``spelbord match``)."""
    parser = parser or argparse.ArgumentParser(
        prog="python -m spelbord.lab.match", description="Play agents against each other."
    )
    parser.add_argument("game", help="a registered game (see `spelbord games`)")
    parser.add_argument("specs", nargs="+", help="one agent spec per seat, e.g. mcts:1s random")
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    parser.add_argument("--processes", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--option", type=_option, action="append", default=[], help="game option key=value"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a match from command-line arguments and print its summary."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result = run_match(
            args.game,
            dict(args.option),
            args.specs,
            games=args.games,
            seed=args.seed,
            progress=not args.no_progress,
            processes=args.processes,
        )
    except ValueError as exc:
        parser.error(str(exc))
    print(result.summary(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
