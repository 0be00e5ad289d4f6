"""The install matches the layers, and the wheel carries what the installed game table needs.

The base install (``pip install spelbord``) is core + games + ai + cli: the modules of
those layers import none of the extras' packages (``server``, ``lab``, ``openspiel``,
``pettingzoo``), and a subcommand that needs one says which extra to install. The wheel,
built and installed into a fresh virtual environment that sees only the base's packages,
prints the rules; with the server's packages too it serves ``/rules/coerceo``. No network:
the packages installed here stand in for the registry (``.ci/run`` does the same with
``pip install`` from the registry).
"""

from __future__ import annotations

import os
import pkgutil
import re
import socket
import subprocess
import sys
import textwrap
import time
import tomllib
import urllib.request
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import spelbord
import spelbord.games
from spelbord.rulebook import documents, reference_path

ROOT = Path(__file__).resolve().parents[1]
BASE_LAYERS = ("core", "games", "ai", "cli")
EXTRAS = ("server", "lab", "openspiel", "pettingzoo")


def requirements(extra: str | None) -> list[Requirement]:
    """Spelbord's own requirements of the base install (``None``) or of one extra."""
    out = []
    for line in metadata.requires("spelbord") or []:
        req = Requirement(line)
        if extra is None:
            wanted = req.marker is None
        else:
            wanted = req.marker is not None and req.marker.evaluate({"extra": extra})
        if wanted:
            out.append(req)
    return out


def distributions(extra: str | None) -> frozenset[str]:
    """The installed distributions the base install (``None``) or an extra needs, with
    every dependency of theirs (canonical names)."""
    seen: set[tuple[str, str]] = set()
    found: set[str] = set()
    todo = [(r.name, extra_name) for r in requirements(extra) for extra_name in ("", *r.extras)]
    while todo:
        name, wanted = todo.pop()
        key = canonicalize_name(name)
        if (key, wanted) in seen:
            continue
        seen.add((key, wanted))
        try:
            dist = metadata.distribution(key)
        except metadata.PackageNotFoundError:
            continue  # not installed here (an optional dependency of a dependency)
        found.add(key)
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": wanted}):
                if wanted and req.marker is None:
                    continue  # the plain dependencies come with ``(key, "")``
                todo += [(req.name, e) for e in ("", *req.extras)]
    return frozenset(found)


def import_names(dists: frozenset[str]) -> set[str]:
    """The top-level modules the distributions ``dists`` install."""
    return {
        module
        for module, owners in metadata.packages_distributions().items()
        if any(canonicalize_name(owner) in dists for owner in owners) and not module.startswith("_")
    }


def test_the_base_is_core_games_ai_and_the_command() -> None:
    base = {canonicalize_name(r.name) for r in requirements(None)}
    assert base == {"numpy", "scipy", "tqdm"}
    for extra in EXTRAS:
        assert requirements(extra), extra
    server = {canonicalize_name(r.name) for r in requirements("server")}
    assert {"fastapi", "uvicorn", "sqlalchemy", "psycopg", "markdown"} <= server
    lab = {canonicalize_name(r.name) for r in requirements("lab")}
    assert {"pyarrow", "matplotlib", "ray"} <= lab


BLOCKER = textwrap.dedent(
    """
    import importlib.abc, sys

    BLOCKED = set(sys.argv[1].split(","))

    class Blocker(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Blocker())
    """
)

IMPORT_BASE = textwrap.dedent(
    """
    import importlib, pkgutil, spelbord
    for layer in sys.argv[2].split(","):
        package = importlib.import_module(f"spelbord.{layer}")
        for info in pkgutil.walk_packages(package.__path__, f"spelbord.{layer}."):
            if not info.name.endswith("__main__"):
                importlib.import_module(info.name)
    import spelbord.rulebook
    print("imported")
    """
)

CLI = textwrap.dedent(
    """
    from spelbord.cli import main
    raise SystemExit(main(sys.argv[2:]))
    """
)


@pytest.fixture(scope="module")
def blocked() -> str:
    """The modules of every extra's packages that the base does not need itself."""
    base = distributions(None)
    extras = frozenset().union(*(distributions(extra) for extra in EXTRAS)) - base
    names = import_names(extras) - import_names(base)
    assert {"fastapi", "sqlalchemy", "pyarrow", "matplotlib", "markdown"} <= names
    return ",".join(sorted(names))


