"""Omringad's built-in lab studies (its ``studies`` extra): one TOML file a study, in the
study format of ``spelbord.lab.study`` (``spelbord lab run NAME``)."""
