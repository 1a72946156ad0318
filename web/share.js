// Share by link: a puzzle's clues (never its solution) in the URL fragment,
// so the server never sees it and opening the link starts the Play tab on
// it (README, "nonolab serve", Share link).
//
//   #play=2~WxH~PALETTE~ROWS~COLUMNS[~TITLE[~AUTHOR[~NAMES]]]
//
//   2        the version of this layout (version 1, below, still opens)
//   WxH      width and height, decimal
//   PALETTE  empty for black and white; else each foreground colour as six
//            hex digits (rrggbb), concatenated; the background is white
//   ROWS     one clue per row, top to bottom, separated by "."; COLUMNS the
//            same, left to right. A clue is its runs written one after the
//            other: a length below 36 is one base-36 digit (1-9, a-z = 10-35),
//            a longer one "_" and two base-36 digits; in a colour puzzle each
//            length is followed by its colour, one capital letter (A = the
//            first colour of PALETTE). An empty line is "0".
//   TITLE    percent-encoded, "~" and "." included (empty: none)
//   AUTHOR   the same
//   NAMES    the colours' names in PALETTE's order, each percent-encoded
//            as TITLE, separated by "."
//
// Version 1 is the same up to COLUMNS, then an optional TITLE that runs to
// the end of the link (its "~" were not encoded), and neither author nor
// colour names. The 4x4 "L" (a full top row and a full left column) is
//   #play=2~4x4~~4.1.1.1~4.1.1.1

import { kMaxRequestSide } from "./limits.js";
import { Palette } from "./palette.js";

