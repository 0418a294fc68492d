"""Objects made without their ``__init__`` (razzlog/sites/event_builders.py) are the objects the
frozen dataclasses' own call makes: the same type, fields, equality, hash and repr, still frozen,
and pickled and copied as before.  The hand's header and the hand themselves are made so by the
template path and ``parse_hand``: those are compared with Lark's full parse, built by the classes'
own calls."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.cards import Card
from razzlog.events import Action, ActionKind, Deal, Hand, HandHeader, Street
from razzlog.sites import event_builders, pokerstars, template_fill
from tests.test_parse_templates import generated_hands

_CLASSES = [HandHeader, Hand, *template_fill._KINDS]

# any hashable values: the pure build's classes check no field's type, the compiled build's
# (mypyc native classes) check some (str, int, bool, tuple, the enums), and refuse the others
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.text(max_size=8),
    st.decimals(allow_nan=False, allow_infinity=False),
    st.sampled_from(Street),
    st.tuples(st.integers(), st.text(max_size=3)),
)


def _same(made: Any, want: Any) -> None:
    assert type(made) is type(want)
    assert made == want and want == made
    assert hash(made) == hash(want)
    assert repr(made) == repr(want)
    assert pickle.loads(pickle.dumps(made)) == want
    assert copy.deepcopy(made) == want
    name = dataclasses.fields(want)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, name, None)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_constructor_makes_what_the_class_makes(data: st.DataObject) -> None:
    cls = data.draw(st.sampled_from(_CLASSES))
    values = [data.draw(_VALUES) for _ in dataclasses.fields(cls)]
    new = event_builders.constructor(cls)
    assert new is not cls  # (through a builder or the compiled fields' setters)
    try:
        want = cls(*values)
    except TypeError:  # a value of the wrong type for a compiled class: refused alike
        with pytest.raises(TypeError):
            new(*values)
        return
    _same(new(*values), want)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_constructor_makes_what_the_class_makes_from_values_of_the_right_types(
    data: st.DataObject,
) -> None:
    # (so that the compiled build's check above compares objects, not only refusals)
    cls = data.draw(st.sampled_from([Action, Deal]))
    values: list[Any] = [
        data.draw(st.sampled_from(Street)),
        data.draw(st.text(max_size=8)),
        *(
            [data.draw(st.sampled_from(ActionKind)), data.draw(st.decimals(allow_nan=False)), None]
            if cls is Action
            else [(Card(1, "s"),), ()]
        ),
        *([data.draw(st.booleans())] if cls is Action else []),
        data.draw(st.integers(min_value=1, max_value=10**6)),
    ]
    _same(event_builders.constructor(cls)(*values), cls(*values))


def test_a_constructor_of_a_class_with_checks_is_the_class() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        amount: Decimal

        def __post_init__(self) -> None:
            if self.amount < 0:
                raise ValueError

    assert event_builders.builder(Checked) is None
    new = event_builders.constructor(Checked)
    assert new is Checked
    with pytest.raises(ValueError):
        new(Decimal(-1))

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        line: int

    assert event_builders.constructor(Unslotted) is Unslotted


@pytest.mark.skipif(not pokerstars.PARSER.use_templates, reason="templates need lark-cython")
def test_templated_hands_are_the_full_parses_hands() -> None:
    hands = generated_hands(5, 120)
    for raw in hands:
        pokerstars.parse_hand(raw)  # (learnt)
    for raw in hands[60:]:
        got, want = pokerstars.parse_hand(raw), pokerstars.full_parse(raw)
        assert isinstance(got, Hand) and isinstance(want, Hand)
        _same(got, want)
        _same(got.header, want.header)
        for made, lark in zip(got.events, want.events, strict=True):
            _same(made, lark)


def test_each_event_factory_sets_every_field_of_its_class_in_order() -> None:
    # event_factories.py spells each class's fields out again (a compiled function writes them
    # natively); read from its source so that the pure build checks it too: a field added to an
    # event and not to its factory would be left unset in the compiled build only (mypy checks
    # each written value against the field's type)
    import ast
    from pathlib import Path

    from razzlog import event_factories, events

    source = Path(event_factories.__file__).with_name("event_factories.py")  # (beside its .so)
    tree = ast.parse(source.read_text(encoding="utf-8"))
    functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    classes = {
        cls
        for cls in vars(events).values()
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == events.__name__
    }
    assert set(event_factories.FACTORIES) == classes - {events.OtherGameHand}
    for cls, made_by in event_factories.FACTORIES.items():
        function = functions[made_by.__name__]
        fields = dataclasses.fields(cls)
        assert [a.arg for a in function.args.args] == [f.name for f in fields], cls
        written = [
            t.attr
            for s in function.body
            if isinstance(s, ast.Assign)
            for t in s.targets
            if isinstance(t, ast.Attribute)
        ]
        assert written == [f.name for f in fields], cls
