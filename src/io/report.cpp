#include "io/report.hpp"

#include <exception>

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
    // The name is UTF-8 already (the readers decode it); source and error
    // are bytes from elsewhere. nlohmann throws on a string that is not
    // UTF-8 when it serialises, which used to lose the whole record.
    j["source"] = valid_utf8(r.source);
    j["index"] = r.index;
    j["name"] = valid_utf8(r.name);
    j["width"] = r.width;
    j["height"] = r.height;
    j["method"] = valid_utf8(r.method);
    j["status"] = std::string(to_string(r.status));
    j["seconds"] = r.seconds;
    // Solution rows are palette symbols, which readers keep to printable ASCII.
    j["solutions"] = r.solutions;
    j["stats"] = r.stats;
    if (r.status == Status::error) j["error"] = valid_utf8(r.error);
    return j;
}

std::string to_json_line(const Report& report) {
    return to_json(report).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Report unwritten_report(const Report& report, std::string_view what) {
    Report r;
    r.source = report.source;
    r.index = report.index;
    r.name = report.name;
    r.width = report.width;
    r.height = report.height;
    r.method = report.method;
    r.seconds = report.seconds;
    r.status = Status::error;
    const std::string puzzle = report.index > 0 ? "puzzle " + std::to_string(report.index) + " of "
                                                : std::string("the file ");
    r.error = "could not write the result of " + puzzle + report.source + " (" +
              std::string(to_string(report.status)) + "): " + std::string(what) +
              "; this is a bug in nonolab, please report it with the puzzle file";
    if (report.index > 0)
        r.error += "; --index " + std::to_string(report.index) + " solves this puzzle alone";
    return r;
}

std::string render_record(const Report& report,
                          const std::function<std::string(const Report&)>& render, bool* stood_in) {
    if (stood_in) *stood_in = false;
    std::string what;
    try {
        return render(report);
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
        what = "unknown exception";
    }
    const Report stand_in = unwritten_report(report, what);
    if (stood_in) *stood_in = true;
    try {
        return render(stand_in);
    } catch (...) {
        return to_json_line(stand_in);
    }
}

}  // namespace nonolab::io
