#!/usr/bin/env python3
"""tests/golden/png/pngcmp.py - compare a PNG with its golden reference.

    pngcmp.py REF OUT DIFF [--tol N] [--small N] [--frac F]

Exit 0 when OUT shows the same picture as REF, 1 when it does not (DIFF is
then written: changed pixels red over a faded copy of REF), 2 when a file
is not a PNG this script reads. It reads what cairo writes: 8-bit RGB or
RGBA, not interlaced; nothing else is needed, so nothing else is read.

Pictures differ (as in cairo's own test suite) when some channel of some
pixel differs by more than --tol (default 24, out of 255), or when more
than --frac (default 0.5%) of the pixels differ by more than --small
(default 2). Small changes of antialiasing (another pixman or cairo) pass;
a missing mark, a moved line or a changed glyph does not.

Python's standard library only (zlib), so the test needs no imagemagick.
"""
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PngError(Exception):
    pass


def chunks(data, name):
    if not data.startswith(SIGNATURE):
        raise PngError(f"{name}: not a PNG")
    pos = len(SIGNATURE)
    while pos < len(data):
        if pos + 8 > len(data):
            raise PngError(f"{name}: cut inside a chunk header")
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length or pos + 12 + length > len(data):
            raise PngError(f"{name}: cut inside chunk {kind!r}")
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise PngError(f"{name}: bad CRC in chunk {kind!r}")
        yield kind, body
        pos += 12 + length
        if kind == b"IEND":
            return
    raise PngError(f"{name}: no IEND")


def header_and_stream(path):
    """(width, height, channels, filtered scanlines) of a PNG file."""
    with open(path, "rb") as f:
        data = f.read()
    ihdr = None
    idat = []
    for kind, body in chunks(data, path):
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    if ihdr is None:
        raise PngError(f"{path}: no IHDR")
    width, height, depth, ctype, comp, filt, interlace = ihdr
    if depth != 8 or ctype not in (2, 6) or comp or filt or interlace:
        raise PngError(f"{path}: depth {depth} colour type {ctype} "
                       f"interlace {interlace}: only 8-bit RGB/RGBA, "
                       "not interlaced, is read")
    channels = 3 if ctype == 2 else 4
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise PngError(f"{path}: {e}")
    if len(raw) != height * (1 + width * channels):
        raise PngError(f"{path}: {len(raw)} bytes of pixels for "
                       f"{width}x{height}x{channels}")
    return width, height, channels, raw


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(width, height, bpp, raw, path):
    """The pixel rows, each a bytearray of width * bpp bytes."""
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        cur = bytearray(raw[start + 1:start + 1 + stride])
        if kind == 0:
            pass
        elif kind == 1:
            for i in range(bpp, stride):
                cur[i] = (cur[i] + cur[i - bpp]) & 255
        elif kind == 2:
            cur = bytearray((x + p) & 255 for x, p in zip(cur, prev))
        elif kind == 3:
            for i in range(stride):
                left = cur[i - bpp] if i >= bpp else 0
                cur[i] = (cur[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                if i >= bpp:
                    left, upleft = cur[i - bpp], prev[i - bpp]
                else:
                    left = upleft = 0
                cur[i] = (cur[i] + paeth(left, prev[i], upleft)) & 255
        else:
            raise PngError(f"{path}: row {y} has filter type {kind}")
        rows.append(cur)
        prev = cur
    return rows


def rgba(path):
    """(width, height, pixels): pixels is a list of rows of RGBA bytes."""
    width, height, channels, raw = header_and_stream(path)
    rows = unfilter(width, height, channels, raw, path)
    if channels == 4:
        return width, height, rows
    out = []
    for row in rows:
        r = bytearray(width * 4)
        r[0::4], r[1::4], r[2::4] = row[0::3], row[1::3], row[2::3]
        r[3::4] = b"\xff" * width
        out.append(r)
    return width, height, out


def write_png(path, width, height, rows):
    """An 8-bit RGB PNG of rows (each width * 3 bytes), unfiltered."""
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body)))
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    with open(path, "wb") as f:
        f.write(SIGNATURE)
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
                                           8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 6)))
        f.write(chunk(b"IEND", b""))


def main(argv):
    args = argv[1:]
    opts = {"--tol": 24.0, "--small": 2.0, "--frac": 0.005}
    pos = []
    while args:
        a = args.pop(0)
        if a in opts and args:
            opts[a] = float(args.pop(0))
        else:
            pos.append(a)
    if len(pos) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    ref, out, diff = pos
    try:
        rw, rh, rc, rraw = header_and_stream(ref)
        ow, oh, oc, oraw = header_and_stream(out)
        if (rw, rh) != (ow, oh):
            print(f"size {ow}x{oh}, the reference is {rw}x{rh}")
            return 1
        # The same scanlines after the same filters are the same picture;
        # cairo writes the same bytes for the same drawing.
        if (rc, rraw) == (oc, oraw):
            print("identical")
            return 0
        _, _, rrows = rgba(ref)
        _, _, orows = rgba(out)
    except (OSError, PngError) as e:
        print(f"pngcmp: {e}", file=sys.stderr)
        return 2
    worst = 0
    changed = 0
    small = opts["--small"]
    drows = []
    for rrow, orow in zip(rrows, orows):
        d = bytearray(rw * 3)
        for x in range(rw):
            i = 4 * x
            m = max(abs(rrow[i] - orow[i]), abs(rrow[i + 1] - orow[i + 1]),
                    abs(rrow[i + 2] - orow[i + 2]),
                    abs(rrow[i + 3] - orow[i + 3]))
            if m > worst:
                worst = m
            if m > small:
                changed += 1
                d[3 * x:3 * x + 3] = b"\xff\x00\x00"
            else:
                grey = 192 + (rrow[i] + rrow[i + 1] + rrow[i + 2]) // 12
                d[3 * x:3 * x + 3] = bytes((grey, grey, grey))
        drows.append(d)
    frac = changed / float(rw * rh)
    summary = (f"{changed} pixels ({100 * frac:.3f}%) differ by more than "
               f"{small:g}, the largest channel difference is {worst}")
    if worst <= opts["--tol"] and frac <= opts["--frac"]:
        print(f"close enough: {summary}")
        return 0
    write_png(diff, rw, rh, drows)
    print(f"differs: {summary} (tolerance {opts['--tol']:g}, "
          f"{100 * opts['--frac']:g}% of pixels)")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
