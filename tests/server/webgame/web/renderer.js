// toy-web: draws the toy game's observation with a helper from the module beside it.
import { drawPile } from "./board.js";

export function render(root, view, ui) {
  root.replaceChildren(drawPile(view.observation));
}
