// Size limits shared by every puzzle reader, defined once so that no format
// accepts a puzzle another refuses for its size alone.
//
// Puzzle itself does not enforce kMaxSide (a puzzle built in code may be
// larger); the readers check it before they allocate or add up lengths, so a
// hostile header cannot ask for gigabytes and clue sums cannot overflow int.
#pragma once

namespace nonolab {

/// Largest width or height any reader accepts (and so the longest line).
inline constexpr int kMaxSide = 10000;

}  // namespace nonolab
