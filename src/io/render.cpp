#include "io/render.hpp"

#include "io/text.hpp"

#include "io/colours.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace nonolab::io {

namespace {

std::string run_label(const Run& run, const Palette& palette) {
    std::string s = std::to_string(run.length);
    if (palette.size() > 2) s += palette[run.colour].symbol;
    return s;
}

std::string ansi_rgb(int layer, std::uint32_t rgb) {  // layer 38: ink, 48: background
    return "\x1b[" + std::to_string(layer) + ";2;" + std::to_string(rgb >> 16 & 255) + ";" +
           std::to_string(rgb >> 8 & 255) + ";" + std::to_string(rgb & 255) + "m";
}

// A clue label as the terminal shows it: with ANSI colours, on a square of
// its run's colour in the contrasting ink (the label's width is unchanged).
std::string styled_label(const std::string& label, const Run* run, const Palette& pal, bool ansi) {
    if (!ansi || !run || run->colour >= pal.size()) return label;
    const std::uint32_t rgb = pal[run->colour].rgb;
    return ansi_rgb(48, rgb) + ansi_rgb(38, contrast_ink(rgb)) + label + "\x1b[0m";
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

    // Row clue strings, right-aligned into a left margin; `row_width` is what
    // the terminal shows, without the ANSI escapes.
    const bool ansi_clues = o.ansi && coloured_clues(p);
    std::vector<std::string> row_text(p.height());
    std::vector<size_t> row_width(p.height(), 0);
    size_t margin = 0;
    if (o.clues) {
        for (int r = 0; r < p.height(); ++r) {
            std::string s;
            size_t width = 0;
            for (const Run& run : p.row(r)) {
                const std::string label = run_label(run, pal);
                if (width) s += " ", ++width;
                s += styled_label(label, &run, pal, ansi_clues);
                width += label.size();
            }
            row_text[r] = width ? s : "0";
            row_width[r] = width ? width : 1;
            margin = std::max(margin, row_width[r]);
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
                const Run* run = k >= skip && !clue.empty() ? &clue[k - skip] : nullptr;
                if (k >= skip) cell = run ? run_label(*run, pal) : "0";
                const size_t pad = cw > cell.size() ? cw - cell.size() : 0;
                line += std::string(pad, ' ') + styled_label(cell, run, pal, ansi_clues);
            }
            while (!line.empty() && line.back() == ' ') line.pop_back();
            out += line + "\n";
        }
    }
    for (int r = 0; r < p.height(); ++r) {
        std::string line =
            o.clues ? std::string(margin - 1 - row_width[r], ' ') + row_text[r] + " " : "";
        for (int c = 0; c < p.width(); ++c) {
            const Cell v = grid ? grid->at(r, c) : kUnknown;
            std::string cell;
            if (v == kUnknown) {
                cell = std::string(cw - 1, ' ') + "?";
                if (!grid) cell = std::string(cw - 1, ' ') + (o.unicode ? "·" : ".");
            } else if (v == kEmpty) {
                cell = std::string(cw - 1, ' ') + (o.unicode ? "·" : ".");
            } else if (o.ansi && !bw) {
                cell = ansi_rgb(48, pal[v].rgb) + std::string(cw, ' ') + "\x1b[0m";
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

double clue_font_size(const Puzzle& p, int cell) {
    size_t digits = 1;
    for (const auto* lines : {&p.rows(), &p.columns()})
        for (const Clue& clue : *lines)
            for (const Run& run : clue)
                digits = std::max(digits, std::to_string(run.length).size());
    const double fit = 0.8 * cell / (0.56 * static_cast<double>(digits));
    return std::min(0.6 * cell, fit);
}

std::uint32_t contrast_ink(std::uint32_t rgb) {
    auto linear = [](std::uint32_t channel) {  // sRGB to linear light
        const double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const double y = 0.2126 * linear(rgb >> 16 & 255) + 0.7152 * linear(rgb >> 8 & 255) +
                     0.0722 * linear(rgb & 255);
    // 0.179 is where black and white text have equal contrast (WCAG ratios).
    return y > 0.179 ? 0x000000 : 0xffffff;
}

bool coloured_clues(const Puzzle& p) {
    return p.palette().size() > 2;
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
    const double size = clue_font_size(p, cs);
    char size_text[32];
    std::snprintf(size_text, sizeof size_text, "%.1f", size);
    const std::string font = std::string("font-family=\"sans-serif\" font-size=\"") + size_text +
                             "\" text-anchor=\"middle\"";
    const bool colour = coloured_clues(p);
    // A colour clue number sits on a square of its colour (inset by a pixel,
    // so that neighbouring squares of one colour stay apart), in the ink
    // that contrasts with it; SVG places text by its baseline, about a third
    // of the font size below the centre.
    auto text = [&](int cx, int cy, const Run* run) {
        const std::string label = run ? std::to_string(run->length) : "0";
        std::string ink = "#000000";
        if (colour && run && run->colour < pal.size()) {
            const std::uint32_t rgb = pal[run->colour].rgb;
            s += "<rect x=\"" + std::to_string(cx - cs / 2 + 1) + "\" y=\"" +
                 std::to_string(cy - cs / 2 + 1) + "\" width=\"" + std::to_string(cs - 2) +
                 "\" height=\"" + std::to_string(cs - 2) + "\" fill=\"#" + rgb_hex(rgb) + "\"/>\n";
            ink = "#" + rgb_hex(contrast_ink(rgb));
        }
        const int baseline = cy + static_cast<int>(std::lround(size * 0.35));
        s += "<text x=\"" + std::to_string(cx) + "\" y=\"" + std::to_string(baseline) + "\" " +
             font + " fill=\"" + ink + "\">" + label + "</text>\n";
    };
    if (o.clues) for_each_clue_cell(p, lay, cs, text);
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
