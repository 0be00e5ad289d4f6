"""The evaluation weights of the Coerceo engine (centipawns: a piece is worth 100).

Features, per side (``cores`` and ``_ccore.c`` compute them; the score is the side to
move's features minus the opponent's, times these weights):

0. pieces on the board;  1. collected tiles;  2. whether an exchange is possible now;
3. hanging pieces (capturable by one opponent move, by arrival);  4. mobility (moves);
5. rim exposure (missing edge-neighbours of the pieces);  6. tiles the side can collect
by moving its only piece off them;  7. material ratio ``36 * (own - opp) / (own + opp)``
(rewards trading down when ahead);  8. (extra) the opponent's hanging pieces, which the
side to move can take first;  9. tempo (a constant for the side to move).

10-13. The endgame term (``endgame_side`` in ``_ccore.c`` and ``pysearch``). It counts only
for a side with more pieces than the opponent when the opponent has at most 3 left
(``ENDGAME_DEFENDERS``), so the middle game is scored exactly as before; it is the
attacker's value minus the defender's, nothing while neither side is ahead so. For the
side ahead: 10. minus each hole left around the defender's pieces (edge-neighbour fields
on the board that the attacker does not hold: each is a piece still to bring up, and a
removed tile takes holes away);  11. minus each tile step from each attacker piece to the
nearest defender piece (hex distance);  12. minus each move the defender has;  13. plus
each tile on the board, counted up to 5 (``ENDGAME_TILES``): a board of 2 or 3 tiles
leaves the attacker no tiles to collect for the exchange that takes the last piece and
seldom a capture. Deep searches of random positions on the Ocius tiles found forced wins
for 3 against 1 in 22 of 24 on 4-5 tiles, but 3 of 24 on 2-3 tiles; 2 against 1 and 4
against 2 alike. Without the term the side ahead let the board shrink, or shuffled,
until a repetition drew (R13).

How the endgame weights were chosen (measured, both sides the engine with the same
weights): 226 positions from self-play without the term, taken when a side first got
ahead against 3 pieces or fewer (150 Ocius, 76 Laurentius), played out at depth 5 and
at depth 4. Wins of the side ahead, Ocius and Laurentius, depth 5 then depth 4: without
the term 23 + 48, then 40 + 44. With ``(10, 5, 2, 30)``: 40 + 46, then 42 + 43. With
``(0, 0, 0, 30)``: 44 + 45, then 41 + 47. With ``(0, 0, 2, 0)``: 42 + 47, then 48 + 42.
Every part alone and every combination tried beat the plain evaluation on Ocius at
depth 5. None of them beat the others by more than the run-to-run noise (about 5).
``(10, 5, 2, 30)`` uses every part at a moderate size; on 88 random sparse won endings it
won 82 (78 without the term). It was then checked in whole games:

- Ocius self-play at depth 5, 160 games: 40 won (21 without), 120 repetition draws (139).
  A side 2 pieces ahead won 40 of 88 such games (21 of 75 without).
- Laurentius, with the term against without it: 62.5% of the points over 80 games at
  depth 4 and 52% over 76 at depth 5. With a time budget on a loaded machine, 50% over 20
  games at 50 ms and 41% over 16 at 100 ms. None of these differs from 50% by more than
  the noise of so few games, except at depth 4.

How they were chosen: set by hand (material first, the rest as tie-breakers), then
checked against fits of game results by ``python -m spelbord.ai.coerceo.tune`` (see
that module). Two fits were tried and neither adopted, because neither beat these weights
over the board:

- 150 self-play games at depth 3, all results (27,051 quiet positions, K = 0.3, error
  0.06318 -> 0.06289): ``(100, 66, 24, -59, 0, -2, 23, 5, 23, 19)``; it scored 7.5 of 20
  against these weights at depth 4.
- 80 games at depth 2, won and lost games only (7,717 positions, K = 1.2, error 0.11704
  -> 0.11558): ``(100, 68, 13, -43, 0, -2, 18, 6, 49, 15)``; 10.5 of 20 at depth 3.

Both fits agree that a collected tile is worth about two thirds of a piece and that
mobility adds nothing once hanging pieces are counted; rerun the tuner with more games
(``--games 400 --depth 3 --decisive --verify 40``) before changing these.
"""

WEIGHTS: tuple[int, ...] = (100, 50, 20, -30, 2, -3, 10, 5, 40, 10, 10, 5, 2, 30)
