// Make's undo and redo, and the drawing kept in the browser's storage.
// A step is the whole drawing as a string (size, picture, palette): at
// most kMaxRequestSide a side (200: 40 KB), so a bounded list of them costs
// little and undo can never restore half a change.

import { kMaxRequestSide } from "./limits.js";

export class History {
  constructor(limit) {
    this.limit = limit || 200;
    this.undos = [];
    this.redos = [];
    this.current = null;
    this.tag = null;
  }

  reset(state) {
    this.undos = [];
    this.redos = [];
    this.current = state;
    this.tag = null;
  }

  // Records `state` as the drawing now; false when nothing changed. Steps
  // with the same non-empty `tag` in a row (a colour dragged in the
  // picker) merge into one.
  commit(state, tag) {
    if (state === this.current) return false;
    if (!(tag && tag === this.tag)) {
      this.undos.push(this.current);
      if (this.undos.length > this.limit) this.undos.shift();
    }
    this.current = state;
    this.redos = [];
    this.tag = tag || null;
    return true;
  }

  undo() {
    if (!this.undos.length) return null;
    this.redos.push(this.current);
    this.current = this.undos.pop();
    this.tag = null;
    return this.current;
  }

  redo() {
    if (!this.redos.length) return null;
    this.undos.push(this.current);
    this.current = this.redos.pop();
    this.tag = null;
    return this.current;
  }
}

// The drawing in localStorage: what a reload restores. Anything that does
// not read back as a valid drawing is ignored (and the page starts blank).
export const MakeStore = {
  key: "nonolab-make",

  save(state) {
    try { localStorage.setItem(this.key, state); } catch (_) { /* storage full or off: keep drawing */ }
  },

  // The saved drawing {w, h, pic, colours, title?, author?} or null.
  load() {
    let s;
    try { s = JSON.parse(localStorage.getItem(this.key) || "null"); } catch (_) { return null; }
    return MakeStore.valid(s) ? s : null;
  },

  valid(s) {
    if (!s || typeof s !== "object") return false;
    const size = (n) => Number.isInteger(n) && n >= 1 && n <= kMaxRequestSide;
    if (!size(s.w) || !size(s.h) || !Array.isArray(s.colours) || !s.colours.length) return false;
    const syms = new Set(["."]);
    for (const c of s.colours) {
      if (!c || typeof c.sym !== "string" || c.sym.length !== 1 || ".?x".includes(c.sym) || syms.has(c.sym) ||
          typeof c.css !== "string" || !/^#[0-9a-f]{6}$/i.test(c.css) || typeof c.name !== "string")
        return false;
      syms.add(c.sym);
    }
    if (!Array.isArray(s.pic) || s.pic.length !== s.h) return false;
    for (const row of s.pic)
      if (typeof row !== "string" || row.length !== s.w || Array.from(row).some((ch) => !syms.has(ch))) return false;
    for (const k of ["title", "author"]) if (s[k] !== undefined && typeof s[k] !== "string") return false;
    return true;
  },
};
