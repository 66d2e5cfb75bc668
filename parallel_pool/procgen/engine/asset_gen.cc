#include "parallel_pool/procgen/engine/asset_gen.h"

#include <algorithm>
#include <vector>

#include "parallel_pool/procgen/engine/painter.h"

namespace parallel_pool::procgen {
namespace {

// procgen's ColorGen: a box in RGB space (a random start and length per
// channel) from which a shape's colours are drawn.
class ColorBox {
 public:
  explicit ColorBox(RandGen& rand_gen) : rand_gen_(rand_gen) {
    for (float& len : len_) len = rand_gen_.Unit();
    for (int i = 0; i < 3; ++i) start_[i] = rand_gen_.Unit() * (1 - len_[i]);
    rand_gen_.Unit();  // procgen draws a rectangle probability it never uses.
  }

  // An opaque colour (0xffRRGGBB) in the box.
  std::uint32_t Color() {
    std::uint32_t argb = 0xff000000U;
    for (int i = 0; i < 3; ++i) {
      const int channel = static_cast<int>(255 * (rand_gen_.Unit() * len_[i] + start_[i]));
      argb |= static_cast<std::uint32_t>(channel) << (16 - 8 * i);
    }
    return argb;
  }

 private:
  RandGen& rand_gen_;
  float start_[3] = {};
  float len_[3] = {};
};

class ArtGenerator {
 public:
  ArtGenerator(RandGen& rand_gen, ShapeCanvas& canvas) : rand_gen_(rand_gen), canvas_(canvas) {}

  // paint_rect_resource: a filled rectangle, blotches on it (some of them,
  // while recursion is left, rectangles made the same way), then the
  // rectangle's colour again at alpha 200 over all of it.
  void PaintRect(const RectF& rect, int num_recurse, int blotch_scale) {
    ColorBox colors(rand_gen_);
    const std::uint32_t background = colors.Color();
    canvas_.FillRect(rect, background);
    const auto scale = static_cast<float>(.3 + .7 * rand_gen_.Unit());
    const auto max_dim = static_cast<float>(.5 * scale);
    const auto min_dim = static_cast<float>(.05 * scale);
    const int num_blotches = rand_gen_.Int(blotch_scale, 2 * blotch_scale);
    const auto p_recurse = static_cast<float>(rand_gen_.Unit() * .75);
    for (int j = 0; j < num_blotches; ++j) {
      const RectF sub = SubRect(rect, min_dim, max_dim);
      if (num_recurse > 0 && rand_gen_.Unit() < p_recurse) {
        PaintRect(sub, num_recurse - 1, 10);
      } else {
        PaintShape(sub, colors);
      }
    }
    canvas_.FillRect(rect, (background & 0x00ffffffU) | (200U << 24));
  }

  // paint_shape_resource: on a transparent image, one or two bars each way
  // (across first or down first) and one to four blotches.
  void PaintSprite(const RectF& rect) {
    ColorBox colors(rand_gen_);
    const bool horizontal_first = rand_gen_.Bool();
    const int bars_first = rand_gen_.Below(3) / 2 + 1;
    const int bars_second = rand_gen_.Below(3) / 2 + 1;
    canvas_.Clear();
    for (int i = 0; i < bars_first; ++i) PaintShape(Bar(rect, horizontal_first), colors);
    for (int i = 0; i < bars_second; ++i) PaintShape(Bar(rect, !horizontal_first), colors);
    const int num_blotches = rand_gen_.Int(1, 5);
    for (int j = 0; j < num_blotches; ++j) PaintShape(SubRect(rect, 0.1F, 0.6F), colors);
  }

 private:
  // choose_sub_rect: a random rectangle inside `rect`, each side between
  // min_dim and max_dim of its shorter side (taken as a whole number).
  RectF SubRect(const RectF& rect, float min_dim, float max_dim) {
    const int w = static_cast<int>(rect.w);
    const int h = static_cast<int>(rect.h);
    const int smaller = w > h ? h : w;
    const float del_dim = max_dim - min_dim;
    const float rdx = (rand_gen_.Unit() * del_dim + min_dim) * static_cast<float>(smaller);
    const float rdy = (rand_gen_.Unit() * del_dim + min_dim) * static_cast<float>(smaller);
    const float rx_off = rand_gen_.Unit() * (static_cast<float>(w) - rdx);
    const float ry_off = rand_gen_.Unit() * (static_cast<float>(h) - rdy);
    return RectF{rx_off + rect.x, ry_off + rect.y, rdx, rdy};
  }

