#include "io/render.hpp"

#include "io/text.hpp"

#include "io/colours.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace nonolab::io {

namespace {

std::string run_label(const Run& run, const Palette& palette) {
    std::string s = std::to_string(run.length);
    if (palette.size() > 2) s += palette[run.colour].symbol;
    return s;
}

std::string pad_left(const std::string& s, size_t width) {
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

}  // namespace

std::string render_text(const Puzzle& p, const Grid* grid, const TextRenderOptions& o) {
    const Palette& pal = p.palette();
    const bool bw = p.black_and_white();
    size_t label = 1;  // widest single run label
    if (o.clues)
        for (const auto* lines : {&p.rows(), &p.columns()})
            for (const Clue& clue : *lines)
                for (const Run& run : clue) label = std::max(label, run_label(run, pal).size());
    const size_t cw = o.clues ? std::max<size_t>(2, label + 1) : 2;  // characters per cell

    // Row clue strings, right-aligned into a left margin.
    std::vector<std::string> row_text(p.height());
    size_t margin = 0;
    if (o.clues) {
        for (int r = 0; r < p.height(); ++r) {
            std::string s;
            for (const Run& run : p.row(r)) s += (s.empty() ? "" : " ") + run_label(run, pal);
            row_text[r] = s.empty() ? "0" : s;
            margin = std::max(margin, row_text[r].size());
        }
        margin += 1;
    }

    std::string out;
    if (o.clues) {
        size_t depth = 1;
        for (const Clue& c : p.columns()) depth = std::max(depth, c.size());
        for (size_t k = 0; k < depth; ++k) {
            std::string line(margin, ' ');
            for (int c = 0; c < p.width(); ++c) {
                const Clue& clue = p.column(c);
                const size_t skip = depth - std::max<size_t>(clue.size(), 1);
                std::string cell;
                if (k >= skip) cell = clue.empty() ? "0" : run_label(clue[k - skip], pal);
                line += pad_left(cell, cw);
            }
            while (!line.empty() && line.back() == ' ') line.pop_back();
            out += line + "\n";
        }
    }
    for (int r = 0; r < p.height(); ++r) {
        std::string line = o.clues ? pad_left(row_text[r], margin - 1) + " " : "";
        for (int c = 0; c < p.width(); ++c) {
            const Cell v = grid ? grid->at(r, c) : kUnknown;
            std::string cell;
            if (v == kUnknown) {
                cell = std::string(cw - 1, ' ') + "?";
                if (!grid) cell = std::string(cw - 1, ' ') + (o.unicode ? "·" : ".");
            } else if (v == kEmpty) {
                cell = std::string(cw - 1, ' ') + (o.unicode ? "·" : ".");
            } else if (o.ansi && !bw) {
                const std::uint32_t rgb = pal[v].rgb;
                cell = "\x1b[48;2;" + std::to_string(rgb >> 16 & 255) + ";" +
                       std::to_string(rgb >> 8 & 255) + ";" + std::to_string(rgb & 255) + "m" +
                       std::string(cw, ' ') + "\x1b[0m";
            } else if (bw) {
                cell.clear();
                for (size_t i = 0; i < cw; ++i) cell += o.unicode ? "█" : "#";
            } else {
                cell = std::string(cw, v < pal.size() ? pal[v].symbol : '?');
            }
            line += cell;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

PictureLayout picture_layout(const Puzzle& p, int cell, bool clues) {
    size_t row_depth = 0, col_depth = 0;
    if (clues) {
        for (const Clue& c : p.rows())
            row_depth = std::max(row_depth, std::max<size_t>(c.size(), 1));
        for (const Clue& c : p.columns())
            col_depth = std::max(col_depth, std::max<size_t>(c.size(), 1));
    }
    PictureLayout l;
    l.left = static_cast<int>(row_depth) * cell;
    l.top = static_cast<int>(col_depth) * cell;
    l.width = l.left + p.width() * cell + 1;
    l.height = l.top + p.height() * cell + 1;
    return l;
}

void for_each_clue_cell(const Puzzle& p, const PictureLayout& l, int cs,
                        const std::function<void(int x, int y, const Run* run)>& fn) {
    for (int r = 0; r < p.height(); ++r) {
        const Clue& c = p.row(r);
        const int y = l.top + r * cs + cs / 2;
        if (c.empty()) fn(l.left - cs / 2, y, nullptr);
        for (size_t i = 0; i < c.size(); ++i)
            fn(l.left - static_cast<int>(c.size() - i) * cs + cs / 2, y, &c[i]);
    }
    for (int col = 0; col < p.width(); ++col) {
        const Clue& c = p.column(col);
        const int x = l.left + col * cs + cs / 2;
        if (c.empty()) fn(x, l.top - cs / 2, nullptr);
        for (size_t i = 0; i < c.size(); ++i)
            fn(x, l.top - static_cast<int>(c.size() - i) * cs + cs / 2, &c[i]);
    }
}

std::string render_svg(const Puzzle& p, const Grid* grid, const SvgRenderOptions& o) {
    const Palette& pal = p.palette();
    const int cs = std::max(4, o.cell);
    const PictureLayout lay = picture_layout(p, cs, o.clues);
    const int left = lay.left, top = lay.top, W = lay.width, H = lay.height;
    std::string s;
    s += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(W) + "\" height=\"" +
         std::to_string(H) + "\" viewBox=\"0 0 " + std::to_string(W) + " " + std::to_string(H) +
         "\">\n";
    if (!p.info().title.empty()) s += "<title>" + xml_escape(p.info().title) + "</title>\n";
    s += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    const std::string font = "font-family=\"sans-serif\" font-size=\"" +
                             std::to_string(cs * 6 / 10) + "\" text-anchor=\"middle\"";
    auto text = [&](int cx, int cy, const Run* run) {
        const std::string label = run ? std::to_string(run->length) : "0";
        const std::string fill =
            run && pal.size() > 2 ? "#" + rgb_hex(pal[run->colour].rgb) : "#000000";
        s += "<text x=\"" + std::to_string(cx) + "\" y=\"" + std::to_string(cy) + "\" " + font +
             " fill=\"" + fill + "\">" + label + "</text>\n";
    };
    if (o.clues) {  // SVG places text by its baseline: a quarter cell below the centre
        for_each_clue_cell(p, lay, cs,
                           [&](int x, int y, const Run* run) { text(x, y + cs / 4, run); });
    }
    if (grid) {
        for (int r = 0; r < p.height(); ++r)
            for (int c = 0; c < p.width(); ++c) {
                const Cell v = grid->at(r, c);
                if (v == kEmpty || v == kUnknown || v >= pal.size()) continue;
                s += "<rect x=\"" + std::to_string(left + c * cs) + "\" y=\"" +
                     std::to_string(top + r * cs) + "\" width=\"" + std::to_string(cs) +
                     "\" height=\"" + std::to_string(cs) + "\" fill=\"" + "#" +
                     rgb_hex(pal[v].rgb) + "\"/>\n";
            }
    }
    // Grid lines; every fifth line is darker, as on paper puzzles.
    for (int c = 0; c <= p.width(); ++c) {
        const int x = left + c * cs;
        s += "<line x1=\"" + std::to_string(x) + "\" y1=\"" + std::to_string(top) + "\" x2=\"" +
             std::to_string(x) + "\" y2=\"" + std::to_string(top + p.height() * cs) +
             "\" stroke=\"" + (c % 5 == 0 ? "#333333" : "#aaaaaa") + "\" stroke-width=\"1\"/>\n";
    }
    for (int r = 0; r <= p.height(); ++r) {
        const int y = top + r * cs;
        s += "<line x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(y) + "\" x2=\"" +
             std::to_string(left + p.width() * cs) + "\" y2=\"" + std::to_string(y) +
             "\" stroke=\"" + (r % 5 == 0 ? "#333333" : "#aaaaaa") + "\" stroke-width=\"1\"/>\n";
    }
    s += "</svg>\n";
    return s;
}

}  // namespace nonolab::io
