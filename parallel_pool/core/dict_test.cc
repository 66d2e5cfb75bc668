#include "parallel_pool/core/dict.h"

#include <gtest/gtest.h>

#include "parallel_pool/core/spec.h"

namespace parallel_pool {
namespace {

TEST(DictTest, LookupByKeyKeepsEachType) {
  auto d = MakeDict("steps"_.Bind(500), "gravity"_.Bind(9.8), "task"_.Bind("pong"));
  EXPECT_EQ(d["steps"_], 500);
  EXPECT_DOUBLE_EQ(d["gravity"_], 9.8);
  static_assert(std::is_same_v<std::decay_t<decltype(d["task"_])>, std::string>);
  EXPECT_EQ(d["task"_], "pong");
  d["steps"_] = 7;
  EXPECT_EQ(d["steps"_], 7);
}

TEST(DictTest, KeysInDeclarationOrder) {
  auto d = MakeDict("b"_.Bind(1), "a"_.Bind(2));
  EXPECT_EQ(decltype(d)::Keys(), (std::vector<std::string>{"b", "a"}));
  EXPECT_TRUE(decltype(d)::Contains("a"_));
  EXPECT_FALSE(decltype(d)::Contains("c"_));
}

TEST(DictTest, ConcatAndRebuildFromValues) {
  auto a = MakeDict("x"_.Bind(1));
  auto b = MakeDict("y"_.Bind(2.5F));
  auto c = ConcatDict(a, b);
  EXPECT_EQ(c["x"_], 1);
  EXPECT_FLOAT_EQ(c["y"_], 2.5F);
  decltype(c) rebuilt(std::make_tuple(3, 4.5F));
  EXPECT_EQ(rebuilt["x"_], 3);
  EXPECT_FLOAT_EQ(rebuilt["y"_], 4.5F);
}

TEST(DictTest, ForEachVisitsEveryField) {
  auto d = MakeDict("a"_.Bind(Spec<int>({2})), "b"_.Bind(Spec<float>({-1, 3})));
  std::vector<std::string> seen;
  d.ForEach([&](std::string_view key, const auto& spec) {
    seen.emplace_back(key);
    EXPECT_FALSE(spec.value_shape().empty());
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b"}));
}

TEST(DictTest, ArrayDictSharesKeysWithItsSpec) {
  using Specs = decltype(MakeDict("obs"_.Bind(Spec<int>({2})), "reward"_.Bind(Spec<double>({}))));
  ArrayDict<Specs> arrays;
  arrays.at(1) = Array(DType::kFloat64, Shape{1});
  arrays["reward"_] = 2.0;
  EXPECT_EQ(arrays.at(1).Get<double>(), 2.0);
}

TEST(SpecTest, PerPlayerAndBounds) {
  Spec<int> discrete({-1}, {0, 5});
  EXPECT_TRUE(discrete.per_player());
  EXPECT_TRUE(discrete.value_shape().empty());
  EXPECT_EQ(discrete.high, 5);
  Spec<float> box({3}, std::vector<float>{-1, -2, -3}, std::vector<float>{1, 2, 3});
  EXPECT_FALSE(box.per_player());
  EXPECT_EQ(box.array_spec().shape, (std::vector<std::size_t>{3}));
  EXPECT_THROW(Spec<float>({2}, std::vector<float>{0}, std::vector<float>{1, 2}),
               std::invalid_argument);
}

}  // namespace
}  // namespace parallel_pool
