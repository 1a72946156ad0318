#include "serve/routes.hpp"

#include <charconv>
#include <cmath>

#include "io/formats.hpp"

namespace nonolab::cli::serve {

std::string source_of(const HttpRequest& r) {
    return text_param(r, "filename", "upload");
}

std::vector<Puzzle> read_body(const HttpRequest& r) {
    if (r.body.empty()) throw ApiError(400, "the body is empty: send a puzzle file");
    const std::string format = text_param(r, "format", "");
    if (!format.empty() && !io::find_format(format))
        throw ApiError(400, "unknown format '" + format + "'; GET /api/formats lists them");
    try {
        std::vector<Puzzle> puzzles = io::read_puzzles_text(r.body, source_of(r), format);
        if (puzzles.empty()) throw ApiError(400, source_of(r) + ": the file holds no puzzle");
        return puzzles;
    } catch (const ApiError&) {
        throw;
    } catch (const std::exception& e) {  // ParseError, UnsupportedError, PuzzleError
        throw ApiError(400, e.what());
    }
}

std::string text_param(const HttpRequest& r, const std::string& key, const std::string& fallback) {
    const auto it = r.query.find(key);
    return it == r.query.end() ? fallback : it->second;
}

double number_param(const HttpRequest& r, const std::string& key, double fallback, double lo,
                    double hi) {
    const auto it = r.query.find(key);
    if (it == r.query.end()) return fallback;
    const std::string& v = it->second;
    double x = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (ec != std::errc() || end != v.data() + v.size() || !std::isfinite(x) || x < lo || x > hi)
        throw ApiError(400, "parameter " + key + "=" + v + ": expected a number in [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return x;
}

int integer_param(const HttpRequest& r, const std::string& key, int fallback, int lo, int hi) {
    const auto it = r.query.find(key);
    if (it == r.query.end()) return fallback;
    const std::string& v = it->second;
    int x = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (ec != std::errc() || end != v.data() + v.size() || x < lo || x > hi)
        throw ApiError(400, "parameter " + key + "=" + v + ": expected an integer in [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return x;
}

bool flag_param(const HttpRequest& r, const std::string& key, bool fallback) {
    const std::string v = text_param(r, key, fallback ? "true" : "false");
    if (v == "true" || v == "1" || v == "yes" || v == "on" || v.empty()) return true;
    if (v == "false" || v == "0" || v == "no" || v == "off") return false;
    throw ApiError(400, "parameter " + key + "=" + v + ": expected true or false");
}

double solve_seconds(const HttpRequest& r, const ApiOptions& options) {
    const double cap = options.solve_timeout;
    const double asked = number_param(r, "timeout", cap, 0, 1e9);
    if (asked <= 0) return cap;  // 0 = "no limit" elsewhere; here the server's limit
    return cap > 0 ? std::min(asked, cap) : asked;
}

HttpResponse json_response(const nlohmann::json& body, int status) {
    // Text that is not UTF-8 (a reader's message quoting the file) is replaced, not thrown on.
    return {status, "application/json",
            body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)};
}

}  // namespace nonolab::cli::serve
