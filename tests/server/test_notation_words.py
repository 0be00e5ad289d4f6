"""Every word of a game's notation has its words in the game's four catalogues
(``notation.<word>`` in ``games/<game>/web/i18n/<code>.json``), English the word itself, so
the move list shows the notation in the page's language (``static/notation.js``).

The words are gathered from every action a position offers (each legal action's and chance
outcome's text) along the short games of ``tests/replaygames`` and the record fixtures: a
token of two letters or more is a word; a count before a letter (Gunst's ``2W``) is a
counted letter, keyed by its letter. Names stay as they are (Gunst's deities).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from tests.replaygames import SHORT, finished_game

from spelbord import games
from spelbord.core import CHANCE, SIMULTANEOUS, Game, Move
from spelbord.games.gunst.pieces import DEITIES

RECORDS = Path(__file__).resolve().parents[1] / "fixtures" / "records"
GAMES = Path(__file__).resolve().parents[2] / "src" / "spelbord" / "games"
LANGUAGES = ("en", "sv", "da", "nb")
TOKEN = re.compile(r"[^\W_]+")
COUNTED = re.compile(r"\d+([^\W\d_]+)")
NAMES = {d.name for d in DEITIES} | {d.short for d in DEITIES}
"""Names in notation that no language changes (Gunst's deities and their two letters)."""


def _offered(game: Game, history: list[Move]) -> set[str]:
    """The text of every action offered along ``history`` (chance outcomes included)."""
    state = game.new_initial_state()
    texts: set[str] = set()
    for move in history:
        player = state.current_player()
        if player == CHANCE:
            texts |= {state.action_to_string(a, CHANCE) for a, _ in state.chance_outcomes()}
        else:
            seats = range(game.num_players()) if player == SIMULTANEOUS else [player]
            texts |= {state.action_to_string(a, s) for s in seats for a in state.legal_actions(s)}
        if isinstance(move, int):
            state.apply_action(move)
        else:
            state.apply_actions(list(move))
    return texts


@cache
def notation_words() -> dict[str, set[str]]:
    """Game -> the words and counted letters its notation used in the games played."""
    played: list[tuple[Game, list[Move]]] = []
    for name, (options, _) in SHORT.items():
        played.append((games.load(name, **options), finished_game(name)[0].history()))
    for path in sorted(RECORDS.glob("*.json")):
        record = json.loads(path.read_text())
        if record.get("format") != "spelbord-record/1":
            continue
        game = games.load(record["game"], rules_version=record["version"], **record["options"])
        played.append((game, [m if isinstance(m, int) else tuple(m) for m in record["moves"]]))
    found: dict[str, set[str]] = {}
    for game, history in played:
        words = found.setdefault(game.info.name, set())
        for text in _offered(game, history):
            for token in TOKEN.findall(text):
                counted = COUNTED.fullmatch(token)
                if token.isalpha() and len(token) > 1 and token not in NAMES:
                    words.add(token)
                elif counted:
                    words.add(counted.group(1))
    return found


def catalogue(game: str, code: str) -> dict[str, str]:
    path = GAMES / game / "web" / "i18n" / f"{code}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def test_the_games_played_use_the_words_of_every_game() -> None:
    found = notation_words()
    assert {"buy", "pass", "draw", "melee", "dragon"} <= found["omringad"]
    assert {"roll", "safe", "live", "first", "South"} <= found["islandet"]
    assert {"bring", "coin", "scholars", "K", "W"} <= found["gunst"]
    assert found["coerceo"] == set()  # fields and moves only: c3:0-c4:2, xb2:1


@pytest.mark.parametrize("game", sorted(SHORT))
def test_every_notation_word_has_its_words_in_every_language(game: str) -> None:
    used = notation_words()[game]
    for code in LANGUAGES:
        keys = {k[len("notation.") :] for k in catalogue(game, code) if k.startswith("notation.")}
        assert used <= keys, f"{game}/{code}.json lacks notation words {sorted(used - keys)}"


@pytest.mark.parametrize("game", sorted(SHORT))
def test_english_notation_words_are_the_notations_own(game: str) -> None:
    english = catalogue(game, "en")
    keyed = {k: v for k, v in english.items() if k.startswith("notation.")}
    assert all(v == k.removeprefix("notation.") for k, v in keyed.items())


def test_gunsts_counted_letters_are_the_boards() -> None:
    """``2W`` shows the letter the board shows on a warrior in the page's language."""
    for code in LANGUAGES:
        words = catalogue("gunst", code)
        for kin, letter in (("knight", "K"), ("warrior", "W"), ("farmer", "F"), ("thief", "T")):
            assert words[f"notation.{letter}"] == words[f"letter.{kin}"], (code, kin)
        assert words["notation.S"] == words["letter.scholar"], code


def test_islandets_compass_letters_are_its_directions_initials() -> None:
    """``face E`` / ``pad W``: the facing's letter is its direction's initial in the page's
    language (east is Ø in Norwegian and Danish, Ö in Swedish; west is V)."""
    for code in LANGUAGES:
        words = catalogue("islandet", code)
        for letter, direction in (("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")):
            assert words[f"notation.{letter}"] == words[f"dir.{direction}"][0].upper(), code
