// Qt's qRound for qreal, which the painter (painter.cc) and the path
// rasteriser (path_raster.cc) round with: halves away from zero, with its
// own handling of negative values.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_QT_ROUND_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_QT_ROUND_H_

namespace parallel_pool::procgen {

inline int QRound(double d) {
  return d >= 0.0 ? static_cast<int>(d + 0.5)
                  : static_cast<int>(d - static_cast<double>(static_cast<int>(d - 1)) + 0.5) +
                        static_cast<int>(d - 1);
}

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_QT_ROUND_H_
