// numpy_generator_test_hooks: the NumPy Generator replica (numpy_generator.h)
// seen from Python with numpy's own call signatures, so that
// numpy_generator_test.py can put it beside numpy.random.Generator and compare
// every draw. Test-only: never shipped.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/numpy_exact/seed_sequence.h"

namespace py = pybind11;

namespace parallel_pool::numpy_exact {
namespace {

// The 32-bit words numpy makes of one non-negative Python int.
void AppendIntWords(const py::handle& value, std::vector<std::uint32_t>* words) {
  if (py::isinstance<py::float_>(value)) throw py::type_error("seed must be integer");
  py::object rest = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!rest) throw py::error_already_set();
  const py::int_ zero(0);
  if (rest < zero) throw std::invalid_argument("expected non-negative integer");
  const py::int_ low_mask(0xFFFFFFFFU);
  const py::int_ word_bits(32);
  do {
    words->push_back((rest & low_mask).cast<std::uint32_t>());
    rest = rest >> word_bits;
  } while (!rest.equal(zero));
}

// SeedSequence(entropy) for an int or a sequence of ints, of any size.
SeedSequence MakeSeedSequence(const py::object& entropy) {
  std::vector<std::uint32_t> words;
  if (py::isinstance<py::sequence>(entropy) && !py::isinstance<py::str>(entropy)) {
    for (const py::handle item : entropy) AppendIntWords(item, &words);
  } else {
    AppendIntWords(entropy, &words);
  }
  return SeedSequence::FromWords(words);
}

template <typename T>
py::array_t<T> ToArray(const std::vector<T>& values) {
  py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

bool IsArray(const py::object& value) {
  return py::isinstance<py::array>(value) || py::isinstance<py::list>(value) ||
         py::isinstance<py::tuple>(value);
}

class PyGenerator {
 public:
  explicit PyGenerator(const py::object& seed) : generator_(MakeSeedSequence(seed)) {}

  std::uint64_t NextUInt64() { return generator_.bit_generator().NextUInt64(); }
  std::uint32_t NextUInt32() { return generator_.bit_generator().NextUInt32(); }
  double NextDouble() { return generator_.bit_generator().NextDouble(); }

  py::object Random(const std::optional<std::size_t>& size) {
    if (!size) return py::float_(generator_.Random());
    return ToArray(generator_.Random(*size));
  }

  py::object Uniform(const py::object& low, const py::object& high,
                     const std::optional<std::size_t>& size) {
    if (IsArray(low) || IsArray(high)) {
      return ToArray(
          generator_.Uniform(low.cast<std::vector<double>>(), high.cast<std::vector<double>>()));
    }
    if (!size) return py::float_(generator_.Uniform(low.cast<double>(), high.cast<double>()));
    return ToArray(generator_.Uniform(low.cast<double>(), high.cast<double>(), *size));
  }

  py::object Integers(const py::object& low, const py::object& high,
                      const std::optional<std::size_t>& size, bool endpoint) {
    py::object lo = low;
    py::object hi = high;
    if (hi.is_none()) {
      hi = lo;
      lo = py::int_(0);
    }
    if (IsArray(lo) || IsArray(hi)) {
      return ToArray(generator_.Integers(lo.cast<std::vector<std::int64_t>>(),
                                         hi.cast<std::vector<std::int64_t>>(), endpoint));
    }
    if (!size) {
      return py::int_(
          generator_.Integers(lo.cast<std::int64_t>(), hi.cast<std::int64_t>(), endpoint));
    }
    return ToArray(
        generator_.Integers(lo.cast<std::int64_t>(), hi.cast<std::int64_t>(), *size, endpoint));
  }

  py::object StandardNormal(const std::optional<std::size_t>& size) {
    if (!size) return py::float_(generator_.StandardNormal());
    return ToArray(generator_.StandardNormal(*size));
  }

  py::object Normal(const py::object& loc, const py::object& scale,
                    const std::optional<std::size_t>& size) {
    if (IsArray(loc) || IsArray(scale)) {
      return ToArray(
          generator_.Normal(loc.cast<std::vector<double>>(), scale.cast<std::vector<double>>()));
    }
    if (!size) return py::float_(generator_.Normal(loc.cast<double>(), scale.cast<double>()));
    return ToArray(generator_.Normal(loc.cast<double>(), scale.cast<double>(), *size));
  }

  // choice(n, size, replace, p, shuffle) for an int population; the test
  // indexes a sequence population with the result, as numpy does.
  py::object Choice(std::int64_t n, const std::optional<std::size_t>& size, bool replace,
                    const std::optional<std::vector<double>>& p, bool shuffle) {
    if (p) {
      if (static_cast<std::int64_t>(p->size()) != n) {
        throw std::invalid_argument("a and p must have same size");
      }
      if (!replace) throw std::invalid_argument("the replica has no choice(p, replace=False)");
      if (!size) return py::int_(generator_.ChoiceWithProbabilities(*p));
      return ToArray(generator_.ChoiceWithProbabilities(*p, *size));
    }
    if (!replace) {
      return ToArray(generator_.ChoiceWithoutReplacement(n, size.value_or(1), shuffle));
    }
    if (!size) return py::int_(generator_.Choice(n));
    return ToArray(generator_.Choice(n, *size));
  }

  // shuffle(x) in place, for a 1-D int64 or float64 array or a list.
  void Shuffle(const py::object& x) {
    if (py::isinstance<py::list>(x)) {
      auto list = py::reinterpret_borrow<py::list>(x);
      std::vector<py::object> items;
      for (const py::handle item : list) items.push_back(py::reinterpret_borrow<py::object>(item));
      generator_.Shuffle(&items);
      for (std::size_t i = 0; i < items.size(); ++i) list[i] = items[i];
    } else if (py::isinstance<py::array_t<std::int64_t>>(x)) {
      auto array = py::reinterpret_borrow<py::array_t<std::int64_t>>(x);
      generator_.Shuffle(array.mutable_data(), static_cast<std::size_t>(array.size()));
    } else if (py::isinstance<py::array_t<double>>(x)) {
      auto array = py::reinterpret_borrow<py::array_t<double>>(x);
      generator_.Shuffle(array.mutable_data(), static_cast<std::size_t>(array.size()));
    } else {
      throw py::type_error("shuffle: x must be a list or a 1-D int64 or float64 array");
    }
  }

  py::object Permutation(std::int64_t n) { return ToArray(generator_.Permutation(n)); }

 private:
  NumpyGenerator generator_;
};

}  // namespace
}  // namespace parallel_pool::numpy_exact

