"""env_family: the Bazel targets every env family has, declared once."""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//third_party/python:pybind_extension.bzl", "pybind_extension")
load("//third_party/python:pytest.bzl", "py_pytest")

def env_family(name, hdrs, deps = [], copts = [], linkopts = [], data = [], tests = [], test_size = "medium"):
    """Declares the family `name` in its own package.

    Targets:
      <name>_env        cc_library of the env headers
      <name>_ext.so     the Python module, from <name>_ext.cc
      <name>            py_library: __init__.py and the module
      registration      py_library: registration.py
      <test>            one py_pytest per name in `tests` (<test>.py)

    Args:
      name: the family (its package directory's name).
      hdrs: the env headers.
      deps: extra C++ deps of the envs (third-party libraries).
      copts: extra compiler flags for the module (it compiles the headers).
      linkopts: extra linker flags for the module.
      data: run-time files the family needs.
      tests: pytest files (without .py), each run against the whole package.
      test_size: Bazel size of those tests.
    """
    cc_library(
        name = name + "_env",
        hdrs = hdrs,
        deps = ["//parallel_pool/core"] + deps,
    )
    pybind_extension(
        name = name + "_ext",
        srcs = [name + "_ext.cc"],
        copts = copts,
        linkopts = linkopts,
        deps = [
            ":" + name + "_env",
            "//parallel_pool/core:py_env_pool",
        ],
    )
    native.py_library(
        name = name,
        srcs = ["__init__.py"],
        data = [":" + name + "_ext.so"] + data,
        deps = ["//parallel_pool/python"],
    )
    native.py_library(
        name = "registration",
        srcs = ["registration.py"],
        deps = ["//parallel_pool:registration"],
    )
    for test in tests:
        py_pytest(
            name = test,
            src = test + ".py",
            size = test_size,
            deps = ["//parallel_pool"],
        )
