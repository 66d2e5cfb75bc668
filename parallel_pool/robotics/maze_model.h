// The MuJoCo model of an agent in a maze, as gymnasium-robotics builds it
// (Maze.make_maze): the agent's model file with, appended to its worldbody,
// one box geom per wall cell (row-major, named block_<i>_<j>) and then the
// goal marker, a site named "target". The reference writes that XML to a
// temporary file; here it is compiled from memory (a MuJoCo VFS), once per
// process for each (agent file, map, scaling, height), and shared.
#ifndef PARALLEL_POOL_ROBOTICS_MAZE_MODEL_H_
#define PARALLEL_POOL_ROBOTICS_MAZE_MODEL_H_

#include <mujoco/mujoco.h>

#include <charconv>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>

#include "parallel_pool/mujoco_engine/mujoco_model.h"
#include "parallel_pool/robotics/maze_map.h"

namespace parallel_pool::robotics {

// A double as Python's repr (f-strings) prints it: the shortest text that
// reads back as the same double, so MuJoCo parses the very values the
// reference's XML holds.
inline std::string Repr(double x) {
  char text[32];
  auto result = std::to_chars(text, text + sizeof(text), x);
  return std::string(text, result.ptr);
}

// What a maze adds to the agent's worldbody.
inline std::string MazeElements(const MazeMap& maze, double height) {
  const double s = maze.scaling();
  const std::string half_height = Repr(height / 2 * s);
  const std::string half_side = Repr(0.5 * s);
  std::ostringstream out;
  for (int i = 0; i < maze.length(); ++i) {
    for (int j = 0; j < maze.width(); ++j) {
      if (maze.cell(i, j) != '1') continue;
      const Xy xy = maze.CellXy(i, j);
      out << "<geom name=\"block_" << i << "_" << j << "\" pos=\"" << Repr(xy[0]) << " "
          << Repr(xy[1]) << " " << half_height << "\" size=\"" << half_side << " " << half_side
          << " " << half_height
          << "\" type=\"box\" material=\"\" contype=\"1\" conaffinity=\"1\" "
             "rgba=\"0.7 0.5 0.3 1.0\" />\n";
    }
  }
  out << "<site name=\"target\" pos=\"0 0 " << half_height << "\" size=\"" << Repr(0.2 * s)
      << "\" rgba=\"1 0 0 0.7\" type=\"sphere\" />\n";
  return out.str();
}

// The agent's XML (the file at agent_path) with the maze in its worldbody.
inline std::string MazeXml(const std::string& agent_path, const MazeMap& maze, double height) {
  std::ifstream file(agent_path);
  if (!file) throw std::invalid_argument("xml_file: cannot read " + agent_path);
  std::stringstream text;
  text << file.rdbuf();
  std::string xml = text.str();
  const std::size_t end = xml.rfind("</worldbody>");
  if (end == std::string::npos) {
    throw std::invalid_argument("xml_file: " + agent_path + " has no <worldbody>");
  }
  return xml.insert(end, MazeElements(maze, height));
}

// The compiled model of MazeXml(...), shared by every env that asks for it.
inline mujoco_engine::ModelPtr LoadMazeModel(const std::string& agent_path, const MazeMap& maze,
                                             double height) {
  static std::mutex mu;
  static std::map<std::string, mujoco_engine::ModelPtr> cache;
  const std::string xml = MazeXml(agent_path, maze, height);
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(xml);
  if (it != cache.end()) return it->second;
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  const char* name = "maze.xml";
  mj_addBufferVFS(&vfs, name, xml.data(), static_cast<int>(xml.size()));
  char message[1024] = "";
  mjModel* model = mj_loadXML(name, &vfs, message, sizeof(message));
  mj_deleteVFS(&vfs);
  if (model == nullptr) {
    throw std::invalid_argument("maze_map: MuJoCo cannot compile the maze on " + agent_path + ": " +
                                message);
  }
  mujoco_engine::ModelPtr shared(model,
                                 [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
  cache.emplace(xml, shared);
  return shared;
}

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_MAZE_MODEL_H_
