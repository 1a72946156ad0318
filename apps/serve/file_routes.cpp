// The routes that turn files into other files: convert, render, and
// from-image (a picture into a puzzle by the page's one quantiser,
// gen/quantise.hpp).
#include "batch/image_plugin.hpp"
#include "core/board_size.hpp"
#include "core/picture.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "gen/image_types.hpp"
#include "gen/quantise.hpp"
#include "io/formats.hpp"
#include "io/render.hpp"
#include "io/solution_rows.hpp"
#include "serve/routes.hpp"

namespace nonolab::cli::serve {

namespace {

const batch::ImagePluginApi& image_plugin_or_501(const std::string& what) {
    try {
        return batch::image_plugin();
    } catch (const std::exception& e) {
        throw ApiError(
            501, what + " needs the OpenCV image plugin, which this server lacks: " + e.what());
    }
}

// The first solution within the request's time, verified before it is
// drawn; nothing when there is none in time (clues only, as `nonolab
// render --solve` draws then).
std::optional<Grid> solution_of(const Puzzle& p, const RouteContext& c) {
    exact::ExactOptions o;
    o.max_solutions = 1;
    o.timeout_seconds = c.seconds_left();
    try {
        exact::ExactResult x = exact::solve_exact(p, o, c.cancel);
        if (!x.solutions.empty()) return verified_for_drawing(p, std::move(x.solutions[0]));
    } catch (const std::invalid_argument&) {  // a palette the solver refuses: draw clues only
    }
    return std::nullopt;
}

std::string base64(std::string_view bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) |
                           (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                           static_cast<unsigned char>(bytes[i + 2]);
        for (int s = 18; s >= 0; s -= 6) out += digits[(v >> s) & 63];
    }
    if (i < bytes.size()) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        out += digits[(v >> 18) & 63];
        out += digits[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? digits[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

// "20x15" -> (20, 15) (core/board_size.hpp), each side at most the
// server's own limit, kMaxRequestSide (core/limits.hpp); 400 otherwise.
std::pair<int, int> size_param(const HttpRequest& r) {
    const std::string v = text_param(r, "size", "20x20");
    try {
        const BoardSize size = parse_board_size(v, kMaxRequestSide);
        return {size.width, size.height};
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, "parameter size=" + v + ": " + e.what());
    }
}

}  // namespace

Grid verified_for_drawing(const Puzzle& p, Grid solution) {
    // The message is run_verified's (core/method.cpp), so a solver bug reads
    // the same whether check, solve or render met it.
    if (const VerifyResult check = verify(p, solution); !check)
        throw ApiError(500, "internal error: the solver produced a grid that fails verify: " +
                                check.reason + " (please report this puzzle)");
    return solution;
}

HttpResponse convert_route(const HttpRequest& r, const RouteContext&) {
    const std::string to = text_param(r, "to", "");
    const io::Format* f = io::find_format(to);
    if (!f) throw ApiError(400, "parameter to='" + to + "': unknown format; GET /api/formats");
    if (!f->write) throw ApiError(400, "nonolab cannot write format '" + to + "'");
    const std::vector<Puzzle> puzzles = read_body(r);
    try {
        const std::string text = io::write_puzzles(puzzles, f->name);
        const bool binary = text.find('\0') != std::string::npos;
        return {200, binary ? "application/octet-stream" : "text/plain; charset=utf-8", text};
    } catch (const std::exception& e) {  // WriteError: the format cannot hold them
        throw ApiError(400, e.what());
    }
}

HttpResponse render_route(const HttpRequest& r, const RouteContext& c) {
    const std::string as = text_param(r, "as", "svg");
    if (as != "svg" && as != "png")
        throw ApiError(400, "parameter as=" + as + ": expected svg or png");
    const std::vector<io::Entry> entries = read_body_entries(r);
    const int index = integer_param(r, "index", 1, 1, static_cast<int>(entries.size()));
    const Puzzle& p = puzzle_at(entries, index, r);
    std::optional<Grid> grid;
    if (flag_param(r, "goal", false) && p.info().goal) grid = *p.info().goal;
    if (!grid && flag_param(r, "solve", false)) grid = solution_of(p, c);
    const bool clues = flag_param(r, "clues", true);
    const int cell = integer_param(r, "cell", 16, 4, 64);
    if (as == "svg") {
        io::SvgRenderOptions o;
        o.clues = clues;
        o.cell = cell;
        return {200, "image/svg+xml", io::render_svg(p, grid ? &*grid : nullptr, o)};
    }
    const batch::ImagePluginApi& api = image_plugin_or_501("PNG pictures");
    io::PngRenderOptions o;
    o.clues = clues;
    o.cell = cell;
    return {200, "image/png", api.render_png(p, grid ? &*grid : nullptr, o)};
}

// The uploaded picture's pixels: decoded by the caller (the browser decodes
// pictures itself: RouteContext::picture), else by the image plugin. A file
// it cannot read is named by the request's filename, never by a path of
// this server's.
io::RgbImage picture_pixels(const HttpRequest& r, const RouteContext& c) {
    if (c.picture) return *c.picture;
    if (r.body.empty()) throw ApiError(400, "the body is empty: send a picture (PNG or JPEG)");
    const batch::ImagePluginApi& api = image_plugin_or_501("pictures");
    const std::string name = text_param(r, "filename", "the picture");
    try {
        return api.decode_rgb(r.body, name);
    } catch (const std::exception& e) {
        throw ApiError(400, std::string(e.what()) + " (send a PNG or JPEG picture)");
    }
}

// The board of an uploaded picture by the one quantiser of the page
// (gen/quantise.hpp): black and white by `method` (colours=1, the default),
// or K colours besides the background by k-means in CIELAB (colours=K).
static std::pair<Grid, Palette> picture_board(const HttpRequest& r, const RouteContext& c, int w,
                                              int h, int colours) {
    gen::ImageMethod method;
    try {
        method = gen::parse_image_method(text_param(r, "method", "otsu-inv"));
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, std::string("parameter method: ") + e.what());
    }
    const io::RgbImage pixels = picture_pixels(r, c);
    try {
        if (colours > 1) {
            gen::ColourImageOptions o;
            o.width = w;
            o.height = h;
            o.colours = colours;
            gen::ColourBoard cb = gen::quantise_colours(pixels, o);
            return {std::move(cb.board), std::move(cb.palette)};
        }
        gen::ImageToBoardOptions o;
        o.width = w;
        o.height = h;
        return {gen::quantise_black_and_white(pixels, method, o), black_and_white_palette()};
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, std::string("the picture: ") + e.what());
    }
}

