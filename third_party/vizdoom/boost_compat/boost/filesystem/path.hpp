// parallel_pool's stand-in for <boost/filesystem/path.hpp> (the bundled
// boost/process includes it): see <boost/filesystem.hpp> here.
#ifndef PARALLEL_POOL_BOOST_COMPAT_BOOST_FILESYSTEM_PATH_HPP_
#define PARALLEL_POOL_BOOST_COMPAT_BOOST_FILESYSTEM_PATH_HPP_

#include <boost/filesystem.hpp>

#endif  // PARALLEL_POOL_BOOST_COMPAT_BOOST_FILESYSTEM_PATH_HPP_
