#include "io/text_encoding.hpp"

#include <array>
#include <cstdint>
#include <optional>

#include "io/colours.hpp"

namespace nonolab::io {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

/// The length of the well-formed UTF-8 sequence starting at s[i]; when there
/// is none, minus the length of its maximal ill-formed subpart (>= 1): the
/// lead byte and the continuation bytes that were still acceptable before
/// the sequence went wrong. Ranges from Unicode 15, table 3-7; the narrowed
/// second-byte ranges after E0, ED, F0 and F4 are what exclude overlong
/// forms, surrogates and code points above U+10FFFF.
int sequence_at(std::string_view s, std::size_t i) {
    const auto byte = [&s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) return 1;
    int tail = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the range allowed for the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        tail = 1;
    } else if (lead == 0xE0) {
        tail = 2, lo = 0xA0;  // E0 80..9F would be overlong
    } else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) {
        tail = 2;
    } else if (lead == 0xED) {
        tail = 2, hi = 0x9F;  // ED A0..BF would be a surrogate
    } else if (lead == 0xF0) {
        tail = 3, lo = 0x90;  // F0 80..8F would be overlong
    } else if (lead >= 0xF1 && lead <= 0xF3) {
        tail = 3;
    } else if (lead == 0xF4) {
        tail = 3, hi = 0x8F;  // F4 90.. would be above U+10FFFF
    } else {
        return -1;  // 80..BF (a stray continuation), C0, C1 (overlong) and F5..FF
    }
    for (int k = 1; k <= tail; ++k) {
        if (i + k >= s.size()) return -k;  // truncated
        const unsigned char b = byte(i + k);
        if (b < lo || b > hi) return -k;
        lo = 0x80, hi = 0xBF;
    }
    return tail + 1;
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

/// Windows-1252 bytes 0x80..0x9F (unicode.org MAPPINGS/VENDORS/MICSFT/WINDOWS/
/// CP1252.TXT); 0 marks the five the code page leaves undefined. Every other
/// byte is the code point of the same number, as in ISO-8859-1.
constexpr std::array<char16_t, 32> kCp1252High = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,  // 80..87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,       // 88..8F
    0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 90..97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,  // 98..9F
};

std::string_view without_bom(std::string_view s) {
    if (s.size() >= 3 && s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);
    return s;
}

/// 0-15 for a hex digit, -1 otherwise.
int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

bool is_utf8(std::string_view bytes) {
    for (std::size_t i = 0; i < bytes.size();) {
        const int n = sequence_at(bytes, i);
        if (n < 0) return false;
        i += static_cast<std::size_t>(n);
    }
    return true;
}

std::string cp1252_to_utf8(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size() + bytes.size() / 2);
    for (const char ch : bytes) {
        const auto b = static_cast<unsigned char>(ch);
        if (b < 0x80) {
            out += ch;
        } else if (b < 0xA0) {
            const char16_t cp = kCp1252High[b - 0x80];
            append_utf8(out, cp ? cp : kReplacement);
        } else {
            append_utf8(out, b);
        }
    }
    return out;
}

std::string to_utf8(std::string_view bytes) {
    bytes = without_bom(bytes);
    if (is_utf8(bytes)) return std::string(bytes);
    return cp1252_to_utf8(bytes);
}

std::string valid_utf8(std::string_view bytes) {
    if (is_utf8(bytes)) return std::string(bytes);
    std::string out;
    out.reserve(bytes.size() + 8);
    for (std::size_t i = 0; i < bytes.size();) {
        const int n = sequence_at(bytes, i);
        if (n > 0) {
            out.append(bytes.substr(i, static_cast<std::size_t>(n)));
            i += static_cast<std::size_t>(n);
        } else {
            append_utf8(out, kReplacement);
            i += static_cast<std::size_t>(-n);
        }
    }
    return out;
}

// The entities met in puzzle exports (webpbn's .non titles): the XML five,
// a few typographic ones, and numeric references.
std::string decode_html_entities(std::string_view s) {
    static const std::pair<const char*, unsigned long> named[] = {
        {"amp", '&'},     {"lt", '<'},       {"gt", '>'},       {"quot", '"'},
        {"apos", '\''},   {"copy", 0xA9},    {"reg", 0xAE},     {"nbsp", 0xA0},
        {"eacute", 0xE9}, {"trade", 0x2122}, {"mdash", 0x2014}, {"ndash", 0x2013}};
    std::string out;
    size_t i = 0;
    while (i < s.size()) {
        const size_t semi = s[i] == '&' ? s.find(';', i) : std::string_view::npos;
        if (semi == std::string_view::npos || semi - i > 10) {
            out += s[i++];
            continue;
        }
        const std::string_view name = s.substr(i + 1, semi - i - 1);
        std::optional<unsigned long> cp;
        if (name.size() >= 2 && name[0] == '#') {
            const bool hex = name[1] == 'x' || name[1] == 'X';
            const std::string_view digits = name.substr(hex ? 2 : 1);
            unsigned long v = 0;
            bool ok = !digits.empty();
            for (char c : digits) {
                const int d = hex ? hex_value(c) : (c >= '0' && c <= '9' ? c - '0' : -1);
                ok = ok && d >= 0;
                v = v * (hex ? 16 : 10) + static_cast<unsigned long>(d < 0 ? 0 : d);
            }
            if (ok && v > 0 && v <= 0x10FFFF && (v < 0xD800 || v > 0xDFFF)) cp = v;
        } else {
            for (const auto& [n, v] : named)
                if (name == n) cp = v;
        }
        if (!cp) {
            out += s[i++];
            continue;
        }
        append_utf8(out, static_cast<char32_t>(*cp));
        i = semi + 1;
    }
    return out;
}

Puzzle with_utf8_text(Puzzle puzzle) {
    const PuzzleInfo& info = puzzle.info();
    // to_utf8(s) == s exactly when s is UTF-8 without a BOM.
    const auto clean_text = [](const std::string& s) { return without_bom(s) == s && is_utf8(s); };
    bool clean = true;
    for (const std::string* field :
         {&info.title, &info.author, &info.copyright, &info.license, &info.id, &info.description})
        clean = clean && clean_text(*field);
    for (const Colour& c : puzzle.palette()) clean = clean && clean_text(c.name);
    if (clean) return puzzle;  // the common case: nothing to rebuild

    PuzzleInfo decoded = info;
    for (std::string* field : {&decoded.title, &decoded.author, &decoded.copyright,
                               &decoded.license, &decoded.id, &decoded.description})
        *field = to_utf8(*field);
    Palette palette;
    for (const Colour& c : puzzle.palette()) {
        Colour d = c;
        // "r\xe9d" and "r\xc3\xa9d" are two colours of the file; keep them two.
        d.name = unique_colour_name(palette, to_utf8(c.name));
        palette.push_back(std::move(d));
    }
    return Puzzle(puzzle.width(), puzzle.height(), puzzle.rows(), puzzle.columns(),
                  std::move(palette), std::move(decoded));
}

}  // namespace nonolab::io