PYBIND11_MODULE(numpy_generator_test_hooks, m) {
  namespace ne = parallel_pool::numpy_exact;
  m.doc() = "numpy.random.Generator(PCG64(SeedSequence(seed))) replica, for tests";

  py::class_<ne::SeedSequence>(m, "SeedSequence")
      .def(py::init(&ne::MakeSeedSequence), py::arg("entropy"))
      .def(
          "generate_state",
          [](const ne::SeedSequence& self, std::size_t n_words,
             const std::string& dtype) -> py::object {
            if (dtype == "uint32") return ne::ToArray(self.GenerateState32(n_words));
            if (dtype == "uint64") return ne::ToArray(self.GenerateState64(n_words));
            throw std::invalid_argument("only support uint32 or uint64");
          },
          py::arg("n_words"), py::arg("dtype") = "uint32")
      .def_property_readonly("pool", [](const ne::SeedSequence& self) {
        return ne::ToArray(std::vector<std::uint32_t>(self.pool().begin(), self.pool().end()));
      });

  py::class_<ne::PyGenerator>(m, "Generator")
      .def(py::init<const py::object&>(), py::arg("seed"))
      .def("next_uint64", &ne::PyGenerator::NextUInt64)
      .def("next_uint32", &ne::PyGenerator::NextUInt32)
      .def("next_double", &ne::PyGenerator::NextDouble)
      .def("random", &ne::PyGenerator::Random, py::arg("size") = py::none())
      .def("uniform", &ne::PyGenerator::Uniform, py::arg("low") = 0.0, py::arg("high") = 1.0,
           py::arg("size") = py::none())
      .def("integers", &ne::PyGenerator::Integers, py::arg("low"), py::arg("high") = py::none(),
           py::arg("size") = py::none(), py::arg("endpoint") = false)
      .def("standard_normal", &ne::PyGenerator::StandardNormal, py::arg("size") = py::none())
      .def("normal", &ne::PyGenerator::Normal, py::arg("loc") = 0.0, py::arg("scale") = 1.0,
           py::arg("size") = py::none())
      .def("choice", &ne::PyGenerator::Choice, py::arg("a"), py::arg("size") = py::none(),
           py::arg("replace") = true, py::arg("p") = py::none(), py::arg("shuffle") = true)
      .def("shuffle", &ne::PyGenerator::Shuffle, py::arg("x"))
      .def("permutation", &ne::PyGenerator::Permutation, py::arg("x"));
}
