// Print: the puzzle alone on paper, ready to publish through the browser's
// "Save as PDF": its title, its author, its clues and the empty grid,
// scaled to the page, in colour when the puzzle has colours; with the
// option, a second page holds the solution. The sheet is built into
// #print-sheet, which only the print stylesheet shows (print.css); tabs,
// buttons and panels never print. A Print button builds the sheet for its
// tab and opens the browser's print dialog; printing from the browser's
// menu builds it too (beforeprint), for the tab that is shown.
import { contrastInk, cluesOf } from "./board.js";
import { details } from "./details.js";

// The printable area both A4 and US Letter give with print.css's 12 mm
// margins, less the room the heading and the footer take, in mm.
const PAPER = { width: 186, height: 255 - 40 };
const MAX_CELL = 9;  // mm: a small puzzle stays puzzle-sized, not poster-sized

// A puzzle as the sheet needs it: {title, author, width, height, rows,
// cols (runs [[length, symbol]]), colours ({symbol: css}), coloured,
// solution (rows of symbols, '.' background) or null}.
export function sheetOf(p) {
  const sheet = document.createElement("section");
  sheet.id = "print-sheet";
  sheet.setAttribute("aria-hidden", "true");
  const depth = (lines) => Math.max(1, ...lines.map((l) => l.length));
  const across = p.width + depth(p.rows), down = p.height + depth(p.cols);
  const cell = Math.max(2, Math.min(MAX_CELL, Math.floor(10 * Math.min(PAPER.width / across, PAPER.height / down)) / 10));
  let digits = 1;
  for (const line of p.rows.concat(p.cols)) for (const [n] of line) digits = Math.max(digits, String(n).length);
  sheet.style.setProperty("--pcell", cell + "mm");
  sheet.style.setProperty("--pdigits", digits);
  sheet.dataset.cell = String(cell);

  const page = (cls) => {
    const div = document.createElement("div");
    div.className = "sheet-page " + cls;
    sheet.appendChild(div);
    return div;
  };
  const heading = (box, text, tag) => {
    const h = document.createElement(tag);
    h.className = "sheet-title";
    h.textContent = text;
    box.appendChild(h);
  };
  const title = p.title || `Untitled ${p.width}×${p.height} puzzle`;
  const front = page("sheet-puzzle");
  heading(front, title, "h1");
  if (p.author) {
    const by = document.createElement("p");
    by.className = "sheet-author";
    by.textContent = "by " + p.author;
    front.appendChild(by);
  }
  front.appendChild(grid(p, null));
  const foot = document.createElement("p");
  foot.className = "sheet-foot";
  foot.textContent = `${p.width}×${p.height}` + (p.coloured ? `, ${Object.keys(p.colours).length} colours` : "");
  front.appendChild(foot);
  if (p.solution) {
    const back = page("sheet-solution");
    heading(back, "Solution: " + title, "h2");
    back.appendChild(grid(p, p.solution));
  }
  return sheet;
}

