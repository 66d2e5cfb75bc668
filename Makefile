# parallel_pool: every entry point. `make test` and `make bench` install what
# they need first (tools/setup.sh), so each works on a fresh Debian machine.
SHELL := /bin/bash
CACHE_DIR ?= $(HOME)/.cache/parallel_pool
VENV ?= $(CACHE_DIR)/venv
PY := $(VENV)/bin/python
# The venv's CPython version ("3.11"), read in a recipe (the venv may not exist
# before set-up).
PY_VERSION = $$($(PY) -c 'import sys; print("%d.%d" % sys.version_info[:2])')
# Bazel finds the interpreter (headers, numpy, pybind11, py_test runtime)
# through PYTHON_BIN_PATH; see third_party/python/python_configure.bzl.
BAZEL := PYTHON_BIN_PATH=$(PY) bazel
# The platform tag `make wheel` asks auditwheel for (glibc 2.28: zig's target).
WHEEL_PLAT := manylinux_2_28_x86_64
# The packages with a <package>_ext module (test-only modules are named otherwise).
EXTENSIONS := $(shell find parallel_pool -name BUILD -exec grep -lE 'name = "[a-z_]+_ext"|env_family' {} + | xargs -n1 dirname)

.PHONY: setup build develop docs test test-long sanitize bench wheel wheel-test pgo-profile lint clean test-family new-family scaffold-check fuzz-long soak sanitize-families fresh-debian-test

setup:
	@VENV=$(VENV) tools/setup.sh

# BUILD_CONFIG picks the C++ build: empty for the contributors' default (Debian's
# gcc), `manylinux` for the one the wheel ships (zig's clang and libc++, .bazelrc),
# which `make test` tests.
BUILD_CONFIG ?=
BUILD_FLAGS := $(if $(BUILD_CONFIG),--config=$(BUILD_CONFIG))
BUILD_BIN := $(if $(BUILD_CONFIG),bazel-$(BUILD_CONFIG)-bin,bazel-bin)
# The build the wheel ships, which `make test` tests.
SHIPPED := manylinux

build: setup
	$(BAZEL) build $(BUILD_FLAGS) //...

# Links the built extensions into the source tree, so `import parallel_pool`
# works from the repository root (examples, benchmark, quick experiments).
develop: build
	@for d in $(EXTENSIONS); do ln -sf "$$PWD/$(BUILD_BIN)/$$d/$$(basename $$d)_ext.so" "$$d/"; done

# The documentation site in docs/_build/html (open index.html), built offline with
# warnings as errors: docs/*.md (myst-parser), the API reference from the docstrings
# of the source tree's package (hence develop), and one page per env family that
# docs/env_pages.py writes from the registry at every build (docs/conf.py).
docs: develop
	$(PY) -m sphinx -W --keep-going -b html docs docs/_build/html
	@echo "docs: open docs/_build/html/index.html"

# Lint first (a check CI does not run is not a habit), then every C++ and
# Python test under Bazel on the build the wheel ships (SHIPPED: zig's clang,
# libc++), then the core's tests under gcc's sanitizers, then the wheel of the
# venv's CPython (packed from that same build, so nothing compiles again)
# installed and tested, then the docs site (sphinx -W); the Bazel server is shut
# down whatever happened, so nothing outlives the run. The wheels of the other
# CPythons are `make wheel-test`'s (about 30 minutes more, cold). Test results
# are never taken from the cache: Bazel cannot see the venv's packages
# (gymnasium, ale_py, mujoco), so a cached pass could be stale.
test: setup lint
	@status=0; \
	$(BAZEL) test --config=$(SHIPPED) --nocache_test_results //... || status=$$?; \
	if [ $$status -eq 0 ]; then $(MAKE) --no-print-directory sanitize || status=$$?; fi; \
	if [ $$status -eq 0 ]; then $(MAKE) --no-print-directory wheel-test WHEEL_PYTHONS=$(PY_VERSION) || status=$$?; fi; \
	if [ $$status -eq 0 ]; then $(MAKE) --no-print-directory docs BUILD_CONFIG=$(SHIPPED) || status=$$?; fi; \
	$(BAZEL) shutdown; \
	exit $$status

