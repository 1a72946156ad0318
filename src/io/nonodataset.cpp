#include "io/nonodataset.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "io/clue_encoding.hpp"
#include "io/npz.hpp"
#include "io/text.hpp"

#ifndef NONOLAB_SHARED_DEFAULT
#define NONOLAB_SHARED_DEFAULT "../shared"
#endif

namespace nonolab::io {
namespace {

namespace fs = std::filesystem;

const char* const kSyntax =
    "expected nonodataset:NxN/NAME (NAME = train, paper-train, test, test-twins, test-others, "
    "backtracking or an x file's stem) or "
    "pair:X.npz,Y.npz, optionally followed by a stride %K=R or %K!=R (boards whose 0-based "
    "position mod K is, or is not, R) and by @A-B, @A- or @A (1-based boards)";

std::size_t parse_count(std::string_view s, const std::string& spec) {
    std::size_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || v == 0)
        throw std::invalid_argument("dataset spec '" + spec +
                                    "': expected a board number >= 1 "
                                    "in the slice, got '" +
                                    std::string(s) + "'");
    return v;
}

// "K=R" or "K!=R" (after the '%' of a spec) into `out`.
void parse_stride(const std::string& text, const std::string& spec, DatasetSpec& out) {
    const auto fail = [&] {
        throw std::invalid_argument("dataset spec '" + spec +
                                    "': expected a stride %K=R or %K!=R (K >= 1, 0 <= R < K), "
                                    "got '%" +
                                    text + "'");
    };
    const auto number = [&](std::string_view s) {
        std::size_t v = 0;
        const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
        if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size()) fail();
        return v;
    };
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) fail();
    out.every_keep = text[eq - 1] != '!';
    out.every = number(std::string_view(text).substr(0, out.every_keep ? eq : eq - 1));
    out.every_rest = number(std::string_view(text).substr(eq + 1));
    if (out.every == 0 || out.every_rest >= out.every) fail();
}

// `pattern` itself, or when its file name holds one '*', the files of its
// folder that match (any run of characters), in name order: the shards of
// `nonolab generate`, x_all5-*.npz. None matching is an error.
std::vector<std::string> expand_star(const std::string& pattern, const std::string& spec) {
    const fs::path p(pattern);
    const std::string name = p.filename().string();
    const std::size_t star = name.find('*');
    if (star == std::string::npos) return {pattern};
    if (name.find('*', star + 1) != std::string::npos)
        throw std::invalid_argument("dataset spec '" + spec + "': at most one '*' per file name");
    const std::string head = name.substr(0, star), tail = name.substr(star + 1);
    const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string f = e.path().filename().string();
        if (f.size() >= head.size() + tail.size() && f.rfind(head, 0) == 0 &&
            f.compare(f.size() - tail.size(), tail.size(), tail) == 0)
            out.push_back((dir / f).string());
    }
    if (out.empty())
        throw std::invalid_argument("dataset spec '" + spec + "': no file matches '" + pattern +
                                    "'");
    std::sort(out.begin(), out.end());
    return out;
}

// The y file paired with an x file of NonoDataset: x_* -> y_*, database_* -> database_y_*.
std::string y_name_for(const std::string& x_stem) {
    if (x_stem.rfind("x_", 0) == 0) return "y_" + x_stem.substr(2);
    if (x_stem.rfind("database_", 0) == 0) return "database_y_" + x_stem.substr(9);
    return "";
}

struct Array {
    std::size_t count = 0, values = 0;
    std::string bytes;
};

Array read_array(const std::string& path) {
    const io::NpzArray a = io::read_npz_array(io::read_file_text(path), path);
    return {a.count, a.values, std::move(a.bytes)};
}

}  // namespace

std::size_t Dataset::size() const {
    return n == 0 ? 0 : y.size() / (static_cast<std::size_t>(n) * n);
}
const std::uint8_t* Dataset::clues(std::size_t i) const {
    return x.data() + i * static_cast<std::size_t>(clue_vector_size(n));
}
const std::uint8_t* Dataset::board(std::size_t i) const {
    return y.data() + i * static_cast<std::size_t>(n) * n;
}

std::string default_shared_dir() {
    const char* env = std::getenv("NONOLAB_SHARED");
    return env && *env ? env : NONOLAB_SHARED_DEFAULT;
}

