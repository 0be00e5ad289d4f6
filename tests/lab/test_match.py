"""play_game and run_match on the test-only games."""

from __future__ import annotations

import pytest
from tests.ai.toygames import HighCard, Lottery, Nim, TicTacToe

from spelbord.ai import Agent, SeatView, make_agent
from spelbord.core import SIMULTANEOUS
from spelbord.lab import play_game, run_match
from spelbord.lab.results import GameRecord, tally


class Recorder(Agent):
    """Plays the lowest legal action and notes every node it was asked at."""

    def __init__(self) -> None:
        self.name = "recorder"
        self.asked: list[tuple[int, int]] = []

    def step(self, view: SeatView) -> int:
        self.asked.append((view.seat, view.current_player()))
        return view.legal_actions()[0]


def test_play_game_asks_every_seat_at_a_simultaneous_node() -> None:
    agents = [Recorder(), Recorder()]
    record = play_game(HighCard(), agents, seed=3)
    assert agents[0].asked == [(0, SIMULTANEOUS)] and agents[1].asked == [(1, SIMULTANEOUS)]
    assert record.length == 3 and record.moves[2] == (0, 0)
    assert record.players == ("recorder", "recorder")


def test_play_game_records_replay_exactly() -> None:
    game = HighCard(cards=6)
    for seed in range(10):
        agents = [make_agent("random", seed=seed), make_agent("ismcts:30it", seed=seed)]
        record = play_game(game, agents, seed=seed)
        final = game.replay(list(record.moves))
        assert final.is_terminal() and tuple(final.returns()) == record.returns
        assert record.termination == final.termination() and record.seed == seed


def test_a_record_keeps_its_rules_version_and_replays_under_it() -> None:
    from spelbord import games

    for version in games.info("gunst").versions():
        game = games.load("gunst", rules_version=version)
        record = play_game(game, [make_agent("random", seed=1), make_agent("random", seed=2)], 4)
        assert record.rules_version == version
        final = record.replay()
        assert final.game.rules_version == version and final.is_terminal()
        assert tuple(final.returns()) == record.returns and final.history() == list(record.moves)


def test_play_game_chance_follows_the_seed() -> None:
    game = Lottery(players=3)
    deals = {play_game(game, [Recorder()] * 3, seed=s).moves[1] for s in range(40)}
    assert deals == {0, 1, 2, 3}
    again = [play_game(game, [Recorder()] * 3, seed=7) for _ in "ab"]
    assert again[0] == again[1]


def test_play_game_needs_one_agent_per_seat() -> None:
    with pytest.raises(ValueError):
        play_game(TicTacToe(), [make_agent("random")], seed=0)


def test_run_match_rotates_seats_and_tallies() -> None:
    result = run_match(
        TicTacToe(), None, ["mcts:100it", "random"], games=10, seed=2, progress=False
    )
    assert result.games == 10 and result.seatings[:3] == ((0, 1), (1, 0), (0, 1))
    mcts, rand = result.entries
    assert (mcts.label, rand.label) == ("mcts:100it", "random")
    assert mcts.games == rand.games == 10
    assert (mcts.wins, mcts.draws, mcts.losses) == (rand.losses, rand.draws, rand.wins)
    assert mcts.wins >= 7 and mcts.losses == 0
    low, high = mcts.interval
    assert low <= mcts.win_rate <= high
    for record, seating in zip(result.records, result.seatings, strict=True):
        assert record.players == tuple(("mcts:100it", "random")[e] for e in seating)
    assert result.mean_length == pytest.approx(sum(r.length for r in result.records) / result.games)
    text = result.summary()
    assert "mcts:100it" in text and "random" in text and "95% CI" in text


def test_run_match_repeats_and_parallel_matches_serial() -> None:
    args = (HighCard(), None, ["ismcts:20it", "mcts:20it"])
    serial = run_match(*args, games=6, seed=9, progress=False)
    again = run_match(*args, games=6, seed=9, progress=False)
    parallel = run_match(*args, games=6, seed=9, progress=False, processes=2)
    assert serial.records == again.records == parallel.records
    assert serial.entries == parallel.entries
    other = run_match(*args, games=6, seed=10, progress=False)
    assert other.records != serial.records


def test_a_stopped_match_reports_the_games_that_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after some games: the summary holds them and says the match was cut short."""
    from spelbord.lab import match as match_module

    play = match_module._play_task

    def interrupted(task: tuple) -> tuple:  # type: ignore[type-arg]
        if task[0] == 3:
            raise KeyboardInterrupt
        return play(task)

    monkeypatch.setattr(match_module, "_play_task", interrupted)
    result = run_match(TicTacToe(), None, ["mcts:20it", "random"], games=8, seed=2, progress=False)
    assert result.games == 3 and result.planned == 8
    assert sum(e.games for e in result.entries) == 2 * 3
    assert "stopped after 3 of 8 games" in result.summary()
    monkeypatch.setattr(
        match_module, "_play_task", lambda task: (_ for _ in ()).throw(KeyboardInterrupt)
    )
    with pytest.raises(KeyboardInterrupt):
        run_match(TicTacToe(), None, ["random", "random"], games=2, seed=2, progress=False)


def test_run_match_labels_repeated_specs() -> None:
    result = run_match(
        Nim(players=3), None, ["random", "random", "mcts:50it"], games=3, seed=0, progress=False
    )
    assert [e.label for e in result.entries] == ["random", "random#2", "mcts:50it"]
    assert sum(e.wins for e in result.entries) == 3  # one winner a game


@pytest.mark.parametrize(
    ("specs", "games", "processes"),
    [
        (["random"], 2, 1),
        (["random", "mcts:fast"], 2, 1),
        (["random", "random"], 0, 1),
        (["random", "random"], 2, 0),
    ],
)
def test_run_match_refuses_bad_arguments(specs: list[str], games: int, processes: int) -> None:
    with pytest.raises(ValueError):
        run_match(
            TicTacToe(), None, specs, games=games, seed=0, progress=False, processes=processes
        )


def test_tally_counts_draws_and_shared_wins() -> None:
    def record(returns: tuple[float, ...]) -> GameRecord:
        return GameRecord("g", {}, 0, ("a", "b", "c"), (), returns, "ended")

    records = (record((1.0, 1.0, -1.0)), record((0.0, 0.0, 0.0)), record((-1.0, 1.0, -1.0)))
    seatings = ((0, 1, 2), (0, 1, 2), (2, 0, 1))
    a, b, c = tally(("a", "b", "c"), records, seatings)
    assert (a.wins, a.draws, a.losses) == (2, 1, 0)
    assert (b.wins, b.draws, b.losses) == (1, 1, 1)
    assert (c.wins, c.draws, c.losses) == (0, 1, 2)
