// options.js: the entries a page draws are the server's (companion/core/options.py's on_phone), in its order.
import assert from "node:assert/strict";
import {test} from "node:test";
import {entries, realDice} from "../../web_panel/static/js/options.js";

test("options are put in their entries, in the entries' order, each entry's in the list's order", () => {
  const o = (label, entry, way = "") => ({label, entry, way});
  const list = [o("Take a null", 1, "a null"), o("Draw", 0), o("Take an ace", 1, "an ace"), o("Fix", 2)];
  assert.deepEqual(entries(list).map(e => e.map(x => x.label)), [["Draw"], ["Take a null", "Take an ace"], ["Fix"]]);
  assert.deepEqual(entries([]), []);
});

test("an option that rolls has a twin for dice thrown at the table, asking for their faces", () => {
  const roll = {label: "Roll for income", rolls: "2d6", action: {type: "advance", action: "income"}, fields: {}, button: "NEXT", confirm: true};
  const real = realDice(roll);
  assert.equal(real.label, "Roll for income: dice thrown at the table");
  assert.deepEqual([real.button, real.confirm, real.realDice], ["", false, true]);
  assert.deepEqual(real.fields.dice, {title: "the dice thrown", type: "array", items: {enum: [1, 2, 3, 4, 5, 6]}, minItems: 2, maxItems: 2});
  assert.deepEqual(Object.keys(realDice({...roll, action: {type: "rolloff"}, rolls: "1d6"}).fields), ["values"]);
  assert.equal(realDice({...roll, fields: {n: {type: "integer"}}}), null);  // one with fields: the picker's
  assert.equal(realDice({...roll, rolls: ""}), null);
  const piecepack = realDice({...roll, action: {type: "rolloff"}, faces: ["ace", "2", "3", "4", "5", "null"]});
  assert.deepEqual(piecepack.fields.values.items, {enum: [1, 2, 3, 4, 5, 6], enumNames: ["ace", "2", "3", "4", "5", "null"]});
});
