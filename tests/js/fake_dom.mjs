// A few DOM nodes without a browser, enough for dom.js's morph: children, attributes, text, a value, handlers.
globalThis.Node = {ELEMENT_NODE: 1, TEXT_NODE: 3};
globalThis.document = {activeElement: null};

export class FakeText {
  constructor(text) { this.nodeType = 3; this.nodeName = "#text"; this.nodeValue = text; this.parent = null; }
  remove() { if (this.parent) this.parent.childNodes.splice(this.parent.childNodes.indexOf(this), 1); this.parent = null; }
}

export class FakeElement {
  constructor(tag, attrs = {}, children = []) {
    this.nodeType = 1; this.nodeName = tag.toUpperCase(); this.childNodes = []; this.parent = null; this.style = {cssText: ""};
    this._attrs = new Map(Object.entries(attrs));
    for (const child of children) this.insertBefore(typeof child === "string" ? new FakeText(child) : child, null);
  }
  get attributes() { return [...this._attrs].map(([name, value]) => ({name, value})); }
  hasAttribute(name) { return this._attrs.has(name); }
  getAttribute(name) { return this._attrs.has(name) ? this._attrs.get(name) : null; }
  setAttribute(name, value) { this._attrs.set(name, String(value)); }
  removeAttribute(name) { this._attrs.delete(name); }
  get lastChild() { return this.childNodes[this.childNodes.length - 1]; }
  get textContent() { return this.childNodes.map(c => c.nodeType === 3 ? c.nodeValue : c.textContent).join(""); }
  insertBefore(node, before) {
    if (node.parent) node.remove();
    const at = before ? this.childNodes.indexOf(before) : this.childNodes.length;
    this.childNodes.splice(at, 0, node);
    node.parent = this;
    return node;
  }
  remove() { if (this.parent) this.parent.childNodes.splice(this.parent.childNodes.indexOf(this), 1); this.parent = null; }
  get isConnected() { return this.parent !== null; }
  closest() { return null; }
  contains(node) { for (let n = node; n; n = n.parent) if (n === this) return true; return false; }
}
