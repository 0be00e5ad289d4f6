"""An exploiter's expected return against a frozen ``gunst-eq``, computed by walking the
target's mixes and the coins (``spelbord.ai.gunst.probe``, issue 31), on tiny positions
whose values are worked out by hand."""

from __future__ import annotations

import pytest

from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst.probe import Probe, after_nothing, main, make_target
from spelbord.games.gunst.position import TINGE, Table


def table(season: int, hands: list[list[int]], life: list[int]) -> Table:
    t = Table()
    t.season, t.hand, t.life = season, hands, life
    return t


@pytest.mark.parametrize(
    ("exploiter", "value"),
    [("mimic=hoard", -1.0), ("br", 0.0), ("deep", 0.0), ("as=gunst-eq:model=off", 0.0)],
)
def test_season_three_lone_warriors(exploiter: str, value: float) -> None:
    """Season 3, one warrior and one life stone each (R17, R22). A warrior brought alone
        strikes the last stone (+1); both brought: the coin names the chooser, who goes first
        and strikes first (R5, R6: 0); neither: season 4 is the same position, again 0. So
        the target brings its warrior; the hoarding mimic (nothing before season 4) loses for
        certain; the best reply (and the deep reply, which follows both of its selections to the
    end) brings its own and gets the coin toss, as does the target's twin (``as=``)."""
    probe = Probe(make_target("gunst-eq:model=off"), exploiter, seat=0)
    assert probe.value(table(3, [[0, 1, 0, 0, 0], [0, 1, 0, 0, 0]], [1, 1])) == value


def test_season_four_matching_pennies() -> None:
    """Season 4, life 1 each: the target (seat 0) holds a knight and a warrior, the
    exploiter a warrior, a farmer and a thief; worked out by hand in
    ``tests/ai/test_gunst_exact.py``: matching pennies worth 1/2 to seat 0. The best reply
    to the target's mix gets no more than the game's value, -1/2, and the target's near
    equilibrium gives away little."""
    probe = Probe(make_target("gunst-eq:model=off"), "br", seat=1)
    value = probe.value(table(4, [[1, 1, 0, 0, 0], [0, 1, 1, 1, 0]], [1, 1]))
    assert -0.5 - 1e-9 <= value <= -0.4


def test_bad_targets_and_exploiters_are_refused() -> None:
    with pytest.raises(AgentSpecError):
        make_target("gunst-eq")  # the model makes the target depend on the history
    with pytest.raises(AgentSpecError):
        make_target("random")
    with pytest.raises(AgentSpecError):
        Probe(make_target("gunst-eq:model=off"), "mimic=nobody", seat=0)


def test_after_nothing_starts_where_both_seats_brought_nothing() -> None:
    """``--after-nothing S``: the Tinge of season S after both seats brought nothing (R4),
    so no kin left a hand, no life was lost and no deity moved off its place; a season
    outside 1..4, a missing one or a second start (``--from``) is refused with the usage."""
    for season in (1, 2, 3, 4):
        t = after_nothing(season)
        assert (t.season, t.phase, t.life) == (season, TINGE, [12, 12])
        assert t.hand == [[1, 3, 3, 2, 2], [1, 3, 3, 2, 2]] == Table().hand
        assert t.deity == Table().deity
    for bad in (
        ["--after-nothing", "5"],
        ["--after-nothing", "x"],
        ["--after-nothing"],
        ["--after-nothing", "3", "--from", "3", "1", "1"],
    ):
        with pytest.raises(SystemExit, match="usage"):
            main(["gunst-eq:model=off", "br", *bad])
