"""Omringad notation (R90) and the text board."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from spelbord.core import NotationError, SpelbordError, random_step
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.render import render


def test_r90_every_action_id_has_a_distinct_text() -> None:
    texts = {}
    for a in range(N.NUM_ACTIONS):
        try:
            t = N.text(a, PILLOW.label)
        except SpelbordError:  # ids beyond the pillow's 50 squares, or unused ids
            continue
        assert t not in texts, (a, texts.get(t))
        texts[t] = a
        assert N.describe(a)["kind"] in t or N.describe(a)["kind"] == "square"
    assert texts["pass"] == N.PASS and texts["merge E B e3"] == N.MERGE + 39 * 6 + 1
    with pytest.raises(NotationError):
        N.text(9, PILLOW.label)


def test_r90_action_to_dict_names_squares(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "R"), "B a1": (1, "M")})
    d = st.action_to_dict(kit.sq("A e3"))
    assert d == {
        "action": kit.sq("A e3"),
        "text": "A e3",
        "kind": "square",
        "square": kit.L("A e3"),
        "label": "A e3",
    }


def test_render_shows_only_what_the_seat_sees(kit: SimpleNamespace) -> None:
    st = kit.position({"A c3": (0, "GMM"), "B c3": (1, "RE")})
    mine = render(st.observation(0))
    assert "A3G" in mine and "B2R" in mine and "pool" in mine
    spectator = render(st.observation(None))
    assert "pool" not in spectator and "A3G" in spectator


def test_heuristic_follows_the_score(kit: SimpleNamespace) -> None:
    st = kit.position({"B a1": (1, "M")})
    st.score = [30, 10]
    h = st.heuristic_value()
    assert h[0] > 0 and h[0] == -h[1] and -1 <= h[0] <= 1


def test_r90_notation_round_trips_through_a_random_game() -> None:
    st = OmringadGame().new_initial_state()
    rng = random.Random(3)
    for _ in range(150):
        if st.is_terminal():
            break
        player = st.current_player()
        if player >= 0:
            for a in st.legal_actions():
                assert st.string_to_action(st.action_to_string(a)) == a
        random_step(st, rng)
