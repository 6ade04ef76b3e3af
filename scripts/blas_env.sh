# Sourced by scripts/test.sh and scripts/sanitize.sh (needs $PY).
# The CPU backend's BLAS/LAPACK (Note [The CPU BLAS]): under Python it is
# NumPy's own OpenBLAS; the C++ tests (no Python) are pointed at the same
# library, or at the system's OpenBLAS where NumPy's wheel has none.
if [ -z "${CUNUM_BLAS_LIBRARY:-}" ]; then
  CUNUM_BLAS_LIBRARY=$($PY -c "import glob, os, numpy; d = os.path.dirname(numpy.__file__); \
l = sorted(glob.glob(os.path.join(d, os.pardir, 'numpy.libs', 'libscipy_openblas*.so*'))); print(l[0] if l else '')")
  if [ -z "$CUNUM_BLAS_LIBRARY" ] && ! ldconfig -p | grep -q -E "libopenblas|libblas.so.3"; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq libopenblas0
  fi
  if [ -n "$CUNUM_BLAS_LIBRARY" ]; then export CUNUM_BLAS_LIBRARY; fi
fi
