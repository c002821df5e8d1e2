"""The rules engine: plain Python, standard library only, no Django.

Every public function is keyword-only and pure: it returns a new value plus
the explained :class:`~judge.engine.steps.Step` list, each step citing the
rule that justifies it.
"""

from judge.engine.errors import IllegalStateError, InvalidInputError, RulesError
from judge.engine.steps import Step

__all__ = ["IllegalStateError", "InvalidInputError", "RulesError", "Step"]
