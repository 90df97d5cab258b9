// Shared by every page: the API with the session's CSRF token, small DOM helpers,
// and a form built from a JSON Schema (score sheets, settings).
"use strict";
const CSRF = document.querySelector('meta[name="csrf"]')?.content || "";

function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.includes("-")) e.setAttribute(key, value);  // aria-label, data-*: attributes, not properties
    else e[key] = value;
  }
  return e;
}

function showError(message) {
  const box = document.getElementById("error");
  if (box) box.textContent = message || "";
}

async function api(method, path, body) {
  const options = {method, headers: {}};
  if (method !== "GET") options.headers["X-CSRF-Token"] = CSRF;
  if (body instanceof Blob) { options.headers["Content-Type"] = body.type || "application/octet-stream"; options.body = body; }
  else if (body !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
  let r;
  try { r = await fetch(path, options); }
  catch (e) { showError("The companion does not answer."); return {ok: false, status: 0, body: {}}; }
  if (r.status === 401) { location.href = "/pair?next=" + encodeURIComponent(location.pathname); return {ok: false, status: 401, body: {}}; }
  const type = r.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok && data && data.error) showError(data.error); else if (r.ok) showError("");
  return {ok: r.ok, status: r.status, body: data};
}

// Poll a JSON address, sending its ETag back so an unchanged answer costs a 304.
function poll(path, every, onData) {
  let etag = "";
  async function once() {
    try {
      const r = await fetch(path, {headers: etag ? {"If-None-Match": etag} : {}, cache: "no-store"});
      if (r.status === 401) { location.href = "/pair?next=" + encodeURIComponent(location.pathname); return; }
      if (r.status === 200) { etag = r.headers.get("ETag") || ""; onData(await r.json()); }
    } catch (e) { showError("The companion does not answer."); }
    setTimeout(once, every);
  }
  once();
}

// --- a form from a JSON Schema ------------------------------------------------------------------
// Objects become fieldsets, arrays of objects a list with Add and Remove, arrays of fixed
// tuples a row, enums a select, booleans a checkbox, numbers a numeric field.
function schemaForm(schema, value, label) {
  const title = schema.title || label || "";
  if (schema.const !== undefined) return {element: el("span"), read: () => undefined};
  if (schema.enum) {
    const select = el("select", undefined, {name: title});
    if (!schema.default) select.append(el("option", "—", {value: ""}));
    for (const v of schema.enum) select.append(el("option", String(v), {value: String(v)}));
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
        else if (required.has(key) && schema.properties[key].type === "array") out[key] = [];  // a required list may be empty
      }
      return out;
    }};
  }
  if (type === "array" && Array.isArray(schema.items)) {
    const row = el("div", undefined, {className: "row"});
    const parts = schema.items.map((sub, i) => schemaForm(sub, value ? value[i] : undefined, sub.title || ""));
    parts.forEach(p => row.append(p.element));
    // A tuple left empty is absent, not a list of nulls (an optional place, a score sheet row not filled in).
    return {element: row, read: () => { const v = parts.map(p => p.read()); return v.every(x => x === undefined) ? undefined : v; }};
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
  return wrap(input, title, schema, () => input.value === "" ? undefined : input.value);
}

function wrap(control, title, schema, read) {
  const label = el("label", title ? title + " " : "");
  label.append(control);
  if (schema.description) label.append(el("div", schema.description, {className: "hint"}));
  return {element: label, read};
}

// An option that needs details: a small form in `box`, sent with the option's action to `path`.
function optionForm(option, path, box) {
  const schema = {type: "object", title: option.label, properties: option.fields};
  const form = schemaForm(schema, undefined, option.label);
  const send = el("button", "Do it", {className: "primary"});
  const cancel = el("button", "Cancel");
  send.onclick = async () => {
    const values = form.read();
    if (option.fields.cards && typeof values.cards === "undefined") values.cards = [];
    const r = await api("POST", path, {...option.action, ...values});
    if (r.ok) box.replaceChildren();
  };
  cancel.onclick = () => box.replaceChildren();
  const row = el("div", undefined, {className: "row"});
  row.append(send, cancel);
  box.replaceChildren(form.element, row);
}
