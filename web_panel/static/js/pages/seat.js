// The My seat page: a player's seat claimed on this phone, what only that player sees, and the seat's options.
import {api, askBeforeUnpairing, HOST} from "../api.js";
import {el, morph, say} from "../dom.js";
import {drawGrid} from "../grid.js";
import {optionsPanel} from "../options_panel.js";
import {resultView} from "../result.js";
import {watch} from "../watch.js";
import {counted, fieldWords, listed, ordinal, sentenceCase, toDo, totalWords, whoActs, winnerLine} from "../words.js";

// An input made against the seat's view the page shows: a double tap on Done moves the game on once.
const panel = optionsPanel(document.getElementById("options"), action => api("POST", "/api/seat/input", action, true, me && me.version));
let state = null, me = null;
// What the last claim was told (a held seat, the box asking, wait before asking again), shown instead of
// "Claim your seat." until the box's question lapses; and the seat this phone held last (to say it is gone).
let note = "", noteUntil = 0, held = null;

async function claim(seat) {
  const r = await api("POST", "/api/seat", {seat}, true);
  const asking = document.getElementById("asking");
  if (!r.ok && r.body.error) {
    note = r.body.error;
    noteUntil = Date.now() + 20000;
    document.getElementById("who").textContent = note;
  }
  // A held seat: the box asks whether to hand it to this phone, showing this phone's id (shown large here); a
  // second ask within 30 s is refused, and the box's first question stays.
  if (r.status === 409 && r.body.asked) {
    asking.hidden = false;
    setTimeout(() => { asking.hidden = true; note = ""; render(); }, 20000);  // the box's question lapses
  } else if (r.status !== 429) asking.hidden = true;
  if (seat === null) held = null;  // given up here: no word about it needed
  seatPoll.now();
}

function render() {
  if (!state || !me) return;
  document.querySelector("main").dataset.version = me.version ?? "";  // the table's version the page shows
  const who = document.getElementById("who");
  const claimBox = document.getElementById("claim");
  document.getElementById("leave").hidden = me.seat === null;
  claimBox.hidden = me.seat !== null || !state.game;
  if (!state.game) {
    who.textContent = "No game is open.";
    document.getElementById("mine").hidden = true;
    document.getElementById("board").replaceChildren();
    panel.update([]);
    say(who.textContent);
    return;
  }
  if (me.seat !== null) { document.getElementById("asking").hidden = true; note = ""; held = me.player.name; }
  if (me.seat === null) {
    if (held !== null) {  // the seat went from this phone (handed over at the box, or a new game)
      note = `This phone no longer holds ${held}'s seat.`;
      noteUntil = Date.now() + 60000;
      held = null;
    }
    who.textContent = note && Date.now() < noteUntil ? note : "Claim your seat.";
    // Drawn again at every answer, each button kept while it says the same: a tap lands on what it read.
    morph(document.getElementById("seats"), me.seats.map(s => {
      const b = el("button", s.held_by ? `${s.name} (on the phone “${s.held_by}”)` : `I am ${s.name}`, {className: "option"});
      b.onclick = () => claim(s.seat);
      return b;
    }));
    document.getElementById("mine").hidden = true;
    document.getElementById("board").replaceChildren();  // a seat this phone lost: its board goes at once
    panel.update([]);
    say(who.textContent);
    return;
  }
  // What this phone did and someone else took back (the box's BACK, the host's page): said here, until the next input.
  const back = document.getElementById("takenback");
  back.hidden = !me.taken_back;
  back.textContent = me.taken_back ? me.taken_back.line : "";
  const p = me.player;
  const acting = me.actor;  // from the seat's own view, the one its options come from (never a step ahead of them)
  const others = whoActs(state);
  who.textContent = state.over ? `Game over: ${state.result ? winnerLine(state.result) : state.ended}.`
    : acting ? `${p.name}: your turn.` : `${p.name}. ${others}`;
  who.className = "status" + (acting ? " turn" : "") + (state.over ? " over" : "");
  showEnd(p.name);
  const parts = Object.entries(state.counter_names.players).map(([k, label]) => `${label}: ${p[k]}`);
  if (me.private && me.private.notice) parts.unshift(me.private.notice);  // what only this player is told (out of the game)
  const hand = me.private && me.private.hand;
  if (hand) parts.push(`In hand: ${hand.join(", ") || "nothing"}`);
  if (me.private && me.private.bid !== undefined) parts.push(`Your sealed bid: ${me.private.bid ? `${me.private.bid.gold} Gold, ${me.private.bid.intrigue} Intrigue` : "none yet"} (you have ${counted(me.private.base_votes, "vote")} before it)`);
  const mine = document.getElementById("mine");
  mine.hidden = false;
  mine.textContent = parts.join(" · ");
  // The player's own palazzo, drawn (the palazzo game).
  const board = document.getElementById("board");
  const palazzo = p.palazzo && p.palazzo.filter(c => c.at);
  morph(board, [...(palazzo && palazzo.length ? [el("div", "My palazzo", {className: "fieldtitle"}),
    drawGrid(palazzo, null)] : []),
    ...(p.reserve && p.reserve.length ? [el("div", "Reserve: " + p.reserve.join(", "), {className: "hint"})] : []),
    // A player board the game describes line by line (La Venise du Nord's stock, Store and cards).
    ...(p.board && p.board.length ? [el("div", "My board", {className: "fieldtitle"}),
      ...p.board.map(line => el("div", line, {className: "boardline"}))] : [])]);
  panel.update(me.options || []);
  say(state.over ? who.textContent : acting ? `${who.textContent} ${toDo(me.options || [])}` : who.textContent);
}

