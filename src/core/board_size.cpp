#include "core/board_size.hpp"

#include <charconv>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/limits.hpp"

namespace nonolab {

namespace {

// A whole non-negative number with optional spaces around it; nullopt for
// anything else (a sign, a fraction, trailing text, overflow).
std::optional<long long> whole_number(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (s.empty() || s.front() < '0' || s.front() > '9') return std::nullopt;
    long long v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

std::string side_error(const std::string& got, int max_side) {
    return "each side must be 1 to " + std::to_string(max_side) + ", got '" + got + "'";
}

}  // namespace

BoardSize parse_board_size(std::string_view text, int max_side) {
    const std::size_t x = text.find_first_of("xX");
    const auto w = whole_number(text.substr(0, x));
    const auto h = x == std::string_view::npos ? w : whole_number(text.substr(x + 1));
    if (!w || !h)
        throw std::invalid_argument("expected N or WxH (e.g. 10 or 20x15), got '" +
                                    std::string(text) + "'");
    if (*w < 1 || *h < 1 || *w > max_side || *h > max_side)
        throw std::invalid_argument(side_error(std::string(text), max_side));
    return {static_cast<int>(*w), static_cast<int>(*h)};
}

void check_board_size(int width, int height) {
    if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
        throw std::invalid_argument(
            side_error(std::to_string(width) + "x" + std::to_string(height), kMaxSide));
}

}  // namespace nonolab
