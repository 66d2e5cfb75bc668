#include "parallel_pool/procgen/engine/gray_raster.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/qt_round.h"

namespace parallel_pool::procgen {
namespace {

constexpr int kPixelBits = 8;
constexpr std::int64_t kOnePixel = 1 << kPixelBits;

std::int64_t Trunc(std::int64_t x) { return x >> kPixelBits; }
std::int64_t Subpixels(std::int64_t x) { return x * kOnePixel; }

// Floor division with remainder in [0, d), as the rasteriser corrects C's.
void FloorDiv(std::int64_t p, std::int64_t d, std::int64_t& quotient, std::int64_t& remainder) {
  quotient = p / d;
  remainder = p % d;
  if (remainder < 0) {
    --quotient;
    remainder += d;
  }
}

// The rasteriser's state: cells of signed area and cover, the current cell,
// and the pen's position, in 1/256 of a pixel.
class GrayRaster {
 public:
  GrayRaster(std::int64_t min_ex, std::int64_t max_ex, std::int64_t min_ey, std::int64_t max_ey)
      : min_ex_(min_ex), max_ex_(max_ex), min_ey_(min_ey), max_ey_(max_ey) {}

  void MoveTo(std::int64_t x, std::int64_t y) {
    // gray_start_cell.
    std::int64_t ex = Trunc(x);
    const std::int64_t ey = Trunc(y);
    if (ex > max_ex_) ex = max_ex_;
    if (ex < min_ex_) ex = min_ex_ - 1;
    area_ = 0;
    cover_ = 0;
    ex_ = ex - min_ex_;
    ey_ = ey - min_ey_;
    last_ey_ = Subpixels(ey);
    invalid_ = false;
    SetCell(ex, ey);
    x_ = x;
    y_ = y;
  }

  void LineTo(std::int64_t to_x, std::int64_t to_y) {
    std::int64_t ey1 = Trunc(last_ey_);
    const std::int64_t ey2 = Trunc(to_y);
    const std::int64_t fy1 = y_ - last_ey_;
    const std::int64_t fy2 = to_y - Subpixels(ey2);
    const std::int64_t dx = to_x - x_;
    std::int64_t dy = to_y - y_;
    const std::int64_t lo = std::min(ey1, ey2);
    const std::int64_t hi = std::max(ey1, ey2);
    if (lo >= max_ey_ || hi < min_ey_) {
      End(to_x, to_y, ey2);
      return;
    }
    if (ey1 == ey2) {
      Scanline(ey1, x_, fy1, to_x, fy2);
      End(to_x, to_y, ey2);
      return;
    }
    std::int64_t incr = 1;
    if (dx == 0) {
      // Vertical: one column of cells.
      const std::int64_t ex = Trunc(x_);
      const std::int64_t two_fx = (x_ - Subpixels(ex)) * 2;
      std::int64_t first = kOnePixel;
      if (dy < 0) {
        first = 0;
        incr = -1;
      }
      std::int64_t delta = first - fy1;
      area_ += two_fx * delta;
      cover_ += delta;
      ey1 += incr;
      SetCell(ex, ey1);
      delta = first + first - kOnePixel;
      const std::int64_t area = two_fx * delta;
      while (ey1 != ey2) {
        area_ += area;
        cover_ += delta;
        ey1 += incr;
        SetCell(ex, ey1);
      }
      delta = fy2 - kOnePixel + first;
      area_ += two_fx * delta;
      cover_ += delta;
      End(to_x, to_y, ey2);
      return;
    }
    // Several rows: the crossing of each row boundary by exact division.
    std::int64_t p = (kOnePixel - fy1) * dx;
    std::int64_t first = kOnePixel;
    if (dy < 0) {
      p = fy1 * dx;
      first = 0;
      incr = -1;
      dy = -dy;
    }
    std::int64_t delta = 0;
    std::int64_t mod = 0;
    FloorDiv(p, dy, delta, mod);
    std::int64_t x = x_ + delta;
    Scanline(ey1, x_, fy1, x, first);
    ey1 += incr;
    SetCell(Trunc(x), ey1);
    if (ey1 != ey2) {
      std::int64_t lift = 0;
      std::int64_t rem = 0;
      FloorDiv(kOnePixel * dx, dy, lift, rem);
      mod -= dy;
      while (ey1 != ey2) {
        delta = lift;
        mod += rem;
        if (mod >= 0) {
          mod -= dy;
          ++delta;
        }
        const std::int64_t x2 = x + delta;
        Scanline(ey1, x, kOnePixel - first, x2, first);
        x = x2;
        ey1 += incr;
        SetCell(Trunc(x), ey1);
      }
    }
    Scanline(ey1, x, kOnePixel - first, to_x, fy2);
    End(to_x, to_y, ey2);
  }

