"""core/svgkit: canonical click JSON and the escaped data-click attribute (board protocol v2)."""

import json
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regalia.core.svgkit import canonical, click_attr, keyed_click, text

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8)


def test_canonical_sorts_keys_and_drops_spaces():
    assert canonical({"square": "e5", "action": 3}) == '{"action":3,"square":"e5"}'
    assert canonical({"b": [1, 2], "a": {"y": 1, "x": 2}}) == '{"a":{"x":2,"y":1},"b":[1,2]}'


def test_canonical_is_ascii_and_refuses_what_json_cannot_carry():
    assert canonical({"card": "é"}) == '{"card":"\\u00e9"}'
    with pytest.raises(TypeError):
        canonical({"x": {1, 2}})


@pytest.mark.parametrize("key, value", [("square", "e5"), ("river", 3), ("field", "c'5")])
def test_keyed_click_is_the_canonical_text_and_attribute_of_the_one_key_click(key, value):
    obj = {key: value}
    assert keyed_click(key, value) == (canonical(obj), click_attr(obj))
    assert keyed_click(key, value) is keyed_click(key, value)     # cached


def test_click_attr_exact_text():
    assert click_attr({"square": "e5"}) == ' data-click="{&quot;square&quot;:&quot;e5&quot;}" '


@given(st.dictionaries(st.text(), json_values, max_size=4))
def test_click_attr_round_trips_through_an_xml_parser(obj):
    # whatever the text (quotes, <, &, control characters escaped by json), the parsed
    # attribute is the canonical JSON, which loads back to the same object
    el = ET.fromstring(f"<g{click_attr(obj)}/>")
    assert el.get("data-click") == canonical(obj)
    assert json.loads(el.get("data-click")) == obj


def test_text_escapes_markup():
    assert text("<b>&</b>") == "&lt;b&gt;&amp;&lt;/b&gt;"
    assert ET.fromstring(f"<t>{text('a < b & c')}</t>").text == "a < b & c"


def test_wrap_fills_lines_greedily_and_never_splits_a_word():
    from regalia.core.svgkit import wrap
    assert wrap("Gain  one\tcoin, then discard a card", 10) == ["Gain one", "coin, then",
                                                              "discard a", "card"]
    assert wrap("a Siege-Tower-sized-word b", 6) == ["a", "Siege-Tower-sized-word", "b"]
    assert wrap("   ", 5) == []
