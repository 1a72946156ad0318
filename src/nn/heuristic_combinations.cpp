#include "nn/heuristic_combinations.hpp"

namespace nonolab::nn {

std::uint64_t count_combinations(const std::vector<int>& runs, int n, std::uint64_t cap) {
    int need = 0;
    for (int r : runs) need += r;
    const int k = static_cast<int>(runs.size());
    if (k > 0) need += k - 1;
    if (need > n) return 0;
    const std::uint64_t s = static_cast<std::uint64_t>(n - need);
    // C(s + k, k) by the running product C(s + i, i) = C(s + i - 1, i - 1)·(s + i)/i,
    // exact at every step; saturate once past the cap.
    std::uint64_t c = 1;
    for (int i = 1; i <= k; ++i) {
        const unsigned __int128 next = static_cast<unsigned __int128>(c) * (s + i) / i;
        if (next > cap) return cap + 1;
        c = static_cast<std::uint64_t>(next);
    }
    return c;
}

namespace {

void place(const std::vector<int>& runs, std::size_t j, int start, int n, std::uint64_t mask,
           int tail_need, std::vector<std::uint64_t>& out) {
    if (j == runs.size()) {
        out.push_back(mask);
        return;
    }
    const int len = runs[j];
    const int rest = tail_need - len - (j + 1 < runs.size() ? 1 : 0);  // needed after this run
    const std::uint64_t block = line_mask(len);
    for (int s = start; s + len + (j + 1 < runs.size() ? 1 : 0) + rest <= n; ++s)
        place(runs, j + 1, s + len + 1, n, mask | (block << s), rest, out);
}

}  // namespace

void list_combinations(const std::vector<int>& runs, int n, std::vector<std::uint64_t>& out) {
    int need = 0;
    for (int r : runs) need += r;
    if (!runs.empty()) need += static_cast<int>(runs.size()) - 1;
    if (need > n) return;
    place(runs, 0, 0, n, 0, need, out);
}

}  // namespace nonolab::nn
