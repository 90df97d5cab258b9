// fields.js: which fields a picker takes, where each starts, what fits.
import assert from "node:assert/strict";
import {test} from "node:test";
import {fits, nameOf, pickable, preset, usedKey} from "../../web_panel/static/js/fields.js";

test("a picker takes a field of the contract; anything else gets a form", () => {
  assert.ok(pickable({enum: ["a", "b"]}));
  assert.ok(pickable({type: "integer", minimum: 0, maximum: 9}));
  assert.ok(!pickable({type: "integer", minimum: 0}));
  assert.ok(pickable({type: "array", maxItems: 3, items: {enum: [1, 2]}}));
  assert.ok(!pickable({type: "array", items: {enum: [1, 2]}}));
  assert.ok(pickable({type: "string", maxLength: 20}));
  assert.ok(!pickable({type: "object"}));
});

test("a field starts at its default, its only choice, a number's 0 or lowest, an empty list", () => {
  assert.equal(preset({type: "integer", minimum: 0, maximum: 9, default: 4}), 4);
  assert.equal(preset({enum: ["only"]}), "only");
  assert.equal(preset({enum: ["a", "b"]}), undefined);
  assert.equal(preset({type: "integer", minimum: -3, maximum: 3}), 0);
  assert.equal(preset({type: "integer", minimum: 2, maximum: 6}), 2);
  assert.deepEqual(preset({type: "array", maxItems: 2}), []);
  assert.equal(preset({type: "array", minItems: 1, maxItems: 2}), undefined);
});

test("a list fits between its fewest and most items; a value's name is its enumName", () => {
  const f = {type: "array", minItems: 1, maxItems: 2};
  assert.deepEqual([fits(f, []), fits(f, [1]), fits(f, [1, 2, 3]), fits({enum: [1]}, undefined)], [false, true, false, false]);
  assert.equal(nameOf({enum: [[0, 1], [2, 3]], enumNames: ["north", "south"]}, [2, 3]), "south");
  assert.equal(nameOf({enum: [[0, 1]]}, [0, 1]), "0 1");
  assert.equal(nameOf({enum: [1]}, 5), "");
});

test("a number entered is kept for its own option: a Tent's printed cost never starts an Armour's", () => {
  const tent = {action: {type: "priced", business: "tent"}}, armour = {action: {type: "priced", business: "armour"}};
  assert.notEqual(usedKey(tent, "cost"), usedKey(armour, "cost"));
  assert.equal(usedKey({action: {type: "priced", business: "tent"}}, "cost"), usedKey(tent, "cost"));
});
