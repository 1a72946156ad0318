// OptionTable: each options struct described once, CaDiCaL-style (one
// description per option, read by CLI, Python, server and page): for every field its key, range
// and help, with the default read from the struct's own initialiser. The
// table generates what used to be written by hand three times:
//   docs()     the ParamDoc list that --list-methods, --help and the server show;
//   parse()    a ParamMap (--param KEY=VALUE, experiment configs, Python kwargs)
//              into the struct, rejecting unknown keys and out-of-range values;
//   validate() a struct built in code, checked against the same ranges.
//
//   struct SaOptions { double q_hat = 0.9; std::int64_t iterations = 50000000; };
//   const OptionTable<SaOptions>& sa_table() {
//       static const auto t = OptionTable<SaOptions>("sa")
//           .number("q_hat", &SaOptions::q_hat, 0, 1, "greedy threshold of eq. 10-11")
//           .integer("iterations", &SaOptions::iterations, 1, 1LL << 50, "swap attempts");
//       return t;
//   }
//   SaOptions o = sa_table().parse({{"q_hat", "0.8"}});   // iterations keeps 50000000
//
// Because the default shown is formatted from T{}, a documented default can
// never drift from the real one (tests/core/option_table_checks.hpp checks
// the round trip docs() -> parse() -> T{} for every table, and
// tests/methods/registry_test.cpp that every method documents its table).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/method.hpp"

namespace nonolab {

/// Text forms shared by every table (options.cpp).
namespace option_text {
std::string format(double value);  ///< shortest text that reads back to the same double
std::string format(std::int64_t value);
double parse_number(const std::string& key, const std::string& value, double lo, double hi);
std::int64_t parse_integer(const std::string& key, const std::string& value, std::int64_t lo,
                           std::int64_t hi);
bool parse_flag(const std::string& key, const std::string& value);
/// "a, b or c"
std::string join_choices(const std::vector<std::string>& names);
[[noreturn]] void fail(const std::string& key, const std::string& value, const std::string& want);
/// Counts one build of option documentation (docs(), entries()).
void note_docs_built();
}  // namespace option_text

/// How many times this process built option documentation (OptionTable::docs
/// or entries): what --help, --list-methods and the server's method list
/// need, and nothing else should (a one-puzzle `check` builds none,
/// tests/apps/startup_test.cpp).
std::uint64_t option_docs_built();

/// What kind of value an option takes (for front ends that build flags).
enum class OptionKind { number, integer, flag, choice, text };

template <class T>
class OptionTable {
  public:
    /// `owner` names the method (or subsystem) in error messages.
    explicit OptionTable(std::string owner) : owner_(std::move(owner)) {}

    /// A real number in [lo, hi].
    template <class F>
    OptionTable&& number(std::string key, F field, double lo, double hi, std::string help) && {
        add(
            OptionKind::number, std::move(key), std::move(help),
            [lo, hi] {
                return "a number in [" + option_text::format(lo) + ", " + option_text::format(hi) +
                       "]";
            },
            [field](const T& o) { return option_text::format(static_cast<double>(ref(o, field))); },
            [field, lo, hi](T& o, const std::string& k, const std::string& v) {
                ref(o, field) = option_text::parse_number(k, v, lo, hi);
            },
            [field, lo, hi](const T& o) { return ref(o, field) >= lo && ref(o, field) <= hi; });
        return std::move(*this);
    }

    /// An integer in [lo, hi] (any integer field type).
    template <class F>
    OptionTable&& integer(std::string key, F field, std::int64_t lo, std::int64_t hi,
                          std::string help) && {
        add(
            OptionKind::integer, std::move(key), std::move(help),
            [lo, hi] {
                return "an integer in [" + option_text::format(lo) + ", " +
                       option_text::format(hi) + "]";
            },
            [field](const T& o) {
                return option_text::format(static_cast<std::int64_t>(ref(o, field)));
            },
            [field, lo, hi](T& o, const std::string& k, const std::string& v) {
                using V = std::remove_reference_t<decltype(ref(o, field))>;
                ref(o, field) = static_cast<V>(option_text::parse_integer(k, v, lo, hi));
            },
            [field, lo, hi](const T& o) {
                const auto x = static_cast<std::int64_t>(ref(o, field));
                return x >= lo && x <= hi;
            });
        return std::move(*this);
    }

    /// true/false (also accepts 1/0, yes/no, on/off).
    template <class F>
    OptionTable&& flag(std::string key, F field, std::string help) && {
        add(
            OptionKind::flag, std::move(key), std::move(help),
            [] { return std::string("true or false"); },
            [field](const T& o) { return std::string(ref(o, field) ? "true" : "false"); },
            [field](T& o, const std::string& k, const std::string& v) {
                ref(o, field) = option_text::parse_flag(k, v);
            },
            [](const T&) { return true; });
        return std::move(*this);
    }

    /// One of several named values (an enum, or an int/bool with named
    /// settings such as off|on).
    template <class F, class V>
    OptionTable&& choice(std::string key, F field, std::vector<std::pair<std::string, V>> names,
                         std::string help) && {
        std::vector<std::string> words;
        for (const auto& n : names) words.push_back(n.first);
        add(
            OptionKind::choice, std::move(key), std::move(help),
            [words] { return option_text::join_choices(words); },
            [field, names](const T& o) {
                for (const auto& [word, value] : names)
                    if (ref(o, field) == value) return word;
                return std::string("?");
            },
            [field, names, words](T& o, const std::string& k, const std::string& v) {
                for (const auto& [word, value] : names)
                    if (word == v) {
                        ref(o, field) = value;
                        return;
                    }
                option_text::fail(k, v, option_text::join_choices(words));
            },
            [field, names](const T& o) {
                for (const auto& n : names)
                    if (ref(o, field) == n.second) return true;
                return false;
            });
        return std::move(*this);
    }

