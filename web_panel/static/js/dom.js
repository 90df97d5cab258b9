// Small DOM helpers every page uses: an element, a chip, a part of the page drawn again in place (morph), and
// the sentence a screen reader says (say).

export function el(tag, text, attrs) {
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

export function morph(box, nodes) {
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
export function say(sentence) {
  const said = document.getElementById("said");
  sentence = sentence.trim();
  if (said && said.textContent !== sentence) said.textContent = sentence;
}

// A chip: a button a tap picks (`on`) or leaves, saying which to a screen reader (aria-pressed); `onClass` is
// how it looks picked.
export function chip(text, on, attrs, onClass) {
  const c = el("button", text, {className: "chip", ...attrs});
  if (on) c.classList.add(onClass || "on");
  c.setAttribute("aria-pressed", String(!!on));
  return c;
}
