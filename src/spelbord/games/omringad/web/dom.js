// Small helpers shared by the Omringad board's modules (the game-independent ones, such as
// the SVG and HTML element builders, are in the server's /static/kit.js).

/** Whether ``s`` is a seat (not null, a spectator, chance or a simultaneous node). */
export const seatOk = (s) => s !== null && s !== undefined && s >= 0;

/** "+1", "−1", "±0". */
export const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "±0");

/** "1 hit", "2 hits". */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
