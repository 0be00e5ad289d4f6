"""The terminal board of Omringad (``observation_string``): what a seat may see, in words.

R80 (what everyone sees), R81 (what only the owner sees), R70 (the opening placement is
secret), R83 (a moving group's units are the mover's secret); no raw data on screen.
"""

from __future__ import annotations

import io
import random

import pytest
from tests.games.omringad.positions import eager_step, play, position, roll, to_battle

from spelbord.cli import main
from spelbord.games.omringad.game import OmringadGame

RAW = ("{", "}", "[[", '"e"', "steps", "map:", "stacks:  [", "rows:")


def clean(text: str) -> bool:
    return not any(raw in text for raw in RAW)


def test_r80_r81_units_under_the_top_only_for_the_owner() -> None:
    #          country A c3: A's general over two mercenaries
    #          country B c3: B's rider over the elephants
    st = position({"A c3": (0, "GMM"), "B c3": (1, "RX")})
    mine, theirs, spectator = (st.observation_string(s) for s in (0, 1, None))
    for text in (mine, theirs, spectator):
        assert "A3G" in text and "B2R" in text and clean(text)
    assert "your stacks (A)" in mine and "  A c3: general, mercenary, mercenary" in mine
    assert "B c3:" not in mine and "elephants" not in mine
    assert "  B c3: rider, elephants" in theirs and "mercenary, mercenary" not in theirs
    assert "your" not in spectator and "elephants" not in spectator
    assert "(you are A)" in mine and "gold: A (you) " in mine
    assert "your pool: 14 mercenary" in mine  # two are on the board


def test_r80_the_map_shows_terrain_control_and_the_key() -> None:
    from spelbord.games.omringad.terrain import Terrain

    st = position({"A c3": (0, "M")}, {"A c3": Terrain.CASTLE}, control={"A a1": 1})
    text = st.observation_string(0)
    lines = text.splitlines()
    row3 = lines[lines.index("country A") + 4]
    assert row3.startswith(" 3") and "C A1M" in row3
    row1 = lines[lines.index("country A") + 2]
    assert row1.split()[1] == ".*"  # a1 is held by B
    assert "terrain: . bare, C castle" in text and "M mercenary" in text


def test_r83_a_moving_group_is_the_mover_s_secret() -> None:
    st = position({"A c2": (0, "GMM"), "B a1": (1, "M")})
    play(st, "A c2", "take M", "take M", "done")
    mover, other = st.observation_string(0), st.observation_string(1)
    assert "A (you) moves" in mover
    assert "moving group of 2, top mercenary: mercenary, mercenary; path A c2" in mover
    assert "moving group of 2, top mercenary; path A c2" in other
    assert "mercenary, mercenary" not in other


def test_r83_attacks_of_the_round_are_listed() -> None:
    st = position({"A c1": (0, "RR"), "B c1": (1, "M")})
    play(st, "A c1", "take R", "done", "B c1")
    assert st.phase == "move"
    for seat in (0, 1, None):
        text = st.observation_string(seat)
        assert "attacks this round:" in text
        who = "A (you)" if seat == 0 else "A"
        assert f"  {who}: 1 unit from A c1 into B c1" in text


def test_r40_r80_a_battle_shows_both_sides_and_the_dice() -> None:
    # A's elite on B a1 meets B's two archers there: everybody sees both sides' units
    st = position({"B a1": (1, "AE"), "A e5": (0, "M")})
    st.board[st.map.parse_label("B a1")].append(
        [0, *st.board[st.map.parse_label("A e5")].pop()[1:]]
    )
    to_battle(st)
    assert st.phase == "battle"
    text = st.observation_string(None)
    assert "battle at B a1, the ranged step next:" in text
    assert "  defender B: archer, elite" in text and "  attacker A: mercenary" in text
    assert "B archer needs" in text and "to roll" in text
    roll(st, 6)
    text = st.observation_string(0)
    assert "last step rolled (ranged):" in text and "rolled 6 hit" in text and clean(text)


def test_r70_r80_r81_a_random_game_never_shows_what_a_seat_may_not_see() -> None:
    """All through a game: other seats' hidden units never reach the text, and a state
    resampled for the seat (R82: the same observation) draws exactly the same text."""
    st = OmringadGame().new_initial_state()
    rng = random.Random(4)
    steps = 0
    while not st.is_terminal() and steps < 1500:
        for seat in (0, 1):
            obs = st.observation(seat)
            text = st.observation_string(seat)
            assert clean(text), text
            other = st.observation(1 - seat)
            hidden_lines = [
                f"  {st.map.label(s['square'])}: "
                for s in other["stacks"]
                if s["owner"] == 1 - seat
                and not any(
                    mine["square"] == s["square"] and mine["owner"] == seat
                    for mine in obs["stacks"]
                )
            ]
            assert not any(line in text for line in hidden_lines)
            if steps % 25 == 0:
                # Any state the seat cannot tell from this one draws the same text.
                twin = st.resample(seat, random.Random(steps))
                assert twin.observation_string(seat) == text
        eager_step(st, rng)
        steps += 1
    assert steps > 100


def test_four_countries_and_teams() -> None:
    st = position({"C c3": (2, "G")}, players=4, teams="diagonal")
    text = st.observation_string(2)
    assert all(f"country {c}" in text for c in "ABCD")
    assert "teams: A+D v B+C" in text and "(you are C)" in text
    assert "  C c3: general" in text


def test_the_terminal_prints_the_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "omringad", "--seat1", "random", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert "Omringad  round 0  setup: the players lay their terrain tiles in secret" in out
    assert "country A" in out and "country B" in out
    assert clean(out)
