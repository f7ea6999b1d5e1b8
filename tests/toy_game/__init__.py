"""A sixth game that lives in the tests: the smallest legal game of the engine contract
(DESIGN.md), registered by ``tests/test_toy_game.py`` to show that the conformance and
soak suites run on any game its own package brings, with no shared edit."""
