"""The installable app (architecture section 21, issue 30): the web app manifest, the service worker
(templates/app/sw.js), the offline page it keeps, and the two icons, drawn here as PNG by a small writer
of our own (a few dozen bytes of zlib each; no image files in the tree and no imaging library)."""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

from flask import Blueprint, Response, jsonify, render_template, url_for

bp = Blueprint("app_files", __name__)

ICON_SIZES = (192, 512)
BACKGROUND, LIGHT, DARK = (0x1F, 0x6F, 0x3F), (0xF3, 0xE9, 0xD2), (0x7A, 0x4F, 0x2A)


def png(width: int, height: int, pixel) -> bytes:
    """An 8-bit RGB PNG of `pixel(x, y) -> (r, g, b)` (PNG's signature, IHDR, one IDAT, IEND)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


@lru_cache(maxsize=None)
def icon(size: int) -> bytes:
    """pbem's icon: a four-by-four board on green, inside the maskable safe zone (the middle 80%)."""
    margin, cells = size // 5, 4
    cell = (size - 2 * margin) / cells

    def pixel(x: int, y: int):
        if not (margin <= x < size - margin and margin <= y < size - margin):
            return BACKGROUND
        return LIGHT if (int((x - margin) / cell) + int((y - margin) / cell)) % 2 == 0 else DARK

    return png(size, size, pixel)


@bp.get("/icon-<int:size>.png")
def icon_file(size: int):
    if size not in ICON_SIZES:
        return Response("no such icon", 404, mimetype="text/plain")
    return Response(icon(size), mimetype="image/png", headers={"Cache-Control": "public, max-age=86400"})


@bp.get("/manifest.webmanifest")
def manifest():
    body = jsonify({
        "name": "pbem: play by message", "short_name": "pbem", "id": url_for("front_door.home"),
        "start_url": url_for("home.me"), "scope": url_for("front_door.home"), "display": "standalone",
        "background_color": "#ffffff", "theme_color": "#1f6f3f",
        "icons": [{"src": url_for("app_files.icon_file", size=size), "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "any maskable"} for size in ICON_SIZES]})
    body.mimetype = "application/manifest+json"
    return body


@bp.get("/sw.js")
def service_worker():
    script = render_template("app/sw.js", offline_url=url_for("app_files.offline"), start_url=url_for("home.me"),
                             icon_url=url_for("app_files.icon_file", size=192),
                             opened_url=url_for("push_api.opened"))
    # the worker's scope is the whole site; a new version is taken at the next visit
    return Response(script, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/offline")
def offline():
    return render_template("app/offline.html")
