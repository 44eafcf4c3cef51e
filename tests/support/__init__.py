"""Helpers the tests share: the official data, a port of the official scorer, board
strategies for hypothesis, judges seen from outside, a browser for the pages."""
