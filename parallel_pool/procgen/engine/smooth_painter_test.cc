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
    0xbdb09b4e73b91b10ULL, 0x7116bc50bcc95aecULL, 0x76c98e58c05b6071ULL, 0xa81b10c8a37ebf51ULL,
    0x599f54287c836083ULL, 0x5782ff508e8069e2ULL, 0xd0395a1bc39d5639ULL, 0xd86b8b184ffd3760ULL,
    0x6020eafc04671779ULL, 0x10dbb439a151ec34ULL, 0x508ebd7a51b3e7c4ULL, 0xfcb7fccdf630e0dbULL,
    0x86e55645c19b0374ULL, 0x01ec90770496ddc0ULL, 0x05e2f7b3071ca244ULL, 0x9c2d4df88d42d849ULL,
    0x6508e938b23d891cULL, 0xe0a6b8c05737efd7ULL, 0x1629f967ea9aa61aULL, 0x51ac0af396cec58fULL,
    0x7a2bbe8e816f1143ULL, 0xfc919b716b55a45bULL, 0x7e7bab11c127ef88ULL, 0x8029a9cf626db163ULL,
    0x7831cbeaf27c498dULL, 0x42d394a2dc743f6bULL, 0xda4eb6c051ccf74bULL, 0x161bff4a60e8f594ULL,
    0x92f8c117473660f1ULL, 0xc6304f75cc253acfULL, 0xc769255f5384c546ULL, 0x9a528be225592f4eULL,
    0x25bdc8effba3969dULL, 0x013869fee61b20e0ULL, 0x0704f6441444c16dULL, 0x2ac311ebed0738fdULL,
    0xe6be8c31ee1e8071ULL, 0x117087f7904c77fcULL, 0x5805b529fa0c4299ULL, 0xe91c6c4747c8587bULL,
    0x4307958d9e21105fULL, 0xc4b1815a37454e72ULL, 0x847cc6d369e15bfcULL, 0x3f3813dc1b198e9dULL,
    0x22430209f0cc4f94ULL, 0x762aca90d8dbc24bULL, 0xf34a5a6325c211c3ULL, 0x0b121de5b83462eaULL,
    0x4e0ad4f0af2ac188ULL, 0xaeaa1c2375abeae5ULL, 0x4e094e29189130f4ULL, 0x88412d81029f36b5ULL,
    0xd996c64c9d93b0d3ULL, 0x3734fc7ae5f09eccULL, 0xa99c2512b4cc51c1ULL, 0x8a00ca8e85ef0b4fULL,
    0xd887a3abe60abe4eULL, 0x4722fd3c7b1829deULL, 0xbcb870a9f00da6afULL, 0xc127d54023f9aa15ULL,
    0x8017391af2ded89dULL, 0x8c263552420e200dULL, 0xa460c2c76ee10a85ULL, 0x26bff1eee48805d1ULL,
    0x92bf94eb9faf6f74ULL, 0xce1e30da57e3eec8ULL, 0x5f420be819f71e28ULL, 0x78294eb7c9ff0551ULL,
    0x21e4f35c08f45fd4ULL, 0x3cd2b4daf9477555ULL, 0x2a7db166d2129ee5ULL, 0xfa1d39e16f153412ULL,
    0x4ae82ab3d01fe28cULL, 0x634cf2443bad00b5ULL, 0x379669b19fa55421ULL, 0xe64b64b5d3530d6eULL,
    0xd519d61ab08b278bULL, 0x96d2c865f101834eULL, 0xc1e238097650c528ULL, 0x2a74271d3d2bc4dbULL,
    0x5a128315fe09e0d5ULL, 0xc2e021b0cac5e9c2ULL, 0xf870f300fff197beULL, 0xf62002a331e2275eULL,
    0xb1f0b870ee07b57eULL, 0xf1a2368da6591c9dULL, 0xd693d5717f75a7b1ULL, 0xe5a70c0b203d6e41ULL,
    0x5f7f3097bdabff3aULL, 0x05158e95eeb0f1dbULL, 0x22efebfa4a397fcdULL, 0x7752646f14331c1dULL,
    0xd192a260cf245b59ULL, 0xfe9c0182f11c3502ULL, 0x5d13b02db632f9f7ULL, 0xdf0a0c0422b2c038ULL,
    0x012b77a4059081a2ULL, 0x4c29ebdf984acf90ULL, 0xa3b9be9c2dc7b3dcULL, 0x1ab9b3994765e0d1ULL,
    0xf4200dccb20b04c6ULL, 0xded70d7e833823d7ULL, 0x529b3c44f642c01cULL, 0x4c28ea17af270660ULL,
    0xa54a2a73cf8de7aaULL, 0x5d84df87cab9aa94ULL, 0x892c0a44cbae528aULL, 0xf814475b91da6c92ULL,
    0x13ec6fa118378890ULL, 0xbd08f685ea5d3607ULL, 0xdccd214c88a53fa1ULL, 0x61fd0e88527652b5ULL,
    0x11274af34ac4662eULL, 0xfe6e18cb595457f6ULL, 0x77859ae4f84b5958ULL, 0xe3ba1929502daecfULL,
    0x6f9335eac198c677ULL, 0xb8d5755d34f0842cULL, 0x92dce1505cc9ec49ULL, 0xe8c71e167a54a90aULL,
    0x47944832dd1aa237ULL, 0x8b736496b65a1c66ULL, 0x9ce3a2c9707de713ULL, 0x506b7478b934d826ULL,
    0x2261394952a36fe9ULL, 0x8d37ce3947700c97ULL, 0x2785512189e0a9fdULL, 0x4a8344a0d49d02a6ULL,
    0xd10d40c7a4e42b18ULL, 0x325efdfb259f4a42ULL, 0x0fa191cf7ae06c84ULL, 0x8c4de7a205d2da48ULL,
    0xa782fde87822120cULL, 0xa6f1168c912b5c80ULL, 0x2dcb35701ff3f3c0ULL, 0xa7a5507e853550d6ULL,
    0x94e88abdb361ec63ULL, 0x8c72e1e17b3e20a9ULL, 0x9fa75975e8e59e53ULL, 0x68c649955c17f80aULL,
    0xd72b6ff7e9b7efa6ULL, 0x1db362fb46e2c475ULL, 0x685522c6bc27260fULL, 0xe5f2c11f5eee1203ULL,
    0x98f3d6d75489fc57ULL, 0xa2fab3035d930877ULL, 0xae093867365a1d76ULL, 0xab116ad1a3c89e8bULL,
    0x34358fe53f6b5a19ULL, 0x6fe22732fe78184dULL, 0x25b699a3df8f11f3ULL, 0xebead4380cba9278ULL,
    0xcb251ef2f16d9215ULL, 0x23a317f439d94246ULL, 0xf8eb1ef5629e04ceULL, 0x21fbacc2b375f782ULL,
    0xba069b6ff44f8b1dULL, 0xfb382bdeb172b597ULL, 0xec3dc26c1279be5aULL, 0xf1cdd0b65185a1b7ULL,
    0xb5d167d9e69817edULL, 0xd2b812e817b71025ULL, 0x54a1c50af3fd93b5ULL, 0x2a47ffe12753cad1ULL,
    0xecf75abb6fa42ff9ULL, 0xba4073819be2b160ULL, 0x941d1f8921be7aceULL, 0x399976640faf6101ULL,
    0xbd2ceb50e128cdbeULL, 0xc3e95865515e07f2ULL, 0x8d7b4e2a2b4facc8ULL, 0xa595d25a658eec63ULL,
    0xe8c5f8f6e783ffdfULL, 0xc83548bc33a4ee4aULL, 0x3d9e659c9dc2678bULL, 0x89fe32d41b03a802ULL,
    0x1cb07e81a80e8c6eULL, 0x5fe08e8a5ade4e53ULL, 0x004f061293557b23ULL, 0x4e3311f7be7f64d1ULL,
    0x3bebee477cbf8a63ULL, 0xa637ddc8a6e456fdULL, 0xa4e8ed5dd21a705fULL, 0xa83da704e3905d9fULL,
    0x428438485bea3852ULL, 0x4056e214b96b8bf8ULL, 0xf170d33d56ae767eULL, 0x668091c57b848685ULL,
    0x0a8a779aa130196fULL, 0x4f7c0401cc577adfULL, 0x9c4bbf48ade1076eULL, 0xb132c78748bb7638ULL,
    0xb5f21d85b4dc9b99ULL, 0xb80c4f007276659cULL, 0x341ad7ee4c79670cULL, 0x739041b10e607552ULL,
    0xc24a72e2972a77d0ULL, 0xb581e9aac4d1f604ULL, 0x9183429b27ac331cULL, 0x8b6d9e42bdaf4a22ULL,
    0x2b071b0dd18b0ee3ULL, 0xff28e5519741617aULL, 0x3501c7e44377a021ULL, 0x1e1d81a683dc13a9ULL,
    0xaaa02ab934bf4c1dULL, 0xd7fc7655aaab2dd2ULL, 0x89fa2b6a4e4c604dULL, 0x6685eb210eb8763eULL,
    0xe296edb7eae86979ULL, 0xbc9ebf1134326045ULL, 0x2089720d65c943e5ULL, 0x731b8b58e0f5d00bULL,
    0x2e3742a487e96bf4ULL, 0xc2deb3dbabc6f55cULL, 0x1168bc2e71c200c6ULL, 0x70f386265f6c0550ULL,
    0xfe5fc208f4cf8413ULL, 0xf129bfd7631dc14fULL, 0x587b9a446a7580caULL, 0x7b2c5904a168c3d2ULL,
    0xf74763861ec11e5fULL, 0xf8f0b1985ccc9725ULL, 0xe1ba7555d46d1ba6ULL, 0x53020b31f3912d55ULL,
    0x6663ab970f6f57aeULL, 0x5d01c3a51224a331ULL, 0x1ce09c47e00d13d0ULL, 0xbfdbc167379daa63ULL,
    0x986e2465551b6201ULL, 0xcb7fbafcd781f0e3ULL, 0x4810405ecfa75dedULL, 0x31ce26d02265cf07ULL,
    0x8a547b11700e02a0ULL, 0x14ff9dd90fceed17ULL, 0xbd10c88ee787e02cULL, 0x495d070c9e6da12bULL,
    0x8105d41f20ef055aULL, 0xb49b61bf84eb5503ULL, 0xf906024df1814c13ULL, 0x1e238b1a8ccdcc78ULL,
    0xc110c3e6a796eb7dULL, 0x89b488c86527d318ULL, 0xd7e542aa82f26a16ULL, 0x5267dfd18abc29b4ULL,
    0xdb7c1c982cc39cdfULL, 0xd43b255982710228ULL, 0x5c28c62f02723102ULL, 0x1489181cf6933196ULL,
    0x39a23fee1d40e559ULL, 0x2481448c12400af3ULL, 0x0a08d52f6627bebdULL, 0xd1c5c3d0145aa122ULL,
    0xeb24952895f285bdULL, 0xc119774f632ca6deULL, 0x768430147cb30d6eULL, 0x604a1a749af71cacULL,
    0x9b25ce3fed031e03ULL, 0x5805476b53e6b36dULL, 0xf1cfd11e1c6f032dULL, 0xf21611a0478349acULL,
    0x788198c9770e8a65ULL, 0x5620bdb94517d3e4ULL, 0x7e4687c6b4e5dbfbULL, 0x30a04bfa27f8bf88ULL,
    0xebbd83b3c172af23ULL, 0xafef2bf1f77bf95aULL, 0xe044d46958e1d5fcULL, 0x406ad4fef9873b7eULL,
    0x56a1693d537649c2ULL, 0xc60911ba2b093f24ULL, 0x276d4fb6f175114dULL, 0xd2ec2d3cd457bcb0ULL,
    0xde074d4c738530f7ULL, 0x294aef36b0889c4fULL, 0xab670c2ad548a618ULL, 0xd78fe7f4bbae1920ULL,
    0x3ef197f1565a66c3ULL, 0xb150cc15c8797d7fULL, 0xa13768eed9a2ac37ULL, 0xa546cb3c5b968a11ULL,
    0x72fd4b99d75a0b53ULL, 0xda3f98521b480744ULL, 0x5f35fef49c200390ULL, 0xe348a18ade57106bULL,
    0xfc05b144b7b63568ULL, 0x9f03d1da8030cb05ULL, 0xa1089bb4e3ee89efULL, 0xc7b745439cdb7b82ULL,
    0x6e2e1850190af78cULL, 0x90c1176ad7805a7aULL, 0x6bc1dc4957251f41ULL, 0xe928e6e85e46d70eULL,
    0x0f3f0c353d6033bbULL, 0x7706cb229c37bed1ULL, 0x9b08cd9b0f346705ULL, 0x47ca8b5efcdf3acdULL,
    0xf0999b79e8b994daULL, 0xb3aee0c5eabf3bfcULL, 0xa58be29118dbe90fULL, 0x1d9ee1a9984b18e0ULL,
    0xafcde61b967bc4c5ULL, 0x9e05e3b7d065ab6cULL, 0xf5e6dfb64de92a7bULL, 0xd4470a56f380c4dcULL,
    0x817d331635045a76ULL, 0x6c6aefb9679104acULL, 0x173f46e31023d5a0ULL, 0xcccfa4a311e56bb9ULL,
    0x7097cca087142770ULL, 0xd5f8e71df5d77065ULL, 0x3bb6e08b717b097dULL, 0xfeaad4106c720454ULL,
    0x11f4852c0dbe427eULL, 0xb0e471d4144a6461ULL, 0x4fa16143043530adULL, 0x5df6cc6d148fb429ULL,
    0x84c52a885b54c445ULL, 0xeaa247696eda0f3fULL, 0xc343a30491c3858dULL, 0xc8e60bf7553efdb5ULL,
    0x5555071642ed6b4bULL, 0x9cb5a462dfb2f42fULL, 0x10abd992f3807721ULL, 0xd9c5da9b5431c666ULL,
    0x7970347415da077cULL, 0x7493457238cd53d2ULL, 0xdde81dadffaa126fULL, 0xd47390f8a51a3b8bULL,
    0x2d7aa87f8c1f1d57ULL, 0xbe40dc4a1929ae41ULL, 0xbd656f924543d1bcULL, 0x59ea002e763c650fULL,
    0xe5d1733a9d8c43e6ULL, 0x43c6c4c023c2c6faULL, 0xc4e6d7b68973c8fcULL, 0xa8f6afa953f07cf4ULL,
    0x707c16cb7e21f67cULL, 0xbc7d121e2605bb1fULL, 0x995279cc1c5ba459ULL, 0x7feec73d2a942b90ULL,
    0x0cd68d0d6cd322d1ULL, 0xe4bdd789f045ce16ULL, 0xd7c3b92e234bfe1bULL, 0xcdf0ea8d37894e79ULL,
    0x047331c3644da416ULL, 0x65efd41d32663ad6ULL, 0x225ed7b403d39206ULL, 0x184d65cfe84584bcULL,
    0x09240d493c4b30ddULL, 0x6391764dd99f5d50ULL, 0xfb0aceb6d1436008ULL, 0xc4eaa114ddde8c97ULL,
    0xe7ebb231e563624aULL, 0xd52180af28734443ULL, 0x8141d9a6336b2133ULL, 0xc1291eba72ece29aULL,
    0x34e1436bd193c406ULL, 0x7411bf51a11a25e9ULL, 0xacd875d6ce6489d6ULL, 0x8ffaa7a3f56301bfULL,
    0x0264696cdb0e952fULL, 0x9ef3c7056872db0dULL, 0xb132aa7abe0ee2acULL, 0xe30b7db28ce975e6ULL,
    0xf67ac1e233999526ULL, 0x9bf235778ee9ce4aULL, 0x46a80ce9f8c855a7ULL, 0x8ce438180494039fULL,
    0xa7eb81873cf6d400ULL, 0xec90adceab0824d4ULL, 0xa2d986007a50b002ULL, 0xfbc7ff5a70c65aafULL,
    0x6e462242550bfb7cULL, 0x3af87811b2caa415ULL, 0x58de29dd46af3acbULL, 0xdaf1bc69a798b8d0ULL,
    0x7f08404b6ae25862ULL, 0x56cfcd7d8781283bULL, 0xfa60243b0d01d0e4ULL, 0x024027ce13fed8ffULL,
    0x9482c3b56f9dc307ULL, 0x353e0d4ab2edc7b1ULL, 0x563e61abd56744acULL, 0x485e4fadcd28d82dULL,
    0x29422403cd395c8fULL, 0x43cd0e45d5a88847ULL, 0xeda645ee7d91e2e2ULL, 0xece940b703f09eafULL,
    0x61a75e0c7afa6117ULL, 0xb9eabe494d5c8839ULL, 0x45ab1f995e57515fULL, 0xd59e39b174ac4629ULL,
    0xbf257fcea33b5c38ULL, 0xd21205b2556b9546ULL, 0x99b0c0a78ebb6408ULL, 0x99f292064ea8be7aULL,
    0xd82e29f2269d52c6ULL, 0x0b412676cb71d923ULL, 0x797e216e9054c392ULL, 0xcf1c4b3680339b43ULL,
    0x2b24d14bbd47d4dfULL, 0xcd6d3dfbf27853bfULL, 0x9cb89183d5fb2da6ULL, 0x16445c3b03a1c415ULL,
    0x650ceb3d0998226eULL, 0x441f40e2ba83c7a4ULL, 0x9c616ba2a274eeaeULL, 0xf4540c6ac1bab175ULL,
    0x4b56eeaf6f94b06eULL, 0x9cbc6e4f9eef2cf9ULL, 0x743fde90c11c907eULL, 0x9b2b6d766df248eaULL,
    0x3da17d532d879fe8ULL, 0xebe3269f1084cdeeULL, 0xfd82c4a5c0a5ea6dULL, 0x04f663d5703d967bULL,
    0xb52dbd1c63bbc2faULL, 0xcf3953aca346d380ULL, 0x61cca6e67a13711bULL, 0xf882125264b422dcULL,
    0x73f1778ea40cc3afULL, 0x82e5632780f2a877ULL, 0x64b4c10d19d22f07ULL, 0x6c8901d6c0c1bae1ULL,
    0x9c2b49da76b40d19ULL, 0x8b2d9b523114a27aULL, 0x525144c6cceb167cULL, 0xc2b24e26accd354eULL,
    0xce65e946373a116eULL, 0x806f4739b51cbfe5ULL, 0x249782e24b294340ULL, 0xadcbb3f654d54cd2ULL,
    0x0f6e2c8b78db1f04ULL, 0xaea12fe4a35592aaULL, 0xe9115ae58dac4a87ULL, 0xf1c288e39fbcd06aULL,
    0x3e522ebaa8cd511bULL, 0x84d27ceab8abe50fULL, 0x20b2cabf33609a7cULL, 0xdb25165838c85c26ULL,
    0x24c65379f3447328ULL, 0xc56036fb7485e418ULL, 0xdaf2094b3d660023ULL, 0xadc90de7ff00efa6ULL,
    0x14d819f054ad5435ULL, 0x2f6f6ceec30a73faULL, 0xa9cb6234fb9a600aULL, 0x0d98337e8abf648bULL,
    0x2e549d90d1436e6aULL, 0x9b2c9e78a865903dULL, 0x5363b074be0502aaULL, 0xbc0f7e541d22dabaULL,
    0xc5a8a139903a4f30ULL, 0xd0dd978d408df8eeULL, 0xd526212fa50528b7ULL, 0x3c78898a2ba5f7cdULL,
    0xf9fe116f22aee35aULL, 0xcb9dc35d4f567c86ULL, 0xbf3f14462878ce33ULL, 0x699f51c34f6f6d3dULL,
    0xc81f5232ea3623b8ULL, 0x6d9fb9e97b40e9b1ULL, 0xa73921f99b058e79ULL, 0x86c48e33e7fae72fULL,
    0x6bbf005667fec53eULL, 0xb0e7e05409323bd1ULL, 0x550a67dd797076feULL, 0x0f72a1b5afb91c5dULL,
    0x795f9d6695917a9cULL, 0x3c76a6f379152567ULL, 0xf304c8b2eb36bf30ULL, 0x73f0d2e6ec831a88ULL,
    0xce13591191e50f03ULL, 0xc5e61f4036e29df5ULL, 0x7f02f0b3e133c2c1ULL, 0xcf1d7ea2607cdca1ULL,
    0xca6ccf89b93b5920ULL, 0x3ea2d10003a62197ULL, 0xce5997ccbfd7446cULL, 0x76edd6c2772a0795ULL,
    0x368bf6c10a3dd499ULL, 0x05d030dc11061050ULL, 0x45bcd857e8dabd1fULL, 0xddcaf7e14e8b29beULL,
    0xf9148769d2ba2e08ULL, 0x682f4b7b777268ebULL, 0xe6abe59fa81bcf00ULL, 0xb925258f5b494dacULL,
    0x2ff6c05b3a1af622ULL, 0xe58be9a0c75633f6ULL, 0x294d2d51c2acd7eeULL, 0xa82e5857766d5be3ULL,
    0x3bc2537ffac78028ULL, 0x5b1d9357ca3466bcULL, 0xcc286a786dfd06bdULL, 0x079abab56ccf2ccbULL,
    0x72c7db35f9a44479ULL, 0x9e1ce83372f54a8cULL, 0xd4c9c6eb4a3efb3cULL, 0x2549b7b6f3aa6457ULL,
    0x438655d9172d5b9cULL, 0x70323622f99e2feaULL, 0x4e8dfea0c4f4c1aaULL, 0x02a80ca045af683dULL,
    0x940b7a5f42fefd42ULL, 0x3925303f86a4014bULL, 0x377e4465a8beeba1ULL, 0x97d2ab06ec29216aULL,
    0x683ad07eadf204c7ULL, 0x2435849d30462891ULL, 0x21d13f39e0f29aaeULL, 0x08519dcda741487cULL,
    0x8dd2497f4f751856ULL, 0xe901133b8e734e8cULL, 0xd6e760947d7423d3ULL, 0x3720269de5504529ULL,
    0x98f1131e3c2c3651ULL, 0x3fa2ee713bd74d7eULL, 0x684bd8e0e2db8729ULL, 0x7a5bd47ccc6c6615ULL,
    0x9e489abd05d50adaULL, 0xde08ebd637ec6c76ULL, 0x64b564ef9c2d3b60ULL, 0x01b734fda61d0e96ULL,
    0x13c361afe493117fULL, 0x80379373b6b74badULL, 0xa7522e92966a6cb8ULL, 0x97689df81cb72ea6ULL,
    0x0008b8b4930a6749ULL, 0x02426e1bf432224aULL, 0x011d3619fa2fc61dULL, 0x2f0c6c3fb17971e8ULL,
    0x6d2cce03857e7e9dULL, 0xd23554391b857dd4ULL, 0xf56c153a3f790239ULL, 0x0cd0561f20912ca7ULL,
    0x9820eeab59b105feULL, 0xd426c6e194e5d036ULL, 0xb62e4e90adedf9a7ULL, 0x13d4713b8470d8e4ULL,
    0x4352d57175d874a8ULL, 0xab201eba6dc03b05ULL, 0xc21139436aa733abULL, 0xc076664462a3acfdULL,
    0xda0b38a32c2b3a91ULL, 0xec505f4c7fc0a576ULL, 0x6985e8ddbcdf0e5dULL, 0x4e99e44b14de3859ULL,
    0x0d298ce61674584bULL, 0x42750b1ae443ac01ULL, 0xea6d0418f21c9919ULL, 0x36b590e43221eb0cULL,
    0x26285c3007d4ace3ULL, 0x4509c91b6e5e064bULL, 0x95c2e7e5bafbe2b1ULL, 0x12af20a813ed4febULL,
    0xb9bd4a975d4572e4ULL, 0xc5a515927dce2c22ULL, 0x257ccf89b8543f5bULL, 0x818421efa89dd0a9ULL,
    0x9cc59c5395b965b2ULL, 0xd977a2fed593c00fULL, 0x7f40524b303ed222ULL, 0x32ba01527ddda802ULL,
    0x46b0d7e60f27b375ULL, 0x602052f8ddf1d41fULL, 0xbf2c620877f3d925ULL, 0x69d6df187c57ddd5ULL,
    0x5d3f3219ce7b17c8ULL, 0xe8cc0a4355c26c03ULL, 0xa55d8927a10f5ccfULL, 0x6e63438ca78efb64ULL,
    0xa06f9fd3c9522760ULL, 0x4437618388066b4bULL, 0x49ca99b8204e19a7ULL, 0xdaa6f6be155fbeebULL,
    0x269df210f16f54d1ULL, 0x95ef29d60df84192ULL, 0x9093f30dfcef7c03ULL, 0x8839821c9d55ccd4ULL,
    0xb3eedb5c0438d6d1ULL, 0x9ef81fdddd893a02ULL, 0x0d58ebd3013567ebULL, 0x063f6675597523d7ULL,
    0x7c4856de70dbfeefULL, 0xc2efe5d556071536ULL, 0x2ff12023a17ec80bULL, 0x9bd45254b10c2b50ULL,
    0x6dfc8bc1a2745e15ULL, 0x0a7696870254703aULL, 0x8e324a81d10d3e96ULL, 0x873f46b331bbc64eULL,
    0x7068b4c12212822fULL, 0xf98b54ea50e5fab1ULL, 0x306a8ff9fa11624dULL, 0xc6ce2ee8625836bfULL,
    0x8d631a0d547673d1ULL, 0x38584cb5b4fd6d95ULL, 0x8757c39a3c07b72eULL, 0x3424dadafe1f0689ULL,
};

