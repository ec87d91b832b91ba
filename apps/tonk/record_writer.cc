#include "record_writer.h"

#include <stdexcept>

#include "tonk/record.h"

namespace tonk::cli {

RecordWriter::RecordWriter(const std::string& path, std::vector<std::string> seats)
    : path_(path), seats_(std::move(seats)), out_(path, std::ios::out | std::ios::trunc) {
  if (!out_) throw std::runtime_error("cannot write the record file '" + path + "'");
}

void RecordWriter::write(const Hand& hand, int number, const SessionTags& tags) {
  if (!active()) return;
  if (written_ > 0) out_ << "\n";  // hands of a session are separated by a blank line
  out_ << write_record(make_record(hand, seats_, number, tags));
  out_.flush();
  if (!out_) throw std::runtime_error("writing the record file '" + path_ + "' failed");
  ++written_;
}

}  // namespace tonk::cli
