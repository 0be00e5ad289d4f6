"""Issue 27, item 6: common passwords are refused at sign-up and at a password change
(NIST SP 800-63B 5.1.1.2), checked without regard to case against the shipped list."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from players_helpers import PASSWORD, players_app, sign_up

from spelbord.server.players import passwords

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'passwords.sqlite3'}"


def test_the_list_ships_in_the_package_with_its_source_named() -> None:
    common = passwords.common_passwords()
    assert len(common) > 10_000
    assert {"password", "12345678", "qwertyuiop", "iloveyou", "1qaz2wsx"} <= common
    assert all(p == p.casefold() and len(p) >= passwords.MIN_PASSWORD for p in common)
    source = passwords.LIST.with_name(passwords.SOURCE_FILE).read_text(encoding="utf-8")
    assert "zxcvbn" in source and "MIT" in source
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["spelbord"]
    package = ROOT / "src" / "spelbord"
    shipped = {p.resolve() for pattern in patterns for p in package.glob(pattern)}
    assert passwords.LIST in shipped and passwords.LIST.with_name(passwords.SOURCE_FILE) in shipped


@pytest.mark.parametrize("weak", ["password", "12345678", "qwertyuiop", "PassWord", "QWERTYUIOP"])
def test_common_passwords_are_refused_at_sign_up_in_every_language(url: str, weak: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        r = c.post("/api/account/signup", json={"name": "Liv", "password": weak})
        assert r.status_code == 400
        assert "common" in r.json()["error"]
        r = c.post(
            "/api/account/signup",
            json={"name": "Liv", "password": weak},
            headers={"Accept-Language": "nb"},
        )
        assert r.json()["message"] != r.json()["error"]
        assert c.get("/api/account").json()["account"] is None
        assert c.get("/api/players/liv").status_code == 404


def test_the_name_and_the_sites_name_are_no_password(url: str) -> None:
    with players_app(url) as new_client:
        c = new_client()
        for name, password in (
            ("Margareta", "MARGARETA"),
            ("Maja", "spelbord"),
            ("Maj", "Spelbord2026"),
        ):
            r = c.post("/api/account/signup", json={"name": name, "password": password})
            assert r.status_code == 400, (name, password, r.text)
        sign_up(c, "Mira")  # the usual test password is fine


def test_a_password_change_refuses_common_passwords_and_signs_out_other_sessions(url: str) -> None:
    with players_app(url) as new_client:
        c, other = new_client(), new_client()
        sign_up(c, "Nanna")
        r = other.post("/api/account/signin", json={"name": "nanna", "password": PASSWORD})
        assert r.status_code == 200
        change = "/api/account/password"
        r = c.post(change, json={"password": PASSWORD, "new_password": "Password1"})
        assert r.status_code == 400 and "common" in r.json()["error"]
        r = c.post(change, json={"password": "not-my-password", "new_password": "a fresh long one"})
        assert r.status_code == 401
        r = c.post(change, json={"password": PASSWORD, "new_password": "a fresh long one"})
        assert r.status_code == 200, r.text
        assert c.get("/api/account").json()["account"]["name"] == "Nanna"  # this one stays
        assert other.get("/api/account").json()["account"] is None  # the others end
        r = other.post("/api/account/signin", json={"name": "nanna", "password": PASSWORD})
        assert r.status_code == 401
        r = other.post(
            "/api/account/signin", json={"name": "nanna", "password": "a fresh long one"}
        )
        assert r.status_code == 200
        assert (
            new_client().post(change, json={"password": "x", "new_password": "y"}).status_code
            == 401
        )
