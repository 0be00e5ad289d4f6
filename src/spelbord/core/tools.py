"""Tools a game offers beside play (a battle calculator ...): declared by the game, run by
the command line (``spelbord odds GAME``) and the web server (``/tools/GAME/NAME``), neither
of which knows any game by name.

A tool takes a small JSON object of text fields and answers with a JSON object; its
``text`` entry is a plain-text table for terminals. Bad input raises a ``SpelbordError``
(a ``ValueError``) and computes nothing. A tool may also say something about a live game
(``live``): from the observation a seat is shown, never from more, so it can tell a seat
nothing the seat does not already know.

>>> echo = Tool("echo", "Echo", "says it back", lambda p: {"text": p["word"]},
...             fields=(ToolField("word", "a word", max_length=10),))
>>> echo.call({"word": "hej"})
{'text': 'hej'}
>>> echo.call({"word": "x" * 11})
Traceback (most recent call last):
...
spelbord.core.tools.ToolInputError: word: at most 10 characters
>>> echo.call({"other": 1})
Traceback (most recent call last):
...
spelbord.core.tools.ToolInputError: echo takes word; not other
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from spelbord.core.errors import SpelbordError


class ToolInputError(SpelbordError):
    """Input a tool does not take: an unknown field, a value too long or not offered."""


class UnknownToolError(SpelbordError):
    """A tool name the game does not offer."""


@dataclass(frozen=True)
class ToolField:
    """One input of a tool: a text of at most ``max_length`` characters, or one of
    ``choices``; ``default`` when left out (``None``: required)."""

    name: str
    help: str
    default: str | None = None
    choices: tuple[str, ...] | None = None
    max_length: int = 200

    def check(self, value: Any) -> str:
        if value is None:
            if self.default is None:
                raise ToolInputError(f"{self.name}: required")
            return self.default
        if not isinstance(value, str):
            raise ToolInputError(f"{self.name}: a text")
        if len(value) > self.max_length:
            raise ToolInputError(f"{self.name}: at most {self.max_length} characters")
        if self.choices is not None and value not in self.choices:
            raise ToolInputError(f"{self.name}: one of {', '.join(self.choices)}")
        return value


@dataclass(frozen=True)
class Tool:
    """A tool of a game: its name (``odds``), title and summary, its inputs, what runs it
    (``run``: checked fields to a JSON object), the ES module of the game's ``web/`` folder
    that draws its page (``page``), the bounds it declares (``limits``, shown on its page)
    and what it says about a live game (``live``: an observation to a JSON object or
    ``None``)."""

    name: str
    title: str
    summary: str
    run: Callable[[Mapping[str, str]], dict[str, Any]]
    fields: tuple[ToolField, ...] = ()
    page: str | None = None
    limits: Mapping[str, Any] = field(default_factory=dict)
    live: Callable[[Mapping[str, Any]], dict[str, Any] | None] | None = None

    def call(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Check ``params`` against the fields, then run the tool."""
        if not isinstance(params, Mapping):
            raise ToolInputError(f"{self.name} takes a JSON object")
        known = {f.name for f in self.fields}
        unknown = sorted(str(k)[:40] for k in params if k not in known)
        if unknown:
            takes = ", ".join(f.name for f in self.fields) or "nothing"
            raise ToolInputError(f"{self.name} takes {takes}; not {', '.join(unknown)}")
        return self.run({f.name: f.check(params.get(f.name)) for f in self.fields})

    def describe(self) -> dict[str, Any]:
        """JSON-ready: what a page or ``--help`` shows of the tool."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "page": self.page,
            "limits": dict(self.limits),
            "fields": [
                {
                    "name": f.name,
                    "help": f.help,
                    "default": f.default,
                    "choices": list(f.choices) if f.choices is not None else None,
                    "max_length": f.max_length,
                }
                for f in self.fields
            ],
        }


def find_tool(tools: tuple[Tool, ...], game: str, name: str) -> Tool:
    """The tool ``name`` among a game's ``tools``, else ``UnknownToolError``."""
    for tool in tools:
        if tool.name == name:
            return tool
    offered = ", ".join(t.name for t in tools) or "none"
    raise UnknownToolError(f"{game} has no tool {name!r} (tools: {offered})")


def live_tools(tools: tuple[Tool, ...], observation: Mapping[str, Any]) -> dict[str, Any]:
    """What each tool says about a live game from ``observation`` (a seat's own view, so
    nothing it is not shown), by tool name; tools with nothing to say are left out."""
    out: dict[str, Any] = {}
    for tool in tools:
        if tool.live is not None:
            said = tool.live(observation)
            if said is not None:
                out[tool.name] = said
    return out
