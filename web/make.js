// Make: draw a picture with its clues live around it (board.js), in any
// palette (palette.js); the verdict follows every stroke (verdict.js), fixes
// reach the maker's goal (fix.js), pictures import with a preview
// (import.js), and the puzzle exports to every format or shares by link.
// The drawing tools are tools.js; every finished change is one undo step
// and is saved in the browser (history.js), so a reload loses nothing.
// The puzzle goes to the server as our JSON format (io/json.cpp): the goal
// picture and the colours it uses, so the palette travels with it.
import * as api from "./api.js";
import { Board, cluesOf, kReadableCell } from "./board.js";
import { details } from "./details.js";
import { Fix } from "./fix.js";
import { History, MakeStore } from "./history.js";
import { Import } from "./import.js";
import { kMaxRequestSide } from "./limits.js";
import { Palette } from "./palette.js";
import { share } from "./share.js";
import { Tools } from "./tools.js";
import { Verdict } from "./verdict.js";

export class Make {
  constructor() {
    this.formats = [];  // GET /api/formats, set by app.js once it has them
    this.palette = new Palette((removed) => this.paletteChanged(removed));
    this.verdict = new Verdict(this);
    this.fix = new Fix(this);
    this.importer = new Import(this);
    this.history = new History(200);
    this.tools = new Tools(this);
    const $ = (id) => document.getElementById(id);
    for (const id of ["make-width", "make-height", "import-width", "import-height"]) $(id).max = kMaxRequestSide;
    const { drawing: saved, problem } = MakeStore.load();
    this.unreadable(problem);
    if (saved) {
      this.palette.set(saved.colours);
      for (const k of ["title", "author"])
        if ($("make-" + k) && saved[k] !== undefined) $("make-" + k).value = saved[k];
      this.loadRows(saved.pic);
    } else {
      this.resize(10, 10);
    }
    // The history kept with the drawing, when it ends at the drawing restored.
    this.history.keep("nonolab-make-history", this.state());
    this.save();
    this.buttons();
    $("make-resize").onclick = () => {
      this.resize(+$("make-width").value, +$("make-height").value, true);
      this.commit();
    };
    this.clearAsk();
    $("export-button").onclick = () => this.exportAs($("export-format").value);
    $("export-svg").onclick = () => this.render("svg");
    $("export-png").onclick = () => this.render("png");
    $("import-puzzle").onchange = (e) => {
      const file = e.target.files[0];
      e.target.value = "";  // the same file chosen again is read again
      this.importPuzzle(file);  // import.js puts its puzzle import here
    };
    $("make-share").onclick = () => this.share();
    // Title and author (when the page has them) are kept with the drawing.
    document.addEventListener("input", (e) => {
      if (e.target.id === "make-title" || e.target.id === "make-author") this.save();
    });
    document.addEventListener("keydown", (e) => this.key(e));
    // The cell size follows the space the board has (a phone, a resized
    // window, the tab shown after being hidden).
    if (window.ResizeObserver)
      new ResizeObserver(() => this.fitBoard()).observe(document.getElementById("make"));
  }

  // A saved drawing that could not be read is kept aside (MakeStore) and
  // said above the grid, with a way to download it, until dismissed;
  // the page starts blank meanwhile. `problem`: why it could not be read
  // this time (none: a drawing set aside by an earlier visit).
  unreadable(problem) {
    let text = null;
    try { text = localStorage.getItem(MakeStore.aside); } catch (_) { /* storage off */ }
    if (text === null) return;
    const box = document.createElement("div");
    box.id = "make-unreadable";
    box.className = "error";
    box.setAttribute("role", "alert");
    box.append("The drawing saved in this browser could not be read" + (problem ? ": " + problem : "") +
      ". It is kept, untouched, and a blank grid is shown. ");
    const get = document.createElement("button"), drop = document.createElement("button");
    get.id = "make-unreadable-download";
    get.textContent = "Download it";
    get.onclick = () => api.download(new Blob([text], { type: "application/json" }), "unreadable-drawing.json");
    drop.id = "make-unreadable-dismiss";
    drop.textContent = "Dismiss";
    drop.title = "forget the unreadable drawing";
    drop.onclick = () => { localStorage.removeItem(MakeStore.aside); box.remove(); };
    box.append(get, " ", drop);
    document.getElementById("import-error").after(box);
  }

  // Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, unless a text field has
  // the keys (its own text undo).
  key(e) {
    if (!document.getElementById("make").classList.contains("active")) return;
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === "TEXTAREA" || t.isContentEditable ||
              (t.tagName === "INPUT" && !["button", "checkbox", "radio", "color", "file"].includes(t.type))))
      return;
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) { e.preventDefault(); this.undo(); }
    else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); this.redo(); }
  }

  // Clear asks first, in the page, when there is something to lose.
  clearAsk() {
    const clear = document.getElementById("make-clear");
    const ask = document.createElement("span");
    ask.id = "make-clear-ask";
    ask.className = "ask";
    ask.hidden = true;
    ask.append("Clear the whole drawing? ");
    const yes = document.createElement("button"), no = document.createElement("button");
    yes.id = "make-clear-yes";
    yes.textContent = "Clear it";
    no.id = "make-clear-no";
    no.textContent = "Keep it";
    ask.append(yes, " ", no);
    clear.after(ask);
    const done = this.clearAsked = () => { ask.hidden = true; clear.hidden = false; };
    yes.onclick = () => { done(); this.resize(this.w, this.h); this.commit(); };
    no.onclick = done;
    clear.onclick = () => {
      if (this.pic.every((row) => row.every((v) => v === "."))) return yes.onclick();
      ask.hidden = false;
      clear.hidden = true;
      yes.focus();
    };
  }

  // A blank picture of w x h; `keep` keeps the overlapping part of the old one.
  resize(w, h, keep) {
    w = Math.max(1, Math.min(kMaxRequestSide, w | 0));
    h = Math.max(1, Math.min(kMaxRequestSide, h | 0));
    const old = keep ? this.pic : null;
    if (!keep) this.fix.locked.clear();
    this.loadRows(Array.from({ length: h }, (_, r) =>
      Array.from({ length: w }, (_, c) => (old && old[r] && old[r][c]) || ".")));
  }

  loadRows(rows) {
    this.w = rows[0].length;
    this.h = rows.length;
    this.pic = rows.map((row) => Array.from(row));
    this.draw();
  }

  draw() {
    document.getElementById("make-width").value = this.w;
    document.getElementById("make-height").value = this.h;
    // The panel's width is read before the new board is in it: read after,
    // it would lay the whole new board out once at the old board's size.
    const width = document.getElementById("make").clientWidth;
    this.board = new Board(document.getElementById("make-board"), {
      width: this.w, height: this.h, clues: true, colours: this.palette.css,
      value: (r, c) => this.pic[r][c],
      free: () => this.tools.free && !this.fix.lockMode,
      onPaint: (r, c, button, first) => this.paint(r, c, button, first),
      onEnd: () => this.endStroke(),
      onLayout: () => this.fitBoard(),
    });
    this.board.setPan(!!this.tools.pan);
    this.refresh(false);
    this.fitBoard(width);
  }

  // `width`: the panel's, when already read.
  fitBoard(width = document.getElementById("make").clientWidth) {
    // Hidden: fitted when shown; during a stroke and its hold (board.js)
    // the grid must not move: fitted when the hold ends (onLayout).
    if (!this.board || !width || this.board.busy) return;
    if (this.tools.zoom !== "fit") return this.board.container.style.setProperty("--cell", this.tools.zoom + "px");
    const max = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 24;
    // Not below kReadableCell: a bigger board scrolls in its box instead,
    // its clues held at the box's edges (app.css).
    this.board.fit(width, max, kReadableCell);
  }

  // Shows the picture as it is now (`cells` false: a new board, built with
  // it), with its clues, and checks it.
  refresh(cells = true) {
    if (cells) for (let r = 0; r < this.h; r++) for (let c = 0; c < this.w; c++) this.board.show(r, c, this.pic[r][c]);
    this.fix.showLocks();
    this.changed();
  }

  // A stroke's cell. The clues follow at once, and the verdict says it is
  // checking from the first cell (the check itself starts at the end).
  paint(r, c, button, first) {
    if (this.fix.lockMode) return this.fix.lockCell(r, c, first);
    if (first) this.board.highlight("applied", []);
    if (this.tools.free) {
      this.tools.paint(r, c, button, first);
    } else {
      const cur = this.palette.current;
      if (first) this.value = button === 2 || this.pic[r][c] === cur ? "." : cur;
      for (const [rr, cc] of this.tools.mirrored(r, c)) {
        this.pic[rr][cc] = this.value;
        this.board.show(rr, cc, this.value);
      }
      this.showClues();
    }
    this.fix.dropSuggestions();
    this.verdict.stale();
  }

  // A picture of the same size replaces the drawing; only changed cells redraw.
  setPicture(pic) {
    for (let r = 0; r < this.h; r++)
      for (let c = 0; c < this.w; c++) if (pic[r][c] !== this.pic[r][c]) this.board.show(r, c, pic[r][c]);
    this.pic = pic;
    this.showClues();
  }

  endStroke() {
    this.tools.shape = null;
    if (this.fix.lockMode) return;
    this.changed();
    this.commit();
    this.fitBoard();
  }

  // -- undo, redo, the saved drawing --
  state() {
    return JSON.stringify({ w: this.w, h: this.h, pic: this.pic.map((row) => row.join("")),
                            colours: this.palette.colours });
  }

  // The drawing as it is now is one undo step (after it is shown and
  // checked); consecutive commits with the same `merge` tag are one step.
  commit(merge) {
    if (this.board) this.board.highlight("applied", []);
    if (this.clearAsked) this.clearAsked();  // the question was about the drawing before
    this.history.commit(this.state(), merge);
    this.save();
    this.buttons();
  }

  save() {
    const s = JSON.parse(this.history.current || this.state());
    for (const k of ["title", "author"]) {
      const box = document.getElementById("make-" + k);
      if (box) s[k] = box.value;
    }
    MakeStore.save(JSON.stringify(s));
  }

  buttons() {
    document.getElementById("make-undo").disabled = !this.history.undos.length;
    document.getElementById("make-redo").disabled = !this.history.redos.length;
  }

  undo() { if (!(this.board && this.board.drag)) this.restore(this.history.undo()); }
  redo() { if (!(this.board && this.board.drag)) this.restore(this.history.redo()); }

  restore(state) {
    if (!state) return;
    const s = JSON.parse(state);
    const same = s.w === this.w && s.h === this.h &&
      JSON.stringify(s.colours) === JSON.stringify(this.palette.colours);
    this.palette.set(s.colours);
    if (same) {
      this.setPicture(s.pic.map((row) => Array.from(row)));
      this.board.highlight("applied", []);
      this.changed();
    } else {
      this.loadRows(s.pic);
    }
    this.save();
    this.buttons();
  }

  showClues() {
    const { rows, cols } = cluesOf(this.pic);
    // In colour unless the picture is plain black and white, as the puzzle is.
    this.board.setClues(rows, cols, share.coloured(this.palette.forPicture(this.pic).slice(1)));
  }

  paletteChanged(removed) {
    if (removed)
      for (const row of this.pic) for (let c = 0; c < row.length; c++) if (row[c] === removed) row[c] = ".";
    this.draw();
    // A colour dragged in the picker is one step, not one per input event.
    this.commit(removed ? null : "palette:" + this.palette.current);
  }

  // The puzzle as our JSON: the picture is its goal, the clues follow from
  // it; the title and author typed (details.js) go with it.
  text() {
    const puzzle = { width: this.w, height: this.h, colours: this.palette.forPicture(this.pic),
                     goal: this.pic.map((row) => row.join("")) };
    const { title, author } = details.get();
    if (title) puzzle.title = title;
    if (author) puzzle.author = author;
    return JSON.stringify({ format: "nonolab", version: 1, puzzles: [puzzle] }) + "\n";
  }

  query(extra) { return "?format=json&filename=picture.json" + (extra || ""); }

  error(e) { document.getElementById("make-error").textContent = e ? e.message || e : ""; }

  // Fixes found for the drawing before are gone at once (not at the next
  // check), so no Apply can change a drawing they were not found for.
  changed() {
    this.showClues();
    this.fix.dropSuggestions();
    this.verdict.changed();
  }

  async exportAs(format) {
    try {
      const blob = await api.post("/api/convert" + this.query("&to=" + encodeURIComponent(format)), this.text());
      const f = (this.formats || []).find((x) => x.name === format);
      api.download(blob, "puzzle." + (f && f.extensions.length ? f.extensions[0] : format));
      this.error(null);
    } catch (e) { this.error(e); }
  }

  async render(as) {
    try {
      const blob = await api.post("/api/render" + this.query("&as=" + as + "&goal=true"), this.text());
      api.download(blob, "puzzle." + as);
      this.error(null);
    } catch (e) { this.error(e); }
  }

  // A link that opens the Play tab on this picture's clues (share.js), with
  // its title, author and colour names.
  share() {
    try {
      const { rows, cols } = cluesOf(this.pic);
      const colours = this.palette.forPicture(this.pic).slice(1)
        .map((c) => ({ symbol: c.symbol, rgb: c.rgb, name: c.name }));
      const box = document.getElementById("make-share-link");
      box.value = share.link({ width: this.w, height: this.h, colours, rows, cols, ...details.get() });
      box.hidden = false;
      box.select();
      if (navigator.clipboard) navigator.clipboard.writeText(box.value).catch(() => {});
      this.error(null);
    } catch (e) { this.error(e); }
  }

  // Rows of symbols (a picture or a solution) and their colours become the
  // drawing: one undo step.
  loadPicture(rows, colours) {
    if (rows.length > kMaxRequestSide || rows[0].length > kMaxRequestSide)
      throw new Error(`a ${rows[0].length}×${rows.length} picture: the page draws at most ` +
                      `${kMaxRequestSide}×${kMaxRequestSide} cells`);
    if (colours) this.palette.set(colours);
    this.fix.locked.clear();
    this.loadRows(rows.map((row) => Array.from(row, (ch) => (ch === "?" ? "." : ch))));
    this.commit();
  }
}
