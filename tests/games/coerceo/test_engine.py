"""The Coerceo engine: the compiled core against its pure-Python twin and against the rules
(move lists, turns, perft, evaluation, fixed-depth search node for node), and the search's
handling of the game's ends (R11 win, R12 stalemate, R13 repetition, R15 move limit)."""

from __future__ import annotations

import random

import pytest

from spelbord.ai import make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.games.coerceo import CoerceoGame, CoerceoState
from spelbord.games.coerceo.board import BLACK, WHITE
from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine.search import MATERIAL_WEIGHTS, SearchError, search
from spelbord.games.coerceo.engine.weights import WEIGHTS
from spelbord.lab.match import play_game

compiled_only = pytest.mark.skipif(cores.C_CORE is None, reason="the C core was not built")


def _positions(count: int, seed: int = 7) -> list[CoerceoState]:
    """Positions from seeded random games: openings, middle games with collected tiles
    (exchanges legal), and Ocius and single-tile-exchange games."""
    rng = random.Random(seed)
    out = []
    options: list[dict[str, object]] = [{}, {"variant": "ocius"}, {"exchange_cost": 1}]
    while len(out) < count:
        state = CoerceoGame(**options[len(out) % 3]).new_initial_state()  # type: ignore[arg-type]
        for _ in range(rng.randrange(0, 160)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return out


def _cores() -> list[cores.Core]:
    return [cores.PY_CORE] + ([cores.C_CORE] if cores.C_CORE is not None else [])


def test_colour_spaces_round_trip() -> None:
    for field in range(114):
        colour = WHITE if field % 2 else BLACK
        assert cores.field_of(cores.colour_bit(field), colour) == field
    state = CoerceoGame().new_initial_state()
    for colour in (WHITE, BLACK):
        pieces = state.pieces(colour)
        assert cores.join(cores.split(pieces, colour), colour) == pieces


@pytest.mark.parametrize("core", _cores(), ids=lambda c: "python" if c is cores.PY_CORE else "c")
def test_moves_and_turns_follow_the_rules(core: cores.Core) -> None:
    """R5, R7-R10: every core move is a legal action, and playing it gives the state's turn."""
    for state in _positions(30):
        args = cores.core_args(state)
        side = args[5]
        codes = core.moves(*args)
        assert sorted(cores.action_of(c, side) for c in codes) == state.legal_actions()
        for code in codes[:: max(1, len(codes) // 12)]:
            action = cores.action_of(code, side)
            assert cores.code_of(action, side) == code
            w, b, tiles, cw, cb, irreversible, key, to_move = core.play(*args, code)
            child = state.clone()
            child.apply_action(action)
            assert cores.join(w, WHITE) == child.pieces(WHITE)
            assert cores.join(b, BLACK) == child.pieces(BLACK)
            assert tiles == child.tile_mask()
            assert (cw, cb) == child.collected()
            assert key == core.hash(w, b, tiles, cw, cb, to_move)
            assert bool(irreversible) == (len(child.repetition_keys()) == 1)


@compiled_only
def test_c_and_python_cores_agree() -> None:
    """Same perft, evaluation, features and fixed-depth search (score, line, nodes)."""
    assert cores.C_CORE is not None
    # Each core keeps the weights of the last search it ran (another test may have searched
    # with the material weights): compare them under the same, default, weights.
    cores.install_weights(list(WEIGHTS))
    for i, state in enumerate(_positions(12, seed=3)):
        args = cores.core_args(state)
        rest = (state.moves_left(), 1, cores.repetition_record(state))
        for depth in (1, 2, 3):
            count = cores.C_CORE.perft(*args, *rest, depth)
            assert count == cores.PY_CORE.perft(*args, *rest, depth) == state.perft(depth, "python")
        for clock in (0, 37):
            assert cores.C_CORE.evaluate(*args, clock) == cores.PY_CORE.evaluate(*args, clock)
        assert cores.C_CORE.features(*args) == cores.PY_CORE.features(*args)
        depth = 3 if i % 2 else 2
        fast = search(state, depth=depth)
        slow = search(state, depth=depth, compiled=False)
        assert (fast.score, fast.line, fast.nodes) == (slow.score, slow.line, slow.nodes)
        assert fast.compiled and not slow.compiled


@compiled_only
def test_c_and_python_cores_agree_on_the_plain_search() -> None:
    """``plain=True`` (the public engines' plain alpha-beta) searches node for node alike."""
    for i, state in enumerate(_positions(8, seed=5)):
        depth = 3 if i % 2 else 2
        fast = search(state, depth=depth, weights=MATERIAL_WEIGHTS, plain=True)
        slow = search(state, depth=depth, weights=MATERIAL_WEIGHTS, plain=True, compiled=False)
        assert (fast.score, fast.line, fast.nodes) == (slow.score, slow.line, slow.nodes)


def test_the_plain_search_searches_every_move_fully() -> None:
    """Without null moves and reductions the plain search needs more nodes for a depth, and
    at a depth the full search does not prune (2 plies) it finds the same score."""
    for state in _positions(4, seed=9):
        full = search(state, depth=5, weights=MATERIAL_WEIGHTS)
        plain = search(state, depth=5, weights=MATERIAL_WEIGHTS, plain=True)
        assert plain.nodes > full.nodes
        assert (
            search(state, depth=2, weights=MATERIAL_WEIGHTS, plain=True).score
            == search(state, depth=2, weights=MATERIAL_WEIGHTS).score
        )


@compiled_only
def test_c_and_python_features_agree_on_many_positions() -> None:
    """The compiled feature count (hanging pieces found from masks of the fields with
    exactly one hole) against the twin's piece-by-piece count, for both sides."""
    assert cores.C_CORE is not None
    for state in _positions(150, seed=29):
        args = list(cores.core_args(state))
        for side in (0, 1):
            args[5] = side
            assert cores.C_CORE.features(*args) == cores.PY_CORE.features(*args)


@compiled_only
def test_bmi_and_plain_builds_of_the_c_core_agree() -> None:
    """The core compiled for BMI processors (used where the processor has it) searches
    node for node as the plain build."""
    core = cores.C_CORE
    assert core is not None
    before = core.fast_core()
    if not core.fast_core(1):
        core.fast_core(int(before))
        pytest.skip("this processor or compiler has no BMI build of the core")
    try:
        for state in _positions(6, seed=11):
            fast = search(state, depth=4)
            core.fast_core(0)
            plain = search(state, depth=4)
            core.fast_core(1)
            assert (fast.score, fast.line, fast.nodes) == (plain.score, plain.line, plain.nodes)
    finally:
        core.fast_core(int(before))


@compiled_only
def test_compiled_perft_matches_the_published_counts() -> None:
    state = CoerceoGame().new_initial_state()
    assert cores.C_CORE is not None
    args = cores.core_args(state)
    assert cores.C_CORE.perft(*args, 2000, 1, [], 4) == 5_280_654
    ocius = CoerceoGame(variant="ocius").new_initial_state()
    assert cores.C_CORE.perft(*cores.core_args(ocius), 2000, 1, [], 4) == 435_572


def test_search_finds_the_winning_capture_r11() -> None:
    """R11: taking the last piece wins; the search sees it and says so."""
    state = CoerceoGame().from_position([(0, 0, 1), (0, 1, 3)], [(0, 0, 0)], tiles=[(0, 0), (0, 1)])
    result = search(state, depth=4)
    assert result.mate_in == 1
    child = state.clone()
    child.apply_action(result.action)
    assert child.termination() == "capture-all" and child.returns() == [1.0, -1.0]


def test_stalemate_is_a_draw_r12() -> None:
    """R12: every white move leaves black, with all six black fields filled, no action: a
    draw, which white (one piece against six) takes, scored exactly 0."""
    black = [(0, 0, 0), (0, 0, 2), (0, 0, 4), (0, 1, 0), (0, 1, 2), (0, 1, 4)]
    state = CoerceoGame().from_position([(0, 0, 1)], black, tiles=[(0, 0), (0, 1)])
    for depth in (1, 3):
        assert search(state, depth=depth).score == 0


WHITE3 = [(0, 0, 1), (1, 0, 1), (-1, 0, 1)]
TILES4 = [(0, 0), (1, 0), (-1, 0), (0, 2)]
"""Three white pieces on three tiles in a row; black's one piece on a tile of its own."""


def _shuffle_position(repetition_draw: bool) -> CoerceoState:
    """White 3 pieces against black's 1; both shuffle a piece inside its tile and back,
    so the start position occurred twice; black, to move, can make it three times."""
    game = CoerceoGame(repetition_draw=repetition_draw)
    state = game.from_position(WHITE3, [(0, 2, 0)], tiles=TILES4)
    shuffle = ("d3:1-d3:3", "c5:0-c5:2", "d3:3-d3:1", "c5:2-c5:0")
    for text in (shuffle + shuffle)[:7]:
        state.apply_action(state.string_to_action(text))
    assert state.current_player() == BLACK
    return state


def test_threefold_repetition_is_a_draw_r13() -> None:
    """R13: black, a piece behind, repeats the position a third time and draws."""
    state = _shuffle_position(True)
    result = search(state, depth=2)
    assert state.action_to_string(result.action) == "c5:2-c5:0"
    assert result.score == 0
    child = state.clone()
    child.apply_action(result.action)
    assert child.termination() == "repetition"
    # With contempt the draw counts as that much below equality, and is still the best.
    for compiled in (True, False):
        scored = search(state, depth=2, contempt=30, compiled=compiled)
        assert (scored.action, scored.score) == (result.action, -30)
    # Without the repetition rule the same move is worth nothing special.
    assert search(_shuffle_position(False), depth=2).score < 0


def test_move_limit_is_a_draw_r15() -> None:
    """R15: with one turn left every move draws; black, behind, scores 0."""
    for max_moves, drawn in ((1, True), (2000, False)):
        game = CoerceoGame(max_moves=max_moves)
        state = game.from_position(WHITE3, [(0, 2, 0)], tiles=TILES4, to_move=BLACK)
        assert (search(state, depth=3).score == 0) == drawn


def test_search_refuses_bad_requests() -> None:
    state = CoerceoGame().new_initial_state()
    with pytest.raises(SearchError):
        search(state)
    with pytest.raises(SearchError):
        search(state, depth=0)
    with pytest.raises(SearchError):
        search(state, seconds=-1)
    over = CoerceoGame().from_position([(0, 0, 1), (0, 1, 3)], [(0, 0, 0)], tiles=[(0, 0), (0, 1)])
    over.apply_action(search(over, depth=1).action)
    with pytest.raises(SearchError):
        search(over, depth=1)


def test_time_budget_completes_at_least_depth_one() -> None:
    result = search(CoerceoGame().new_initial_state(), seconds=0.001)
    assert result.depth >= 1 and result.action in CoerceoGame().new_initial_state().legal_actions()


def test_ab_specs() -> None:
    assert make_agent("ab").name == "ab:1s"
    assert make_agent("ab:200ms").name == "ab:200ms"
    assert make_agent("ab:depth=6").name == "ab:depth=6"
    assert make_agent("ab:2s:depth=8:eval=material:openings=4").name == (
        "ab:2s:depth=8:eval=material:openings=4"
    )
    plain = make_agent("ab:1s:eval=material:search=plain")
    assert plain.name == "ab:1s:eval=material:search=plain" and plain.searcher == "plain"
    assert make_agent("ab:1s:search=full").name == "ab:1s"
    bad_specs = ("ab:100it", "ab:depth=0", "ab:eval=deep", "ab:depth=x", "ab:speed=3", "ab:x")
    for bad in (*bad_specs, "ab:search=deep"):
        with pytest.raises(AgentSpecError):
            make_agent(bad)


def test_ab_agent_plays_only_coerceo() -> None:
    from spelbord import games

    game = games.load("gunst")
    with pytest.raises(AgentSpecError):
        play_game(game, [make_agent("ab:depth=1") for _ in range(game.num_players())], seed=1)


def test_ab_converts_a_won_ending() -> None:
    """Three pieces against one on the open board: the engine wins, no repetition draw."""
    state = CoerceoGame().from_position(WHITE3, [(0, 2, 0)])
    from spelbord.ai import SeatView

    agents = [make_agent("ab:depth=5"), make_agent("ab:depth=3")]
    while not state.is_terminal() and state.plies() < 300:
        seat = state.current_player()
        state.apply_action(agents[seat].step(SeatView(state, seat)))
    assert state.termination() == "capture-all" and state.returns() == [1.0, -1.0]


def test_transposition_table_is_kept_for_its_owner_only() -> None:
    """An owner's second search reuses its table (fewer nodes); after another owner's
    search it starts afresh, exactly like an ownerless search."""
    state = CoerceoGame().new_initial_state()
    fresh = search(state, depth=5)
    first = search(state, depth=5, table_owner="a")
    again = search(state, depth=5, table_owner="a")
    assert first.nodes == fresh.nodes and again.nodes < fresh.nodes
    search(state, depth=3, table_owner="b", weights=(100, 50))
    after_other = search(state, depth=5, table_owner="a")
    assert (after_other.nodes, after_other.line) == (fresh.nodes, fresh.line)


def test_without_the_compiled_core_the_python_twin_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine that could not build the C extension still gets an engine."""
    import importlib
    import sys

    import spelbord.games.coerceo.engine as package

    monkeypatch.setitem(sys.modules, "spelbord.games.coerceo.engine._ccore", None)
    monkeypatch.delattr(package, "_ccore", raising=False)
    try:
        importlib.reload(cores)
        assert cores.C_CORE is None and cores.CORE is cores.PY_CORE and not cores.COMPILED
        state = CoerceoGame(variant="ocius").new_initial_state()
        result = search(state, depth=2)
        assert not result.compiled and result.action in state.legal_actions()
    finally:
        monkeypatch.undo()
        importlib.reload(cores)
    assert (cores.C_CORE is not None) == cores.COMPILED


def test_the_compiled_search_lets_other_threads_run() -> None:
    """A search holds the GIL no longer than it takes to start and to build its answer:
    a thread counting beside a 0.6 s search counts on, and two searches at once take turns
    on the core (its state is global) and both answer as they would alone."""
    import threading
    import time

    if cores.C_CORE is None:
        pytest.skip("the compiled core is not built")
    state = CoerceoGame().new_initial_state()
    alone = search(state, depth=3)
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    results: list[object] = []
    searchers = [
        threading.Thread(target=lambda: results.append(search(state, depth=3, seconds=0.3)))
        for _ in range(2)
    ]
    start = time.perf_counter()
    for t in searchers:
        t.start()
    for t in searchers:
        t.join()
    spent = time.perf_counter() - start
    done.set()
    counter.join()
    # Held for the whole search, the GIL would let the counter tick a few times at most.
    assert ticks > spent * 1000 * 0.3
    assert [r.action for r in results] == [alone.action, alone.action]  # type: ignore[attr-defined]