// The clues and the grid as one table; `fill`: rows of symbols to paint.
function grid(p, fill) {
  const table = document.createElement("table");
  table.className = "sheet-grid";
  const depthRows = Math.max(1, ...p.rows.map((l) => l.length));
  const depthCols = Math.max(1, ...p.cols.map((l) => l.length));
  const num = (n, s) => {
    const span = document.createElement("span");
    span.className = "pnum";
    span.textContent = n;
    if (p.coloured && s && p.colours[s]) {
      span.style.background = p.colours[s];
      span.style.color = contrastInk(p.colours[s]);
    }
    return span;
  };
  const head = table.insertRow();
  const corner = head.insertCell();
  corner.className = "pcorner";
  corner.style.width = `calc(${depthRows} * var(--pcell))`;
  for (let c = 0; c < p.width; c++) {
    const td = head.insertCell();
    td.className = "pclue pcol" + ((c + 1) % 5 === 0 && c + 1 < p.width ? " p5" : "");
    td.style.height = `calc(${depthCols} * var(--pcell))`;
    td.append(...(p.cols[c].length ? p.cols[c] : [[0, null]]).map(([n, s]) => num(n, s)));
  }
  for (let r = 0; r < p.height; r++) {
    const tr = table.insertRow();
    if ((r + 1) % 5 === 0 && r + 1 < p.height) tr.className = "p5";
    const clue = tr.insertCell();
    clue.className = "pclue prow";
    clue.append(...(p.rows[r].length ? p.rows[r] : [[0, null]]).map(([n, s]) => num(n, s)));
    for (let c = 0; c < p.width; c++) {
      const td = tr.insertCell();
      td.className = "pcell" + ((c + 1) % 5 === 0 && c + 1 < p.width ? " p5" : "");
      const v = fill ? fill[r][c] : ".";
      if (v !== "." && v !== "?" && v !== "x") td.style.background = p.colours[v] || "#000000";
    }
  }
  return table;
}

// Make's drawing as a puzzle: its clues, and itself as the solution.
export function fromMake(make, withSolution) {
  const { rows, cols } = cluesOf(make.pic);
  const used = make.palette.forPicture(make.pic).slice(1);
  const colours = {};
  for (const c of used) colours[c.symbol] = c.rgb;
  const coloured = used.length > 1 || (used[0] && used[0].rgb.toLowerCase() !== "#000000");
  return { ...details.get(), width: make.w, height: make.h, rows, cols, colours, coloured,
           solution: withSolution ? make.pic.map((row) => row.join("")) : null };
}

// Play's puzzle; its solution (when asked for and the puzzle has exactly
// one) comes from the engine's solve.
export async function fromPlay(play, withSolution) {
  const p = play.puzzle;
  if (!p) return null;
  let solution = null;
  if (withSolution) {
    try { solution = await play.solution(); } catch (e) { solution = null; }
  }
  return { title: p.title, author: p.author, width: p.w, height: p.h, rows: p.rows, cols: p.cols,
           colours: play.bw ? { "#": "#000000" } : play.colours, coloured: !play.bw, solution };
}

// Puts the sheet for `puzzle` into the page (replacing an older one).
export function place(puzzle) {
  const old = document.getElementById("print-sheet");
  if (old) old.remove();
  if (puzzle) document.body.appendChild(sheetOf(puzzle));
}

// The Print buttons and the browser's own print command.
export function wirePrint(make, play) {
  const $ = (id) => document.getElementById(id);
  const active = () => (document.getElementById("play").classList.contains("active") ? "play" : "make");
  const want = (tab) => !!($(tab + "-print-solution") && $(tab + "-print-solution").checked);
  const build = async (tab) => place(tab === "play" ? await fromPlay(play, want("play")) : fromMake(make, want("make")));
  for (const tab of ["make", "play"]) {
    const button = $(tab + "-print");
    if (!button) continue;
    button.onclick = async () => {
      await build(tab);
      document.body.dataset.printed = tab;  // the tests' sign that the sheet is in place
      window.print();
    };
  }
  // The browser's menu: what is shown, with what is at hand (no solve waited for).
  window.addEventListener("beforeprint", () => {
    if (document.body.dataset.printed) return;  // a Print button has just built it
    const tab = active();
    if (tab === "make") place(fromMake(make, want("make")));
    else if (play.puzzle) {
      const rec = play.solved;
      const p = { ...play.puzzle };
      place({ title: p.title, author: p.author, width: p.w, height: p.h, rows: p.rows, cols: p.cols,
              colours: play.bw ? { "#": "#000000" } : play.colours, coloured: !play.bw,
              solution: want("play") && rec && rec.status === "unique" ? rec.solutions[0] : null });
    }
  });
  window.addEventListener("afterprint", () => { delete document.body.dataset.printed; });
}
