"""The phases of an Omringad round, each a module of pure functions on an ``OmringadData``
(``position``), in the order they are played: ``setup`` (terrain, R5), ``purchase`` (the
opening and each round's buying, R70-R73), ``auction`` (special units, R100-R105), ``move``
(R30-R38), ``battle`` (R40-R49, R110-R117, R123) and ``reinforce`` (R51-R56, then the end
of the round, R61-R63). ``rules`` dispatches to them by ``state.phase``; a phase hands over
to the next by calling its ``start``, so the imports point one way: ``purchase`` ->
``move`` -> ``battle`` -> ``reinforce`` -> ``auction``.
"""
