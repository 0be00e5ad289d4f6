// An event narration beside a game's board: what each side did, in words, one group per
// turn. The lines new since the last drawing (someone else's turn) are played back one by
// one, STEP_MS apart; a click anywhere or any key shows them all at once. A renderer that
// also steps its board through the views of that turn registers with ``whenSkipped``.
//
//   narration(groups, { fresh, title, skip }) -> <section class="narr">
//   groups: [{ seat, title, lines: [{ text, cls }] }] (seat: a number for the seat's colour dot)
//   fresh:  how many of the last lines to play back (0: none)

import { h, loadStyle } from "/static/kit.js";

/** How long each step of a played-back turn stays on screen before the next (ms). */
export const STEP_MS = 500;

await loadStyle("narrate-style", new URL("./narrate.css", import.meta.url));

const skippers = new Set();

/** Call ``fn`` when the viewer skips a playback (click or key); returns the unregistration. */
export function whenSkipped(fn) {
  skippers.add(fn);
  return () => skippers.delete(fn);
}

function finish(section) {
  section.classList.add("narr-skipped");
  delete section.dataset.playing;
}

function skipAll() {
  const playing = document.querySelectorAll(".narr[data-playing]");
  for (const fn of [...skippers]) fn();
  for (const section of playing) finish(section);
}

if (!window.__narrateSkip) {
  window.__narrateSkip = true;
  document.addEventListener("keydown", skipAll, true);
  document.addEventListener("pointerdown", skipAll, true);
}

/** The narration list; its last ``fresh`` lines appear one by one (see the top). */
export function narration(groups, { fresh = 0, title = "", skip = "" } = {}) {
  const list = h("ol", { class: "narr-list" });
  const total = groups.reduce((n, g) => n + g.lines.length, 0);
  let index = 0;
  let step = 0;
  for (const group of groups) {
    const seatClass = Number.isInteger(group.seat) ? ` narr-seat-${group.seat}` : "";
    const items = [];
    for (const line of group.lines) {
      const isFresh = index >= total - fresh;
      const li = h(
        "li",
        { class: `narr-line ${line.cls || ""} ${isFresh ? "narr-new" : ""}`, "data-step": index },
        line.text,
      );
      if (isFresh) li.style.animationDelay = `${step++ * STEP_MS}ms`;
      items.push(li);
      index += 1;
    }
    list.append(
      h(
        "li",
        { class: `narr-group${seatClass}` },
        group.title ? h("b", { class: "narr-head" }, h("i", { class: "narr-dot" }), group.title) : null,
        h("ol", {}, ...items),
      ),
    );
  }
  const section = h(
    "section",
    { class: "narr", "aria-live": "polite", "aria-label": title },
    title ? h("h3", { class: "narr-title" }, title) : null,
    list,
  );
  if (step > 1) {
    section.dataset.playing = "1";
    section.append(h("button", { type: "button", class: "btn btn-small btn-ghost narr-skip" }, skip));
    setTimeout(() => finish(section), step * STEP_MS);
  }
  return section;
}
