"""The wire fuzz corpus, shared by Tests/mcp/conformance.py and Tests/stress/stress.py.

`hostile_line(rng, kind)` makes one line (without its newline) of one of the base kinds:
0 random bytes, 1 a valid message cut short, 2 a valid message with bytes replaced,
3 deeply nested arrays.
"""

TEMPLATES = [
    b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_note_intent","arguments":{"title":"x"}}}',
    b'{"jsonrpc":"2.0","id":"s","method":"tools/list","params":{"cursor":"ib1.a"}}',
    b'{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"find-intent","arguments":{"request":"r"}}}',
    b'{"jsonrpc":"2.0","id":4,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
    b'[{"jsonrpc":"2.0","id":5,"method":"ping"}]',
    b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
]

BASE_KINDS = 4


def hostile_line(rng, kind, random_length=120, nesting=(100, 3000)):
    """One hostile line of base kind `kind` (0..BASE_KINDS-1), drawn from `rng`."""
    if kind == 0:
        line = bytes(rng.randrange(256) for _ in range(rng.randrange(random_length)))
    elif kind == 1:
        t = rng.choice(TEMPLATES)
        line = t[: rng.randrange(len(t))]
    elif kind == 2:
        line = bytearray(rng.choice(TEMPLATES))
        for _ in range(rng.randrange(1, 4)):
            line[rng.randrange(len(line))] = rng.randrange(256)
        line = bytes(line)
    else:
        depth = rng.randrange(*nesting)
        line = b"[" * depth + b"]" * depth
    return line.replace(b"\n", b" ")