  // create_bar: a band of random thickness and place, the rectangle's full
  // width when `is_horizontal` is false and its full height when it is true
  // (procgen's naming). procgen places the latter along the rectangle's
  // height, not its width; its images are square, where the two agree.
  RectF Bar(const RectF& rect, bool is_horizontal) {
    const auto k1 = static_cast<float>(.45 + rand_gen_.Unit() * .4);
    const auto k2 = static_cast<float>(.45 + rand_gen_.Unit() * .4);
    const auto w = static_cast<float>(rect.w * k1 * k1);
    const auto h = static_cast<float>(rect.h * k2 * k2);
    const float pct = rand_gen_.Unit();
    if (!is_horizontal) return RectF{0, (rect.h - h) * pct, rect.w, h};
    return RectF{(rect.h - w) * pct, 0, w, rect.h};
  }

  // paint_shape: the rectangle cut into 1 to 2 equal strips, all filled
  // rectangles or all outlined ellipses, in colours from the box (new ones
  // for each strip, or one pair for all).
  void PaintShape(const RectF& main_rect, ColorBox& colors) {
    const int k = rand_gen_.Below(10);
    const int num_splits = (k * k) / 50 + 1;
    const std::vector<RectF> strips = Split(main_rect, num_splits, rand_gen_.Bool());
    const bool use_rect = rand_gen_.Bool();
    const bool regen_colors = rand_gen_.Bool();
    std::uint32_t c1 = colors.Color();
    std::uint32_t c2 = colors.Color();
    for (const RectF& strip : strips) {
      if (regen_colors) {
        c1 = colors.Color();
        c2 = colors.Color();
      }
      if (use_rect) {
        canvas_.FillRect(strip, c1);
      } else {
        canvas_.DrawEllipse(strip, c1, c2);
      }
    }
  }

  // split_rect, in float as procgen computes it.
  static std::vector<RectF> Split(const RectF& rect, int num_splits, bool is_horizontal) {
    const auto x = static_cast<float>(rect.x);
    const auto y = static_cast<float>(rect.y);
    const auto w = static_cast<float>(rect.w);
    const auto h = static_cast<float>(rect.h);
    const float dw = w / static_cast<float>(num_splits);
    const float dh = h / static_cast<float>(num_splits);
    std::vector<RectF> strips;
    for (int i = 0; i < num_splits; ++i) {
      const auto fi = static_cast<float>(i);
      if (is_horizontal) {
        strips.push_back(RectF{x + fi * dw, y, dw, h});
      } else {
        strips.push_back(RectF{x, y + fi * dh, w, dh});
      }
    }
    return strips;
  }

  RandGen& rand_gen_;
  ShapeCanvas& canvas_;
};

// The family's painter as a ShapeCanvas.
class PainterCanvas : public ShapeCanvas {
 public:
  explicit PainterCanvas(Image& image) : image_(image), painter_(image) {}

  void FillRect(const RectF& rect, std::uint32_t argb) override {
    painter_.FillRectArgb(rect, argb);
  }

  void DrawEllipse(const RectF& rect, std::uint32_t brush, std::uint32_t pen) override {
    const std::uint32_t brush_pm = painter_.Premultiplied(brush);
    const std::uint32_t pen_pm = painter_.Premultiplied(pen);
    painter_.DrawEllipse(rect, &brush_pm, &pen_pm);
  }

  void Clear() override {
    std::fill(image_.data(), image_.data() + image_.width() * image_.height(), 0U);
  }

 private:
  Image& image_;
  Painter painter_;
};

}  // namespace

void GenerateImage(RandGen& rand_gen, Image& image, int num_recurse, int blotch_scale,
                   bool is_rect) {
  PainterCanvas canvas(image);
  GenerateArt(rand_gen, canvas, image.width(), image.height(), num_recurse, blotch_scale, is_rect);
}

void GenerateArt(RandGen& rand_gen, ShapeCanvas& canvas, int width, int height, int num_recurse,
                 int blotch_scale, bool is_rect) {
  ArtGenerator generator(rand_gen, canvas);
  const RectF rect{0, 0, static_cast<double>(width), static_cast<double>(height)};
  if (is_rect) {
    generator.PaintRect(rect, num_recurse, blotch_scale);
  } else {
    generator.PaintSprite(rect);
  }
}

std::uint32_t FixedAssetSeed(const std::string& game_name) {
  std::uint32_t hash = 0x811c9dc5U;
  for (const char c : game_name) {
    hash ^= static_cast<std::uint8_t>(c);
    hash *= 0x1000193U;
  }
  return hash;
}

}  // namespace parallel_pool::procgen
