// Takes the digests smooth_painter_test.cc checks from Qt 5.9.7 itself: draws
// each case of parallel_pool/procgen/engine/smooth_test_cases.h with the
// QPainter of the Qt libraries procgen-mirror 0.10.7 ships (antialiasing and
// smooth pixmap transforms on) and prints one digest per case, or, with
// `check`, draws each case with the family's painter too and names the cases
// whose frames differ. Not part of the build: it needs Qt's headers
// (Debian's qtbase5-dev; the calls it makes exist in Qt 5.9's libraries) and
// the reference venv that tools/setup.sh makes. docs/procgen.md, "The human
// view", has the command that builds it.
#include <QColor>
#include <QImage>
#include <QPainter>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/smooth_test_cases.h"

namespace pp = parallel_pool::procgen;
namespace st = parallel_pool::procgen::smooth_test;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s NUM_CASES [check]\n", argv[0]);
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const bool check = argc > 2 && std::strcmp(argv[2], "check") == 0;
  int differing = 0;
  for (int i = 0; i < n; ++i) {
    const st::Case c = st::MakeCase(i);
    const auto frame = st::FramePixels(c);
    QImage qt_frame(st::kFrameSize, st::kFrameSize, QImage::Format_RGB32);
    std::memcpy(qt_frame.bits(), frame.data(), frame.size() * sizeof(std::uint32_t));
    QPainter qt(&qt_frame);
    qt.setRenderHint(QPainter::Antialiasing, true);
    qt.setRenderHint(QPainter::SmoothPixmapTransform, true);
    qt.setOpacity(c.opacity);
    if (c.op == st::Op::kRotatedImage) {
      qt.translate(c.tx, c.ty);
      qt.rotate(c.degrees);
    }
    if (c.op == st::Op::kFillRect) {
      qt.fillRect(QRectF(c.x, c.y, c.w, c.h), QColor(QRgb(c.rgb)));
    } else if (c.op == st::Op::kEllipse) {
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
    } else if (c.op == st::Op::kLine) {
      qt.setPen(QPen(QColor::fromRgba(c.argb), c.pen_width));
      qt.drawLine(c.x1, c.y1, c.x2, c.y2);
    } else {
      const pp::Image image = st::CaseImage(c);
      QImage qt_image(c.src_w, c.src_h,
                      c.premultiplied ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32);
      for (int y = 0; y < c.src_h; ++y) {
        std::memcpy(qt_image.scanLine(y), image.Row(y), c.src_w * sizeof(std::uint32_t));
      }
      qt.drawImage(QRectF(c.x, c.y, c.w, c.h), qt_image);
    }
    qt.end();
    const std::uint64_t qt_digest =
        st::Digest(reinterpret_cast<const std::uint32_t*>(qt_frame.constBits()), frame.size());
    if (!check) {
      std::printf("    0x%016llxULL,\n", static_cast<unsigned long long>(qt_digest));
    } else if (qt_digest != st::PainterDigest(c)) {
      ++differing;
      std::printf("case %d differs: op %d rect (%g, %g, %g, %g) image %dx%d opacity %g\n", i,
                  static_cast<int>(c.op), c.x, c.y, c.w, c.h, c.src_w, c.src_h, c.opacity);
    }
  }
  if (check) std::printf("%d of %d cases differ\n", differing, n);
  return differing == 0 ? 0 : 1;
}
