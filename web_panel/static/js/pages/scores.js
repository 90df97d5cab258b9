// The Scores page: a game's score sheet (the open game's pre-filled, asking only what the companion does not
// know), scored.
import {api, HOST} from "../api.js";
import {el, morph} from "../dom.js";
import {resultView} from "../result.js";
import {schemaForm} from "../schema_form.js";
import {fieldWords} from "../words.js";

const ITEM_WORDS = {coins_in_hand: "coin", roll_off: "roll"};

let loading = 0;
let current = null;  // the open game's sheet, pre-filled from the table: null where the companion does not know
let words = null;    // the chosen game's words for a total, its parts and its tie-breaks
// How the sheet is read when "Score it" is pressed: the whole form, or the table's sheet with the fields it lacks.
let readSheet = () => ({});
// Once the open game is over, what was entered for it is kept with the game (the table, Past games, BG Stats
// then show this result): one input per field, as the table offers them. Null for any other sheet.
let keepEntries = null;

// The fields a pre-filled sheet leaves null, as paths ("players[1].coins_in_hand"): what the players enter.
function nulls(value, path) {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulls(v, `${path}[${i}]`));
  if (typeof value === "object") return Object.entries(value).flatMap(([k, v]) => nulls(v, path ? `${path}.${k}` : k));
  return [];
}
function steps(path) { return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(m => m[2] !== undefined ? Number(m[2]) : m[1]); }
function schemaAt(schema, path) {
  let s = schema;
  for (const step of steps(path)) {
    if (typeof step === "number") s = Array.isArray(s.items) ? s.items[step] : s.items;
    else s = (s.properties || {})[step];
    if (!s) return {};
  }
  return s;
}
function setAt(target, path, value) {
  const keys = steps(path);
  let t = target;
  for (const k of keys.slice(0, -1)) t = t[k];
  t[keys[keys.length - 1]] = value;
}
// A known value, read-only, as its schema names it: "moons 5 turret; moons 3" for a list of rows (a true flag
// in a row says its title, a false one nothing), "clothing 3, lace 0" for an object.
function plain(v, schema) {
  schema = schema || {};
  if (v === true) return "yes";
  if (v === false) return "no";
  if (Array.isArray(v)) {
    if (Array.isArray(schema.items)) return v.map((x, i) => x === true ? (schema.items[i].title || "yes") : x === false ? "" : plain(x)).filter(Boolean).join(" ");
    return v.length ? v.map(x => plain(x, schema.items)).join("; ") : "none";
  }
  if (v !== null && typeof v === "object") return Object.entries(v).map(([k, x]) => `${k.replaceAll("_", " ")} ${plain(x, (schema.properties || {})[k])}`).join(", ");
  return String(v);
}

// A list of small whole numbers (the coins in a hand, the dice of a roll-off): a chip per value adds one, a
// chosen chip taps out; empty is none.
function chipList(sub, label) {
  const box = el("fieldset"), list = [], chosen = el("div", undefined, {className: "chips"}), note = el("div", "", {className: "hint"});
  box.append(el("legend", label));
  if (sub.description) box.append(el("div", sub.description, {className: "hint"}));
  const values = el("div", undefined, {className: "chips"});
  const draw = () => {
    morph(chosen, list.map((v, i) => {
      const c = el("button", `${v} ×`, {type: "button", className: "chip picked", "aria-label": `Take out ${v}`});
      c.onclick = () => { list.splice(i, 1); draw(); };
      return c;
    }));
    note.textContent = list.length ? `${list.length} chosen (tap one to take it out)` : "None chosen: leave it so for none.";
  };
  for (let v = sub.items.minimum; v <= sub.items.maximum; v++) {
    const c = el("button", String(v), {type: "button", className: "chip", "aria-label": `add ${v}`});
    c.onclick = () => { list.push(v); draw(); };
    values.append(c);
  }
  if (sub.items.description) box.append(el("div", `Tap to add: ${sub.items.description}`, {className: "hint"}));
  box.append(values, note, chosen);
  draw();
  return {element: box, read: () => [...list]};
}
const smallNumbers = sub => sub.type === "array" && sub.items && sub.items.type === "integer"
  && Number.isInteger(sub.items.minimum) && Number.isInteger(sub.items.maximum) && sub.items.maximum - sub.items.minimum <= 10;

function wholeForm(schema, value) {
  const form = schemaForm(schema, value, "sheet");
  document.getElementById("score").hidden = false;
  document.getElementById("sheet").replaceChildren(form.element);
  document.getElementById("known").hidden = true;
  readSheet = () => form.read();
  keepEntries = null;
}

