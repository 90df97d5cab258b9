// A picker for one field of an option (companion/core/fields.py's contract): chips for a choice (a long list
// with groups picked group first), a stepper for a number, yes or no, names the table has used, a drawn grid
// where a place is chosen. `panel`: the options panel's {chosen (the values picked so far), groupOpen (each
// grouped field's open group), render(), typed() (a name being typed: the Do it button follows)}.
import {chip, el} from "./dom.js";
import {PICKER_LIST, groupsOf, inGroup, isCell, nameOf, same, shown} from "./fields.js";
import {drawGrid} from "./grid.js";
import {exampleChips} from "./schema_form.js";

// A long list's groups, one chip each with its count (`enumGroups`: "Bea", "Wool", "Crowns"; a value in several
// groups has a list of them), put in `box`: the group open (tapped, or the chosen value's first), whose values
// the picker shows. A group of one value is that value: tapping it chooses it (`choose`).
function groupChips(box, k, values, groups, current, choose, panel) {
  const at = values.findIndex(v => same(v, current));
  const openGroup = panel.groupOpen[k] ?? (at >= 0 ? groupsOf(groups[at])[0] : undefined);
  const row = el("div", undefined, {className: "chips groups"});
  for (const g of [...new Set(groups.flatMap(groupsOf))]) {
    const inside = values.filter((v, i) => inGroup(groups[i], g));
    const c = chip(`${g} (${inside.length})`, g === openGroup, {className: "chip group"});
    const alone = inside.length === 1 ? inside[0] : undefined;
    c.onclick = () => { panel.groupOpen[k] = g; if (alone !== undefined) choose(alone); else panel.render(); };
    row.append(c);
  }
  box.append(row);
  return openGroup;
}

export function fieldPicker(k, f, panel) {
  const chosen = panel.chosen;
  const wrapBox = el("div", undefined, {className: "field"});
  wrapBox.append(el("div", f.title || k, {className: "fieldtitle"}));
  const set = v => { chosen[k] = v; panel.render(); };
  if (f.grid) wrapBox.append(drawGrid(f.grid, f, chosen[k], set));
  // A long list with groups (`enumGroups`: "Bea", "next to Flax") is picked in two taps: the group, then its value;
  // one drawn on a grid is picked on the grid (its groups are the box's).
  const grouped = f.enum && f.enumGroups && f.enum.length > PICKER_LIST && !f.grid;
  const openGroup = grouped ? groupChips(wrapBox, k, f.enum, f.enumGroups, chosen[k], set, panel) : undefined;
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
    const opened = byGroup ? groupChips(wrapBox, k, items.enum, items.enumGroups, list[0], v => set([v]), panel) : undefined;
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
    const typed = () => { chosen[k] = input.value.trim() || undefined; panel.typed(); };
    input.oninput = typed;
    if ((f.examples || []).length) wrapBox.append(exampleChips(input, f.examples, typed));
    wrapBox.append(input);
  }
  if (f.description) wrapBox.append(el("div", f.description, {className: "hint"}));
  return wrapBox;
}
