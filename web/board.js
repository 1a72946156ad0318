// Board: a grid of cells with optional clues, painted by mouse (left and
// right buttons) and touch through pointer events. A drag paints along the
// row or column it started in, as players expect.
//
// The grid is a <table> laid out as rows of fixed-size boxes (app.css), not
// by the table algorithm: every size follows from --cell and the clue
// depths. A small board's cells are all built, in slices of about 2000, one
// slice per frame. A bigger board (more than kWindowCells cells; up to
// 200x200, the largest a link or a request may hold) keeps in the document
// only the cells its box shows, plus a margin, and only those lines' clue
// numbers: the browser's style, layout and paint of 40,000 cells took
// seconds in one frame, however the building was sliced. The window follows
// the box's scroll and size (a frame later at most), each row holding a
// spacer and then its built cells, contiguous. State lives in the page's
// model: a cell that scrolls into view takes its value (opts.value) and its
// marks (highlight) when it is built.

// Clues follow the PNG and SVG renderer's rule (src/io/render.cpp,
// clue_font_size): every number has a slot one cell wide and one cell tall,
// and the font is the smaller of 0.6 cell and 0.8 cell / (0.56 x the
// widest number's digits), so neighbouring numbers never run together. In a
// colour puzzle each number sits on a square of its run's colour, in the
// ink that contrasts with it (contrastInk, render.cpp's contrast_ink).

// Cells built per slice: a slice's script, style and layout stay well under
// the 50 ms of a long task on a shared machine.
const kSliceCells = 2000;

// Boards with more cells than this keep only a window of cells (above).
const kWindowCells = 2500;

// Cells built beyond each edge of what the box shows, so a small scroll
// finds them built.
const kWindowMargin = 3;

// New cells per frame in a windowed board: a slice that adapts to the
// machine. The time from one frame of building to the next (the browser's
// style, layout and paint of the last slice, and whatever else the page
// ran) is kept near kWindowFrameMs, half the 100 ms a page may block: a
// longer frame halves the slice, a shorter one grows it by a quarter. The
// first slice is small, since its frame also lays out the new board.
const kWindowSlice = 150;
const kWindowSliceMin = 50;
const kWindowSliceMax = 2000;
const kWindowFrameMs = 50;

// Clue numbers per cell of the slice: drawn as text (inlineLine), a number
// costs the browser a fraction of a cell.
const kWindowCluesPerCell = 3;

// The smallest cell a board is fitted to: its clues' font is 0.6 cell, and
// 8 px is about the smallest that reads on a phone. A board that would need
// smaller cells scrolls in its box (zoom with the cell size, pan by the
// clue areas or with the box's scroll).
export const kReadableCell = 14;

export class Board {
  // opts: {width, height, clues?: true, rowClues?, colClues?, colours: {symbol: css colour},
  //        value(r, c) -> the cell's value as it is built,
  //        onPaint(r, c, button, first) -> called per cell, onEnd(), onLayout()}
  constructor(container, opts) {
    this.container = container;
    this.opts = opts;
    this.w = opts.width;
    this.h = opts.height;
    this.cells = Array.from({ length: this.h }, () => null);
    this.marks = {};  // class name -> Set of "r,c" that carry it
    this.windowed = this.w * this.h > kWindowCells;
    this.spans = [];  // windowed: row -> [c0, c1), the cells built in it
    this.filled = new Set();  // windowed: the clue cells that show numbers
    this.slice = kWindowSlice;  // windowed: new cells a frame (renderWindow)
    this.building = 0;  // windowed: when the last frame that built started, while building
    this.drag = null;
    this.render();
  }

  get hasClues() { return !!(this.opts.clues || this.opts.rowClues); }

