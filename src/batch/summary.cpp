#include "batch/summary.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>

namespace nonolab::batch {

std::string method_label(const std::string& method, const ParamMap& params) {
    std::string label = method;
    for (const auto& [k, v] : params) label += " " + k + "=" + v;
    return label;
}

namespace {

std::string record_label(const RunRecord& r) {
    std::string label = r.name;
    if (label.empty())
        label = std::filesystem::path(r.source).filename().string() + "#" + std::to_string(r.index);
    return label + " (" + std::to_string(r.width) + "x" + std::to_string(r.height) + ")";
}

}  // namespace

std::vector<SummaryRow> summarise(const std::vector<RunRecord>& records) {
    // First pass: the order of puzzles and methods as they first appear.
    std::vector<std::string> methods;
    std::vector<SummaryRow> rows;
    std::map<std::pair<std::string, int>, std::size_t> row_of;
    for (const RunRecord& r : records) {
        const std::string m = method_label(r.method, r.params);
        if (std::find(methods.begin(), methods.end(), m) == methods.end()) methods.push_back(m);
        const auto key = std::make_pair(r.source, r.index);
        if (!row_of.count(key)) {
            row_of[key] = rows.size();
            rows.push_back({record_label(r), r.source, r.index, r.group, {}});
        }
    }
    for (SummaryRow& row : rows) {
        row.cells.resize(methods.size());
        for (std::size_t m = 0; m < methods.size(); ++m) row.cells[m].method = methods[m];
    }
    // Second pass: accumulate; averages are finished below.
    std::vector<std::vector<double>> secs(rows.size(), std::vector<double>(methods.size(), 0.0));
    std::vector<std::vector<double>> errs = secs, iters = secs;
    for (const RunRecord& r : records) {
        const std::size_t row = row_of[{r.source, r.index}];
        const std::size_t m =
            std::find(methods.begin(), methods.end(), method_label(r.method, r.params)) -
            methods.begin();
        SummaryCell& c = rows[row].cells[m];
        ++c.runs;
        secs[row][m] += r.seconds;
        if (r.status == Status::error) ++c.errors;
        if (r.best_error > 0) errs[row][m] += static_cast<double>(r.best_error);
        if (!r.solved()) continue;
        if (c.successes == 0 || r.iterations < c.min_iterations) c.min_iterations = r.iterations;
        if (c.successes == 0 || r.iterations > c.max_iterations) c.max_iterations = r.iterations;
        ++c.successes;
        iters[row][m] += static_cast<double>(r.iterations);
    }
    for (std::size_t row = 0; row < rows.size(); ++row)
        for (std::size_t m = 0; m < methods.size(); ++m) {
            SummaryCell& c = rows[row].cells[m];
            if (c.successes) c.avg_iterations = iters[row][m] / c.successes;
            if (c.runs) {
                c.mean_seconds = secs[row][m] / c.runs;
                c.mean_best_error = errs[row][m] / c.runs;
            }
        }
    return rows;
}

TableStyle table_style_from(const std::string& name) {
    if (name == "text") return TableStyle::text;
    if (name == "markdown" || name == "md") return TableStyle::markdown;
    if (name == "csv") return TableStyle::csv;
    throw std::invalid_argument("table style '" + name + "': expected text, markdown or csv");
}

namespace {

// 1234567 -> "1,234,567", as the paper prints iteration counts.
std::string thousands(std::int64_t v) {
    std::string digits = std::to_string(v < 0 ? -v : v);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return v < 0 ? "-" + out : out;
}

// The average with one decimal, like the paper's "3222.2"; whole numbers without.
std::string average(double v) {
    const auto whole = static_cast<std::int64_t>(v);
    const int tenth = static_cast<int>((v - static_cast<double>(whole)) * 10 + 0.5);
    if (tenth == 0) return thousands(whole);
    if (tenth == 10) return thousands(whole + 1);
    return thousands(whole) + "." + std::to_string(tenth);
}

std::string success_cell(const SummaryCell& c) {
    if (c.runs == 0) return "";
    std::string s = std::to_string(c.successes) + "/" + std::to_string(c.runs);
    if (c.errors) s += " (" + std::to_string(c.errors) + " err)";
    return s;
}

std::string iterations_cell(const SummaryCell& c) {
    if (c.runs == 0) return "";
    if (c.successes == 0) return "-";
    return average(c.avg_iterations) + " [" + thousands(c.min_iterations) + "–" +
           thousands(c.max_iterations) + "]";
}

// Display width: UTF-8 continuation bytes take no column.
std::size_t columns(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
}

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string format_csv(const std::vector<SummaryRow>& rows) {
    std::string out =
        "puzzle,source,index,group,method,runs,successes,errors,avg_iterations,min_iterations,"
        "max_iterations,mean_seconds,mean_best_error\n";
    for (const SummaryRow& row : rows)
        for (const SummaryCell& c : row.cells) {
            if (c.runs == 0) continue;
            const bool any = c.successes > 0;
            out += csv_field(row.label) + "," + csv_field(row.source) + "," +
                   std::to_string(row.index) + "," + csv_field(row.group) + "," +
                   csv_field(c.method) + "," + std::to_string(c.runs) + "," +
                   std::to_string(c.successes) + "," + std::to_string(c.errors) + "," +
                   (any ? num(c.avg_iterations) : "") + "," +
                   (any ? std::to_string(c.min_iterations) : "") + "," +
                   (any ? std::to_string(c.max_iterations) : "") + "," + num(c.mean_seconds) + "," +
                   num(c.mean_best_error) + "\n";
        }
    return out;
}

}  // namespace

std::string format_summary(const std::vector<SummaryRow>& rows, TableStyle style) {
    if (style == TableStyle::csv) return format_csv(rows);
    // The paper's layout: the success columns of every method, then the
    // iteration columns of every method.
    std::vector<std::string> methods;
    if (!rows.empty())
        for (const SummaryCell& c : rows.front().cells) methods.push_back(c.method);
    const std::size_t m = methods.size();
    std::vector<std::vector<std::string>> body;
    for (const SummaryRow& row : rows) {
        std::vector<std::string> line{row.label};
        for (const SummaryCell& c : row.cells) line.push_back(success_cell(c));
        for (const SummaryCell& c : row.cells) line.push_back(iterations_cell(c));
        body.push_back(line);
    }
    std::string out;
    if (style == TableStyle::markdown) {
        out += "| puzzle |";
        for (const auto& name : methods) out += " " + name + " success |";
        for (const auto& name : methods) out += " " + name + " avg iterations [min–max] |";
        out += "\n|---|";
        for (std::size_t c = 0; c < 2 * m; ++c) out += "---:|";
        out += "\n";
        for (const auto& line : body) {
            out += "|";
            for (const std::string& cell : line) out += " " + cell + " |";
            out += "\n";
        }
        return out;
    }
    // Text: two header lines, the block titles over the method names.
    const std::string success_title = "success (x/T)";
    const std::string iter_title = "average iterations [min–max] of the successful runs";
    std::vector<std::string> names{"puzzle"};
    for (int block = 0; block < 2; ++block)
        names.insert(names.end(), methods.begin(), methods.end());
    std::vector<std::size_t> width(names.size(), 0);
    for (std::size_t c = 0; c < names.size(); ++c) width[c] = columns(names[c]);
    for (const auto& line : body)
        for (std::size_t c = 0; c < line.size(); ++c)
            width[c] = std::max(width[c], columns(line[c]));
    // Widen a block's last column until its title fits over the block.
    auto fit = [&](std::size_t first, const std::string& title) {
        if (m == 0) return;
        std::size_t span = 0;
        for (std::size_t c = first; c < first + m; ++c) span += width[c] + 2;
        if (span < columns(title) + 2) width[first + m - 1] += columns(title) + 2 - span;
    };
    fit(1, success_title);
    fit(1 + m, iter_title);
    auto emit = [&](const std::vector<std::string>& line) {
        std::string text;
        for (std::size_t c = 0; c < line.size(); ++c) {
            const std::string pad(width[c] - columns(line[c]), ' ');
            text += c == 0 ? line[c] + pad : "  " + pad + line[c];  // labels left, numbers right
        }
        while (!text.empty() && text.back() == ' ') text.pop_back();
        out += text + "\n";
    };
    if (m) {
        std::string title(width[0], ' ');
        std::size_t block_width = 0;
        for (std::size_t c = 1; c <= m; ++c) block_width += width[c] + 2;
        title += "  " + success_title + std::string(block_width - 2 - columns(success_title), ' ');
        title += "  " + iter_title;
        out += title + "\n";
    }
    emit(names);
    for (const auto& line : body) emit(line);
    return out;
}

}  // namespace nonolab::batch
