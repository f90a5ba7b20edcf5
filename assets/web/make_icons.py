#!/usr/bin/env python3
"""The browser build's home-screen icons (issue 63), drawn here by code, as the terrain art is:
a Union infantry counter (the crossed box of an infantry regiment on blue, its strength below)
on a hex of open ground, on the page's own dark background. Written as PNG with the standard
library alone (zlib), 192 and 512 pixels, the hex inside the middle 80 % so that a launcher's
round or squircle mask never cuts the counter.

    python3 assets/web/make_icons.py      # writes assets/web/icon-192.png and icon-512.png
"""
import math
import os
import struct
import zlib

BACKGROUND = (31, 31, 28)
GROUND = (138, 150, 92)
GROUND_EDGE = (96, 104, 62)
UNION = (41, 71, 158)
CREAM = (237, 232, 217)
INK = (20, 20, 18)


def hex_inside(x, y, cx, cy, r):
    """Whether (x, y) lies in the flat-topped hex of circumradius r centred on (cx, cy)."""
    dx, dy = abs(x - cx), abs(y - cy)
    h = r * math.sqrt(3) / 2
    return dy <= h and dx <= r - dy / math.sqrt(3)


def pixel(x, y, n):
    """The colour at pixel (x, y) of an n × n icon (sampled at its centre)."""
    u, v = (x + 0.5) / n, (y + 0.5) / n
    cx = cy = 0.5
    if not hex_inside(u, v, cx, cy, 0.40):
        return BACKGROUND
    if not hex_inside(u, v, cx, cy, 0.375):
        return GROUND_EDGE
    # The counter: a square with a cream frame.
    half = 0.19
    if abs(u - cx) <= half and abs(v - cy) <= half:
        if abs(u - cx) > half - 0.018 or abs(v - cy) > half - 0.018:
            return CREAM
        # The infantry symbol: a cream box with a cross, in the counter's upper part.
        bx0, bx1, by0, by1 = cx - 0.11, cx + 0.11, cy - 0.12, cy + 0.01
        t = 0.014
        in_box = bx0 <= u <= bx1 and by0 <= v <= by1
        if in_box:
            edge = min(u - bx0, bx1 - u, v - by0, by1 - v) < t
            # The diagonals of the box.
            w, hgt = bx1 - bx0, by1 - by0
            d1 = abs((u - bx0) / w - (v - by0) / hgt) * min(w, hgt)
            d2 = abs((u - bx0) / w - (by1 - v) / hgt) * min(w, hgt)
            if edge or d1 < t * 0.8 or d2 < t * 0.8:
                return CREAM
        # The strength: three bars below, like a counter's numbers.
        for k in range(3):
            x0 = cx - 0.09 + k * 0.065
            if x0 <= u <= x0 + 0.045 and cy + 0.06 <= v <= cy + 0.14:
                return CREAM
        return UNION
    # The counter's shadow on the ground, down and to the right.
    if abs(u - cx - 0.02) <= half and abs(v - cy - 0.02) <= half:
        return INK
    return GROUND


def png(n):
    rows = []
    for y in range(n):
        row = bytearray([0])
        for x in range(n):
            # 3 × 3 samples a pixel: smooth edges.
            acc = [0, 0, 0]
            for sy in (-1 / 3, 0, 1 / 3):
                for sx in (-1 / 3, 0, 1 / 3):
                    c = pixel(x + sx, y + sy, n)
                    for i in range(3):
                        acc[i] += c[i]
            row += bytes(round(a / 9) for a in acc)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", n, n, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for n in (192, 512):
        with open(os.path.join(here, f"icon-{n}.png"), "wb") as f:
            f.write(png(n))
        print(f"icon-{n}.png")
