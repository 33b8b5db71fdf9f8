"""The live table: one game played on a real clock by people and bots, which the server, the
terminal table and the line mode are all clients of. It imports no web framework and no terminal
library: a client is anything with `send(text)` and `close(code, reason)`."""
