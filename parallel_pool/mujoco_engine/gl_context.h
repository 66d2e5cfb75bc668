// GlContext: a headless OpenGL context on the calling thread, through EGL
// (Debian's libEGL with Mesa: llvmpipe on a CPU, the GPU's driver where
// there is one), for MuJoCo's offscreen renderer.
//
// libEGL is loaded when the first context is made, not linked: a pool that
// never renders neither loads nor needs it, and the wheel depends on no GL
// library. It is loaded RTLD_GLOBAL because libmujoco finds its OpenGL
// functions through eglGetProcAddress, which it looks up in the process's
// global symbols (as it does when Python's mujoco.egl loaded libEGL).
//
// The display and config are what mujoco.egl and dm_control's EGL renderer
// choose: the first EGL device that initializes (MUJOCO_EGL_DEVICE_ID picks
// one), RGBA8 with 24-bit depth and 8-bit stencil, desktop OpenGL, no
// surface (MuJoCo renders into its own framebuffer objects).
#ifndef PARALLEL_POOL_MUJOCO_ENGINE_GL_CONTEXT_H_
#define PARALLEL_POOL_MUJOCO_ENGINE_GL_CONTEXT_H_

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>

namespace parallel_pool::mujoco_engine {

// The process's libEGL and display, set up once.
class Egl {
 public:
  // Throws std::runtime_error saying what is missing.
  static Egl& Get() {
    static Egl* egl = nullptr;
    static std::string error;
    static std::once_flag once;
    std::call_once(once, [] {
      try {
        egl = new Egl();  // lives as long as the process, as libEGL does
      } catch (const std::exception& e) {
        error = e.what();
      }
    });
    if (egl == nullptr) throw std::runtime_error(error);
    return *egl;
  }

  // A new context on the calling thread, current there. Another library in
  // the process may have called eglTerminate on our display: SDL's offscreen
  // video driver (pygame's display without X, as under gymnasium's
  // HumanRendering) takes the same device's display, which EGL gives once
  // per process, and terminates it when the window closes. Its configs went
  // with it, so the display is initialized and the config chosen again.
  EGLContext CreateContext() {
    std::lock_guard<std::mutex> lock(mu_);
    if (!bind_api(EGL_OPENGL_API)) throw std::runtime_error("render: EGL cannot bind OpenGL");
    EGLContext context = create_context(display, config_, EGL_NO_CONTEXT, nullptr);
    EGLint error = context == EGL_NO_CONTEXT ? get_error() : EGL_SUCCESS;
    if (error == EGL_NOT_INITIALIZED) {
      Reinitialize();
      context = create_context(display, config_, EGL_NO_CONTEXT, nullptr);
      error = context == EGL_NO_CONTEXT ? get_error() : EGL_SUCCESS;
    }
    if (context == EGL_NO_CONTEXT) {
      throw std::runtime_error("render: eglCreateContext failed (EGL error " +
                               std::to_string(error) + ")");
    }
    return context;
  }

  EGLDisplay display = EGL_NO_DISPLAY;
  PFNEGLBINDAPIPROC bind_api = nullptr;
  PFNEGLCREATECONTEXTPROC create_context = nullptr;
  PFNEGLDESTROYCONTEXTPROC destroy_context = nullptr;
  PFNEGLMAKECURRENTPROC make_current = nullptr;
  PFNEGLRELEASETHREADPROC release_thread = nullptr;
  PFNEGLGETERRORPROC get_error = nullptr;

