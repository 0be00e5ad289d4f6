"""Gunst's lab data (its ``studies`` extra): ``lab.toml`` declares what the lab needs to
know about the game (``spelbord.lab.gamedata``): its choices, its rule variants, its
studies of each kind; ``lab.py`` holds the position key the data names."""
