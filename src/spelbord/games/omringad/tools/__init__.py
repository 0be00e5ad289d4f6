"""Omringad's tools (``core.tools``): the battle odds calculator (``odds``)."""