export const share = {
  prefix: "#play=",

  // Percent-encoding that also hides the link's own separators.
  field(text) {
    return encodeURIComponent(text || "").replace(/[~.!*'()]/g,
      (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  },

  // {width, height, colours: [{symbol, rgb, name?}] (foreground only; [] or
  // one entry for black and white), rows, cols (runs [[length, symbol]]),
  // title?, author?}
  encode(p) {
    const colour = share.coloured(p.colours);
    if (p.colours.length > 26) throw new Error("a link holds at most 26 colours");
    const index = {};
    p.colours.forEach((c, k) => { index[c.symbol] = String.fromCharCode(65 + k); });
    const len = (n) => {
      if (n < 36) return n.toString(36);
      if (n < 36 * 36) return "_" + n.toString(36).padStart(2, "0");
      throw new Error("a link holds runs of at most 1295 cells");
    };
    const letter = (s) => {
      if (!(s in index)) throw new Error("the picture uses a colour ('" + s + "') that is not in its palette");
      return index[s];
    };
    const line = (runs) => runs.length ? runs.map(([n, s]) => len(n) + (colour ? letter(s) : "")).join("") : "0";
    const pal = colour ? p.colours.map((c) => c.rgb.replace("#", "").toLowerCase()).join("") : "";
    const names = colour ? p.colours.map((c) => share.field(c.name)).join(".") : "";
    const parts = ["2", p.width + "x" + p.height, pal, p.rows.map(line).join("."), p.cols.map(line).join("."),
                   share.field(p.title), share.field(p.author), names];
    while (parts.length > 5 && !parts[parts.length - 1]) parts.pop();  // shorter links
    return share.prefix + parts.join("~");
  },

  // The inverse of encode (either version); throws an Error saying what is
  // wrong with the link. Colours get their names from the link, else none
  // (the page names them by their look: Palette.describe).
  decode(hash) {
    const bad = (what) => { throw new Error("the link is damaged: " + what); };
    if (!hash.startsWith(share.prefix)) bad("it does not start with " + share.prefix);
    const parts = hash.slice(share.prefix.length).split("~");
    const version = parts[0];
    if (version !== "1" && version !== "2")
      bad("unknown version '" + version + "' (this page reads versions 1 and 2)");
    if (parts.length < 5) bad("expected 5 fields separated by '~', got " + parts.length);
    if (version === "2" && parts.length > 8) bad("expected at most 8 fields separated by '~', got " + parts.length);
    const size = /^(\d+)x(\d+)$/.exec(parts[1]);
    if (!size) bad("expected a size like 10x8, got '" + parts[1] + "'");
    const width = +size[1], height = +size[2];
    // Before anything else is read: a link as big as the page can take
    // (the server's limit, limits.js) or it is refused at once, since a
    // board of thousands of cells a side would stop the page for minutes.
    if (width > kMaxRequestSide || height > kMaxRequestSide)
      throw new Error(`this link holds a ${width}×${height} puzzle: the page opens puzzles of at most ` +
                      `${kMaxRequestSide}×${kMaxRequestSide} cells`);
    if (width < 1 || height < 1) bad("expected a size of at least 1x1, got '" + parts[1] + "'");
    if (!/^([0-9a-f]{6})*$/i.test(parts[2])) bad("expected the palette as rrggbb hex colours");
    const colours = (parts[2].match(/.{6}/g) || ["000000"]).map((hex, k) => ({
      symbol: parts[2] ? String.fromCharCode(65 + k) : "#", rgb: "#" + hex.toLowerCase(), name: "" }));
    const colour = parts[2].length > 0;
    const line = (text, what) => {
      const runs = [];
      if (text === "0") return runs;
      const re = colour ? /(_[0-9a-z]{2}|[1-9a-z])([A-Z])/y : /(_[0-9a-z]{2}|[1-9a-z])/y;
      let m;
      while (re.lastIndex < text.length && (m = re.exec(text))) {
        const n = parseInt(m[1].replace("_", ""), 36);
        const k = colour ? m[2].charCodeAt(0) - 65 : 0;
        if (k >= colours.length) bad(what + ": colour " + m[2] + " is not in the palette");
        runs.push([n, colours[k].symbol]);
      }
      if (re.lastIndex !== text.length || !m) bad(what + ": cannot read '" + text + "'");
      return runs;
    };
    const lines = (field, count, name) => {
      const list = field.split(".");
      if (list.length !== count) bad("expected " + count + " " + name + "s, got " + list.length);
      return list.map((t, i) => line(t, name + " " + (i + 1)));
    };
    const text = (field, what) => {
      try { return decodeURIComponent(field || ""); } catch (e) { return bad(what); }
    };
    const out = { width, height, colours, colour, rows: lines(parts[3], height, "row"),
                  cols: lines(parts[4], width, "column"), title: "", author: "" };
    if (version === "1") {
      out.title = text(parts.slice(5).join("~"), "the title");
      return out;
    }
    out.title = text(parts[5], "the title");
    out.author = text(parts[6], "the author");
    if (parts[7]) {
      const names = parts[7].split(".");
      if (!colour || names.length !== colours.length)
        bad("expected " + (colour ? colours.length : 0) + " colour names, got " + names.length);
      names.forEach((n, k) => { colours[k].name = text(n, "colour name " + (k + 1)); });
    }
    return out;
  },

  // The puzzle in our JSON format (io/json.cpp), for the server to read.
  // Colours the link does not name are named by their look, so hints and
  // reasons say "red" where the player sees red.
  toJson(p) {
    const colour = share.coloured(p.colours);
    const clue = (runs) => runs.map(([n, s]) => (colour ? [n, s] : n));
    const puzzle = { width: p.width, height: p.height, rows: p.rows.map(clue), columns: p.cols.map(clue) };
    if (p.title) puzzle.title = p.title;
    if (p.author) puzzle.author = p.author;
    if (colour) {
      const names = Palette.nameAll(p.colours.map((c) => ({ name: c.name, css: c.rgb })));
      puzzle.colours = [{ name: "white", symbol: ".", rgb: "#ffffff" }].concat(
        p.colours.map((c, k) => ({ name: names[k], symbol: c.symbol, rgb: c.rgb })));
    }
    return JSON.stringify({ format: "nonolab", version: 1, puzzles: [puzzle] });
  },

  // Black and white: one colour, black (or none given).
  coloured(colours) {
    return colours.length > 1 || (colours.length === 1 && colours[0].rgb.toLowerCase() !== "#000000");
  },

  link(p) { return location.origin + location.pathname + share.encode(p); },
};
