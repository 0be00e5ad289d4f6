// Gunst's board (SVG): the battlefield ring with five rows a side, each side's life
// stones, hand and plane staff (a lane per deity), and the season marker.

import { svgEl } from "/static/kit.js";
import {
  KINS,
  DEITIES,
  PLACES,
  SPENT,
  columnOf,
  ROW_EFFECTS,
  STEP_OF_PHASE,
  names,
  homeSeat,
  rowWord,
  placeName,
} from "./pieces.js";
import { t } from "./texts.js";

const ROW_H = 27;
const LINE_H = 38;
const PAD = 12;
const PANEL_H = 150;
const RING_W = 380;
const LIFE = 12;
// ---------------------------------------------------------------- the board (SVG)
function kinToken(kind, seat, x, y, r = 10, extra = "") {
  const kin = KINS[kind];
  return svgEl(
    "g",
    { class: `gu-kin gu-seat-${seat} gu-kind-${kind} ${extra}`, transform: `translate(${x} ${y})` },
    svgEl("title", {}, t(`kin.${kin.name}`)),
    svgEl("circle", { r, class: "gu-kin-disc" }),
    svgEl("text", { class: "gu-kin-letter", y: 4 }, kin.letter),
  );
}

function lifeStones(seat, life, x, y, flash) {
  const g = svgEl("g", {
    class: `gu-life ${flash ? "gu-flash" : ""}`,
    "data-life": seat,
    "aria-label": t("life.label", { n: life }),
  });
  for (let i = 0; i < LIFE; i++) {
    const on = i < life;
    g.append(
      svgEl("circle", {
        class: on ? "gu-stone" : "gu-stone gu-stone-lost",
        cx: x + i * 12.5,
        cy: y,
        r: 5,
      }),
    );
  }
  g.append(
    svgEl("text", { class: "gu-life-num", x: x + LIFE * 12.5 + 3, y: y + 4.5 }, String(life)),
  );
  return g;
}

/** A side's panel: name and badges, life stones, hand, and the plane staff. */
function sidePanel(view, obs, seat, x, y, width, focus) {
  const nm = names(view);
  const g = svgEl("g", { class: "gu-side", "data-seat": seat, transform: `translate(${x} ${y})` });
  const acting = view.to_move === seat || (view.to_move === -2 && obs.phase === "tinge");
  g.append(
    svgEl("rect", {
      class: `gu-panel ${acting && !view.result ? "gu-to-move" : ""}`,
      x: 0,
      y: 0,
      width,
      height: PANEL_H - 8,
      rx: 10,
    }),
  );
  g.append(svgEl("circle", { class: `gu-swatch gu-seat-${seat}`, cx: 16, cy: 18, r: 7 }));
  const badges = [];
  if (obs.chooser === seat && obs.phase !== "tinge") badges.push("chooser");
  if (obs.first === seat && obs.phase !== "tinge") badges.push("first");
  g.append(svgEl("text", { class: "gu-name", x: 29, y: 23 }, nm.label(seat)));
  let bx = 29 + nm.label(seat).length * 7.6 + 8;
  for (const badge of badges) {
    const text = t(`badge.${badge}`);
    const w = text.length * 6.2 + 12;
    g.append(svgEl("rect", { class: "gu-badge", x: bx, y: 10, width: w, height: 16, rx: 8 }));
    g.append(svgEl("text", { class: "gu-badge-text", x: bx + w / 2, y: 22 }, text));
    bx += w + 5;
  }
  const life = (obs.life || [LIFE, LIFE])[seat];
  g.append(lifeStones(seat, life, width - 178, 18, focus.life.includes(seat)));

  // The hand: kin still to bring.
  const hand = (obs.hand || [[], []])[seat] || [];
  g.append(svgEl("text", { class: "gu-small", x: 12, y: 50 }, t("place.hand")));
  KINS.forEach((kin, k) => {
    const cx = 62 + k * 58;
    const n = hand[k] ?? 0;
    g.append(kinToken(k, seat, cx, 46, 9, n ? "" : "gu-empty"));
    g.append(svgEl("text", { class: "gu-count", x: cx + 13, y: 50 }, `×${n}`));
  });

  // The plane staff: a lane per deity; the track places, then the field.
  const cols = staffColumns(width);
  const top = 68;
  PLACES.forEach((place, i) => {
    g.append(
      svgEl(
        "text",
        { class: "gu-staff-head", x: cols[i], y: top + 8, "text-anchor": "middle" },
        placeName(place),
      ),
    );
  });
  g.append(
    svgEl("line", {
      class: "gu-field-sep",
      x1: (cols[3] + cols[4]) / 2,
      x2: (cols[3] + cols[4]) / 2,
      y1: top,
      y2: top + 14 + 4 * 15,
    }),
  );
  const places = (obs.deities || [{}, {}])[seat] || {};
  DEITIES.forEach((deity, d) => {
    const ly = top + 21 + d * 15;
    const place = places[deity.name] || "start";
    const col = columnOf(place);
    const inUse = obs.deity_in_use === d && view.to_move === seat;
    const flash = focus.deities.some(([s, x]) => s === seat && x === d);
    const lane = svgEl("g", {
      class: `gu-lane gu-deity-${d} ${inUse ? "gu-in-use" : ""} ${flash ? "gu-flash" : ""}`,
      "data-deity": deity.name,
      "data-place": place,
    });
    lane.append(svgEl("text", { class: "gu-deity-name", x: 12, y: ly + 4 }, deity.name));
    lane.append(svgEl("line", { class: "gu-staff", x1: cols[0], x2: cols[3], y1: ly, y2: ly }));
    for (let i = 0; i < 4; i++)
      lane.append(svgEl("circle", { class: "gu-notch", cx: cols[i], cy: ly, r: 2 }));
    lane.append(
      svgEl(
        "g",
        { class: "gu-deity-token", transform: `translate(${cols[col]} ${ly})` },
        svgEl(
          "title",
          {},
          place === SPENT
            ? `${deity.name}: ${t("deity.spent")}`
            : `${deity.name}: ${placeName(place)}. ${deity.effect}`,
        ),
        svgEl("rect", { x: -13, y: -6.5, width: 26, height: 13, rx: 6.5 }),
        svgEl("text", { y: 3.6 }, deity.short),
      ),
    );
    g.append(lane);
  });
  return g;
}

