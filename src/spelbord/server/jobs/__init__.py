"""The worker tier: AI moves and analyses as jobs in a queue in the database.

``store`` (the queue's schema and every statement: enqueue, the fair claim, leases,
results), ``bounds`` (the effective time bound of an agent spec), ``runner`` (claims jobs
and runs them on a pool of agent processes: inside ``spelbord serve`` in the embedded
mode, and as ``spelbord worker`` on any machine), ``client`` (what a web process asks of
the queue: an AI seat's move, an analysis, the place of a job in line).
"""
