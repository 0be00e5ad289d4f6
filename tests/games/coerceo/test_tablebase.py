"""The engine's exact endgame tables (``_ccore_tb.h`` and its Python twin in ``pysearch``):
values checked against a brute-force search over the rules (R5-R12) on tiny boards, the
two cores agreeing table for table, and the search playing the tables' fastest win."""

from __future__ import annotations

import random
from functools import cache

import pytest

from spelbord.games.coerceo import CoerceoGame, CoerceoState
from spelbord.games.coerceo.board import BLACK, TILES, WHITE, bits
from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine.search import search
from spelbord.games.coerceo.engine.tablebase import table_value
from spelbord.games.coerceo.position import parse_position

# Tiny positions: (white, black, tiles, side to move, collected).
TINY = [
    # one tile: white's two pieces against one black piece
    ([(0, 0, 1), (0, 0, 3)], [(0, 0, 0)], [(0, 0)], WHITE, (0, 0)),
    ([(0, 0, 1), (0, 0, 3)], [(0, 0, 0)], [(0, 0)], BLACK, (0, 0)),
    # two tiles, one against one, and two against one
    ([(0, 0, 1)], [(0, 1, 0)], [(0, 0), (0, 1)], WHITE, (0, 0)),
    ([(0, 0, 1), (0, 1, 5)], [(0, 1, 2)], [(0, 0), (0, 1)], WHITE, (0, 0)),
    ([(0, 0, 1), (0, 1, 5)], [(0, 1, 2)], [(0, 0), (0, 1)], BLACK, (0, 0)),
    ([(0, 0, 3), (0, 1, 1)], [(0, 0, 0)], [(0, 0), (0, 1)], BLACK, (0, 0)),
    # an exchange in hand (R10)
    ([(0, 0, 1)], [(0, 1, 0), (0, 1, 4)], [(0, 0), (0, 1)], WHITE, (2, 0)),
    ([(0, 0, 1)], [(0, 1, 0), (0, 1, 4)], [(0, 0), (0, 1)], BLACK, (2, 0)),
    # three tiles in a row, two against one
    ([(0, 0, 1), (1, 0, 3)], [(0, 1, 2)], [(0, 0), (0, 1), (1, 0)], WHITE, (0, 0)),
    ([(0, 0, 1), (1, 0, 3)], [(0, 1, 2)], [(0, 0), (0, 1), (1, 0)], BLACK, (0, 0)),
    # lost for the side to move, in 2, 4 and 8 plies; won in 3 and 5
    ([(0, -1, 5)], [(0, -1, 0), (0, -1, 4)], [(-1, 1), (0, -1)], WHITE, (0, 0)),
    ([(-1, 1, 1)], [(0, 1, 0)], [(-1, 1), (0, 0), (0, 1)], BLACK, (0, 0)),
    ([(0, 0, 3)], [(-1, 0, 0), (1, -1, 4)], [(-1, 0), (0, 0), (1, -1)], WHITE, (0, 0)),
    ([(0, 1, 5)], [(0, 0, 0), (0, 1, 2)], [(-1, 1), (0, 0), (0, 1)], BLACK, (0, 0)),
    ([(-1, 0, 5), (-1, 1, 1)], [(-1, 0, 4)], [(-1, 0), (-1, 1), (0, 0)], WHITE, (0, 0)),
]


def _state(case: tuple) -> CoerceoState:
    white, black, tiles, to_move, collected = case
    game = CoerceoGame(variant="ocius", repetition_draw=False)
    return game.from_position(white, black, tiles=tiles, to_move=to_move, collected=collected)


def _brute(state: CoerceoState) -> tuple:
    """Forced wins and losses of the side to move within n plies, by plain minimax over
    the rules' own ``legal_actions``/``apply_action`` (no engine code)."""

    @cache
    def wins(key: str, n: int) -> bool:
        s = _cache[key]
        if n <= 0:
            return False
        for action in s.legal_actions():
            child = s.clone()
            child.apply_action(action)
            if child.is_terminal():
                if child.termination() == "capture-all":
                    return True
                continue
            if loses(_key(child), n - 1):
                return True
        return False

    @cache
    def loses(key: str, n: int) -> bool:
        s = _cache[key]
        if n <= 0:
            return False
        actions = s.legal_actions()
        if not actions:
            return False  # stalemate: a draw (R12)
        for action in actions:
            child = s.clone()
            child.apply_action(action)
            if child.is_terminal() or not wins(_key(child), n - 1):
                return False
        return True

    _cache: dict[str, CoerceoState] = {}

    def _key(s: CoerceoState) -> str:
        w, b, tiles, cw, cb, side, _ = cores.core_args(s)
        key = f"{w}/{b}/{tiles}/{cw}/{cb}/{side}"
        _cache.setdefault(key, s)
        return key

    return wins, loses, _key(state)