  // The last cell, then every row's cells in x order swept into spans.
  void Sweep(bool even_odd, const GraySpanSink& span) {
    if (!invalid_) RecordCell();
    const std::int64_t count_ex = max_ex_ - min_ex_;
    for (auto& [ey, row] : rows_) {
      std::int64_t cover = 0;
      std::int64_t x = 0;
      for (const auto& [cx, cell] : row) {
        if (cx > x && cover != 0) HLine(x, ey, cover * (kOnePixel * 2), cx - x, even_odd, span);
        cover += cell.cover;
        const std::int64_t area = cover * (kOnePixel * 2) - cell.area;
        if (area != 0 && cx >= 0) HLine(cx, ey, area, 1, even_odd, span);
        x = cx + 1;
      }
      if (count_ex > x && cover != 0) {
        HLine(x, ey, cover * (kOnePixel * 2), count_ex - x, even_odd, span);
      }
    }
    FlushSpan(span);
  }

 private:
  struct Cell {
    std::int64_t area = 0;
    std::int64_t cover = 0;
  };

  void End(std::int64_t to_x, std::int64_t to_y, std::int64_t ey2) {
    x_ = to_x;
    y_ = to_y;
    last_ey_ = Subpixels(ey2);
  }

  // gray_set_cell: cells left of the clip go to column -1, those right of
  // it to its last column; one outside the rows is invalid (dropped).
  void SetCell(std::int64_t ex, std::int64_t ey) {
    ey -= min_ey_;
    if (ex > max_ex_) ex = max_ex_;
    ex -= min_ex_;
    if (ex < 0) ex = -1;
    if (ex != ex_ || ey != ey_) {
      if (!invalid_) RecordCell();
      area_ = 0;
      cover_ = 0;
      ex_ = ex;
      ey_ = ey;
    }
    invalid_ = ey < 0 || ey >= max_ey_ - min_ey_ || ex >= max_ex_ - min_ex_;
  }

  void RecordCell() {
    if ((area_ | cover_) == 0) return;
    Cell& cell = rows_[ey_][ex_];
    cell.area += area_;
    cell.cover += cover_;
  }

  // gray_render_scanline: the part of an edge within row ey, from (x1, y1)
  // to (x2, y2) (y relative to the row), split at the cell boundaries.
  void Scanline(std::int64_t ey, std::int64_t x1, std::int64_t y1, std::int64_t x2,
                std::int64_t y2) {
    std::int64_t dx = x2 - x1;
    std::int64_t ex1 = Trunc(x1);
    const std::int64_t ex2 = Trunc(x2);
    const std::int64_t fx1 = x1 - Subpixels(ex1);
    const std::int64_t fx2 = x2 - Subpixels(ex2);
    if (y1 == y2) {
      SetCell(ex2, ey);
      return;
    }
    if (ex1 == ex2) {
      const std::int64_t delta = y2 - y1;
      area_ += (fx1 + fx2) * delta;
      cover_ += delta;
      return;
    }
    std::int64_t p = (kOnePixel - fx1) * (y2 - y1);
    std::int64_t first = kOnePixel;
    std::int64_t incr = 1;
    if (dx < 0) {
      p = fx1 * (y2 - y1);
      first = 0;
      incr = -1;
      dx = -dx;
    }
    std::int64_t delta = 0;
    std::int64_t mod = 0;
    FloorDiv(p, dx, delta, mod);
    area_ += (fx1 + first) * delta;
    cover_ += delta;
    ex1 += incr;
    SetCell(ex1, ey);
    y1 += delta;
    if (ex1 != ex2) {
      std::int64_t lift = 0;
      std::int64_t rem = 0;
      FloorDiv(kOnePixel * (y2 - y1 + delta), dx, lift, rem);
      mod -= dx;
      while (ex1 != ex2) {
        delta = lift;
        mod += rem;
        if (mod >= 0) {
          mod -= dx;
          ++delta;
        }
        area_ += kOnePixel * delta;
        cover_ += delta;
        y1 += delta;
        ex1 += incr;
        SetCell(ex1, ey);
      }
    }
    delta = y2 - y1;
    area_ += (fx2 + kOnePixel - first) * delta;
    cover_ += delta;
  }

