"""No hidden information leaves the server.

For random games of every registered game, everything built for a seat (the live view,
the WebSocket message, replay frames and move list, the export answer) must be identical
for the real state and for a twin that differs only in what that seat cannot know
(``state.resample(seat, rng)``), and secret simultaneous choices never show.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import sqlalchemy as sa

from spelbord import games
from spelbord.core import CHANCE, SIMULTANEOUS, Move, State, sample_outcome
from spelbord.server.errors import ForbiddenError
from spelbord.server.tables import views
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.store import LogEntry, SeatRecord, Store, TableRecord

SEATS: list[dict[str, Any]] = []


def sent_to(state: State, records: list[views.MoveRecord], viewer: int | None) -> str:
    """Every message the server can build for ``viewer`` about this running game."""
    game = state.game
    live = views.build_view(
        table_id="t",
        status="running",
        state=state,
        records=records,
        viewer=viewer,
        seats=SEATS,
        result=None,
    )
    try:
        export: Any = views.export_record(
            game=game,
            seed=1,
            history=state.history(),
            finished=False,
            resigned=None,
            result=None,
        )
    except ForbiddenError as exc:
        export = str(exc)
    replay = views.replay(game, state.history(), viewer, finished=False)
    return json.dumps(
        {"type": "view", "view": live, "replay": replay, "export": export}, sort_keys=True
    )


def random_move(state: State, rng: random.Random) -> Move:
    player = state.current_player()
    if player == CHANCE:
        return sample_outcome(state.chance_outcomes(), rng)
    if player == SIMULTANEOUS:
        return tuple(rng.choice(state.legal_actions(s)) for s in range(state.num_players()))
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("name", games.names())
def test_messages_are_blind_to_what_a_seat_cannot_know(name: str) -> None:
    game = games.load(name)
    rng = random.Random(f"hidden-{name}")
    checks = 0
    for _ in range(3):
        state = game.new_initial_state()
        records: list[views.MoveRecord] = []
        while not state.is_terminal() and state.move_number() < 40:
            if state.move_number() % 3 == 0 or game.info.information != "perfect":
                for viewer in [None, *range(game.num_players())]:
                    twin = state.resample(viewer, rng)
                    replayed, twin_records = views.records_of(game, twin.history())
                    assert replayed.to_json() == twin.to_json(), "resample's history must replay"
                    assert sent_to(twin, twin_records, viewer) == sent_to(state, records, viewer)
                    checks += 1
            move = random_move(state, rng)
            records.append(views.describe_move(state, move))
            if isinstance(move, int):
                state.apply_action(move)
            else:
                state.apply_actions(list(move))
    assert checks > 0


def test_the_resample_really_differs_in_the_toy_game() -> None:
    """The check above has teeth: twins differ, and the views differ for other seats."""
    game = games.load("toy-hidden")
    state = game.replay([0, 2])
    rng = random.Random(1)
    twins = [state.resample(0, rng) for _ in range(20)]
    assert {t.history()[1] for t in twins} == {0, 1, 2}
    other = next(t for t in twins if t.history()[1] != 2)
    _, other_records = views.records_of(game, other.history())
    _, records = views.records_of(game, state.history())
    assert sent_to(other, other_records, 1) != sent_to(state, records, 1)
    assert sent_to(other, other_records, None) == sent_to(state, records, None)


def live_table(cards: list[int], pending: dict[int, int]) -> LiveTable:
    hub = Hub(Store(sa.create_engine("sqlite://")), None)
    log = tuple(LogEntry(i, i, "chance", None, c) for i, c in enumerate(cards))
    record = TableRecord(
        id="same",
        game="toy-hidden",
        options={},
        seed=1,
        status="running",
        ply=len(cards),
        result=None,
        source="play",
        created_at=0.0,
        updated_at=0.0,
        seats=(
            SeatRecord(0, "local", "A", claimed=True),
            SeatRecord(1, "local", "B", claimed=True),
        ),
        log=log,
        pending=pending,
    )
    return LiveTable(hub, record)


class Inbox:
    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.messages: list[str] = []

    def push(self, text: str, kind: str | None = None) -> None:
        self.messages.append(text)


@pytest.mark.parametrize("viewer", [None, 0])
def test_live_messages_hide_other_cards_and_secret_choices(viewer: int | None) -> None:
    sent = []
    for cards, pending in (([1, 0], {1: 10}), ([1, 2], {1: 11})):
        table = live_table(cards, pending)
        inbox = Inbox(viewer)
        table.subscribe(inbox)
        sent.append([*inbox.messages, json.dumps(table.replay(viewer))])
    assert sent[0] == sent[1]


def test_live_messages_do_show_a_seat_its_own_card() -> None:
    a, b = live_table([1, 0], {}), live_table([1, 2], {})
    assert a.view(1)["observation"] != b.view(1)["observation"]
    assert (
        a.view(1)["moves"]
        == b.view(1)["moves"]
        == [
            {"ply": 0, "seat": -1, "text": "chance", "kind": "chance"},
            {"ply": 1, "seat": -1, "text": "chance", "kind": "chance"},
        ]
    )
