"""judge.engine.errors: an error lists at most MAX_PROBLEMS problems, then how many more (issue 22, item
2)."""

from __future__ import annotations

import json

import pytest

from judge.engine.errors import MAX_PROBLEMS, InvalidInputError
from judge.engine.messages import msg
from judge.engine.payload import unknown_fields


def test_a_long_list_of_problems_is_cut_and_counted() -> None:
    error = InvalidInputError(
        [msg("input.unknown-field", label="x", name=str(i), expected="y") for i in range(120)]
    )
    assert len(error.messages) == MAX_PROBLEMS + 1
    assert error.to_answer("en")[-1]["code"] == "input.more-problems"
    assert (
        error.problems[-1]
        == "… and 70 more problems: only the first 50 are listed. Fix these and send it again."
    )
    assert "ほかに 70 件の問題" in error.render("ja")[-1]


def test_unknown_fields_of_a_huge_object_cost_no_huge_list() -> None:
    found = unknown_fields({f"k{i}": 1 for i in range(100_000)}, ["mana_cost"])
    assert len(found) == MAX_PROBLEMS + 1 and dict(found[-1].params)["count"] == 100_000 - MAX_PROBLEMS
    # Cut again by the error, the count stays right.
    error = InvalidInputError([msg("input.unknown-field", label="x", name="a", expected="y"), *found])
    assert dict(error.messages[-1].params)["count"] == 100_000 - MAX_PROBLEMS + 1  # type: ignore[union-attr]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/calc/color-identity", "/api/calc/commander-damage", "/api/calc/tax"])
def test_the_apis_answer_a_huge_object_of_unknown_keys_in_a_few_kilobytes(client, url) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps(
        {f"k{i}": 1 for i in range(200_000)}
    )  # 2.3 MB: a 400 under an API's limit, a 413 over it
    response = client.post(url, body, content_type="application/json")
    assert response.status_code in (400, 413)
    assert len(response.content) < 20_000
    assert len(response.json()["errors"]) <= MAX_PROBLEMS + 1
