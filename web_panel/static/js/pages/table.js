// The Table page: the table's state and log for every phone; on the host's phone the table's options, the seats
// phones hold, the box's screen and the simulated table.
import {api, HOST, PHONE} from "../api.js";
import {el, morph, say} from "../dom.js";
import {drawGrid} from "../grid.js";
import {optionsPanel} from "../options_panel.js";
import {missingView, resultView, storyView} from "../result.js";
import {everyWhileShown, watch, whenShown} from "../watch.js";
import {onPhones, sentenceCase, toDo, waitingFor, whoActs} from "../words.js";

const SIMULATED = !!document.getElementById("sim");  // the simulated table, on the host's phone
let view = null;
let expectedDice = () => {};  // the simulated reader's buttons for the throw the table expects
// On the host's phone, the table's options: those of the acting seats no phone holds, the companion's own
// steps, NEXT's, and the corrections. A player's phone only watches here (its moves are on My seat).
// An input made against the table the page shows: a second tap on a button the table has moved past since (a
// double tap on NEXT) is refused, and the next state the page has shows the table as it is.
const toTable = action => api("POST", "/api/input", action, true, view && view.version);
const panel = HOST ? optionsPanel(document.getElementById("options"), toTable, () => view && onPhones(view)) : {update() {}};

// On the host's phone, each acting seat a phone holds: what the host may do for that player, behind a question
// (the seat is that phone's), each option asking once more before it is done.
const heldPanels = new Map();
function showHeld(v) {
  const box = document.getElementById("heldseats");
  if (!box) return;
  const acting = (v.held || []).filter(h => h.options.length && !v.over);
  for (const seat of [...heldPanels.keys()]) if (!acting.some(h => h.seat === seat)) { heldPanels.get(seat).box.remove(); heldPanels.delete(seat); }
  for (const h of acting) {
    let entry = heldPanels.get(h.seat);
    if (!entry) {
      const d = el("details", undefined, {className: "held"});
      const inner = el("div");
      d.append(el("summary"), inner);
      entry = {box: d, summary: d.firstChild, panel: optionsPanel(inner, toTable)};
      heldPanels.set(h.seat, entry);
      box.append(d);
    }
    entry.summary.textContent = h.phone_id === PHONE ? `${v.players[h.seat].name}'s moves (this phone's seat; also on My seat)`
      : `Act for ${v.players[h.seat].name}? The phone “${h.phone}” (${h.short}) holds that seat`;
    if (h.phone_id === PHONE && !entry.opened) { entry.box.open = true; entry.opened = true; }
    entry.panel.update(h.phone_id === PHONE ? h.options : h.options.map(o => ({...o, confirm: true})));
  }
}

async function act(action) { return api("POST", "/api/input", action); }

// At game over: the winner, the ranking, the breakdown and the tie-break that decided; or what is missing.
let resultKey = "";
function showResult(v) {
  const box = document.getElementById("result");
  const missing = v.sheet_missing || [];
  const key = v.over ? JSON.stringify([v.game_id, v.result, missing, v.sheet_error || ""]) : "";
  if (key === resultKey) return;
  resultKey = key;
  if (v.over && v.result) box.replaceChildren(resultView(v.result), storyView(v.game_id));
  else if (v.over && (missing.length || v.sheet_error)) box.replaceChildren(missingView(missing, v.players, v.sheet_error));
  else if (v.over) box.replaceChildren(storyView(v.game_id));
  else box.replaceChildren();
  box.hidden = !box.childElementCount;
}

// The game's board as the companion knows it (La Venise du Nord's city, Merchant Venturers' ports and ships),
// drawn by the panel: fetched again when the table changes.
function showPicture(v) {
  const box = document.getElementById("picture"), img = document.getElementById("board");
  box.hidden = !v.picture;
  if (!v.picture) return;
  document.getElementById("picturetitle").textContent = v.picture;
  img.alt = `${v.picture}, as the companion knows it`;
  const src = `/api/board.svg?v=${v.version}`;
  if (img.getAttribute("src") !== src) img.src = src;
}

