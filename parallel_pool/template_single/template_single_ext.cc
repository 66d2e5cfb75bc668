// The Python module of the template_single family: one BindEnv per env class.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/template_single/template_single_env.h"

// The module's name must be the family's name + "_ext", the file's stem: the
// family's __init__.py imports parallel_pool.template_single.template_single_ext.
PYBIND11_MODULE(template_single_ext, m) {
  parallel_pool::InitNumpy();
  // Binds _TemplateSingleEnvSpec and _TemplateSingleEnvPool.
  parallel_pool::BindEnv<parallel_pool::template_single::TemplateSingleEnvPool>(m,
                                                                                "TemplateSingle");
}
