// toy-web's board: the pile as text.
export function drawPile(observation) {
  const p = document.createElement("p");
  p.className = "toy-pile";
  p.textContent = JSON.stringify(observation);
  return p;
}
