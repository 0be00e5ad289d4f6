"""``toy-web``: the open toy game with a web front end split over several files (a renderer
that imports a module beside it, and a style sheet), for the tests of the renderer route."""

from __future__ import annotations

from typing import ClassVar

from toygame import ToyOpen, _info

from spelbord.core.registry import names


class ToyWeb(ToyOpen):
    info: ClassVar = _info("toy-web", "perfect")


if "toy-web" not in names():
    from spelbord.core import register

    register(ToyWeb)
