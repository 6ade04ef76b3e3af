// `ndarray.base` (Note [View bases]).
#include "array_bases.hpp"

#include <unordered_map>

namespace nb = nanobind;

namespace cunum::py {

// Note [View bases]
// NumPy's `v.base` is the array object v's memory belongs to (`a[1:].base
// is a`); CuPy's suite and user code test it by identity. A cunum view holds
// the allocation (Storage), not its owner's Python object, so this file keeps
// a map from each allocation to the C++ ndarray inside the Python object that
// owns it, noted where the view-making bindings (slicing, T, reshape, view,
// transpose, the manipulation routines, diagonal, a one-operand einsum) make
// a view of an owner: one hash write per view, nothing for other calls. The
// map holds no Python reference: `base` asks nanobind for the live instance
// at that address (nb::find, which never dereferences it) and takes it only
// if it still owns that allocation, so a dead owner, or a new object at its
// address, is never returned. Where no owner is found (it was freed, or the
// view came from a path that notes nothing) `base` makes a new array object
// over the whole allocation, as before, and notes it, so that `v.base is
// v.base` while it lives. Stale entries are dropped when the map doubles.
// The map is used with the GIL held (every binding here holds it).
namespace {
struct Owners {
  std::unordered_map<const Storage*, const ndarray*> map;
  size_t prune_at = 1024;
};
Owners& owners() {
  static Owners* o = new Owners();  // leaked: nothing to release at exit
  return *o;
}

// The live Python array at `p` if it still owns `s`, else an invalid object.
nb::object live_owner(const ndarray* p, const Storage* s) {
  nb::object o = nb::find(*p);
  if (!o.is_valid() || !nb::isinstance<ndarray>(o)) return nb::object();
  const ndarray* a = nb::inst_ptr<ndarray>(o);
  if (!a->owndata() || a->storage().get() != s) return nb::object();
  return o;
}

void remember(const Storage* s, const ndarray* owner) {
  Owners& o = owners();
  o.map.insert_or_assign(s, owner);
  if (o.map.size() < o.prune_at) return;
  for (auto it = o.map.begin(); it != o.map.end();)
    it = live_owner(it->second, it->first).is_valid() ? std::next(it) : o.map.erase(it);
  o.prune_at = 2 * std::max<size_t>(o.map.size(), 512);
}
}  // namespace

void note_base(const ndarray& parent, const ndarray& view) {
  if (parent.owndata() && !view.owndata() && view.valid() && view.storage() == parent.storage())
    remember(view.storage().get(), &parent);
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
  auto it = o.map.find(s);
  if (it != o.map.end())
    if (nb::object found = live_owner(it->second, s); found.is_valid()) return found;
  nb::object made = nb::cast(view.base());
  remember(s, nb::inst_ptr<ndarray>(made));
  return made;
}

}  // namespace cunum::py
