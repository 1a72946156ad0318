// Colour-name table and symbol assignment shared by the colour readers.
// The RGB values are the CSS/SVG named colours (W3C CSS Color Module); only
// the common ones are listed, which covers what puzzle files actually write.
#include "io/colours.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

struct NamedColour {
    const char* name;
    std::uint32_t rgb;
};

// Exact-name lookups first match the first entry with that rgb when going
// from rgb to name, so the preferred spelling of a synonym comes first.
constexpr NamedColour kNamedColours[] = {
    {"black", 0x000000},      {"white", 0xFFFFFF},     {"red", 0xFF0000},
    {"green", 0x008000},      {"lime", 0x00FF00},      {"blue", 0x0000FF},
    {"yellow", 0xFFFF00},     {"cyan", 0x00FFFF},      {"aqua", 0x00FFFF},
    {"magenta", 0xFF00FF},    {"fuchsia", 0xFF00FF},   {"gray", 0x808080},
    {"grey", 0x808080},       {"silver", 0xC0C0C0},    {"maroon", 0x800000},
    {"olive", 0x808000},      {"navy", 0x000080},      {"purple", 0x800080},
    {"teal", 0x008080},       {"orange", 0xFFA500},    {"pink", 0xFFC0CB},
    {"brown", 0xA52A2A},      {"gold", 0xFFD700},      {"violet", 0xEE82EE},
    {"indigo", 0x4B0082},     {"beige", 0xF5F5DC},     {"tan", 0xD2B48C},
    {"khaki", 0xF0E68C},      {"salmon", 0xFA8072},    {"coral", 0xFF7F50},
    {"crimson", 0xDC143C},    {"turquoise", 0x40E0D0}, {"tomato", 0xFF6347},
    {"chocolate", 0xD2691E},  {"orchid", 0xDA70D6},    {"plum", 0xDDA0DD},
    {"lavender", 0xE6E6FA},   {"skyblue", 0x87CEEB},   {"lightblue", 0xADD8E6},
    {"darkblue", 0x00008B},   {"darkgreen", 0x006400}, {"lightgreen", 0x90EE90},
    {"darkred", 0x8B0000},    {"lightgray", 0xD3D3D3}, {"lightgrey", 0xD3D3D3},
    {"darkgray", 0xA9A9A9},   {"darkgrey", 0xA9A9A9},  {"yellowgreen", 0x9ACD32},
    {"darkorange", 0xFF8C00}, {"hotpink", 0xFF69B4},   {"sienna", 0xA0522D},
};

// Symbols handed out when a colour has no usable preferred one. '.' is the
// background's and never appears here; neither does the space.
constexpr std::string_view kSymbolOrder =
    "#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    "%*@+=&$!?~^<>/|:;-_()[]{}',\"`\\";

bool is_free_symbol(char c) {
    return c > ' ' && c < 127 && c != '.';
}

}  // namespace

std::optional<std::uint32_t> rgb_of_colour_name(std::string_view name) {
    std::string key = to_lower(trim(name));
    // "dark green", "dark_green" and "dark-green" all mean darkgreen.
    std::string compact;
    for (char c : key)
        if (c != ' ' && c != '_' && c != '-') compact += c;
    for (const NamedColour& c : kNamedColours)
        if (compact == c.name) return c.rgb;
    return std::nullopt;
}

std::optional<std::string> colour_name_of_rgb(std::uint32_t rgb) {
    for (const NamedColour& c : kNamedColours)
        if (c.rgb == rgb) return std::string(c.name);
    return std::nullopt;
}

std::string rgb_hex(std::uint32_t rgb) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%06x", static_cast<unsigned>(rgb & 0xFFFFFF));
    return buf;
}

