// `ndarray.base` (Note [View bases]).
#include "array_bases.hpp"

#include <algorithm>
#include <unordered_map>

namespace nb = nanobind;

namespace cunum::py {

// Note [View bases]
// NumPy's `v.base` is the array object v's memory belongs to (`a[1:].base
// is a`); CuPy's suite and user code test it by identity. A cunum view holds
// the allocation (Storage), not its owner's Python object, so this file keeps
// a map from each allocation to a weak reference to the Python array that
// owns it, noted where the view-making bindings (slicing, T, reshape, view,
// transpose, the manipulation routines, diagonal, a one-operand einsum) make
// a view of an owner: a hash lookup per such view, and a new weak reference
// the first time an owner is seen; nothing for other calls. `base` returns
// the referent while it lives and still owns that allocation. Where no owner
// is found (it was freed, or the view came from a path that notes nothing)
// `base` makes a new array object over the whole allocation, as before, and
// notes it, so that `v.base is v.base` while it lives. (NumPy's view keeps
// its base alive; cunum's keeps the memory alive, not the object.) Entries
// whose referent died are dropped when the map doubles. The map and its
// references are used with the GIL held (every binding here holds it) and
// are never freed: nothing of them runs at interpreter exit.
namespace {
struct Owners {
  std::unordered_map<const Storage*, PyObject*> map;  // allocation -> weak reference (owned)
  size_t prune_at = 1024;
};
Owners& owners() {
  static Owners* o = new Owners();  // leaked: nothing to release at exit
  return *o;
}

// A weak reference's live referent (a new reference), or null.
PyObject* referent(PyObject* ref) {
#if PY_VERSION_HEX >= 0x030D0000
  PyObject* o = nullptr;
  if (PyWeakref_GetRef(ref, &o) < 0) PyErr_Clear();
  return o;
#else
  PyObject* o = PyWeakref_GetObject(ref);
  if (!o || o == Py_None) return nullptr;
  Py_INCREF(o);
  return o;
#endif
}

// The Python array `ref` points to if it lives and still owns `s`.
nb::object owner_of(PyObject* ref, const Storage* s) {
  nb::object o = nb::steal(referent(ref));
  if (!o.is_valid()) return o;
  const ndarray* a = nb::inst_ptr<ndarray>(o);  // only ndarrays are noted
  return a->owndata() && a->storage().get() == s ? o : nb::object();
}

void remember(const Storage* s, nb::handle owner) {
  PyObject* ref = PyWeakref_NewRef(owner.ptr(), nullptr);
  if (!ref) {
    PyErr_Clear();
    return;
  }
  Owners& o = owners();
  auto [it, added] = o.map.try_emplace(s, ref);
  if (!added) {
    Py_DECREF(it->second);
    it->second = ref;
  }
  if (o.map.size() < o.prune_at) return;
  for (auto e = o.map.begin(); e != o.map.end();) {
    if (owner_of(e->second, e->first).is_valid()) {
      ++e;
      continue;
    }
    Py_DECREF(e->second);
    e = o.map.erase(e);
  }
  o.prune_at = 2 * std::max<size_t>(o.map.size(), 512);
}
}  // namespace

void note_base(const ndarray& parent, const ndarray& view) {
  if (!parent.owndata() || view.owndata() || !view.valid() || view.storage() != parent.storage()) return;
  const Storage* s = view.storage().get();
  Owners& o = owners();
  if (auto it = o.map.find(s); it != o.map.end())
    if (nb::object known = owner_of(it->second, s); known.is_valid() && nb::inst_ptr<ndarray>(known) == &parent)
      return;  // noted already
  // `parent` is a live argument: its Python object, when it is one (not a
  // temporary an implicit conversion made)
  if (nb::object self = nb::find(parent); self.is_valid()) remember(s, self);
}

ndarray with_base(const ndarray& parent, ndarray view) {
  note_base(parent, view);
  return view;
}

std::vector<ndarray> with_base(const ndarray& parent, std::vector<ndarray> views) {
  for (const ndarray& v : views) note_base(parent, v);
  return views;
}

nb::object base_object(const ndarray& view) {
  const Storage* s = view.storage().get();
  Owners& o = owners();
  if (auto it = o.map.find(s); it != o.map.end())
    if (nb::object found = owner_of(it->second, s); found.is_valid()) return found;
  nb::object made = nb::cast(view.base());
  remember(s, made);
  return made;
}

}  // namespace cunum::py
