// parallel_pool's stand-in for <boost/filesystem.hpp>, for ViZDoom's client
// library only (//third_party/vizdoom:boost_compat): the names it uses,
// taken from std::filesystem, so the library links no compiled Boost and
// builds with any C++ standard library (the manylinux wheel's libc++
// included).
//
// The uses (ViZDoom 1.3.2's src/lib and its bundled boost/process):
// path (construct, /=, filename, extension, has_extension, parent_path,
// remove_filename, iteration, string, generic_string, c_str),
// is_regular_file, is_symlink, absolute. Where std::filesystem differs from
// Boost.Filesystem v3, ViZDoom's paths do not reach the difference:
//   - remove_filename() keeps the trailing '/' ("/a/b.cfg" -> "/a/"; v3
//     gives "/a"): relativePath() appends to it with /=, same result;
//   - a/b with b absolute is b (v3 glues them): relativePath() only gets
//     the values of a .cfg's *_path keys, which are relative in every
//     scenario ViZDoom and EnvPool ship;
//   - extension() of a dot-file (".wad") is empty (v3: ".wad"): no file
//     ViZDoom checks is named like that;
//   - a trailing '/' iterates as "" (v3: "."): those values never end so.
// Anything else ViZDoom started to use would fail to compile here, not
// behave differently.
#ifndef PARALLEL_POOL_BOOST_COMPAT_BOOST_FILESYSTEM_HPP_
#define PARALLEL_POOL_BOOST_COMPAT_BOOST_FILESYSTEM_HPP_

#include <filesystem>

namespace boost {
namespace filesystem {

using std::filesystem::absolute;
using std::filesystem::is_regular_file;
using std::filesystem::is_symlink;
using std::filesystem::path;

}  // namespace filesystem
}  // namespace boost

#endif  // PARALLEL_POOL_BOOST_COMPAT_BOOST_FILESYSTEM_HPP_