  render() {
    const table = document.createElement("table");
    this.table = table;
    this.rowClueCells = [];
    this.colClueCells = [];
    this.rows = [];
    this.pads = [];
    if (this.hasClues) {
      const tr = table.insertRow();
      tr.className = "head";
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
      tr.className = "line" + (r === 0 ? " top" : "") + ((r + 1) % 5 === 0 && r + 1 < this.h ? " b5" : "");
      if (this.hasClues) {
        const td = tr.insertCell();
        td.className = "clue rowclue";
        td.dataset.row = r;
        this.rowClueCells.push(td);
      }
      this.rows.push(tr);
    }
    this.table.style.setProperty("--w", this.w);
    this.setDepth({ rows: 1, cols: 1 });
    this.container.replaceChildren(table);
    if (this.opts.rowClues) this.setClues(this.opts.rowClues, this.opts.colClues);
    if (this.windowed) {
      // Rows hold only their window's cells, so the table's width is set:
      // the box scrolls over the whole board.
      table.style.width = this.hasClues ? "calc((var(--row-depth) + var(--w)) * var(--cell))"
                                        : "calc(var(--w) * var(--cell))";
      table.dataset.built = "false";
      table.classList.add("windowed");
      this.spans = Array.from({ length: this.h }, () => null);
      this.container.addEventListener("scroll", this.onScroll = () => this.refresh(), { passive: true });
      this.observer = new ResizeObserver(() => this.refresh());
      this.observer.observe(this.container);
      this.observer.observe(table);
      // The first window a frame later: the page fits the cell size to
      // its box first (fit()), which decides how many cells show.
      this.refresh();
    } else {
      this.build();
    }
    table.addEventListener("contextmenu", (e) => e.preventDefault());
    table.addEventListener("pointerdown", (e) => this.down(e));
    // Captured pointers keep reporting to the table until released, so a
    // stroke that leaves the grid still ends (no listener left on window).
    table.addEventListener("pointermove", (e) => this.move(e));
    table.addEventListener("pointerup", (e) => this.up(e));
    table.addEventListener("pointercancel", (e) => this.up(e));
    table.addEventListener("lostpointercapture", (e) => this.up(e));
    table.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") this.release(); });
  }

  // Builds the cells, a slice per frame; the first slice at once, so a
  // board of up to kSliceCells cells is whole when the constructor returns.
  async build() {
    const per = Math.max(1, Math.floor(kSliceCells / this.w));
    for (let r0 = 0; r0 < this.h; r0 += per) {
      if (r0) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      if (this.container.firstChild !== this.table) return false;  // replaced by a newer board
      for (let r = r0; r < Math.min(this.h, r0 + per); r++) this.buildRow(r);
    }
    this.geom = null;
    this.table.dataset.built = "true";
    return true;
  }

  // Whether this board's table is still the one shown (not replaced by a
  // newer board); a replaced board stops following its box.
  get live() {
    if (this.container.firstChild === this.table) return true;
    if (this.observer) {
      this.observer.disconnect();
      this.container.removeEventListener("scroll", this.onScroll);
      this.observer = null;
    }
    return false;
  }

  // Re-renders the window at the next frame (once however many events ask).
  refresh() {
    if (!this.windowed || this.frame) return;
    this.frame = requestAnimationFrame((now) => { this.frame = 0; this.renderWindow(now); });
  }

