// Make's drawing tools: pen (a drag paints along its row or column), line,
// rectangle (outline or filled) and flood fill, which draw with the pointer;
// and mirror, invert and shift, which change the whole picture at once; any
// stroke can also draw symmetrically (left-right, top-bottom or both).
// Each use is one undo step (make.js commits when it ends). The right
// button, or starting a pen stroke on a cell of the current colour, erases.
import { lineCells } from "./board.js";

export class Tools {
  constructor(make) {
    this.make = make;
    this.tool = "pen";
    const bar = document.getElementById("make-tools");
    const button = (id, text, title, onclick) => {
      const b = document.createElement("button");
      b.id = id;
      b.textContent = text;
      b.title = title;
      b.onclick = onclick;
      bar.appendChild(b);
      return b;
    };
    button("make-undo", "Undo", "undo (Ctrl+Z)", () => make.undo());
    button("make-redo", "Redo", "redo (Ctrl+Y or Ctrl+Shift+Z)", () => make.redo());
    const group = document.createElement("span");
    group.className = "tool-group";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "drawing tool");
    bar.appendChild(group);
    const tools = { pen: ["Pen", "paint cells; a drag follows its row or column"],
                    line: ["Line", "drag a straight line"], rect: ["Rectangle", "drag a rectangle's outline"],
                    box: ["Filled", "drag a filled rectangle"], fill: ["Fill", "fill the area of one colour"] };
    for (const [name, [text, title]] of Object.entries(tools)) {
      const b = button("tool-" + name, text, title, () => this.setTool(name));
      b.dataset.tool = name;
      group.appendChild(b);
    }
    const ops = { "flip-h": ["Mirror ↔", "mirror left to right"], "flip-v": ["Mirror ↕", "mirror top to bottom"],
                  invert: ["Invert", "empty cells take the colour, coloured cells become empty"],
                  "shift-left": ["←", "shift the picture one cell left (the edge wraps around)"],
                  "shift-up": ["↑", "shift the picture one cell up (the edge wraps around)"],
                  "shift-down": ["↓", "shift the picture one cell down (the edge wraps around)"],
                  "shift-right": ["→", "shift the picture one cell right (the edge wraps around)"] };
    for (const [name, [text, title]] of Object.entries(ops))
      button("op-" + name, text, title, () => this.op(name));
    const select = (id, label, options, onchange) => {
      const box = document.createElement("select");
      box.id = id;
      box.setAttribute("aria-label", label);
      for (const [v, text] of options) box.add(new Option(text, v));
      box.onchange = () => onchange(box.value);
      bar.appendChild(box);
    };
    // Symmetric drawing: every cell a stroke sets is set in its mirror images too.
    this.symmetry = "";
    select("make-symmetry", "symmetric drawing",
      [["", "Symmetry: off"], ["h", "Symmetry: ↔"], ["v", "Symmetry: ↕"], ["hv", "Symmetry: both"]],
      (v) => { this.symmetry = v; });
    // Cell size: fitted to the screen, or fixed (the board then scrolls in its box).
    this.zoom = "fit";
    select("make-zoom", "cell size",
      [["fit", "Cells: fit"], ["16", "Cells: 16 px"], ["24", "Cells: 24 px"], ["32", "Cells: 32 px"]],
      (v) => { this.zoom = v; make.fitBoard(); });
    this.panButton = button("make-pan", "Touch: draw", "what a finger on the grid does: draw, or scroll the page",
      () => this.setPan(!this.pan));
    this.setTool("pen");
  }

  setTool(name) {
    this.tool = name;
    for (const b of document.querySelectorAll("#make-tools [data-tool]"))
      b.setAttribute("aria-pressed", b.dataset.tool === name ? "true" : "false");
  }

  setPan(on) {
    this.pan = on;
    this.panButton.textContent = on ? "Touch: scroll" : "Touch: draw";
    this.panButton.setAttribute("aria-pressed", on ? "true" : "false");
    if (this.make.board) this.make.board.setPan(on);
  }

  // Cell (r, c) and its mirror images under the symmetry chosen.
  mirrored(r, c) {
    const m = this.make, out = [[r, c]];
    if (this.symmetry.includes("h")) out.push([r, m.w - 1 - c]);
    if (this.symmetry.includes("v")) out.push([m.h - 1 - r, c]);
    if (this.symmetry === "hv") out.push([m.h - 1 - r, m.w - 1 - c]);
    return out;
  }

  // Tools other than the pen take every cell the pointer crosses.
  get free() { return this.tool !== "pen"; }

  // A pointer event of a shape or fill stroke: the shape from its first
  // cell to this one replaces what the previous event drew.
  paint(r, c, button, first) {
    const m = this.make;
    if (first) {
      const cur = m.palette.current;
      const value = button === 2 ? "." : this.tool === "fill" && m.pic[r][c] === cur ? "." : cur;
      this.shape = { r, c, value, base: m.pic.map((row) => row.slice()) };
    }
    const s = this.shape;
    if (!s) return;
    const pic = s.base.map((row) => row.slice());
    if (this.tool === "fill") {
      if (!first) return;
      picOps.flood(pic, r, c, s.value);
    } else if (this.tool === "line") {
      for (const [rr, cc] of lineCells(s.r, s.c, r, c)) pic[rr][cc] = s.value;
    } else {
      picOps.rect(pic, s.r, s.c, r, c, s.value, this.tool === "box");
    }
    if (this.symmetry) {
      const set = [];
      pic.forEach((row, y) => row.forEach((v, x) => { if (v !== s.base[y][x]) set.push([y, x, v]); }));
      for (const [y, x, v] of set) for (const [yy, xx] of this.mirrored(y, x)) pic[yy][xx] = v;
    }
    m.setPicture(pic);
  }

  op(name) {
    const m = this.make, O = picOps;
    const pic = name === "flip-h" ? O.flipH(m.pic) : name === "flip-v" ? O.flipV(m.pic)
      : name === "invert" ? O.invert(m.pic, m.palette.current)
      : O.shift(m.pic, { "shift-up": [-1, 0], "shift-down": [1, 0],
                         "shift-left": [0, -1], "shift-right": [0, 1] }[name]);
    m.setPicture(pic);
    m.changed();
    m.commit();
  }
}

