// The Python module of the template family: one BindEnv per env class.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/template/template_env.h"

PYBIND11_MODULE(template_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::template_env::TemplateEnvPool>(m, "Template");
}
