// The lobby's time-control field (docs/time-controls.md): none, minutes + increment, or
// days per move (correspondence). The bounds are the server's; it says which is broken.
import { h } from "/static/api.js";
import { t } from "/static/i18n.js";

const number = (id, value, min, max) =>
  h("input", { id, type: "number", step: "1", min: String(min), max: String(max), value: String(value) });

/** Put the field after ``before`` (the options fieldset) in the create form. */
export function mountTimeControl(before) {
  const kind = h(
    "select",
    { id: "tc-kind" },
    h("option", { value: "none" }, t("tc.none")),
    h("option", { value: "clock" }, t("tc.clock")),
    h("option", { value: "days" }, t("tc.days_kind")),
  );
  const minutes = number("tc-minutes", 5, 1, 180);
  const increment = number("tc-increment", 3, 0, 180);
  const days = number("tc-days", 2, 1, 14);
  const field = (input, key) => h("label", { class: "field tc-part", "data-part": key }, h("span", {}, t(`tc.${key}`)), input);
  const parts = [field(minutes, "minutes"), field(increment, "increment"), field(days, "days")];
  const box = h(
    "fieldset",
    { class: "options time-control", id: "time-control" },
    h("legend", {}, t("tc.title")),
    h("label", { class: "field" }, h("span", {}, t("tc.kind")), kind),
    ...parts,
    h("small", { class: "help" }, t("tc.help")),
  );
  const show = () => {
    parts[0].hidden = parts[1].hidden = kind.value !== "clock";
    parts[2].hidden = kind.value !== "days";
  };
  kind.addEventListener("change", show);
  show();
  before.after(box);
}

/** The create request's ``time_control``: ``null``, ``{minutes, increment}`` or ``{days}``. */
export function readTimeControl() {
  const kind = document.getElementById("tc-kind");
  if (!kind || kind.value === "none") return null;
  const value = (id) => Number.parseInt(document.getElementById(id).value, 10);
  if (kind.value === "days") return { days: value("tc-days") };
  return { minutes: value("tc-minutes"), increment: value("tc-increment") };
}
