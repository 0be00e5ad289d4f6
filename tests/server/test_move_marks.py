"""Move-list marks: each game's ``State.move_marks`` reaches the move list's entries
(``marks``) only where the move's notation does (the server names no game)."""

from __future__ import annotations

import random

from spelbord import games
from spelbord.core import State, random_step
from spelbord.server.tables.views import MoveRecord, records_of, visible_moves


def test_a_mark_is_seen_only_with_the_notation() -> None:
    said = {"action": 9, "text": "b2-c3", "marks": ["capture"]}
    rec = MoveRecord(ply=3, player=1, parts=((1, "b2-c3", said, (1,)),))
    assert visible_moves([rec], viewer=1, reveal=False)[0]["marks"] == ["capture"]
    assert "marks" not in visible_moves([rec], viewer=0, reveal=False)[0]
    assert visible_moves([rec], viewer=0, reveal=True)[0]["marks"] == ["capture"]


def test_a_joint_action_marks_its_parts() -> None:
    parts = ((0, "bring Ex", {"marks": ["deity"]}, (0, 1, None)), (1, "bring 1K", {}, (0, 1, None)))
    entry = visible_moves([MoveRecord(0, -2, parts)], viewer=None, reveal=False)[0]
    assert entry["parts"][0]["marks"] == ["deity"] and "marks" not in entry["parts"][1]


def test_every_game_marks_its_list_as_its_rules_say() -> None:
    """Over random games of every game, each visible entry carries exactly the marks the
    game gives that move in the position before it, and a game that marks moves (the
    shipped games all do) marks some."""
    seen: dict[str, int] = {}
    for name in games.names():
        game = games.load(name)
        state = game.new_initial_state()
        rng = random.Random(3)
        for _ in range(400):
            if state.is_terminal():
                break
            random_step(state, rng)
        history = state.history()
        _, records = records_of(game, history)
        replay = game.new_initial_state()
        entries = visible_moves(records, None, reveal=True)
        for move, entry in zip(history, entries, strict=True):
            if isinstance(move, int):
                want = list(replay.move_marks(move, replay.current_player()))
                assert entry.get("marks", []) == want, (name, entry)
                replay.apply_action(move)
            else:
                for seat, (action, part) in enumerate(zip(move, entry["parts"], strict=True)):
                    assert part.get("marks", []) == list(replay.move_marks(action, seat))
                replay.apply_actions(list(move))
        seen[name] = sum(1 for e in entries for p in e.get("parts", [e]) if p.get("marks"))
        if type(state).move_marks is not State.move_marks:
            assert seen[name], name
