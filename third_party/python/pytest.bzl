"""py_pytest: a py_test that runs one pytest file with the local interpreter."""

def py_pytest(name, src, deps = [], data = [], size = "medium", **kwargs):
    """`src` must end with `raise SystemExit(pytest.main([__file__]))` under __main__."""
    native.py_test(
        name = name,
        srcs = [src],
        main = src,
        deps = deps,
        data = data,
        size = size,
        python_version = "PY3",
        srcs_version = "PY3",
        **kwargs
    )
