// libFuzzer target for every reader and sniffer.
//
// The first input byte picks a format (or content detection); the rest is
// the file. Readers may refuse input only with ParseError/UnsupportedError;
// any other exception, a crash, a sanitizer report or a hang is a bug.
// Whatever a reader accepts must also survive a write/read round trip in
// every writable format that can hold it.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "io/formats.hpp"

using namespace nonolab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const auto& formats = io::formats();
    const std::size_t pick = data[0] % (formats.size() + 1);
    const std::string_view content(reinterpret_cast<const char*>(data + 1), size - 1);
    for (const io::Format& f : formats)
        if (f.sniff) (void)f.sniff(content);
    std::vector<Puzzle> puzzles;
    try {
        const std::string name = pick < formats.size() ? formats[pick].name : "";
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
            if (!back[i].same_clues(puzzles[i])) {
                std::fprintf(stderr, "format %s changed the clues of puzzle %zu\n", f.name, i + 1);
                std::abort();
            }
    }
    return 0;
}
