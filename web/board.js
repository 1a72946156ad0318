// Board: a grid of cells drawn as a table, with optional clues, painted by
// mouse (left and right buttons) and touch through pointer events. A drag
// paints along the row or column it started in, as players expect.
"use strict";

NL.Board = class {
  // opts: {width, height, rowClues?, colClues?, colours: {symbol: css colour},
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

  render() {
    const o = this.opts;
    const table = document.createElement("table");
    const depthCol = o.colClues ? Math.max(1, ...o.colClues.map((c) => c.length)) : 0;
    if (o.colClues) {
      const tr = table.insertRow();
      if (o.rowClues) tr.insertCell().className = "corner";
      for (let c = 0; c < this.w; c++) {
        const td = tr.insertCell();
        td.className = "clue colclue";
        td.dataset.col = c;
        td.innerHTML = this.clueHtml(o.colClues[c], "<br>") || "0";
        td.style.height = depthCol * 14 + "px";
      }
    }
    for (let r = 0; r < this.h; r++) {
      const tr = table.insertRow();
      if ((r + 1) % 5 === 0 && r + 1 < this.h) tr.className = "b5";
      if (o.rowClues) {
        const td = tr.insertCell();
        td.className = "clue rowclue";
        td.dataset.row = r;
        td.innerHTML = this.clueHtml(o.rowClues[r], " ") || "0";
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
    table.addEventListener("contextmenu", (e) => e.preventDefault());
    table.addEventListener("pointerdown", (e) => this.down(e));
    table.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", () => this.up());
    table.addEventListener("pointercancel", () => this.up());
  }

  clueHtml(runs, sep) {
    const colours = this.opts.colours || {};
    return (runs || []).map(([n, s]) => {
      const css = colours[s];
      return css && s !== "#" ? `<span style="color:${css}">${n}</span>` : String(n);
    }).join(sep);
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
  show(r, c, v) {
    const td = this.cells[r][c];
    const colours = this.opts.colours || {};
    td.style.background = v === "." || v === "?" || v === "x" ? "" : colours[v] || "#222";
    td.classList.toggle("mark", v === "x");
  }

  // Puts class `name` on exactly the cells listed as [r, c].
  highlight(name, list) {
    for (const row of this.cells) for (const td of row) td.classList.remove(name);
    for (const [r, c] of list || []) this.cells[r][c].classList.add(name);
  }
};
