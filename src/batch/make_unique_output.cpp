#include "batch/make_unique_output.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/solution_rows.hpp"

namespace nonolab::batch {

namespace {

nlohmann::json grade_word(exact::Difficulty d) {
    if (d == exact::Difficulty::line || d == exact::Difficulty::probing ||
        d == exact::Difficulty::search)
        return std::string(to_string(d));
    return nullptr;
}

}  // namespace

nlohmann::json make_unique_json(const exact::MakeUniqueResult& m, const Puzzle& p,
                                exact::FixGoal goal) {
    const Palette& pal = p.palette();
    nlohmann::json solutions = nlohmann::json::array(), differ = nlohmann::json::array();
    for (const Grid& s : m.solutions) solutions.push_back(io::grid_rows(s, pal));
    if (m.solutions.size() >= 2)
        for (int i = 0; i < m.solutions[0].size(); ++i)
            if (m.solutions[0].cells()[i] != m.solutions[1].cells()[i])
                differ.push_back({i / p.width(), i % p.width()});
    nlohmann::json suggestions = nlohmann::json::array();
    for (const exact::Suggestion& s : m.suggestions) {
        nlohmann::json changes = nlohmann::json::array();
        for (const exact::CellChange& ch : s.changes)
            changes.push_back({{"row", ch.row},
                               {"col", ch.col},
                               {"value", std::string(1, pal[ch.value].symbol)}});
        suggestions.push_back({{"changes", changes},
                               {"picture", io::grid_rows(s.picture, pal)},
                               {"grade", grade_word(s.grade)},
                               {"cost", s.cost}});
    }
    return {{"goal", std::string(to_string(goal))},
            {"status", std::string(to_string(m.status))},
            {"grade", m.status == Status::unique ? grade_word(m.grade) : nullptr},
            {"goal_met", m.goal_met},
            {"width", p.width()},
            {"height", p.height()},
            {"solutions", solutions},
            {"differ", differ},
            {"suggestions", suggestions},
            {"candidates", m.candidates},
            {"seed_cells", m.seed_cells},
            {"checked", m.checked},
            {"total", m.total},
            {"complete", m.complete}};
}

std::string make_unique_text(const exact::MakeUniqueResult& m, const Puzzle& p, exact::FixGoal goal,
                             const std::string& source, int index) {
    std::ostringstream out;
    out << source << " #" << index;
    if (!p.info().title.empty()) out << " \"" << p.info().title << "\"";
    out << ": " << p.width() << "x" << p.height() << ", " << to_string(m.status);
    if (m.status == Status::unique) out << " (" << to_string(m.grade) << ")";
    out << "; goal " << to_string(goal) << "\n";
    if (m.goal_met) {
        out << "  the goal is already met: nothing to change\n";
        return out.str();
    }
    if (m.status != Status::unique && m.status != Status::multiple) {
        out << "  no verdict on the picture in time: nothing tried\n";
        return out.str();
    }
    const Palette& pal = p.palette();
    int n = 0;
    for (const exact::Suggestion& s : m.suggestions) {
        out << "  " << ++n << ". " << s.changes.size()
            << (s.changes.size() == 1 ? " change:" : " changes:");
        for (const exact::CellChange& c : s.changes)
            out << " row " << c.row + 1 << " col " << c.col + 1 << " -> '" << pal[c.value].symbol
                << "'" << (&c == &s.changes.back() ? "" : ",");
        out << "  (grade " << to_string(s.grade) << ", cost " << s.cost << ")\n";
    }
    out << "  " << m.checked << " pictures checked of " << m.total << " candidate sets ("
        << m.candidates << " changes, " << m.seed_cells << " cells where the puzzle stalls); ";
    if (m.complete)
        out << (m.suggestions.empty() ? "none of them reaches the goal" : "search complete");
    else if (m.suggestions.empty())
        out << "out of time before any fix: try a longer --timeout";
    else
        out << "stopped at the number of suggestions asked for";
    out << "\n";
    return out.str();
}

std::vector<exact::CellPos> read_lock_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument(path + ": cannot open the lock file");
    std::vector<exact::CellPos> cells;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string text = line.substr(0, line.find('#'));
        std::string spaced = text;
        for (char& ch : spaced)
            if (ch == ',' || ch == '\r' || ch == '\t') ch = ' ';
        std::istringstream words(spaced);
        long row = 0, col = 0;
        std::string extra;
        if (spaced.find_first_not_of(' ') == std::string::npos) continue;
        if (!(words >> row >> col) || (words >> extra) || row < 1 || col < 1 || row > 1 << 20 ||
            col > 1 << 20)
            throw std::invalid_argument(path + ":" + std::to_string(number) +
                                        ": expected 'row col', two whole numbers from 1, got '" +
                                        text + "'");
        cells.push_back({static_cast<int>(row - 1), static_cast<int>(col - 1)});
    }
    return cells;
}

std::vector<exact::CellPos> parse_lock_list(const std::string& text) {
    std::vector<exact::CellPos> cells;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item.empty()) continue;
        const auto colon = item.find(':');
        std::size_t used_r = 0, used_c = 0;
        int row = -1, col = -1;
        try {
            if (colon == std::string::npos) throw std::invalid_argument("no colon");
            row = std::stoi(item.substr(0, colon), &used_r);
            col = std::stoi(item.substr(colon + 1), &used_c);
        } catch (const std::exception&) {
            row = -1;
        }
        if (row < 0 || col < 0 || used_r != colon || used_c != item.size() - colon - 1)
            throw std::invalid_argument(
                "lock: expected R:C pairs (0-based) separated by commas, "
                "got '" +
                item + "'");
        cells.push_back({row, col});
    }
    return cells;
}

}  // namespace nonolab::batch