# The long twins of the slow reference tests (family_test's long_twin: tagged
# manual and long, so `//...` and `make test` leave them out): every seed of
# every id, where `make test` runs each id on one of the seeds in turn
# (parallel_pool/python/testing/depth.py). On the build the wheel ships.
test-long: setup
	@targets=$$($(BAZEL) query --noshow_progress 'attr(tags, "\blong\b", //...)') || exit 1; \
	[ -n "$$targets" ] || { echo "test-long: no target is tagged long" >&2; exit 1; }; \
	status=0; $(BAZEL) test --config=$(SHIPPED) --nocache_test_results $$targets || status=$$?; \
	$(BAZEL) shutdown; \
	exit $$status

# One family's tests (its module built, its pytest files run), e.g.
# `make test-family FAMILY=toy_text`: the same as
# `bazel test //parallel_pool/toy_text/...`. Always executed, as in `make test`.
test-family: setup
	@[ -n "$(FAMILY)" ] && [ -d "parallel_pool/$(FAMILY)" ] || \
	  { echo "usage: make test-family FAMILY=<a folder of parallel_pool/, e.g. toy_text>"; exit 2; }
	$(BAZEL) test $(BUILD_FLAGS) --nocache_test_results //parallel_pool/$(FAMILY)/...

# A new env family, copied from a template and renamed (docs/new_env.md):
# `make new-family NAME=corridor`, or `MULTI_PLAYER=1` for the template
# whose players each have their own actions and rewards.
new-family: setup
	@[ -n "$(NAME)" ] || { echo "usage: make new-family NAME=<snake_case name> [MULTI_PLAYER=1]"; exit 2; }
	$(PY) tools/new_family.py $(NAME) $(if $(MULTI_PLAYER),--multi-player)

# The contributor path end to end, in a scratch copy of the tree: scaffold
# a family of each kind, build and test them with plain `bazel test`, and
# check that nothing outside their folders changed (about a minute).
scaffold-check: setup
	@VENV=$(VENV) tools/scaffold_check.sh

