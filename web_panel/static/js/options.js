// The options a page draws, pure: their entries as the server lists them (companion/core/options.py's on_phone
// gives each option its `entry` and `way`), and an option's twin for dice thrown at the table.

// The entries of `options` in the order the server numbered them, each a list of its options: one option, or
// several of one `under` (on a row of chips when they carry a `way`, else behind their `under`'s button).
export function entries(options) {
  const found = new Map();
  for (const o of options) found.set(o.entry, [...(found.get(o.entry) || []), o]);
  return [...found.keys()].sort((a, b) => a - b).map(n => found.get(n));
}

// An option that rolls dice: the companion rolls when it is pressed; dice thrown at the table are entered
// here instead (as the reader would read them).
export function realDice(o) {
  if (!o.rolls || Object.keys(o.fields || {}).length) return null;
  const [count, sides] = o.rolls.split("d").map(Number);
  const key = ["roll", "rolloff"].includes(o.action.type) ? "values" : "dice";
  const faces = Array.from({length: sides}, (_, i) => i + 1);
  // The faces by the game's names where it gives them (a piecepack die: ace ... null), as the box's keypad.
  const items = (o.faces || []).length === sides ? {enum: faces, enumNames: o.faces} : {enum: faces};
  return {...o, label: `${o.label}: dice thrown at the table`, button: "", confirm: false, realDice: true,
          fields: {[key]: {title: count === 1 ? "the die thrown" : "the dice thrown", type: "array",
                           items, minItems: count, maxItems: count}}};
}

