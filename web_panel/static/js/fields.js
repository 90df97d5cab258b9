// A picker's fields (companion/core/fields.py's contract), pure: which a picker takes, their values as shown,
// where a field starts, whether a value fits.

export const PICKER_LIST = 12;  // a field of more values than this with groups (`enumGroups`) is picked group first

// A value's groups (`enumGroups`: one name, or a list of them), and whether it is in the group `g`.
export const groupsOf = g => Array.isArray(g) ? g : [g];

export const inGroup = (g, name) => groupsOf(g).includes(name);

export function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

// A field the contract allows (companion/core/fields.py): it gets a picker; anything else gets a form.
export function pickable(f) {
  if (f.enum) return true;
  if (f.type === "integer") return Number.isInteger(f.minimum) && Number.isInteger(f.maximum);
  if (f.type === "boolean") return true;
  if (f.type === "array") return Number.isInteger(f.maxItems) && !!(f.items && (f.items.enum || f.items.type === "string"));
  if (f.type === "string") return Number.isInteger(f.maxLength);
  return false;
}

export function isCell(v) { return Array.isArray(v) && v.length === 2 && v.every(Number.isInteger); }

export function shown(v) { return Array.isArray(v) ? v.join(" ") : (v !== null && typeof v === "object") ? JSON.stringify(v) : String(v); }

export function nameOf(f, v) { const i = f.enum.findIndex(e => JSON.stringify(e) === JSON.stringify(v)); return i >= 0 ? String((f.enumNames || [])[i] ?? shown(v)) : ""; }

// A value a field starts with: its default (what the table holds now), the only choice there is, a number's
// lowest (or 0), an empty list.
export function preset(f) {
  if (f.default !== undefined) return f.default;
  if (f.enum && f.enum.length === 1) return f.enum[0];
  if (f.type === "integer") return f.minimum <= 0 && f.maximum >= 0 ? 0 : f.minimum;
  if (f.type === "array" && !(f.minItems > 0)) return [];
  return undefined;
}

export function fits(f, v) {
  if (f.type === "array") return Array.isArray(v) && v.length >= (f.minItems || 0) && v.length <= f.maxItems;
  return v !== undefined;
}

// Where a phone keeps the number last entered in field `k` of option `o`: for this very option (its whole action),
// so a bid starts again where it was, but one type's printed cost never starts another's (The Patrons of Venice's
// Business Tiles).
export function usedKey(o, k) { return `used:${JSON.stringify(o.action)}:${k}`; }
