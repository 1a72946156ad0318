// Doubles as text and back, exactly and without the locale. std::to_chars
// and std::from_chars do this where the standard library has them for
// floating point (libstdc++ 11 on); emscripten's libc++ (14) lacks them,
// so there the same contract is kept with printf and strtod in the "C"
// locale, which is the only one a WebAssembly build has.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace nonolab {

/// The shortest decimal text that reads back to the same double.
std::string shortest_text(double value);

/// The whole of `text` as a double (no surrounding spaces), or nothing.
std::optional<double> parse_double(std::string_view text);

}  // namespace nonolab
