// Text fields that are not UTF-8, in every format that has text fields, read
// through the registry (io/formats.hpp) as a user's file would be: each
// must come back as the right UTF-8 string (text_encoding.hpp). The files are
// our own, written here byte by byte; "\xE8" is Latin-1 'è'.
//
// Formats with text fields: .non (title, by, copyright, catalogue, license,
// description), webpbn XML (title, author, copyright, id, description,
// note "license:", colour names), JSON (the same keys, colour names), .clues
// (the same keys, colour names), picross (the GRID name), Olšák .g (the
// free text before the clues, kept as the description), and pynogram INI /
// nonogrid TOML (colour names). The others (.pzl, TAAI, .nin, .mk, .cwd,
// keen, rc, spoj, dzn, tatham, rosetta, nonogen, chargrid, pbm, npz) carry no
// text from the file: numbers, hex colours, or names we make up.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "io/formats.hpp"

namespace nonolab::io {
namespace {

const std::string kTitle = "Aldège's Desert Bloomers";  // what every test expects
const std::string kLatin1Title = "Ald\xE8ge's Desert Bloomers";

Puzzle read_one(const std::string& content, const std::string& name) {
    const std::vector<Puzzle> ps = read_puzzles_text(content, name);
    EXPECT_EQ(ps.size(), 1u) << name;
    return ps.at(0);
}

// The fields every full-featured file below writes in Latin-1 (© 2004,
// "CC – BY" with cp1252's en dash, ¹, naïve, a colour named rosé).
void expect_decoded_fields(const Puzzle& p) {
    EXPECT_EQ(p.info().copyright, "© 2004");
    EXPECT_EQ(p.info().license, "CC – BY");
    EXPECT_EQ(p.info().id, "¹");
    EXPECT_EQ(p.info().description, "naïve");
    ASSERT_EQ(p.palette().size(), 2u);
    EXPECT_EQ(p.palette()[1].name, "rosé");
}

TEST(Latin1Text, Non) {
    const Puzzle p = read_one(
        "catalogue \"webpbn #\xB9\"\n"
        "title \"" +
            kLatin1Title +
            "\"\n"
            "by \"Fran\xE7ois M\xFCller\"\n"
            "copyright \"\xA9 2004\"\n"
            "license \"CC \x96 BY\"\n"
            "description \"na\xEFve\"\n"
            "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
        "x.non");
    EXPECT_EQ(p.info().title, kTitle);
    EXPECT_EQ(p.info().author, "François Müller");
    EXPECT_EQ(p.info().copyright, "© 2004");
    EXPECT_EQ(p.info().license, "CC – BY");
    EXPECT_EQ(p.info().id, "webpbn #¹");
    EXPECT_EQ(p.info().description, "naïve");
}

TEST(Latin1Text, NonDecodesBytesBeforeEntities) {
    // A raw Latin-1 byte and an HTML entity in one title: each decoded once.
    const Puzzle p = read_one(
        "title \"Ald\xE8ge &eacute;t&eacute; &amp; co\"\nwidth 1\nheight 1\n"
        "rows\n1\ncolumns\n1\n",
        "x.non");
    EXPECT_EQ(p.info().title, "Aldège été & co");
    // UTF-8 titles are left as they are.
    EXPECT_EQ(read_one("title \"Aldège\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n", "x.non")
                  .info()
                  .title,
              "Aldège");
}

std::string xml(const std::string& declaration, const std::string& title) {
    return declaration +
           "<puzzleset><puzzle type=\"grid\" defaultcolor=\"ros\xE9\">\n"
           "<title>" +
           title +
           "</title>\n"
           "<author>M\xFC"
           "ller</author><copyright>\xA9 2004</copyright>\n"
           "<id>\xB9</id><description>na\xEFve</description><note>license: CC \x96 BY</note>\n"
           "<color name=\"white\" char=\".\">FFFFFF</color>\n"
           "<color name=\"ros\xE9\" char=\"r\">FF0080</color>\n"
           "<clues type=\"columns\"><line><count>1</count></line></clues>\n"
           "<clues type=\"rows\"><line><count>1</count></line></clues>\n"
           "</puzzle></puzzleset>\n";
}

void expect_xml_fields(const Puzzle& p, const std::string& what) {
    EXPECT_EQ(p.info().title, kTitle) << what;
    EXPECT_EQ(p.info().author, "Müller") << what;
    EXPECT_EQ(p.info().copyright, "© 2004") << what;
    EXPECT_EQ(p.info().id, "¹") << what;
    EXPECT_EQ(p.info().description, "naïve") << what;
    EXPECT_EQ(p.info().license, "CC – BY") << what;
    ASSERT_EQ(p.palette().size(), 2u) << what;
    EXPECT_EQ(p.palette()[1].name, "rosé") << what;
}

TEST(Latin1Text, XmlWithoutEncodingDeclaration) {
    expect_xml_fields(read_one(xml("<?xml version=\"1.0\"?>\n", kLatin1Title), "x.xml"),
                      "no encoding declared");
    expect_xml_fields(read_one(xml("", kLatin1Title), "x.xml"), "no declaration at all");
}

TEST(Latin1Text, XmlDeclaredLatin1IsDecodedOnceNotTwice) {
    for (const std::string label : {"ISO-8859-1", "iso-8859-1", "latin1", "windows-1252"}) {
        const std::string decl = "<?xml version=\"1.0\" encoding=\"" + label + "\"?>\n";
        expect_xml_fields(read_one(xml(decl, kLatin1Title), "x.xml"), label);
    }
    // Single quotes, and a declared document that mixes raw bytes with
    // character references: both end up as the same characters.
    const Puzzle p = read_one(
        xml("<?xml version='1.0' encoding='ISO-8859-1' ?>\n", "Ald\xE8ge &#233;t&#xE9; \x93q\x94"),
        "x.xml");
    EXPECT_EQ(p.info().title, "Aldège été “q”");
    // Declared Latin-1, bytes C3 A9: that is "Ã©", not a UTF-8 'é'.
    EXPECT_EQ(
        read_one(xml("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n", "\xC3\xA9"), "x.xml")
            .info()
            .title,
        "Ã©");
}

TEST(Latin1Text, XmlUtf8StaysUtf8) {
    const std::string doc =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<puzzleset><puzzle type=\"grid\" defaultcolor=\"black\">"
        "<title>Aldège &#233;</title>"
        "<clues type=\"columns\"><line><count>1</count></line></clues>"
        "<clues type=\"rows\"><line><count>1</count></line></clues>"
        "</puzzle></puzzleset>\n";
    EXPECT_EQ(read_one(doc, "x.xml").info().title, "Aldège é");
}

TEST(Latin1Text, Json) {
    const Puzzle p =
        read_one("{\"title\": \"" + kLatin1Title +
                     "\",\n"
                     " \"author\": \"M\xFCller \\u00e9\",\n"  // raw byte and \u escape
                     " \"copyright\": \"\xA9 2004\", \"license\": \"CC \x96 BY\",\n"
                     " \"id\": \"\xB9\", \"description\": \"na\xEFve\",\n"
                     " \"width\": 1, \"height\": 1,\n"
                     " \"colours\": [{\"name\": \"blanc\", \"symbol\": \".\", "
                     "\"rgb\": \"#ffffff\"},\n"
                     "  {\"name\": \"ros\xE9\", \"symbol\": \"r\", \"rgb\": \"#ff0080\"}],\n"
                     " \"rows\": [[1]], \"columns\": [[1]]}\n",
                 "x.json");
    EXPECT_EQ(p.info().title, kTitle);
    EXPECT_EQ(p.info().author, "Müller é");
    expect_decoded_fields(p);
}

TEST(Latin1Text, JsonErrorsStillPointAtTheLine) {
    try {
        read_puzzles_text(
            "{\"title\": \"Ald\xE8ge\",\n\"width\": 1, \"height\": 1,\n"
            "\"rows\": [[1]], \"columns\": [[x]]}\n",
            "x.json");
        ADD_FAILURE() << "no error for [[x]]";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.line(), 3) << e.what();
    }
}

TEST(Latin1Text, Clues) {
    const Puzzle p = read_one("title: " + kLatin1Title +
                                  "\n"
                                  "author: M\xFCller\ncopyright: \xA9 2004\nlicense: CC \x96 BY\n"
                                  "id: \xB9\ndescription: na\xEFve\n"
                                  "colour: . blanc #ffffff\ncolour: r ros\xE9 #ff0080\n"
                                  "size: 1x1\nrows:\n1r\ncolumns:\n1r\n",
                              "x.clues");
    EXPECT_EQ(p.info().title, kTitle);
    EXPECT_EQ(p.info().author, "Müller");
    expect_decoded_fields(p);
}

TEST(Latin1Text, Picross) {
    const std::string text = "GRID " + kLatin1Title + "\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n";
    EXPECT_EQ(read_one(text, "x.txt").info().title, kTitle);
    // solve reads picross files entry by entry (read_entries): the name too.
    const auto path = std::filesystem::temp_directory_path() /
                      ("nonolab_latin1_" + std::to_string(::getpid()) + ".txt");
    std::ofstream(path, std::ios::binary) << text;
    const std::vector<Entry> entries = read_entries(path.string());
    std::filesystem::remove(path);
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].name, kTitle);
    ASSERT_TRUE(entries[0].puzzle);
    EXPECT_EQ(entries[0].puzzle->info().title, kTitle);
}

