// The antialiased painter against Qt 5.9.7: each case of smooth_test_cases.h
// drawn by Painter(smooth) must give the frame Qt 5.9.7's QPainter gave
// (Antialiasing and SmoothPixmapTransform on), compared by digest. The
// digests were taken with the Qt libraries of procgen-mirror 0.10.7 on an
// x86-64 CPU with AVX2, from the same cases.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/painter.h"
#include "parallel_pool/procgen/engine/smooth_test_cases.h"

namespace parallel_pool::procgen {
namespace {

using smooth_test::Case;

constexpr std::uint64_t kQtDigests[] = {
    0x25d02505bab86682ULL, 0x7116bc50bcc95aecULL, 0x76c98e58c05b6071ULL, 0xbc5a25bbb541aad0ULL,
    0xbe0524bc15f3f60bULL, 0xedf705596006c917ULL, 0xd0395a1bc39d5639ULL, 0xd86b8b184ffd3760ULL,
    0x6020eafc04671779ULL, 0x5e5a0555a4eb510dULL, 0xdc95f3145da65a7fULL, 0xd49920c1d2253aa3ULL,
    0x86e55645c19b0374ULL, 0x01ec90770496ddc0ULL, 0x05e2f7b3071ca244ULL, 0x16d7dd17138d1d66ULL,
    0x1cbd2db73246a58aULL, 0xf4a7db8e87a59d97ULL, 0x1629f967ea9aa61aULL, 0x51ac0af396cec58fULL,
    0x7a2bbe8e816f1143ULL, 0x8d3ce71cb268b1eaULL, 0x5240db370b2700fcULL, 0xb655073518099083ULL,
    0xcb29be3adf8dca93ULL, 0x42d394a2dc743f6bULL, 0xda4eb6c051ccf74bULL, 0x8f09c43363752357ULL,
    0xb3aefbe08976fb5bULL, 0xca2cb005385a5526ULL, 0xc769255f5384c546ULL, 0x9a528be225592f4eULL,
    0x25bdc8effba3969dULL, 0x515077e9c2a4a684ULL, 0x8003584ddf70281fULL, 0x7814ca931f8f35e7ULL,
    0xe6be8c31ee1e8071ULL, 0x117087f7904c77fcULL, 0x5805b529fa0c4299ULL, 0x046b230fcd79c1e5ULL,
    0x1bdf67b7bc185eeaULL, 0x529edbe6287b99f7ULL, 0x847cc6d369e15bfcULL, 0x3f3813dc1b198e9dULL,
    0x22430209f0cc4f94ULL, 0x8ab2470012a99f5dULL, 0xf538fb5756350840ULL, 0x5d28f64ecc33b0c9ULL,
    0xc63c2e6ad1a75e2dULL, 0xaeaa1c2375abeae5ULL, 0x4e094e29189130f4ULL, 0x051a8f521cbbb2ddULL,
    0x10820daeb77009baULL, 0x805a1d508e57c97eULL, 0xa99c2512b4cc51c1ULL, 0x8a00ca8e85ef0b4fULL,
    0xd887a3abe60abe4eULL, 0x2239de006d4faea2ULL, 0xb49e90bc97cdf385ULL, 0xbaba77426061c9c0ULL,
    0x8017391af2ded89dULL, 0x8c263552420e200dULL, 0xa460c2c76ee10a85ULL, 0x3c0b63e662ac725fULL,
    0x1f8a0c3b865f3cc9ULL, 0xf5ffa1cdf2ed772cULL, 0x5f420be819f71e28ULL, 0x78294eb7c9ff0551ULL,
    0x21e4f35c08f45fd4ULL, 0xda24317a1ef34da4ULL, 0x5e41a79519616f91ULL, 0x3adb217cc7dbbb61ULL,
    0xe9d9669dd63c0d9dULL, 0x634cf2443bad00b5ULL, 0x379669b19fa55421ULL, 0x245d7bfaf50efb1eULL,
    0xac257d6d9725348dULL, 0x67d6507a5f00a8fbULL, 0xc1e238097650c528ULL, 0x2a74271d3d2bc4dbULL,
    0x5a128315fe09e0d5ULL, 0x14b18fccb245dab8ULL, 0x384d26e581752fbaULL, 0x4c4873e4a02f97b2ULL,
    0xb1f0b870ee07b57eULL, 0xf1a2368da6591c9dULL, 0xd693d5717f75a7b1ULL, 0xe4721811957e5f5cULL,
    0x847781d223820673ULL, 0x37af8eb48beb7c75ULL, 0x22efebfa4a397fcdULL, 0x7752646f14331c1dULL,
    0xd192a260cf245b59ULL, 0x40010345d7d5483cULL, 0x2ecad877019deedaULL, 0x5dd7cfb5a083a90aULL,
    0x335389df6587e1d4ULL, 0x4c29ebdf984acf90ULL, 0xa3b9be9c2dc7b3dcULL, 0xf4fe01c48c8c6561ULL,
    0x8b7eebc3c636eb00ULL, 0x62d900dfbd9f57cbULL, 0x529b3c44f642c01cULL, 0x4c28ea17af270660ULL,
    0xa54a2a73cf8de7aaULL, 0xd7c41865aecd6b57ULL, 0xbf06064f2f8cc905ULL, 0x007903185deb6f89ULL,
    0x13ec6fa118378890ULL, 0xbd08f685ea5d3607ULL, 0xdccd214c88a53fa1ULL, 0x7d9613dfcd80b54eULL,
    0x605fed5ab4510ad1ULL, 0x3a2d2cfd227369ceULL, 0x77859ae4f84b5958ULL, 0xe3ba1929502daecfULL,
    0x6f9335eac198c677ULL, 0xbe23fe0717f61632ULL, 0xc3fb5783022ad2f5ULL, 0x2a33699c883499feULL,
    0xca8ee3a35611a236ULL, 0x8b736496b65a1c66ULL, 0x9ce3a2c9707de713ULL, 0xfe17d65a64762873ULL,
    0x69f39c7c84aabad0ULL, 0xb5688cda8c9c3d9fULL, 0x2785512189e0a9fdULL, 0x4a8344a0d49d02a6ULL,
    0xd10d40c7a4e42b18ULL, 0x54e1bf0987918616ULL, 0xe50531a01905a083ULL, 0x8e964ea9529fbaccULL,
    0xa782fde87822120cULL, 0xa6f1168c912b5c80ULL, 0x2dcb35701ff3f3c0ULL, 0xc0bf1978ac1747aeULL,
    0x4536288da2931003ULL, 0xf4ee41e74c66e83dULL, 0x9fa75975e8e59e53ULL, 0x68c649955c17f80aULL,
    0xd72b6ff7e9b7efa6ULL, 0xb5932da2aeb6e3e0ULL, 0x7995fa4a8c9f1e86ULL, 0x4dd5e1e97b7609cdULL,
    0xb3a2c9d75b9646afULL, 0xa2fab3035d930877ULL, 0xae093867365a1d76ULL, 0xd883cf439177ca72ULL,
    0x04497da6b555c74cULL, 0x8e9cee01708cec8cULL, 0x25b699a3df8f11f3ULL, 0xebead4380cba9278ULL,
    0xcb251ef2f16d9215ULL, 0x61ac69fc34cf6d4aULL, 0x97d5f0787166269eULL, 0xbcb2eebe0084bf24ULL,
    0xba069b6ff44f8b1dULL, 0xfb382bdeb172b597ULL, 0xec3dc26c1279be5aULL, 0x5b45e925c9f8bd58ULL,
    0xd956ea1770ad5584ULL, 0x5be9762b192d92aaULL, 0x54a1c50af3fd93b5ULL, 0x2a47ffe12753cad1ULL,
    0xecf75abb6fa42ff9ULL, 0xe54101a42935e23bULL, 0x783e49153c770475ULL, 0x43ee1471f5901cbbULL,
    0x88ed714ac9cde33cULL, 0xc3e95865515e07f2ULL, 0x8d7b4e2a2b4facc8ULL, 0xb23f199bfdf6bc28ULL,
    0x7f9422214e9afc53ULL, 0xc2df61d17719bb40ULL, 0x3d9e659c9dc2678bULL, 0x89fe32d41b03a802ULL,
    0x1cb07e81a80e8c6eULL, 0x83f4d864d8dfa42cULL, 0x1141d5a9ca4afea8ULL, 0xe7932ac0b05fe5cdULL,
    0x3bebee477cbf8a63ULL, 0xa637ddc8a6e456fdULL, 0xa4e8ed5dd21a705fULL, 0xfa193dcb96452fbeULL,
    0x4557d2f1a69326caULL, 0x6ac81d104d5d75c9ULL, 0xf170d33d56ae767eULL, 0x668091c57b848685ULL,
    0x0a8a779aa130196fULL, 0x805111f438a780e6ULL, 0x8a16240c9a3760abULL, 0xe7336ceb71569f39ULL,
    0x39ff6247e4e27a40ULL, 0xb80c4f007276659cULL, 0x341ad7ee4c79670cULL, 0x24f9bc49f057818aULL,
    0x66c61e88d0733f91ULL, 0x4109dc5d5852ad9aULL, 0x9183429b27ac331cULL, 0x8b6d9e42bdaf4a22ULL,
    0x2b071b0dd18b0ee3ULL, 0x3ad445923d7e028dULL, 0x37d4c54c30f9778bULL, 0x3a454a60d0e25af7ULL,
    0xaaa02ab934bf4c1dULL, 0xd7fc7655aaab2dd2ULL, 0x89fa2b6a4e4c604dULL, 0x4ba6db80abde13d8ULL,
    0x9b2643d83eaf405aULL, 0x1231e53856972f8cULL, 0x2089720d65c943e5ULL, 0x731b8b58e0f5d00bULL,
    0x2e3742a487e96bf4ULL, 0x31910c289fa6839cULL, 0x64ed89fd120ba45cULL, 0xdfb2d9236b318bc6ULL,
    0x0ccb7672c73db039ULL, 0xf129bfd7631dc14fULL, 0x587b9a446a7580caULL, 0x026e0e3b62758228ULL,
    0x0caa63314c6a982aULL, 0x782449b2635c5836ULL, 0xe1ba7555d46d1ba6ULL, 0x53020b31f3912d55ULL,
    0x6663ab970f6f57aeULL, 0xa5e1885ebc6783efULL, 0xe352ff1e957a037dULL, 0x9b2dda32ef4774f5ULL,
    0x986e2465551b6201ULL, 0x8e5658699bc11325ULL, 0x4810405ecfa75dedULL, 0x64bbeca1b1a3b700ULL,
    0xba133cba201e37b6ULL, 0x996f5f881c8c2062ULL, 0xbd10c88ee787e02cULL, 0x495d070c9e6da12bULL,
    0x8105d41f20ef055aULL, 0x33f61abfe6ced51dULL, 0x74f9be478aa269a7ULL, 0x596f40d59d3d9d01ULL,
    0x676c26f3d811c5b3ULL, 0x89b488c86527d318ULL, 0xd7e542aa82f26a16ULL, 0x93c3800602ec7c44ULL,
    0xe332845fb794f1d2ULL, 0x39d856f313d3a902ULL, 0x5c28c62f02723102ULL, 0x1489181cf6933196ULL,
    0x39a23fee1d40e559ULL, 0xe000308126191c9bULL, 0x2edb1be20b6462b1ULL, 0x0560aeb946a5b3afULL,
    0xeb24952895f285bdULL, 0xc119774f632ca6deULL, 0x768430147cb30d6eULL, 0x7219454b8a0e19f9ULL,
    0x3b3a2e1f34ebf113ULL, 0xf96e20e330036eb1ULL, 0xf1cfd11e1c6f032dULL, 0xf21611a0478349acULL,
    0x788198c9770e8a65ULL, 0xf6d16bdb8983c65aULL, 0x09f64d618726f1feULL, 0xcee584b3d72c0006ULL,
    0x8098dc2b98f91f18ULL, 0xafef2bf1f77bf95aULL, 0xe044d46958e1d5fcULL, 0xe66f3ba335c1eeefULL,
    0x65d157aed33ef5b2ULL, 0x4df693ce9d8c615bULL, 0x276d4fb6f175114dULL, 0xd2ec2d3cd457bcb0ULL,
    0xde074d4c738530f7ULL, 0xf323da68a6d78462ULL, 0xe1b6dfd9ee50c00fULL, 0x1914911bb46cc342ULL,
    0x3ef197f1565a66c3ULL, 0xb150cc15c8797d7fULL, 0xa13768eed9a2ac37ULL, 0xb724f068a4ecbe2cULL,
    0xc926c17c48c1cf8bULL, 0x6390168ceb7e7d04ULL, 0x5f35fef49c200390ULL, 0xe348a18ade57106bULL,
    0xfc05b144b7b63568ULL, 0xdf54e91be628b3a6ULL, 0x01e4ab4983f510bfULL, 0x93fa280bd50c74b7ULL,
    0x820648cf1d47cf91ULL, 0x90c1176ad7805a7aULL, 0x6bc1dc4957251f41ULL, 0x989b6988274cb73eULL,
    0x7f8fc7e725efd2f4ULL, 0xd0ab5dbe9ab6b686ULL, 0x9b08cd9b0f346705ULL, 0x47ca8b5efcdf3acdULL,
    0xf0999b79e8b994daULL, 0x19fae731572b32d5ULL, 0xf37a22ed64e0a530ULL, 0xbb1a7ac5ec3d4cb0ULL,
};

std::uint64_t Draw(const Case& c) {
  const auto frame = smooth_test::FramePixels(c);
  Image target(smooth_test::kFrameSize, smooth_test::kFrameSize, PixelFormat::kRgb32);
  std::memcpy(target.data(), frame.data(), frame.size() * sizeof(std::uint32_t));
  Painter painter(target, /*smooth=*/true);
  painter.SetOpacity(c.opacity);
  const RectF rect{c.x, c.y, c.w, c.h};
  if (c.op == smooth_test::Op::kFillRect) {
    painter.FillRect(rect, c.rgb);
  } else {
    const auto pixels = smooth_test::ImagePixels(c);
    Image image(c.src_w, c.src_h,
                c.premultiplied ? PixelFormat::kPremultiplied : PixelFormat::kRgb32);
    for (int y = 0; y < c.src_h; ++y) {
      for (int x = 0; x < c.src_w; ++x) {
        const std::uint32_t p = pixels[static_cast<std::size_t>(y) * c.src_w + x];
        image.Row(y)[x] = c.premultiplied ? Premultiply(p) : p;
      }
    }
    image.NoteOpacity();
    painter.DrawImage(rect, image);
  }
  return smooth_test::Digest(target.data(), frame.size());
}

TEST(SmoothPainterTest, FramesEqualQt597) {
  int differing = 0;
  for (int i = 0; i < static_cast<int>(std::size(kQtDigests)); ++i) {
    const Case c = smooth_test::MakeCase(i);
    if (Draw(c) != kQtDigests[i]) {
      ++differing;
      ADD_FAILURE() << "case " << i << ": op " << static_cast<int>(c.op) << " rect (" << c.x << ", "
                    << c.y << ", " << c.w << ", " << c.h << ") image " << c.src_w << "x" << c.src_h
                    << " opacity " << c.opacity;
    }
  }
  EXPECT_EQ(differing, 0);
}

// A digest list of untouched frames would pass a painter that draws
// nothing: most cases (all but those outside the frame or almost
// transparent) must change the frame.
TEST(SmoothPainterTest, CasesDraw) {
  int drawn = 0;
  const int n = static_cast<int>(std::size(kQtDigests));
  for (int i = 0; i < n; ++i) {
    const Case c = smooth_test::MakeCase(i);
    const auto frame = smooth_test::FramePixels(c);
    if (Draw(c) != smooth_test::Digest(frame.data(), frame.size())) ++drawn;
  }
  EXPECT_GT(drawn, n * 3 / 4);
}

}  // namespace
}  // namespace parallel_pool::procgen