// Whole-picture operations on rows of symbols; each returns a new picture.
export const picOps = {
  flipH: (pic) => pic.map((row) => row.slice().reverse()),
  flipV: (pic) => pic.slice().reverse().map((row) => row.slice()),
  invert: (pic, sym) => pic.map((row) => row.map((v) => (v === "." ? sym : "."))),
  // Moves every cell by (dr, dc); what leaves one edge comes in at the
  // other, so a shift loses nothing and four shifts back restore it.
  shift(pic, [dr, dc]) {
    const h = pic.length, w = pic[0].length;
    return pic.map((row, r) => row.map((_, c) => pic[(r - dr + h) % h][(c - dc + w) % w]));
  },
  rect(pic, r0, c0, r1, c1, v, filled) {
    const [top, bottom] = [Math.min(r0, r1), Math.max(r0, r1)];
    const [left, right] = [Math.min(c0, c1), Math.max(c0, c1)];
    for (let r = top; r <= bottom; r++)
      for (let c = left; c <= right; c++)
        if (filled || r === top || r === bottom || c === left || c === right) pic[r][c] = v;
  },
  // The 4-connected area of (r, c)'s value takes value v (in place).
  flood(pic, r, c, v) {
    const from = pic[r][c];
    if (from === v) return;
    const todo = [[r, c]];
    while (todo.length) {
      const [y, x] = todo.pop();
      if (y < 0 || x < 0 || y >= pic.length || x >= pic[0].length || pic[y][x] !== from) continue;
      pic[y][x] = v;
      todo.push([y + 1, x], [y - 1, x], [y, x + 1], [y, x - 1]);
    }
  },
};
