// A game's options as form fields, as the lobby shows them: each option's name, help and
// choices in the page's language from the game's own catalogue (``option.<name>``,
// ``option.<name>.help``, ``option.<name>.<choice>``), the server's English otherwise.
//
//   import { optionFields, readOptionFields } from "/static/options.js";
//   box.append(...optionFields(game, say));      // game: one entry of GET /api/games
//   readOptionFields(box)                        // {"variant": "ocius", "max_moves": 300}
//
// ``say`` is the game's translator (i18n.js ``gameTexts``) or null.
import { h } from "/static/api.js";

/** The game's text for ``key`` in the page's language, else ``fallback``. */
function own(say, key, fallback) {
  const text = say ? say(key) : key;
  return text === key ? fallback : text;
}

/** One option as a labelled field: a checkbox, a choice, a number or a text. */
export function optionField(opt, say) {
  const id = `opt-${opt.name}`;
  let input;
  if (typeof opt.default === "boolean") {
    input = h("input", { id, name: opt.name, type: "checkbox" });
    input.checked = opt.default;
  } else if (Array.isArray(opt.choices) && opt.choices.length) {
    input = h("select", { id, name: opt.name });
    for (const choice of opt.choices) {
      const o = h("option", { value: JSON.stringify(choice) }, own(say, `option.${opt.name}.${choice}`, String(choice)));
      if (choice === opt.default) o.selected = true;
      input.append(o);
    }
  } else if (typeof opt.default === "number") {
    input = h("input", { id, name: opt.name, type: "number", step: "1", value: opt.default });
  } else {
    input = h("input", { id, name: opt.name, type: "text", value: opt.default ?? "" });
  }
  input.dataset.option = opt.name;
  const label = own(say, `option.${opt.name}`, opt.name.replace(/_/g, " "));
  const help = own(say, `option.${opt.name}.help`, opt.help || "");
  return h(
    "label",
    { class: typeof opt.default === "boolean" ? "field field-check" : "field", title: help || null },
    h("span", {}, label),
    input,
    help ? h("small", { class: "help" }, help) : null,
  );
}

/** Every option of ``game`` as fields, in the order the game declares them. */
export function optionFields(game, say) {
  return (game.options || []).map((opt) => optionField(opt, say));
}

/** The options chosen in the fields under ``root``: {name: value}. */
export function readOptionFields(root) {
  const options = {};
  for (const input of root.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") options[name] = input.checked;
    else if (input.tagName === "SELECT") options[name] = JSON.parse(input.value);
    else if (input.type === "number") options[name] = Number(input.value);
    else options[name] = input.value;
  }
  return options;
}
