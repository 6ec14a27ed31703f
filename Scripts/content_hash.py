"""`ContentHash.of(bytes)` (Sources/IntentBridgeBinary/ContentHash.swift) in Python: the checksum
of the index file and of the encoder file, for the scripts that write an encoder file
(make_encoder_model.py) and the tests that reseal a damaged one (Tests/stress/hostile_files.py).

Four lanes over 32-byte blocks of little-endian u64 words, the tail's whole words into the lanes
in turn and its last bytes as one zero-padded word, the length mixed in, an avalanche."""
import struct

MASK = (1 << 64) - 1
_P1, _P2, _P3 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9


def _round(lane, word):
    mixed = lane ^ ((word * _P1) & MASK)
    return ((((mixed << 31) | (mixed >> 33)) & MASK) * _P2) & MASK


def content_hash(data):
    lanes = [0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89]
    whole = len(data) // 32 * 32
    words = struct.unpack_from(f"<{whole // 8}Q", data, 0) if whole else ()
    a, b, c, d = lanes
    for i in range(0, len(words), 4):
        a = _round(a, words[i])
        b = _round(b, words[i + 1])
        c = _round(c, words[i + 2])
        d = _round(d, words[i + 3])
    lanes = [a, b, c, d]
    tail = bytes(data[whole:])
    for lane, index in enumerate(range(0, len(tail), 8)):
        lanes[lane] = _round(lanes[lane], int.from_bytes(tail[index:index + 8], "little"))
    h = (len(data) * _P3) & MASK
    for value in lanes:
        h = (((h ^ _round(0, value)) * _P1) + _P3) & MASK
        h = ((h << 27) | (h >> 37)) & MASK
    h ^= h >> 33
    h = (h * _P2) & MASK
    h ^= h >> 29
    h = (h * _P3) & MASK
    h ^= h >> 32
    return h
