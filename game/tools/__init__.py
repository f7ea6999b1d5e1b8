"""The developer's and the tester's tools, apart from the product: ``cardclub sim`` (bot
tournaments, :mod:`~game.tools.sim`), ``cardclub bench`` (:mod:`~game.bench.bench` and its
side benchmarks), ``cardclub shots`` (:mod:`~game.tools.shots`), ``cardclub --smoke``
(:mod:`~game.tools.smoke`), and the frame-driving helpers the tests and the tools share
(:mod:`~game.tools.drive`).  The game itself never imports them, except the start-up
probe :mod:`~game.tools.first_frame` when ``CARDCLUB_FIRST_FRAME`` asks for it.
"""