bool is_dataset_spec(const std::string& text) {
    return text.rfind("nonodataset:", 0) == 0 || text.rfind("pair:", 0) == 0;
}

DatasetSpec parse_dataset_spec(const std::string& spec, const DatasetOptions& options) {
    if (!is_dataset_spec(spec))
        throw std::invalid_argument("'" + spec + "' is not a dataset spec: " + kSyntax);
    DatasetSpec out;
    std::string body = spec;
    if (const std::size_t at = spec.rfind('@'); at != std::string::npos) {
        body = spec.substr(0, at);
        const std::string range = spec.substr(at + 1);
        const std::size_t dash = range.find('-');
        out.first = parse_count(range.substr(0, dash), spec);
        if (dash == std::string::npos)
            out.last = out.first;
        else if (dash + 1 < range.size())
            out.last = parse_count(std::string_view(range).substr(dash + 1), spec);
        if (out.last != 0 && out.last < out.first)
            throw std::invalid_argument("dataset spec '" + spec + "': the slice ends (" +
                                        std::to_string(out.last) + ") before it starts (" +
                                        std::to_string(out.first) + ")");
    }
    if (const std::size_t pct = body.rfind('%'); pct != std::string::npos) {
        parse_stride(body.substr(pct + 1), spec, out);
        body = body.substr(0, pct);
    }
    if (body.rfind("pair:", 0) == 0) {
        const std::string files = body.substr(5);
        const std::size_t comma = files.find(',');
        if (comma == std::string::npos || comma == 0 || comma + 1 == files.size())
            throw std::invalid_argument("dataset spec '" + spec + "': " + kSyntax);
        out.x_files = expand_star(files.substr(0, comma), spec);
        out.y_files = expand_star(files.substr(comma + 1), spec);
        if (out.x_files.size() != out.y_files.size())
            throw std::invalid_argument(
                "dataset spec '" + spec + "': " + std::to_string(out.x_files.size()) +
                " x files but " + std::to_string(out.y_files.size()) + " y files");
        return out;
    }
    const std::string rest = body.substr(12);  // after "nonodataset:"
    const std::size_t slash = rest.find('/');
    const std::string size = rest.substr(0, slash);
    if (slash == std::string::npos || (size != "10x10" && size != "15x15"))
        throw std::invalid_argument("dataset spec '" + spec +
                                    "': NonoDataset has 10x10 and 15x15 boards; " + kSyntax);
    const std::string name = rest.substr(slash + 1);
    const std::string shared =
        options.shared_dir.empty() ? default_shared_dir() : options.shared_dir;
    const fs::path dir = fs::path(shared) / "benchmarks/dataset/nonodataset" / size;
    auto file = [&](const std::string& stem) { return (dir / (stem + ".npz")).string(); };
    auto add = [&](const std::string& x_stem) {
        out.x_files.push_back(file(x_stem));
        out.y_files.push_back(file(y_name_for(x_stem)));
    };
    const bool ten = size == "10x10";
    if (name == "test" || name == "test-twins" || name == "test-others") {
        add(ten ? "x_test_dataset" : "x_test_15x15_ok");
        if (name != "test") {
            out.twins = name == "test-twins" ? 1 : -1;
            out.twin_pool = file(ten ? "database_y_icons_all" : "database_y_icons_all_15x15");
        }
    } else if (name == "train" || name == "paper-train") {
        add(ten ? "database_icons_all" : "database_icons_all_15x15");
        out.minus_y = {file(ten ? "y_test_dataset" : "y_test_15x15_ok")};
        out.minus_once = name == "paper-train";
        if (ten) {
            add("database_noise");
            add("database_noise_v2");
        }
    } else if (name == "backtracking") {
        add(ten ? "x_train_backtracking" : "x_test_backtracking_15x15");
    } else if (!y_name_for(name).empty()) {
        add(name);
    } else {
        throw std::invalid_argument("dataset spec '" + spec + "': unknown set '" + name + "'; " +
                                    kSyntax);
    }
    return out;
}

