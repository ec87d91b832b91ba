// Test-only: whether a text holds a part, for assertions on what a program printed.
#pragma once

#include <string>

namespace tonk::test {

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace tonk::test
