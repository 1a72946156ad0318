#include "core/error.hpp"

#include <string_view>

namespace nonolab {

namespace {
std::string format_location(const std::string& source, int line, const std::string& message) {
    std::string out;
    out.append(source.empty() ? std::string_view("<input>") : std::string_view(source));
    if (line > 0) out.append(":").append(std::to_string(line));
    out.append(": ").append(message);
    return out;
}
}  // namespace

ParseError::ParseError(std::string source, int line, std::string message)
    : std::runtime_error(format_location(source, line, message)),
      source_(std::move(source)),
      line_(line),
      message_(std::move(message)) {}

}  // namespace nonolab
