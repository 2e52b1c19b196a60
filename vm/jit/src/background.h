#pragma once
// The background compile thread the Grobocode and RoboTalk JITs share (JitOptions::background): a
// queue of jobs that one worker thread, started on the first job, hands to a handler in order. No
// LLVM here.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace chronon::jit::detail {

/// One worker thread running `handle(job)` for each pushed Job, in push order. The handler runs
/// without the worker's lock held, so it may take the owner's locks (an owner may push while holding
/// its own lock). Destroying the worker drops the jobs still queued and waits for the one running.
template <typename Job>
class BackgroundWorker {
 public:
  /// A worker that will hand each job to `handle`; the thread starts with the first push.
  explicit BackgroundWorker(std::function<void(Job&)> handle) : handle_(std::move(handle)) {}
  BackgroundWorker(const BackgroundWorker&) = delete;
  BackgroundWorker& operator=(const BackgroundWorker&) = delete;
  ~BackgroundWorker() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
      queue_.clear();
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

  /// Queues `job` for the worker.
  void push(Job job) {
    const std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(job));
    if (!thread_.joinable()) thread_ = std::thread([this] { work(); });
    wake_.notify_one();
  }

  /// Returns once the queue is empty and no job is running.
  void waitIdle() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [&] { return queue_.empty() && !busy_; });
  }

  /// Jobs queued or running.
  int64_t pending() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<int64_t>(queue_.size()) + (busy_ ? 1 : 0);
  }

 private:
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      Job job = std::move(queue_.front());
      queue_.pop_front();
      busy_ = true;
      lock.unlock();
      handle_(job);
      lock.lock();
      busy_ = false;
      if (queue_.empty()) idle_.notify_all();
    }
  }

  std::function<void(Job&)> handle_;
  mutable std::mutex mutex_;
  std::deque<Job> queue_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  bool busy_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace chronon::jit::detail
