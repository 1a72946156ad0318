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

/// Largest board side the server makes in one request (`size=` of
/// /api/from-image): a request scales, quantises and solves a picture of
/// that size and must answer in seconds while other users wait, so it gets
/// a deliberate, smaller limit; every real puzzle in ../shared/benchmarks is
/// at most 150 cells on a side.
inline constexpr int kMaxRequestSide = 200;

}  // namespace nonolab
