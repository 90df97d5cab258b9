// dom.js's morph on fake nodes (fake_dom.mjs): what is kept, what is changed, what goes.
import assert from "node:assert/strict";
import {test} from "node:test";
import {FakeElement as E} from "./fake_dom.mjs";
import {morph} from "../../web_panel/static/js/dom.js";

test("an element of the same kind in the same place is kept, its text and attributes made the new ones", () => {
  const box = new E("div", {}, [new E("button", {class: "option", "aria-pressed": "false"}, ["Draw"])]);
  const kept = box.childNodes[0];
  morph(box, [new E("button", {class: "option open"}, ["Draw …"])]);
  assert.equal(box.childNodes[0], kept);
  assert.equal(kept.textContent, "Draw …");
  assert.deepEqual(kept.attributes, [{name: "class", value: "option open"}]);
});

test("another kind of element in a place replaces the old one; what is left over goes", () => {
  const box = new E("div", {}, [new E("button", {}, ["a"]), new E("button", {}, ["b"]), new E("p", {}, ["c"])]);
  const fresh = new E("p", {}, ["now a paragraph"]);
  morph(box, [fresh, new E("button", {}, ["b"])]);
  assert.equal(box.childNodes.length, 2);
  assert.equal(box.childNodes[0], fresh);
  assert.deepEqual(box.childNodes.map(n => n.textContent), ["now a paragraph", "b"]);
});

test("a kept button does what the new one does, and a field's value follows unless it is being typed in", () => {
  const input = new E("input");
  input.type = "text"; input.value = "Ada";
  const button = new E("button", {}, ["Go"]);
  button.onclick = () => "old";
  const box = new E("div", {}, [button, input]);
  const next = new E("button", {}, ["Go"]);
  next.onclick = () => "new";
  const typed = new E("input");
  typed.type = "text"; typed.value = "Bea";
  morph(box, [next, typed]);
  assert.equal(box.childNodes[0].onclick(), "new");
  assert.equal(box.childNodes[1], input);
  assert.equal(input.value, "Bea");
  document.activeElement = input;  // the player is typing in it
  const again = new E("input");
  again.type = "text"; again.value = "Cy";
  box.querySelectorAll = () => [box.childNodes[0], input];
  morph(box, [next, again]);
  assert.equal(input.value, "Bea");
  document.activeElement = null;
});

test("an element marked kept (a form with what was typed) is put in as it is", () => {
  const form = new E("div", {id: "form"});
  form.kept = true;
  const box = new E("div", {}, [new E("div", {id: "other"})]);
  morph(box, [form]);
  assert.equal(box.childNodes[0], form);
});
