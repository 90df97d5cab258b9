// The Cards page: the reader's state, the cards registered, and registering more (by taps on the reader).
import {api, NO_ANSWER, showError} from "../api.js";
import {el} from "../dom.js";
import {everyWhileShown} from "../watch.js";
import {counted} from "../words.js";

let catalogue = null, drawnCards = "";
const $ = id => document.getElementById(id);
const LINK = {searching: "looking for it", connected: "connected, waiting for it to speak", live: "talking", stale: "silent: check its cable",
              incompatible: "speaks another protocol version: update its firmware", off: "none configured"};
const sentence = text => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");

// The reader's state, asked every second while the page is shown, is asked quietly: a refusal of what the
// player pressed stays until the next thing pressed.
async function refresh() {
  const r = await api("GET", "/api/reader", undefined, true);
  if (r.ok && $("error").textContent === NO_ANSWER) showError("");
  if (r.ok) {
    const l = r.body.link;
    $("link").textContent = `Reader ${l.port || ""}: ${LINK[l.state] || l.state}` + (l.fw ? ` (${l.fw})` : "") + (l.bad_frames ? ` · ${counted(l.bad_frames, "bad frame")}` : "");
    const t = r.body.last_tag;
    const card = t && t.card ? t.card.card : "unknown card";
    $("lasttag").textContent = !t ? "No tag seen yet." : t.outcome === `registered as ${card}` ? `Last tag ${t.uid}: registered as ${card}.`
      : `Last tag ${t.uid}: ${card}` + (t.outcome ? ` (${t.outcome})` : "");
  }
  const c = await api("GET", "/api/cards", undefined, true);
  if (!c.ok) return;
  catalogue = catalogue || c.body.games;
  const reg = c.body.registration;
  $("rnow").hidden = $("rcancel").hidden = !reg;
  const deck = reg && catalogue[reg.game] && catalogue[reg.game].decks[reg.deck];
  $("rnow").textContent = !reg ? "" : `Tap the tag of ${reg.card}` + (deck ? ` (${deck.label})` : "") + " on the reader"
    + (reg.total > 1 ? `: card ${reg.index + 1} of ${reg.total}.` : ".");
  const key = JSON.stringify(c.body.cards);
  if (key !== drawnCards) {  // rebuilt only when it changed, so a Forget being tapped is never replaced under the finger
    drawnCards = key;
    const none = el("tr");
    none.append(el("td", "No card registered yet."));
    $("rcards").replaceChildren(...(c.body.cards.length ? c.body.cards.map(row) : [none]));
  }
  fill();
}

function row(card) {
  const game = catalogue[card.game], deck = game && game.decks[card.deck];
  const tr = el("tr"), what = el("td");
  const where = !game ? `${card.game} · ${card.deck}` : Object.keys(game.decks).length > 1 ? `${game.title} · ${deck ? deck.label : card.deck}` : game.title;
  what.append(el("strong", card.card), el("div", where, {className: "hint"}), el("div", `Tag ${card.uid}`, {className: "hint uid"}));
  const td = el("td"), b = el("button", "Forget", {"aria-label": `Forget ${card.card} (${card.uid})`});
  b.onclick = async () => { await api("POST", "/api/cards/forget", {uid: card.uid}); refresh(); };
  td.append(b);
  tr.append(what, td);
  return tr;
}

// A select is rebuilt when its entries differ (not merely their number); the choice stays while it is still one of them.
function options(select, entries) {
  const key = JSON.stringify(entries);
  if (select.dataset.entries === key) return;
  const was = select.value;
  select.replaceChildren(...entries.map(([value, label]) => el("option", label, {value})));
  select.dataset.entries = key;
  if (entries.some(([value]) => value === was)) select.value = was;
}

// The game open at the table (its id), once asked: the Game list starts on it.
let openGame;
api("GET", "/api/state", undefined, true).then(r => { openGame = r.ok ? r.body.game : null; fill(); });

// `changed`: "game" or "deck" when the player chose one: what depends on it starts again from its first entry.
function fill(changed) {
  if (!catalogue) return;
  const game = $("rgame"), deck = $("rdeck"), card = $("rcard");
  options(game, Object.entries(catalogue).map(([id, g]) => [id, g.title]));
  if (!game.dataset.opened && openGame !== undefined) {  // first the game open at the table, if it has cards here
    game.dataset.opened = "1";
    if (openGame && catalogue[openGame]) { game.value = openGame; changed = changed || "game"; }
  }
  const g = catalogue[game.value] || {title: "", decks: {}};
  options(deck, Object.entries(g.decks).map(([id, d]) => [id, d.label]));
  if (changed === "game") deck.selectedIndex = 0;
  const d = g.decks[deck.value];
  const listed = !!(d && d.cards);
  options(card, listed ? d.cards.map(name => [name, name]) : []);
  if (changed) { card.selectedIndex = 0; $("rname").value = ""; refused(""); }
  $("rnodeck").hidden = !!d;
  $("rnodeck").textContent = d ? "" : `${g.title} has no cards to register.`;
  $("rpick").hidden = !d;
  $("rcardlist").hidden = $("rwalk").hidden = !listed;
  $("rcardname").hidden = listed;
  if (!d) return;
  $("rhint").textContent = listed
    ? (d.size > d.cards.length
      ? `Walk the whole deck to tag one card of each of its ${counted(d.cards.length, "kind")} in turn (this page says which to tap next); tag the other copies one at a time.`
      : `Walk the whole deck to tag its ${counted(d.cards.length, "card")} in turn: this page says which to tap next.`)
    : "The rulebook does not list this deck's cards: type each card's name, then tap its tag." + (d.hint ? " " + sentence(d.hint) : "");
}

// A refusal of what was pressed is shown under its button (the page's own error line is far above it).
function refused(message) {
  $("rrefused").hidden = !message;
  $("rrefused").textContent = message ? sentence(message) : "";
}
async function register(body) {
  const r = await api("POST", "/api/cards/register", body, true);
  refused(r.ok ? "" : r.body.error || "The companion did not take it; try again.");
  refresh();
}

function chosen() {
  const g = catalogue && catalogue[$("rgame").value], d = g && g.decks[$("rdeck").value];
  return {game: $("rgame").value, deck: $("rdeck").value, card: d && d.cards ? $("rcard").value : $("rname").value.trim()};
}
$("rgame").onchange = () => fill("game");
$("rdeck").onchange = () => fill("deck");
$("rname").oninput = () => refused("");
$("rone").onclick = () => {
  const wanted = chosen();
  if (!wanted.card) { refused("Type the card's name first."); $("rname").focus(); return; }
  register(wanted);
};
$("rwalk").onclick = () => { const {game, deck} = chosen(); register({game, deck}); };
$("rcancel").onclick = async () => { await api("POST", "/api/cards/cancel", {}); refresh(); };
$("rimport").onchange = async e => {
  const f = e.target.files[0];
  if (!f) return;
  let data;
  try { data = JSON.parse(await f.text()); } catch (err) { showError("That file is not a card list (not JSON)."); return; }
  await api("POST", "/api/cards/import", data);
  refresh();
};
refresh();
everyWhileShown(refresh, 1000);
