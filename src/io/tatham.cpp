// Simon Tatham's "Pattern" (Portable Puzzle Collection, pattern.c) game IDs:
//
//     5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2
//
// `WxH:` then W column clues (left to right) and H row clues (top to
// bottom), separated by '/'; the runs of one clue are separated by '.', and
// an empty clue is an empty field (we also accept "0"). Tatham's generator
// may append `,` and a run-length coded set of pre-filled squares; we check
// that it is made of letters and otherwise ignore it (the clues alone define
// the puzzle). An optional "pattern:" prefix is accepted. A random-seed ID
// (`WxH#seed`) carries no clues and is refused. One game ID per line; blank
// lines and lines starting with '#' between IDs are skipped.
#include "io/tatham.hpp"

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

// Parses a decimal number at s[i...]; nullopt if none or absurdly long.
std::optional<int> number_at(std::string_view s, size_t& i) {
    const size_t b = i;
    while (i < s.size() && ascii_digit(s[i])) ++i;
    return parse_int(s.substr(b, i - b));
}

std::string_view strip_prefix(std::string_view s) {
    if (starts_with_nocase(s, "pattern:")) s.remove_prefix(8);
    return s;
}

Puzzle parse_id(std::string_view text, const std::string& source, int line, int index) {
    std::string_view s = strip_prefix(trim(text));
    size_t i = 0;
    const auto w = number_at(s, i);
    if (!w || i >= s.size() || (s[i] != 'x' && s[i] != 'X'))
        throw ParseError(
            source, line,
            "expected a game ID 'WxH:...', got '" + std::string(s.substr(0, 30)) + "'");
    ++i;
    const auto h = number_at(s, i);
    if (!h) throw ParseError(source, line, "expected the height after 'x' in the game ID");
    if (i < s.size() && s[i] == '#')
        throw UnsupportedError(source, line,
                               "this is a random-seed game ID (WxH#seed), which holds no clues; "
                               "expected a descriptive ID 'WxH:clues'");
    if (i >= s.size() || s[i] != ':')
        throw ParseError(
            source, line,
            "expected ':' after the size " + std::to_string(*w) + "x" + std::to_string(*h));
    ++i;
    if (*w < 1 || *h < 1 || *w > kMaxSide || *h > kMaxSide)
        throw ParseError(source, line,
                         "expected a width and height between 1 and " + std::to_string(kMaxSide) +
                             ", got " + std::to_string(*w) + "x" + std::to_string(*h));

    std::string_view desc = s.substr(i);
    std::string_view given;
    if (const size_t comma = desc.find(','); comma != std::string_view::npos) {
        given = desc.substr(comma + 1);
        desc = desc.substr(0, comma);
        for (char c : given)
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                throw ParseError(source, line,
                                 "expected letters in the given-squares part after ',', got '" +
                                     std::string(1, c) + "'");
    }

    const size_t total = static_cast<size_t>(*w) + static_cast<size_t>(*h);
    std::vector<Clue> clues;
    size_t pos = 0;
    while (true) {
        if (clues.size() >= total)
            throw ParseError(source, line,
                             "expected " + std::to_string(*w) + " column and " +
                                 std::to_string(*h) + " row clues, got more");
        const size_t slash = desc.find('/', pos);
        const std::string_view field = desc.substr(
            pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos);
        Clue clue;
        if (!field.empty() && field != "0") {
            size_t k = 0;
            while (true) {
                const auto n = number_at(field, k);
                if (!n || *n == 0)
                    throw ParseError(source, line,
                                     "expected a run length in clue " +
                                         std::to_string(clues.size() + 1) + ", got '" +
                                         std::string(field.substr(0, 30)) + "'");
                clue.push_back(Run{*n, kFilled});
                if (k == field.size()) break;
                if (field[k] != '.')
                    throw ParseError(source, line,
                                     "expected '.' or '/' after a run length, got '" +
                                         std::string(1, field[k]) + "'");
                ++k;
                if (static_cast<int>(clue.size()) > kMaxSide)
                    throw ParseError(source, line, "a clue has more runs than any line can hold");
            }
        }
        clues.push_back(std::move(clue));
        if (slash == std::string_view::npos) break;
        pos = slash + 1;
    }
    if (clues.size() != total)
        throw ParseError(source, line,
                         "expected " + std::to_string(*w) + " column and " + std::to_string(*h) +
                             " row clues (" + std::to_string(total) +
                             " fields separated by '/'), got " + std::to_string(clues.size()));
    std::vector<Clue> cols(clues.begin(), clues.begin() + *w);
    std::vector<Clue> rows(clues.begin() + *w, clues.end());
    return build_puzzle(source, line, index, *w, *h, std::move(rows), std::move(cols));
}

void append_clue(std::string& out, const Clue& clue) {
    for (size_t i = 0; i < clue.size(); ++i) {
        if (i) out += '.';
        out += std::to_string(clue[i].length);
    }
}

}  // namespace

std::vector<Puzzle> read_tatham(std::string_view content, const std::string& source) {
    std::vector<TextLine> lines = split_lines(content);
    std::vector<std::pair<int, std::string_view>> ids;
    for (const TextLine& l : lines) {
        const std::string_view t = trim(l.text);
        if (t.empty() || t[0] == '#') continue;
        ids.emplace_back(l.number, t);
    }
    if (ids.empty()) throw ParseError(source, 0, "expected a game ID 'WxH:...', got an empty file");
    std::vector<Puzzle> out;
    const bool several = ids.size() > 1;
    for (size_t k = 0; k < ids.size(); ++k)
        out.push_back(parse_id(ids[k].second, source, ids[k].first, several ? int(k) + 1 : 0));
    return out;
}

std::string write_tatham(const std::vector<Puzzle>& puzzles) {
    std::string out;
    for (const Puzzle& p : puzzles) {
        if (!p.black_and_white())
            throw WriteError(
                "Tatham's Pattern game IDs are black-and-white only, but the puzzle has " +
                std::to_string(p.palette().size() - 1) + " colours");
        out += std::to_string(p.width()) + "x" + std::to_string(p.height()) + ":";
        bool first = true;
        for (const Clue& c : p.columns()) {
            if (!first) out += '/';
            first = false;
            append_clue(out, c);
        }
        for (const Clue& r : p.rows()) {
            out += '/';
            append_clue(out, r);
        }
        out += '\n';
    }
    return out;
}

int sniff_tatham(std::string_view content) {
    for (const TextLine& l : split_lines(content.substr(0, 4096))) {
        std::string_view t = trim(l.text);
        if (t.empty() || t[0] == '#') continue;
        t = strip_prefix(t);
        size_t i = 0;
        if (!number_at(t, i) || i >= t.size() || t[i] != 'x') return 0;
        ++i;
        if (!number_at(t, i) || i >= t.size() || t[i] != ':') return 0;
        return 100;
    }
    return 0;
}

}  // namespace nonolab::io
