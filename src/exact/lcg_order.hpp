// The decision order of the clause-learning search (lcg_search.cpp): a
// binary max-heap of variables keyed by VSIDS activity, with each
// variable's position so that a bumped variable moves up in O(log n). The
// same structure as MiniSat's Heap, written for one key.
#pragma once

#include <cassert>
#include <utility>
#include <vector>

namespace nonolab::exact {

class VarOrder {
  public:
    explicit VarOrder(const std::vector<double>& activity)
        : activity_(activity), index_(activity.size(), -1) {}

    bool empty() const { return heap_.empty(); }
    bool contains(int v) const { return index_[v] >= 0; }

    void insert(int v) {
        assert(!contains(v));
        index_[v] = static_cast<int>(heap_.size());
        heap_.push_back(v);
        up(index_[v]);
    }
    /// After v's activity grew.
    void increased(int v) {
        if (contains(v)) up(index_[v]);
    }
    int pop() {
        assert(!heap_.empty());
        const int top = heap_[0];
        index_[top] = -1;
        const int last = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) {
            heap_[0] = last;
            index_[last] = 0;
            down(0);
        }
        return top;
    }

  private:
    bool above(int a, int b) const { return activity_[a] > activity_[b]; }
    void up(int i) {
        const int v = heap_[i];
        while (i > 0) {
            const int parent = (i - 1) / 2;
            if (!above(v, heap_[parent])) break;
            heap_[i] = heap_[parent];
            index_[heap_[i]] = i;
            i = parent;
        }
        heap_[i] = v;
        index_[v] = i;
    }
    void down(int i) {
        const int v = heap_[i];
        const int n = static_cast<int>(heap_.size());
        for (;;) {
            int child = 2 * i + 1;
            if (child >= n) break;
            if (child + 1 < n && above(heap_[child + 1], heap_[child])) ++child;
            if (!above(heap_[child], v)) break;
            heap_[i] = heap_[child];
            index_[heap_[i]] = i;
            i = child;
        }
        heap_[i] = v;
        index_[v] = i;
    }

    const std::vector<double>& activity_;
    std::vector<int> heap_;   ///< variables, max activity first
    std::vector<int> index_;  ///< position in heap_, -1 when absent
};

}  // namespace nonolab::exact
