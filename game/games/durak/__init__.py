"""Durak: everything this game is, in one folder.

Modules: ``checks`` (what the conformance and soak suites need of it), ``fast``,
``greedy``, ``heuristic``, ``infer``, ``layout``, ``observation``, ``review``,
``rollout``, ``rules``, ``search``, ``table``, ``words``.
``spec.SPEC`` hands them to shared code (the registry imports it when first read).
"""
