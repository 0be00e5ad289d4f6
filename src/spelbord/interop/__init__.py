"""Spelbord games in the tools game-AI researchers use: OpenSpiel and PettingZoo.

Optional extras: ``pip install 'spelbord[openspiel]'`` for ``spelbord.interop.openspiel``
(each game registered with ``pyspiel`` as ``spelbord_<name>``) and
``pip install 'spelbord[pettingzoo]'`` for ``spelbord.interop.pettingzoo`` (AEC and
Parallel environments). Both build their fixed-shape tensors with ``encoding``.
"""