  // gray_hline: the area as a coverage (odd-even or non-zero), spans of
  // equal coverage that touch merged.
  void HLine(std::int64_t x, std::int64_t y, std::int64_t area, std::int64_t count, bool even_odd,
             const GraySpanSink& span) {
    int coverage = static_cast<int>(area >> (kPixelBits * 2 + 1 - 8));
    if (coverage < 0) coverage = -coverage;
    if (even_odd) {
      coverage &= 511;
      if (coverage > 256) {
        coverage = 512 - coverage;
      } else if (coverage == 256) {
        coverage = 255;
      }
    } else if (coverage >= 256) {
      coverage = 255;
    }
    const int px = static_cast<int>(x + min_ex_);
    const int py = static_cast<int>(y + min_ey_);
    if (coverage == 0) return;
    if (pending_len_ > 0 && pending_y_ == py && pending_x_ + pending_len_ == px &&
        pending_coverage_ == coverage) {
      pending_len_ += static_cast<int>(count);
      return;
    }
    FlushSpan(span);
    pending_x_ = px;
    pending_y_ = py;
    pending_len_ = static_cast<int>(count);
    pending_coverage_ = coverage;
  }

  void FlushSpan(const GraySpanSink& span) {
    if (pending_len_ > 0) span(pending_x_, pending_y_, pending_len_, pending_coverage_);
    pending_len_ = 0;
  }

  std::int64_t min_ex_, max_ex_, min_ey_, max_ey_;
  std::int64_t ex_ = 0, ey_ = 0;
  std::int64_t area_ = 0, cover_ = 0;
  std::int64_t x_ = 0, y_ = 0, last_ey_ = 0;
  bool invalid_ = true;
  std::map<std::int64_t, std::map<std::int64_t, Cell>> rows_;
  int pending_x_ = 0, pending_y_ = 0, pending_len_ = 0, pending_coverage_ = 0;
};

}  // namespace

void FillPolygonAntialiased(const std::vector<PointD>& points, int width, int height, bool even_odd,
                            const GraySpanSink& span) {
  if (points.size() < 3) return;
  // QOutlineMapper: 26.6 fixed point, rounded; the rasteriser works at 1/256.
  std::vector<std::pair<std::int64_t, std::int64_t>> fixed;
  fixed.reserve(points.size());
  std::int64_t x_min = 0, x_max = 0, y_min = 0, y_max = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::int64_t x = QRound(points[i].x * 64);
    const std::int64_t y = QRound(points[i].y * 64);
    fixed.emplace_back(x, y);
    if (i == 0) {
      x_min = x_max = x;
      y_min = y_max = y;
    }
    x_min = std::min(x_min, x);
    x_max = std::max(x_max, x);
    y_min = std::min(y_min, y);
    y_max = std::max(y_max, y);
  }
  // The outline's box in whole pixels, clipped to the device.
  std::int64_t min_ex = x_min >> 6;
  std::int64_t max_ex = (x_max + 63) >> 6;
  std::int64_t min_ey = y_min >> 6;
  std::int64_t max_ey = (y_max + 63) >> 6;
  min_ex = std::max<std::int64_t>(min_ex, 0);
  min_ey = std::max<std::int64_t>(min_ey, 0);
  max_ex = std::min<std::int64_t>(max_ex, width);
  max_ey = std::min<std::int64_t>(max_ey, height);
  if (min_ex >= max_ex || min_ey >= max_ey) return;
  GrayRaster raster(min_ex, max_ex, min_ey, max_ey);
  constexpr int kUpscale = kPixelBits - 6;
  raster.MoveTo(fixed[0].first * (1 << kUpscale), fixed[0].second * (1 << kUpscale));
  for (std::size_t i = 1; i < fixed.size(); ++i) {
    raster.LineTo(fixed[i].first * (1 << kUpscale), fixed[i].second * (1 << kUpscale));
  }
  // FT_Outline_Decompose closes the contour back to its first point.
  raster.LineTo(fixed[0].first * (1 << kUpscale), fixed[0].second * (1 << kUpscale));
  raster.Sweep(even_odd, span);
}

}  // namespace parallel_pool::procgen