namespace {

Dataset load_one(const std::string& spec, const DatasetOptions& options) {
    const DatasetSpec s = parse_dataset_spec(spec, options);
    Dataset d;
    d.name = spec;
    for (const std::string& f : s.x_files)
        if (!fs::is_regular_file(f))
            throw ParseError(f, 0,
                             "no such file (dataset spec '" + spec +
                                 "'; is the shared benchmark folder present? set NONOLAB_SHARED)");
    // The boards to remove (train = icons minus test), by content, with how
    // many copies of each (minus_once) or all of them.
    std::unordered_map<std::string, std::size_t> minus;
    std::size_t position = 0;  // of the boards left after `minus`, for the stride
    for (const std::string& f : s.minus_y) {
        const Array m = read_array(f);
        for (std::size_t i = 0; i < m.count; ++i) ++minus[m.bytes.substr(i * m.values, m.values)];
    }
    if (!s.minus_once)
        for (auto& [board, copies] : minus) copies = static_cast<std::size_t>(-1);
    // test-twins / test-others: the boards of the pool left after removing
    // the spec's own boards once each.
    std::unordered_map<std::string, std::size_t> pool;
    if (s.twins != 0) {
        const Array p = read_array(s.twin_pool);
        for (std::size_t i = 0; i < p.count; ++i) ++pool[p.bytes.substr(i * p.values, p.values)];
        for (const std::string& f : s.y_files) {
            const Array own = read_array(f);
            for (std::size_t i = 0; i < own.count; ++i) {
                const auto it = pool.find(own.bytes.substr(i * own.values, own.values));
                if (it != pool.end() && it->second > 0) --it->second;
            }
        }
    }
    const auto has_twin = [&](std::string_view board) {
        const auto it = pool.find(std::string(board));
        return it != pool.end() && it->second > 0;
    };
    for (std::size_t k = 0; k < s.x_files.size(); ++k) {
        const Array xa = read_array(s.x_files[k]), ya = read_array(s.y_files[k]);
        int n = 0;
        while (static_cast<std::size_t>(n) * n < ya.values) ++n;
        if (static_cast<std::size_t>(n) * n != ya.values)
            throw ParseError(s.y_files[k], 0,
                             "expected N*N board cells per row, got " + std::to_string(ya.values));
        if (xa.values != static_cast<std::size_t>(clue_vector_size(n)))
            throw ParseError(s.x_files[k], 0,
                             "expected " + std::to_string(clue_vector_size(n)) +
                                 " clue values per row for " + std::to_string(n) + "x" +
                                 std::to_string(n) + " boards (as in " + s.y_files[k] + "), got " +
                                 std::to_string(xa.values));
        if (xa.count != ya.count)
            throw ParseError(s.x_files[k], 0,
                             "holds " + std::to_string(xa.count) + " clue vectors but " +
                                 s.y_files[k] + " holds " + std::to_string(ya.count) + " boards");
        if (d.n != 0 && d.n != n)
            throw ParseError(s.x_files[k], 0,
                             "holds " + std::to_string(n) + "x" + std::to_string(n) +
                                 " boards, the earlier files " + std::to_string(d.n) + "x" +
                                 std::to_string(d.n));
        d.n = n;
        d.x.reserve(d.x.size() + xa.bytes.size());
        d.y.reserve(d.y.size() + ya.bytes.size());
        for (std::size_t i = 0; i < ya.count; ++i) {
            const std::string_view board(ya.bytes.data() + i * ya.values, ya.values);
            if (!minus.empty()) {
                const auto it = minus.find(std::string(board));
                if (it != minus.end() && it->second > 0) {
                    --it->second;
                    continue;
                }
            }
            if (s.twins != 0 && has_twin(board) != (s.twins > 0)) continue;
            const bool picked = s.every == 0 || position % s.every == s.every_rest;
            ++position;
            if (s.every != 0 && picked != s.every_keep) continue;
            for (char c : board)
                if (static_cast<unsigned char>(c) > 1)
                    throw ParseError(s.y_files[k], 0,
                                     "board " + std::to_string(i + 1) +
                                         ": expected cells 0 or 1, got " +
                                         std::to_string(static_cast<unsigned char>(c)));
            d.y.insert(d.y.end(), board.begin(), board.end());
            const char* xs = xa.bytes.data() + i * xa.values;
            d.x.insert(d.x.end(), xs, xs + xa.values);
        }
    }
    const std::size_t total = d.size();
    if (s.first > total || (s.last != 0 && s.last > total))
        throw std::invalid_argument("dataset spec '" + spec + "': the slice goes past the " +
                                    std::to_string(total) + " boards");
    const std::size_t first = s.first - 1, last = s.last == 0 ? total : s.last;
    d.offset = first;
    if (first != 0 || last != total) {
        const std::size_t xs = static_cast<std::size_t>(clue_vector_size(d.n)),
                          ys = static_cast<std::size_t>(d.n) * d.n;
        d.x = std::vector<std::uint8_t>(d.x.begin() + first * xs, d.x.begin() + last * xs);
        d.y = std::vector<std::uint8_t>(d.y.begin() + first * ys, d.y.begin() + last * ys);
    }
    return d;
}

}  // namespace

