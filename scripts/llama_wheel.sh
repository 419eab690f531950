# Sourced by main.sh and test.sh: llama-cpp-python built once for any x86-64 CPU (GGML_NATIVE=OFF),
# kept as a wheel in the user's cache. The wheel pip builds and caches itself is compiled for the
# CPU it was built on (-march=native) and dies of SIGILL on another one, as it did in CI.
# Sets WHEELS (pass it to pip as --find-links) and defines install_llama_wheel, which replaces
# whatever llama-cpp-python pip chose with the portable build.
# the version pyproject.toml pins, so the pin is stated once
LLAMA_VERSION=$(sed -n 's/.*"llama-cpp-python\[server\]==\([0-9.]*\)".*/\1/p' pyproject.toml | head -n 1)
[ -n "$LLAMA_VERSION" ] || { echo "pyproject.toml pins no llama-cpp-python version" >&2; exit 1; }
WHEELS=${XDG_CACHE_HOME:-$HOME/.cache}/medreckon/wheels
if ! ls "$WHEELS"/llama_cpp_python-$LLAMA_VERSION-*.whl >/dev/null 2>&1; then
  echo "building llama-cpp-python for any x86-64 CPU (~8 min on 2 cores, once)" >&2
  CMAKE_ARGS="-DGGML_NATIVE=OFF" .venv/bin/python -m pip wheel -q --disable-pip-version-check --no-deps \
    --no-cache-dir -w "$WHEELS" "llama-cpp-python==$LLAMA_VERSION"
fi
install_llama_wheel() {
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --force-reinstall \
    "$WHEELS"/llama_cpp_python-$LLAMA_VERSION-*.whl
}
