import {NO_ANSWER, showError, toPairing, untilSettled} from "./api.js";
import {merged} from "./changes.js";

// The table's state as it changes (web_panel/push.py): one request, which the panel holds until the table
// changes and answers with what changed (the whole state the first time), so news comes when there is some,
// and when there is none a request every HOLD_S seconds (not longer: a request the Wi-Fi dropped is given up
// GIVE_UP_S after it was sent). A hidden page (the phone's screen off, another tab in front) asks nothing,
// and asks at once when it is shown again. `onData(state, seat)` has each new state; with `seat`, this
// phone's own seat view comes with it (undefined when the phone holds no seat: ask for it). `now()` asks at
// once unless a request is out.
const HOLD_S = 10, GIVE_UP_S = HOLD_S + 5;

export function watch(onData, seat) {
  let state = null, at = "", next = null, out = null;
  // The first answer came in the page (web_panel/pages.py): shown at once, and the next request waits for news.
  const first = document.getElementById("first-state");
  if (first) {
    const d = JSON.parse(first.textContent);
    first.remove();
    at = d.at;
    state = merged(null, d);
    onData(state, d.seat);
  }
  async function once() {
    clearTimeout(next);
    if (out || document.visibilityState === "hidden") return;
    out = new AbortController();
    // A request that never answers (a connection the Wi-Fi dropped) is given up and asked again: without
    // this one stuck request would stop the page's updates for good.
    const timer = setTimeout(() => out.abort(), GIVE_UP_S * 1000);
    const began = performance.now();
    let after = 0;
    try {
      const query = new URLSearchParams(at ? {since: at, wait: HOLD_S} : {});
      if (seat) query.set("seat", "1");
      const r = await fetch(`/api/changes?${query}`, {cache: "no-store", signal: out.signal});
      if (r.status === 401) { toPairing(); return; }
      // The first good answer after the companion was away takes the banner down (a refusal stays until read).
      const top = document.getElementById("error");
      if (top && top.textContent === NO_ANSWER && r.ok) top.textContent = "";
      if (r.status === 200) {
        const d = await r.json();
        at = d.at;
        state = merged(state, d);
        const early = untilSettled();  // a tap's own change: shown once a double tap is over
        if (early > 0) await new Promise(done => setTimeout(done, early));
        onData(state, d.seat);
      }
      // Unchanged: held until now, or answered at once when the panel holds all it can (then it says when to
      // ask again); never more than one request a second.
      else if (r.status === 204) after = 1000 * Number(r.headers.get("Retry-After")) || Math.max(0, 1000 - (performance.now() - began));
      else after = 5000;
    } catch (e) {
      if (e.name !== "AbortError") { showError(NO_ANSWER); after = 2000; }
    } finally { clearTimeout(timer); out = null; }
    clearTimeout(next);
    if (document.visibilityState !== "hidden") next = setTimeout(once, after);
  }
  whenShown(once, () => { clearTimeout(next); if (out) out.abort(); });
  once();
  return {now: once};
}

// `shown()` when the page is shown again, `hidden()` when it is hidden (the phone's screen off).
export function whenShown(shown, hidden) {
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" ? hidden && hidden() : shown());
}

// `ask()` every `every` ms while the page is shown, and at once when it is shown again: what the table's
// version does not cover (the box's screen, the reader's cards, the pairing code).
export function everyWhileShown(ask, every) {
  setInterval(() => { if (document.visibilityState !== "hidden") ask(); }, every);
  whenShown(ask);
}
