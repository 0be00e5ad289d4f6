"""The lab's facts about an Omringad game (``OmringadState.game_facts``).

Replays the history once and reports, per seat: the base units bought by kind
(``s0_bought_archer``, R73), the special units won at auction (``s0_won_dragon`` = 1) with
the price paid (``s0_price_dragon``, R102-R103), the gold spent at auction, and the terrain
layout chosen at setup (the castle's cell ``s0_castle_cell`` and the whole layout as a text
``s0_layout``, tile kind by tile kind, R5). Also the rounds played.

>>> from spelbord.games.omringad.game import OmringadGame
>>> f = facts(OmringadGame().new_initial_state())
>>> f["rounds"], f["s0_bought_archer"], f["s1_auction_gold"]
(0, 0, 0)
"""

from __future__ import annotations

from spelbord.games.omringad import notation as N
from spelbord.games.omringad.position import TILE_ORDER, OmringadData
from spelbord.games.omringad.units import BASE_KINDS, SPECIAL_KINDS


def facts(state: OmringadData) -> dict[str, int | float | str]:
    """Units bought, specials won and their prices, terrain layout, rounds (see module)."""
    n = state.num_players()
    bought = [[0] * len(BASE_KINDS) for _ in range(n)]
    won: list[dict[str, int]] = [{} for _ in range(n)]
    replay = state.game.new_initial_state()
    assert isinstance(replay, OmringadData)
    for move in state.history():
        if isinstance(move, int):
            was_won = _auction_winner(replay)
            replay.apply_action(move)
            winner = _auction_winner(replay)
            if winner >= 0 and was_won < 0 and replay.auction is not None:
                won[winner][SPECIAL_KINDS[replay.auction["lot"]].value] = replay.auction["bid"]
            continue
        for seat, action in enumerate(move):
            if replay.stage[seat] == "buy" and N.BUY <= action < N.BUY + len(BASE_KINDS):
                bought[seat][action - N.BUY] += 1
        replay.apply_actions(list(move))
    out: dict[str, int | float | str] = {"rounds": state.round}
    for seat in range(n):
        for k, kind in enumerate(BASE_KINDS):
            out[f"s{seat}_bought_{kind.value}"] = bought[seat][k]
        for kind in SPECIAL_KINDS:
            price = won[seat].get(kind.value)
            out[f"s{seat}_won_{kind.value}"] = int(price is not None)
            out[f"s{seat}_price_{kind.value}"] = -1 if price is None else price
        out[f"s{seat}_auction_gold"] = sum(won[seat].values())
        tiles = state.tiles[seat]
        out[f"s{seat}_castle_cell"] = tiles[0] if tiles else -1
        out[f"s{seat}_layout"] = " ".join(
            f"{terrain.value[0]}{cell}" for cell, terrain in zip(tiles, TILE_ORDER, strict=False)
        )
    return out


def _auction_winner(state: OmringadData) -> int:
    auction = state.auction
    return -1 if state.phase != "auction" or auction is None else int(auction["winner"])
