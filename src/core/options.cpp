#include "core/options.hpp"

#include <atomic>
#include <charconv>
#include <system_error>

#include "core/number_text.hpp"

namespace nonolab {

namespace {
std::atomic<std::uint64_t> g_docs_built{0};
}  // namespace

std::uint64_t option_docs_built() {
    return g_docs_built.load(std::memory_order_relaxed);
}

}  // namespace nonolab

namespace nonolab::option_text {

void note_docs_built() {
    g_docs_built.fetch_add(1, std::memory_order_relaxed);
}

std::string format(double value) {
    // Shortest text that reads back to the same double: the default shown by
    // --list-methods is exactly the default used.
    return shortest_text(value);
}

std::string format(std::int64_t value) {
    return std::to_string(value);
}

void fail(const std::string& key, const std::string& value, const std::string& want) {
    throw std::invalid_argument("parameter '" + key + "': got '" + value + "', expected " + want);
}

double parse_number(const std::string& key, const std::string& value, double lo, double hi) {
    const std::optional<double> x = parse_double(value);
    if (!x || !(*x >= lo && *x <= hi))
        fail(key, value, "a number in [" + format(lo) + ", " + format(hi) + "]");
    return *x;
}

std::int64_t parse_integer(const std::string& key, const std::string& value, std::int64_t lo,
                           std::int64_t hi) {
    std::int64_t x = 0;
    const auto r = std::from_chars(value.data(), value.data() + value.size(), x);
    if (r.ec != std::errc() || r.ptr != value.data() + value.size() || x < lo || x > hi)
        fail(key, value, "an integer in [" + format(lo) + ", " + format(hi) + "]");
    return x;
}

bool parse_flag(const std::string& key, const std::string& value) {
    if (value == "1" || value == "true" || value == "yes" || value == "on") return true;
    if (value == "0" || value == "false" || value == "no" || value == "off") return false;
    fail(key, value, "true or false");
}

std::string join_choices(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out;
}

}  // namespace nonolab::option_text