# Builds and installs the wheel into the venv, then benchmarks the installed
# package (run from /tmp so the source tree cannot shadow it), showing its
# progress on stderr. The next target's set-up uninstalls it again, so it
# cannot shadow the tree in the tests. One run writes every number to benchmark/results.json
# (with the commit and the machine), the tables to benchmark/results.md,
# docs/performance.md from the JSON (benchmark/report.py) and the figures it
# embeds, docs/images/*.png (benchmark/plots.py). The run takes about 31 minutes
# on the 2-core machine (the wheel's build before it, when not cached, about 13
# more); BENCH_ARGS passes options to benchmark/run.py.
bench: setup
	$(MAKE) --no-print-directory wheel WHEEL_PYTHONS=$(PY_VERSION)
	$(PY) -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
		wheelhouse/*-$$($(PY) -c 'import sys; print("cp%d%d" % sys.version_info[:2])')-*.whl
	$(BAZEL) shutdown
	cd /tmp && $(PY) $(CURDIR)/benchmark/run.py $(BENCH_ARGS) \
		--json $(CURDIR)/benchmark/results.json --markdown $(CURDIR)/benchmark/results.md
	$(PY) benchmark/report.py benchmark/results.json --doc docs/performance.md
	$(PY) benchmark/plots.py benchmark/results.json --out docs/images

# The wheels, for glibc 2.28 and later, one per CPython of WHEEL_PYTHONS:
# Bazel's manylinux build of the package's modules (--config=manylinux: zig's
# clang and a static libc++, against glibc 2.28; third_party/zig), packed by
# setup.py. auditwheel grafts libmujoco in and tags it manylinux_2_28, and
# refuses if a module needs a newer glibc. The venv's own CPython is built
# against it; 3.13 and 3.14 against the headers and NumPy of a Debian chroot
# of that version (tools/wheel_python.sh, tools/python_chroot.sh). The
# default build (gcc) is not involved.
WHEEL_PYTHONS ?= 3.11 3.13 3.14
wheel: setup
	rm -rf build dist wheelhouse
	for version in $(WHEEL_PYTHONS); do \
		WHEEL_PLAT=$(WHEEL_PLAT) tools/wheel_python.sh $(PY) $$version || exit 1; \
	done
	@ls wheelhouse/*.whl

# Remakes third_party/pgo/wheel.profdata, the committed profile with which the
# wheel's build compiles the ALE, the atari module and the highway module
# (profile-guided optimisation, .bazelrc's manylinux config): LLVM 22.1.8's
# llvm-profdata and profiling runtime from Debian (tools/pgo_toolchain.sh, in
# the sid chroot), an instrumented build (--config=pgo_generate), the fixed
# workload tools/pgo_train.py, merged (tools/pgo_profile.sh; about 5 minutes
# cold, needs root for the chroot). Run it when the ALE, a module that opts in
# (third_party/pgo/pgo.bzl) or zig changes, and commit the profile: `make
# wheel` only reads it.
pgo-profile: setup
	tools/pgo_profile.sh $(PY)
	$(BAZEL) shutdown

# The C++ core's tests under AddressSanitizer + UndefinedBehaviorSanitizer,
# then ThreadSanitizer (.bazelrc's asan and tsan configs); the core's tests run
# five times under TSan, since a race shows only in some schedules. With
# each, a task of every family whose facts put it in `make test`
# (family_facts.py sanitizer-targets --in-make-test) through the API (every
# family: `make sanitize-families`). One invocation per sanitizer, so the families'
# instrumented builds overlap the core's test runs.
sanitize: setup
	$(BAZEL) test --config=asan --nocache_test_results //parallel_pool/core:all $(SANITIZER_SMOKE_CHEAP)
	$(BAZEL) test --config=tsan --nocache_test_results --runs_per_test='^//parallel_pool/core:@5' \
		//parallel_pool/core:all $(SANITIZER_SMOKE_CHEAP)

# The families' modules under the sanitizers: a task of each family driven through
# the API (reliability/sanitizer_smoke.py), its module built instrumented and the
# sanitizer's runtime preloaded into the interpreter. Not part of `make test`: the
# instrumented build of every family (ALE, ViZDoom's client, MuJoCo and dm_control
# bindings) is long the first time (docs/reliability.md, "Sanitizers"). The targets
# come from each family's facts (family_facts.bzl: the task, and whether `make
# sanitize`, so CI, runs it: the families with no third-party C++).
SANITIZER_SMOKE = $(shell python3 parallel_pool/family_facts.py sanitizer-targets)
SANITIZER_SMOKE_CHEAP = $(shell python3 parallel_pool/family_facts.py sanitizer-targets --in-make-test)
sanitize-families: setup
	$(BAZEL) test --config=asan --nocache_test_results $(SANITIZER_SMOKE)
	$(BAZEL) test --config=tsan --nocache_test_results $(SANITIZER_SMOKE)

# The long fuzz profile (docs/reliability.md): hypothesis-drawn configs and call
# sequences on every family, each case in a worker process under a watchdog,
# for FUZZ_MINUTES (30) minutes; the short profile is //reliability:fuzz_test,
# which `make test` runs. Writes reliability/fuzz_long.json.
FUZZ_MINUTES ?= 30
fuzz-long: develop
	$(BAZEL) shutdown
	nice -n 10 $(PY) -m reliability.fuzz --minutes $(FUZZ_MINUTES) --json reliability/fuzz_long.json

# 10^7 CartPole-v1 and 10^6 Pong-v5 steps in async mode with random resets,
# sampling RSS, threads and fds (docs/reliability.md). Writes reliability/soak.json.
soak: develop
	$(BAZEL) shutdown
	nice -n 10 $(PY) -m reliability.soak --json reliability/soak.json

# Installs each repaired wheel with its [all,xla] extras into a fresh venv of
# its own CPython and, from outside the source tree, steps one id of every
# family, renders two, runs env.xla() under jax and an example
# (tests/wheel_test.py, about 80 s a version): the venv's CPython here, 3.13
# and 3.14 inside their Debian chroots (tools/wheel_test.sh). `make test` runs
# it for the venv's CPython only; all three (a Debian chroot and a build of the
# modules for each other version: about 30 minutes more on 2 cores, cold) before
# a release or after a change to the packaging or the set-up.
wheel-test: wheel
	for version in $(WHEEL_PYTHONS); do tools/wheel_test.sh $(PY) $$version || exit 1; done

# Python: ruff (ruff.toml). C++: clang-format (.clang-format) on every file we
# wrote; -Wall -Wextra -Werror is in .bazelrc, so the build checks the rest.
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	git ls-files -co --exclude-standard '*.h' '*.hpp' '*.cc' | xargs $(VENV)/bin/clang-format --dry-run --Werror

# The README's `make test` from a fresh clone of HEAD in a fresh Debian chroot
# (SUITE, default trixie: Debian 13), empty caches, as root; prints its wall
# time (tools/fresh_debian_test.sh). About an hour on 2 cores: run before a stop
# that touches the set-up or the build, not by `make test`.
SUITE ?= trixie
fresh-debian-test:
	tools/fresh_debian_test.sh $(SUITE)

clean:
	$(BAZEL) clean
	rm -rf build dist wheelhouse