bool assign_symbols(Palette& palette, const std::vector<char>& preferred) {
    bool taken[128] = {};
    if (palette.empty()) return true;
    palette[0].symbol = '.';
    taken[static_cast<unsigned char>('.')] = true;
    // Preferred symbols are honoured first, in palette order, so a later
    // colour never steals an earlier colour's own symbol.
    std::vector<bool> done(palette.size(), false);
    for (size_t k = 1; k < palette.size(); ++k) {
        const char want = k < preferred.size() ? preferred[k] : '\0';
        if (is_free_symbol(want) && !taken[static_cast<unsigned char>(want)]) {
            palette[k].symbol = want;
            taken[static_cast<unsigned char>(want)] = true;
            done[k] = true;
        }
    }
    size_t next = 0;
    for (size_t k = 1; k < palette.size(); ++k) {
        if (done[k]) continue;
        while (next < kSymbolOrder.size() && taken[static_cast<unsigned char>(kSymbolOrder[next])])
            ++next;
        if (next == kSymbolOrder.size()) return false;
        palette[k].symbol = kSymbolOrder[next];
        taken[static_cast<unsigned char>(kSymbolOrder[next])] = true;
    }
    return true;
}

void spaceless_symbols(Palette& palette) {
    if (std::none_of(palette.begin(), palette.end(),
                     [](const Colour& c) { return c.symbol <= ' '; }))
        return;
    std::vector<char> own;
    for (const Colour& c : palette) own.push_back(c.symbol);
    Palette renamed = palette;
    if (assign_symbols(renamed, own)) palette = std::move(renamed);
}

std::string unique_colour_name(const Palette& palette, std::string name) {
    auto used = [&](const std::string& n) {
        for (const Colour& c : palette)
            if (c.name == n) return true;
        return false;
    };
    if (!used(name)) return name;
    for (int i = 2;; ++i) {
        std::string candidate = name + "-" + std::to_string(i);
        if (!used(candidate)) return candidate;
    }
}

std::string letters_of(std::size_t k) {
    std::string s;
    for (; k > 0; k = (k - 1) / 26) s.insert(s.begin(), static_cast<char>('a' + (k - 1) % 26));
    return s;
}

std::optional<Palette> palette_of_rgbs(const std::vector<std::uint32_t>& rgbs) {
    Palette palette;
    for (std::uint32_t rgb : rgbs) {
        const std::string name = colour_name_of_rgb(rgb).value_or(rgb_hex(rgb));
        palette.push_back(Colour{unique_colour_name(palette, name), 0, rgb});
    }
    if (!assign_symbols(palette, {})) return std::nullopt;
    return palette;
}

std::optional<std::uint32_t> parse_hex_rgb(std::string_view text) {
    std::string_view s = text;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (!s.empty() && s.front() == '#') s.remove_prefix(1);
    if (s.size() != 6 && s.size() != 3) return std::nullopt;
    std::uint32_t v = 0;
    for (char c : s) {
        int d = -1;
        if (c >= '0' && c <= '9') d = c - '0';
        if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        if (d < 0) return std::nullopt;
        v = v * 16 + static_cast<std::uint32_t>(d);
        if (s.size() == 3) v = v * 16 + static_cast<std::uint32_t>(d);  // "f90" = "ff9900"
    }
    return v;
}

std::vector<char> distinct_chars(const Palette& palette, std::string_view pool,
                                 const std::function<bool(char)>& keep, const std::string& too_many,
                                 std::size_t first) {
    std::vector<char> out(palette.size(), 0);
    auto taken = [&out](char c) { return std::find(out.begin(), out.end(), c) != out.end(); };
    for (std::size_t k = first; k < palette.size(); ++k) {
        const char s = palette[k].symbol;
        if (s != 0 && keep(s) && !taken(s)) out[k] = s;
    }
    for (std::size_t k = first; k < palette.size(); ++k) {
        if (out[k]) continue;
        for (char c : pool)
            if (!taken(c)) {
                out[k] = c;
                break;
            }
        if (!out[k]) throw WriteError(too_many);
    }
    return out;
}

}  // namespace nonolab::io