TEST(Latin1Text, OlsakG) {
    const Puzzle p = read_one(kLatin1Title + "\n: rows\n1\n: columns\n1\n: end\n", "x.g");
    EXPECT_EQ(p.info().description, kTitle);
}

TEST(Latin1Text, PynogramIniAndNonogridToml) {
    const Puzzle ini =
        read_one("[colors]\nr = (ros\xE9) %\n[clues]\ncolumns = 1r\nrows = 1r\n", "x.ini");
    ASSERT_EQ(ini.palette().size(), 2u);
    EXPECT_EQ(ini.palette()[1].name, "rosé");
    const Puzzle toml = read_one(
        "[colors]\ndefs = ['r = (ros\xE9) %']\n[clues]\ncolumns = '1r'\nrows = '1r'\n", "x.toml");
    ASSERT_EQ(toml.palette().size(), 2u);
    EXPECT_EQ(toml.palette()[1].name, "rosé");
}

TEST(Latin1Text, DecodedTitlesSurviveAWriteAndARead) {
    // Writers get UTF-8 and write it; reading that back must not decode it again.
    const Puzzle p = read_one("title \"" + kLatin1Title +
                                  "\"\nby \"M\xFCller\"\n"
                                  "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
                              "x.non");
    for (const std::string format : {"non", "xml", "json", "clues"}) {
        const Puzzle back = read_one(write_puzzles({p}, format), "x." + format);
        EXPECT_EQ(back.info().title, kTitle) << format;
        EXPECT_EQ(back.info().author, "Müller") << format;
    }
}

}  // namespace
}  // namespace nonolab::io
