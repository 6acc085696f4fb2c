"""App icons as PNGs written with zlib/struct only (no ImageMagick or Pillow needed).

A white playing card with a red heart on the green table colour; the maskable icon keeps the
card inside the central 80 % safe zone.  Drawn with 4x4 supersampling for smooth edges.
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

GREEN = (20, 83, 45)
WHITE = (250, 248, 240)
RED = (200, 30, 45)
EDGE = (30, 30, 30)

SIZES = {
    "icon-192.png": (192, 0.78, True),
    "icon-512.png": (512, 0.78, True),
    "maskable-512.png": (512, 0.56, False),
    "apple-touch-icon-180.png": (180, 0.72, False),
    "favicon-32.png": (32, 0.9, True),
}


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _sample(x: float, y: float, card_h: float, rounded_bg: bool):
    """Colour (rgba) at (x, y) in [-1, 1]^2."""
    if rounded_bg:  # rounded-square background, transparent corners
        r = 0.22
        qx, qy = max(abs(x) - (1 - r), 0), max(abs(y) - (1 - r), 0)
        if qx * qx + qy * qy > r * r:
            return (0, 0, 0, 0)
    card_w = card_h * 0.70
    cr = card_h * 0.10
    qx, qy = max(abs(x) - (card_w - cr), 0), max(abs(y) - (card_h - cr), 0)
    d = (qx * qx + qy * qy) ** 0.5
    if d > cr:
        return (*GREEN, 255)
    if d > cr - card_h * 0.025:
        return (*EDGE, 255)
    # heart: (u^2 + v^2 - 1)^3 - u^2 v^3 <= 0, scaled into the card
    s = card_w * 0.62
    u, v = x / s, -(y / s) + 0.15
    if (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0:
        return (*RED, 255)
    return (*WHITE, 255)


def draw(size: int, card_h: float, rounded_bg: bool) -> bytes:
    ss = 4
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    x = ((px + (sx + 0.5) / ss) / size) * 2 - 1
                    y = ((py + (sy + 0.5) / ss) / size) * 2 - 1
                    c = _sample(x, y, card_h, rounded_bg)
                    a = c[3]
                    acc[0] += c[0] * a
                    acc[1] += c[1] * a
                    acc[2] += c[2] * a
                    acc[3] += a
            n = ss * ss
            a = acc[3]
            if a:
                row += bytes((acc[0] // a, acc[1] // a, acc[2] // a, a // n))
            else:
                row += b"\x00\x00\x00\x00"
        rows.append(bytes(row))
    return png(size, size, rows)


_CACHE = Path(__file__).resolve().parent.parent / "build" / "icons"


def write_all(dest: Path) -> None:
    """Write every icon into dest (cached under build/icons, they take a few seconds)."""
    dest.mkdir(parents=True, exist_ok=True)
    src_stamp = str(Path(__file__).stat().st_mtime_ns)
    for name, (size, card_h, rounded) in SIZES.items():
        cached = _CACHE / name
        stamp = _CACHE / (name + ".stamp")
        if not (cached.exists() and stamp.exists() and stamp.read_text() == src_stamp):
            _CACHE.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(draw(size, card_h, rounded))
            stamp.write_text(src_stamp)
        (dest / name).write_bytes(cached.read_bytes())