HttpResponse from_image_route(const HttpRequest& r, const RouteContext& c) {
    const auto [w, h] = size_param(r);
    const int colours = integer_param(r, "colours", 1, 1, 32);
    const auto [board, palette] = picture_board(r, c, w, h, colours);
    const Puzzle p = puzzle_from_picture(board, palette);
    exact::ExactOptions eo;
    eo.timeout_seconds = c.seconds_left();
    const exact::ExactResult x = exact::solve_exact(p, eo, c.cancel);
    // The picture in the symbols of the puzzle text beside it: the .non
    // writer gives colours letters of its own, and a page that reads the
    // text's colours must find them in the picture.
    const std::string text = io::write_puzzles({p}, "non");
    const std::vector<io::Entry> back = io::read_entries_text(text, "picture.non", "non");
    if (back.size() != 1 || !back[0].puzzle || !back[0].puzzle->info().goal)
        throw std::logic_error("the picture's .non text does not read back");
    const Puzzle& q = *back[0].puzzle;
    const std::string type = r.content_type.empty() ? "image/png" : r.content_type;
    return json_response({{"width", w},
                          {"height", h},
                          {"colours", static_cast<int>(palette.size()) - 1},
                          {"status", std::string(to_string(x.status))},
                          {"picture", io::grid_rows(*q.info().goal, q.palette())},
                          {"puzzle", text},
                          {"image", "data:" + type + ";base64," + base64(r.body)}});
}

}  // namespace nonolab::cli::serve
