// --- the end of a game: who won, the ranking, the breakdown, the tie-break that decided --------------------
// `result` as /api/state gives it at game over (TABLE.md): {ranking, winner, totals, breakdown, tiebreaks,
// words, eliminated?}. The game's own words (`words`) say a total ("31 points", "12 Gold"), its parts and its
// tie-breaks ("more Ducats").
import {api} from "./api.js";
import {el} from "./dom.js";
import {fieldWords, listed, ordinal, tiebreakLines, totalWords, winnerLine} from "./words.js";

export function resultView(result) {
  const box = el("div", undefined, {className: "result"});
  box.append(el("p", winnerLine(result), {className: "winner"}));
  for (const line of tiebreakLines(result)) box.append(el("p", line, {className: "tiebreak"}));
  const table = el("table", undefined, {className: "ranking"});
  const body = el("tbody");
  let place = 1;
  for (const group of result.ranking || []) {
    for (const name of group) {
      const tr = el("tr", undefined, {className: place === 1 ? "first" : ""});
      tr.append(el("td", ordinal(place)), el("td", name), el("td", totalWords(result, result.totals[name])));
      body.append(tr);
    }
    place += group.length;
  }
  for (const name of result.eliminated || []) {
    const tr = el("tr", undefined, {className: "out"});
    tr.append(el("td", "out"), el("td", name), el("td", totalWords(result, result.totals[name])));
    body.append(tr);
  }
  table.append(body);
  box.append(table);
  const parts = (result.words && result.words.parts) || {};
  const details = el("details", undefined, {className: "breakdown", open: true});
  details.append(el("summary", "How each total adds up"));
  for (const group of [...(result.ranking || []), result.eliminated || []]) {
    for (const name of group) {
      const line = Object.entries(result.breakdown[name] || {}).map(([k, v]) => `${parts[k] || k.replaceAll("_", " ")} ${v}`).join(" + ");
      details.append(el("div", `${name}: ${line} = ${totalWords(result, result.totals[name])}`));
    }
  }
  box.append(details);
  return box;
}

// At game over without a result: what the companion does not know, and where to enter it.
export function missingView(missing, players, error) {
  const box = el("div", undefined, {className: "result missing"});
  box.append(el("p", "Game over: the score sheet needs you", {className: "winner"}));
  if (error) box.append(el("p", error));
  if (missing.length) {
    box.append(el("p", `The companion does not know ${missing.length === 1 ? "this field" : `these ${missing.length} fields`}: `
                       + listed(missing.map(m => fieldWords(m, players))) + "."));
  }
  const link = el("a", missing.length ? "Enter them on the Scores page" : "Check the sheet on the Scores page", {href: "/scores", className: "button primary"});
  box.append(link);
  return box;
}

// A finished game's story: each player's score over the game (an SVG the panel draws from the journal), and
// the one-tap link that opens BG Stats with the play ready to save.
export function storyView(id, link) {
  const box = el("div", undefined, {className: "story"});
  box.append(el("img", undefined, {src: `/api/history/${id}/chart.svg`, alt: "Each player's score over the game", className: "chart"}));
  const a = el("a", "Add this play to BG Stats", {href: link || "#", className: "bgstats", rel: "noopener"});
  a.hidden = !link;
  if (!link) api("GET", `/api/history/${id}`, undefined, true).then(r => { if (r.ok) { a.href = r.body.bgstats_link; a.hidden = false; } });
  box.append(a);
  return box;
}
