import {el} from "./dom.js";
import {isCell, nameOf} from "./fields.js";

// A palazzo drawn as a grid (north up): its structures, and the places (or structures) a field may choose.
// `cells` [{at: [x, y], mark, tile, turret}]; the field's enum gives the choices.
export function drawGrid(cells, f, value, set) {
  const choice = new Map();  // "x,y" -> the enum value chosen by tapping there
  (f ? f.enum : []).forEach(v => {
    if (isCell(v)) choice.set(v.join(","), v);
    else { const c = cells.find(c => c.tile === v); if (c) choice.set(c.at.join(","), v); }
  });
  const spots = [...cells.map(c => c.at), ...[...choice.keys()].map(k => k.split(",").map(Number))];
  const g = el("div", undefined, {className: "grid"});
  if (!spots.length) return g;
  const xs = spots.map(s => s[0]), ys = spots.map(s => s[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  g.style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, minmax(0, 52px))`;
  for (let y = y1; y >= y0; y--) for (let x = x0; x <= x1; x++) {
    const here = cells.find(c => c.at[0] === x && c.at[1] === y);
    const pick = choice.get(`${x},${y}`);
    let cell;
    if (pick !== undefined) {
      cell = el("button", here ? here.mark + (here.turret ? "♜" : "") : "+", {className: "cell pick" + (here ? " built" : "") + (JSON.stringify(value) === JSON.stringify(pick) ? " on" : ""),
                                                                             "aria-pressed": String(JSON.stringify(value) === JSON.stringify(pick)),
                                                                             "aria-label": here ? here.tile : nameOf(f, pick)});
      cell.dataset.at = `${x},${y}`;
      cell.onclick = () => set(pick);
    } else cell = el("div", here ? here.mark + (here.turret ? "♜" : "") : "", {className: "cell" + (here ? " built" : ""), title: here ? here.tile : ""});
    g.append(cell);
  }
  return g;
}