  // The rows and columns the box shows, plus the margin: {r0, r1, c0, c1},
  // ends excluded. A sticky clue area covers the box's first `origin`
  // pixels, so the grid's visible part starts at the box's scroll offset;
  // a loose one scrolls away, and the grid starts `origin` further on.
  // A clue area that would leave the grid less than a quarter of the box
  // is loose: held at the edge it would cover the grid, all of it when it
  // is taller than the box (a column of 100 numbers at 14 px is 1,400 px).
  // A box not laid out yet (a hidden panel) counts as a screen's worth.
  visible() {
    const cell = this.cellSize(), box = this.container;
    const x0 = this.hasClues ? this.shown.rows * cell : 0, y0 = this.hasClues ? this.shown.cols * cell : 0;
    const cw = box.clientWidth || 1400, ch = box.clientHeight || 1000;
    const stickTop = y0 <= ch * 3 / 4, stickLeft = x0 <= cw * 3 / 4;
    // toggle() to the state a class already has changes nothing, so no style is recomputed.
    this.table.classList.toggle("loose-top", !stickTop);
    this.table.classList.toggle("loose-left", !stickLeft);
    const span = (scroll, size, origin, sticky, n) => [
      Math.max(0, Math.floor((scroll - (sticky ? 0 : origin)) / cell) - kWindowMargin),
      Math.min(n, Math.ceil((scroll + size - origin) / cell) + kWindowMargin)];
    const [r0, r1] = span(box.scrollTop, ch, y0, stickTop, this.h);
    const [c0, c1] = span(box.scrollLeft, cw, x0, stickLeft, this.w);
    return { r0, r1, c0, c1 };
  }

  cellSize() {
    return parseFloat(getComputedStyle(this.table).getPropertyValue("--cell")) || 24;
  }

  // Brings the built cells to the visible window: rows that left it are
  // emptied, rows in it gain and lose cells at their ends. At most a slice
  // of new cells (and clue numbers) a frame; the rest the next frame.
  renderWindow(now) {
    if (!this.live) return;
    if (this.building) {
      const took = now - this.building;
      this.slice = took > kWindowFrameMs ? Math.max(kWindowSliceMin, Math.floor(this.slice / 2))
                                         : Math.min(kWindowSliceMax, Math.ceil(this.slice * 1.25));
    }
    const win = this.visible();
    this.win = win;
    let budget = this.slice;
    for (let r = 0; r < this.h; r++) {
      const inside = r >= win.r0 && r < win.r1;
      if (!inside) { if (this.spans[r]) this.syncRow(r, 0, 0); continue; }
      if (budget <= 0) continue;
      budget -= this.syncRow(r, win.c0, win.c1);
    }
    this.geom = null;
    const clues = this.lines ? this.setClues(...this.lines) : true;
    const done = budget > 0 && clues;
    this.building = done ? 0 : now;
    this.table.dataset.built = done ? "true" : "false";
    if (!done) this.refresh();
  }

  // Makes row r hold exactly cells [c0, c1) after its spacer; returns how
  // many cells it created.
  syncRow(r, c0, c1) {
    const tr = this.rows[r], span = this.spans[r];
    let row = this.cells[r];
    const clear = () => {
      if (row) for (const td of row) if (td) td.remove();
      if (this.pads[r]) this.pads[r].remove();
      this.pads[r] = null;
      this.cells[r] = row = null;
      this.spans[r] = null;
    };
    if (c0 >= c1) { clear(); return 0; }
    let [a, b] = span || [c0, c0];
    if (span && (b <= c0 || c1 <= a)) { clear(); a = b = c0; }
    if (!row) {
      row = this.cells[r] = new Array(this.w);
      const pad = this.pads[r] = document.createElement("td");
      pad.className = "pad";
      tr.append(pad);
    }
    for (let c = a; c < Math.min(b, c0); c++) { row[c].remove(); row[c] = undefined; }
    for (let c = Math.max(a, c1); c < b; c++) { row[c].remove(); row[c] = undefined; }
    a = Math.max(a, c0);
    b = Math.min(b, c1);
    const names = Object.keys(this.marks).filter((n) => this.marks[n].size);
    const left = [], right = [];
    for (let c = c0; c < a; c++) left.push(row[c] = this.makeCell(r, c, names));
    for (let c = Math.max(b, c0); c < c1; c++) right.push(row[c] = this.makeCell(r, c, names));
    this.pads[r].style.width = "calc(" + c0 + " * var(--cell))";
    this.pads[r].after(...left);
    tr.append(...right);
    this.spans[r] = [c0, c1];
    return left.length + right.length;
  }

