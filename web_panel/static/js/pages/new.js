// The New game page: the game, its players and seats, its decks and rule options, and the start.
import {api, showError} from "../api.js";
import {el} from "../dom.js";
import {schemaForm} from "../schema_form.js";

const COLOURS = ["red", "blue", "green", "yellow", "black", "white", "purple", "orange"];
let games = [], options = null, tableFields = null, tableDefaults = {};
const rows = [];

// "<card> x8" lines -> {"<card>": 8}; the companion checks the cards themselves.
function parseCards(text) {
  const out = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const m = line.match(/^(.+?)\s*[x×]\s*(\d+)$/i);
    const [card, count] = m ? [m[1].trim(), Number(m[2])] : [line, 1];
    out[card] = (out[card] || 0) + count;
  }
  return Object.keys(out).length ? out : "Enter the deck's cards, one per line, or play it with real cards.";
}

function game() { return games.find(g => g.id === document.getElementById("game").value); }

function addPlayer(name) {
  const row = el("div", undefined, {className: "row player"});
  const input = el("input", undefined, {value: name || "", placeholder: "Name", maxLength: 24, "aria-label": "player name"});
  const age = el("input", undefined, {type: "number", min: 0, max: 150, inputMode: "numeric", placeholder: "Age",
                                      className: "age", "aria-label": "age"});
  const colour = el("select", undefined, {"aria-label": "colour"});
  colour.append(el("option", "no colour", {value: ""}), ...COLOURS.map(c => el("option", c, {value: c})));
  colour.value = COLOURS[rows.length % COLOURS.length];
  const up = el("button", "↑", {type: "button", title: "earlier in seat order"});
  const remove = el("button", "✕", {type: "button", title: "remove"});
  const entry = {row, input, colour, age, up, remove};
  up.onclick = () => { const i = rows.indexOf(entry); if (i > 0) { rows.splice(i, 1); rows.splice(i - 1, 0, entry); redraw(); } };
  remove.onclick = () => { rows.splice(rows.indexOf(entry), 1); redraw(); };
  row.append(input, age, colour, up, remove);
  rows.push(entry);
  redraw();
}

function redraw() {
  // The rows are put back only when their order changed: a row taken out and put back loses the focus of the
  // name being typed in it (redraw runs on every letter, for the first player's list).
  const list = document.getElementById("players");
  if (rows.length !== list.children.length || rows.some((r, i) => list.children[i] !== r.row)) list.replaceChildren(...rows.map(r => r.row));
  rows.forEach(seatNames);
  const g = game();
  if (!g) return;
  document.getElementById("add").disabled = rows.length >= g.max_players;
  rows.forEach(r => r.age.hidden = !["second_youngest", "fewest_coins"].includes(g.first_player));
  const first = document.getElementById("first");
  const keep = first.value;
  const rule = {rolloff: "Roll off for it (the rules' way)", second_youngest: "The second-youngest (give the ages)",
                fewest_coins: "Fewest coins each year, youngest on a tie (give ages)"}[g.first_player];
  const seats = g.first_player === "fewest_coins" ? [] : rows.map((r, i) => el("option", r.input.value || `Seat ${i + 1}`, {value: String(i)}));
  first.replaceChildren(...(rule ? [el("option", rule, {value: ""})] : []), ...seats);
  if ([...first.options].some(o => o.value === keep)) first.value = keep;
  phoneSeats();
}

// Each field of a row named by its seat, as a screen reader reads it ("Seat 2: player name"), and its buttons
// by what they do to whom ("Move Bea one seat earlier"): the symbols ↑ and ✕ say nothing read aloud.
function seatNames(r, i) {
  const seat = `Seat ${i + 1}`, who = r.input.value.trim() || `seat ${i + 1}`;
  r.input.setAttribute("aria-label", `${seat}: player name`);
  r.age.setAttribute("aria-label", `${seat}: age`);
  r.colour.setAttribute("aria-label", `${seat}: colour`);
  r.up.setAttribute("aria-label", `Move ${who} one seat earlier`);
  r.remove.setAttribute("aria-label", `Remove ${who}`);
}

// The phones that hold a seat now, each asked which player it plays in the new game: the player of the same
// name by default, or nobody (its seat is then free).
let holders = [];
const phoneChoice = {};
function phoneSeats() {
  const box = document.getElementById("phones");
  document.getElementById("phonesbox").hidden = !holders.length;
  const names = rows.map(r => r.input.value.trim());
  box.replaceChildren(...holders.map(h => {
    const select = el("select", undefined, {"aria-label": `${h.phone}'s seat`});
    select.append(el("option", "nobody: its seat is free", {value: ""}), ...names.map((n, i) => el("option", n || `Seat ${i + 1}`, {value: String(i)})));
    const same = names.indexOf(h.player);
    const chosen = phoneChoice[h.id];
    select.value = chosen !== undefined && chosen < names.length ? String(chosen ?? "") : same >= 0 ? String(same) : "";
    select.onchange = () => { phoneChoice[h.id] = select.value === "" ? null : Number(select.value); };
    const label = el("label", `“${h.phone}” (${h.short}), ${h.player}'s phone now, plays `);
    label.append(select);
    return label;
  }));
}
function chosenPhones() {
  const out = {};
  document.querySelectorAll("#phones select").forEach((s, i) => { if (s.value !== "") out[holders[i].id] = Number(s.value); });
  return out;
}

