#include "record_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "tonk/record.h"

namespace tonk::cli {

namespace {

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec) && !ec;
}

}  // namespace

RecordWriter::RecordWriter(const RecordTarget& target, std::vector<std::string> seats)
    : path_(target.path), seats_(std::move(seats)) {
  for (const std::string& input : target.inputs)
    if (!input.empty() && same_file(target.path, input))
      throw std::runtime_error("--record " + target.path + " is " + input +
                               ", a file this run reads; refusing to write over it (choose another name)");
  std::error_code ec;
  if (!target.force && std::filesystem::exists(std::filesystem::symlink_status(target.path, ec)))
    throw std::runtime_error("the record file '" + target.path +
                             "' exists; give --force to replace it, or choose another name");
  const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (target.force ? O_TRUNC : O_EXCL);
  fd_ = ::open(target.path.c_str(), flags, 0644);
  if (fd_ < 0) {
    const int error = errno;
    if (error == EEXIST)
      throw std::runtime_error("the record file '" + target.path +
                               "' exists; give --force to replace it, or choose another name");
    throw std::runtime_error("cannot write the record file '" + target.path + "' (" + std::strerror(error) + ")");
  }
}

RecordWriter::RecordWriter(RecordWriter&& other) noexcept
    : path_(std::move(other.path_)),
      seats_(std::move(other.seats_)),
      fd_(other.fd_),
      size_(other.size_),
      written_(other.written_),
      failed_(other.failed_) {
  other.fd_ = -1;
}

RecordWriter& RecordWriter::operator=(RecordWriter&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    seats_ = std::move(other.seats_);
    fd_ = other.fd_;
    size_ = other.size_;
    written_ = other.written_;
    failed_ = other.failed_;
    other.fd_ = -1;
  }
  return *this;
}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordWriter::fail(const std::string& why) {
  failed_ = true;
  // Cut off whatever part of the hand went out, so the file ends on the last complete hand.
  if (::ftruncate(fd_, static_cast<off_t>(size_)) == 0) ::lseek(fd_, static_cast<off_t>(size_), SEEK_SET);
  std::cerr << "tonk: warning: writing the record file '" << path_ << "' failed (" << why << "); it keeps the "
            << written_ << " hand" << (written_ == 1 ? "" : "s") << " written before, and recording stops here\n";
}

void RecordWriter::write(const Hand& hand, int number, const SessionTags& tags) {
  if (!active()) return;
  std::string text;
  try {
    if (written_ > 0) text = "\n";  // hands of a session are separated by a blank line
    text += write_record(make_record(hand, seats_, number, tags));
  } catch (const std::exception& e) {
    fail(e.what());
    return;
  }
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      fail(n < 0 ? std::strerror(errno) : "nothing written");
      return;
    }
    done += static_cast<std::size_t>(n);
  }
  size_ += static_cast<long long>(text.size());
  ++written_;
}

}  // namespace tonk::cli