def run_without_extras(blocked: str, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + code, blocked, *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def test_the_base_layers_import_none_of_the_extras(blocked: str) -> None:
    layers = ",".join(BASE_LAYERS)
    done = run_without_extras(blocked, IMPORT_BASE, layers)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported"
    # every module of those layers was seen (a layer with a module the walk missed)
    for layer in BASE_LAYERS:
        package = Path(spelbord.__file__).parent / layer
        assert any(pkgutil.iter_modules([str(package)])), layer


def test_the_command_works_without_the_extras_and_names_the_one_missing(blocked: str) -> None:
    done = run_without_extras(blocked, CLI, "rules", "coerceo")
    assert done.returncode == 0, done.stderr
    english = reference_path(documents("coerceo"), "en").read_text(encoding="utf-8")
    assert done.stdout == english.rstrip("\n") + "\n"
    done = run_without_extras(
        blocked, CLI, "play", "coerceo", "--seat0", "random", "--seat1", "random"
    )
    assert done.returncode == 0, done.stderr
    done = run_without_extras(blocked, CLI, "serve", "--port", "0")
    assert done.returncode == 1
    assert "install spelbord[server]" in done.stderr and "Traceback" not in done.stderr
    done = run_without_extras(blocked, CLI, "lab", "run", "seats", "--games", "2")
    assert done.returncode == 1
    assert "install spelbord[lab]" in done.stderr and "Traceback" not in done.stderr


def test_the_package_data_covers_every_data_file() -> None:
    """Whatever lies beside the modules (documents, web files, JSON and TOML data,
    catalogues, templates) is shipped in the wheel by a pattern of the package data."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["spelbord"]
    package = ROOT / "src" / "spelbord"
    shipped = {p for pattern in patterns for p in package.glob(pattern) if p.is_file()}
    code = {".py", ".pyc", ".so", ".c", ".h"}  # modules, and the C core's sources
    data_files = [
        p
        for p in package.rglob("*")
        if p.is_file() and p.suffix not in code and "__pycache__" not in p.parts
    ]
    assert any(p.name == "reference.en.md" for p in data_files)
    assert [str(p.relative_to(package)) for p in data_files if p not in shipped] == []


# The wheel in a fresh virtual environment --------------------------------------------


def link_distributions(dists: frozenset[str], folder: Path) -> None:
    """Make the installed distributions ``dists`` importable from ``folder`` (symbolic
    links to their top-level files), as `pip install` from the registry would."""
    folder.mkdir(exist_ok=True)
    for name in dists:
        dist = metadata.distribution(name)
        site = Path(str(dist.locate_file("")))
        for part in {f.parts[0] for f in dist.files or [] if f.parts and f.parts[0] != ".."}:
            target = folder / part
            if not target.exists() and (site / part).exists():
                target.symlink_to(site / part)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The wheel built from this checkout, installed without its dependencies into a new
    virtual environment (its ``bin/``), whose ``base-packages/`` holds the base's."""
    where = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "-q", "-w", str(where / "dist"), str(ROOT)],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr[-3000:]
    [wheel] = (where / "dist").glob("spelbord-*.whl")
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", "-q", str(wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr[-3000:]
    site = Path(
        subprocess.check_output(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            text=True,
        ).strip()
    )
    link_distributions(distributions(None), where / "base-packages")
    (site / "base-packages.pth").write_text(str(where / "base-packages") + "\n")
    yield venv


@pytest.mark.slow
def test_the_installed_wheel_prints_the_rules_and_serves_the_rules_page(
    fresh_venv: Path, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPELBORD_")}
    env.pop("PYTHONPATH", None)
    spelbord_command = fresh_venv / "bin" / "spelbord"
    where = subprocess.run(
        [str(fresh_venv / "bin" / "python"), "-c", "import spelbord; print(spelbord.__file__)"],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert str(fresh_venv) in where.stdout, (where.stdout, where.stderr)
    done = subprocess.run(
        [str(spelbord_command), "rules", "coerceo"],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    english = reference_path(documents("coerceo"), "en").read_text(encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert done.stdout == english.rstrip("\n") + "\n"
    done = subprocess.run(
        [str(spelbord_command), "serve", "--port", "0"],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1 and "install spelbord[server]" in done.stderr

    # with the server's extra: the rules page from the installed package
    site = fresh_venv.parent / "base-packages"
    link_distributions(distributions("server"), site)
    port = free_port()
    server = subprocess.Popen(
        [str(spelbord_command), "serve", "--port", str(port),
         "--database-url", f"sqlite:///{tmp_path / 'table.sqlite3'}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    try:
        page = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                url = f"http://127.0.0.1:{port}/rules/coerceo"
                with urllib.request.urlopen(url, timeout=5) as response:
                    assert response.status == 200
                    page = response.read().decode("utf-8")
                break
            except OSError:
                time.sleep(0.3)
        assert page, "the server did not answer"
        assert "<strong>R7. Capture (ruling).</strong>" in page
        assert re.search(r"<h2[^>]*>Components</h2>", page)
    finally:
        server.terminate()
        try:
            out, _ = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            out, _ = server.communicate()
    assert "Traceback" not in out, out[-3000:]
