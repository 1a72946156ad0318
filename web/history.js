// Undo and redo, one model for Make and Play. A state is a JSON string
// {pic: [row strings], ...anything else} (Make: size, palette; Play:
// nothing else). A step is the difference between two states: the cells
// that changed, [row, column, before, after], and, when the rest changed
// (a palette) or the picture's shape did (a resize), the rest or the
// picture before and after. Undo can never restore half a change, a
// stroke on a 200x200 board costs its own cells, and the steps are small
// enough to keep in the browser's storage, so both tabs keep their
// history across a reload.

import { kMaxRequestSide } from "./limits.js";

// The difference from state a to state b (both JSON strings); null when none.
export function stepBetween(a, b) {
  const A = JSON.parse(a), B = JSON.parse(b);
  const step = {};
  const restA = JSON.stringify({ ...A, pic: undefined }), restB = JSON.stringify({ ...B, pic: undefined });
  if (restA !== restB) step.rest = [restA, restB];
  const same = A.pic.length === B.pic.length && A.pic.every((row, r) => row.length === B.pic[r].length);
  if (!same) step.pic = [A.pic, B.pic];
  else {
    const cells = [];
    A.pic.forEach((row, r) => {
      const other = B.pic[r];
      if (row === other) return;
      const x = Array.from(row), y = Array.from(other);
      for (let c = 0; c < x.length; c++) if (x[c] !== y[c]) cells.push([r, c, x[c], y[c]]);
    });
    // A change of most of the picture (invert, clear) is kept as the two
    // pictures: shorter than its cells one by one.
    const area = A.pic.reduce((n, row) => n + row.length, 0);
    if (cells.length * 4 > area) step.pic = [A.pic, B.pic];
    else if (cells.length) step.cells = cells;
  }
  return step.rest || step.pic || step.cells ? step : null;
}

// State `state` with `step` undone (side 0) or redone (side 1).
export function applyStep(state, step, side) {
  const S = JSON.parse(state);
  const rest = step.rest ? JSON.parse(step.rest[side]) : S;
  let pic = (step.pic ? step.pic[side] : S.pic).map((row) => Array.from(row));
  for (const cell of step.cells || []) pic[cell[0]][cell[1]] = cell[2 + side];
  return JSON.stringify({ ...rest, pic: pic.map((row) => row.join("")) });
}

export class History {
  constructor(limit) {
    this.limit = limit || 200;
    this.undos = [];
    this.redos = [];
    this.current = null;
    this.tag = null;
    this.key = null;  // where it is kept (keep())
  }

  reset(state) {
    this.undos = [];
    this.redos = [];
    this.current = state;
    this.tag = null;
    this.store();
  }

  // Records `state` as the drawing now; false when nothing changed. Steps
  // with the same non-empty `tag` in a row (a colour dragged in the
  // picker) merge into one.
  commit(state, tag) {
    if (this.current === null) { this.reset(state); return false; }
    const merge = tag && tag === this.tag && this.undos.length;
    const from = merge ? applyStep(this.current, this.undos[this.undos.length - 1], 0) : this.current;
    const step = stepBetween(from, state);
    if (merge) this.undos.pop();
    else if (!step) return false;
    if (step) this.undos.push(step);
    if (this.undos.length > this.limit) this.undos.shift();
    this.current = state;
    this.redos = [];
    this.tag = tag || null;
    this.store();
    return true;
  }

  undo() {
    if (!this.undos.length) return null;
    const step = this.undos.pop();
    this.redos.push(step);
    this.current = applyStep(this.current, step, 0);
    this.tag = null;
    this.store();
    return this.current;
  }

  redo() {
    if (!this.redos.length) return null;
    const step = this.redos.pop();
    this.undos.push(step);
    this.current = applyStep(this.current, step, 1);
    this.tag = null;
    this.store();
    return this.current;
  }

