"""The suite's own check that every view a runtime publishes is plain JSON (conftest.PlainJson) can fail: a view
holding a persistent map is sent as JSON anyway (the phones never answer 500), logged, and the check reports it."""

import json

from pyrsistent import pmap

import companion.runtime as runtime


def test_a_view_holding_a_persistent_map_is_sent_and_reported(make_runtime, monkeypatch):
    views = runtime.views

    def leaky(*args, **kwargs):
        view, seats = views(*args, **kwargs)
        return view | {"left": pmap({"a": 1})}, seats

    monkeypatch.setattr(runtime, "views", leaky)
    rt = make_runtime(game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    check = next(listener for listener in rt._listeners if hasattr(listener, "failures"))
    assert check.failures and "PMap" in check.failures[0]
    assert json.loads(rt.view_json()[1])["left"] == {"a": 1}
    check.failures.clear()  # the failure was this test's: make_runtime's teardown asserts there are none