  makeCell(r, c, names) {
    const td = document.createElement("td");
    td.className = "cell" + ((c + 1) % 5 === 0 && c + 1 < this.w ? " b5" : "");
    td.dataset.r = r;
    td.dataset.c = c;
    for (const n of names) if (this.marks[n].has(r + "," + c)) td.classList.add(n);
    if (this.opts.value) this.paintCell(td, this.opts.value(r, c));
    return td;
  }

  buildRow(r) {
    const row = [], tr = this.rows[r];
    const names = Object.keys(this.marks).filter((n) => this.marks[n].size);
    for (let c = 0; c < this.w; c++) row.push(this.makeCell(r, c, names));
    tr.append(...row);
    this.cells[r] = row;
  }

  // The clue areas' sizes, in slots (app.css sizes every clue cell by them).
  setDepth(d) {
    this.table.style.setProperty("--row-depth", d.rows);
    this.table.style.setProperty("--col-depth", d.cols);
    this.shown = { ...d };
  }

  // Touch input scrolls instead of painting while panning is on (a phone's
  // board fills the screen, so a swipe on it must be able to scroll).
  setPan(on) {
    this.pan = on;
    this.container.classList.toggle("pan", on);
  }

  // Rewrites every clue: rows and cols are lists of runs [[length, symbol], ...];
  // `coloured` (default: more than one colour) draws each number on its colour.
  // Every clue follows the drawing at once, during a stroke too. While the
  // clue areas are held (hold(): a stroke, and a moment after it) they keep
  // their size, so the grid never moves under a pointer that is drawing or
  // about to press again: a clue with more numbers than there is room for
  // is drawn squeezed into that room, and takes its full room when the hold
  // ends.
  setClues(rows, cols, coloured) {
    if (!this.hasClues) return true;
    // The same lines again (a windowed board's next frame): only the
    // numbers left to draw are drawn.
    const same = this.lines && this.lines[0] === rows && this.lines[1] === cols && this.lines[2] === coloured;
    this.lines = [rows, cols, coloured];
    if (!same) {
      const depth = (lines) => Math.max(1, ...lines.map((l) => l.length));
      this.depth = { rows: depth(rows), cols: depth(cols) };
      this.coloured = coloured === undefined ? Object.keys(this.opts.colours || {}).length > 1 : coloured;
      let digits = 1;
      for (const line of rows.concat(cols))
        for (const [n] of line) digits = Math.max(digits, String(n).length);
      this.table.style.setProperty("--digits", digits);
    }
    const need = this.depth;
    if (!this.held) this.setDepth(need);
    const room = this.held || { rows: Infinity, cols: Infinity };
    // A slice of numbers per frame, as the cells: a big board's first clues
    // can hold tens of thousands of numbers. Lines already shown are skipped
    // (setLine's key), so the next frame's call goes on where this one ended.
    cancelAnimationFrame(this.clueFrame);
    let budget = this.windowed ? kWindowCluesPerCell * this.slice : kSliceCells;
    // A windowed board draws the numbers of the lines in its window only,
    // and empties the others' (their clue cells stay, sized by the depths).
    const win = this.windowed ? this.win || { r0: 0, r1: 0, c0: 0, c1: 0 } : null;
    const inRows = (r) => !win || (r >= win.r0 && r < win.r1);
    const inCols = (c) => !win || (c >= win.c0 && c < win.c1);
    if (win) {
      for (const td of this.filled) {
        const inside = td.dataset.row !== undefined ? inRows(+td.dataset.row) : inCols(+td.dataset.col);
        if (inside) continue;
        td.dataset.key = "";
        td.replaceChildren();
        this.filled.delete(td);
      }
    }
    const lines = [];
    const add = (cells, runs, limit, from, to) => {
      for (let i = from; i < to; i++) lines.push([cells[i], runs[i], limit]);
    };
    add(this.rowClueCells, rows, room.rows, win ? win.r0 : 0, win ? Math.min(win.r1, rows.length) : rows.length);
    add(this.colClueCells, cols, room.cols, win ? win.c0 : 0, win ? Math.min(win.c1, cols.length) : cols.length);
    for (const [td, runs, limit] of lines) {
      if (budget <= 0) {
        // A windowed board goes on in its window's next frame (renderWindow).
        if (this.windowed) this.refresh();
        else this.clueFrame = requestAnimationFrame(() => this.setClues(...this.lines));
        return false;
      }
      budget -= this.setLine(td, runs, limit);
    }
    return true;
  }

