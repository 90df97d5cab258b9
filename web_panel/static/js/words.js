// The panel's sentences, pure (no page needed: tests/js/words.test.js): counts, places, who acts, the winner,
// the tie-breaks, a score sheet's field in words.

// What this phone must do now, said after whose turn it is ("Bea: your turn."): its one option, or how many there are.
export function toDo(options) {
  const play = options.filter(o => o.group !== "Corrections");
  if (play.length === 1) return `${play[0].label}.`;
  return play.length ? `${counted(play.length, "choice")} below.` : "";
}

// "1 vote", "3 votes": a count and its noun, which agree (the server's texts: companion/core/words.py).
export function counted(n, one, many) { return `${n} ${Math.abs(n) === 1 ? one : (many || one + "s")}`; }

// A refusal stays beside what was pressed (`near`: the button or field the player used) until it is
// dismissed or that control is used again; without one, it shows at the top of the page.
// A refusal as a player reads it: without the name of the field it is about when that is a code
// ("compositions.raw_goods: …", "first: …", "card: …"); the sentence says what is wrong.
export function plainWords(message) {
  return (message || "").replace(/^[a-z_]+(?:\.[a-z_]+|\[\d+\])*: (?=\S)/, "");
}

// The acting players who play on their own phones (a phone holds their seat), as the box says it.
export function onPhones(v) {
  const held = new Map((v.held || []).map(h => [h.seat, h]));
  const names = (v.acting || []).filter(s => held.has(s)).map(s => v.players[s].name);
  if (names.length === 1) return `${names[0]} plays on the phone “${held.get(v.acting.find(s => held.has(s))).phone}”.`;
  return names.length ? `${listed(names)} play on their phones.` : "";
}

// Who the table waits for, as the OLED says it (the player whose cube is on a shipment, not the ship's owner):
// "everyone", their names, or "" when the companion acts.
export function waitingFor(v) {
  const acting = v.acting || [];
  return acting.length > 1 && acting.length === v.players.length ? "everyone" : acting.map(s => v.players[s].name).join(" and ");
}

// Who acts now, as a sentence: "Everyone acts.", "Ada and Bea act.", or the step the table is at between a
// player's moves ("Setup: the table acts.").
export function whoActs(v) {
  const waiting = waitingFor(v);
  return waiting === "everyone" ? "Everyone acts."
    : waiting ? `${waiting} ${(v.acting || []).length > 1 ? "act" : "acts"}.`
    : v.step_label ? `${v.step_label}: the table acts.` : "";
}

export function sentenceCase(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

export function listed(names) {
  return names.length <= 1 ? (names[0] || "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function ordinal(n) {
  const tens = n % 100, unit = n % 10;
  return n + (tens >= 11 && tens <= 13 ? "th" : unit === 1 ? "st" : unit === 2 ? "nd" : unit === 3 ? "rd" : "th");
}

export function totalWords(result, n) {
  const [one, many] = (result.words && result.words.total) || ["1 point", "{n} points"];
  return n === 1 ? one : many.replace("{n}", String(n));
}

export function winnerLine(result) {
  const w = result.winner || [];
  if (!w.length) return "No winner yet";
  return w.length === 1 ? `${w[0]} wins` : `${listed(w)} share the win`;
}

export function valueWords(v) { return Array.isArray(v) ? (v.length ? v.join(" then ") : "none") : String(v); }

// One sentence per tie-break that decided, and one per place still shared after them all.
// In the order of the places.
export function tiebreakLines(result) {
  const lines = [];
  let place = 1;
  for (const group of result.ranking || []) {
    if (group.length > 1) {
      const total = totalWords(result, result.totals[group[0]]);
      lines.push(`${listed(group)}: ${total} each, nothing separates them: they share ${ordinal(place)} place.`);
    }
    for (const t of (result.tiebreaks || []).filter(t => t.above[0] === group[0])) {
      const total = totalWords(result, result.totals[t.above[0]]);
      lines.push(`Tied on ${total}: ${listed(t.above)} ahead of ${listed(t.below)} with ${t.label} `
        + `(${valueWords(t.values[t.above[0]])} to ${valueWords(t.values[t.below[0]])}).`);
    }
    place += group.length;
  }
  return lines;
}

// A field a pre-filled sheet leaves for the players ("players[1].coins_in_hand"), in words: "Bea's coins in hand".
const FIELD_WORDS = {coins_in_hand: "coins in hand", roll_off: "roll-off", die_face: "die"};

export function fieldWords(path, players) {
  const m = /^players\[(\d+)\]\.(\w+)(.*)$/.exec(path);
  const words = key => FIELD_WORDS[key] || key.replaceAll("_", " ");
  if (m) {
    const one = players && players[Number(m[1])];
    const who = one && one.name ? one.name : `player ${Number(m[1]) + 1}`;
    const item = /^\[(\d+)\]/.exec(m[3]);  // one item of a list: "Ada's coins in hand, item 2"
    return `${who}'s ${words(m[2])}${item ? `, item ${Number(item[1]) + 1}` : m[3]}`;
  }
  return path.split(".").map(words).join(": ");
}