function staffColumns(width) {
  const field = width - 26;
  const first = 124;
  const step = (field - 34 - first) / 3;
  return [first, first + step, first + 2 * step, first + 3 * step, field];
}

/** The rows of the ring: y of the middle of ``row`` on ``seat``'s side. */
function rowY(row, seat, home) {
  if (seat === home) return PAD + 5 * ROW_H + LINE_H + row * ROW_H + ROW_H / 2;
  return PAD + (4 - row) * ROW_H + ROW_H / 2;
}

function ringHeight() {
  return 2 * PAD + 10 * ROW_H + LINE_H;
}

/** The battlefield ring: both sides' five rows and the season marker on the line. */
function ring(view, obs, x, y, picks, focus) {
  const home = homeSeat(view);
  const g = svgEl("g", { class: "gu-ring", transform: `translate(${x} ${y})` });
  const height = ringHeight();
  g.append(
    svgEl("rect", {
      class: "gu-string",
      x: 2,
      y: 2,
      width: RING_W - 4,
      height: height - 4,
      rx: 44,
    }),
  );
  const lineY = PAD + 5 * ROW_H + LINE_H / 2;
  g.append(svgEl("line", { class: "gu-line", x1: 16, x2: RING_W - 16, y1: lineY, y2: lineY }));
  g.append(seasonMarker(obs, 24, lineY));
  const step = view.result ? STEP_OF_PHASE.over : STEP_OF_PHASE[obs.phase] || "";
  g.append(
    svgEl("text", { class: "gu-step", x: RING_W - 22, y: lineY + 5, "text-anchor": "end" }, step),
  );

  const slaget = obs.slaget || {};
  const inSlaget = obs.phase === "mode" || obs.phase === "raise";
  const activeSeat = inSlaget ? (slaget.side === 0 ? obs.first : 1 - obs.first) : -1;
  for (const seat of [0, 1]) {
    for (let row = 0; row < 5; row++) {
      const cy = rowY(row, seat, home);
      const pieces = ((obs.rows || [[], []])[seat] || [])[row] || [];
      const doubled = (obs.doubled || [-1, -1])[seat] === row;
      const pick = picks.get(`${seat}:${row}`);
      const active = inSlaget && activeSeat === seat && slaget.row === row;
      const source =
        obs.phase === "dest" &&
        obs.source === row &&
        ((obs.deity_in_use === 2 && seat !== view.to_move) ||
          (obs.deity_in_use === 3 && seat === view.to_move));
      const flash = focus.rows.some(([s, r]) => s === seat && r === row);
      const classes = ["gu-row", `gu-row-${row}`];
      if (doubled) classes.push("gu-doubled");
      if (pick) classes.push("gu-pick");
      if (active) classes.push("gu-active");
      if (source) classes.push("gu-source");
      if (flash) classes.push("gu-flash");
      const rowG = svgEl("g", {
        class: classes.join(" "),
        "data-seat": seat,
        "data-row": row + 1,
        "data-pieces": pieces.length,
      });
      rowG.append(
        svgEl("rect", {
          class: "gu-row-bg",
          x: 14,
          y: cy - ROW_H / 2 + 1.5,
          width: RING_W - 28,
          height: ROW_H - 3,
          rx: 7,
        }),
      );
      rowG.append(
        svgEl(
          "text",
          { class: "gu-row-num", x: 30, y: cy + 4.5, "text-anchor": "middle" },
          String(row + 1),
        ),
      );
      rowG.append(svgEl("text", { class: "gu-row-name", x: 42, y: cy + 4.5 }, rowWord(KINS[row].plural)));
      const room = RING_W - 60 - 112;
      const spacing = Math.min(22, pieces.length > 1 ? room / (pieces.length - 1) : 22);
      pieces.forEach((kind, i) => rowG.append(kinToken(kind, seat, 114 + i * spacing, cy, 9.5)));
      if (doubled) {
        rowG.append(
          svgEl(
            "text",
            { class: "gu-x2", x: RING_W - 26, y: cy + 4.5, "text-anchor": "end" },
            "×2",
          ),
        );
      } else if (pieces.length * spacing < room - 90) {
        rowG.append(
          svgEl(
            "text",
            { class: "gu-row-effect", x: RING_W - 26, y: cy + 4, "text-anchor": "end" },
            ROW_EFFECTS[row].short,
          ),
        );
      }
      if (active && slaget.left > 0) {
        rowG.append(
          svgEl(
            "text",
            { class: "gu-left", x: RING_W - 52, y: cy + 4.5, "text-anchor": "end" },
            t("row.to_act", { n: slaget.left }),
          ),
        );
      }
      rowG.append(svgEl("title", {}, `${rowWord(KINS[row].plural)}: ${ROW_EFFECTS[row].long}`));
      if (pick) {
        rowG.setAttribute("role", "button");
        rowG.setAttribute("tabindex", "0");
        rowG.setAttribute("aria-label", pick.label);
        rowG.dataset.action = String(pick.action.action);
      }
      g.append(rowG);
    }
  }
  return g;
}

