import {chip, el, morph} from "./dom.js";

// --- a form from a JSON Schema ------------------------------------------------------------------
// Objects become fieldsets, arrays of objects a list with Add and Remove, arrays of fixed
// tuples a row, enums a select, booleans a checkbox, numbers a numeric field.
export function schemaForm(schema, value, label) {
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
export function exampleChips(input, examples, picked) {
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
export function optionForm(option, box, done) {
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