function render(v) {
  view = v;
  document.querySelector("main").dataset.version = v.version;  // the table's version the page shows
  const status = document.getElementById("status");
  document.getElementById("play").hidden = !v.game;
  document.getElementById("nogame").hidden = !!v.game;
  if (!v.game) { status.textContent = "No game is open."; panel.update([]); showResult(v); say(status.textContent); }
  else {
    document.getElementById("title").textContent = v.title;
    const actor = waitingFor(v) || "the table";
    status.textContent = v.over ? `Game over: ${v.ended}.` : v.rolloff ? `Roll-off for the ${v.rolloff.purpose}.`
      : `${v.round_label || `${v.round_word || "Round"} ${v.round}`} · ${v.step_label} · ${actor} to act` + (v.last_round ? " · last round" : "")
        + (v.status ? ` · ${v.status}` : "");  // the game's own line, as the OLED shows it
    status.className = "status" + (v.over ? " over" : "");
    // Said once when it changes: whose turn it is, and on the host's phone what the table must do here.
    say(v.over || v.rolloff || !v.step_label ? status.textContent : sentenceCase(whoActs(v)) + (HOST ? ` ${toDo(v.options || [])}` : ""));
    showResult(v);
    panel.update(v.options || []);
    showHeld(v);
    expectedDice(v);
    const names = Object.entries(v.counter_names.players);
    const shown = (v.score_keys || []).filter(([k]) => !(k in v.counter_names.players));
    const head = el("tr");
    head.append(el("th", "Player"), ...shown.map(([, label]) => el("th", label)), ...names.map(([, label]) => el("th", label)));
    morph(document.getElementById("head"), [head]);
    morph(document.getElementById("players"), v.players.map(p => {
      const tr = el("tr", undefined, {className: p.seat === v.actor ? "actor" : ""});
      tr.append(el("td", p.name), ...shown.map(([k]) => el("td", String(p[k]))));
      for (const [name] of names) {
        tr.append(el("td", String(p[name])));  // set right in the corrections
      }
      return tr;
    }));
    const parts = [];
    if (v.last_roll) parts.push(`Last roll ${v.last_roll.spec}: ${v.last_roll.values.join(", ")}`);
    for (const [name, d] of Object.entries(v.decks)) {
      const out = Array.isArray(d.out) ? (d.out.length ? `, drawn ${d.out.join(" ")}` : "") : `, ${d.out} out`;
      parts.push(`${d.label}: ${d.draw === null ? "?" : d.draw} in the deck, ${d.discard} discarded` + out + (d.mode === "mirror" ? ` (real ${d.pieces})` : ""));
    }
    for (const [name, label] of Object.entries(v.counter_names.table)) parts.push(`${label}: ${v.counters[name]}`);
    document.getElementById("table").textContent = parts.join(". ");
    showPicture(v);
    morph(document.getElementById("sections"), (v.sections || []).map(sec => {
      const box = el("section", undefined, {className: "game"});
      box.append(el("h2", sec.title), ...sec.lines.map(line => el("div", line)));
      if (sec.grid && sec.grid.length) box.append(drawGrid(sec.grid, null));  // a board the game draws (a palazzo)
      return box;
    }));
  }
  morph(document.getElementById("log"), [...(v.log || [])].reverse().map(line => el("li", line)));
}

watch(render);

// The OLED as the table shows it (on the host's phone): the emulated glass on simulated parts, the last frame
// drawn otherwise.
const oled = document.getElementById("oled");
let frameTag = "", frameNext = null, framing = false;
async function frame() {
  if (!oled || framing) return;
  framing = true;
  clearTimeout(frameNext);
  try {
    const r = await fetch(SIMULATED ? "/api/sim/frame.png" : "/api/frame.png", {headers: frameTag ? {"If-None-Match": frameTag} : {}, cache: "no-store"});
    if (r.status === 403) return;  // no longer the host's phone: the box is not this page's to show
    if (r.status === 200) {
      frameTag = r.headers.get("ETag") || "";
      const old = oled.src;
      oled.src = URL.createObjectURL(await r.blob());
      if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    }
  } catch (e) { /* the status line already says the companion is gone */ }
  finally { framing = false; }
  if (document.visibilityState !== "hidden") frameNext = setTimeout(frame, SIMULATED ? 200 : 1000);
}
whenShown(frame);  // hidden, the box's screen is not asked for; shown again, at once
frame();

if (SIMULATED) {
  // One request at a time, so a release never overtakes its press; and a release at least 100 ms after its
  // press, as a finger on a real button: a quick tap's two requests, a few ms apart at the box, read as the
  // contact's bounce and the press was lost. 110 ms from when the press was sent for: its request leaves a
  // moment later, and timers run late by a millisecond or two.
  let pins = Promise.resolve();
  const pressed = {};
  const pin = (role, down) => pins = pins.then(async () => {
    if (down) pressed[role] = performance.now();
    else await new Promise(done => setTimeout(done, Math.max(0, 110 - (performance.now() - (pressed[role] || 0)))));
    return api("POST", "/api/sim/button", {role, down});
  });
  document.querySelectorAll("#sim [data-role]").forEach(b => {
    const up = () => { if (b.classList.contains("down")) { b.classList.remove("down"); pin(b.dataset.role, false); } };
    b.addEventListener("pointerdown", e => { b.setPointerCapture(e.pointerId); b.classList.add("down"); pin(b.dataset.role, true); });
    b.addEventListener("pointerup", up);
    b.addEventListener("pointercancel", up);
  });
  async function simCards() {
    const r = await api("GET", "/api/cards");
    if (r.ok) morph(document.getElementById("simcards"), r.body.cards.map(c => {  // a card being tapped stays
      const b = el("button", c.card); b.onclick = () => api("POST", "/api/sim/reader", {tap: c.uid}); return b;
    }));
  }
  simCards();
  everyWhileShown(simCards, 5000);
  document.getElementById("simnew").onclick = () => api("POST", "/api/sim/reader", {tap: [...crypto.getRandomValues(new Uint8Array(7))].map(b => b.toString(16).padStart(2, "0")).join("").toUpperCase()});
  const throwDice = count => api("POST", "/api/sim/reader", {roll: {sides: 6, count}});
  document.querySelectorAll("[data-roll]").forEach(b => b.onclick = () => throwDice(Number(b.dataset.roll)));
  // A throw the table expects now that the two buttons do not make (a 3d6 or 4d6 roll-off): its own button.
  expectedDice = v => {
    const specs = [...new Set((v.options || []).map(o => o.rolls).filter(r => /^[3-6]d6$/.test(r || "")))];
    document.querySelectorAll("#simdice [data-expected]").forEach(b => b.remove());
    for (const spec of specs) {
      const b = el("button", `Dice ${spec}`, {"data-expected": spec});
      b.onclick = () => throwDice(Number(spec.split("d")[0]));
      document.getElementById("simdice").append(b);
    }
  };
}
