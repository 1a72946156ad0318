#include "batch/run_record.hpp"

#include <cstdio>
#include <stdexcept>

#include "io/text_encoding.hpp"

namespace nonolab::batch {

namespace {

using ojson = nlohmann::ordered_json;

ojson to_object(const RunRecord& r) {
    ojson j;
    j["unit"] = r.unit;
    j["source"] = r.source;
    j["index"] = r.index;
    j["name"] = r.name;
    if (!r.group.empty()) j["group"] = r.group;
    j["width"] = r.width;
    j["height"] = r.height;
    j["method"] = r.method;
    j["params"] = ojson::object();
    for (const auto& [k, v] : r.params) j["params"][k] = v;
    j["trial"] = r.trial;
    j["seed"] = r.seed;
    j["max_evaluations"] = r.max_evaluations;
    j["timeout"] = r.timeout;
    j["curve_every"] = r.curve_every;
    j["status"] = std::string(to_string(r.status));
    j["seconds"] = r.seconds;
    j["solutions"] = r.solutions;
    ojson stats = ojson::object();
    if (r.status != Status::error) {
        stats["evaluations"] = r.iterations;
        stats["best_error"] = r.best_error;
    }
    for (const auto& [k, v] : r.stats.items()) stats[k] = v;
    j["stats"] = std::move(stats);
    if (!r.error.empty()) j["error"] = r.error;
    if (!r.reason.empty()) j["reason"] = r.reason;
    if (!r.curve.empty()) {
        auto& c = j["curve"] = ojson::array();
        for (const CurvePoint& p : r.curve) c.push_back({p.evaluation, p.best_error});
    }
    return j;
}

}  // namespace

std::string to_json_line(const RunRecord& r) {
    // Bytes that are not UTF-8 (a title the reader could not decode) become
    // U+FFFD rather than an exception: the verdict must reach the file.
    constexpr auto replace = ojson::error_handler_t::replace;
    try {
        return to_object(r).dump(-1, ' ', false, replace);
    } catch (const std::exception& e) {
        // Whatever failed, the run still leaves a record that says which
        // puzzle it was and what went wrong.
        ojson j;
        j["unit"] = r.unit;
        j["source"] = r.source;
        j["index"] = r.index;
        j["method"] = r.method;
        j["params"] = ojson::object();
        j["trial"] = r.trial;
        j["seed"] = r.seed;
        j["max_evaluations"] = r.max_evaluations;
        j["timeout"] = r.timeout;
        j["curve_every"] = r.curve_every;
        j["status"] = "error";
        j["seconds"] = r.seconds;
        j["solutions"] = ojson::array();
        j["stats"] = ojson::object();
        j["error"] = std::string("could not write the result of puzzle ") +
                     std::to_string(r.index) + " of " + r.source + " (status " +
                     std::string(to_string(r.status)) + "): " + e.what() + "; please report this";
        return j.dump(-1, ' ', false, replace);
    }
}

namespace {

Status status_from(const std::string& s) {
    for (Status st : {Status::unique, Status::multiple, Status::solved, Status::contradiction,
                      Status::timeout, Status::unsolved, Status::error})
        if (to_string(st) == s) return st;
    throw std::invalid_argument("run record: unknown status '" + s + "'");
}

template <typename T>
T field(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end())
        throw std::invalid_argument(std::string("run record: missing \"") + key + "\"");
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception&) {
        throw std::invalid_argument(std::string("run record: \"") + key +
                                    "\" has the wrong type: " + it->dump());
    }
}

template <typename T>
void optional_field(const nlohmann::json& j, const char* key, T& out) {
    if (j.contains(key)) out = field<T>(j, key);
}

}  // namespace

RunRecord parse_json_line(const std::string& line) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::invalid_argument(std::string("run record: not JSON: ") + e.what());
    }
    if (!j.is_object()) throw std::invalid_argument("run record: not a JSON object");
    RunRecord r;
    r.unit = field<std::uint64_t>(j, "unit");
    r.source = field<std::string>(j, "source");
    r.index = field<int>(j, "index");
    r.method = field<std::string>(j, "method");
    r.status = status_from(field<std::string>(j, "status"));
    // What unit_key reads is required: a resume must not guess identities.
    r.params = field<ParamMap>(j, "params");
    r.trial = field<int>(j, "trial");
    r.seed = field<std::uint64_t>(j, "seed");
    r.max_evaluations = field<std::int64_t>(j, "max_evaluations");
    r.timeout = field<double>(j, "timeout");
    r.curve_every = field<std::int64_t>(j, "curve_every");
    optional_field(j, "name", r.name);
    optional_field(j, "group", r.group);
    optional_field(j, "width", r.width);
    optional_field(j, "height", r.height);
    optional_field(j, "seconds", r.seconds);
    optional_field(j, "solutions", r.solutions);
    optional_field(j, "error", r.error);
    optional_field(j, "reason", r.reason);
    if (j.contains("stats")) {
        r.stats = field<nlohmann::json>(j, "stats");
        if (!r.stats.is_object())
            throw std::invalid_argument("run record: \"stats\" is not an object");
        if (r.stats.contains("evaluations")) {
            r.iterations = field<std::int64_t>(r.stats, "evaluations");
            r.stats.erase("evaluations");
        }
        if (r.stats.contains("best_error")) {
            r.best_error = field<std::int64_t>(r.stats, "best_error");
            r.stats.erase("best_error");
        }
    }
    if (j.contains("curve")) {
        for (const auto& p : field<std::vector<std::vector<std::int64_t>>>(j, "curve")) {
            if (p.size() != 2)
                throw std::invalid_argument("run record: a curve point is not [evaluation, error]");
            r.curve.push_back({p[0], p[1]});
        }
    }
    return r;
}

std::string unit_key(const RunRecord& r) {
    // '\x1f' (unit separator) cannot occur in paths or params typed on a
    // command line, so distinct units never share a key.
    // Text as the JSON line holds it (not UTF-8 -> U+FFFD), so a record read
    // back from a file has the key of the run that wrote it.
    using io::valid_utf8;
    std::string key =
        valid_utf8(r.source) + '\x1f' + std::to_string(r.index) + '\x1f' + valid_utf8(r.method);
    for (const auto& [k, v] : r.params) key += '\x1f' + valid_utf8(k) + '=' + valid_utf8(v);
    char limits[96];
    std::snprintf(limits, sizeof limits, "%d\x1f%llu\x1f%lld\x1f%.17g\x1f%lld", r.trial,
                  static_cast<unsigned long long>(r.seed),
                  static_cast<long long>(r.max_evaluations), r.timeout,
                  static_cast<long long>(r.curve_every));
    return key + '\x1f' + limits;
}

}  // namespace nonolab::batch
