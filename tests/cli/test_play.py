"""`spelbord play`: scripted terminal games (stdin) with people and agents."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from spelbord import games
from spelbord.ai import SeatView, make_agent
from spelbord.cli import play

Run = Callable[..., tuple[int, str, str]]


def _pile_size(out: str) -> int:
    found = re.search(r"^chance: pile of (\d)$", out, re.MULTILINE)
    assert found, out
    return int(found.group(1))


@pytest.mark.usefixtures("tiny_games")
def test_pile_game_with_bad_input_that_changes_nothing(run_cli: Run) -> None:
    # With max_take=3 the script fits both piles: 4 = 3+1 (seat 1 takes the last stone),
    # 5 = 3+1+1 (seat 0 takes it). Every bad line is refused and asked again.
    script = "take9\nbogus\n\n?\nhelp\ntake3\nTAKE7\ntake1\ntake1\n"
    code, out, err = run_cli("play", "pile", "--opt", "max_take=3", "--seed", "3", stdin=script)
    assert code == 0, err
    size = _pile_size(out)
    assert "error: 'take9' is not a legal action here" in out
    assert "error: 'bogus' is not a legal action here" in out
    assert "error: 'TAKE7' is not a legal action here" in out
    assert "legal: take1, take2, take3" in out
    assert "take1  take2  take3" in out  # the ? listing
    assert "resign" in out  # the help text
    # The refused lines did not advance the game: ply 2 is announced exactly once.
    assert out.count("ply 2: seat 0 to play") == 1
    assert "seat 0: take3" in out
    if size == 4:
        assert "result: 0-1 (last-stone); winner: seat 1" in out
    else:
        assert "result: 1-0 (last-stone); winner: seat 0" in out
    assert out.rstrip().endswith("returns: " + ("-1 +1" if size == 4 else "+1 -1"))


@pytest.mark.usefixtures("tiny_games")
def test_same_seed_same_chance(run_cli: Run) -> None:
    sizes = {
        seed: _pile_size(run_cli("play", "pile", "--seed", str(seed), stdin="quit\n")[1])
        for seed in range(12)
    }
    again = {
        seed: _pile_size(run_cli("play", "pile", "--seed", str(seed), stdin="quit\n")[1])
        for seed in range(12)
    }
    assert sizes == again
    assert set(sizes.values()) == {4, 5}


@pytest.mark.usefixtures("tiny_games")
def test_resign_gives_the_game_to_the_other_seat(run_cli: Run) -> None:
    code, out, _ = run_cli("play", "pile", "--seed", "1", stdin="resign\n")
    assert code == 0
    assert "seat 0 resigns" in out
    assert "result: 0-1 (resignation); winner: seat 1" in out


@pytest.mark.usefixtures("tiny_games")
def test_quit_stops_without_a_result(run_cli: Run) -> None:
    code, out, _ = run_cli("play", "pile", "--seed", "1", stdin="take1\nquit\n")
    assert code == 0
    assert "game stopped after ply 2, no result" in out
    assert "result:" not in out


@pytest.mark.usefixtures("tiny_games")
def test_input_ending_early_is_a_failure(run_cli: Run) -> None:
    code, _, err = run_cli("play", "pile", "--seed", "1", stdin="take1\n")
    assert code == 1
    assert "input ended before the game did (after ply 2)" in err


@pytest.mark.usefixtures("tiny_games")
def test_two_agents_play_to_the_end_reproducibly(run_cli: Run) -> None:
    argv = ("play", "pile", "--seat0", "random", "--seat1", "random", "--seed", "5")
    first = run_cli(*argv)
    assert first[0] == 0
    assert "result: " in first[1]
    assert run_cli(*argv) == first


@pytest.mark.usefixtures("tiny_games")
def test_agents_get_only_a_seat_view(run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    class Recorder:
        def __init__(self, spec: str, seed: int) -> None:
            self.inner = make_agent("random", seed)

        def step(self, view: Any) -> int:
            seen.append(view)
            return self.inner.step(view)

    monkeypatch.setattr(play, "make_agent", Recorder)
    code, out, _ = run_cli("play", "pile", "--seat1", "random", "--seed", "2", stdin="take1\n" * 3)
    assert code == 0
    assert seen and all(isinstance(v, SeatView) and v.seat == 1 for v in seen)
    assert re.search(r"^seat 1 \(random\): take[12]$", out, re.MULTILINE)


@pytest.mark.usefixtures("tiny_games")
def test_simultaneous_hot_seat_hands_the_keyboard_over(run_cli: Run) -> None:
    # Round 1: seat 0 heads, (hand over) seat 1 tails; round 2: heads and heads -> 0 : draw.
    script = "heads\n\ntails\n\nheads\n\nsideways\nheads\n"
    code, out, err = run_cli("play", "pennies", "--seed", "0", stdin=script)
    assert code == 0, err
    assert out.count("pass the keyboard to seat 1 and press Enter") == 2
    assert out.count("pass the keyboard to seat 0 and press Enter") == 1
    assert "warning: the screen cannot be cleared" in out
    assert "error: 'sideways' is not a legal action here" in out
    assert out.count("every seat has chosen") == 2
    # Hidden information: nobody's choice is printed until the final board.
    assert "seat 0: heads" not in out
    assert "rounds: heads/tails heads/heads" in out
    assert "result: 1/2-1/2 (ended); draw" in out


@pytest.mark.usefixtures("tiny_games")
def test_simultaneous_against_an_agent(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "play", "pennies", "--seat1", "random", "--seed", "4", stdin="tails\nheads\n"
    )
    assert code == 0
    assert "pass the keyboard" not in out
    # A seat sees its own choice; the agent's coin stays secret until the final board.
    assert "seat 0: tails; seat 1 (random): (secret)" in out
    assert "seat 0: heads; seat 1 (random): (secret)" in out
    assert re.search(r"rounds: tails/\w+ heads/\w+", out)


@pytest.mark.usefixtures("tiny_games")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--seat2", "random"), "--seat2: this game has 2 seats (0-1)"),
        (("--seat1", "genius"), "agent 'genius': unknown agent 'genius'"),
        (("--opt", "max_take=9"), "option 'max_take' must be one of 2, 3; got 9"),
        (("--opt", "speed=3"), "pile has no option 'speed' (options: max_take)"),
        (("--opt", "max_take"), "--opt takes KEY=VALUE, got 'max_take'"),
    ],
)
def test_bad_command_lines(run_cli: Run, argv: tuple[str, ...], message: str) -> None:
    code, out, err = run_cli("play", "pile", *argv)
    assert code == 2
    assert message in err
    assert out == ""


def test_unknown_game(run_cli: Run) -> None:
    code, _, err = run_cli("play", "chess")
    assert code == 2
    assert "no game named 'chess'" in err


def test_coerceo_scripted_with_bad_lines() -> None:
    """A short Coerceo (Ocius) game in the terminal: bad lines change nothing, then resign."""
    import io

    game = games.load("coerceo", variant="ocius")
    state = game.new_initial_state()
    moves: list[str] = []
    for _ in range(3):
        action = state.legal_actions()[-1]
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    bad = ["z9:1-z9:3", "hello", "b4:1-b4:1"]
    script = "\n".join([bad[0], moves[0], bad[1], moves[1], bad[2], moves[2], "resign"]) + "\n"
    out = io.StringIO()
    session = play.TerminalSession(
        game,
        play.Players(("human", "human"), seed=1),
        agents=play.make_agent,
        view=play.seat_view,
        inp=io.StringIO(script),
        out=out,
    )
    outcome = session.run()
    text = out.getvalue()
    errors = [line for line in text.splitlines() if line.startswith("error: ")]
    assert len(errors) == len(bad)
    assert bad[0] in errors[0] and bad[1] in errors[1]
    assert "b4:1" in errors[2]  # a well-formed move that no piece can make
    for seat, move in zip((0, 1, 0), moves, strict=True):
        assert f"seat {seat}: {move}" in text
    assert session.state == state
    assert str(state) in text
    assert "seat 1 resigns" in text
    assert outcome is not None and outcome.result() == "1-0"
    assert outcome.termination == "resignation"


def test_coerceo_between_two_agents_to_the_end(run_cli: Run) -> None:
    argv = ("play", "coerceo", "--opt", "variant=ocius", "--seat0", "random", "--seat1", "random")
    code, out, err = run_cli(*argv, "--seed", "2")
    assert code == 0, err
    found = re.search(r"^result: (1-0|0-1|1/2-1/2) \((\S+)\); ", out, re.MULTILINE)
    assert found, out[-500:]
    moves = re.findall(r"^seat [01] \(random\): (\S+)$", out, re.MULTILINE)
    # Replaying the printed notation reaches the same end.
    state = games.load("coerceo", variant="ocius").new_initial_state()
    for text in moves:
        state.apply_action(state.string_to_action(text))
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.result(), outcome.termination) == found.groups()
    assert run_cli(*argv, "--seed", "2")[1] == out


@pytest.mark.parametrize(
    "name", [n for n in games.names() if games.info(n).information != "perfect"]
)
def test_hidden_information_shows_a_person_only_their_observation(run_cli: Run, name: str) -> None:
    state = games.load(name).new_initial_state()
    if state.is_chance_node():
        pytest.skip(f"{name} starts with chance, which the session samples first")
    code, out, _ = run_cli("play", name, "--seat1", "random", "--seed", "0", stdin="quit\n")
    assert code == 0
    assert state.observation_string(0) in out
    assert state.observation_string(1) not in out
    assert str(state) not in out  # the full position only at the end of a game
