// Netpbm bitmaps (netpbm.sourceforge.net/doc/pbm.html), read as a picture
// whose clues are derived: 1 = black = filled, 0 = white. Used by
// picross-solver (inputs/raw/*.pbm) to give puzzles by their solution.
//
//   P1 (plain):  "P1", width, height, then width*height digits 0/1; white
//                space between digits is optional; '#' starts a comment.
//   P4 (raw):    "P4", width, height, one whitespace byte, then each row
//                packed 8 pixels per byte, most significant bit first, rows
//                padded to a whole byte.
//
// Several images may follow one another in one file (Netpbm allows it); each
// becomes a puzzle. Greymaps and pixmaps (P2, P3, P5, P6) and PAM (P7) are
// refused as unsupported: they have no black-and-white reading we could
// trust without choosing a threshold.
#include "io/pbm.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/picture.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

class PbmReader {
  public:
    PbmReader(std::string_view content, const std::string& source) : s_(content), source_(source) {}

    std::vector<Puzzle> read() {
        std::vector<Puzzle> out;
        skip_space();
        if (pos_ >= s_.size())
            throw ParseError(source_, 0, "expected a PBM image ('P1' or 'P4'), got an empty file");
        while (pos_ < s_.size()) {
            const int line = line_;
            Grid picture = image();
            out.push_back(picture_puzzle(picture, line, static_cast<int>(out.size()) + 1));
            skip_space();
        }
        return out;
    }

  private:
    Puzzle picture_puzzle(const Grid& picture, int line, int index) const {
        try {
            return puzzle_from_picture(picture);
        } catch (const PuzzleError& e) {
            throw ParseError(source_, line, "image " + std::to_string(index) + ": " + e.what());
        }
    }

    // Whitespace and '#' comments (comments are allowed in headers and P1 data).
    void skip_space() {
        while (pos_ < s_.size()) {
            const char c = s_[pos_];
            if (c == '#') {
                while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
            } else if (is_space(c)) {
                if (c == '\n') ++line_;
                ++pos_;
            } else {
                break;
            }
        }
    }

    // The current line, or the last line of the file once we are past its final newline.
    int where() const {
        if (pos_ >= s_.size() && !s_.empty() && s_.back() == '\n' && line_ > 1) return line_ - 1;
        return line_;
    }

    std::string shown() const {
        if (pos_ >= s_.size()) return "the end of the file";
        const char c = s_[pos_];
        if (c >= 0x21 && c < 0x7F) return "'" + std::string(1, c) + "'";
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02X", static_cast<unsigned char>(c));
        return buf;
    }

    int header_number(const char* what) {
        skip_space();
        const size_t b = pos_;
        while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
        const auto v = parse_int(s_.substr(b, pos_ - b));
        if (pos_ == b) {
            throw ParseError(source_, where(),
                             std::string("expected the ") + what + " (a number), got " + shown());
        }
        if (!v || *v < 1 || *v > kMaxSide)
            throw ParseError(source_, where(),
                             std::string("expected the ") + what + " between 1 and " +
                                 std::to_string(kMaxSide) + ", got " +
                                 std::string(s_.substr(b, std::min<size_t>(pos_ - b, 12))));
        return *v;
    }

    Grid image() {
        if (s_.size() - pos_ < 2 || s_[pos_] != 'P')
            throw ParseError(source_, where(),
                             "expected a PBM magic number 'P1' or 'P4', got " + shown());
        const char kind = s_[pos_ + 1];
        if (kind == '2' || kind == '3' || kind == '5' || kind == '6' || kind == '7') {
            const char* what = (kind == '2' || kind == '5') ? "greymap (PGM)"
                               : kind == '7'                ? "PAM image"
                                                            : "pixmap (PPM)";
            throw UnsupportedError(source_, where(),
                                   std::string("this is a Netpbm ") + what + " (P" + kind +
                                       "), not a bitmap; only black-and-white P1/P4 bitmaps can be "
                                       "read (convert it to PBM first)");
        }
        if (kind != '1' && kind != '4')
            throw ParseError(
                source_, where(),
                "expected a PBM magic number 'P1' or 'P4', got 'P" + std::string(1, kind) + "'");
        pos_ += 2;
        if (pos_ < s_.size() && !is_space(s_[pos_]) && s_[pos_] != '#')
            throw ParseError(source_, where(),
                             "expected white space after the magic number, got " + shown());
        const int w = header_number("width");
        const int h = header_number("height");
        const size_t cells = static_cast<size_t>(w) * static_cast<size_t>(h);
        return kind == '1' ? plain(w, h, cells) : raw(w, h);
    }

    Grid plain(int w, int h, size_t cells) {
        // Every pixel takes at least one byte: refuse before allocating.
        if (s_.size() - pos_ < cells)
            throw ParseError(source_, where(),
                             "expected " + std::to_string(cells) + " pixels for a " +
                                 std::to_string(w) + "x" + std::to_string(h) +
                                 " bitmap, but the file is too short");
        Grid g(w, h, kEmpty);
        for (size_t i = 0; i < cells; ++i) {
            skip_space();
            if (pos_ >= s_.size() || (s_[pos_] != '0' && s_[pos_] != '1'))
                throw ParseError(source_, where(),
                                 "expected pixel " + std::to_string(i + 1) + " of " +
                                     std::to_string(cells) + " (0 or 1), got " + shown());
            g.cells()[i] = s_[pos_] == '1' ? kFilled : kEmpty;
            ++pos_;
        }
        return g;
    }

    Grid raw(int w, int h) {
        if (pos_ >= s_.size() || !is_space(s_[pos_]))
            throw ParseError(
                source_, where(),
                "expected one white-space byte before the bitmap data, got " + shown());
        if (s_[pos_] == '\n') ++line_;
        ++pos_;
        const size_t stride = (static_cast<size_t>(w) + 7) / 8;
        const size_t need = stride * static_cast<size_t>(h);
        if (s_.size() - pos_ < need)
            throw ParseError(source_, where(),
                             "expected " + std::to_string(need) + " bytes of bitmap data for a " +
                                 std::to_string(w) + "x" + std::to_string(h) + " image, got " +
                                 std::to_string(s_.size() - pos_));
        Grid g(w, h, kEmpty);
        for (int r = 0; r < h; ++r) {
            const size_t row = pos_ + static_cast<size_t>(r) * stride;
            for (int c = 0; c < w; ++c) {
                const auto byte = static_cast<unsigned char>(s_[row + static_cast<size_t>(c) / 8]);
                if (byte & (0x80 >> (c % 8))) g.set(r, c, kFilled);
            }
        }
        for (size_t i = pos_; i < pos_ + need; ++i)
            if (s_[i] == '\n') ++line_;
        pos_ += need;
        return g;
    }

    std::string_view s_;
    const std::string& source_;
    size_t pos_ = 0;
    int line_ = 1;
};

}  // namespace

std::vector<Puzzle> read_pbm(std::string_view content, const std::string& source) {
    PbmReader reader(content, source);
    return reader.read();
}

int sniff_pbm(std::string_view content) {
    if (content.size() < 3 || content[0] != 'P') return 0;
    const char kind = content[1];
    const char next = content[2];
    if (!is_space(next) && next != '#') return 0;
    if (kind == '1' || kind == '4') return 100;
    if (kind >= '2' && kind <= '7') return 60;  // read() names what it is and refuses it
    return 0;
}

}  // namespace nonolab::io
