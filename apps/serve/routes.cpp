#include "serve/routes.hpp"

#include <charconv>
#include <cmath>

#include "core/number_text.hpp"
#include "io/formats.hpp"

namespace nonolab::cli::serve {

std::span<const Endpoint> endpoints() {
    static constexpr Endpoint kEndpoints[] = {
        {"/api/check", check_route, true},           {"/api/solve", solve_route, true},
        {"/api/explain", explain_route, true},       {"/api/make-unique", make_unique_route, true},
        {"/api/convert", convert_route, false},      {"/api/render", render_route, true},
        {"/api/from-image", from_image_route, true},
    };
    return kEndpoints;
}

HttpResponse formats_response() {
    nlohmann::json list = nlohmann::json::array();
    for (const io::Format& f : io::formats())
        list.push_back({{"name", f.name},
                        {"extensions", f.extensions},
                        {"description", f.description},
                        {"read", f.read != nullptr},
                        {"write", f.write != nullptr}});
    return json_response({{"formats", list}});
}

std::string source_of(const HttpRequest& r) {
    return text_param(r, "filename", "upload");
}

std::vector<io::Entry> read_body_entries(const HttpRequest& r) {
    if (r.body.empty()) throw ApiError(400, "the body is empty: send a puzzle file");
    const std::string format = text_param(r, "format", "");
    if (!format.empty() && !io::find_format(format))
        throw ApiError(400, "unknown format '" + format + "'; GET /api/formats lists them");
    std::vector<io::Entry> entries;
    try {
        entries = io::read_entries_text(r.body, source_of(r), format);
    } catch (const std::exception& e) {  // ParseError, UnsupportedError, PuzzleError
        throw ApiError(400, e.what());
    }
    if (entries.empty()) throw ApiError(400, source_of(r) + ": the file holds no puzzle");
    // Nothing readable at all is the client's error; otherwise each broken
    // puzzle is answered in its own place of a 200. ?each=true answers a
    // file of broken puzzles that way too, one error record each, as the
    // CLI prints them (the WebAssembly engine's Node entry asks for it).
    if (flag_param(r, "each", false)) return entries;
    std::string errors;
    for (const io::Entry& e : entries) {
        if (e.puzzle) return entries;
        errors += (errors.empty() ? "" : "\n") + e.error;
    }
    throw ApiError(400, errors);
}

std::vector<Puzzle> read_body(const HttpRequest& r) {
    std::vector<io::Entry> entries = read_body_entries(r);
    const bool skip = flag_param(r, "skip_unreadable", false);
    std::vector<Puzzle> puzzles;
    std::string errors;
    int bad = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].puzzle) {
            puzzles.push_back(std::move(*entries[i].puzzle));
        } else {
            ++bad;
            errors += "\n  #" + std::to_string(i + 1) + ": " + entries[i].error;
        }
    }
    if (bad && !skip)
        throw ApiError(400, std::to_string(bad) + " of " + std::to_string(entries.size()) +
                                " puzzles of " + source_of(r) +
                                " cannot be read (skip_unreadable=true leaves them out):" + errors);
    return puzzles;
}

const Puzzle& puzzle_at(const std::vector<io::Entry>& entries, int index, const HttpRequest& r) {
    const io::Entry& e = entries.at(static_cast<std::size_t>(index - 1));
    if (!e.puzzle)
        throw ApiError(400, source_of(r) + " #" + std::to_string(index) + ": " + e.error);
    return *e.puzzle;
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
    const std::optional<double> x = parse_double(v);
    if (!x || !std::isfinite(*x) || *x < lo || *x > hi)
        throw ApiError(400, "parameter " + key + "=" + v + ": expected a number in [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return *x;
}

namespace {

// One integer of parameter `key`, whose whole value is `value`.
int parse_integer(const std::string& key, const std::string& value, std::string_view text, int lo,
                  int hi) {
    int x = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
    if (ec != std::errc() || end != text.data() + text.size() || x < lo || x > hi)
        throw ApiError(400, "parameter " + key + "=" + value + ": expected " +
                                (text.size() == value.size() ? "an integer" : "integers") +
                                " in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return x;
}

}  // namespace

int integer_param(const HttpRequest& r, const std::string& key, int fallback, int lo, int hi) {
    const auto it = r.query.find(key);
    if (it == r.query.end()) return fallback;
    return parse_integer(key, it->second, it->second, lo, hi);
}

std::vector<int> integer_list_param(const HttpRequest& r, const std::string& key, int lo, int hi) {
    std::vector<int> out;
    const auto it = r.query.find(key);
    if (it == r.query.end()) return out;
    const std::string& v = it->second;
    for (std::size_t start = 0; start <= v.size();) {
        const std::size_t end = std::min(v.find(',', start), v.size());
        out.push_back(
            parse_integer(key, v, std::string_view(v).substr(start, end - start), lo, hi));
        start = end + 1;
    }
    return out;
}

ParamMap table_params(const HttpRequest& r,
                      std::initializer_list<std::pair<const char*, const char*>> keys) {
    ParamMap out;
    for (const auto& [query, key] : keys)
        if (const auto it = r.query.find(query); it != r.query.end()) out[key] = it->second;
    return out;
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

HttpResponse answer_or_error(const std::function<HttpResponse()>& work) noexcept {
    try {
        try {
            return work();
        } catch (const ApiError& e) {
            return json_response({{"error", e.what()}}, e.status);
        } catch (const std::bad_alloc&) {
            return json_response({{"error", "out of memory"}}, 500);
        } catch (const std::exception& e) {
            return json_response({{"error", std::string("internal error: ") + e.what()}}, 500);
        }
    } catch (...) {  // even building the error failed
        return {500, "application/json", "{\"error\":\"internal error\"}"};
    }
}

HttpResponse json_response(const nlohmann::json& body, int status) {
    // Text that is not UTF-8 (a reader's message quoting the file) is replaced, not thrown on.
    return {status, "application/json",
            body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)};
}

}  // namespace nonolab::cli::serve
