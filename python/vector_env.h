// tonk.VectorEnv: N hands stepped in C++ per call, with the GIL released (docs/PYTHON.md).
#pragma once

#include <pybind11/pybind11.h>

namespace tonk::py {

/// Adds the VectorEnv class to the module.
void bind_vector_env(pybind11::module_& m);

}  // namespace tonk::py