@pytest.mark.parametrize("case", range(len(TINY)))
def test_table_values_match_a_brute_force_search_r11_r12(case: int) -> None:
    """R11/R12: a table value +n (win in n plies) is a forced capture of the last piece
    in n plies and not fewer; -n a forced loss that the side to move can put off until
    then; 0 neither side can force it (brute force to 14 plies)."""
    state = _state(TINY[case])
    value = table_value(state)
    assert value is not None
    wins, loses, key = _brute(state)
    if value > 0:
        assert wins(key, value) and not wins(key, value - 1)
    elif value < 0:
        assert loses(key, -value) and not loses(key, -value - 1)
    else:
        assert not wins(key, 14) and not loses(key, 14)


def test_the_tiny_cases_cover_wins_losses_and_draws() -> None:
    values = [table_value(_state(case)) for case in TINY]
    assert any(v > 0 for v in values) and any(v < 0 for v in values) and 0 in values


def test_c_and_python_tables_agree() -> None:
    """Both cores build the same tables with the same values (random tiny positions on
    the Ocius tiles, exchange cost 1 and 2)."""
    if cores.C_CORE is None:
        pytest.skip("the compiled core is not built")
    start = CoerceoGame(variant="ocius").new_initial_state()
    tiles = cores.core_args(start)[2]
    rng = random.Random(5)
    seen = set()
    for _ in range(60):
        sub = rng.sample(bits(tiles), rng.choice([1, 2, 2, 3]))
        fields = [3 * t + k for t in sub for k in range(3)]
        nw, nb = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2)])
        w = sum(1 << q for q in rng.sample(fields, nw))
        b = sum(1 << q for q in rng.sample(fields, nb))
        args = (w, b, sum(1 << t for t in sub), rng.randint(0, 3), rng.randint(0, 3))
        args += (rng.randint(0, 1), rng.choice([1, 2]))
        value = cores.C_CORE.tb_value(*args)
        assert value == cores.PY_CORE.tb_value(*args)
        seen.add(value)
    assert len(seen) >= 4


def test_tables_refuse_positions_out_of_reach() -> None:
    """Tables exist for few pieces on few tiles only: the Ocius start has none."""
    assert table_value(CoerceoGame(variant="ocius").new_initial_state()) is None


def test_search_takes_the_fastest_table_win_r11() -> None:
    """R11: in a position the tables hold, the search scores the table's win exactly and
    plays a move to a position the tables score lost in one ply fewer (both cores, node
    for node)."""
    state = parse_position(
        "white: c3:1 d3:5; black: c4:2; tiles: c3 c4 d3; move: white",
        CoerceoGame(variant="ocius"),
    )
    value = table_value(state)
    assert value is not None and value > 1
    fast = search(state, depth=2, tablebase=True)
    slow = search(state, depth=2, tablebase=True, compiled=False)
    assert (fast.score, fast.line, fast.nodes) == (slow.score, slow.line, slow.nodes)
    assert fast.mate_in == (value + 1) // 2
    child = state.clone()
    child.apply_action(fast.action)
    assert child.is_terminal() or table_value(child) == -(value - 1)


def test_search_avoids_a_drawn_ending_when_a_won_one_is_at_hand_r13() -> None:
    """R13: white, two pieces against one, may capture into a drawn ending or keep a won
    one; with the tables it keeps the win (the score is a win, not a draw)."""
    rng = random.Random(3)
    game = CoerceoGame(variant="ocius")
    start = game.new_initial_state()
    tiles = cores.core_args(start)[2]
    found = 0
    for _ in range(400):
        sub = rng.sample(bits(tiles), 3)
        fields = [3 * t + k for t in sub for k in range(3)]
        w = sum(1 << q for q in rng.sample(fields, 2))
        b = sum(1 << q for q in rng.sample(fields, 1))
        args = (w, b, sum(1 << t for t in sub), 0, 0, WHITE, 2)
        value = cores.CORE.tb_value(*args)
        if value is None or value <= 0:
            continue
        state = _from_args(game, args)
        if state.is_terminal():
            continue
        result = search(state, depth=3, tablebase=True)
        assert result.mate_in == (value + 1) // 2
        found += 1
        if found == 5:
            break
    assert found == 5