std::uint64_t Draw(const Case& c) {
  const auto frame = smooth_test::FramePixels(c);
  Image target(smooth_test::kFrameSize, smooth_test::kFrameSize, PixelFormat::kRgb32);
  std::memcpy(target.data(), frame.data(), frame.size() * sizeof(std::uint32_t));
  Painter painter(target, /*smooth=*/true);
  painter.SetOpacity(c.opacity);
  if (c.op == smooth_test::Op::kRotatedImage) {
    painter.Translate(c.tx, c.ty);
    painter.Rotate(c.degrees);
  }
  const RectF rect{c.x, c.y, c.w, c.h};
  if (c.op == smooth_test::Op::kFillRect) {
    painter.FillRect(rect, c.rgb);
  } else if (c.op == smooth_test::Op::kEllipse) {
    const std::uint32_t color = painter.Premultiplied(c.argb);
    if (c.whole_pixels) {
      painter.DrawEllipse(static_cast<int>(c.x), static_cast<int>(c.y), static_cast<int>(c.w),
                          static_cast<int>(c.h), &color, nullptr);
    } else {
      painter.DrawEllipse(rect, &color, &color);
    }
  } else if (c.op == smooth_test::Op::kLine) {
    painter.DrawLine(c.x1, c.y1, c.x2, c.y2, painter.Premultiplied(c.argb), c.pen_width);
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
