// libFuzzer target for every reader and sniffer.
//
// The first input byte picks a format (or content detection); the rest is
// the file. Readers may refuse input only with ParseError/UnsupportedError;
// any other exception, a crash, a sanitizer report or a hang is a bug.
// Whatever a reader accepts must also survive a write/read round trip in
// every writable format that can hold it (same_puzzle below says what
// "survive" means for colours). And a file of several puzzles must read as
// one entry per puzzle it marks, whatever is broken in some of them
// (io::read_entries_text, counted apart in puzzle_boundaries.hpp).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "puzzle_boundaries.hpp"

using namespace nonolab;

namespace {

// Whether `back` (read from a writer's output) is the puzzle `p`: the same
// size and, line by line, the same runs. A run's colour is compared by its
// RGB when either puzzle has colours, since a format that lists only the
// colours its clues use (XML, .non, TOML) drops an unused palette entry and
// renumbers the rest; an unused colour cannot appear in any solution, so
// the puzzle is the same. Black-and-white puzzles compare as before.
bool same_puzzle(const Puzzle& p, const Puzzle& back) {
    if (p.width() != back.width() || p.height() != back.height()) return false;
    const bool by_index = p.black_and_white() && back.black_and_white();
    auto same_lines = [&](const std::vector<Clue>& a, const std::vector<Clue>& b) {
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (a[i].size() != b[i].size()) return false;
            for (std::size_t j = 0; j < a[i].size(); ++j) {
                const Run& x = a[i][j];
                const Run& y = b[i][j];
                if (x.length != y.length) return false;
                if (by_index ? x.colour != y.colour
                             : p.palette()[x.colour].rgb != back.palette()[y.colour].rgb)
                    return false;
            }
        }
        return true;
    };
    return same_lines(p.rows(), back.rows()) && same_lines(p.columns(), back.columns());
}

// One entry per puzzle the file marks: aborts when the per-puzzle read
// loses or invents one.
void check_entries(std::string_view content, const std::string& name) {
    std::string format = name;
    std::vector<io::Entry> entries;
    try {
        if (format.empty()) format = io::detect_format("fuzz.txt", content).name;
        entries = io::read_entries_text(content, "fuzz.txt", format);
    } catch (const ParseError&) {
        return;  // the file as a whole cannot be split into puzzles
    }
    if (const auto why = fuzz::boundary_mismatch(format, content, entries)) {
        std::fprintf(stderr, "%s\n", why->c_str());
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const auto& formats = io::formats();
    const std::size_t pick = data[0] % (formats.size() + 1);
    const std::string_view content(reinterpret_cast<const char*>(data + 1), size - 1);
    for (const io::Format& f : formats)
        if (f.sniff) (void)f.sniff(content);
    const std::string name = pick < formats.size() ? formats[pick].name : "";
    check_entries(content, name);
    std::vector<Puzzle> puzzles;
    try {
        puzzles = io::read_puzzles_text(content, "fuzz.txt", name);
    } catch (const ParseError&) {
        return 0;  // includes UnsupportedError: a clean refusal
    }
    for (const io::Format& f : formats) {
        if (!f.write) continue;
        std::string text;
        try {
            text = io::write_puzzles(puzzles, f.name);
        } catch (const WriteError&) {
            continue;  // the format cannot hold these puzzles: fine
        }
        std::vector<Puzzle> back;
        try {
            back = io::read_puzzles_text(text, "roundtrip", f.name);
        } catch (const ParseError& e) {
            std::fprintf(stderr, "format %s cannot read its own output: %s\n", f.name, e.what());
            std::abort();
        }
        if (back.size() != puzzles.size()) std::abort();
        for (std::size_t i = 0; i < back.size(); ++i)
            if (!same_puzzle(puzzles[i], back[i])) {
                std::fprintf(stderr, "format %s changed the clues of puzzle %zu\n", f.name, i + 1);
                std::abort();
            }
    }
    return 0;
}
