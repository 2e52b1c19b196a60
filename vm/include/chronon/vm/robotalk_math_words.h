#pragma once
// The numeric words whose results need floating point: SIN, COS, TAN, ARCTAN, ARCCOS, ARCSIN, DIST
// and SQRT (specs/robowar.md §4; docs/robowar-arena.md "Interpreter"), which their entries in
// robotalk_semantics.def call.

#include <optional>

namespace chronon::robotalk::detail {

/// `hyp` times the sine of `degrees` (any integer; math convention, sin 0 = 0), truncated toward
/// zero. Uses the cosine table, as the original does.
int sinWord(int degrees, int hyp);

/// `hyp` times the cosine of `degrees` (any integer), truncated toward zero, from a table of
/// cos(i°) for i = 0..359.
int cosWord(int degrees, int hyp);

/// trunc(hyp · tan(degrees)), clipped to ±19999 (the manuals and the word table).
int tanWord(int degrees, int hyp);

/// The compass angle 0..359 (0 up, 90 right) of the vector (x right, y down), to the nearest degree.
int arctanWord(int x, int y);

/// Degrees 0..180 of acos(adj / hyp), to the nearest degree; nullopt when the ratio is undefined
/// or outside -1..1.
std::optional<int> arccosWord(int hyp, int adj);

/// Degrees -90..90 of asin(opp / hyp), to the nearest degree; nullopt when the ratio is undefined
/// or outside -1..1.
std::optional<int> arcsinWord(int hyp, int opp);

/// trunc(sqrt(x² + y²)) in pixels.
int distWord(int x, int y);

/// The truncated square root of `n`, which must not be negative.
int sqrtWord(int n);

}  // namespace chronon::robotalk::detail
