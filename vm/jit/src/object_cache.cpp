#include "object_cache.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SHA256.h>
#include <llvm/TargetParser/Host.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

#include <elf.h>
#include <link.h>
#include <unistd.h>

#include "llvm_support.h"
#include "word_bitcode.h"

namespace chronon::jit::detail {

namespace {

namespace fs = std::filesystem;

// A file starts with this line, then the key and a newline, the object's size and its FNV-1a hash
// (8 bytes each, little end first), then the object. Anything else is a damaged file.
constexpr char kMagic[] = "chronon jit object 1\n";
constexpr size_t kMagicSize = sizeof kMagic - 1;
constexpr size_t kKeySize = 64;
constexpr size_t kHeaderSize = kMagicSize + kKeySize + 1 + 16;
// The folder is kept under this size; objects are a few kilobytes, so it holds tens of thousands.
constexpr uintmax_t kMaxBytes = uintmax_t{256} << 20;
// How many writes pass between two checks of the folder's size.
constexpr int64_t kPruneEvery = 64;

void putWord(std::string& out, uint64_t value) {
  for (int byte = 0; byte < 8; ++byte) out.push_back(static_cast<char>((value >> (8 * byte)) & 0xFFU));
}

uint64_t getWord(std::string_view in) {
  uint64_t value = 0;
  for (int byte = 7; byte >= 0; --byte) value = (value << 8) | static_cast<uint8_t>(in[static_cast<size_t>(byte)]);
  return value;
}

// What an object depends on besides its IR: LLVM's version and the host's triple, CPU and features
// (the JIT compiles for the machine it runs on).
const std::string& hostDescription() {
  static const std::string description = [] {
    std::string features;
    if (auto builder = llvm::orc::JITTargetMachineBuilder::detectHost()) features = builder->getFeatures().getString();
    return std::string(LLVM_VERSION_STRING) + '\n' + llvm::sys::getProcessTriple() + '\n' +
           llvm::sys::getHostCPUName().str() + '\n' + features + '\n';
  }();
  return description;
}

// The object (executable or shared library) whose code includes `address`, and its GNU build ID as
// hex, found through the loaded objects' program headers.
struct BuildIdSearch {
  uintptr_t address = 0;
  std::string id;
};

int findBuildId(dl_phdr_info* info, size_t /*size*/, void* data) {
  auto& search = *static_cast<BuildIdSearch*>(data);
  bool holds = false;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[i];
    const uintptr_t start = info->dlpi_addr + segment.p_vaddr;
    if (segment.p_type == PT_LOAD && search.address >= start && search.address - start < segment.p_memsz) holds = true;
  }
  if (!holds) return 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[i];
    if (segment.p_type != PT_NOTE) continue;
    const auto* at = reinterpret_cast<const uint8_t*>(info->dlpi_addr + segment.p_vaddr);
    const uint8_t* const end = at + segment.p_memsz;
    // Each note: name size, description size, type, then the name and the description, each padded
    // to 4 bytes.
    while (end - at >= static_cast<ptrdiff_t>(sizeof(ElfW(Nhdr)))) {
      ElfW(Nhdr) note;
      std::memcpy(&note, at, sizeof note);
      const size_t name = (note.n_namesz + 3) & ~size_t{3};
      const size_t description = (note.n_descsz + 3) & ~size_t{3};
      if (static_cast<size_t>(end - at) < sizeof note + name + description) break;
      const uint8_t* const text = at + sizeof note;
      if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 && std::memcmp(text, "GNU", 4) == 0 &&
          note.n_descsz > 0) {
        search.id = llvm::toHex(llvm::ArrayRef<uint8_t>(text + name, note.n_descsz), true);
        return 1;
      }
      at += sizeof note + name + description;
    }
  }
  return 1;
}

// The build ID of the JIT's library, which holds this code and the lowering, "" when it has none.
// The library links the project's libraries statically, so its ID covers everything the lowering
// reads.
const std::string& buildId() {
  static const std::string id = [] {
    BuildIdSearch search;
    search.address = reinterpret_cast<uintptr_t>(&findBuildId);
    dl_iterate_phdr(&findBuildId, &search);
    return search.id;
  }();
  return id;
}

bool validKey(const std::string& key) {
  return key.size() == kKeySize &&
         std::all_of(key.begin(), key.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string defaultFolder() {
  if (const char* chosen = std::getenv("CHRONON_JIT_CACHE"); chosen != nullptr) {
    return std::strcmp(chosen, "off") == 0 ? std::string() : std::string(chosen);
  }
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/') {
    return (fs::path(xdg) / "chronon" / "jit").string();
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') {
    return (fs::path(home) / ".cache" / "chronon" / "jit").string();
  }
  return {};
}

}  // namespace

std::string DiskObjectCache::keyOf(std::string_view ir, int optimization) {
  llvm::SHA256 hash;
  hash.update("chronon jit object key\n");
  hash.update(std::to_string(kPipelineVersion) + '\n' + std::to_string(optimization) + '\n');
  hash.update(hostDescription());
  // The words' bodies, which compiled code inlines, change its object without changing its IR.
  hash.update(std::to_string(wordBitcodeHash()) + '\n');
  hash.update(llvm::StringRef(ir.data(), ir.size()));
  const std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(digest, true);
}