 private:
  Egl() {
    // Mesa's llvmpipe (the CPU renderer) rasterizes on threads of its own,
    // shared by every context of the process, and then hands each frame back
    // to the thread that drew it through a fence. ThreadSanitizer shows our
    // worker, in Mesa, destroying a fence's mutex and condition variable with
    // nothing ordering it after an "llvmpipe-0" thread's use of them (Mesa
    // 22.3, Debian 12): a race inside Mesa, and a rare SIGSEGV of pixel pools
    // (docs/reliability.md). With LP_NUM_THREADS=0 llvmpipe draws on the
    // calling thread, with no fence between threads: no race, at the same
    // speed (the pool's workers already keep every core busy). Read once,
    // when EGL starts; a value the user set is kept.
    setenv("LP_NUM_THREADS", "0", /*overwrite=*/0);
    void* lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_GLOBAL);
    if (lib == nullptr) {
      throw std::runtime_error(
          std::string("render: cannot load libEGL.so.1 (") + dlerror() +
          "); rendering MuJoCo needs EGL: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri");
    }
    auto symbol = [lib](const char* name) {
      void* f = dlsym(lib, name);
      if (f == nullptr) throw std::runtime_error(std::string("render: libEGL has no ") + name);
      return f;
    };
    auto get_proc = reinterpret_cast<PFNEGLGETPROCADDRESSPROC>(symbol("eglGetProcAddress"));
    initialize_ = reinterpret_cast<PFNEGLINITIALIZEPROC>(symbol("eglInitialize"));
    choose_config_ = reinterpret_cast<PFNEGLCHOOSECONFIGPROC>(symbol("eglChooseConfig"));
    bind_api = reinterpret_cast<PFNEGLBINDAPIPROC>(symbol("eglBindAPI"));
    create_context = reinterpret_cast<PFNEGLCREATECONTEXTPROC>(symbol("eglCreateContext"));
    destroy_context = reinterpret_cast<PFNEGLDESTROYCONTEXTPROC>(symbol("eglDestroyContext"));
    make_current = reinterpret_cast<PFNEGLMAKECURRENTPROC>(symbol("eglMakeCurrent"));
    release_thread = reinterpret_cast<PFNEGLRELEASETHREADPROC>(symbol("eglReleaseThread"));
    get_error = reinterpret_cast<PFNEGLGETERRORPROC>(symbol("eglGetError"));
    auto query_devices =
        reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(get_proc("eglQueryDevicesEXT"));
    auto platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(get_proc("eglGetPlatformDisplayEXT"));
    if (query_devices == nullptr || platform_display == nullptr) {
      throw std::runtime_error("render: this EGL cannot render headless (no EGL_EXT_device_base)");
    }
    constexpr int kMaxDevices = 32;
    EGLDeviceEXT devices[kMaxDevices];
    EGLint num_devices = 0;
    if (!query_devices(kMaxDevices, devices, &num_devices) || num_devices < 1) {
      throw std::runtime_error("render: EGL finds no device to render on");
    }
    int first = 0;
    int last = num_devices - 1;
    if (const char* chosen = std::getenv("MUJOCO_EGL_DEVICE_ID"); chosen != nullptr) {
      first = last = std::atoi(chosen);
      if (first < 0 || first >= num_devices) {
        throw std::runtime_error("render: MUJOCO_EGL_DEVICE_ID must be in [0, " +
                                 std::to_string(num_devices - 1) + "], got " + chosen);
      }
    }
    for (int i = first; i <= last && display == EGL_NO_DISPLAY; ++i) {
      EGLDisplay candidate = platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
      if (candidate != EGL_NO_DISPLAY && get_error() == EGL_SUCCESS &&
          initialize_(candidate, nullptr, nullptr) == EGL_TRUE && get_error() == EGL_SUCCESS) {
        display = candidate;
      }
    }
    if (display == EGL_NO_DISPLAY) throw std::runtime_error("render: no EGL device initializes");
    ChooseConfig();
  }

  // eglInitialize again (see CreateContext), then the config anew.
  void Reinitialize() {
    if (initialize_(display, nullptr, nullptr) != EGL_TRUE) {
      throw std::runtime_error(
          "render: the EGL display was terminated and does not initialize "
          "again (EGL error " +
          std::to_string(get_error()) + ")");
    }
    ChooseConfig();
  }

  void ChooseConfig() {
    const EGLint attributes[] = {EGL_RED_SIZE,
                                 8,
                                 EGL_GREEN_SIZE,
                                 8,
                                 EGL_BLUE_SIZE,
                                 8,
                                 EGL_ALPHA_SIZE,
                                 8,
                                 EGL_DEPTH_SIZE,
                                 24,
                                 EGL_STENCIL_SIZE,
                                 8,
                                 EGL_COLOR_BUFFER_TYPE,
                                 EGL_RGB_BUFFER,
                                 EGL_SURFACE_TYPE,
                                 EGL_PBUFFER_BIT,
                                 EGL_RENDERABLE_TYPE,
                                 EGL_OPENGL_BIT,
                                 EGL_NONE};
    EGLint num_configs = 0;
    if (!choose_config_(display, attributes, &config_, 1, &num_configs) || num_configs < 1) {
      throw std::runtime_error("render: EGL has no RGBA8 / depth 24 / stencil 8 OpenGL config");
    }
  }

  PFNEGLINITIALIZEPROC initialize_ = nullptr;
  PFNEGLCHOOSECONFIGPROC choose_config_ = nullptr;
  std::mutex mu_;  // guards config_ and the re-initialization
  EGLConfig config_ = nullptr;
};

// An OpenGL context, current on the thread that made it until destroyed
// there.
class GlContext {
 public:
  // The bound client API is the thread's own (CreateContext binds OpenGL,
  // not the default ES, on this thread).
  GlContext() : egl_(Egl::Get()), context_(egl_.CreateContext()) { MakeCurrent(); }
  ~GlContext() {
    egl_.make_current(egl_.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    egl_.destroy_context(egl_.display, context_);
    egl_.release_thread();
  }
  GlContext(const GlContext&) = delete;
  GlContext& operator=(const GlContext&) = delete;

  void MakeCurrent() const {
    if (!egl_.make_current(egl_.display, EGL_NO_SURFACE, EGL_NO_SURFACE, context_)) {
      throw std::runtime_error("render: eglMakeCurrent failed (EGL error " +
                               std::to_string(egl_.get_error()) + ")");
    }
  }

 private:
  Egl& egl_;
  EGLContext context_ = EGL_NO_CONTEXT;
};

}  // namespace parallel_pool::mujoco_engine

#endif  // PARALLEL_POOL_MUJOCO_ENGINE_GL_CONTEXT_H_
