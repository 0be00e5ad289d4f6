"""Fixed-shape tensors from observations (``spelbord.interop.encoding``)."""

from __future__ import annotations

import random
import types
from typing import Any, cast

import numpy as np
import pytest
from tests.interop.helpers import option_id, option_sets, walk

from spelbord import games
from spelbord.core.game import Game
from spelbord.interop.encoding import (
    EncodingError,
    UnsupportedGameError,
    encoder_for,
    encoders,
)

CASES = [(name, opts) for name in games.games_with("encoder") for opts in option_sets(name)]


def test_every_game_has_an_encoder() -> None:
    """Every installed game declares one (its ``encoder`` extra); test doubles need not."""
    assert sorted(encoders()) == games.games_with("encoder")
    assert set(games.packages()) <= set(encoders())


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{option_id(o)}" for n, o in CASES])
def test_tensors_keep_their_shape_through_a_random_game(name: str, options: dict) -> None:
    game = games.load(name, **options)
    enc = encoder_for(game)
    seats: list[int | None] = [None, *range(game.num_players())]
    for state in walk(game, seed=3, limit=150):
        for seat in seats:
            vec = enc.encode(state.observation(seat), seat)
            assert vec.shape == (enc.size,) and vec.dtype == np.float32
            assert np.isfinite(vec).all() and (vec >= 0).all()


def test_views_cover_the_vector_and_share_its_memory() -> None:
    game = games.load("gunst")
    enc = encoder_for(game)
    vec = enc.encode(game.new_initial_state().observation(0))
    views = enc.views(vec)
    assert [name for name, _ in enc.layout] == list(views)
    assert sum(v.size for v in views.values()) == enc.size
    views["life"][0] = 7.0
    assert vec[enc.at["life"]] == 7.0


def test_coerceo_start_position_planes() -> None:
    game = games.load("coerceo")
    enc = encoder_for(game)
    views = enc.views(enc.encode(game.new_initial_state().observation(0), 0))
    assert views["tiles"].sum() == 19
    assert views["pieces"][0].sum() == 18 and views["pieces"][1].sum() == 18
    assert views["to_move"].tolist() == [1.0, 0.0]
    assert views["observer"].tolist() == [1.0, 0.0]


def test_omringad_tensor_hides_the_opponents_stacks() -> None:
    """R80, R81: a seat sees the top unit of an enemy stack, never what is under it."""
    game = games.load("omringad")
    enc = encoder_for(game)
    checked = 0
    for state in walk(game, seed=5):
        obs = state.observation(0)
        if obs["phase"] != "move" or state.current_player() != 0:
            continue
        views = enc.views(enc.encode(obs))
        enemy = [s for s in obs["stacks"] if s["owner"] == 1]
        assert enemy and all("units" not in s for s in enemy)
        assert views["stack_units"][1].sum() == 0  # nothing inside seat 1's stacks
        assert views["stack_top"][1].sum() == len(enemy)  # but each top is known
        assert views["stack_units"][0].sum() > 0  # its own stacks in full
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_same_observation_same_tensor_across_resampled_worlds() -> None:
    """The tensor is a function of the seat's observation: worlds the seat cannot tell
    apart (``resample``) give it the same tensor."""
    game = games.load("omringad")
    enc = encoder_for(game)
    states = list(walk(game, seed=11, limit=80))
    state = states[-1]
    for k in range(3):
        other = state.resample(1, random.Random(k))
        assert np.array_equal(enc.encode(other.observation(1)), enc.encode(state.observation(1)))


def test_unknown_values_raise_encoding_error() -> None:
    game = games.load("gunst")
    obs: dict[str, Any] = game.new_initial_state().observation(0)
    obs["phase"] = "intermission"
    with pytest.raises(EncodingError, match="unknown Gunst phase 'intermission'"):
        encoder_for(game).encode(obs)


def test_a_game_without_an_encoder_is_refused() -> None:
    chess = cast(Game, types.SimpleNamespace(name="chess"))
    with pytest.raises(UnsupportedGameError, match="chess"):
        encoder_for(chess)


def test_islandet_planes_hold_every_unit_block_and_pad_slot() -> None:
    game = games.load("islandet")
    enc = encoder_for(game)
    for state in walk(game, seed=2, limit=60):
        pos = state.observation(1)["position"]
        views = enc.views(enc.encode(state.observation(1), 1))
        assert views["units"].sum() == len(pos["units"])
        for square, seat, kind, facing in pos["units"]:
            assert views["units"][seat, kind, facing, square] == 1.0
        assert views["blocks"].sum() == len(pos["blocks"])
        assert views["pads"].sum() == 10  # every slot of both pads: empty or a kind
        assert views["observer"].tolist() == [0.0, 1.0]


def test_gunst_rows_and_hands_count_kin() -> None:
    game = games.load("gunst")
    enc = encoder_for(game)
    seen_rows = False
    for state in walk(game, seed=7):
        obs = state.observation(0)
        views = enc.views(enc.encode(obs, 0))
        for side, rows in enumerate(obs["rows"]):
            for r, kin in enumerate(rows):
                for k in range(5):
                    assert views["rows"][side, r, k] * 3 == pytest.approx(kin.count(k))
                seen_rows = seen_rows or bool(kin)
        assert np.allclose(views["hand"] * 3, obs["hand"])
    assert seen_rows


def test_kept_board_parts_never_leak_between_observations() -> None:
    """An encoder that has seen other observations gives what a fresh one gives."""
    game = games.load("omringad")
    shared = encoder_for(game)
    for i, state in enumerate(walk(game, seed=8, limit=60)):
        seat = i % 2
        obs = state.observation(seat)
        assert np.array_equal(shared.encode(obs, seat), encoder_for(game).encode(obs, seat))
