// Board: a grid of cells drawn as a table, with optional clues, painted by
// mouse (left and right buttons) and touch through pointer events. A drag
// paints along the row or column it started in, as players expect.
//
// Clues follow the PNG and SVG renderer's rule (src/io/render.cpp,
// clue_font_size): every number has a slot one cell wide and one cell tall,
// and the font is the smaller of 0.6 cell and 0.8 cell / (0.56 x the
// widest number's digits), so neighbouring numbers never run together. In a
// colour puzzle each number sits on a square of its run's colour, in the
// ink that contrasts with it (NL.contrastInk, render.cpp's contrast_ink).
"use strict";

NL.Board = class {
  // opts: {width, height, clues?: true, rowClues?, colClues?, colours: {symbol: css colour},
  //        onPaint(r, c, button, first) -> called per cell, onEnd()}
  constructor(container, opts) {
    this.container = container;
    this.opts = opts;
    this.w = opts.width;
    this.h = opts.height;
    this.cells = [];
    this.drag = null;
    this.render();
  }

  get hasClues() { return !!(this.opts.clues || this.opts.rowClues); }

  render() {
    const table = document.createElement("table");
    this.table = table;
    this.rowClueCells = [];
    this.colClueCells = [];
    if (this.hasClues) {
      const tr = table.insertRow();
      tr.insertCell().className = "corner";
      for (let c = 0; c < this.w; c++) {
        const td = tr.insertCell();
        td.className = "clue colclue";
        td.dataset.col = c;
        this.colClueCells.push(td);
      }
    }
    for (let r = 0; r < this.h; r++) {
      const tr = table.insertRow();
      if ((r + 1) % 5 === 0 && r + 1 < this.h) tr.className = "b5";
      if (this.hasClues) {
        const td = tr.insertCell();
        td.className = "clue rowclue";
        td.dataset.row = r;
        this.rowClueCells.push(td);
      }
      const row = [];
      for (let c = 0; c < this.w; c++) {
        const td = tr.insertCell();
        td.className = "cell" + ((c + 1) % 5 === 0 && c + 1 < this.w ? " b5" : "");
        td.dataset.r = r;
        td.dataset.c = c;
        row.push(td);
      }
      this.cells.push(row);
    }
    this.container.replaceChildren(table);
    if (this.opts.rowClues) this.setClues(this.opts.rowClues, this.opts.colClues);
    table.addEventListener("contextmenu", (e) => e.preventDefault());
    table.addEventListener("pointerdown", (e) => this.down(e));
    table.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", () => this.up());
    table.addEventListener("pointercancel", () => this.up());
  }

  // Rewrites every clue: rows and cols are lists of runs [[length, symbol], ...];
  // `coloured` (default: more than one colour) draws each number on its colour.
  setClues(rows, cols, coloured) {
    this.coloured = coloured === undefined ? Object.keys(this.opts.colours || {}).length > 1 : coloured;
    if (!this.hasClues) return;
    let digits = 1;
    for (const line of rows.concat(cols))
      for (const [n] of line) digits = Math.max(digits, String(n).length);
    this.table.style.setProperty("--digits", digits);
    const depth = Math.max(1, ...cols.map((c) => c.length));
    this.table.style.setProperty("--col-depth", depth);
    rows.forEach((runs, r) => this.setLine(this.rowClueCells[r], runs));
    cols.forEach((runs, c) => this.setLine(this.colClueCells[c], runs));
  }

  // One line's clue: a slot per number (0 for an empty line).
  setLine(td, runs) {
    const colours = this.opts.colours || {};
    const colour = this.coloured;
    const key = colour + JSON.stringify(runs);
    if (td.dataset.key === key) return;
    td.dataset.key = key;
    const slots = (runs.length ? runs : [[0, null]]).map(([n, s]) => {
      const span = document.createElement("span");
      span.className = "num";
      span.textContent = n;
      if (colour && s && colours[s]) {
        span.style.background = colours[s];
        span.style.color = NL.contrastInk(colours[s]);
        span.dataset.sym = s;
      }
      return span;
    });
    td.replaceChildren(...slots);
  }

  cellAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    return el && el.classList && el.classList.contains("cell") &&
      this.container.contains(el) ? el : null;
  }

  down(e) {
    const td = this.cellAt(e);
    if (!td) return;
    e.preventDefault();
    const r = +td.dataset.r, c = +td.dataset.c;
    this.drag = { r, c, button: e.button, axis: null, last: `${r},${c}` };
    this.opts.onPaint(r, c, e.button, true);
  }

  move(e) {
    if (!this.drag) return;
    const td = this.cellAt(e);
    if (!td) return;
    let r = +td.dataset.r, c = +td.dataset.c;
    const d = this.drag;
    if (!d.axis && (r !== d.r || c !== d.c)) d.axis = r === d.r ? "row" : c === d.c ? "col" : null;
    if (d.axis === "row") r = d.r;
    if (d.axis === "col") c = d.c;
    if (!d.axis && !(r === d.r && c === d.c)) return;
    // Fill every cell between the last one and this one, so fast drags leave no gaps.
    const [lr, lc] = d.last.split(",").map(Number);
    const steps = Math.max(Math.abs(r - lr), Math.abs(c - lc));
    for (let i = 1; i <= steps; i++) {
      const rr = lr + Math.sign(r - lr) * Math.min(i, Math.abs(r - lr));
      const cc = lc + Math.sign(c - lc) * Math.min(i, Math.abs(c - lc));
      this.opts.onPaint(rr, cc, d.button, false);
    }
    d.last = `${r},${c}`;
  }

  up() {
    if (!this.drag) return;
    this.drag = null;
    if (this.opts.onEnd) this.opts.onEnd();
  }

  // Shows value v ('.', 'x' for a marked empty cell, '?' unknown, or a symbol).
  // Only the background colour is set, so that class shading (.open) shows.
  show(r, c, v) {
    const td = this.cells[r][c];
    const colours = this.opts.colours || {};
    td.style.backgroundColor = v === "." || v === "?" || v === "x" ? "" : colours[v] || "#222";
    td.classList.toggle("mark", v === "x");
  }

  // Puts class `name` on exactly the cells listed as [r, c].
  highlight(name, list) {
    for (const row of this.cells) for (const td of row) td.classList.remove(name);
    for (const [r, c] of list || []) this.cells[r][c].classList.add(name);
  }
};

// The ink that reads on a background of css colour "#rrggbb": black or
// white, whichever contrasts more (WCAG relative luminance; 0.179 is where
// the two contrasts are equal), as render.cpp's contrast_ink.
NL.contrastInk = function (css) {
  const m = /^#?([0-9a-f]{6})$/i.exec(css || "");
  if (!m) return "#000000";
  const v = parseInt(m[1], 16);
  const lin = (ch) => { const c = ch / 255; return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const y = 0.2126 * lin(v >> 16 & 255) + 0.7152 * lin(v >> 8 & 255) + 0.0722 * lin(v & 255);
  return y > 0.179 ? "#000000" : "#ffffff";
};

// The clues of a picture (rows of symbols): {rows, cols}, each a list of runs.
NL.cluesOf = function (pic) {
  const w = pic.length ? pic[0].length : 0;
  return {
    rows: pic.map((row) => NL.runsOf(row)),
    cols: Array.from({ length: w }, (_, c) => NL.runsOf(pic.map((row) => row[c]))),
  };
};
