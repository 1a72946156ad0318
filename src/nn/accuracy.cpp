#include "nn/accuracy.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "io/clue_encoding.hpp"
#include "nn/reflection.hpp"

namespace nonolab::nn {

AccuracyReport evaluate_accuracy(const Predictor& predictor, const io::Dataset& data,
                                 const AccuracyOptions& options) {
    const int n = data.n;
    if (predictor.board_size() != n)
        throw std::invalid_argument("the network is for " + std::to_string(predictor.board_size()) +
                                    "x" + std::to_string(predictor.board_size()) +
                                    " boards, the data set '" + data.name + "' holds " +
                                    std::to_string(n) + "x" + std::to_string(n));
    const auto start = std::chrono::steady_clock::now();
    const int xs = io::clue_vector_size(n), ys = n * n;
    const int views = options.reflections ? 8 : 1;
    const std::size_t batch = static_cast<std::size_t>(std::max(1, options.batch));
    AccuracyReport rep;
    rep.measured_reflections = options.reflections;
    rep.boards = static_cast<std::int64_t>(data.size());
    rep.histogram.assign(static_cast<std::size_t>(ys) + 1, 0);
    std::vector<float> in(batch * views * xs), out(batch * views * ys);
    std::vector<std::uint8_t> board(ys), pred(ys), back(ys), clues(xs);
    double error_sum = 0;
    for (std::size_t from = 0; from < data.size(); from += batch) {
        const std::size_t count = std::min(batch, data.size() - from);
        for (std::size_t k = 0; k < count; ++k)
            for (int v = 0; v < views; ++v) {
                float* x = in.data() + (k * views + v) * xs;
                if (v == 0) {
                    for (int c = 0; c < xs; ++c) x[c] = data.clues(from + k)[c];
                } else {
                    reflect_cells(data.board(from + k), n, kReflections[v], board.data());
                    io::encode_board_clues(board.data(), n, clues.data());
                    for (int c = 0; c < xs; ++c) x[c] = clues[c];
                }
            }
        predictor.predict(in.data(), static_cast<int>(count) * views, out.data());
        for (std::size_t k = 0; k < count; ++k) {
            const std::uint8_t* y = data.board(from + k);
            bool any = false;
            for (int v = 0; v < views; ++v) {
                const float* p = out.data() + (k * views + v) * ys;
                for (int c = 0; c < ys; ++c) pred[c] = p[c] >= 0.5f ? 1 : 0;
                if (v > 0) {
                    reflect_cells(pred.data(), n, inverse(kReflections[v]), back.data());
                    pred.swap(back);
                }
                int errors = 0;
                for (int c = 0; c < ys; ++c) errors += pred[c] != y[c];
                any = any || errors == 0;
                if (v == 0) {
                    ++rep.histogram[static_cast<std::size_t>(errors)];
                    error_sum += errors;
                    if (errors == 0) ++rep.correct;
                    io::encode_board_clues(pred.data(), n, clues.data());
                    bool same = true;
                    for (int c = 0; c < xs && same; ++c) same = clues[c] == data.clues(from + k)[c];
                    if (same) ++rep.solves;
                }
            }
            if (any && options.reflections) ++rep.correct_reflections;
        }
    }
    if (!options.reflections) rep.correct_reflections = rep.correct;
    while (rep.histogram.size() > 1 && rep.histogram.back() == 0) rep.histogram.pop_back();
    rep.mean_errors = rep.boards ? error_sum / static_cast<double>(rep.boards) : 0;
    if (rep.boards) rep.weibull = fit_weibull(rep.histogram);
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return rep;
}

nlohmann::json to_json(const AccuracyReport& r) {
    const auto if_measured = [&](nlohmann::json v) {
        return r.measured_reflections ? v : nlohmann::json();
    };
    return {{"boards", r.boards},
            {"correct", r.correct},
            {"accuracy", r.accuracy()},
            {"correct_with_reflections", if_measured(r.correct_reflections)},
            {"accuracy_with_reflections", if_measured(r.accuracy_reflections())},
            {"solves", r.solves},
            {"mean_errors", r.mean_errors},
            {"histogram", r.histogram},
            {"weibull",
             {{"alpha", r.weibull.alpha},
              {"beta", r.weibull.beta},
              {"log_likelihood", r.weibull.log_likelihood}}},
            {"seconds", r.seconds}};
}

std::string format_report(const AccuracyReport& r) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "boards %lld\nfully right %lld (%.2f%%)\n",
                  static_cast<long long>(r.boards), static_cast<long long>(r.correct),
                  100 * r.accuracy());
    std::string s = buf;
    if (r.measured_reflections)
        std::snprintf(buf, sizeof buf, "with reflections %lld (%.2f%%)\n",
                      static_cast<long long>(r.correct_reflections),
                      100 * r.accuracy_reflections());
    else
        std::snprintf(buf, sizeof buf, "with reflections not measured\n");
    s += buf;
    std::snprintf(buf, sizeof buf,
                  "solves the clues %lld (%.2f%%)\nmean wrong cells %.3f\n"
                  "Weibull (eq. 2) alpha %.6g beta %.6g\n",
                  static_cast<long long>(r.solves), r.boards ? 100.0 * r.solves / r.boards : 0.0,
                  r.mean_errors, r.weibull.alpha, r.weibull.beta);
    s += buf;
    s += "wrong cells: boards";
    for (std::size_t f = 0; f < r.histogram.size() && f <= 20; ++f)
        s += " " + std::to_string(f) + ":" + std::to_string(r.histogram[f]);
    if (r.histogram.size() > 21) s += " ...";
    return s + "\n";
}

}  // namespace nonolab::nn
