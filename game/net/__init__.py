"""Play with friends: the table protocol, server and client (docs/net.md).

``protocol`` (the messages), ``tables`` (one shared deal and what each seat may see),
``server`` (``cardclub serve``), ``client`` (a seat over the network: headless, or for a
window through a queue).  Pure Python: no arcade or pyglet import anywhere in here.
"""