    /// A value with its own text form (e.g. a list), for what the kinds above
    /// cannot say. `get` formats the field; `set` parses into it and throws
    /// std::invalid_argument naming the key on a bad value.
    OptionTable&& text(std::string key, std::function<std::string(const T&)> get,
                       std::function<void(T&, const std::string&)> set, std::string want,
                       std::string help) && {
        add(
            OptionKind::text, std::move(key), std::move(help),
            [want = std::move(want)] { return want; }, std::move(get),
            [set](T& o, const std::string&, const std::string& v) { set(o, v); },
            [](const T&) { return true; });
        return std::move(*this);
    }

    /// Every option of `inner`, applied to the options struct that `field`
    /// reaches inside T (e.g. the search options every network method
    /// shares), so a nested struct is described once, by its own table.
    template <class U, class F>
    OptionTable&& include(const OptionTable<U>& inner, F field) && {
        for (const auto& f : inner.fields_)
            add(
                f.kind, f.key, f.help, f.want,
                [get = f.get, field](const T& o) { return get(ref(o, field)); },
                [set = f.set, field](T& o, const std::string& k, const std::string& v) {
                    set(ref(o, field), k, v);
                },
                [valid = f.valid, field](const T& o) { return valid(ref(o, field)); });
        return std::move(*this);
    }

    /// Every option with its default as `defaults` holds it (T{} unless a
    /// caller's base differs, e.g. a method variant with other defaults).
    std::vector<ParamDoc> docs(const T& defaults = T{}) const {
        option_text::note_docs_built();
        std::vector<ParamDoc> out;
        for (const auto& f : fields_) out.push_back({f.key, f.get(defaults), f.help});
        return out;
    }

    /// `base` with the given parameters applied; throws std::invalid_argument
    /// naming the key on a bad value, and listing the known keys on an unknown one.
    T parse(const ParamMap& params, T base = T{}) const {
        ParamMap left = params;
        for (const auto& f : fields_)
            if (auto it = left.find(f.key); it != left.end()) {
                f.set(base, f.key, it->second);
                left.erase(it);
            }
        // The list of known keys only for the message about an unknown one.
        if (!left.empty()) reject_unknown(left, owner_, docs(base));
        return base;
    }

    /// Throws std::invalid_argument naming the first field out of its range.
    void validate(const T& o) const {
        for (const auto& f : fields_)
            if (!f.valid(o))
                throw std::invalid_argument(owner_ + ": option '" + f.key + "' is " + f.get(o) +
                                            ", expected " + f.want());
    }

    /// The current value of every option of `o`, as text (for records).
    ParamMap values(const T& o) const {
        ParamMap out;
        for (const auto& f : fields_) out[f.key] = f.get(o);
        return out;
    }

    const std::string& owner() const { return owner_; }

    /// The description of one option, for front ends that build their own
    /// flags from the table (apps/option_flags.hpp).
    struct Entry {
        OptionKind kind;
        std::string key, help, want;  ///< want: "an integer in [0, 2]", "a, b or c", ...
    };
    std::vector<Entry> entries() const {
        option_text::note_docs_built();
        std::vector<Entry> out;
        for (const auto& f : fields_) out.push_back({f.kind, f.key, f.help, f.want()});
        return out;
    }

    /// What a front end needs to take an option on its command line, without
    /// its documentation (entries() is for --help): the key, the kind, for
    /// flags the default, and whether a text option is a list (its form
    /// ends in "...]").
    struct Shape {
        OptionKind kind;
        std::string key;
        bool on_by_default;  ///< flags: true by default (so the flag is --no-KEY)
        bool list;           ///< text: a repeatable value
    };
    std::vector<Shape> shapes(const T& defaults = T{}) const {
        std::vector<Shape> out;
        out.reserve(fields_.size());
        for (const auto& f : fields_)
            out.push_back({f.kind, f.key, f.kind == OptionKind::flag && f.get(defaults) == "true",
                           f.kind == OptionKind::text && f.want().ends_with("...]")});
        return out;
    }

  private:
    template <class>
    friend class OptionTable;  // include() reads the inner table's fields

    struct Field {
        OptionKind kind;
        std::string key, help;
        // The accepted form ("a number in [0, 1]"), formatted only when a
        // message or the documentation needs it: a run parses without it.
        std::function<std::string()> want;
        std::function<std::string(const T&)> get;
        std::function<void(T&, const std::string&, const std::string&)> set;
        std::function<bool(const T&)> valid;
    };

    // A field is a data member pointer (&T::x) or an accessor lambda
    // [](auto& o) -> auto& { return o.nested.x; } for nested structs.
    template <class O, class F>
    static decltype(auto) ref(O& o, F field) {
        if constexpr (std::is_member_object_pointer_v<F>)
            return (o.*field);
        else
            return field(o);
    }

    template <class Want, class Get, class Set, class Valid>
    void add(OptionKind kind, std::string key, std::string help, Want want, Get get, Set set,
             Valid valid) {
        for (const auto& f : fields_)
            if (f.key == key) throw std::logic_error(owner_ + ": option '" + key + "' twice");
        fields_.push_back({kind, std::move(key), std::move(help), std::move(want), std::move(get),
                           std::move(set), std::move(valid)});
    }

    std::string owner_;
    std::vector<Field> fields_;
};

}  // namespace nonolab