  // One line's clue: a slot per number (0 for an empty line); more numbers
  // than `room` slots share the room (--squeeze, app.css). Returns how many
  // numbers it drew (0 when the line was shown already).
  setLine(td, runs, room) {
    const colours = this.opts.colours || {};
    const colour = this.coloured;
    const squeeze = runs.length > room ? room / runs.length : 1;
    const key = colour + ":" + squeeze + JSON.stringify(runs);
    if (td.dataset.key === key) return 0;
    td.dataset.key = key;
    td.classList.toggle("squeezed", squeeze < 1);
    if (squeeze < 1) td.style.setProperty("--squeeze", squeeze);
    else td.style.removeProperty("--squeeze");
    const list = runs.length ? runs : [[0, null]];
    if (this.windowed) {
      this.filled.add(td);
      return this.inlineLine(td, list, colour ? colours : null);
    }
    const slots = list.map(([n, s]) => {
      const span = document.createElement("span");
      span.className = "num";
      span.textContent = n;
      if (colour && s && colours[s]) {
        span.style.background = colours[s];
        span.style.color = contrastInk(colours[s]);
        span.dataset.sym = s;
      }
      return span;
    });
    td.replaceChildren(...slots);
    return slots.length;
  }

  // A windowed board's clue line: one text, a number a line, in one block
  // (span.nums), so the line is laid out as one run of text. As a box each
  // (the small boards' span.num slots), the 3,000 numbers a 200x200 shows
  // cost the browser hundreds of ms of style, layout and paint: each box had
  // its own formatting context and overflow clip. The slots stay exact
  // (app.css): a column's numbers are lines one slot tall, a row's block
  // flows its lines into columns one slot wide (multi-column layout), each
  // line centred. In colour, each number is a span.num in its ink, and its
  // square a band of the block's background, 1 px short at each end as the
  // boxes' squares are.
  inlineLine(td, list, colours) {
    const block = document.createElement("span");
    block.className = "nums";
    block.style.setProperty("--k", list.length);
    if (!colours || !list.some(([, s]) => s && colours[s])) {
      block.textContent = list.map(([n]) => n).join("\n");
      td.replaceChildren(block);
      return list.length;
    }
    const bands = [];
    const at = (j, px) => `calc(${j} * var(--slot) + ${px}px)`;
    list.forEach(([n, s], i) => {
      if (i) block.append("\n");
      if (!(s && colours[s])) {
        block.append(String(n));
        return;
      }
      const span = document.createElement("span");
      span.className = "num";
      span.textContent = n;
      span.style.color = contrastInk(colours[s]);
      span.dataset.sym = s;
      block.append(span);
      bands.push(`transparent ${at(i, 0)} ${at(i, 1)}, ${colours[s]} ${at(i, 1)} ${at(i + 1, -1)}, ` +
                 `transparent ${at(i + 1, -1)}`);
    });
    block.style.backgroundImage = `linear-gradient(${td.dataset.row !== undefined ? "to right" : "to bottom"}, ` +
      bands.join(", ") + ")";
    td.replaceChildren(block);
    return list.length;
  }

