#include "io/formats.hpp"

#include <filesystem>
#include <stdexcept>

#include <algorithm>
#include <variant>

#include "core/error.hpp"
#include "io/chargrid.hpp"
#include "io/clues.hpp"
#include "io/cwd.hpp"
#include "io/dzn.hpp"
#include "io/g.hpp"
#include "io/json.hpp"
#include "io/keen.hpp"
#include "io/mk.hpp"
#include "io/nin.hpp"
#include "io/non.hpp"
#include "io/nonodataset.hpp"
#include "io/nonogen.hpp"
#include "io/nonograms_org.hpp"
#include "io/npz.hpp"
#include "io/pbm.hpp"
#include "io/picross.hpp"
#include "io/png.hpp"
#include "io/pynogram.hpp"
#include "io/pzl.hpp"
#include "io/rc.hpp"
#include "io/rosetta.hpp"
#include "io/spoj.hpp"
#include "io/taai.hpp"
#include "io/tatham.hpp"
#include "io/text.hpp"
#include "io/text_encoding.hpp"
#include "io/xml.hpp"

namespace nonolab::io {

const std::vector<Format>& formats() {
    // clang-format off
    static const std::vector<Format> table = {
        {"non", {"non", "nonpack"}, "Steve Simpson .non (webpbn 'ss' export), with goal; mikix and nonny colours",
         read_non, write_non, sniff_non, true, read_non_each},
        {"xml", {"xml", "pbn"}, "webpbn XML (pbn-0.3.dtd): several puzzles, colours, goal image",
         read_xml, write_xml, sniff_xml, true, read_xml_each},
        {"json", {"json"}, "nonolab JSON; also reads annap95, rows/columns and color-nonogram JSON",
         read_json, write_json, sniff_json, true, read_json_each},
        {"clues", {"clues"}, "nonolab plain-text clue form",
         read_clues, write_clues, sniff_clues, true, read_clues_each},
        {"taai", {"taai"}, "TAAI/TCGA/ICGA tournament file: $k headers, columns first, TAB-separated",
         read_taai, write_taai, sniff_taai, true, read_taai_each},
        {"nin", {"nin"}, "Jakub Wilk .nin: 'width height', rows, columns",
         read_nin, write_nin, sniff_nin, false},
        {"mk", {"mk"}, "Olsak .mk: 'height width', rows, '#', columns",
         read_mk, write_mk, sniff_mk, false},
        {"cwd", {"cwd"}, "QNonograms/Sukhoy .cwd: height, width, rows, blank line, columns",
         read_cwd, write_cwd, nullptr, false},
        {"g", {"g"}, "Olsak .g grid file (colours via #d); triddlers refused",
         read_g, nullptr, sniff_g, false},
        {"keen", {}, "Kyle Keen v2 text: row clues, blank line, column clues",
         read_keen, nullptr, sniff_keen, false},
        {"picross", {}, "picross-solver text: GRID name / ROWS / [ 2 1 ] / COLUMNS",
         read_picross, nullptr, sniff_picross, true, read_picross_each},
        {"rc", {}, "plain 'R C' header, R row lines, C column lines (space-separated)",
         read_rc, nullptr, sniff_rc, false},
        {"spoj", {}, "SPOJ JCROSS input: count, then 'H W' and clue lines ending in 0",
         read_spoj, nullptr, sniff_spoj, true, read_spoj_each},
        {"dzn", {"dzn"}, "MiniZinc data (row_rules/col_rules, zero-padded)",
         read_dzn, nullptr, sniff_dzn, false},
        {"tatham", {"tatham"}, "Simon Tatham 'Pattern' game ID: WxH:cols/rows",
         read_tatham, write_tatham, sniff_tatham, false},
        {"rosetta", {}, "Rosetta Code letter clues (A=1): rows line, columns line",
         read_rosetta, nullptr, sniff_rosetta, true, read_rosetta_each},
        {"nonogen", {}, "nonogen text: row clues, a '-' line, column clues",
         read_nonogen, nullptr, sniff_nonogen, false},
        {"nonograms-org", {}, "nonograms.org colour text: #rrggbb palette, '-', 'len:colour,' rows, '-', columns",
         read_nonograms_org, write_nonograms_org, sniff_nonograms_org, false},
        {"pynogram", {"ini", "toml"}, "pynogram INI / nonogrid TOML: [clues] rows= columns=, colours",
         read_pynogram, write_pynogram, sniff_pynogram, false},
        {"pzl", {"pzl"}, "Izaron .pzl colour puzzles (RGB per run)",
         read_pzl, nullptr, sniff_pzl, false},
        {"chargrid", {}, "a picture as characters (one row per line); clues are derived",
         read_chargrid, nullptr, sniff_chargrid, false},
        {"pbm", {"pbm"}, "Netpbm P1/P4 bitmap; clues are derived from the picture",
         read_pbm, nullptr, sniff_pbm, false},
        {"png", {"png"}, "PNG solution picture, one pixel per cell; clues are derived (OpenCV plugin)",
         read_png, nullptr, sniff_png, false},
        {"npz", {"npz"}, "NumPy .npz archive (NonoDataset, stored or deflated): clue or board arrays",
         read_npz, nullptr, sniff_npz, true, read_npz_each},
    };
    // clang-format on
    return table;
}

namespace {

std::string extension_of(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    const size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
    return to_lower(path.substr(dot + 1));
}

std::string format_names() {
    std::string out;
    for (const Format& f : formats()) {
        if (!out.empty()) out += ", ";
        out += f.name;
    }
    return out;
}

}  // namespace

const Format* find_format(std::string_view name_or_extension) {
    std::string key = to_lower(name_or_extension);
    if (!key.empty() && key[0] == '.') key.erase(0, 1);
    for (const Format& f : formats())
        if (key == f.name) return &f;
    for (const Format& f : formats())
        if (std::find(f.extensions.begin(), f.extensions.end(), key) != f.extensions.end())
            return &f;
    return nullptr;
}

const Format& detect_format(const std::string& path, std::string_view content) {
    const std::string ext = extension_of(path);
    if (!ext.empty() && ext != "txt" && ext != "dat") {
        for (const Format& f : formats())
            if (std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end())
                return f;
    }
    // No telling extension: ask every format how sure it is, keep the surest.
    const Format* best = nullptr;
    int best_score = 0;
    for (const Format& f : formats()) {
        if (!f.sniff) continue;
        const int score = f.sniff(content);
        if (score > best_score) best = &f, best_score = score;
    }
    if (best) return *best;
    std::string what = ext.empty() ? std::string("no extension") : "extension ." + ext;
    throw UnsupportedError(path, 0,
                           "cannot recognise the puzzle format (" + what +
                               ", and the content matches no known format); "
                               "name one with --format (one of: " +
                               format_names() + ")");
}

namespace {

// The format named by `format`, or detected from the source's extension and content.
const Format& format_for(std::string_view content, const std::string& source,
                         const std::string& format) {
    const Format* f = nullptr;
    if (!format.empty()) {
        f = find_format(format);
        if (!f)
            throw UnsupportedError(
                source, 0, "unknown format '" + format + "' (one of: " + format_names() + ")");
    } else {
        f = &detect_format(source, content);
    }
    if (!f->read)
        throw UnsupportedError(source, 0, std::string("format ") + f->name + " cannot be read");
    return *f;
}

ParseError nothing_found(const std::string& source, const Format& f) {
    return ParseError(source, 0, std::string("no puzzle found (read as ") + f.name + ")");
}

}  // namespace

std::vector<Puzzle> read_puzzles_text(std::string_view content, const std::string& source,
                                      const std::string& format) {
    const Format& f = format_for(content, source, format);
    // One parser per format: the all-or-nothing read is the per-puzzle one
    // stopped at its first error.
    std::vector<Puzzle> puzzles = f.read_each ? puzzles_or_first_error(f.read_each(content, source))
                                              : f.read(content, source);
    if (puzzles.empty()) throw nothing_found(source, f);
    // Readers keep text fields as the bytes of the file; here, once for every
    // format, each becomes UTF-8 (text_encoding.hpp: Latin-1 titles exist).
    for (Puzzle& p : puzzles) p = with_utf8_text(std::move(p));
    return puzzles;
}

namespace {

// NonoDataset specs (nonodataset:10x10/test@1-300, pair:X.npz,Y.npz) stand
// where a file name would: src/io/nonodataset.hpp.
std::vector<Puzzle> read_dataset_spec(const std::string& spec) {
    try {
        return io::dataset_puzzles(io::load_dataset(spec));
    } catch (const std::invalid_argument& e) {
        throw ParseError(spec, 0, e.what());
    }
}

}  // namespace

std::vector<Puzzle> read_puzzles(const std::string& path, const std::string& format) {
    if (io::is_dataset_spec(path) && !std::filesystem::exists(path)) return read_dataset_spec(path);
    const std::string content = read_file_text(path);
    return read_puzzles_text(content, path, format);
}

namespace {

Entry entry_of(Puzzle p, int line = 0) {
    Entry e;
    e.line = line;
    e.puzzle = with_utf8_text(std::move(p));  // as read_puzzles_text does
    e.name = e.puzzle->info().title;
    return e;
}

// A dataset spec is a list of boards: each is decoded on its own, so one
// bad board is one error entry.
std::vector<Entry> dataset_entries(const std::string& spec) {
    io::Dataset data;
    try {
        data = io::load_dataset(spec);
    } catch (const std::invalid_argument& e) {
        throw ParseError(spec, 0, e.what());
    }
    std::vector<Entry> entries;
    entries.reserve(data.size());
    for (std::size_t i = 0; i < data.size(); ++i) {
        try {
            entries.push_back(entry_of(std::move(io::dataset_puzzles(data, i, i + 1).at(0))));
        } catch (const std::exception& e) {  // ParseError naming the board
            Entry bad;
            bad.error = e.what();
            entries.push_back(std::move(bad));
        }
    }
    return entries;
}

}  // namespace

std::vector<Entry> read_entries_text(std::string_view content, const std::string& source,
                                     const std::string& format) {
    const Format& f = format_for(content, source, format);
    std::vector<Entry> entries;
    if (!f.read_each) {
        for (Puzzle& p : read_puzzles_text(content, source, f.name))
            entries.push_back(entry_of(std::move(p)));
        return entries;
    }
    std::vector<PuzzleSlot> slots = f.read_each(content, source);
    if (slots.empty()) throw nothing_found(source, f);
    entries.reserve(slots.size());
    for (PuzzleSlot& s : slots) {
        if (auto* p = std::get_if<Puzzle>(&s.result)) {
            entries.push_back(entry_of(std::move(*p), s.line));
            continue;
        }
        Entry e;
        e.line = s.line;
        e.name = to_utf8(s.name);
        e.error = std::get<ParseError>(s.result).what();
        e.unsupported = s.unsupported;
        entries.push_back(std::move(e));
    }
    return entries;
}

std::vector<Entry> read_entries(const std::string& path, const std::string& format) {
    if (io::is_dataset_spec(path) && !std::filesystem::exists(path)) return dataset_entries(path);
    return read_entries_text(read_file_text(path), path, format);
}

std::string write_puzzles(const std::vector<Puzzle>& puzzles, const std::string& format) {
    const Format* f = find_format(format);
    if (!f)
        throw WriteError("unknown output format '" + format + "' (one of: " + format_names() + ")");
    if (!f->write) throw WriteError(std::string("format ") + f->name + " is read-only");
    if (puzzles.size() > 1 && !f->several)
        throw WriteError(std::string("format ") + f->name + " holds one puzzle but there are " +
                         std::to_string(puzzles.size()) + "; pick one with --index");
    return f->write(puzzles);
}

}  // namespace nonolab::io