std::string DiskObjectCache::programKey(std::string_view kind, std::span<const std::byte> bytes, int optimization) {
  const std::string& build = buildId();
  if (build.empty()) return {};
  llvm::SHA256 hash;
  hash.update("chronon jit program key\n");
  hash.update(std::to_string(kPipelineVersion) + '\n' + std::to_string(optimization) + '\n');
  hash.update(hostDescription());
  hash.update(build + '\n');
  hash.update(llvm::StringRef(kind.data(), kind.size()));
  hash.update("\n");
  hash.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  const std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(digest, true);
}

std::string DiskObjectCache::folder() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return folder_;
}

bool DiskObjectCache::setFolder(const std::string& folder) {
  std::error_code error;
  if (!folder.empty()) fs::create_directories(folder, error);
  const bool ok = folder.empty() || (!error && fs::is_directory(folder, error));
  const std::lock_guard<std::mutex> lock(mutex_);
  folder_ = ok ? folder : std::string();
  return ok;
}

bool DiskObjectCache::has(const std::string& key) const {
  const std::string where = folder();
  std::error_code error;
  return !where.empty() && validKey(key) && fs::is_regular_file(fs::path(where) / (key + ".o"), error);
}

std::unique_ptr<llvm::MemoryBuffer> DiskObjectCache::getObject(const llvm::Module* module) {
  return load(module->getModuleIdentifier());
}

std::unique_ptr<llvm::MemoryBuffer> DiskObjectCache::load(const std::string& key) {
  const std::string where = folder();
  if (where.empty() || !validKey(key)) return nullptr;
  const fs::path path = fs::path(where) / (key + ".o");
  std::ifstream in(path, std::ios::binary);
  if (!in) return nullptr;
  // A file larger than the folder's limit is not an object this cache wrote.
  std::error_code error;
  const uintmax_t size = fs::file_size(path, error);
  if (error || size < kHeaderSize || size > kMaxBytes) {
    fs::remove(path, error);
    return nullptr;
  }
  std::string bytes(static_cast<size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  const std::string_view view(bytes);
  const std::string_view object = view.substr(kHeaderSize);
  if (!in || view.substr(0, kMagicSize) != kMagic || view.substr(kMagicSize, kKeySize) != key ||
      view[kMagicSize + kKeySize] != '\n' || getWord(view.substr(kMagicSize + kKeySize + 1)) != object.size() ||
      getWord(view.substr(kMagicSize + kKeySize + 9)) != fnv1a(object)) {
    // Damaged (a torn write, another program's file): compile again, and the new object replaces it.
    fs::remove(path, error);
    return nullptr;
  }
  ++hits_;
  return llvm::MemoryBuffer::getMemBufferCopy(object, key);
}

void DiskObjectCache::notifyObjectCompiled(const llvm::Module* module, llvm::MemoryBufferRef object) {
  const std::string key = module->getModuleIdentifier();
  const std::string where = folder();
  if (where.empty() || !validKey(key)) return;
  std::string bytes(kMagic);
  bytes += key;
  bytes += '\n';
  const std::string_view body(object.getBufferStart(), object.getBufferSize());
  putWord(bytes, body.size());
  putWord(bytes, fnv1a(body));
  bytes += body;
  // A unique temporary name, renamed into place: readers see a whole file or none.
  static std::atomic<uint64_t> serial{0};
  const fs::path final = fs::path(where) / (key + ".o");
  const fs::path temporary =
      fs::path(where) / (key + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(++serial));
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !out.flush()) {
      std::error_code error;
      fs::remove(temporary, error);
      return;
    }
  }
  std::error_code error;
  fs::rename(temporary, final, error);
  if (error) {
    fs::remove(temporary, error);
    return;
  }
  if (++writes_ % kPruneEvery == 0) prune(where);
}

void DiskObjectCache::prune(const std::string& folder) {
  struct Entry {
    fs::file_time_type time;
    uintmax_t size;
    fs::path path;
  };
  std::vector<Entry> entries;
  uintmax_t total = 0;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() != ".o") continue;
    std::error_code ignored;
    const uintmax_t size = it->file_size(ignored);
    entries.push_back({it->last_write_time(ignored), ignored ? 0 : size, it->path()});
    total += entries.back().size;
  }
  if (total <= kMaxBytes) return;
  // The oldest go first, down to three quarters of the limit, so that pruning is rare.
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.time < b.time; });
  for (const Entry& e : entries) {
    if (total <= kMaxBytes / 4 * 3) break;
    std::error_code ignored;
    if (fs::remove(e.path, ignored)) total -= e.size;
  }
}

DiskObjectCache& objectCache() {
  static DiskObjectCache cache;
  static const bool ready = cache.setFolder(defaultFolder());
  (void)ready;
  return cache;
}

}  // namespace chronon::jit::detail