// At the end, on every phone: the winner, the places, and this player's own place and how his total adds up;
// or, while the score sheet still needs something, what and where.
let endKey = "";
function showEnd(name) {
  const box = document.getElementById("end");
  const key = state.over ? JSON.stringify([state.game_id, state.result, state.sheet_missing, name]) : "";
  if (key === endKey) return;
  endKey = key;
  box.hidden = !state.over;
  if (!state.over) { box.replaceChildren(); return; }
  if (!state.result) {
    const missing = state.sheet_missing || [];
    box.replaceChildren(el("p", `${state.ended ? sentenceCase(state.ended) + ". " : ""}The winner is not known yet: the score sheet `
      + `needs ${missing.length ? listed(missing.map(m => fieldWords(m, state.players))) : "a look"}, entered on the Scores page.`,
      {className: "winner"}));
    return;
  }
  const r = state.result;
  let place = 1, mine = null;
  for (const group of r.ranking || []) {
    if (group.includes(name)) mine = place;
    place += group.length;
  }
  const parts = (r.words && r.words.parts) || {};
  const line = Object.entries(r.breakdown[name] || {}).map(([k, v]) => `${parts[k] || k.replaceAll("_", " ")} ${v}`).join(" + ");
  const own = mine === null ? `${name}: out of the game, ${totalWords(r, r.totals[name])}.`
    : `${name}: ${ordinal(mine)}, ${totalWords(r, r.totals[name])}${line ? ` (${line})` : ""}.`;
  box.replaceChildren(el("p", own, {className: "mine"}), resultView(r));
}

// This seat's own view comes with each new state of the table; without a seat held (or after a claim) it is
// asked for, and the answer to the last question asked is the one shown.
const seatPoll = {now() { fetchSeat(); }};
let seatAsked = 0;
async function fetchSeat() {
  const asked = ++seatAsked;
  const r = await api("GET", "/api/seat");
  if (asked !== seatAsked) return;
  if (r.ok) me = r.body;
  render();
}
document.getElementById("leave").onclick = () => claim(null);
document.getElementById("rename").onclick = async () => {
  const name = document.getElementById("phonename").value.trim();
  if (name) await api("POST", "/api/session/name", {name});
};
// A host's phone asks the list of phones whether it is the last host's; a player's phone is not.
askBeforeUnpairing(document.getElementById("forget"), "this phone", "/api/session/forget", async () => {
  if (!HOST) return false;
  const r = await api("GET", "/api/sessions", undefined, true);
  const hosts = r.ok ? r.body.sessions.filter(p => p.host) : [];
  return hosts.length === 1 && hosts[0].this;
}, () => { location.href = "/pair"; });
watch((v, mine) => {
  state = v;
  if (mine === undefined) fetchSeat();  // no seat held: the seats to claim
  else { seatAsked++; me = mine; render(); }  // a question still out about the seat is older
}, true);
