"""The evaluation weights of the Coerceo engine (centipawns: a piece is worth 100).

Features, per side (``engine`` and ``_ccore.c`` compute them; the score is the side to
move's features minus the opponent's, times these weights):

0. pieces on the board;  1. collected tiles;  2. whether an exchange is possible now;
3. hanging pieces (capturable by one opponent move, by arrival);  4. mobility (moves);
5. rim exposure (missing edge-neighbours of the pieces);  6. tiles the side can collect
by moving its only piece off them;  7. material ratio ``36 * (own - opp) / (own + opp)``
(rewards trading down when ahead);  8. (extra) the opponent's hanging pieces, which the
side to move can take first;  9. tempo (a constant for the side to move).

How they were chosen: set by hand (material first, the rest as tie-breakers), then
checked against fits of game results by ``python -m spelbord.games.coerceo.tune`` (see
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

WEIGHTS: tuple[int, ...] = (100, 50, 20, -30, 2, -3, 10, 5, 40, 10)