// A union "A+B+...": each part loaded on its own (with its own slice and
// stride), then concatenated in order.
Dataset load_dataset(const std::string& spec, const DatasetOptions& options) {
    if (spec.find('+') == std::string::npos) return load_one(spec, options);
    Dataset d;
    d.name = spec;
    std::size_t begin = 0;
    while (begin <= spec.size()) {
        std::size_t end = spec.find('+', begin);
        if (end == std::string::npos) end = spec.size();
        const std::string part = spec.substr(begin, end - begin);
        if (part.empty())
            throw std::invalid_argument("dataset spec '" + spec +
                                        "': an empty part around '+' (expected SPEC+SPEC)");
        const Dataset p = load_one(part, options);
        if (d.n != 0 && p.n != d.n)
            throw std::invalid_argument("dataset spec '" + spec + "': part '" + part + "' holds " +
                                        std::to_string(p.n) + "x" + std::to_string(p.n) +
                                        " boards, the parts before it " + std::to_string(d.n) +
                                        "x" + std::to_string(d.n));
        d.n = p.n;
        d.x.insert(d.x.end(), p.x.begin(), p.x.end());
        d.y.insert(d.y.end(), p.y.begin(), p.y.end());
        begin = end + 1;
    }
    return d;
}

namespace {

// A puzzle title's stem: the spec without its slice, since the number after
// '#' counts from the start of the unsliced set. A '+' union is numbered
// from its own start, so it keeps every part's slice.
std::string title_stem(const std::string& name) {
    if (name.find('+') != std::string::npos) return name;
    return name.substr(0, name.rfind('@'));
}

}  // namespace

std::vector<Puzzle> dataset_puzzles(const Dataset& data, std::size_t first, std::size_t last) {
    last = std::min(last, data.size());
    std::vector<Puzzle> out;
    out.reserve(last > first ? last - first : 0);
    const int n = data.n;
    for (std::size_t i = first; i < last; ++i) {
        Puzzle p = [&] {
            try {
                return decode_clues(data.clues(i), n);
            } catch (const std::exception& e) {
                throw ParseError(data.name, 0, "board " + std::to_string(i + 1) + ": " + e.what());
            }
        }();
        Grid goal(n, n, kEmpty);
        for (int c = 0; c < n * n; ++c)
            if (data.board(i)[c]) goal.cells()[c] = kFilled;
        PuzzleInfo info = p.info();
        info.title = title_stem(data.name) + " #" + std::to_string(data.offset + i + 1);
        info.goal = std::move(goal);
        out.push_back(p.with_info(std::move(info)));
    }
    return out;
}

void encode_board_clues(const std::uint8_t* board, int n, std::uint8_t* x) {
    const int lm = clue_slots(n);
    std::uint8_t runs[64];
    auto line = [&](int start, int step, std::uint8_t* out) {
        int k = 0, run = 0;
        for (int i = 0; i < n; ++i) {
            if (board[start + i * step]) {
                ++run;
            } else if (run) {
                runs[k++] = static_cast<std::uint8_t>(run);
                run = 0;
            }
        }
        if (run) runs[k++] = static_cast<std::uint8_t>(run);
        for (int s = 0; s < lm; ++s) out[s] = s < lm - k ? 0 : runs[s - (lm - k)];
    };
    for (int r = 0; r < n; ++r) line(r * n, 1, x + r * lm);
    for (int c = 0; c < n; ++c) line(c, n, x + (n + c) * lm);
}

}  // namespace nonolab::io
