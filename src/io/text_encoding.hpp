// Text encoding at the boundaries: every string nonolab keeps is UTF-8.
//
// Puzzle files in the wild are not all UTF-8: the public webpbn export has
// titles in Latin-1 (`title "Ald\xe8ge's Desert Bloomers"`), and older files
// from Windows tools use Windows-1252. Readers hand us raw bytes, so each
// text field is decided on its own when it is read (to_utf8): a field that is
// well-formed UTF-8 is kept as it is, any other field is decoded as
// Windows-1252. Deciding per field, not per file, keeps the UTF-8 titles of
// a file intact when some other title in it is Latin-1 (webpbn's export mixes
// both). Windows-1252 rather than ISO-8859-1 because it is a superset of
// Latin-1's printable characters and assigns 0x80-0x9F to the curly quotes,
// dashes and euro sign such files actually hold (the WHATWG Encoding
// Standard, which browsers follow, reads the label "iso-8859-1" the same way).
//
// Output that must be UTF-8 (JSON) but carries bytes we did not read as text
// (file paths given on the command line, error messages quoting the input)
// goes through valid_utf8 instead, which keeps what is valid and marks the
// rest with U+FFFD rather than guessing an encoding.
#pragma once

#include <string>
#include <string_view>

#include "core/puzzle.hpp"

namespace nonolab::io {

/// True when `bytes` is well-formed UTF-8 (Unicode 15, table 3-7): overlong
/// forms, surrogates (U+D800..U+DFFF), code points above U+10FFFF, stray
/// continuation bytes and truncated sequences are all ill-formed.
bool is_utf8(std::string_view bytes);

/// Decodes every byte as Windows-1252 (code page 1252) into UTF-8. The five
/// bytes that code page leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D)
/// become U+FFFD, so a reader sees that something was there instead of an
/// invisible C1 control character.
std::string cp1252_to_utf8(std::string_view bytes);

/// One text field as UTF-8: a leading UTF-8 BOM (EF BB BF) is dropped, since
/// it marks an encoding and is not part of the text; then the rest is
/// returned unchanged when it is well-formed UTF-8, and decoded with
/// cp1252_to_utf8 otherwise (the whole field: a field mixing UTF-8 sequences
/// with other high bytes is taken to be Windows-1252 throughout).
/// Idempotent: to_utf8(to_utf8(s)) == to_utf8(s).
std::string to_utf8(std::string_view bytes);

/// `bytes` with each ill-formed part replaced by U+FFFD (one per maximal
/// ill-formed subpart, as Unicode recommends); well-formed UTF-8 is returned
/// unchanged. For bytes that are not text from a puzzle file (paths, error
/// messages quoting input) when they must go out as UTF-8.
std::string valid_utf8(std::string_view bytes);

/// `s` with the common HTML entities replaced by their UTF-8 text: &amp;
/// &lt; &gt; &quot; &apos; &copy; &reg; &nbsp; &eacute; &trade; &mdash;
/// &ndash; and numeric references (&#169; &#xA9;) of valid code points.
/// Anything else, including an unknown or malformed entity, stays as it is.
std::string decode_html_entities(std::string_view s);

/// `puzzle` with every text field through to_utf8: title, author, copyright,
/// license, id, description and the palette's colour names (a name that
/// decodes to one already in the palette gets "-2", "-3", ... so names stay
/// unique). The registry (formats.cpp) applies it to every puzzle any reader
/// returns; a puzzle whose text is already UTF-8 comes back as it went in.
Puzzle with_utf8_text(Puzzle puzzle);

}  // namespace nonolab::io
