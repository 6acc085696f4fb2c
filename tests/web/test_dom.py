"""The patcher touches only what changed: kept elements are the same objects (so focus,
scroll and typed text survive), moved ones move, gone ones go."""
from fakedom import Document
from thousand.web.dom import h, patch


def render(doc, root, old, items, extra=None):
    kids = [h("button", {"data-card": c, "cls": "card" + (" sel" if c == extra else "")}, text=c)
            for c in items]
    return patch(doc, root, old, [h("div", {"id": "hand"}, *kids)])


def test_unchanged_elements_are_kept_and_untouched():
    doc = Document()
    root = doc.createElement("main")
    tree = render(doc, root, None, ["9S", "QH", "AD"])
    before = list(root.by_id("hand").children)
    doc.ops.clear()
    tree = render(doc, root, tree, ["9S", "QH", "AD"])
    assert root.by_id("hand").children == before
    assert doc.ops == []


def test_a_played_card_goes_and_the_rest_stay():
    doc = Document()
    root = doc.createElement("main")
    tree = render(doc, root, None, ["9S", "QH", "AD"])
    kept = root.by_id("hand").children[2]
    doc.ops.clear()
    render(doc, root, tree, ["9S", "AD"], extra="AD")
    hand = root.by_id("hand")
    assert [c.attrs["data-card"] for c in hand.children] == ["9S", "AD"]
    assert hand.children[1] is kept                      # the same element: focus stays
    assert kept.attrs["class"] == "card sel"
    assert ("create", "button") not in doc.ops


def test_reorder_and_insert_move_only_what_is_out_of_place():
    doc = Document()
    root = doc.createElement("main")
    tree = render(doc, root, None, ["9S", "QH", "AD"])
    els = {c.attrs["data-card"]: c for c in root.by_id("hand").children}
    doc.ops.clear()
    render(doc, root, tree, ["9S", "KC", "QH", "AD"])
    hand = root.by_id("hand").children
    assert [c.attrs["data-card"] for c in hand] == ["9S", "KC", "QH", "AD"]
    assert hand[0] is els["9S"] and hand[2] is els["QH"] and hand[3] is els["AD"]
    assert [op for op in doc.ops if op[0] in ("insert", "append")] == [("insert", "div", "button")]


def test_attributes_removed_and_props_set_only_on_change():
    doc = Document()
    root = doc.createElement("main")
    t1 = patch(doc, root, None, [h("input", {"id": "x", "disabled": True}, props={"value": "a"})])
    inp = root.by_id("x")
    assert inp.value == "a" and "disabled" in inp.attrs
    inp.value = "typed"                                  # the player types
    t2 = patch(doc, root, t1, [h("input", {"id": "x"}, props={"value": "a"})])
    assert "disabled" not in inp.attrs
    assert inp.value == "typed"                          # unchanged prop: not written back
    patch(doc, root, t2, [h("input", {"id": "x"}, props={"value": "b"})])
    assert inp.value == "b"


def test_text_and_children_switch():
    doc = Document()
    root = doc.createElement("main")
    t1 = patch(doc, root, None, [h("p", {"id": "m"}, text="one")])
    t2 = patch(doc, root, t1, [h("p", {"id": "m"}, h("b", text="two"))])
    assert root.by_id("m").textContent == "two"
    patch(doc, root, t2, [h("p", {"id": "m"}, text="three")])
    assert root.by_id("m").textContent == "three" and root.by_id("m").children == []
