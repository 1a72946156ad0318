#include "io/text.hpp"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/limits.hpp"

namespace nonolab::io {

std::string_view strip_bom(std::string_view content) {
    if (content.size() >= 3 && static_cast<unsigned char>(content[0]) == 0xEF &&
        static_cast<unsigned char>(content[1]) == 0xBB &&
        static_cast<unsigned char>(content[2]) == 0xBF)
        content.remove_prefix(3);
    return content;
}

std::vector<TextLine> split_lines(std::string_view content) {
    content = strip_bom(content);
    std::vector<TextLine> lines;
    int number = 1;
    size_t start = 0;
    while (start < content.size()) {
        size_t end = content.find('\n', start);
        if (end == std::string_view::npos) end = content.size();
        std::string_view text = content.substr(start, end - start);
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        lines.push_back(TextLine{number++, text});
        start = end + 1;
    }
    return lines;
}

std::string_view trim(std::string_view s) {
    const char* ws = " \t\r\n\f\v";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string_view::npos) return {};
    const size_t e = s.find_last_not_of(ws);
    return s.substr(b, e - b + 1);
}

bool is_blank(std::string_view s) {
    return trim(s).empty();
}

bool is_dash_line(std::string_view s) {
    return trim(s) == "-";
}

std::vector<std::string_view> split_any(std::string_view s, std::string_view seps) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && seps.find(s[i]) != std::string_view::npos) ++i;
        size_t j = i;
        while (j < s.size() && seps.find(s[j]) == std::string_view::npos) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::optional<int> parse_int(std::string_view token) {
    if (token.empty() || token.size() > 9) return std::nullopt;
    int v = 0;
    for (char ch : token) {
        if (ch < '0' || ch > '9') return std::nullopt;
        v = v * 10 + (ch - '0');
    }
    return v;
}

int expect_int(std::string_view token, const std::string& source, int line, const char* what) {
    if (auto v = parse_int(token)) return *v;
    throw ParseError(source, line,
                     std::string("expected ") + what + ", got '" + std::string(token) + "'");
}

std::string to_lower(std::string_view s) {
    std::string out(s);
    for (char& ch : out)
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    return out;
}

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && to_lower(s.substr(0, prefix.size())) == to_lower(prefix);
}

std::string read_file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ParseError(path, 0, std::string("cannot open file: ") + std::strerror(errno));
    // A regular file is read into one buffer of its size: a stream copy
    // would hold it twice, which streamed training's shards (tens of MB
    // each, read while training) would pay at every window.
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size >= 0 && in) {
        std::string bytes(static_cast<std::size_t>(size), '\0');
        in.read(bytes.data(), size);
        if (in.gcount() != size)
            throw ParseError(path, 0, "read error (the file changed while it was read?)");
        return bytes;
    }
    in.clear();  // not seekable (a pipe): copy the stream
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) throw ParseError(path, 0, "read error");
    return ss.str();
}

void write_file_atomic(const std::string& path, std::string_view content) {
    const std::string tmp = path + ".tmp-nonolab";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw std::runtime_error(path + ": write failed");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        throw std::runtime_error(path + ": cannot write: " + why);
    }
}

}  // namespace nonolab::io

namespace nonolab::io {

namespace {

/// A run longer than any line a reader accepts is refused as input, as the
/// JSON and clue-line readers refuse it while parsing (core/limits.hpp: no
/// format accepts what another refuses). A run that only exceeds its own
/// line is read, and proven a contradiction (core/clue_contradiction.hpp).
void check_run_lengths(const std::vector<Clue>& lines, const char* kind, const std::string& prefix,
                       const std::string& source, int line) {
    for (size_t i = 0; i < lines.size(); ++i)
        for (const Run& r : lines[i])
            if (r.length > kMaxSide)
                throw ParseError(source, line,
                                 prefix + kind + " " + std::to_string(i + 1) +
                                     ": expected runs of 1 to " + std::to_string(kMaxSide) +
                                     " cells (the longest line read), got " +
                                     std::to_string(r.length));
}

}  // namespace

Puzzle build_puzzle(const std::string& source, int line, int index, int width, int height,
                    std::vector<Clue> rows, std::vector<Clue> columns, Palette palette,
                    PuzzleInfo info) {
    const std::string prefix = index > 0 ? "puzzle " + std::to_string(index) + ": " : "";
    check_run_lengths(rows, "row", prefix, source, line);
    check_run_lengths(columns, "column", prefix, source, line);
    try {
        Puzzle p(width, height, std::move(rows), std::move(columns), std::move(palette),
                 std::move(info));
        // What every reader may rely on once it has a Puzzle: its sides as
        // given, every run positive, no longer than any line we read, and
        // painted with a colour of its palette other than the background.
        assert(p.width() == width && p.height() == height);
        const auto painted = [&](const Clue& c) {
            return std::all_of(c.begin(), c.end(), [&](const Run& r) {
                return r.length >= 1 && r.length <= kMaxSide && r.colour >= 1 &&
                       r.colour < p.palette().size();
            });
        };
        assert(std::all_of(p.rows().begin(), p.rows().end(), painted) &&
               std::all_of(p.columns().begin(), p.columns().end(), painted));
        (void)painted;  // only the asserts read it
        return p;
    } catch (const PuzzleError& e) {
        throw ParseError(source, line, prefix + e.what());
    }
}

std::string xml_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace nonolab::io
