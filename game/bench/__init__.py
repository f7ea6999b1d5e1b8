"""The research bench: ``cardclub bench`` (:mod:`game.bench.bench`) and the tools that
only measure, fit or mine (frame times, AI strength, the review's calibration and its
why patterns, the server).  It comes with the source checkout and an editable install;
the wheel and the executables players install leave it out (setup.py, cardclub.spec),
and ``cardclub bench`` there says where to find it."""
