"""A Phrase is its English, and keeps how it was made; a refusal is one."""

from __future__ import annotations

import pickle

from companion.core.errors import RuleError
from companion.core.phrase import Phrase


def test_a_phrase_is_its_english_and_keeps_its_template_and_parameters():
    phrase = Phrase("{name} has {n} cubes", name="Ana", n=3)
    assert phrase == "Ana has 3 cubes"
    assert phrase.to_dict() == {
        "text": "Ana has 3 cubes",
        "template": "{name} has {n} cubes",
        "params": {"name": "Ana", "n": 3},
    }
    assert pickle.loads(pickle.dumps(phrase)).params == {"name": "Ana", "n": 3}


def test_any_parameter_name_may_be_filled_in_even_the_constructors_own():
    """Bazaar's equation refusal has a {text}: it once collided with Phrase.of's argument."""
    refusal = RuleError("{text} · {template} · {status}", text="R = RW", template="t", status=1)
    assert str(refusal) == "R = RW · t · 1"
    assert Phrase.of("{text}", text="x") == "x"


def test_a_template_without_parameters_is_not_formatted():
    assert str(RuleError('type JSON: {"n": 1}')) == 'type JSON: {"n": 1}'
    fixed = Phrase("fixed")
    assert Phrase.of(fixed) is fixed
