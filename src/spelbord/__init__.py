"""Spelbord: a digital game table for four Scandinavian tabletop games."""

__version__ = "0.1.0"