// The open game's sheet: only the fields the companion does not know are asked for; the rest is folded away.
function tableSheet(schema) {
  const missing = nulls(current, "");
  const prefilled = document.getElementById("prefilled");
  prefilled.textContent = missing.length
    ? `Filled in from the game at the table. The companion does not know ${missing.length === 1 ? "1 field" : `${missing.length} fields`}: enter ${missing.length === 1 ? "it" : "them"} below.`
    : "Filled in from the game at the table: the companion knows every field.";
  const asks = missing.map(path => {
    const sub = {...schemaAt(schema, path)};
    const key = steps(path).filter(s => typeof s === "string").pop();
    if (sub.type === "array" && sub.items && !Array.isArray(sub.items)) sub.items = {...sub.items, title: ITEM_WORDS[key] || sub.items.title};
    delete sub.title;
    const label = fieldWords(path, current.players);
    const part = smallNumbers(sub) ? chipList(sub, label) : schemaForm(sub, undefined, label);
    part.element.dataset.path = path;
    return {path, part, list: sub.type === "array"};
  });
  document.getElementById("missing").replaceChildren(...asks.map(a => a.part.element));
  const player = schemaAt(schema, "players[0]").properties || {};
  const summary = (current.players || []).map(p => {
    const box = el("fieldset");
    box.append(el("legend", p.name));
    for (const k of Object.keys(player)) {  // in the sheet's own order
      if (k !== "name" && p[k] !== undefined && p[k] !== null) box.append(el("div", `${k.replaceAll("_", " ")}: ${plain(p[k], player[k])}`));
    }
    return box;
  });
  for (const [k, v] of Object.entries(current)) {
    if (!["players", "game", "options"].includes(k) && v !== null) summary.push(el("div", `${k.replaceAll("_", " ")}: ${plain(v, schema.properties[k])}`));
  }
  if (current.options) summary.push(el("div", `rule options: ${plain(current.options)}`, {className: "hint"}));
  document.getElementById("summary").replaceChildren(...summary);
  document.getElementById("sheet").replaceChildren();
  document.getElementById("known").hidden = false;
  readSheet = () => {
    const sheet = JSON.parse(JSON.stringify(current));
    for (const a of asks) {
      const v = a.part.read();
      setAt(sheet, a.path, v === undefined ? (a.list ? [] : null) : v);  // an empty list is "none"; a blank stays null and is named
    }
    return sheet;
  };
  keepEntries = async sheet => {
    const table = await api("GET", "/api/state", undefined, true);
    if (!asks.length || !table.ok || !table.body.over || table.body.game !== current.game) return "";
    if (!HOST) return "Scored on this phone: the host's phone keeps the result with the game.";
    for (const a of asks) {
      const value = steps(a.path).reduce((t, k) => t[k], sheet);
      const r = await api("POST", "/api/input", {type: "final_sheet", path: a.path, value}, true);
      if (!r.ok) return `Not kept with the game: ${(r.body && r.body.error) || "the table did not answer"}.`;
    }
    return "Kept with the game: the table, Past games and BG Stats show this result.";
  };
  document.getElementById("whole").onclick = () => wholeForm(schema, current);
  return missing;
}

async function load() {
  const mine = ++loading;  // a sheet asked for earlier must not replace the one chosen since
  const game = document.getElementById("game").value;
  const r = await api("GET", `/api/score/${game}/schema`);
  if (!r.ok || mine !== loading) return;
  words = r.body.words;
  document.getElementById("result").hidden = true;
  const scoreButton = document.getElementById("score");
  scoreButton.hidden = false;
  if (current && current.game === game) {
    if (!tableSheet(r.body.schema).length) { scoreButton.hidden = true; score(); }  // every field known: the result at once
  } else wholeForm(r.body.schema, undefined);
  document.getElementById("sheet").dataset.game = game;  // which game's sheet is drawn (the tests wait on it)
}

function show(res) {
  const result = {ranking: res.ranking, winner: res.winner, tiebreaks: res.tiebreaks || [], words, eliminated: res.eliminated,
                  totals: Object.fromEntries(res.players.map(p => [p.name, p.total])),
                  breakdown: Object.fromEntries(res.players.map(p => [p.name, p.breakdown]))};
  document.getElementById("outcome").replaceChildren(resultView(result));
  document.getElementById("result").hidden = false;
}

async function score() {
  const sheet = readSheet();
  const r = await api("POST", `/api/score/${document.getElementById("game").value}`, sheet, true);
  const refused = document.getElementById("refused");
  refused.hidden = r.ok;
  if (r.ok) {
    show(r.body);
    // The open game's sheet before its end: a standing, not a winner yet.
    const open = current && document.getElementById("game").value === current.game ? await api("GET", "/api/state", undefined, true) : null;
    document.getElementById("sofar").hidden = !(open && open.ok && open.body.game === current.game && !open.body.over);
    const kept = document.getElementById("kept");
    kept.textContent = keepEntries ? await keepEntries(sheet) : "";
    kept.hidden = !kept.textContent;
    document.getElementById("result").scrollIntoView({block: "nearest"});
    return;
  }
  document.getElementById("result").hidden = true;
  // The scoring's one line names the field as a path ("players[1].coins_in_hand: ..."): said with the player's name.
  const text = (r.body && r.body.error) || "The companion could not score the sheet.";
  const m = /^([\w.[\]]+): (.*)$/.exec(text);
  const players = (readSheet().players || []);
  const said = m && m[1].startsWith("players[") ? `${fieldWords(m[1], players)}: ${m[2]}` : text;
  refused.textContent = said.charAt(0).toUpperCase() + said.slice(1);
}

document.getElementById("game").onchange = load;
document.getElementById("score").onclick = score;
(async () => {
  const [r, known] = await Promise.all([api("GET", "/api/score"), api("GET", "/api/games")]);
  if (!r.ok) return;
  // Each game by its own title, as the New game page and Past games name it.
  const titles = Object.fromEntries(known.ok ? known.body.games.map(g => [g.id, g.title]) : []);
  document.getElementById("game").replaceChildren(...r.body.games.map(g => el("option", titles[g] || g, {value: g})));
  const open = await fetch("/api/score/current", {cache: "no-store"});
  if (open.ok) current = await open.json();
  if (loading) return;  // a game was chosen meanwhile: its sheet is loading already
  if (current) document.getElementById("game").value = current.game;
  load();
})();
