// The Make tab's palette: any number of colours, each with a symbol (its
// character in the picture), a CSS colour and a name. Add, remove, pick
// (input type=color) and name them; the puzzle sent to the server (our JSON
// format, io/json.cpp) carries the colours the picture uses, so every
// export that keeps colours keeps these (docs/formats.md, "Colour formats").

export class Palette {
  // onChange(removed): called after any edit; `removed` is the symbol of a
  // colour just removed (its cells must become empty), or null.
  constructor(onChange) {
    this.onChange = onChange;
    this.box = document.getElementById("make-palette");
    this.set([
      { sym: "#", css: "#000000", name: "black" }, { sym: "r", css: "#d62828", name: "red" },
      { sym: "b", css: "#1d4ed8", name: "blue" }, { sym: "g", css: "#2a9d4b", name: "green" },
      { sym: "y", css: "#f7b801", name: "yellow" },
    ]);
    const $ = (id) => document.getElementById(id);
    $("palette-add").onclick = () => this.add();
    $("palette-remove").onclick = () => this.remove(this.current);
    $("palette-pick").oninput = (e) => this.edit({ css: e.target.value.toLowerCase() });
    $("palette-name").onchange = (e) => this.edit({ name: e.target.value });
  }

  // Symbols a new colour may take: not the background '.', nor the Play
  // tab's 'x' (a cell marked empty) and '?' (unknown).
  static freeSymbol(taken) {
    for (const ch of "#abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
      if (!taken.has(ch)) return ch;
    return null;
  }

  set(colours) {
    this.colours = colours.map((c) => ({ ...c }));
    if (!this.colours.some((c) => c.sym === this.current)) this.current = this.colours[0].sym;
    this.show();
  }

  get css() {
    const out = {};
    for (const c of this.colours) out[c.sym] = c.css;
    return out;
  }

  find(sym) { return this.colours.find((c) => c.sym === sym); }
  nameOf(sym) { return sym === "." ? "empty" : (this.find(sym) || { name: sym }).name; }

  show() {
    this.box.replaceChildren();
    for (const col of this.colours) {
      const b = document.createElement("button");
      b.className = "swatch" + (col.sym === this.current ? " active" : "");
      b.style.background = col.css;
      b.title = col.name;
      b.dataset.sym = col.sym;
      b.onclick = () => { this.current = col.sym; this.show(); };
      this.box.appendChild(b);
    }
    const cur = this.find(this.current);
    document.getElementById("palette-pick").value = cur.css;
    document.getElementById("palette-name").value = cur.name;
    document.getElementById("palette-remove").disabled = this.colours.length < 2;
  }

  // A unique, non-empty name: what the formats that name colours write.
  uniqueName(name, sym) {
    let base = (name || "").trim().replace(/\s+/g, "-") || "colour";
    let n = base, k = 2;
    while (this.colours.some((c) => c.sym !== sym && c.name.toLowerCase() === n.toLowerCase()))
      n = base + "-" + k++;
    return n;
  }

  add() {
    const sym = Palette.freeSymbol(new Set(this.colours.map((c) => c.sym)));
    if (!sym) throw new Error("no symbol left for another colour");
    const hue = (this.colours.length * 137) % 360;  // a fresh hue each time
    const css = Palette.hslHex(hue, 0.65, 0.45);
    this.colours.push({ sym, css, name: this.uniqueName("colour-" + this.colours.length, sym) });
    this.current = sym;
    this.show();
    this.onChange(null);
  }

  remove(sym) {
    if (this.colours.length < 2) return;
    this.colours = this.colours.filter((c) => c.sym !== sym);
    this.current = this.colours[0].sym;
    this.show();
    this.onChange(sym);
  }

  edit(change) {
    const cur = this.find(this.current);
    if (change.css) cur.css = change.css;
    if (change.name !== undefined) cur.name = this.uniqueName(change.name, cur.sym);
    this.show();
    this.onChange(null);
  }

  // Our JSON "colours" for a picture: the background, then the colours it
  // uses in palette order (the first colour when it uses none).
  forPicture(pic) {
    const used = new Set();
    for (const row of pic) for (const v of row) used.add(v);
    let list = this.colours.filter((c) => used.has(c.sym));
    if (!list.length) list = [this.colours[0]];
    return [{ name: "white", symbol: ".", rgb: "#ffffff" }]
      .concat(list.map((c) => ({ name: c.name, symbol: c.sym, rgb: c.css })));
  }

  // The palette of a puzzle read through /api/convert?to=json (its
  // "colours", background first; none for black and white), in the page's
  // symbols (symbolMap).
  static fromJson(colours) {
    if (!colours) return [{ sym: "#", css: "#000000", name: "black" }];
    const fg = colours.slice(1);
    const map = Palette.symbolMap(colours);
    const names = Palette.nameAll(fg.map((c) => ({ name: c.name, css: c.rgb })));
    return fg.map((c, k) => ({ sym: map.get(c.symbol), css: c.rgb.toLowerCase(), name: names[k] }));
  }

  // A file's colour symbols -> the page's: the background is always '.',
  // whatever the file calls it (a space, in some XML files); a colour keeps
  // its own symbol unless the page reserves it ('.', '?' unknown, 'x'
  // marked empty, blanks) or an earlier colour has it, and then takes a
  // free one. Pictures in the file's symbols go through the same map.
  static symbolMap(colours) {
    const map = new Map();
    if (!colours) return new Map([[".", "."], ["#", "#"]]);
    map.set(colours[0].symbol, ".");
    const taken = new Set(["."]);
    const keep = colours.slice(1).map((c) => {
      const s = c.symbol;
      const ok = typeof s === "string" && s.length === 1 && s > " " && s < "\x7f" && !".?x".includes(s) && !taken.has(s);
      if (ok) taken.add(s);
      return ok;
    });
    colours.slice(1).forEach((c, k) => {
      if (!keep[k]) {
        const sym = Palette.freeSymbol(taken);
        if (!sym) throw new Error("this puzzle has more colours than the page has symbols for");
        taken.add(sym);
        map.set(c.symbol, sym);
      } else map.set(c.symbol, c.symbol);
    });
    return map;
  }

  // Rows in a file's symbols (symbolMap) as rows in the page's.
  static mapRows(rows, map) {
    return rows.map((row) => Array.from(row, (ch) => (map.has(ch) ? map.get(ch) : ch)).join(""));
  }

  // A name for a colour as people see it ("red", "dark blue"): the
  // nearest of a few common colours, by the "redmean" weighted RGB distance.
  static describe(css) {
    const m = /^#?([0-9a-f]{6})$/i.exec(css || "");
    if (!m) return "colour";
    const rgb = (hex) => [0, 2, 4].map((i) => parseInt(hex.substr(i, 2), 16));
    const [r, g, b] = rgb(m[1]);
    let best = "colour", bestD = Infinity;
    // A colour with (almost) no hue is named among the greys alone: the
    // distance weighs green most, so a dark grey sat nearer "dark green"
    // than "black" or "grey".
    const flat = Math.max(r, g, b) - Math.min(r, g, b) < 24;
    for (const [name, hex] of Palette.NAMED) {
      const [r2, g2, b2] = rgb(hex);
      if (flat && !(r2 === g2 && g2 === b2)) continue;
      const mean = (r + r2) / 2;
      const d = (2 + mean / 256) * (r - r2) ** 2 + 4 * (g - g2) ** 2 + (2 + (255 - mean) / 256) * (b - b2) ** 2;
      if (d < bestD) { bestD = d; best = name; }
    }
    return best;
  }

  // Names for a list of colours [{name, css}]: a name someone chose is
  // kept; one a program made up ("colour-a", "colour B", "d62828") is
  // replaced by describe(); all unique, and none "white" (the background's).
  static nameAll(list) {
    const made = /^(colou?r[-_ ]?[a-z0-9]{0,2}|#?[0-9a-f]{6})$/i;
    const taken = new Set(["white"]);
    return list.map((c) => {
      const base = c.name && !made.test(c.name) ? c.name : Palette.describe(c.css);
      let name = base, k = 2;
      while (taken.has(name.toLowerCase())) name = base + "-" + k++;
      taken.add(name.toLowerCase());
      return name;
    });
  }

  static hslHex(h, s, l) {
    const f = (n) => {
      const k = (n + h / 30) % 12;
      const v = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      return Math.round(v * 255).toString(16).padStart(2, "0");
    };
    return "#" + f(0) + f(8) + f(4);
  }
}

Palette.NAMED = [
  ["black", "000000"], ["dark grey", "454545"], ["grey", "808080"], ["light grey", "c8c8c8"], ["white", "ffffff"],
  ["red", "d62828"], ["dark red", "7f1d1d"], ["pink", "f472b6"], ["orange", "f97316"],
  ["brown", "8b4513"], ["beige", "e8d5b0"], ["yellow", "f7d501"], ["olive", "808000"],
  ["lime", "84cc16"], ["green", "2a9d4b"], ["dark green", "14532d"], ["teal", "0d9488"],
  ["cyan", "22d3ee"], ["light blue", "7cb9f0"], ["blue", "1d4ed8"], ["navy", "1e2a6e"],
  ["purple", "7c3aed"], ["magenta", "d946ef"],
];
