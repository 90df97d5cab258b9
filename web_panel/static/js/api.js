// The API with the session's CSRF token, the refusals it answers shown beside what was pressed, and unpairing
// (asked twice). `HOST`, `PHONE`: whether this is a host's phone, and its id (base.html's meta tags).
import {el} from "./dom.js";
import {plainWords} from "./words.js";

const CSRF = document.querySelector('meta[name="csrf"]')?.content || "";

export const HOST = !!document.querySelector('meta[name="host"]')?.content;  // the host's phone (TABLE.md): it acts for the table

export const PHONE = document.querySelector('meta[name="phone"]')?.content || "";  // this phone's id

export function showError(message, near) {
  message = plainWords(message);
  document.querySelectorAll(".refused.near").forEach(b => { if (near && b.near === near) b.remove(); });
  const top = document.getElementById("error");
  if (!near || !near.isConnected || !message) { if (top) top.textContent = message || ""; return; }
  const b = el("div", undefined, {className: "refused near", role: "alert"});
  const close = el("button", "×", {className: "dismiss", "aria-label": "dismiss"});
  close.onclick = () => b.remove();
  b.append(el("span", message), close);
  b.near = near;
  near.insertAdjacentElement("afterend", b);
}

// `quiet`: the caller shows a refusal itself, beside what was pressed (an options panel).
// `seen`: the table's version the page's buttons came from (an input made against an older table is refused:
// a double tap on NEXT moves the game on once).
// A phone that is no longer paired is sent to pair again, and back here after; not while it unpairs itself
// here (`leaving`: a request of the page's that learns of it first does not send it elsewhere).
let leaving = false;

export function toPairing() {
  if (leaving) return;
  leaving = true;
  location.href = "/pair?next=" + encodeURIComponent(location.pathname);
}

// A tap on the table's options (an input with `seen`) is shown no sooner than SETTLE_MS after it was made: the
// change comes back in a few ms (watch), and a double tap's second tap must land on the buttons the first was
// made on, so the table refuses it (a second tap) rather than doing what the new buttons say.
const SETTLE_MS = 300;

let settled = 0;

// How long until a tap's own change may be shown (ms; 0 or less: now).
export function untilSettled() { return settled - performance.now(); }

export async function api(method, path, body, quiet, seen) {
  const pressed = method !== "GET" && document.activeElement && document.activeElement.closest("main") ? document.activeElement : null;
  const options = {method, headers: {}};
  if (method !== "GET") options.headers["X-CSRF-Token"] = CSRF;
  if (seen !== undefined && seen !== null) {
    options.headers["X-Seen-Version"] = String(seen);
    settled = performance.now() + SETTLE_MS;
  }
  if (body instanceof Blob) { options.headers["Content-Type"] = body.type || "application/octet-stream"; options.body = body; }
  else if (body !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
  let r;
  try { r = await fetch(path, options); }
  catch (e) { showError(NO_ANSWER); return {ok: false, status: 0, body: {}}; }
  if (r.status === 401) { toPairing(); return {ok: false, status: 401, body: {}}; }
  const type = r.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await r.json() : await r.text();
  if (!quiet && method !== "GET") {  // a poll never clears a refusal the player has not read
    if (!r.ok) showError((data && data.error) || "The companion did not take it.", pressed);
    else if (pressed) showError("", pressed);
  }
  if (!quiet && method === "GET" && !r.ok && data && data.error) showError(data.error);
  return {ok: r.ok, status: r.status, body: data};
}

// Unpairing asks first, in the page (as "Tap again" does for an option): the first tap says what it does, and
// for the last host's phone how a host gets back in; a second tap within UNPAIR_ARMED_MS unpairs. `what`: "this
// phone" or a phone's name; `lastHost()`: whether it is the last host's phone now (then the request confirms
// it, which the server asks for: without it the server refuses, 409); `done()`: after it is unpaired.
const UNPAIR_ARMED_MS = 10000;

const LAST_HOST_NOTE = "This is the last host's phone. Without a host no phone can start a game, change the " +
  "settings or pair another phone. To make a host again, someone at the box holds SELECT for 3 seconds and " +
  "pairs a phone with the 8-digit code the box then shows.";

export function askBeforeUnpairing(button, what, path, lastHost, done) {
  const label = button.textContent;
  let armed = null, note = null, timer = null;
  const disarm = () => {
    armed = null; clearTimeout(timer);
    button.textContent = label; button.classList.remove("armed");
    if (note) note.remove();
    note = null;
  };
  button.onclick = async () => {
    if (armed === null) {
      armed = {last: await lastHost()};
      button.textContent = `Tap again: unpair ${what}`;
      button.classList.add("armed");
      const said = el("p", armed.last ? LAST_HOST_NOTE : `${what[0].toUpperCase()}${what.slice(1)} will need a new ` +
                      "code from the box to play again.", {className: "asking", role: "alert"});
      // Under the button's row, the width of the page (in a table: a row of its own).
      const at = button.closest(".row, tr, p") || button;
      note = at.tagName === "TR" ? el("tr") : said;
      if (note !== said) note.append(el("td", null, {colSpan: at.children.length})), note.firstChild.append(said);
      at.after(note);
      timer = setTimeout(disarm, UNPAIR_ARMED_MS);
      return;
    }
    const last = armed.last;
    disarm();
    const itself = path === "/api/session/forget";
    leaving = leaving || itself;
    const r = await api("POST", path + (last ? "?confirm=true" : ""));
    if (itself && !r.ok) leaving = false;
    if (r.ok) done();
  };
}

export const NO_ANSWER = "The companion does not answer.";
