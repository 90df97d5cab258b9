// The options panel: what this seat (or the table) may do now.
// TABLE.md's contract on a phone: each option a large button; one without fields is done with one tap
// (an option that asks first wants a second tap); one with fields opens a picker per field (chips for a
// choice, a stepper for a number, a drawn grid where a place is chosen) and one tap does it. A refusal
// stays beside what was pressed until it is dismissed. `send(action)` posts and returns api()'s answer.
import {chip, el, morph} from "./dom.js";
import {fits, pickable, preset, same, usedKey} from "./fields.js";
import {entries, realDice} from "./options.js";
import {fieldPicker} from "./pickers.js";
import {optionForm} from "./schema_form.js";
import {plainWords} from "./words.js";

// `idle()`: what to say when there is nothing to do here (who plays elsewhere), else "Nothing to do here now.".
// How long an option that asks twice waits for its second tap: long enough to show the table a card first.
const ARMED_MS = 20000;

export function optionsPanel(box, send, idle) {
  // opened: the first choice whose options show (an option's `under`: La Venise du Nord's "Move to Wool").
  let options = [], open = null, chosen = {}, error = null, armed = null, key = "", fixesOpen = false, formFor = null, opened = null;
  let groupOpen = {};  // a grouped field's group open, per field

  function ready(o) { return Object.keys(o.fields || {}).every(k => chosen[k] !== undefined && fits(o.fields[k], chosen[k])); }

  async function go(o, values) {
    if (o.confirm && armed !== o.label) {
      armed = o.label; error = null; render();
      // Not tapped again in time: it says so, rather than quietly going back to one tap.
      setTimeout(() => { if (armed === o.label) { armed = null; error = {label: o.label, text: "Not done: it asks twice, tap it again twice"}; render(); } }, ARMED_MS);
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
    const panel = {chosen, groupOpen, render, typed: () => { const d = box.querySelector("button.do"); if (d) d.disabled = !ready(open); }};
    for (const [k, f] of Object.entries(o.fields)) p.append(fieldPicker(k, f, panel));
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
    // Each entry as the server lists it (companion/core/options.py's on_phone): an option, the few ways of one
    // `under` on a row, or many behind their `under`'s button.
    const listInto = (list, into) => {
      for (const entry of entries(list)) {
        if (entry.length === 1) { optionAt(entry[0], into); continue; }
        if (entry[0].way) {  // a few ways: on the entry's own row, one tap each
          const row = el("div", undefined, {className: "entry-row"}), after = [];
          row.append(el("div", entry[0].under, {className: "fieldtitle"}));
          const ways = el("div", undefined, {className: "chips"});
          for (const o of entry) {
            const made = [];
            optionAt(o, made, o.way);
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

// A number a table entered is where its field starts the next time (a price, a count), on this phone, for
// this game: the table's own habit, not the rulebook's. A field that says what the table holds now (its
// `default`) starts there instead.

function usedLast(o, k, f) {
  if (f.type !== "integer" || f.default !== undefined || o.group === "Corrections") return undefined;
  const v = Number(sessionStorage.getItem(usedKey(o, k)));
  return sessionStorage.getItem(usedKey(o, k)) !== null && Number.isInteger(v) && v >= f.minimum && v <= f.maximum ? v : undefined;
}

function remember(o, values) {
  if (o.group === "Corrections") return;  // a correction's change starts at nothing, every time
  for (const [k, f] of Object.entries(o.fields || {})) if (f.type === "integer" && Number.isInteger(values[k])) sessionStorage.setItem(usedKey(o, k), String(values[k]));
}