function seasonMarker(obs, x, y) {
  const g = svgEl("g", { class: "gu-season", "data-season": obs.season });
  g.append(svgEl("text", { class: "gu-small", x, y: y + 4.5 }, t("season")));
  for (let s = 1; s <= 4; s++) {
    const cx = x + 58 + (s - 1) * 24;
    const state =
      s < obs.season || obs.phase === "over" ? "past" : s === obs.season ? "now" : "later";
    g.append(svgEl("circle", { class: `gu-pip gu-pip-${state}`, cx, cy: y, r: 9 }));
    g.append(
      svgEl("text", { class: "gu-pip-num", x: cx, y: y + 4, "text-anchor": "middle" }, String(s)),
    );
  }
  return g;
}

export function board(view, obs, wide, picks, focus) {
  const home = homeSeat(view);
  const away = 1 - home;
  const ringH = ringHeight();
  let width;
  let height;
  const parts = [];
  if (wide) {
    const panelW = 360;
    width = RING_W + 16 + panelW;
    height = Math.max(ringH, 2 * PANEL_H) + 4;
    parts.push(ring(view, obs, 0, (height - ringH) / 2, picks, focus));
    parts.push(sidePanel(view, obs, away, RING_W + 16, 2, panelW, focus));
    parts.push(sidePanel(view, obs, home, RING_W + 16, height - PANEL_H + 6, panelW, focus));
  } else {
    width = RING_W;
    height = 2 * PANEL_H + ringH + 4;
    parts.push(sidePanel(view, obs, away, 0, 2, RING_W, focus));
    parts.push(ring(view, obs, 0, PANEL_H, picks, focus));
    parts.push(sidePanel(view, obs, home, 0, PANEL_H + ringH + 10, RING_W, focus));
  }
  return svgEl(
    "svg",
    {
      class: `gu-board ${wide ? "gu-wide" : "gu-narrow"}`,
      viewBox: `0 0 ${width} ${height}`,
      role: "img",
      "aria-label": t("board.label", { season: obs.season, phase: obs.phase }),
      "data-ply": view.ply,
    },
    ...parts,
  );
}
