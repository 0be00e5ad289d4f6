"""Several web processes and workers as one server: the message bus between them
(``bus``: Redis pub/sub, or in-process), the processes, who owns which live table and the
leader (``store``: leases in the database), and this process's part (``node``: heartbeat,
ownership, forwarding a request to a table's owner, frames for sockets held elsewhere).
"""