  // The grid's cell edges, measured once per stroke relative to the table:
  // the stroke hit-tests against them, so nothing that redraws mid-stroke
  // (clues, shading, the window) can shift what the pointer is over. Every
  // row and column is exactly one cell (app.css), so one built cell gives
  // the grid's origin and the rest follows.
  measure() {
    const t = this.table.getBoundingClientRect();
    const any = this.table.querySelector("td.cell");
    if (!any) return null;
    const b = any.getBoundingClientRect(), size = b.width;
    const x0 = b.left - t.left - Number(any.dataset.c) * size, y0 = b.top - t.top - Number(any.dataset.r) * size;
    const edges = (n, o) => Array.from({ length: n }, (_, i) => [o + i * size, o + (i + 1) * size]);
    return { cols: edges(this.w, x0), rows: edges(this.h, y0) };
  }

  // The cell under the pointer, or null off the grid; `clamp` gives the
  // nearest cell instead (shapes follow a pointer that leaves the grid).
  cellAt(e, clamp) {
    const t = this.table.getBoundingClientRect();
    const find = (edges, v) => {
      if (v < edges[0][0]) return clamp ? 0 : -1;
      for (let i = 0; i < edges.length; i++) if (v < edges[i][1]) return i;
      return clamp ? edges.length - 1 : -1;
    };
    const g = this.geom || this.measure();
    if (!g) return null;
    const r = find(g.rows, e.clientY - t.top), c = find(g.cols, e.clientX - t.left);
    return r < 0 || c < 0 ? null : [r, c];
  }

  // Holds the clue areas at their size (hold) until release(): from a
  // stroke's first cell until a mouse leaves the board, or a second after
  // a finger or pen lifts (the next tap lands where it was aimed).
  hold() {
    clearTimeout(this.releaseTimer);
    if (this.held || !this.hasClues) return;
    this.held = { ...this.shown };
  }

  release() {
    clearTimeout(this.releaseTimer);
    if (!this.held || this.drag) return;
    this.held = null;
    if (this.lines) this.setClues(...this.lines);
    if (this.opts.onLayout) this.opts.onLayout();
  }

  // Whether the board's layout must stay as it is (a stroke, or its hold).
  get busy() { return !!(this.drag || this.held); }

  down(e) {
    if (this.drag || (this.pan && e.pointerType !== "mouse")) return;
    this.geom = this.measure();
    const at = this.cellAt(e);
    if (!at) return;
    e.preventDefault();
    try { this.table.setPointerCapture(e.pointerId); } catch (_) { /* a synthetic pointer */ }
    const [r, c] = at;
    this.hold();
    this.drag = { r, c, button: e.button, axis: null, last: [r, c], id: e.pointerId,
                  free: !!(this.opts.free && this.opts.free()) };
    this.opts.onPaint(r, c, e.button, true);
  }

  move(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const at = this.cellAt(e, d.free);
    if (!at) return;
    let [r, c] = at;
    if (!d.free) {
      if (!d.axis && (r !== d.r || c !== d.c)) d.axis = r === d.r ? "row" : c === d.c ? "col" : null;
      if (d.axis === "row") r = d.r;
      if (d.axis === "col") c = d.c;
      if (!d.axis && !(r === d.r && c === d.c)) return;
    }
    // Every cell between the last one and this one, so fast drags leave no gaps.
    const [lr, lc] = d.last;
    for (const [rr, cc] of lineCells(lr, lc, r, c).slice(1)) this.opts.onPaint(rr, cc, d.button, false);
    d.last = [r, c];
  }

  up(e) {
    if (!this.drag || (e && e.pointerId !== this.drag.id)) return;
    this.drag = null;
    this.geom = null;
    if (this.opts.onEnd) this.opts.onEnd();
    const t = this.table.getBoundingClientRect();
    const over = e && e.clientX >= t.left && e.clientX < t.right && e.clientY >= t.top && e.clientY < t.bottom;
    if (e && e.pointerType === "mouse" && over) return;  // released when it leaves (render())
    if (e && e.pointerType !== "mouse") this.releaseTimer = setTimeout(() => this.release(), 1000);
    else this.release();
  }

