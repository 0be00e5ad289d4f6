"""What every subcommand shares: errors, exit codes, loading games, optional parts.

>>> parse_options(["variant=ocius", "exchange_cost=1"])
{'variant': 'ocius', 'exchange_cost': '1'}
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from spelbord.core.errors import SpelbordError
from spelbord.core.game import Game
from spelbord.core.info import GameInfo

EXIT_OK = 0
EXIT_FAILURE = 1
"""Something went wrong while running (a missing part, an agent that broke the rules)."""
EXIT_USAGE = 2
"""Bad command line: unknown game or option, bad value (argparse uses 2 as well)."""
EXIT_INTERRUPTED = 130

_WARNED: set[str] = set()


class CliError(SpelbordError):
    """An error the command reports as one line on stderr, with an exit code."""

    def __init__(self, message: str, code: int = EXIT_FAILURE) -> None:
        super().__init__(message)
        self.code = code


def install_hint(extra: str) -> str:
    """How to install the extra ``extra`` of Spelbord (``server``, ``lab``, ...).

    >>> install_hint("server")
    "install spelbord[server]: pip install 'spelbord[server]' (in a checkout: make install-test)"
    """
    return (
        f"install spelbord[{extra}]: pip install 'spelbord[{extra}]' "
        "(in a checkout: make install-test)"
    )


def missing_part(
    exc: ModuleNotFoundError, name: str, purpose: str, extra: str | None = None
) -> CliError:
    """The ``CliError`` for a missing ``name`` or third-party package; else re-raise.

    Use as ``except ModuleNotFoundError as exc: raise missing_part(exc, ...) from None``
    around a lazy import, so a bug inside a module that exists is not disguised. ``extra``
    is the optional part of the installation (``server``, ``lab``, ...) whose packages the
    purpose needs: the message says to install it.

    >>> missing = ModuleNotFoundError(name="fastapi")
    >>> print(missing_part(missing, "spelbord.server", "`x`", "server"))  # doctest: +ELLIPSIS
    `x` needs the Python package 'fastapi': install spelbord[server]: pip install ...
    """
    missing = exc.name or ""
    if missing and (name == missing or name.startswith(missing + ".")):
        return CliError(f"{purpose} needs {name}, which is not in this installation")
    if missing and missing.split(".")[0] != "spelbord":
        how = install_hint(extra) if extra else "run `make install`"
        return CliError(f"{purpose} needs the Python package {missing.split('.')[0]!r}: {how}")
    raise exc


def require_extra(extra: str, modules: Sequence[str], purpose: str) -> None:
    """A ``CliError`` naming the extra ``extra`` unless every one of ``modules`` (the
    third-party packages ``purpose`` imports only once it runs) is installed.

    >>> require_extra("lab", ["json"], "`x`")
    >>> require_extra("lab", ["json", "no_such_package_here"], "`x`")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spelbord.cli.common.CliError: `x` needs the Python package 'no_such_package_here': install ...
    """
    for module in modules:
        try:
            found = importlib.util.find_spec(module)
        except (ImportError, ValueError):  # a broken or half-installed package
            found = None
        if found is None:
            raise CliError(f"{purpose} needs the Python package {module!r}: {install_hint(extra)}")


def registry() -> ModuleType:
    """The game registry with every game package imported.

    A game package that fails to import is reported on stderr and skipped, so the other
    games stay usable in a checkout where one game is half-built.
    """
    from spelbord.core import registry as core_registry

    try:
        importlib.import_module("spelbord.games")
    except ImportError as exc:
        warning = f"spelbord: warning: not every game could be loaded: {exc}"
        if warning not in _WARNED:
            _WARNED.add(warning)
            print(warning, file=sys.stderr)
    return core_registry


def game_names() -> list[str]:
    """Registered game names, sorted."""
    names: list[str] = registry().names()
    return names


def game_info(name: str) -> GameInfo:
    """The facts of a registered game (``CliError`` for an unknown name)."""
    try:
        info: GameInfo = registry().info(name)
    except SpelbordError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    return info


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["k=v", ...]`` as a dict of strings (each game option converts its own value)."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--opt takes KEY=VALUE, got {pair!r}", EXIT_USAGE)
        options[key.strip()] = value.strip()
    return options


def load_game(name: str, options: dict[str, Any]) -> Game:
    """The game ``name`` with ``options``; unknown names and bad options are usage errors."""
    game_info(name)
    try:
        game: Game = registry().load(name, **options)
    except SpelbordError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    return game


def describe_options(game: Game) -> str:
    """``name(k=v, ...)`` for headings."""
    if not game.options:
        return game.name
    return f"{game.name}(" + ", ".join(f"{k}={v}" for k, v in game.options.items()) + ")"


def examples(doc: str | None) -> str:
    """The ``Examples::`` section of a command module's docstring as its ``--help`` epilog:
    the examples (a literal block) and the paragraphs after them. The examples live in the
    docstring, with the rest of the command's documentation, where no code names a game.

    >>> print(examples('''The command.
    ...
    ... Examples::
    ...
    ...     spelbord games         every game
    ...
    ... A note.
    ... '''))
    examples:
      spelbord games         every game
    <BLANKLINE>
    A note.
    <BLANKLINE>
    """
    if not doc or "Examples::" not in doc:
        return ""
    lines = doc.split("Examples::", 1)[1].splitlines()[1:]
    out = ["examples:"]
    for line in lines:
        out.append(line[2:] if line.startswith("    ") else line)
    text = "\n".join(out).replace("examples:\n\n", "examples:\n", 1)
    return text.rstrip("\n") + "\n"


def command_parser(
    sub: Any, name: str, *, help: str, epilog: str, description: str | None = None
) -> argparse.ArgumentParser:
    """The parser of a command or a verb (``sub``: its parent's subparsers), whose
    ``--help`` prints the description and the examples (``epilog``) as written."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        help=help,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def verbs_of(parser: argparse.ArgumentParser) -> Any:
    """The verbs of a command (``spelbord puzzles mine``, ``spelbord tournament cancel``):
    one is required, ``VERB`` in the usage, ``args.verb`` once parsed."""
    return parser.add_subparsers(dest="verb", metavar="VERB", required=True)


def format_rate(count: float, seconds: float) -> str:
    """A per-second rate with a thousands separator (``-`` when no time was measured).

    >>> format_rate(12345, 2.0)
    '6,172/s'
    """
    if seconds <= 0:
        return "-"
    return f"{count / seconds:,.0f}/s"