  // Keeps the history in localStorage under `key` from now on; a history
  // kept there before is taken up when it ends at `state` (the drawing or
  // progress the page has just restored), else it starts afresh.
  keep(key, state) {
    this.key = null;
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(key) || "null"); } catch (_) { kept = null; }
    this.reset(state);
    try {
      if (kept && typeof kept.current === "string" && Array.isArray(kept.undos) && Array.isArray(kept.redos) &&
          !stepBetween(kept.current, state)) {
        this.undos = kept.undos.slice(-this.limit);
        this.redos = kept.redos.slice(-this.limit);
      }
    } catch (_) { /* a damaged history: start afresh, the drawing is kept apart */ }
    this.key = key;
    this.store();
  }

  // Storage full or off, or a history over MAX_KEPT characters: the
  // oldest steps go first, then the history (never the drawing, which is
  // kept under its own key).
  store() {
    if (!this.key) return;
    for (;;) {
      try {
        const text = JSON.stringify({ current: this.current, undos: this.undos, redos: this.redos });
        if (text.length > History.MAX_KEPT && (this.undos.length || this.redos.length)) throw new Error("too long");
        localStorage.setItem(this.key, text);
        return;
      } catch (_) {
        if (!this.undos.length && !this.redos.length) return;
        if (this.undos.length) this.undos.splice(0, Math.ceil(this.undos.length / 2));
        else this.redos.splice(0, Math.ceil(this.redos.length / 2));
      }
    }
  }
}

// The drawing in localStorage: what a reload restores. A saved drawing
// that does not read back is never overwritten unseen: load() moves it
// aside (under `aside`, the newest such text kept) and says why, and the
// page shows that, so a maker can still download it.
History.MAX_KEPT = 1 << 20;  // characters: a fifth of what browsers allow a site

export const MakeStore = {
  key: "nonolab-make",
  aside: "nonolab-make-unreadable",

  save(state) {
    try { localStorage.setItem(this.key, state); } catch (_) { /* storage full or off: keep drawing */ }
  },

  // {drawing} with the saved {w, h, pic, colours, title?, author?}, or
  // {problem, text} when something was saved that cannot be read (then
  // kept under `aside`), or {} when nothing was saved.
  load() {
    let text = null;
    try { text = localStorage.getItem(this.key); } catch (_) { return {}; }
    if (text === null) return {};
    let s = null, problem = "";
    try { s = JSON.parse(text); } catch (e) { problem = "it is not JSON (" + e.message + ")"; }
    if (!problem) problem = MakeStore.problem(s);
    if (!problem) return { drawing: s };
    try { localStorage.setItem(this.aside, text); } catch (_) { /* the message still offers it */ }
    return { problem, text };
  },

  valid(s) { return !MakeStore.problem(s); },

  // What is wrong with a saved drawing, in words; "" when nothing is.
  problem(s) {
    if (!s || typeof s !== "object") return "it is not a drawing";
    const size = (n) => Number.isInteger(n) && n >= 1 && n <= kMaxRequestSide;
    if (!size(s.w) || !size(s.h)) return "its size is not 1 to " + kMaxRequestSide + " cells a side";
    if (!Array.isArray(s.colours) || !s.colours.length) return "it has no colours";
    const syms = new Set(["."]);
    for (const c of s.colours) {
      if (!c || typeof c.sym !== "string" || c.sym.length !== 1 || ".?x".includes(c.sym) || syms.has(c.sym) ||
          typeof c.css !== "string" || !/^#[0-9a-f]{6}$/i.test(c.css) || typeof c.name !== "string")
        return "colour " + JSON.stringify(c && c.sym) + " is not a colour the page can draw";
      syms.add(c.sym);
    }
    if (!Array.isArray(s.pic) || s.pic.length !== s.h) return "its picture does not have " + s.h + " rows";
    for (let r = 0; r < s.pic.length; r++) {
      const row = s.pic[r];
      if (typeof row !== "string" || row.length !== s.w) return "row " + (r + 1) + " does not have " + s.w + " cells";
      const bad = Array.from(row).find((ch) => !syms.has(ch));
      if (bad !== undefined) return "row " + (r + 1) + " uses the symbol '" + bad + "', which is not in its palette";
    }
    for (const k of ["title", "author"]) if (s[k] !== undefined && typeof s[k] !== "string") return "its " + k + " is not text";
    return "";
  },
};