function chooseGame() {
  const g = game();
  document.getElementById("first").value = "";  // the new game's own rule for the first player, if it has one
  document.getElementById("about").textContent = `${g.min_players} to ${g.max_players} players.`;
  document.getElementById("decks").replaceChildren(...g.decks.map(d => {
    const select = el("select", undefined, {name: d.name});
    select.append(el("option", "Virtual: the companion shuffles and draws", {value: "virtual", disabled: !d.known && !d.enter}),
                  el("option", `Real ${d.pieces}: the players draw and tap them`, {value: "mirror"}));
    select.value = d.known ? d.mode : "mirror";
    const label = el("label", d.label + " ");
    label.append(select);
    if (!d.enter) return label;
    // The rulebook does not list this deck: the table may enter its cards once (kept on this phone).
    const key = `deck:${g.id}:${d.name}`;
    // The example is the deck's own (each game's cards are named its own way).
    const list = el("textarea", undefined, {name: d.name, rows: 4, className: "cards",
      placeholder: ["One card per line with how many, e.g.", ...d.examples].join("\n"), "aria-label": d.label + " cards"});
    list.value = localStorage.getItem(key) || "";
    list.hidden = select.value !== "virtual";
    select.onchange = () => list.hidden = select.value !== "virtual";
    const box = el("div");
    box.append(label, list, el("div", "Virtual needs the deck's cards: the rulebook does not list them.", {className: "hint"}));
    return box;
  }));
  document.getElementById("decksbox").hidden = g.decks.length === 0;
  // The game's own setup (a board's layout, a tile's printed values), with the rulebook's or the companion's defaults.
  const own = Object.entries(g.setup_fields || {});
  // Each behind its title, closed: the defaults hold unless the table opens one and changes it.
  const parts = own.map(([key, schema]) => [key, schemaForm({...schema, title: ""}, undefined, "")]);
  tableFields = parts.length ? {read: () => Object.fromEntries(parts.map(([k, p]) => [k, p.read()]))} : null;
  tableDefaults = tableFields ? tableFields.read() : {};
  document.getElementById("tablebox").hidden = !tableFields;
  document.getElementById("tablefields").replaceChildren(...own.map(([key, schema], i) => {
    const d = el("details");
    d.append(el("summary", schema.title || key), parts[i][1].element);
    return d;
  }));
  const rules = Object.entries(g.rule_options || {});
  options = rules.length ? schemaForm({type: "object", properties: Object.fromEntries(rules)}, undefined, "") : null;
  const optionsBox = document.getElementById("options");
  if (options) optionsBox.replaceChildren(options.element); else optionsBox.textContent = "This game has no rule options.";
  redraw();
}

document.getElementById("add").onclick = () => addPlayer("");
document.getElementById("players").addEventListener("input", redraw);
document.getElementById("game").onchange = chooseGame;
// A game under way is not thrown away by one tap: the first tap says which game would end, the second starts.
let replacing = false;
async function openGame() {
  const r = await api("GET", "/api/state");
  return r.ok && r.body.game && !r.body.over ? r.body : null;
}

document.getElementById("start").onclick = async () => {
  const start = document.getElementById("start");
  const open = await openGame();
  if (open && !replacing) {
    replacing = true;
    start.textContent = `Tap again: this ends the ${open.title} game under way (it cannot be resumed)`;
    start.classList.add("armed");
    setTimeout(() => { replacing = false; start.textContent = "Start the game"; start.classList.remove("armed"); }, 6000);
    return;
  }
  replacing = false;
  const setup = {players: rows.map(r => Object.assign({name: r.input.value.trim(), colour: r.colour.value || null},
                                                     r.age.value !== "" && !r.age.hidden ? {age: Number(r.age.value)} : {}))};
  const first = document.getElementById("first").value;
  if (first !== "") setup.first = Number(first);
  const modes = {}, compositions = {};
  document.querySelectorAll("#decks select").forEach(s => modes[s.name] = s.value);
  for (const list of document.querySelectorAll("#decks textarea")) {
    if (modes[list.name] !== "virtual") continue;
    const cards = parseCards(list.value);
    if (typeof cards === "string") return showError(cards);
    compositions[list.name] = cards;
    localStorage.setItem(`deck:${game().id}:${list.name}`, list.value);
  }
  if (Object.keys(modes).length) setup.deck_modes = modes;
  if (Object.keys(compositions).length) setup.compositions = compositions;
  if (options) setup.options = options.read();
  // Only what the table changed: left as they were, the companion's own defaults (and the rule options) hold.
  if (tableFields) for (const [k, v] of Object.entries(tableFields.read())) if (JSON.stringify(v) !== JSON.stringify(tableDefaults[k])) setup[k] = v;
  const phones = chosenPhones();
  if (new Set(Object.values(phones)).size < Object.keys(phones).length) return showError("Two phones cannot play the same seat.");
  const r = await api("POST", "/api/input", {type: "new_game", game: game().id, setup, phones});
  if (r.ok) location.href = "/";
};

(async () => {
  const [state, phones] = await Promise.all([api("GET", "/api/state"), api("GET", "/api/sessions")]);
  if (state.ok && phones.ok && state.body.players) holders = phones.body.sessions.filter(p => p.seat !== null && state.body.players[p.seat])
    .map(p => ({id: p.id, phone: p.name, short: p.short, player: state.body.players[p.seat].name}));
  const r = await api("GET", "/api/games");
  if (!r.ok) return;
  games = r.body.games;
  document.getElementById("game").replaceChildren(...games.map(g => el("option", g.title, {value: g.id})));
  chooseGame();
  for (const name of ["", ""]) addPlayer(name);
})();
