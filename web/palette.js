// The Make tab's palette: any number of colours, each with a symbol (its
// character in the picture), a CSS colour and a name. Add, remove, pick
// (input type=color) and name them; the puzzle sent to the server (our JSON
// format, io/json.cpp) carries the colours the picture uses, so every
// export that keeps colours keeps these (docs/formats.md, "Colour formats").
"use strict";

NL.Palette = class {
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
    const sym = NL.Palette.freeSymbol(new Set(this.colours.map((c) => c.sym)));
    if (!sym) throw new Error("no symbol left for another colour");
    const hue = (this.colours.length * 137) % 360;  // a fresh hue each time
    const css = NL.Palette.hslHex(hue, 0.65, 0.45);
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
  // "colours", background first; none for black and white).
  static fromJson(colours) {
    if (!colours) return [{ sym: "#", css: "#000000", name: "black" }];
    return colours.slice(1).map((c) => ({ sym: c.symbol, css: c.rgb.toLowerCase(), name: c.name }));
  }

  static hslHex(h, s, l) {
    const f = (n) => {
      const k = (n + h / 30) % 12;
      const v = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      return Math.round(v * 255).toString(16).padStart(2, "0");
    };
    return "#" + f(0) + f(8) + f(4);
  }
};