  // Cell size to the space there is: the largest size up to `max` px at
  // which the table fits `width` px, not below `min`. Borders and clue
  // padding are measured, not guessed: estimate, then step down until it fits.
  fit(width, max, min) {
    const d = this.shown || { rows: 1, cols: 1 };
    const units = this.w + (this.hasClues ? d.rows : 0);
    // The grid's outer border and the thicker fifth lines take no room of
    // their own: every row and column is exactly --cell (app.css).
    const cell = Math.max(min, Math.min(max, Math.floor((width - 4) / units)));
    // Only a change restyles the board (all its cells use --cell).
    if (this.container.style.getPropertyValue("--cell") !== cell + "px")
      this.container.style.setProperty("--cell", cell + "px");
    return cell;
  }

  // Shows value v ('.', 'x' for a marked empty cell, '?' unknown, or a symbol).
  // Only the background colour is set, so that class shading (.open) shows.
  // A cell not built yet gets its value from opts.value when it is.
  show(r, c, v) {
    const td = this.cells[r] && this.cells[r][c];
    if (td) this.paintCell(td, v);
  }

  paintCell(td, v) {
    const colours = this.opts.colours || {};
    td.style.backgroundColor = v === "." || v === "?" || v === "x" ? "" : colours[v] || "#222";
    if (v === "x" || td.classList.contains("mark")) td.classList.toggle("mark", v === "x");
  }

  // Puts class `name` on exactly the cells listed as [r, c]; only the cells
  // that change are touched.
  highlight(name, list) {
    const old = this.marks[name] || new Set(), now = new Set();
    for (const [r, c] of list || []) now.add(r + "," + c);
    const set = (key, on) => {
      const [r, c] = key.split(",").map(Number);
      const td = this.cells[r] && this.cells[r][c];
      if (td) td.classList.toggle(name, on);
    };
    for (const key of old) if (!now.has(key)) set(key, false);
    for (const key of now) if (!old.has(key)) set(key, true);
    this.marks[name] = now;
  }
}

// The ink that reads on a background of css colour "#rrggbb": black or
// white, whichever contrasts more (WCAG relative luminance; 0.179 is where
// the two contrasts are equal), as render.cpp's contrast_ink.
export function contrastInk(css) {
  const m = /^#?([0-9a-f]{6})$/i.exec(css || "");
  if (!m) return "#000000";
  const v = parseInt(m[1], 16);
  const lin = (ch) => { const c = ch / 255; return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const y = 0.2126 * lin(v >> 16 & 255) + 0.7152 * lin(v >> 8 & 255) + 0.0722 * lin(v & 255);
  return y > 0.179 ? "#000000" : "#ffffff";
}

// The runs of one line of symbols: [[length, symbol], ...] ('.' is background).
export function runsOf(cells) {
  const runs = [];
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === "." || v === "?" || v === "x") continue;
    if (i > 0 && cells[i - 1] === v) runs[runs.length - 1][0]++;
    else runs.push([1, v]);
  }
  return runs;
}

// The clues of a picture (rows of symbols): {rows, cols}, each a list of runs.
export function cluesOf(pic) {
  const w = pic.length ? pic[0].length : 0;
  return {
    rows: pic.map((row) => runsOf(row)),
    cols: Array.from({ length: w }, (_, c) => runsOf(pic.map((row) => row[c]))),
  };
}

// The cells of a straight line from (r0, c0) to (r1, c1), both included
// (Bresenham): strokes, line tool and gap filling share it.
export function lineCells(r0, c0, r1, c1) {
  const out = [];
  const dr = Math.abs(r1 - r0), dc = Math.abs(c1 - c0), sr = Math.sign(r1 - r0), sc = Math.sign(c1 - c0);
  let err = dc - dr, r = r0, c = c0;
  for (;;) {
    out.push([r, c]);
    if (r === r1 && c === c1) return out;
    const e2 = 2 * err;
    if (e2 > -dr) { err -= dr; c += sc; }
    if (e2 < dc) { err += dc; r += sr; }
  }
}
