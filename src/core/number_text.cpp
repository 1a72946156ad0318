#include "core/number_text.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <system_error>

namespace nonolab {

#if defined(__cpp_lib_to_chars)

std::string shortest_text(double value) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

std::optional<double> parse_double(std::string_view text) {
    double x = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), x);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return std::nullopt;
    return x;
}

#else  // no floating-point charconv: printf and strtod, "C" locale

std::string shortest_text(double value) {
    char buf[64];
    for (int digits = 1; digits <= 17; ++digits) {  // 17 significant digits always read back
        std::snprintf(buf, sizeof buf, "%.*g", digits, value);
        if (std::strtod(buf, nullptr) == value) break;
    }
    return buf;
}

std::optional<double> parse_double(std::string_view text) {
    // from_chars takes no leading space or '+', and no hexadecimal without
    // its own flag: refuse what strtod alone would take.
    if (text.empty() || text[0] == ' ' || text[0] == '+' ||
        text.find_first_of("xX \t\n") != std::string_view::npos)
        return std::nullopt;
    const std::string copy(text);
    char* end = nullptr;
    const double x = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size()) return std::nullopt;
    return x;
}

#endif

}  // namespace nonolab
