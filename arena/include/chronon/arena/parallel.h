#pragma once
// The one way tournaments spread their matches over threads (`-j N`): tasks are numbered, and each
// thread takes the next number as soon as it is free, since rounds and bouts differ in length.

#include <cstddef>
#include <functional>

namespace chronon::arena {

/// The number of threads `threads` asks for: itself when positive, else one per core (at least one).
unsigned workerCount(int threads);

/// Calls `task(i)` for every i in [0, count), each once, on min(workerCount(threads), count)
/// threads (the calling thread is one of them), and returns when all are done. `task` must be safe
/// to call from several threads at once.
void parallelFor(size_t count, int threads, const std::function<void(size_t)>& task);

/// As parallelFor, for tasks that keep state per thread: each thread calls `makeWorker()` once, then
/// the worker it returned for every index it takes.
void parallelForWithWorkers(size_t count, int threads, const std::function<std::function<void(size_t)>()>& makeWorker);

}  // namespace chronon::arena
