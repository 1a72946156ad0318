// NumPy .npz archives, as used by NonoDataset (github.com/josebambu/NonoDataset,
// "Solving nonograms using Neural Networks", arXiv 2501.05882): a zip file
// holding one array arr_0.npy of uint8, one puzzle per row, either the clues
// (2N lines of right-aligned, zero-padded runs, rows then columns) or the
// solution boards (N*N cells, row-major).
//
// Not read yet: most of these archives are deflate-compressed, and a clue
// array alone needs its companion board array to be checked. We recognise
// the archive and refuse it with directions to the same puzzles converted to
// the TAAI text format (benchmarks dataset/taai_style).
#include "io/npz.hpp"

#include "core/error.hpp"

namespace nonolab::io {

namespace {

bool is_zip(std::string_view content) {
    return content.size() >= 4 && content.substr(0, 4) == std::string_view("PK\x03\x04", 4);
}

// The name of the first member of a zip archive (local file header).
std::string first_member(std::string_view content) {
    if (content.size() < 30) return "";
    const auto u16 = [&](size_t at) {
        return static_cast<size_t>(static_cast<unsigned char>(content[at])) |
               static_cast<size_t>(static_cast<unsigned char>(content[at + 1])) << 8;
    };
    const size_t len = u16(26);
    if (30 + len > content.size()) return "";
    std::string name(content.substr(30, len));
    for (char& c : name)
        if (c < 0x20 || c > 0x7E) c = '?';
    return name;
}

}  // namespace

std::vector<Puzzle> read_npz(std::string_view content, const std::string& source) {
    if (!is_zip(content))
        throw ParseError(source, 0,
                         "expected a NumPy .npz archive (a zip file starting with 'PK\\x03\\x04'), "
                         "got something else");
    const std::string member = first_member(content);
    const bool npy = member.size() > 4 && member.substr(member.size() - 4) == ".npy";
    if (!npy)
        throw UnsupportedError(
            source, 0,
            "this is a zip archive" +
                (member.empty() ? std::string() : " (first member '" + member + "')") +
                " but not a NumPy .npz of .npy arrays; it holds no puzzle nonolab can read");
    throw UnsupportedError(
        source, 0,
        "this is a NumPy .npz archive (member '" + member +
            "': a uint8 array of NonoDataset clues or solution boards); nonolab does not read .npz "
            "yet. Use the same puzzles in TAAI text form instead: "
            "dataset/taai_style/*-question.txt "
            "(with *-solution.txt), or export the array with numpy to a TAAI file");
}

int sniff_npz(std::string_view content) {
    if (!is_zip(content)) return 0;
    const std::string member = first_member(content);
    return member.size() > 4 && member.substr(member.size() - 4) == ".npy" ? 100 : 0;
}

}  // namespace nonolab::io
