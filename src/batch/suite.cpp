#include "batch/suite.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"
#include "io/formats.hpp"
#include "io/nonodataset.hpp"
#include "io/text.hpp"

namespace nonolab::batch {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMagic = "nonolab-suite";

std::vector<std::string> words(std::string_view line) {
    std::vector<std::string> out;
    std::istringstream in{std::string(line)};
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// The text after the first `marker` in `line`, trimmed.
std::string rest_after(const std::string& line, const std::string& marker) {
    const auto at = line.find(marker);
    if (at == std::string::npos) return "";
    const std::string text = line.substr(at + marker.size());
    const auto a = text.find_first_not_of(" \t");
    const auto b = text.find_last_not_of(" \t");
    return a == std::string::npos ? std::string() : text.substr(a, b - a + 1);
}

std::string_view strip_bom(std::string_view s) {
    if (s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);
    return s;
}

}  // namespace

bool is_suite(std::string_view content) {
    content = strip_bom(content);
    return content.substr(0, kMagic.size()) == kMagic &&
           (content.size() == kMagic.size() || content[kMagic.size()] == ' ' ||
            content[kMagic.size()] == '\t' || content[kMagic.size()] == '\r' ||
            content[kMagic.size()] == '\n');
}

Suite parse_suite(std::string_view content, const std::string& source) {
    content = strip_bom(content);
    const fs::path base = fs::path(source).parent_path();
    Suite suite;
    std::string group;
    std::istringstream in{std::string(content)};
    int line_no = 0;
    for (std::string raw; std::getline(in, raw);) {
        ++line_no;
        if (const auto hash = raw.find('#'); hash != std::string::npos) raw.erase(hash);
        if (!raw.empty() && raw.back() == '\r') raw.pop_back();
        const std::vector<std::string> w = words(raw);
        if (line_no == 1) {
            if (w.size() != 2 || w[0] != kMagic || w[1] != "1")
                throw ParseError(source, 1, "expected 'nonolab-suite 1' as the first line");
            continue;
        }
        if (w.empty()) continue;
        // `name`, `group` and `=` take the rest of the line as text.
        if (w[0] == "name") {
            suite.name = rest_after(raw, "name");
            continue;
        }
        if (w[0] == "group") {
            group = rest_after(raw, "group");
            if (group.empty()) throw ParseError(source, line_no, "'group' needs a name");
            continue;
        }
        SuiteEntry e;
        e.line = line_no;
        e.group = group;
        std::size_t k = 0;
        if (w[0] == "optional") {
            e.optional = true;
            k = 1;
            if (w.size() < 2) throw ParseError(source, line_no, "'optional' needs a file path");
        }
        const fs::path p(w[k]);
        e.path = (p.is_absolute() ? p : base / p).lexically_normal().string();
        for (++k; k < w.size(); ++k) {
            if (w[k] == "=") {
                // The rest of the line names the puzzles, e.g. "= GA paper 4x4".
                e.name = rest_after(raw, " = ");
                if (e.name.empty()) throw ParseError(source, line_no, "'=' needs a name after it");
                break;
            }
            int index = 0;
            const auto r = std::from_chars(w[k].data(), w[k].data() + w[k].size(), index);
            if (r.ec != std::errc() || r.ptr != w[k].data() + w[k].size() || index < 1)
                throw ParseError(
                    source, line_no,
                    "expected a puzzle index (1, 2, ...) after the path, got '" + w[k] + "'");
            e.indices.push_back(index);
        }
        suite.entries.push_back(std::move(e));
    }
    if (line_no == 0) throw ParseError(source, 0, "empty suite manifest");
    return suite;
}

namespace {

// Appends the puzzles of one file. `indices` (1-based; empty = all) come
// from a manifest line or from the caller; `name` renames them (manifests).
// `content` is the file's text when the caller has read it already.
void add_file(std::vector<PuzzleRef>& out, const std::string& path, const std::vector<int>& indices,
              const std::string& group, const std::string& name, const std::string& context,
              const InputOptions& options, const std::string* content = nullptr) {
    std::vector<io::Entry> entries;
    try {
        entries = content ? io::read_entries_text(*content, path, options.format)
                          : io::read_entries(path, options.format);
    } catch (const ParseError& e) {
        if (!options.keep_errors || !options.keep_file_errors) throw;
        out.push_back({path, 0, "", group, nullptr, std::string(e.what()) + context,
                       dynamic_cast<const UnsupportedError*>(&e) != nullptr});
        return;
    } catch (const PuzzleError& e) {
        if (!options.keep_errors || !options.keep_file_errors)
            throw ParseError(path, 0, std::string(e.what()) + context);
        out.push_back({path, 0, "", group, nullptr, std::string(e.what()) + context});
        return;
    }
    const int count = static_cast<int>(entries.size());
    auto add = [&](int index) {
        if (index < 1 || index > count) {
            const std::string msg = "has " + std::to_string(count) + " puzzle(s), no puzzle " +
                                    std::to_string(index) + context;
            if (!options.keep_errors) throw ParseError(path, 0, msg);
            out.push_back({path, index, "", group, nullptr, path + ": " + msg});
            return;
        }
        const io::Entry& e = entries[static_cast<std::size_t>(index - 1)];
        std::string title = e.puzzle ? e.puzzle->info().title : e.name;
        if (!name.empty())
            title = count == 1 && indices.size() <= 1 ? name : name + " #" + std::to_string(index);
        if (!e.puzzle) {
            if (!options.keep_errors) throw ParseError(path, 0, e.error + context);
            out.push_back({path, index, title, group, nullptr, e.error + context, e.unsupported});
            return;
        }
        out.push_back({path, index, title, group, std::make_shared<const Puzzle>(*e.puzzle), ""});
    };
    if (indices.empty())
        for (int i = 1; i <= count; ++i) add(i);
    else
        for (int i : indices) add(i);
}

}  // namespace

std::vector<PuzzleRef> load_inputs(const std::vector<std::string>& inputs, const Warn& warn,
                                   const InputOptions& options) {
    std::vector<PuzzleRef> out;
    for (const std::string& input : inputs) {
        std::string path = input;
        if (io::is_dataset_spec(path) && !fs::exists(path)) {  // nonodataset:10x10/test@1-50
            add_file(out, path, options.indices, "", "", "", options);
            continue;
        }
        if (fs::is_directory(path)) {
            path = (fs::path(path) / "suite.txt").string();
            if (!fs::is_regular_file(path))
                throw ParseError(input, 0, "is a folder without a suite.txt manifest");
        }
        // A manifest is recognised by its first line; anything else goes to
        // the readers. The file is read once for both (a one-puzzle run
        // opened it twice). One that cannot be read goes to the
        // readers by its path, whose message names it.
        std::optional<std::string> content;
        try {
            content = io::read_file_text(path);
        } catch (const ParseError&) {
        }
        if (!content || !is_suite(*content)) {
            add_file(out, path, options.indices, "", "", "", options,
                     content ? &*content : nullptr);
            continue;
        }
        const Suite suite = parse_suite(*content, path);
        for (const SuiteEntry& e : suite.entries) {
            const std::string where = " (listed at " + path + ":" + std::to_string(e.line) + ")";
            if (!fs::exists(e.path)) {
                if (!e.optional) throw ParseError(e.path, 0, "no such file" + where);
                if (warn)
                    warn("skipping " + e.path + where +
                         ": not found (the shared benchmark folder is absent?)");
                continue;
            }
            try {
                add_file(out, e.path, e.indices, e.group, e.name, where, options);
            } catch (const ParseError& err) {
                // Keep the reader's location and add the manifest's.
                if (std::string(err.what()).find(where) != std::string::npos) throw;
                throw ParseError(err.source(), err.line(), err.message() + where);
            }
        }
    }
    return out;
}

}  // namespace nonolab::batch
