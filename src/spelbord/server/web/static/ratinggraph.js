// A player's rating in one game over time, drawn as an SVG in the page (no library, no
// network): the rating after each rated game as a line with a point per game, the band of
// the rating's uncertainty (± 2 RD) behind it, the 1500 start as a dashed line, and the
// lowest and highest rating on the left.
//
//   import { ratingGraph } from "/static/ratinggraph.js";
//   card.append(ratingGraph(points, { label, when, says }));
//
// ``points``: [{at, table, rating, rd}, ...] oldest first (GET /api/players/{name}
// ``history[game]``; the first is where the player started, ``at`` null). Each point is a
// <circle class="rating-point"> with a <title> (rating and date) and links to the game's
// replay.
import { svgEl } from "/static/kit.js";

const W = 560;
const H = 150;
const PAD = { left: 44, right: 12, top: 10, bottom: 18 };
const START = 1500;

/** The y range shown: every point with its band, and the start, with a margin. */
function range(points) {
  let low = START;
  let high = START;
  for (const p of points) {
    low = Math.min(low, p.rating - 2 * p.rd);
    high = Math.max(high, p.rating + 2 * p.rd);
  }
  const margin = Math.max(20, (high - low) * 0.05);
  return [Math.floor((low - margin) / 50) * 50, Math.ceil((high + margin) / 50) * 50];
}

export function ratingGraph(points, { label = "", when = (s) => String(s), says = (k) => k } = {}) {
  const svg = svgEl("svg", {
    class: "rating-graph",
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "aria-label": label,
  });
  if (!points.length) return svg;
  const [low, high] = range(points);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length === 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (r) => PAD.top + ((high - Math.min(high, Math.max(low, r))) * innerH) / (high - low);
  // the frame: lowest and highest rating, and the start
  svg.append(
    svgEl("line", { class: "rating-axis", x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }),
    svgEl("line", { class: "rating-start", x1: PAD.left, x2: W - PAD.right, y1: y(START), y2: y(START) }),
    svgEl("text", { class: "rating-tick", x: PAD.left - 6, y: PAD.top + 4, "text-anchor": "end" }, String(high)),
    svgEl("text", { class: "rating-tick", x: PAD.left - 6, y: H - PAD.bottom, "text-anchor": "end" }, String(low)),
    svgEl("text", { class: "rating-tick", x: PAD.left - 6, y: y(START) + 4, "text-anchor": "end" }, String(START)),
  );
  // the uncertainty band, then the line, then the points
  const upper = points.map((p, i) => `${x(i)},${y(p.rating + 2 * p.rd)}`);
  const lower = points.map((p, i) => `${x(i)},${y(p.rating - 2 * p.rd)}`).reverse();
  svg.append(svgEl("polygon", { class: "rating-band", points: [...upper, ...lower].join(" ") }));
  svg.append(
    svgEl("polyline", { class: "rating-line", points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ") }),
  );
  points.forEach((p, i) => {
    const tip = `${Math.round(p.rating)} ± ${Math.round(2 * p.rd)}${p.at ? ` · ${when(p.at)}` : ` · ${says("player.start")}`}`;
    const dot = svgEl(
      "circle",
      { class: `rating-point${i === points.length - 1 ? " last" : ""}`, cx: x(i), cy: y(p.rating), r: 4 },
      svgEl("title", {}, tip),
    );
    svg.append(p.table ? svgEl("a", { href: `/replay/${encodeURIComponent(p.table)}` }, dot) : dot);
  });
  return svg;
}
