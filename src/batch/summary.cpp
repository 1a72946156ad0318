#include "batch/summary.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
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

void SummaryBuilder::add(const RunRecord& r) {
    const Place here{r.unit, arrivals_++};
    const std::string label = method_label(r.method, r.params);
    auto [m_it, new_method] = method_of_.emplace(label, methods_.size());
    if (new_method) {
        methods_.push_back(label);
        method_place_.push_back(here);
    }
    const std::size_t m = m_it->second;
    method_place_[m] = std::min(method_place_[m], here);
    auto [r_it, new_row] = row_of_.emplace(std::make_pair(r.source, r.index), rows_.size());
    if (new_row) {
        rows_.push_back({{record_label(r), r.source, r.index, r.group, {}}, {}});
        row_place_.push_back(here);
    }
    const std::size_t row = r_it->second;
    row_place_[row] = std::min(row_place_[row], here);

    std::vector<Sums>& cells = rows_[row].by_method;
    if (cells.size() <= m) cells.resize(m + 1);
    Sums& s = cells[m];
    SummaryCell& c = s.cell;
    ++c.runs;
    s.seconds += r.seconds;
    if (r.status == Status::error) ++c.errors;
    if (r.best_error > 0) s.best_errors += static_cast<double>(r.best_error);
    if (!r.solved()) return;
    if (c.successes == 0 || r.iterations < c.min_iterations) c.min_iterations = r.iterations;
    if (c.successes == 0 || r.iterations > c.max_iterations) c.max_iterations = r.iterations;
    ++c.successes;
    s.iterations += static_cast<double>(r.iterations);
}

namespace {

// Indices 0..n-1 sorted by their places (smallest unit, then arrival).
std::vector<std::size_t> in_place_order(
    const std::vector<std::pair<std::uint64_t, std::uint64_t>>& places) {
    std::vector<std::size_t> order(places.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t x, std::size_t y) { return places[x] < places[y]; });
    return order;
}

}  // namespace

std::vector<SummaryRow> SummaryBuilder::rows() const {
    const std::vector<std::size_t> method_order = in_place_order(method_place_);
    std::vector<SummaryRow> out;
    out.reserve(rows_.size());
    for (std::size_t row : in_place_order(row_place_)) {
        SummaryRow r = rows_[row].head;
        for (std::size_t m : method_order) {
            Sums s = m < rows_[row].by_method.size() ? rows_[row].by_method[m] : Sums{};
            SummaryCell& c = s.cell;
            c.method = methods_[m];
            if (c.successes) c.avg_iterations = s.iterations / c.successes;
            if (c.runs) {
                c.mean_seconds = s.seconds / c.runs;
                c.mean_best_error = s.best_errors / c.runs;
            }
            r.cells.push_back(c);
        }
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<SummaryRow> summarise(const std::vector<RunRecord>& records) {
    SummaryBuilder table;
    for (const RunRecord& r : records) table.add(r);
    return table.rows();
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
