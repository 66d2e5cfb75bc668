// Takes the digests painter_qt_test.cc checks from Qt 5.9.7 itself: draws
// each case of parallel_pool/procgen/engine/qt_test_cases.h with the
// QPainter of the Qt libraries procgen-mirror 0.10.7 ships and prints one
// digest per case, or, with `check`, draws each case with the family's
// painter too and names the cases whose frames differ. `art` does the same
// for the generated-art cases: procgen's assetgen layout (engine/asset_gen.h)
// drawn by a QPainter as procgen draws it. Not part of the build: it needs
// Qt's headers (Debian's qtbase5-dev; the calls it makes exist in Qt 5.9's
// libraries) and the reference venv that tools/setup.sh makes.
// docs/procgen.md, "Generated assets", has the command that builds it.
#include <QColor>
#include <QImage>
#include <QPainter>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "parallel_pool/procgen/engine/asset_gen.h"
#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/qt_test_cases.h"
#include "parallel_pool/procgen/engine/rand_gen.h"

namespace pp = parallel_pool::procgen;
namespace qt_test = parallel_pool::procgen::qt_test;

namespace {

QImage::Format QtFormat(pp::PixelFormat format) {
  switch (format) {
    case pp::PixelFormat::kRgb32:
      return QImage::Format_RGB32;
    case pp::PixelFormat::kPremultiplied:
      return QImage::Format_ARGB32_Premultiplied;
    case pp::PixelFormat::kArgb32:
      break;
  }
  return QImage::Format_ARGB32;
}

std::uint64_t QtCaseDigest(const qt_test::Case& c) {
  const auto frame = qt_test::FramePixels(c);
  QImage qt_frame(qt_test::kFrameSize, qt_test::kFrameSize, QImage::Format_RGB32);
  std::memcpy(qt_frame.bits(), frame.data(), frame.size() * sizeof(std::uint32_t));
  QPainter qt(&qt_frame);
  qt.setRenderHint(QPainter::Antialiasing, !c.aliased);
  qt.setRenderHint(QPainter::SmoothPixmapTransform, !c.aliased);
  qt.setOpacity(c.opacity);
  if (c.op == qt_test::Op::kRotatedImage) {
    qt.translate(c.tx, c.ty);
    qt.rotate(c.degrees);
  }
  if (c.op == qt_test::Op::kFillRect) {
    qt.fillRect(QRectF(c.x, c.y, c.w, c.h), QColor(QRgb(c.rgb)));
  } else if (c.op == qt_test::Op::kEllipse) {
    const QColor color = QColor::fromRgba(c.argb);
    qt.setBrush(color);
    if (c.whole_pixels) {
      qt.setPen(Qt::NoPen);
      qt.drawEllipse(QRect(static_cast<int>(c.x), static_cast<int>(c.y), static_cast<int>(c.w),
                           static_cast<int>(c.h)));
    } else {
      qt.setPen(QPen(color, 1));
      qt.drawEllipse(QRectF(c.x, c.y, c.w, c.h));
    }
  } else if (c.op == qt_test::Op::kLine) {
    qt.setPen(QPen(QColor::fromRgba(c.argb), c.pen_width));
    qt.drawLine(c.x1, c.y1, c.x2, c.y2);
  } else {
    const pp::Image image = qt_test::CaseImage(c);
    QImage qt_image(c.src_w, c.src_h, QtFormat(c.format));
    for (int y = 0; y < c.src_h; ++y) {
      std::memcpy(qt_image.scanLine(y), image.Row(y), c.src_w * sizeof(std::uint32_t));
    }
    qt.drawImage(QRectF(c.x, c.y, c.w, c.h), qt_image);
  }
  qt.end();
  return qt_test::Digest(reinterpret_cast<const std::uint32_t*>(qt_frame.constBits()),
                         frame.size());
}

// assetgen's painter calls, made on a QPainter as procgen makes them: a
// sprite is drawn in the Source composition mode from its clearing on.
class QtCanvas : public pp::ShapeCanvas {
 public:
  explicit QtCanvas(QImage& image) : image_(image), painter_(&image) {}

  void FillRect(const pp::RectF& rect, std::uint32_t argb) override {
    painter_.fillRect(QRectF(rect.x, rect.y, rect.w, rect.h), QColor::fromRgba(argb));
  }

  void DrawEllipse(const pp::RectF& rect, std::uint32_t brush, std::uint32_t pen) override {
    painter_.setBrush(QBrush(QColor::fromRgba(brush)));
    painter_.setPen(QPen(QColor::fromRgba(pen)));
    painter_.drawEllipse(QRectF(rect.x, rect.y, rect.w, rect.h));
  }

  void Clear() override {
    painter_.setCompositionMode(QPainter::CompositionMode_Source);
    painter_.fillRect(QRectF(0, 0, image_.width(), image_.height()), QColor(0, 0, 0, 0));
  }

 private:
  QImage& image_;
  QPainter painter_;
};

std::uint64_t QtArtDigest(const qt_test::ArtCase& a) {
  QImage image(a.size, a.size, QtFormat(a.format));
  {
    QtCanvas canvas(image);
    pp::RandGen rand_gen;
    rand_gen.Seed(a.seed);
    pp::GenerateArt(rand_gen, canvas, a.size, a.size, a.num_recurse, a.blotch_scale, a.is_rect);
  }
  return qt_test::ArgbDigest(reinterpret_cast<const std::uint32_t*>(image.constBits()),
                             static_cast<std::size_t>(a.size) * a.size);
}

}  // namespace

int main(int argc, char** argv) {
  const bool art = argc > 1 && std::strcmp(argv[1], "art") == 0;
  const int first = art ? 2 : 1;
  if (argc <= first) {
    std::fprintf(stderr, "usage: %s [art] NUM_CASES [check]\n", argv[0]);
    return 2;
  }
  const int n = std::atoi(argv[first]);
  const bool check = argc > first + 1 && std::strcmp(argv[first + 1], "check") == 0;
  int differing = 0;
  for (int i = 0; i < n; ++i) {
    std::uint64_t qt_digest = 0;
    std::uint64_t ours = 0;
    if (art) {
      const qt_test::ArtCase a = qt_test::MakeArtCase(i);
      qt_digest = QtArtDigest(a);
      if (check) ours = qt_test::ArtDigest(a);
    } else {
      const qt_test::Case c = qt_test::MakeCase(i);
      qt_digest = QtCaseDigest(c);
      if (check) ours = qt_test::PainterDigest(c);
    }
    if (!check) {
      std::printf("    0x%016llxULL,\n", static_cast<unsigned long long>(qt_digest));
    } else if (qt_digest != ours) {
      ++differing;
      if (art) {
        std::printf("art case %d differs\n", i);
      } else {
        const qt_test::Case c = qt_test::MakeCase(i);
        std::printf("case %d differs: op %d rect (%g, %g, %g, %g) image %dx%d opacity %g%s\n", i,
                    static_cast<int>(c.op), c.x, c.y, c.w, c.h, c.src_w, c.src_h, c.opacity,
                    c.aliased ? " aliased" : "");
      }
    }
  }
  if (check) std::printf("%d of %d cases differ\n", differing, n);
  return differing == 0 ? 0 : 1;
}
