// StandardNormal: numpy.random.Generator.standard_normal's sampler, the
// 256-layer ziggurat of Marsaglia and Tsang as numpy implements it
// (random_standard_normal in numpy/random/src/distributions/distributions.c).
//
// Each try takes one 64-bit draw: its low 8 bits pick the layer, the next bit
// the sign, the next 52 bits the magnitude. Most tries land inside the layer's
// rectangle and return at once; the rest take one more uniform for the
// wedge test (layers 1..255) or two per try of the tail sampler (layer 0),
// and a rejected wedge starts over with a fresh 64-bit draw. The tail's sign
// is bit 8 of the magnitude, as numpy takes it.
//
// Bit for bit needs numpy's tables (ziggurat_normal_tables.h), the same libm
// exp and log1p (both call the C library's), and no fused multiply-add: the
// including target compiles with -ffp-contract=off.
#ifndef PARALLEL_POOL_NUMPY_EXACT_STANDARD_NORMAL_H_
#define PARALLEL_POOL_NUMPY_EXACT_STANDARD_NORMAL_H_

#include <cmath>
#include <cstdint>

#include "parallel_pool/numpy_exact/pcg64.h"
#include "parallel_pool/numpy_exact/ziggurat_normal_tables.h"

namespace parallel_pool::numpy_exact {

inline double StandardNormal(Pcg64& bits) {
  for (;;) {
    std::uint64_t draw = bits.NextUInt64();
    const unsigned layer = static_cast<unsigned>(draw & 0xff);
    draw >>= 8;
    const bool negative = (draw & 1) != 0;
    const std::uint64_t magnitude = (draw >> 1) & 0x000fffffffffffffULL;
    double x = static_cast<double>(magnitude) * kZigguratNormalW[layer];
    if (negative) x = -x;
    if (magnitude < kZigguratNormalK[layer]) return x;
    if (layer == 0) {
      // The tail beyond r, by Marsaglia's exponential rejection. numpy uses
      // 1 - U so that log never sees 0.
      for (;;) {
        const double xx = -kZigguratNormalInverseTail * std::log1p(-bits.NextDouble());
        const double yy = -std::log1p(-bits.NextDouble());
        if (yy + yy > xx * xx) {
          return ((magnitude >> 8) & 1) != 0 ? -(kZigguratNormalTail + xx)
                                             : kZigguratNormalTail + xx;
        }
      }
    }
    // The wedge between the layer's rectangle and the density.
    const double f_outer = kZigguratNormalF[layer - 1];
    const double f_inner = kZigguratNormalF[layer];
    if ((f_outer - f_inner) * bits.NextDouble() + f_inner < std::exp(-0.5 * x * x)) return x;
  }
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_STANDARD_NORMAL_H_
