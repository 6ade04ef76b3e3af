"""scikit-learn on cunum arrays through the array API standard
(sklearn.set_config(array_api_dispatch=True), which needs array-api-compat):
the fitted attributes and outputs are cunum arrays on the input's device and
equal NumPy's results."""
import os

# scikit-learn refuses array API dispatch unless SciPy's own support is on;
# SciPy reads this when it is first imported.
os.environ.setdefault("SCIPY_ARRAY_API", "1")

import numpy  # noqa: E402
import pytest  # noqa: E402

import cunum as cn  # noqa: E402

sklearn = pytest.importorskip("sklearn")
pytest.importorskip("array_api_compat")
from sklearn.decomposition import PCA  # noqa: E402
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis  # noqa: E402

pytestmark = pytest.mark.skipif(getattr(cn, "__numpy_shim__", False), reason="cunum arrays")


@pytest.fixture
def dispatch():
    with sklearn.config_context(array_api_dispatch=True):
        yield


def _data(dtype):
    rng = numpy.random.default_rng(12)
    X = rng.standard_normal((120, 7)) @ rng.standard_normal((7, 7))
    y = (X[:, 0] > 0).astype(numpy.int64) + (X[:, 1] > 0.5)  # three classes
    return X.astype(dtype), y


def _check(expected, got, rtol):
    assert isinstance(got, cn.ndarray), type(got)
    assert got.device == cn.get_default_device()
    numpy.testing.assert_allclose(got.get(), expected, rtol=rtol, atol=rtol * 10)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_pca_full(device, dispatch, dtype):
    X, _ = _data(dtype)
    rtol = 1e-9 if dtype == "float64" else 1e-4
    with sklearn.config_context(array_api_dispatch=False):
        ref = PCA(n_components=4, svd_solver="full").fit(X)
    got = PCA(n_components=4, svd_solver="full").fit(cn.asarray(X))
    assert got.components_.dtype == ref.components_.dtype
    _check(ref.explained_variance_, got.explained_variance_, rtol)
    _check(ref.explained_variance_ratio_, got.explained_variance_ratio_, rtol)
    _check(ref.singular_values_, got.singular_values_, rtol)
    _check(ref.mean_, got.mean_, rtol)
    # Components are defined up to sign; scikit-learn fixes the sign (svd_flip) the same way.
    _check(ref.components_, got.components_, rtol)
    _check(ref.transform(X), got.transform(cn.asarray(X)), rtol)
    _check(ref.inverse_transform(ref.transform(X)),
           got.inverse_transform(got.transform(cn.asarray(X))), rtol)


# scikit-learn supports the array API in LDA's "svd" solver only (its "eigen"
# solver mixes numpy.zeros into the computation, which cunum refuses as CuPy does).
@pytest.mark.parametrize("solver", ["svd"])
def test_linear_discriminant_analysis(device, dispatch, solver):
    X, y = _data("float64")
    with sklearn.config_context(array_api_dispatch=False):
        ref = LinearDiscriminantAnalysis(solver=solver).fit(X, y)
    got = LinearDiscriminantAnalysis(solver=solver).fit(cn.asarray(X), cn.asarray(y))
    _check(ref.coef_, got.coef_, 1e-8)
    _check(ref.intercept_, got.intercept_, 1e-8)
    _check(ref.means_, got.means_, 1e-10)
    _check(ref.priors_, got.priors_, 1e-12)
    pred = got.predict(cn.asarray(X))
    assert isinstance(pred, cn.ndarray)
    numpy.testing.assert_array_equal(pred.get(), ref.predict(X))
    _check(ref.predict_proba(X), got.predict_proba(cn.asarray(X)), 1e-7)
    if solver == "svd":
        _check(numpy.abs(ref.transform(X)), abs(got.transform(cn.asarray(X))), 1e-7)
