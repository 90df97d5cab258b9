// The Past games page: each game played, its result, its story and its log, and its exports.
import {api} from "../api.js";
import {el} from "../dom.js";
import {resultView, storyView} from "../result.js";
import {counted, fieldWords, listed, winnerLine} from "../words.js";

// A past game's winner in words, from its replayed result: "Ada wins", or why there is none.
function pastWinner(g) {
  if (g.result) return winnerLine(g.result);
  if (g.over && g.sheet_missing && g.sheet_missing.length) return "no winner: the score sheet was not complete";
  if (g.winner && g.winner.length) return g.winner.length === 1 ? `${g.winner[0]} wins` : `${listed(g.winner)} share the win`;
  return g.over ? "no winner" : "not finished";
}

async function showGame(id) {
  const r = await api("GET", `/api/history/${id}`);
  if (!r.ok) return;
  const g = r.body;
  document.getElementById("gtitle").textContent = `${g.title}, ${g.started.slice(0, 16).replace("T", " ")}` + (g.over ? "" : ` (${g.outcome || "not finished"})`);
  const box = document.getElementById("gresult");
  if (g.result) box.replaceChildren(resultView(g.result));
  else if (g.over && g.sheet_missing.length) {
    box.replaceChildren(el("p", `No winner: the companion did not know ${listed(g.sheet_missing.map(m => fieldWords(m, g.players)))} at the end.`, {className: "status"}));
  } else box.replaceChildren(el("p", pastWinner(g), {className: "status"}));
  document.getElementById("gtable").hidden = !!g.result;  // the result has its own ranking
  document.getElementById("gplayers").replaceChildren(...[...g.players].sort((a, b) => a.place - b.place).map(p => {
    const tr = el("tr");
    tr.append(el("td", String(p.place) + (p.winner ? " ★" : "")), el("td", p.name), el("td", p.score === null ? "—" : String(p.score)));
    return tr;
  }));
  const story = storyView(id, g.bgstats_link);
  if (g.picture) story.append(el("h3", g.picture), el("img", undefined, {src: `/api/history/${id}/board.svg`, alt: `${g.picture}, as it was left`, className: "board"}));
  document.getElementById("gstory").replaceChildren(story);
  // Who made the inputs (each phone by its name and short id, the box's buttons, the reader), and the log.
  document.getElementById("gmadeby").textContent = g.made_by.length
    ? "Played from " + listed(g.made_by.map(m => `${m.who} (${counted(m.inputs, "input")})`)) + "." : "";
  document.getElementById("gloglines").replaceChildren(...[...g.log].reverse().map(line => el("li", line)));
  document.getElementById("exports").replaceChildren(...[["json", "JSON"], ["csv", "CSV"], ["bgstats", "BG Stats"]].map(([f, label]) =>
    el("a", `Export ${label}`, {href: `/api/history/${id}/export?format=${f}`, download: ""})));
  document.getElementById("game").hidden = false;
}
(async () => {
  const r = await api("GET", "/api/history");
  if (!r.ok) return;
  const known = await api("GET", "/api/games");  // each game by its title, as the New game page names it
  const titles = Object.fromEntries(known.ok ? known.body.games.map(g => [g.id, g.title]) : []);
  const list = document.getElementById("games");
  if (!r.body.games.length) list.append(el("li", "No games yet."));
  const finished = [];
  for (const g of r.body.games) {
    const b = el("button", `${g.started.slice(0, 16).replace("T", " ")} · ${titles[g.game] || g.game.replaceAll("_", " ")} · ${g.players.join(", ")}` + (g.finished ? "" : " · open"));
    b.onclick = () => showGame(g.id);
    const li = el("li"); li.append(b); list.append(li);
    if (g.finished) finished.push([g.id, b]);
  }
  // Each finished game's winner, replayed one game at a time (newest first), so the table is never held long.
  for (const [id, b] of finished.slice(0, 30)) {
    const one = await api("GET", `/api/history/${id}`);
    if (one.ok) b.append(el("strong", ` · ${pastWinner(one.body)}`, {className: "pastwinner"}));
  }
})();
