// The native text format of pierre-dejoue/picross-solver (documented in the
// comment of its file-IO header):
//
//     # comment          <- lines starting with '#' are ignored
//     GRID Smile         <- starts a grid; the name is optional
//     ROWS               <- row clues follow, one per line
//     [ 1 1 ]
//     [ 2 ]
//     COLUMNS            <- column clues follow ([ ] = empty clue)
//     [ 1 ]
//     ...
//
// A file may hold several grids; ROWS and COLUMNS may come in either order;
// blank lines are skipped. The size of a grid is the number of clues in each
// section. The project's own test file deliberately contains broken grids,
// so read_picross_each reports each grid separately and read_picross stops
// at the first problem.
#include "io/picross.hpp"

#include <optional>

#include "io/clue_lines.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

bool is_keyword_line(std::string_view t, std::string_view keyword) {
    if (t.size() < keyword.size() || t.substr(0, keyword.size()) != keyword) return false;
    return t.size() == keyword.size() || t[keyword.size()] == ' ' || t[keyword.size()] == '\t';
}

class PicrossReader {
  public:
    PicrossReader(const std::string& source) : source_(source) {}

    std::vector<PicrossGrid> run(const std::vector<TextLine>& lines) {
        for (const TextLine& tl : lines) line(tl);
        close_grid();
        return std::move(out_);
    }

  private:
    enum class Section { kNone, kRows, kColumns };

    struct Pending {
        std::string name;
        int line = 0;
        std::optional<std::vector<ClueLine>> rows, columns;
        Section section = Section::kNone;
        std::optional<ParseError> error;
    };

    std::string grid_label() const { return "grid '" + grid_->name + "'"; }

    void fail_grid(int line, const std::string& message) {
        grid_->error = ParseError(source_, line, grid_label() + ": " + message);
        skipping_ = true;
    }

    void line(const TextLine& tl) {
        const std::string_view t = trim(tl.text);
        if (t.empty() || t[0] == '#') return;
        if (is_keyword_line(t, "GRID")) {
            close_grid();
            grid_.emplace(Pending{});
            grid_->name = std::string(trim(t.substr(4)));
            grid_->line = tl.number;
            skipping_ = false;
            return;
        }
        if (skipping_) return;
        const bool rows = t == "ROWS";
        if (rows || t == "COLUMNS") {
            if (!grid_) return syntax_error(tl, "expected 'GRID name' before " + std::string(t));
            auto& section = rows ? grid_->rows : grid_->columns;
            if (section)
                return fail_grid(tl.number,
                                 "expected one " + std::string(t) + " section, got a second one");
            section.emplace();
            grid_->section = rows ? Section::kRows : Section::kColumns;
            return;
        }
        if (t[0] == '[') {
            if (!grid_) return syntax_error(tl, "expected 'GRID name' before the first clue");
            if (grid_->section == Section::kNone)
                return fail_grid(tl.number, "expected ROWS or COLUMNS before the first clue");
            if (t.back() != ']')
                return fail_grid(tl.number, "expected a clue like '[ 2 1 ]' ending in ']', got '" +
                                                std::string(t.substr(0, 40)) + "'");
            auto& section = grid_->section == Section::kRows ? *grid_->rows : *grid_->columns;
            if (section.size() >= static_cast<size_t>(kMaxSide))
                return fail_grid(tl.number, "expected at most " + std::to_string(kMaxSide) +
                                                " clues per section");
            try {
                section.push_back(
                    ClueLine{parse_bw_clue(t.substr(1, t.size() - 2), kBlanks, source_, tl.number),
                             tl.number});
            } catch (const ParseError& e) {
                fail_grid(tl.number, e.message());
            }
            return;
        }
        syntax_error(tl, "expected GRID, ROWS, COLUMNS, a '[ ... ]' clue or a '#' comment, got '" +
                             std::string(t.substr(0, 40)) + "'");
    }

    /// A line outside the syntax: the grid read so far is kept as it is, the
    /// error becomes an entry of its own, and reading resumes at the next GRID.
    void syntax_error(const TextLine& tl, const std::string& message) {
        close_grid();
        out_.push_back(PicrossGrid{"", tl.number, ParseError(source_, tl.number, message)});
        skipping_ = true;
    }

    void close_grid() {
        if (!grid_) return;
        Pending g = std::move(*grid_);
        grid_.reset();
        if (g.error) {
            out_.push_back(PicrossGrid{g.name, g.line, std::move(*g.error)});
            return;
        }
        const std::string label = "grid '" + g.name + "'";
        auto missing = [&](const char* what) {
            out_.push_back(
                PicrossGrid{g.name, g.line,
                            ParseError(source_, g.line,
                                       label + ": expected a " + what +
                                           " section with at least one clue, " + "found none")});
        };
        if (!g.rows || g.rows->empty()) return missing("ROWS");
        if (!g.columns || g.columns->empty()) return missing("COLUMNS");
        PuzzleInfo info;
        info.title = g.name;
        try {
            out_.push_back(PicrossGrid{g.name, g.line,
                                       finish_bw_puzzle(source_, g.line, 0, std::move(*g.rows),
                                                        std::move(*g.columns), std::move(info))});
        } catch (const ParseError& e) {
            out_.push_back(PicrossGrid{g.name, g.line,
                                       ParseError(source_, e.line(), label + ": " + e.message())});
        }
    }

    const std::string& source_;
    std::optional<Pending> grid_;
    bool skipping_ = false;
    std::vector<PicrossGrid> out_;
};

}  // namespace

std::vector<PicrossGrid> read_picross_each(std::string_view content, const std::string& source) {
    return PicrossReader(source).run(split_lines(content));
}

std::vector<Puzzle> read_picross(std::string_view content, const std::string& source) {
    std::vector<Puzzle> puzzles = puzzles_or_first_error(read_picross_each(content, source));
    if (puzzles.empty())
        throw ParseError(source, 0,
                         "expected at least one 'GRID' with ROWS and COLUMNS, found none");
    return puzzles;
}

int sniff_picross(std::string_view content) {
    for (const TextLine& tl : split_lines(content)) {
        const std::string_view t = trim(tl.text);
        if (t.empty() || t[0] == '#') continue;
        return is_keyword_line(t, "GRID") ? 100 : 0;
    }
    return 0;
}

}  // namespace nonolab::io
