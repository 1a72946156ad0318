#include "batch/explain_output.hpp"

#include "io/solution_rows.hpp"

namespace nonolab::batch {

namespace {

// "unique" reads as a verdict on the puzzle; for logic it means more.
std::string verdict(const exact::Explanation& e) {
    switch (e.status) {
        case Status::unique:
            return "logic alone solves it: the solution is unique";
        case Status::contradiction:
            return "the puzzle has no solution";
        case Status::unsolved:
            return "logic stops here; the rest needs a guess";
        default:
            return "stopped by the time or step limit";
    }
}

}  // namespace

nlohmann::json explain_json(const exact::Explanation& e, const Puzzle& puzzle,
                            const std::string& source, int index) {
    nlohmann::json steps = nlohmann::json::array();
    for (const exact::ExplainStep& s : e.steps) {
        nlohmann::json cells = nlohmann::json::array();
        for (const exact::CellValue& c : s.cells)
            cells.push_back({{"row", c.row},
                             {"col", c.col},
                             {"value", std::string(1, puzzle.palette()[c.value].symbol)}});
        const bool has_line = s.index >= 0;
        steps.push_back({{"kind", std::string(exact::to_string(s.kind))},
                         {"line", has_line ? nlohmann::json(s.is_row ? "row" : "column")
                                           : nlohmann::json(nullptr)},
                         {"index", has_line ? nlohmann::json(s.index) : nlohmann::json(nullptr)},
                         {"cells", std::move(cells)},
                         {"reason", s.reason}});
    }
    return {{"source", source},
            {"index", index},
            {"name", puzzle.info().title},
            {"width", puzzle.width()},
            {"height", puzzle.height()},
            {"status", std::string(to_string(e.status))},
            {"steps", std::move(steps)},
            {"grid", io::grid_rows(e.grid, puzzle.palette())}};
}

std::string explain_text(const exact::Explanation& e, const Puzzle& puzzle,
                         const std::string& source, int index) {
    std::string out = source + " #" + std::to_string(index);
    if (!puzzle.info().title.empty()) out += " \"" + puzzle.info().title + "\"";
    out += " (" + std::to_string(puzzle.width()) + "x" + std::to_string(puzzle.height()) + ")\n";
    for (std::size_t i = 0; i < e.steps.size(); ++i)
        out += std::to_string(i + 1) + ". " + e.steps[i].reason + "\n";
    out += std::string(to_string(e.status)) + ": " + verdict(e) + "\n";
    return out;
}

}  // namespace nonolab::batch
