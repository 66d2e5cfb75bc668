// The pool's action rows: one array per action field, a row per env (or
// max_num_players rows per env for per-player fields), from which each env
// reads its action. A Send copies the caller's batch into them. It runs on
// every send, so nothing here allocates after construction.
#ifndef PARALLEL_POOL_CORE_ACTION_ROWS_H_
#define PARALLEL_POOL_CORE_ACTION_ROWS_H_

#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/action_check.h"
#include "parallel_pool/core/array.h"

namespace parallel_pool {

// The actions of one send: one array per action field, rows in env_ids
// order (per-player fields: rows in players_env_id order).
struct ActionBatch {
  std::vector<Array> fields;
  std::vector<int> env_ids;
  // Per-player fields: the env each row belongs to. Empty for single-player
  // envs, where row i belongs to env_ids[i].
  std::vector<int> players_env_id;
};

class ActionRows {
 public:
  ActionRows(std::vector<ArraySpec> specs, int num_envs, int max_players)
      : specs_(std::move(specs)),
        num_envs_(num_envs),
        max_players_(max_players),
        players_(num_envs, 0),
        next_row_(num_envs, 0) {
    for (const ArraySpec& a : specs_) {
      std::vector<std::size_t> dims{static_cast<std::size_t>(num_envs) *
                                    (a.per_player ? max_players : 1)};
      dims.insert(dims.end(), a.shape.begin(), a.shape.end());
      buffers_.emplace_back(a.dtype, Shape(dims));
    }
  }

  const std::vector<Array>& buffers() const { return buffers_; }
  const std::vector<ArraySpec>& specs() const { return specs_; }
  // How many player rows env `env_id` was sent in the last Copy.
  int players(int env_id) const { return players_[env_id]; }

  // Copies `batch` into the rows of `ids`, the envs of this send; sent(id)
  // says whether env `id` is one of them. Throws std::invalid_argument for a
  // player row of an env not sent, too many player rows, or a field of the
  // wrong dtype or shape.
  template <typename Sent>
  void Copy(const ActionBatch& batch, const std::vector<int>& ids, Sent&& sent) {
    CheckActionFieldCount(buffers_.size(), batch.fields.size());
    const bool multi = !batch.players_env_id.empty();
    const std::size_t player_rows = multi ? batch.players_env_id.size() : ids.size();
    CountPlayers(batch, ids, sent);
    for (std::size_t f = 0; f < batch.fields.size(); ++f) {
      const Array& src = batch.fields[f];
      const Array& dst = buffers_[f];
      const ArraySpec& spec = specs_[f];
      const std::size_t rows = spec.per_player ? player_rows : ids.size();
      if (src.dtype() != spec.dtype || src.shape().empty() || src.shape()[0] != rows ||
          src.row_bytes() != dst.row_bytes()) {
        throw std::invalid_argument("action: field " + std::to_string(f) +
                                    " has the wrong dtype or shape");
      }
      const std::size_t row_bytes = src.row_bytes();
      if (spec.per_player) {
        for (int id : ids) next_row_[id] = 0;
      }
      for (std::size_t r = 0; r < rows; ++r) {
        const int env = spec.per_player && multi ? batch.players_env_id[r] : ids[r];
        const std::size_t dst_row =
            spec.per_player ? static_cast<std::size_t>(env) * max_players_ + next_row_[env]++
                            : static_cast<std::size_t>(env);
        std::memcpy(dst.raw() + dst_row * row_bytes, src.raw() + r * row_bytes, row_bytes);
      }
    }
  }

 private:
  template <typename Sent>
  void CountPlayers(const ActionBatch& batch, const std::vector<int>& ids, Sent&& sent) {
    const bool multi = !batch.players_env_id.empty();
    for (int id : ids) players_[id] = multi ? 0 : 1;
    if (!multi) return;
    for (int id : batch.players_env_id) {
      if (id < 0 || id >= num_envs_ || !sent(id)) {
        throw std::invalid_argument("players.env_id: " + std::to_string(id) +
                                    " is not one of the env_ids sent");
      }
      if (++players_[id] > max_players_) {
        throw std::invalid_argument("players.env_id: env " + std::to_string(id) +
                                    " has more than max_num_players rows");
      }
    }
  }

  const std::vector<ArraySpec> specs_;
  const int num_envs_;
  const int max_players_;
  std::vector<Array> buffers_;
  std::vector<int> players_;   // this send's player rows per env
  std::vector<int> next_row_;  // the next player row per env, while copying a field
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ACTION_ROWS_H_
