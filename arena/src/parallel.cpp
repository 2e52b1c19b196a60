#include "chronon/arena/parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace chronon::arena {

unsigned workerCount(int threads) {
  if (threads > 0) return static_cast<unsigned>(threads);
  return std::max(1u, std::thread::hardware_concurrency());
}

void parallelForWithWorkers(size_t count, int threads, const std::function<std::function<void(size_t)>()>& makeWorker) {
  if (count == 0) return;
  const size_t workers = std::min<size_t>(workerCount(threads), count);
  std::atomic<size_t> next{0};
  const auto run = [&] {
    const std::function<void(size_t)> worker = makeWorker();
    for (size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) worker(i);
  };
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (size_t w = 1; w < workers; ++w) pool.emplace_back(run);
  run();
  for (std::thread& t : pool) t.join();
}

void parallelFor(size_t count, int threads, const std::function<void(size_t)>& task) {
  parallelForWithWorkers(count, threads, [&] { return task; });
}

}  // namespace chronon::arena