def _from_args(game: CoerceoGame, args: tuple) -> CoerceoState:
    w, b, tiles, cw, cb, side, _ = args
    white = cores.join(w, WHITE)
    black = cores.join(b, BLACK)

    def triples(mask: int) -> list[tuple[int, int, int]]:
        return [(*TILES[f // 6], f % 6) for f in bits(mask)]

    tile_list = [TILES[t] for t in bits(tiles)]
    return game.from_position(
        triples(white), triples(black), tiles=tile_list, to_move=side, collected=(cw, cb)
    )


def test_ab_spec_switches_the_tables() -> None:
    """``tables=on|off`` in an ``ab`` spec; the material engine never uses them."""
    from spelbord.ai import make_agent
    from spelbord.ai.budget import AgentSpecError

    assert make_agent("ab:200ms").tables
    off = make_agent("ab:200ms:tables=off")
    assert not off.tables and off.name == "ab:200ms:tables=off"
    assert not make_agent("ab:200ms:eval=material").tables
    # A depth alone (the fixed-depth levels) builds no tables unless asked: a build can
    # take seconds.
    assert not make_agent("ab:depth=3").tables
    on = make_agent("ab:depth=3:tables=on")
    assert on.tables and on.name == "ab:depth=3:tables=on"
    with pytest.raises(AgentSpecError, match="tables is on or off"):
        make_agent("ab:200ms:tables=maybe")


def _table_positions(tiles: list[int], nw: int, nb: int) -> list[tuple[int, int]]:
    """Every placement (white mask, black mask) of a signature's table."""
    from itertools import combinations

    fields = [3 * t + k for t in tiles for k in range(3)]
    whites = [sum(1 << q for q in c) for c in combinations(fields, nw)]
    blacks = [sum(1 << q for q in c) for c in combinations(fields, nb)]
    return [(w, b) for w in whites for b in blacks]


@pytest.mark.parametrize(
    ("tiles", "nw", "nb", "collected", "cost"),
    [
        ([8, 9, 13], 2, 2, (1, 0), 1),  # three Ocius tiles, an exchange in hand (R10)
        ([9, 13], 3, 2, (0, 2), 2),  # two tiles, exchange cost 2
        ([4, 8, 9], 2, 1, (0, 0), 1),
    ],
)
def test_the_retrograde_builder_matches_the_python_twin_on_whole_tables_r11_r12(
    tiles: list[int], nw: int, nb: int, collected: tuple[int, int], cost: int
) -> None:
    """R11/R12: the compiled builder (a retrograde pass over predecessor lists) gives every
    position of a table, and of every smaller table it needs, the value the Python twin's
    level-by-level definition gives (shortest win, longest loss, draws left)."""
    if cores.C_CORE is None:
        pytest.skip("the compiled core is not built")
    mask = sum(1 << t for t in tiles)
    positions = _table_positions(tiles, nw, nb)
    first = positions[0]
    args = (*first, mask, *collected, 0, cost)
    assert cores.C_CORE.tb_value(*args) == cores.PY_CORE.tb_value(*args)
    values = set()
    for w, b in positions:
        for side in (0, 1):
            args = (w, b, mask, *collected, side, cost)
            value = cores.C_CORE.tb_value(*args, 0)
            assert value == cores.PY_CORE.tb_value(*args, 0), (w, b, side)
            values.add(value)
    assert len(values) >= 3


def test_an_interrupted_table_build_goes_on_at_the_next_search() -> None:
    """A search too short to build its root's table keeps what it built and the next
    searches go on with it; no search uses the table before it is finished, and the
    finished tables are the ones an uninterrupted build gives, value for value."""
    if cores.C_CORE is None:
        pytest.skip("the compiled core is not built")
    from spelbord.games.coerceo.engine.tablebase import (
        clear_tables,
        table_digest,
        table_progress,
    )

    state = parse_position(
        "white: b3:3 b3:5 c3:3; black: c2:2 c3:4 c4:0; tiles: b3 c2 c3 c4; move: black",
        CoerceoGame(variant="ocius"),
    )
    clear_tables()
    assert table_progress(state) == 0.0
    seen = []
    for _ in range(400):
        result = search(state, seconds=0.01, tablebase=True)
        assert result.action in state.legal_actions()
        progress = table_progress(state)
        assert progress is not None
        seen.append(progress)
        if progress == 1.0:
            break
        assert table_value(state, build=False) is None
    assert seen[-1] == 1.0 and len(seen) > 2
    assert any(0.0 < p < 1.0 for p in seen)
    resumed = table_digest()
    value = table_value(state, build=False)
    clear_tables()
    assert table_value(state) == value
    assert table_digest() == resumed
    clear_tables()


def test_a_build_the_game_can_no_longer_reach_is_dropped() -> None:
    """A root's table left unfinished is dropped once a search starts from a position
    without one of its tiles (a game never gets tiles back): its memory is freed, and the
    table would be built afresh if asked."""
    if cores.C_CORE is None:
        pytest.skip("the compiled core is not built")
    from spelbord.games.coerceo.engine.tablebase import clear_tables, table_progress, table_stats

    game = CoerceoGame(variant="ocius")
    big = parse_position(
        "white: b3:3 b3:5 c3:3; black: c2:2 c3:4 c4:0; tiles: b3 c2 c3 c4; move: black", game
    )
    small = parse_position("white: c3:1 d3:5; black: c4:2; tiles: c3 c4 d3; move: white", game)
    clear_tables()
    for _ in range(400):
        search(big, seconds=0.01, tablebase=True)
        progress = table_progress(big)
        if progress is not None and 0.0 < progress < 1.0:
            break
    assert progress is not None and 0.0 < progress < 1.0
    held = table_stats()[1]
    search(small, depth=2, seconds=1.0, tablebase=True)
    assert table_progress(big) == 0.0
    assert table_stats()[1] < held
    clear_tables()


DEEP_WIN = (
    "white: c3:1 c3:5 c4:1 c4:3 d2:5; black: c3:0 d2:0 d3:0; tiles: c3 c4 d2 d3; "
    "collected: 1 2; move: white"
)
"""Five against three on 4 Ocius tiles, from an engine game: white wins in 31 plies (R11)."""


def test_the_analysis_board_and_cli_show_a_table_win_exactly_r11(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The analysis board (and ``spelbord analyse`` with a time) search with the tables: a
    win 31 plies deep, far beyond what a short search reaches, shows as "win in 16"."""
    from spelbord.cli.main import main
    from spelbord.games.coerceo.study import CoerceoAnalysis

    game = CoerceoGame(variant="ocius")
    state = parse_position(DEEP_WIN, game)
    plain = search(state, seconds=0.3)
    assert plain.mate_in is None  # the search alone does not see it
    assert table_value(state) == 31  # built (and kept for the process)
    data = CoerceoAnalysis().analyse(state, 0.3)
    assert data["verdict"] == {"kind": "win", "turns": 16}
    assert data["evaluation"] == "win in 16"
    assert (
        main(["analyse", "coerceo", "--variant", "ocius", "--fen", DEEP_WIN, "--time", "300ms"])
        == 0
    )
    assert "win in 16" in capsys.readouterr().out


SHORTER_WIN = (
    "white: b3:3 b4:5 c4:1 d2:1 d3:3; black: c2:0 c3:0; tiles: b3 b4 c2 c3 c4 d2 d3; "
    "collected: 2 0; move: white"
)
"""Beyond the tables (5 against 2 on 7 tiles), but the exchange xc2:0 leads to a position
they hold, lost for black in 8 plies: a win in 9 plies that a depth-1 search already sees.
White has a faster one, in 7 plies, that only a deeper search finds."""


def test_a_table_win_seen_early_gives_way_to_a_shorter_win_further_on_r11() -> None:
    """R11: the search does not stop at the first win it sees while a shorter one could lie
    beyond its depth: it shows the fastest win (the analysis board's "win in 4", whichever
    tables an earlier request left built), and its line wins in that many plies."""
    if cores.C_CORE is None:
        pytest.skip("the compiled core is not built")
    from spelbord.games.coerceo.study import CoerceoAnalysis

    state = parse_position(SHORTER_WIN, CoerceoGame())
    exchanged = state.clone()
    exchanged.apply_action(state.string_to_action("xc2:0"))
    assert table_value(state) is None  # beyond the tables
    assert table_value(exchanged) == -8  # built and kept: a win in 9 plies at depth 1
    result = search(state, seconds=1.0, tablebase=True)
    assert result.mate_in == 4 and result.depth >= 7
    played = state.clone()
    for action in result.line:
        played.apply_action(action)
    assert len(result.line) == 7 and played.is_terminal() and played.returns()[WHITE] > 0
    assert CoerceoAnalysis().analyse(state, 1.0)["evaluation"] == "win in 4"


def test_a_table_build_past_its_share_leaves_the_search_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table build may take half the time at most; when it runs over (a busy machine),
    the search still gets the other half: here a build that takes the whole budget still
    leaves time for the search to find the win in 7 plies (the Python twin, whose build is
    made slow; the compiled core does the same)."""
    import time

    slow_core = cores.PY_CORE
    build = slow_core._tb_prepare

    def slow_build(*args: object) -> None:
        build(*args)
        time.sleep(1.1)

    monkeypatch.setattr(slow_core, "_tb_prepare", slow_build)
    state = parse_position(SHORTER_WIN, CoerceoGame())
    result = search(state, seconds=1.0, tablebase=True, compiled=False)
    assert result.seconds >= 1.1 and result.mate_in == 4
