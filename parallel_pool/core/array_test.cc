#include "parallel_pool/core/array.h"

#include <gtest/gtest.h>

namespace parallel_pool {
namespace {

TEST(ArrayTest, ShapeSizeAndZeroInit) {
  Array a(DType::kFloat32, Shape{4, 3});
  EXPECT_EQ(a.size(), 12U);
  EXPECT_EQ(a.nbytes(), 48U);
  EXPECT_EQ(a.row_bytes(), 12U);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a.Data<float>()[i], 0.0F);
}

TEST(ArrayTest, RowsAndSlicesShareMemory) {
  Array a(DType::kInt32, Shape{4, 2});
  Array row = a[2];
  EXPECT_EQ(row.shape(), (Shape{2}));
  row.Data<int>()[1] = 7;
  EXPECT_EQ(a.Data<int>()[5], 7);
  Array slice = a.Slice(1, 3);
  EXPECT_EQ(slice.shape(), (Shape{2, 2}));
  EXPECT_EQ(slice.Data<int>()[3], 7);
  EXPECT_EQ(a.Truncate(1).shape()[0], 1U);
  EXPECT_EQ(row.owner(), a.owner());
  EXPECT_EQ(a.BorrowRow(2).owner(), nullptr);
  EXPECT_EQ(a.BorrowRow(2).Data<int>()[1], 7);
}

TEST(ArrayTest, OutOfRangeRowThrows) {
  Array a(DType::kInt32, Shape{2});
  EXPECT_THROW(a[2], std::out_of_range);
  EXPECT_THROW(a.Slice(0, 3), std::out_of_range);
}

TEST(ArrayTest, WrongTypedAccessThrows) {
  Array a(DType::kFloat64, Shape{1});
  EXPECT_THROW(a.Data<float>(), std::invalid_argument);
  EXPECT_NO_THROW(a.Data<double>());
}

TEST(ArrayTest, FillGetSetConvert) {
  Array a(DType::kUInt8, Shape{3});
  a = 5;
  EXPECT_EQ(a.Get<int>(2), 5);
  a.Set(1, 200.7);  // converted like a static_cast
  EXPECT_EQ(a.Get<int>(1), 200);
  const double src[4] = {1.0, 2.0, 3.0, 4.0};
  a.Assign(src, 3);
  EXPECT_EQ(a.Get<int>(0), 1);
  EXPECT_EQ(a.Get<int>(2), 3);
  EXPECT_THROW(a.Assign(src, 4), std::out_of_range);  // one more than a holds
}

TEST(ArrayTest, AssignArrayChecksSize) {
  Array a(DType::kInt32, Shape{2});
  Array b(DType::kInt32, Shape{2});
  b.Data<int>()[1] = 9;
  a.Assign(b);
  EXPECT_EQ(a.Data<int>()[1], 9);
  Array c(DType::kInt32, Shape{3});
  EXPECT_THROW(a.Assign(c), std::invalid_argument);
}

TEST(ArrayTest, RepointMovesAViewAndOnlyAView) {
  Array a(DType::kInt32, Shape{4, 2});
  a.Data<int>()[6] = 5;
  Array view(nullptr, nullptr, DType::kInt32, Shape{1, 2});
  view.Repoint(a.raw() + 2 * a.row_bytes(), 2);
  EXPECT_EQ(view.shape(), (Shape{2, 2}));
  EXPECT_EQ(view.Data<int>()[2], 5);
  view.Repoint(a.raw() + 3 * a.row_bytes());
  EXPECT_EQ(view.shape(), (Shape{2, 2}));
  EXPECT_EQ(view.Data<int>()[0], 5);
  EXPECT_THROW(a.Repoint(a.raw()), std::logic_error);
  Array scalar(nullptr, nullptr, DType::kInt32, Shape{});
  EXPECT_THROW(scalar.Repoint(a.raw(), 2), std::logic_error);
}

}  // namespace
}  // namespace parallel_pool
