// Small helpers for readers that build colour palettes themselves (pynogram,
// Izaron .pzl, character pictures): a table of common colour names, hex
// formatting, and a deterministic way to give every palette entry its own
// printable symbol.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// 0xRRGGBB of a common CSS/SVG colour name ("red", "darkgreen", "grey"),
/// case-insensitive; nullopt when the name is not in the table.
std::optional<std::uint32_t> rgb_of_colour_name(std::string_view name);

/// The table name of an exact 0xRRGGBB value ("black" for 0), if any.
std::optional<std::string> colour_name_of_rgb(std::uint32_t rgb);

/// "#ff9900", "ff9900" or "#f90" (surrounding spaces allowed) -> 0xFF9900;
/// nullopt for anything else. The one hex-colour parser all readers share.
std::optional<std::uint32_t> parse_hex_rgb(std::string_view text);

/// "ff9900": six lower-case hex digits.
std::string rgb_hex(std::uint32_t rgb);

/// Gives every entry of `palette` a distinct printable ASCII symbol. Entry 0
/// (the background) gets '.'. Entry k keeps preferred[k] when that is
/// printable, not '.', not a space and not yet taken; otherwise it gets the
/// first free character of a fixed list ('#', a-z, A-Z, 0-9, punctuation).
/// Returns false when the list runs out (more than about 90 colours).
bool assign_symbols(Palette& palette, const std::vector<char>& preferred);

/// For readers whose files name colours by any character (webpbn XML's
/// char=, JSON's "symbol"): the file's characters spell its own pictures,
/// but the palette's symbols are what every picture we print uses
/// (solution rows, JSON goals, the page's drawing). A space there, as
/// number-loom writes for its background, prints as a blank, and the page
/// cannot tell it from a gap. When any symbol is a space or missing, the
/// background takes '.' and the others keep their own characters where
/// free (assign_symbols); a palette of printable symbols is left as it is,
/// and so is one too large for distinct symbols (about 90 colours).
void spaceless_symbols(Palette& palette);

/// For writers: one distinct character per palette entry k >= first
/// (entries below `first` get 0). Entry k keeps its own symbol when `keep`
/// accepts it and no earlier entry has it; the others get the first
/// character of `pool` not used yet. Throws WriteError(too_many) when
/// `pool` runs out.
std::vector<char> distinct_chars(const Palette& palette, std::string_view pool,
                                 const std::function<bool(char)>& keep, const std::string& too_many,
                                 std::size_t first = 0);

/// Makes `name` unique among the names already in `palette` by appending
/// "-2", "-3", ... when needed.
std::string unique_colour_name(const Palette& palette, std::string name);

/// "a", "b", ..., "z", "aa", "ab", ... for k = 1, 2, ...: generated colour
/// names and keys for writers whose format restricts them.
std::string letters_of(std::size_t k);

/// A palette from bare RGB values, entry 0 the background, for formats that
/// give colours only as numbers (nonograms.org text, pictures): each entry is
/// named by the table above or by its hex digits ("b30101"), made unique,
/// and given symbols by assign_symbols. nullopt when the symbols run out.
std::optional<Palette> palette_of_rgbs(const std::vector<std::uint32_t>& rgbs);

}  // namespace nonolab::io
