// Shared by every page: the API with the session's CSRF token, small DOM helpers,
// and a form built from a JSON Schema (score sheets, settings).
"use strict";
const CSRF = document.querySelector('meta[name="csrf"]')?.content || "";
const HOST = !!document.querySelector('meta[name="host"]')?.content;  // the host's phone (TABLE.md): it acts for the table
const PHONE = document.querySelector('meta[name="phone"]')?.content || "";  // this phone's id

function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.includes("-")) e.setAttribute(key, value);  // aria-label, data-*: attributes, not properties
    else e[key] = value;
  }
  return e;
}

// --- drawing a part of the page again without losing the player's place ---------------------------------
// `morph(box, nodes)` makes `box` hold `nodes`, as replaceChildren would, but keeps each element already there
// that is of the same kind in the same place, only changing what differs (its text, attributes, value, handlers):
// a button a finger is on, or the keyboard's focus, stays the same button while the page is drawn again, so a
// tap lands and a screen reader keeps its place. When the focused control is gone, the focus goes to the
// control now in its place (the next one), never to the page's body. An element marked `kept` (a form whose
// typed values live in it) is put in as it is.
const HANDLERS = ["onclick", "oninput", "onchange", "onkeydown", "onpointerdown", "onpointerup", "onsubmit"];
function morph(box, nodes) {
  const focused = document.activeElement && box.contains(document.activeElement) && document.activeElement !== box ? document.activeElement : null;
  const at = focused ? focusable(box).indexOf(focused) : -1;
  patchChildren(box, nodes);
  if (focused && !focused.isConnected) {
    const now = focusable(box);
    const next = now[Math.min(at, now.length - 1)];
    if (next) next.focus({preventScroll: true});
  }
}
function focusable(box) {
  return [...box.querySelectorAll("button, input, select, textarea, a[href], summary, [tabindex]")].filter(e => !e.disabled && !e.closest("[hidden]"));
}
function patchChildren(into, nodes) {
  nodes = [...nodes];
  nodes.forEach((n, i) => {
    const o = into.childNodes[i];
    if (o === n) return;
    if (!o || n.kept || o.kept || o.nodeType !== n.nodeType || o.nodeName !== n.nodeName || o.type !== n.type) into.insertBefore(n, o || null);
    else patch(o, n);
  });
  while (into.childNodes.length > nodes.length) into.lastChild.remove();
}
function patch(o, n) {
  if (o.nodeType !== Node.ELEMENT_NODE) { if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue; return; }
  for (const a of [...o.attributes]) if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
  for (const a of n.attributes) {
    if (o.getAttribute(a.name) === a.value) continue;
    if (a.name === "style") o.style.cssText = n.style.cssText;  // the pages' CSP takes a style set this way only
    else o.setAttribute(a.name, a.value);
  }
  for (const h of HANDLERS) if (o[h] !== n[h]) o[h] = n[h];
  patchChildren(o, n.childNodes);
  // What is not an attribute: a field's value (not while it is being typed in) and a box's tick.
  if ("value" in n && o.value !== n.value && o !== document.activeElement) o.value = n.value;
  if (n.type === "checkbox" && o.checked !== n.checked) o.checked = n.checked;
}

// The page's live region (base.html's #said): a polite sentence a screen reader says when it changes ("Bea: your
// turn. 3 choices below."), once; the same sentence again says nothing.
function say(sentence) {
  const said = document.getElementById("said");
  sentence = sentence.trim();
  if (said && said.textContent !== sentence) said.textContent = sentence;
}

// What this phone must do now, said after whose turn it is ("Bea: your turn."): its one option, or how many there are.
function toDo(options) {
  const play = options.filter(o => o.group !== "Corrections");
  if (play.length === 1) return `${play[0].label}.`;
  return play.length ? `${counted(play.length, "choice")} below.` : "";
}

// A chip: a button a tap picks (`on`) or leaves, saying which to a screen reader (aria-pressed); `onClass` is
// how it looks picked.
function chip(text, on, attrs, onClass) {
  const c = el("button", text, {className: "chip", ...attrs});
  if (on) c.classList.add(onClass || "on");
  c.setAttribute("aria-pressed", String(!!on));
  return c;
}

// "1 vote", "3 votes": a count and its noun, which agree (the server's texts: companion/core/words.py).
function counted(n, one, many) { return `${n} ${Math.abs(n) === 1 ? one : (many || one + "s")}`; }

// A refusal stays beside what was pressed (`near`: the button or field the player used) until it is
// dismissed or that control is used again; without one, it shows at the top of the page.
// A refusal as a player reads it: without the name of the field it is about when that is a code
// ("compositions.raw_goods: …", "first: …", "card: …"); the sentence says what is wrong.
function plainWords(message) {
  return (message || "").replace(/^[a-z_]+(?:\.[a-z_]+|\[\d+\])*: (?=\S)/, "");
}

