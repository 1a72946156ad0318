#include "batch/curve_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

#include "batch/summary.hpp"
#include "io/text.hpp"

namespace nonolab::batch {

namespace {

std::string record_title(const RunRecord& r) {
    std::string t = r.name;
    if (t.empty())
        t = std::filesystem::path(r.source).filename().string() + "#" + std::to_string(r.index);
    return t + " (" + std::to_string(r.width) + "x" + std::to_string(r.height) + ")";
}

// Best error of one run at evaluation x, read as a step function.
std::int64_t value_at(const std::vector<CurvePoint>& curve, std::int64_t x) {
    // Last sample with evaluation <= x; the first sample before it starts.
    auto it =
        std::upper_bound(curve.begin(), curve.end(), x,
                         [](std::int64_t v, const CurvePoint& p) { return v < p.evaluation; });
    if (it == curve.begin()) return curve.front().best_error;
    return std::prev(it)->best_error;
}

}  // namespace

std::vector<CurvePanel> average_curves(const std::vector<RunRecord>& records, bool by_group) {
    // panel -> method -> runs, both in order of first appearance.
    std::vector<std::string> panel_order;
    std::map<std::string, std::vector<std::string>> method_order;
    std::map<std::pair<std::string, std::string>, std::vector<const RunRecord*>> runs;
    for (const RunRecord& r : records) {
        if (r.curve.empty()) continue;
        const std::string panel = by_group && !r.group.empty() ? r.group : record_title(r);
        const std::string method = method_label(r.method, r.params);
        if (!method_order.count(panel)) panel_order.push_back(panel);
        auto& methods = method_order[panel];
        if (std::find(methods.begin(), methods.end(), method) == methods.end())
            methods.push_back(method);
        runs[{panel, method}].push_back(&r);
    }
    std::vector<CurvePanel> panels;
    for (const std::string& panel : panel_order) {
        CurvePanel cp;
        cp.title = panel;
        for (const std::string& method : method_order[panel]) {
            const auto& group = runs[{panel, method}];
            std::vector<std::int64_t> xs;
            for (const RunRecord* r : group)
                for (const CurvePoint& p : r->curve) xs.push_back(p.evaluation);
            std::sort(xs.begin(), xs.end());
            xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
            CurveSeries s;
            s.label = method;
            s.runs = static_cast<int>(group.size());
            for (std::int64_t x : xs) {
                double sum = 0;
                for (const RunRecord* r : group) sum += static_cast<double>(value_at(r->curve, x));
                s.x.push_back(static_cast<double>(x));
                s.y.push_back(sum / static_cast<double>(group.size()));
            }
            cp.series.push_back(std::move(s));
        }
        panels.push_back(std::move(cp));
    }
    return panels;
}

namespace {

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

// Tick label: 1500 -> "1.5k", 2000000 -> "2M".
std::string tick_label(double v) {
    char buf[32];
    const double a = std::fabs(v);
    if (a >= 1e6)
        std::snprintf(buf, sizeof buf, "%gM", v / 1e6);
    else if (a >= 1e3)
        std::snprintf(buf, sizeof buf, "%gk", v / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// About five round ticks (1, 2 or 5 times a power of ten) from 0 to hi.
std::vector<double> linear_ticks(double hi) {
    if (hi <= 0) return {0};
    const double raw = hi / 5;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw / mag < 1.5   ? mag
                        : raw / mag < 3.5 ? 2 * mag
                        : raw / mag < 7.5 ? 5 * mag
                                          : 10 * mag;
    std::vector<double> t;
    for (double v = 0; v <= hi * 1.0001; v += step) t.push_back(v);
    return t;
}

// A palette that stays apart in print and for common colour blindness (Okabe & Ito).
const char* kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                          "#E69F00", "#56B4E9", "#000000", "#F0E442"};

}  // namespace

std::string curve_svg(const std::vector<CurvePanel>& panels, const PlotOptions& options) {
    const int pw = 460, ph = 300;                  // one panel
    const int ml = 56, mr = 16, mt = 28, mb = 44;  // its margins around the plot area
    const int cols =
        std::max(1, std::min<int>(options.panel_columns,
                                  static_cast<int>(std::max<std::size_t>(1, panels.size()))));
    const int rows = static_cast<int>((panels.size() + cols - 1) / cols);
    const int top = 36;
    const int W = cols * pw, H = top + std::max(1, rows) * ph;
    std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(W) +
           "\" height=\"" + std::to_string(H) + "\" viewBox=\"0 0 " + std::to_string(W) + " " +
           std::to_string(H) + "\" font-family=\"sans-serif\" font-size=\"11\">\n";
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    svg += "<text x=\"" + std::to_string(W / 2) +
           "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">" + io::xml_escape(options.title) +
           "</text>\n";
    if (panels.empty())
        svg += "<text x=\"20\" y=\"60\">no curves were recorded (run with --curve N)</text>\n";

    for (std::size_t i = 0; i < panels.size(); ++i) {
        const CurvePanel& p = panels[i];
        const int ox = static_cast<int>(i % cols) * pw, oy = top + static_cast<int>(i / cols) * ph;
        const double x0 = ox + ml, x1 = ox + pw - mr, y0 = oy + ph - mb, y1 = oy + mt;
        double max_x = 0, max_y = 0;
        for (const CurveSeries& s : p.series) {
            for (double x : s.x) max_x = std::max(max_x, x);
            for (double y : s.y) max_y = std::max(max_y, y);
        }
        if (options.max_x > 0) max_x = std::min(max_x, options.max_x);
        if (max_x <= 0) max_x = 1;
        if (max_y <= 0) max_y = 1;
        const double lo_x = options.log_x ? 1 : 0;
        auto sx = [&](double x) {
            if (options.log_x)
                return x0 + (x1 - x0) * std::log10(std::max(x, 1.0)) /
                                std::max(1e-9, std::log10(std::max(max_x, 10.0)));
            return x0 + (x1 - x0) * (x - lo_x) / (max_x - lo_x);
        };
        auto sy = [&](double y) { return y0 - (y0 - y1) * y / max_y; };

        svg += "<g>\n<text x=\"" + fmt((x0 + x1) / 2) + "\" y=\"" + fmt(oy + 18) +
               "\" text-anchor=\"middle\" font-size=\"13\">" + io::xml_escape(p.title) +
               "</text>\n";
        // Axes, grid and ticks.
        svg += "<rect x=\"" + fmt(x0) + "\" y=\"" + fmt(y1) + "\" width=\"" + fmt(x1 - x0) +
               "\" height=\"" + fmt(y0 - y1) + "\" fill=\"none\" stroke=\"#444\"/>\n";
        for (double t : linear_ticks(max_y)) {
            svg += "<line x1=\"" + fmt(x0) + "\" x2=\"" + fmt(x1) + "\" y1=\"" + fmt(sy(t)) +
                   "\" y2=\"" + fmt(sy(t)) + "\" stroke=\"#ddd\"/>\n";
            svg += "<text x=\"" + fmt(x0 - 5) + "\" y=\"" + fmt(sy(t) + 4) +
                   "\" text-anchor=\"end\">" + tick_label(t) + "</text>\n";
        }
        std::vector<double> xt;
        if (options.log_x)
            for (double v = 1; v <= max_x * 1.0001; v *= 10) xt.push_back(v);
        else
            xt = linear_ticks(max_x);
        for (double t : xt) {
            svg += "<line x1=\"" + fmt(sx(t)) + "\" x2=\"" + fmt(sx(t)) + "\" y1=\"" + fmt(y0) +
                   "\" y2=\"" + fmt(y1) + "\" stroke=\"#eee\"/>\n";
            svg += "<text x=\"" + fmt(sx(t)) + "\" y=\"" + fmt(y0 + 15) +
                   "\" text-anchor=\"middle\">" + tick_label(t) + "</text>\n";
        }
        svg += "<text x=\"" + fmt((x0 + x1) / 2) + "\" y=\"" + fmt(y0 + 32) +
               "\" text-anchor=\"middle\">iterations" + std::string(options.log_x ? " (log)" : "") +
               "</text>\n";
        svg += "<text transform=\"translate(" + fmt(ox + 14) + " " + fmt((y0 + y1) / 2) +
               ") rotate(-90)\" text-anchor=\"middle\">mean best error</text>\n";
        // One polyline per method, drawn as steps (the best error only drops).
        for (std::size_t k = 0; k < p.series.size(); ++k) {
            const CurveSeries& s = p.series[k];
            const char* colour = kColours[k % (sizeof kColours / sizeof *kColours)];
            std::string pts;
            double last_y = 0;
            for (std::size_t j = 0; j < s.x.size(); ++j) {
                const double x = std::min(s.x[j], max_x);
                if (j) pts += fmt(sx(x)) + "," + fmt(sy(last_y)) + " ";
                pts += fmt(sx(x)) + "," + fmt(sy(s.y[j])) + " ";
                last_y = s.y[j];
                if (s.x[j] >= max_x) break;
            }
            svg += "<polyline fill=\"none\" stroke=\"" + std::string(colour) +
                   "\" stroke-width=\"1.6\" points=\"" + pts + "\"/>\n";
            const double ly = y1 + 14 + 14 * static_cast<double>(k);
            svg += "<line x1=\"" + fmt(x1 - 120) + "\" x2=\"" + fmt(x1 - 100) + "\" y1=\"" +
                   fmt(ly - 4) + "\" y2=\"" + fmt(ly - 4) + "\" stroke=\"" + colour +
                   "\" stroke-width=\"2\"/>\n";
            svg += "<text x=\"" + fmt(x1 - 95) + "\" y=\"" + fmt(ly) + "\">" +
                   io::xml_escape(s.label) + " (" + std::to_string(s.runs) + " runs)</text>\n";
        }
        svg += "</g>\n";
    }
    svg += "</svg>\n";
    return svg;
}

void check_plot_path(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (ext == ".svg") return;
    if (ext == ".png")
        throw std::invalid_argument(
            "--plot " + path +
            ": PNG output is not available yet (it arrives with the OpenCV issue); write an SVG "
            "instead, e.g. --plot " +
            std::filesystem::path(path).replace_extension(".svg").string());
    throw std::invalid_argument("--plot " + path + ": the plot file must end in .svg");
}

void write_plot(const std::string& path, const std::vector<CurvePanel>& panels,
                const PlotOptions& options) {
    check_plot_path(path);
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error(path + ": cannot open for writing");
    out << curve_svg(panels, options);
    if (!out.flush()) throw std::runtime_error(path + ": write failed");
}

}  // namespace nonolab::batch
