"""The web front end: pages, rules, study and tools pages, the lab's list, the request
guards and rate limits, players' languages (``messages``), the static files and catalogues."""
