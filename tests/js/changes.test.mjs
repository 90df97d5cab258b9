import assert from "node:assert/strict";
import {test} from "node:test";
import {merged} from "../../web_panel/static/js/changes.js";

test("the first answer is the whole state; the next ones change and take out keys", () => {
  const first = merged(null, {at: "1", state: {version: 1, log: ["a"], rolloff: {purpose: "first player"}}});
  assert.deepEqual(first, {version: 1, log: ["a"], rolloff: {purpose: "first player"}});
  const next = merged(first, {at: "2", changed: {version: 2, log: ["a", "b"]}, gone: ["rolloff"]});
  assert.deepEqual(next, {version: 2, log: ["a", "b"]});
  assert.deepEqual(first.rolloff, {purpose: "first player"});  // the state before is left as it was
});