function showError(message, near) {
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
function toPairing() {
  if (leaving) return;
  leaving = true;
  location.href = "/pair?next=" + encodeURIComponent(location.pathname);
}

// A tap on the table's options (an input with `seen`) is shown no sooner than SETTLE_MS after it was made: the
// change comes back in a few ms (watch), and a double tap's second tap must land on the buttons the first was
// made on, so the table refuses it (a second tap) rather than doing what the new buttons say.
const SETTLE_MS = 300;
let settled = 0;

async function api(method, path, body, quiet, seen) {
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
function askBeforeUnpairing(button, what, path, lastHost, done) {
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

const NO_ANSWER = "The companion does not answer.";
const PHONE_LIST = 10;  // companion/core/options.py's PHONE_LIST
const WAYS_SHOWN = 3;  // an entry of this many options at most shows them on its own row
const ROW_WAYS = 6, ROW_WORD = 6;  // companion/core/options.py's: a few short ways ("a null", "an ace") are a row
const PICKER_LIST = 12;  // a field of more values than this with groups (`enumGroups`) is picked group first

// What tells an option from the others of its entry: its label after the words all of theirs begin with, when
// those words are what the entry already says ("Move to Flax": "Flax: move 1, act 3", "Flax by Boat: move 3,
// act 1" -> "move 1, act 3", "by Boat: move 3, act 1"); else its whole label.
function wayOf(label, entry) {
  const labels = entry.map(o => o.label);
  let i = 0;
  while (labels.every(l => i < l.length && l[i] === labels[0][i])) i++;
  while (i > 0 && !labels.every(l => l.length === i || " :".includes(l[i]))) i--;  // back to a word's end
  const head = label.slice(0, i);
  return (i && entry[0].under.endsWith(head) ? label.slice(i).replace(/^[:\s]+/, "") : "") || label;
}

// A value's groups (`enumGroups`: one name, or a list of them), and whether it is in the group `g`.
const groupsOf = g => Array.isArray(g) ? g : [g];
const inGroup = (g, name) => groupsOf(g).includes(name);

// A few options of one `under` whose ways are short words: one row of chips, even in a short list.
const fitsRow = entry => entry.length > 1 && entry.length <= ROW_WAYS && entry.every(o => wayOf(o.label, entry).length <= ROW_WORD);

// The table's state as it changes (web_panel/push.py): one request, which the panel holds until the table
// changes and answers with what changed (the whole state the first time), so news comes when there is some,
// and when there is none a request every HOLD_S seconds (not longer: a request the Wi-Fi dropped is given up
// GIVE_UP_S after it was sent). A hidden page (the phone's screen off, another tab in front) asks nothing,
// and asks at once when it is shown again. `onData(state, seat)` has each new state; with `seat`, this
// phone's own seat view comes with it (undefined when the phone holds no seat: ask for it). `now()` asks at
// once unless a request is out.
const HOLD_S = 10, GIVE_UP_S = HOLD_S + 5;
function watch(onData, seat) {
  let state = null, at = "", next = null, out = null;
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
        if (d.state) state = d.state;
        else {
          state = {...state, ...d.changed};
          for (const key of d.gone) delete state[key];
        }
        const early = settled - performance.now();  // a tap's own change: shown once a double tap is over
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
function whenShown(shown, hidden) {
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" ? hidden && hidden() : shown());
}

// `ask()` every `every` ms while the page is shown, and at once when it is shown again: what the table's
// version does not cover (the box's screen, the reader's cards, the pairing code).
function everyWhileShown(ask, every) {
  setInterval(() => { if (document.visibilityState !== "hidden") ask(); }, every);
  whenShown(ask);
}

// --- a form from a JSON Schema ------------------------------------------------------------------
// Objects become fieldsets, arrays of objects a list with Add and Remove, arrays of fixed
// tuples a row, enums a select, booleans a checkbox, numbers a numeric field.
function schemaForm(schema, value, label) {
  const title = schema.title || label || "";
  if (value === undefined && schema.default !== undefined) value = schema.default;  // a list's or an object's too
  if (schema.const !== undefined) return {element: el("span"), read: () => undefined};
  if (schema.enum) {
    const select = el("select", undefined, {name: title});
    if (schema.default === undefined) select.append(el("option", "—", {value: ""}));  // a default of false or 0 is one
    schema.enum.forEach((v, i) => select.append(el("option", String((schema.enumNames || [])[i] ?? v), {value: String(v)})));
    select.value = value !== undefined ? String(value) : (schema.default !== undefined ? String(schema.default) : "");
    return wrap(select, title, schema, () => select.value === "" ? undefined : schema.enum.find(v => String(v) === select.value));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object") {
    const box = el("fieldset");
    if (title) box.append(el("legend", title));
    if (schema.description) box.append(el("div", schema.description, {className: "hint"}));
    const parts = {};
    for (const [key, sub] of Object.entries(schema.properties || {})) {
      parts[key] = schemaForm(sub, value ? value[key] : undefined, key);
      box.append(parts[key].element);
    }
    const required = new Set(schema.required || []);
    return {element: box, read: () => {
      const out = {};
      for (const [key, part] of Object.entries(parts)) {
        const v = part.read();
        if (v !== undefined) out[key] = v;
        // A required list may be empty, and so may one the sheet gave (a player with no bridges: [] is not absent).
        else if ((required.has(key) || Array.isArray(value && value[key])) && schema.properties[key].type === "array") out[key] = [];
      }
      return out;
    }};
  }
  if (type === "array" && Array.isArray(schema.items)) {
    const row = el("div", undefined, {className: "row"});
    const parts = schema.items.map((sub, i) => schemaForm(sub, value ? value[i] : undefined, sub.title || ""));
    parts.forEach(p => row.append(p.element));
    // A tuple with its own title (a luxury's three goods) says what it is above its pickers.
    const element = schema.title ? el("div", undefined, {role: "group", "aria-label": schema.title}) : row;
    if (schema.title) element.append(el("div", schema.title), row);
    // A tuple left empty is absent, not a list of nulls (an optional place, a score sheet row not filled in).
    return {element, read: () => { const v = parts.map(p => p.read()); return v.every(x => x === undefined) ? undefined : v; }};
  }
  if (type === "array" && schema.items && schema.items.enum) {
    // A few values to choose among (the seasons a good is made in): a chip each, tapped on or off.
    const box = el("fieldset"), chips = el("div", undefined, {className: "chips"});
    box.append(el("legend", title));
    let chosen = new Set((value || []).map(v => JSON.stringify(v)));
    const draw = () => morph(chips, schema.items.enum.map((v, i) => {
      const on = chosen.has(JSON.stringify(v));
      const c = chip(String((schema.items.enumNames || [])[i] ?? v), on, {type: "button"});
      c.onclick = () => { on ? chosen.delete(JSON.stringify(v)) : chosen.add(JSON.stringify(v)); draw(); };
      return c;
    }));
    draw();
    box.append(chips);
    return {element: box, read: () => schema.items.enum.filter(v => chosen.has(JSON.stringify(v)))};
  }
  if (type === "array") {
    const box = el("fieldset"), list = el("div"), items = [];
    box.append(el("legend", title));
    if (schema.description) box.append(el("div", schema.description, {className: "hint"}));
    const add = v => {
      const part = schemaForm(schema.items || {}, v, (schema.items && schema.items.title) || "");
      const item = el("div");
      const remove = el("button", "Remove", {type: "button"});
      remove.onclick = () => { items.splice(items.indexOf(entry), 1); item.remove(); };
      const entry = {part, item};
      item.append(part.element, remove);
      items.push(entry);
      list.append(item);
    };
    (value || []).forEach(add);
    for (let i = (value || []).length; i < (schema.minItems || 0); i++) add(undefined);
    const more = el("button", "Add " + ((schema.items && schema.items.title) || "one"), {type: "button"});
    more.onclick = () => add(undefined);
    box.append(list, more);
    box.disabled = !!schema.readOnly;
    // An empty list is left out: optional lists (a roll-off nobody rolled) are absent, not [].
    return {element: box, read: () => items.length ? items.map(e => e.part.read()) : undefined};
  }
  if (type === "boolean") {
    const box = el("input", undefined, {type: "checkbox", checked: value === true || (value === undefined && schema.default === true)});
    return wrap(box, title, schema, () => box.checked);
  }
  if (type === "integer" || type === "number") {
    const input = el("input", undefined, {type: "number", inputMode: type === "integer" ? "numeric" : "decimal",
                                          step: type === "integer" ? "1" : "any", name: title});
    if (schema.minimum !== undefined) input.min = schema.minimum;
    if (schema.maximum !== undefined) input.max = schema.maximum;
    input.value = value !== undefined ? value : (schema.default !== undefined ? schema.default : "");
    return wrap(input, title, schema, () => input.value === "" ? undefined : Number(input.value));
  }
  const input = el("input", undefined, {type: "text", name: title, autocomplete: "off"});
  input.value = value !== undefined ? value : (schema.default !== undefined ? schema.default : "");
  const wrapped = wrap(input, title, schema, () => input.value === "" ? undefined : input.value);
  if ((schema.examples || []).length) wrapped.element.append(exampleChips(input, schema.examples, () => {}));
  return wrapped;
}

// What the table has named already (a campo, a card): one tap each fills `input`; anything new is typed once.
function exampleChips(input, examples, picked) {
  const chips = el("div", undefined, {className: "chips"});
  for (const example of examples) {
    const c = chip(example, input.value === example, {type: "button"}, "picked");
    c.onclick = () => {
      input.value = example; picked();
      chips.querySelectorAll(".chip").forEach(b => { b.classList.toggle("picked", b === c); b.setAttribute("aria-pressed", String(b === c)); });
    };
    chips.append(c);
  }
  return chips;
}

function wrap(control, title, schema, read) {
  if (schema.readOnly) control.disabled = true;  // shown, not changed here (the settings the box's file keeps)
  const label = el("label", title ? title + " " : "");
  label.append(control);
  if (schema.description) label.append(el("div", schema.description, {className: "hint"}));
  return {element: label, read};
}

// An option whose fields are a JSON Schema form (a game not on the contract yet): a small form in `box`;
// "Do it" hands the values to `done`.
function optionForm(option, box, done) {
  const schema = {type: "object", title: option.label, properties: option.fields};
  const form = schemaForm(schema, undefined, option.label);
  const send = el("button", "Do it", {className: "primary"});
  send.onclick = () => {
    const values = form.read();
    if (option.fields.cards && typeof values.cards === "undefined") values.cards = [];
    done(values);
  };
  const row = el("div", undefined, {className: "row"});
  row.append(send);
  box.replaceChildren(form.element, row);
}

// --- options: what this seat (or the table) may do now -------------------------------------------------
// TABLE.md's contract on a phone: each option a large button; one without fields is done with one tap
// (an option that asks first wants a second tap); one with fields opens a picker per field (chips for a
// choice, a stepper for a number, a drawn grid where a place is chosen) and one tap does it. A refusal
// stays beside what was pressed until it is dismissed. `send(action)` posts and returns api()'s answer.

// `idle()`: what to say when there is nothing to do here (who plays elsewhere), else "Nothing to do here now.".
function optionsPanel(box, send, idle) {
  // opened: the first choice whose options show (an option's `under`: La Venise du Nord's "Move to Wool").
  let options = [], open = null, chosen = {}, error = null, armed = null, key = "", fixesOpen = false, formFor = null, opened = null;
  let groupOpen = {};  // a grouped field's group open, per field

  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function ready(o) { return Object.keys(o.fields || {}).every(k => chosen[k] !== undefined && fits(o.fields[k], chosen[k])); }

  async function go(o, values) {
    if (o.confirm && armed !== o.label) {
      armed = o.label; error = null; render();
      // Not tapped again in time: it says so, rather than quietly going back to one tap.
      setTimeout(() => { if (armed === o.label) { armed = null; error = {label: o.label, text: "Not done: it asks twice, tap it again twice"}; render(); } }, 5000);
      return;
    }
    armed = null;
    const action = {...o.action, ...values};
    if (o.confirm) action.confirm = true;
    if (o.realDice) action.source = "physical";
    const r = await send(action);
    if (r.ok) { remember(o, values); open = null; chosen = {}; error = null; opened = null; }
    else if (r.status === 409 && r.body.needs_confirm && !action.confirm) { armed = o.label; error = {label: o.label, text: r.body.error}; }
    else error = {label: o.label, text: (r.body && r.body.error) || "The companion did not take it."};
    render();
  }

  function openOption(o) {
    if (open && open.label === o.label) { open = null; chosen = {}; }
    else {
      open = o; chosen = {}; groupOpen = {};
      for (const [k, f] of Object.entries(o.fields)) { const d = usedLast(o, k, f) ?? preset(f); if (d !== undefined) chosen[k] = d; }
    }
    error = null; render();
  }

  function errorBox() {
    const b = el("div", undefined, {className: "refused", role: "alert"});
    const close = el("button", "×", {className: "dismiss", "aria-label": "dismiss"});
    close.onclick = () => { error = null; render(); };
    b.append(el("span", plainWords(error.text)), close);
    return b;
  }

  // `way`: the option shown by what tells it from the others of its entry ("move 1, act 2"), its whole label
  // still its name.
  function optionButton(o, way) {
    const hasFields = Object.keys(o.fields || {}).length > 0;
    const label = armed === o.label ? `Tap again: ${o.label}` : o.label + (hasFields ? " …" : "");
    const b = el("button", way && armed !== o.label ? way + (hasFields ? " …" : "") : label, {className: "option" + (way ? " way" : "") + (o.button === "NEXT" ? " primary" : "") + (open && open.label === o.label ? " open" : "") + (armed === o.label ? " armed" : "")});
    if (way) b.setAttribute("aria-label", label);
    if (o.confirm || armed === o.label) b.setAttribute("aria-pressed", String(armed === o.label));  // asks twice: pressed once, it waits
    if (o.button === "NEXT") b.id = "next";
    b.dataset.label = o.label;
    // Armed ("Tap again: ..."), an option whose picker is filled in is done by the second tap, as it says.
    const again = armed === o.label && open && open.label === o.label && ready(o);
    b.onclick = () => again ? go(o, {...chosen}) : hasFields ? openOption(o) : go(o, {});
    return b;
  }

  // An option that rolls dice: the companion rolls when it is pressed; dice thrown at the table are entered
  // here instead (as the reader would read them).
  function realDice(o) {
    if (!o.rolls || Object.keys(o.fields || {}).length) return null;
    const [count, sides] = o.rolls.split("d").map(Number);
    const key = ["roll", "rolloff"].includes(o.action.type) ? "values" : "dice";
    const faces = Array.from({length: sides}, (_, i) => i + 1);
    return {...o, label: `${o.label}: dice thrown at the table`, button: "", confirm: false, realDice: true,
            fields: {[key]: {title: count === 1 ? "the die thrown" : "the dice thrown", type: "array",
                             items: {enum: faces}, minItems: count, maxItems: count}}};
  }

  function picker(o) {
    const p = el("div", undefined, {className: "picker"});
    if (!Object.values(o.fields).every(pickable)) {  // a game not on the contract yet: its form, as before
      if (!formFor || formFor.label !== o.label) {  // kept across redraws: what was typed stays
        formFor = {label: o.label, element: el("div", undefined, {id: "form"})};
        formFor.element.kept = true;
        optionForm(o, formFor.element, values => go(o, values));
      }
      p.append(formFor.element);
      if (error && error.label === o.label) p.append(errorBox());
      return p;
    }
    for (const [k, f] of Object.entries(o.fields)) p.append(fieldPicker(k, f));
    if (error && error.label === o.label) p.append(errorBox());
    const row = el("div", undefined, {className: "row"});
    const doIt = el("button", "Do it", {className: "primary do"});
    doIt.disabled = !ready(o);
    doIt.onclick = () => go(o, {...chosen});
    const cancel = el("button", "Cancel");
    cancel.onclick = () => { open = null; chosen = {}; error = null; render(); };
    row.append(doIt, cancel);
    p.append(row);
    return p;
  }

  // A long list's groups, one chip each with its count (`enumGroups`: "Bea", "Wool", "Crowns"; a value in several
  // groups has a list of them), put in `box`: the group open (tapped, or the chosen value's first), whose values
  // the picker shows. A group of one value is that value: tapping it chooses it (`choose`).
  function groupChips(box, k, values, groups, current, choose) {
    const at = values.findIndex(v => same(v, current));
    const openGroup = groupOpen[k] ?? (at >= 0 ? groupsOf(groups[at])[0] : undefined);
    const row = el("div", undefined, {className: "chips groups"});
    for (const g of [...new Set(groups.flatMap(groupsOf))]) {
      const inside = values.filter((v, i) => inGroup(groups[i], g));
      const c = chip(`${g} (${inside.length})`, g === openGroup, {className: "chip group"});
      const alone = inside.length === 1 ? inside[0] : undefined;
      c.onclick = () => { groupOpen[k] = g; if (alone !== undefined) choose(alone); else render(); };
      row.append(c);
    }
    box.append(row);
    return openGroup;
  }

  function fieldPicker(k, f) {
    const wrapBox = el("div", undefined, {className: "field"});
    wrapBox.append(el("div", f.title || k, {className: "fieldtitle"}));
    const set = v => { chosen[k] = v; render(); };
    if (f.grid) wrapBox.append(drawGrid(f.grid, f, chosen[k], set));
    // A long list with groups (`enumGroups`: "Bea", "next to Flax") is picked in two taps: the group, then its value.
    const grouped = f.enum && f.enumGroups && f.enum.length > PICKER_LIST;
    const openGroup = grouped ? groupChips(wrapBox, k, f.enum, f.enumGroups, chosen[k], set) : undefined;
    if (grouped && openGroup === undefined) { if (f.description) wrapBox.append(el("div", f.description, {className: "hint"})); return wrapBox; }
    if (f.enum) {
      const chips = el("div", undefined, {className: "chips"});
      f.enum.forEach((v, i) => {
        if (grouped && !inGroup(f.enumGroups[i], openGroup)) return;  // another group's
        if (f.grid && (isCell(v) || typeof v === "string" && f.grid.some(c => c.tile === v))) return;  // on the grid
        const c = chip(String((f.enumNames || [])[i] ?? shown(v)), same(chosen[k], v));
        c.onclick = () => set(v);
        chips.append(c);
      });
      wrapBox.append(chips);
      if (f.grid && chosen[k] !== undefined) wrapBox.append(el("div", nameOf(f, chosen[k]), {className: "hint"}));
    } else if (f.type === "integer") {
      const row = el("div", undefined, {className: "stepper"});
      const minus = el("button", "−"), plus = el("button", "+");
      minus.disabled = chosen[k] <= f.minimum; plus.disabled = chosen[k] >= f.maximum;
      minus.onclick = () => set(chosen[k] - 1); plus.onclick = () => set(chosen[k] + 1);
      // A wide range is typed on the phone's keypad too; a number out of range is not taken.
      const value = f.maximum - f.minimum > 10
        ? el("input", undefined, {type: "number", inputMode: "numeric", min: f.minimum, max: f.maximum, value: String(chosen[k]), className: "count", "aria-label": f.title || k})
        : el("output", String(chosen[k]));
      if (value.tagName === "INPUT") value.onchange = () => { const n = Number(value.value); if (Number.isInteger(n) && n >= f.minimum && n <= f.maximum) set(n); else value.value = String(chosen[k]); };
      row.append(minus, value, plus);
      wrapBox.append(row);
    } else if (f.type === "boolean") {
      const chips = el("div", undefined, {className: "chips"});
      for (const [v, label] of [[true, "yes"], [false, "no"]]) {
        const c = chip(label, chosen[k] === v);
        c.onclick = () => set(v);
        chips.append(c);
      }
      wrapBox.append(chips);
    } else if (f.type === "array" && f.items && f.items.type === "string") {
      // Names the table has used (a campo, a card): one tap each; a new one typed once and added.
      const list = chosen[k] || [];
      const one = f.maxItems === 1, full = !one && list.length >= f.maxItems;  // one: a tap replaces it
      const chips = el("div", undefined, {className: "chips"});
      for (const v of f.items.examples || []) {
        const on = list.includes(v);
        const c = chip(v, on);
        c.disabled = !on && full;
        c.onclick = () => set(on ? list.filter(x => x !== v) : one ? [v] : [...list, v]);
        chips.append(c);
      }
      const row = el("div", undefined, {className: "row"});
      const input = el("input", undefined, {type: "text", maxLength: f.items.maxLength || 40, placeholder: "another name"});
      const add = el("button", "Add");
      add.disabled = full;
      input.disabled = full;
      add.onclick = () => { const v = input.value.trim(); if (v && !list.includes(v)) set(one ? [v] : [...list, v]); };
      row.append(input, add);
      const typed = list.filter(v => !(f.items.examples || []).includes(v));
      const mine = el("div", undefined, {className: "chips"});
      typed.forEach(v => { const c = el("button", `${v} ×`, {className: "chip picked", "aria-label": `Take out ${v}`}); c.onclick = () => set(list.filter(x => x !== v)); mine.append(c); });
      wrapBox.append(chips, row, mine, el("div", `${list.length ? "Chosen: " + list.join(", ") + "." : "Nothing chosen yet."}${one || f.minItems === f.maxItems ? "" : " Up to " + f.maxItems + "."}`, {className: "hint"}));
    } else if (f.type === "array") {
      const items = f.items || {}, list = chosen[k] || [];
      const one = f.maxItems === 1;
      const chips = el("div", undefined, {className: "chips"});
      // One thing named from a long list with groups (a tile by its suit): the group first, then its values.
      const byGroup = one && items.enumGroups && (items.enum || []).length > PICKER_LIST;
      const opened = byGroup ? groupChips(wrapBox, k, items.enum, items.enumGroups, list[0], v => set([v])) : undefined;
      (items.enum || []).forEach((v, i) => {
        if (byGroup && !inGroup(items.enumGroups[i], opened)) return;  // another group's
        const n = list.filter(x => same(x, v)).length;
        const c = chip(String((items.enumNames || [])[i] ?? shown(v)) + (n > 1 ? ` ×${n}` : ""), n > 0);
        c.disabled = !one && (list.length >= f.maxItems || (f.uniqueItems && n > 0) || (f.maxEach !== undefined && n >= (Array.isArray(f.maxEach) ? f.maxEach[i] : f.maxEach)));
        c.onclick = () => set(one ? [v] : [...list, v]);
        chips.append(c);
      });
      wrapBox.append(chips);
      if (!one) {
        const mine = el("div", undefined, {className: "chips"});
        list.forEach((v, i) => {
          const at = (items.enum || []).findIndex(e => same(e, v));
          const name = String((items.enumNames || [])[at] ?? shown(v));
          const c = el("button", `${name} ×`, {className: "chip picked", "aria-label": `Take out ${name}`});
          c.onclick = () => set(list.filter((_, j) => j !== i));
          mine.append(c);
        });
        wrapBox.append(el("div", list.length ? "Chosen (tap to take one out):" : "Nothing chosen yet.", {className: "hint"}), mine);
      }
    } else {
      const input = el("input", undefined, {type: "text", maxLength: f.maxLength || 40, value: chosen[k] || "", placeholder: (f.examples || []).join(", ")});
      const typed = () => { chosen[k] = input.value.trim() || undefined; const d = box.querySelector("button.do"); if (d) d.disabled = !ready(open); };
      input.oninput = typed;
      if ((f.examples || []).length) wrapBox.append(exampleChips(input, f.examples, typed));
      wrapBox.append(input);
    }
    if (f.description) wrapBox.append(el("div", f.description, {className: "hint"}));
    return wrapBox;
  }

  // The options a first choice lists: one button for them (its `under`), theirs shown when it is tapped. An
  // option alone under its first choice is its own button.
  function entryButton(under, inside) {
    const on = opened === under || inside.some(o => (open && open.label === o.label) || o.label === armed || (error && error.label === o.label));
    const b = el("button", `${under} (${inside.length})`, {className: "option entry" + (on ? " open" : "")});
    b.setAttribute("aria-expanded", String(on));
    b.onclick = () => { opened = on ? null : under; if (on) { open = null; chosen = {}; } error = null; render(); };
    return [b, on];
  }

  function render() {
    const play = options.filter(o => o.group !== "Corrections");
    const fixes = options.filter(o => o.group === "Corrections");
    const parts = [];
    // A refusal sits under the option that was pressed (inside its picker when one is open); at the top
    // only when that option is gone from the list.
    const beside = error && options.some(o => o.label === error.label);
    if (error && !beside) parts.push(errorBox());
    const optionAt = (o, into, way) => {
      into.push(optionButton(o, way));
      const real = realDice(o);
      if (real) {
        const b = chip("Thrown at the table …", open && open.label === real.label, {className: "chip real-dice"});
        b.onclick = () => openOption(real);
        into.push(b);
      }
      if (open && (open.label === o.label || (real && open.label === real.label))) into.push(picker(open));
      else if (beside && (error.label === o.label || (real && error.label === real.label))) into.push(errorBox());
    };
    // Each entry: an option, or the options with one `under` (in the order they first come); each option its
    // own entry when there are PHONE_LIST choices at most, except a few short ways that fit a row
    // (companion/core/options.py's listed: a short list needs no second choice; NEXT's and BACK's are not counted).
    const listInto = (list, into) => {
      const groups = new Map(), long = list.filter(o => !o.button).length > PHONE_LIST;
      for (const o of list) if (o.under) groups.set(o.under, [...(groups.get(o.under) || []), o]);
      const together = new Set([...groups.keys()].filter(u => long || fitsRow(groups.get(u))));
      const entries = [], seen = new Set();
      for (const o of list) {
        if (!together.has(o.under)) entries.push([o]);
        else if (!seen.has(o.under)) { seen.add(o.under); entries.push(groups.get(o.under)); }
      }
      for (const entry of entries) {
        if (entry.length === 1) { optionAt(entry[0], into); continue; }
        if (entry.length <= WAYS_SHOWN || fitsRow(entry)) {  // a few ways: on the entry's own row, one tap each
          const row = el("div", undefined, {className: "entry-row"}), after = [];
          row.append(el("div", entry[0].under, {className: "fieldtitle"}));
          const ways = el("div", undefined, {className: "chips"});
          for (const o of entry) {
            const made = [];
            optionAt(o, made, wayOf(o.label, entry));
            ways.append(made[0]);
            after.push(...made.slice(1));
          }
          row.append(ways);
          into.push(row, ...after);
          continue;
        }
        const [b, on] = entryButton(entry[0].under, entry);
        into.push(b);
        if (!on) continue;
        const inside = [];
        for (const o of entry) optionAt(o, inside);
        const box = el("div", undefined, {className: "entry-options"});
        box.append(...inside);
        into.push(box);
      }
    };
    listInto(play, parts);
    if (!play.length) parts.push(el("p", (idle && idle()) || "Nothing to do here now.", {className: "hint"}));
    if (fixes.length) {
      const d = el("details", undefined, {className: "corrections"});
      d.open = fixesOpen || fixes.some(o => o.label === armed || (open && o.label === open.label) || (o.under && o.under === opened));
      d.addEventListener("toggle", () => { fixesOpen = d.open; });
      d.append(el("summary", "Corrections"));
      const inside = [];
      listInto(fixes, inside);
      d.append(...inside);
      parts.push(d);
    }
    morph(box, parts);
  }

  return {
    update(next) {
      const k = JSON.stringify(next) + ((idle && idle()) || "");
      if (k === key) return;
      key = k; options = next;
      if (opened && !next.some(o => o.under === opened)) opened = null;
      if (open) {
        const still = next.map(o => open.realDice ? realDice(o) : o)
          .find(o => o && o.label === open.label && same(o.fields, open.fields) && same(o.action, open.action));
        if (still) open = still; else { open = null; chosen = {}; }
      }
      render();
    },
  };
}

// A field the contract allows (companion/core/fields.py): it gets a picker; anything else gets a form.
function pickable(f) {
  if (f.enum) return true;
  if (f.type === "integer") return Number.isInteger(f.minimum) && Number.isInteger(f.maximum);
  if (f.type === "boolean") return true;
  if (f.type === "array") return Number.isInteger(f.maxItems) && !!(f.items && (f.items.enum || f.items.type === "string"));
  if (f.type === "string") return Number.isInteger(f.maxLength);
  return false;
}

function isCell(v) { return Array.isArray(v) && v.length === 2 && v.every(Number.isInteger); }
function shown(v) { return Array.isArray(v) ? v.join(" ") : (v !== null && typeof v === "object") ? JSON.stringify(v) : String(v); }
function nameOf(f, v) { const i = f.enum.findIndex(e => JSON.stringify(e) === JSON.stringify(v)); return i >= 0 ? String((f.enumNames || [])[i] ?? shown(v)) : ""; }

// A value a field starts with: its default (what the table holds now), the only choice there is, a number's
// lowest (or 0), an empty list.
// A number a table entered is where its field starts the next time (a price, a count), on this phone, for
// this game: the table's own habit, not the rulebook's. A field that says what the table holds now (its
// `default`) starts there instead.
function usedKey(o, k) { return `used:${o.action.type}:${o.action.action || ""}:${k}`; }
function usedLast(o, k, f) {
  if (f.type !== "integer" || f.default !== undefined || o.group === "Corrections") return undefined;
  const v = Number(sessionStorage.getItem(usedKey(o, k)));
  return sessionStorage.getItem(usedKey(o, k)) !== null && Number.isInteger(v) && v >= f.minimum && v <= f.maximum ? v : undefined;
}
function remember(o, values) {
  if (o.group === "Corrections") return;  // a correction's change starts at nothing, every time
  for (const [k, f] of Object.entries(o.fields || {})) if (f.type === "integer" && Number.isInteger(values[k])) sessionStorage.setItem(usedKey(o, k), String(values[k]));
}

function preset(f) {
  if (f.default !== undefined) return f.default;
  if (f.enum && f.enum.length === 1) return f.enum[0];
  if (f.type === "integer") return f.minimum <= 0 && f.maximum >= 0 ? 0 : f.minimum;
  if (f.type === "array" && !(f.minItems > 0)) return [];
  return undefined;
}

function fits(f, v) {
  if (f.type === "array") return Array.isArray(v) && v.length >= (f.minItems || 0) && v.length <= f.maxItems;
  return v !== undefined;
}

// A palazzo drawn as a grid (north up): its structures, and the places (or structures) a field may choose.
// `cells` [{at: [x, y], mark, tile, turret}]; the field's enum gives the choices.
function drawGrid(cells, f, value, set) {
  const choice = new Map();  // "x,y" -> the enum value chosen by tapping there
  (f ? f.enum : []).forEach(v => {
    if (isCell(v)) choice.set(v.join(","), v);
    else { const c = cells.find(c => c.tile === v); if (c) choice.set(c.at.join(","), v); }
  });
  const spots = [...cells.map(c => c.at), ...[...choice.keys()].map(k => k.split(",").map(Number))];
  const g = el("div", undefined, {className: "grid"});
  if (!spots.length) return g;
  const xs = spots.map(s => s[0]), ys = spots.map(s => s[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  g.style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, minmax(0, 52px))`;
  for (let y = y1; y >= y0; y--) for (let x = x0; x <= x1; x++) {
    const here = cells.find(c => c.at[0] === x && c.at[1] === y);
    const pick = choice.get(`${x},${y}`);
    let cell;
    if (pick !== undefined) {
      cell = el("button", here ? here.mark + (here.turret ? "♜" : "") : "+", {className: "cell pick" + (here ? " built" : "") + (JSON.stringify(value) === JSON.stringify(pick) ? " on" : ""),
                                                                             "aria-pressed": String(JSON.stringify(value) === JSON.stringify(pick)),
                                                                             "aria-label": here ? here.tile : nameOf(f, pick)});
      cell.dataset.at = `${x},${y}`;
      cell.onclick = () => set(pick);
    } else cell = el("div", here ? here.mark + (here.turret ? "♜" : "") : "", {className: "cell" + (here ? " built" : ""), title: here ? here.tile : ""});
    g.append(cell);
  }
  return g;
}

// --- the end of a game: who won, the ranking, the breakdown, the tie-break that decided --------------------
// `result` as /api/state gives it at game over (TABLE.md): {ranking, winner, totals, breakdown, tiebreaks,
// words, eliminated?}. The game's own words (`words`) say a total ("31 points", "12 Gold"), its parts and its
// tie-breaks ("more Ducats").

// Who the table waits for, as the OLED says it (the player whose cube is on a shipment, not the ship's owner):
// "everyone", their names, or "" when the companion acts.
// The acting players who play on their own phones (a phone holds their seat), as the box says it.
function onPhones(v) {
  const held = new Map((v.held || []).map(h => [h.seat, h]));
  const names = (v.acting || []).filter(s => held.has(s)).map(s => v.players[s].name);
  if (names.length === 1) return `${names[0]} plays on the phone “${held.get(v.acting.find(s => held.has(s))).phone}”.`;
  return names.length ? `${listed(names)} play on their phones.` : "";
}

function waitingFor(v) {
  const acting = v.acting || [];
  return acting.length > 1 && acting.length === v.players.length ? "everyone" : acting.map(s => v.players[s].name).join(" and ");
}

// Who acts now, as a sentence: "Everyone acts.", "Ada and Bea act.", or the step the table is at between a
// player's moves ("Set out the yard and bank: the table acts.").
function whoActs(v) {
  const waiting = waitingFor(v);
  return waiting === "everyone" ? "Everyone acts."
    : waiting ? `${waiting} ${(v.acting || []).length > 1 ? "act" : "acts"}.`
    : v.stage ? `${v.stage.label}: the table acts.` : "";
}

function sentenceCase(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

function listed(names) {
  return names.length <= 1 ? (names[0] || "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function ordinal(n) {
  const tens = n % 100, unit = n % 10;
  return n + (tens >= 11 && tens <= 13 ? "th" : unit === 1 ? "st" : unit === 2 ? "nd" : unit === 3 ? "rd" : "th");
}

function totalWords(result, n) {
  const [one, many] = (result.words && result.words.total) || ["1 point", "{n} points"];
  return n === 1 ? one : many.replace("{n}", String(n));
}

function winnerLine(result) {
  const w = result.winner || [];
  if (!w.length) return "No winner yet";
  return w.length === 1 ? `${w[0]} wins` : `${listed(w)} share the win`;
}

function valueWords(v) { return Array.isArray(v) ? (v.length ? v.join(" then ") : "none") : String(v); }

// One sentence per tie-break that decided, and one per place still shared after them all.
// In the order of the places.
function tiebreakLines(result) {
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

function resultView(result) {
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

// A field a pre-filled sheet leaves for the players ("players[1].coins_in_hand"), in words: "Bea's coins in hand".
const FIELD_WORDS = {coins_in_hand: "coins in hand", roll_off: "roll-off", die_face: "die"};
function fieldWords(path, players) {
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

// At game over without a result: what the companion does not know, and where to enter it.
function missingView(missing, players, error) {
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
function storyView(id, link) {
  const box = el("div", undefined, {className: "story"});
  box.append(el("img", undefined, {src: `/api/history/${id}/chart.svg`, alt: "Each player's score over the game", className: "chart"}));
  const a = el("a", "Add this play to BG Stats", {href: link || "#", className: "bgstats", rel: "noopener"});
  a.hidden = !link;
  if (!link) api("GET", `/api/history/${id}`, undefined, true).then(r => { if (r.ok) { a.href = r.body.bgstats_link; a.hidden = false; } });
  box.append(a);
  return box;
}
