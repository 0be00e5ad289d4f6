"""Issue 27, item 3: lookalike names. A name is unique on its confusable skeleton (Unicode
TS #39, ICU's spoof checker) after NFKC and case folding, and a name that mixes scripts is
refused; migration 0006 back-fills the skeletons of existing names."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from players_helpers import PASSWORD, players_app, sign_up

from spelbord.server.db import MIGRATIONS, create_engine, migrate
from spelbord.server.players.names import BadNameError, check_name, skeleton
from spelbord.server.players.store import ACCOUNTS

CYRILLIC_A, CYRILLIC_O, CYRILLIC_P, CYRILLIC_IE = "\u0430", "\u043e", "\u0440", "\u0435"
DOTLESS_I = "\u0131"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'names.sqlite3'}"


def _signup(c, name: str):  # type: ignore[no-untyped-def]
    return c.post("/api/account/signup", json={"name": name, "password": PASSWORD})


def test_lookalikes_of_a_taken_name_are_refused(url: str) -> None:
    with players_app(url) as new_client:
        sign_up(new_client(), "alice")
        sign_up(new_client(), "poe")
        for lookalike in (
            "ALICE",
            "\uff41\uff4c\uff49\uff43\uff45",  # fullwidth
            f"al{DOTLESS_I}ce",  # dotless i
            "a1ice",  # digit one for l
            f"{CYRILLIC_P}{CYRILLIC_O}{CYRILLIC_IE}",  # all Cyrillic: looks like "poe"
        ):
            r = _signup(new_client(), lookalike)
            assert r.status_code == 409, (lookalike, r.text)
            assert "taken" in r.json()["error"]
        engine = sa.create_engine(url)
        with engine.connect() as conn:
            names = set(conn.execute(sa.select(ACCOUNTS.c.name)).scalars())
        engine.dispose()
        assert names == {"alice", "poe"}


def test_names_that_mix_scripts_are_refused(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        for mixed in (f"{CYRILLIC_A}lice", f"D{CYRILLIC_A}sha", "\u03c9mega", "x1\u0661"):
            r = _signup(c, mixed)
            assert r.status_code == 400 and "script" in r.json()["error"], (mixed, r.text)
        r = c.post(
            "/api/account/signup",
            json={"name": f"D{CYRILLIC_A}sha", "password": PASSWORD},
            headers={"Accept-Language": "da"},
        )
        assert r.json()["message"] != r.json()["error"]


def test_nordic_and_other_single_script_names_are_welcome(url: str) -> None:
    with players_app(url) as new_client:
        welcome = ("Björn", "Bjorn", "Åsa_92", "Ærø", "Ørjan", "Þór", "Даша", "山田太郎", "Łukasz")
        for name in welcome:
            sign_up(new_client(), name)


def test_the_skeleton_is_ts39s_after_nfkc_and_case_folding() -> None:
    assert skeleton("ALICE") == skeleton(f"al{DOTLESS_I}ce") == skeleton("a1ice") == "alice"
    assert skeleton("\uff21LICE") == "alice"
    assert skeleton("Björn") != skeleton("Bjorn")
    assert skeleton("rn") == skeleton("m")
    with pytest.raises(BadNameError, match="script"):
        check_name(f"{CYRILLIC_A}lice")


def _config(connection: sa.Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def test_the_migration_back_fills_skeletons_and_keeps_every_existing_name(
    database_url: str,
) -> None:
    """Existing lookalikes keep their names and their accounts: the oldest holds the plain
    skeleton, each later one its skeleton marked with its id, so the index stays unique
    and every new lookalike of either is refused."""
    engine = create_engine(database_url)
    try:
        with engine.begin() as conn:
            command.upgrade(_config(conn), "0004")
        with engine.begin() as conn:
            for i, (name, key) in enumerate(
                (("alice", "alice"), (f"{CYRILLIC_A}lice", f"{CYRILLIC_A}lice"), ("Bob", "bob"))
            ):
                conn.execute(
                    sa.text(
                        "INSERT INTO spelbord_accounts (id, name, name_key, password_hash,"
                        " created_at) VALUES (:id, :name, :key, 'x', :at)"
                    ),
                    {"id": f"id{i}", "name": name, "key": key, "at": float(i)},
                )
        migrate(engine)
        with engine.connect() as conn:
            rows = {
                r.id: r.name_skeleton
                for r in conn.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name_skeleton))
            }
            indexes = sa.inspect(conn).get_indexes("spelbord_accounts")
            uniques = sa.inspect(conn).get_unique_constraints("spelbord_accounts")
        assert rows == {"id0": "alice", "id1": "alice#id1", "id2": "bob"}
        assert any(
            ix["column_names"] == ["name_skeleton"] and ix["unique"] for ix in indexes
        ) or any(u["column_names"] == ["name_skeleton"] for u in uniques)
    finally:
        engine.dispose()


def _table(c, seats):  # type: ignore[no-untyped-def]
    return c.post("/api/tables", json={"game": "coerceo", "seats": seats})


def test_nobody_sits_at_a_table_under_another_players_name(url: str) -> None:
    """A seat's name that is, or looks like, a registered player's is refused but to that
    player: a guest or another account cannot show up as "alice" at a table."""
    with players_app(url) as new_client:
        alice, bob, guest = new_client(), new_client(), new_client()
        sign_up(alice, "alice")
        sign_up(bob, "bob")
        made = _table(guest, [{"kind": "open"}, {"kind": "open"}])
        assert made.status_code == 200, made.text
        table = made.json()["table"]
        for name in ("alice", "ALICE", f"al{DOTLESS_I}ce", "a1ice", "\uff41lice"):
            for who in (guest, bob):
                r = who.post(f"/api/tables/{table}/claim", json={"seat": 0, "name": name})
                assert r.status_code == 409, (name, r.text)
                assert "registered player" in r.json()["error"]
            r = _table(guest, [{"kind": "open", "name": name}, {"kind": "open"}])
            assert r.status_code == 409, (name, r.text)
        sv = guest.post(
            f"/api/tables/{table}/claim",
            json={"seat": 0, "name": "alice"},
            headers={"Accept-Language": "sv"},
        )
        assert "registrerad spelare" in sv.json()["message"]
        assert guest.get(f"/api/tables/{table}/view").json()["seats"][0]["claimed"] is False
        r = alice.post(f"/api/tables/{table}/claim", json={"seat": 0, "name": "Alice"})
        assert r.status_code == 200, r.text
        r = guest.post(f"/api/tables/{table}/claim", json={"seat": 1, "name": "Alicia"})
        assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    "hidden", ["\u202e", "\u200b", "\u200d", "\ufeff", "\n", "\x00", "\u2028", "\ue000"]
)
def test_names_shown_to_others_hold_no_invisible_or_control_characters(
    url: str, hidden: str
) -> None:
    """A right-to-left override, a zero-width space, a newline...: refused in a seat's
    name and a tournament's name, and nothing is stored."""
    with players_app(url) as new_client:
        c = new_client()
        sign_up(c, "organizer")
        r = _table(c, [{"kind": "open", "name": f"Ann{hidden}a"}, {"kind": "open"}])
        assert r.status_code == 400 and "invisible" in r.json()["error"], r.text
        r = c.post(
            "/api/tournaments",
            json={
                "name": f"Cup{hidden}gnikniD",
                "game": "coerceo",
                "format": "knockout",
                "starts_in": 600,
                "entrants": [{"player": "organizer"}],
            },
        )
        assert r.status_code == 400 and "invisible" in r.json()["error"], r.text
        assert c.get("/api/tournaments").json() == []
        assert c.get("/api/tables").json()["open"] == []
