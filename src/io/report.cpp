#include "io/report.hpp"

namespace nonolab::io {

std::vector<std::string> grid_rows(const Grid& grid, const Palette& palette) {
    const bool bw = palette.size() == 2;
    std::vector<std::string> rows;
    rows.reserve(grid.height());
    for (int r = 0; r < grid.height(); ++r) {
        std::string row(grid.width(), '?');
        for (int c = 0; c < grid.width(); ++c) {
            const Cell v = grid.at(r, c);
            if (v == kUnknown) continue;
            if (bw)
                row[c] = v == kEmpty ? '.' : '#';
            else if (v < palette.size())
                row[c] = palette[v].symbol;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

nlohmann::json to_json(const Report& r) {
    nlohmann::json j;
    j["source"] = r.source;
    j["index"] = r.index;
    j["name"] = r.name;
    j["width"] = r.width;
    j["height"] = r.height;
    j["method"] = r.method;
    j["status"] = std::string(to_string(r.status));
    j["seconds"] = r.seconds;
    j["solutions"] = r.solutions;
    j["stats"] = r.stats;
    if (r.status == Status::error) j["error"] = r.error;
    return j;
}

}  // namespace nonolab::io
