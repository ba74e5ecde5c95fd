#!/usr/bin/env python3
"""tests/fuzz/mkeventlog.py CASE OUT - write a tiny hand-built eventlog.

The layouts are those GHC writes (rts/eventlog/EventLog.c, and the
"Eventlog encodings" chapter of GHC's user guide): a header
declaring event types (etb, number, size, description, extra, ete), then
events (u16 type, u64 ns, [u16 length], payload), then ff ff.  Each case
is a profile whose content the tests know exactly:

  good        -hT, samples at 1 s and 2 s: THUNK 100 + ARR_WORDS 50, THUNK 300
  types65535  the same samples, with all 65,535 types declared (0..65534)
  pastend     the good samples, then a third sample whose last event
              declares 60,000 bytes of payload and the file ends
  depth255    -hc: one sample, one stack of depth 255 (cost centres
              cc0..cc254), 4096 bytes
  longstack   -hc: one sample, two stacks of depth 200 of cost centres
              labelled with 127 x's (names past 16 KiB), 5 and 6 bytes,
              differing only in their outermost cost centre (id 1 or 2)
  oddnames    -hT: one sample at 1 s whose bands .hp cannot name as
              they are: "a\nb" 1, "a b" 2, " lead" 3, "" 4, "a\\nb" 5
  breakdown   the good samples under breakdown number 99
  badheader   "hdrb" then bytes that are not "hetb"
  hostilemarks  the good samples and three marks whose labels hold
              terminal controls: "red\x1b[31m" at 0.5 s, "two\nlines"
              at 1.5 s, "csi\xc2\x9b2J" (U+009B) at 1.8 s
  badutf8     the good samples, a third with a band named "band\xff\x9b2J"
              (not UTF-8, 0x9b a bare 8-bit CSI), and marks whose labels
              are not UTF-8: "ff\xff" at 0.5 s, "lone\xc2" at 1.5 s,
              "cut\xe2\x80" at 1.8 s, "csi\x9b2J" at 2.5 s and
              "surrogate\xed\xa0\x80" at 2.8 s
  hostilenames  -hT, samples at 1 s and 2 s of bands named as Markdown
              and terminals read them (HOSTILE_NAMES: a pipe, backticks,
              HTML, a line feed, links, emphasis, a mention, an emoji,
              math, a bidi override, bytes not UTF-8, U+009B, ...), each
              100,000 bytes, but "leak|pipe" 1,000,000 then 5,000,000;
              a mark "mark|`x`\n" at 1.5 s
  marks:N     -hT, 400 samples over 40 s of three bands (a ramp, a wave,
              a constant) and N marks, "mark K" at K * 40 / N s
  heapbegun   -hT begun (HEAP_PROF_BEGIN), no sample
  timebegun   -p begun (PROF_BEGIN, 1 ms ticks), no sample
  tickydefs   three TICKY_COUNTER_DEFs (GHC 9.2's layout), no sample
  facts       -hT as good, and the run's facts (hp/facts.h) with hostile
              text: RTS_IDENTIFIER "GHC-9.14.1 rts_thr\x1b[31m",
              PROGRAM_ARGS ./prog, "two\nlines", "</script><b>x</b>",
              "it's", +RTS -N4 -hT -RTS; the wall clock 1795690218.5 s at
              0.25 s; capabilities 0 to 3
  factscut    the same without its end marker
  seeds       (OUT is a directory) the small seeds of tests/fuzz/seeds/eventlog
"""
import os
import struct
import sys

VAR = 0xFFFF
TYPES = {            # the event types a heap profile uses, with sizes
    18: 14,          # BLOCK_MARKER
    160: VAR,        # HEAP_PROF_BEGIN
    161: VAR,        # HEAP_PROF_COST_CENTRE
    162: 8,          # HEAP_PROF_SAMPLE_BEGIN
    163: VAR,        # HEAP_PROF_SAMPLE_COST_CENTRE
    164: VAR,        # HEAP_PROF_SAMPLE_STRING
    165: 8,          # HEAP_PROF_SAMPLE_END
    166: 16,         # HEAP_BIO_PROF_SAMPLE_BEGIN
    58: VAR,         # USER_MARKER (the label, no NUL)
    168: 8,          # PROF_BEGIN
    210: VAR,        # TICKY_COUNTER_DEF
}


RUN_TYPES = {29: VAR, 30: VAR, 43: 16, 45: 2}   # the run's facts (case facts)


def header(types):
    out = [b"hdrb", b"hetb"]
    for num, size in types:
        desc = b"" if len(types) > 100 else b"type %d" % num
        out.append(b"etb\0" + struct.pack(">HHI", num, size, len(desc)) +
                   desc + struct.pack(">I", 0) + b"ete\0")
    out += [b"hete", b"hdre", b"datb"]
    return b"".join(out)


def event(t, ns, payload, declared_len=None):
    head = struct.pack(">HQ", t, ns)
    if TYPES.get(t, RUN_TYPES.get(t)) == VAR:
        n = len(payload) if declared_len is None else declared_len
        head += struct.pack(">H", n)
    return head + payload


def prof_begin(breakdown):
    return event(160, 0, struct.pack(">BQI", 0, 100000000, breakdown) + b"\0" * 7)


def sample_string(ns, label, v):
    return event(164, ns, struct.pack(">BQ", 0, v) + label + b"\0")


def good_samples(breakdown=7):
    s = 1000000000
    return (prof_begin(breakdown) +
            event(162, s, struct.pack(">Q", 0)) +
            sample_string(s, b"THUNK", 100) +
            sample_string(s, b"ARR_WORDS", 50) +
            event(165, s, struct.pack(">Q", 0)) +
            event(162, 2 * s, struct.pack(">Q", 0)) +
            sample_string(2 * s, b"THUNK", 300) +
            event(165, 2 * s, struct.pack(">Q", 0)))


END = b"\xff\xff"

HOSTILE_NAMES = (
    b"leak|pipe",
    b"`tick` ``two``",
    b"<script>alert(1)</script><img src=x onerror=alert(1)>",
    b"two\nlines",
    b"[link](http://evil.example) ![img](http://evil.example/x.png)",
    b"**bold** _em_ ~~gone~~",
    b"@octocat #1 :smile: $x^2$ www.evil.example http://evil.example",
    b"bidi\xe2\x80\xaeevil",
    b"&amp; &lt;b&gt;",
    b"| --- | --- |",
    b"bad\xff\xfeutf8",
    b"`",
    b"back\\|slash",
    b"csi\xc2\x9b2J",
)


def case(name):
    known = sorted(TYPES.items())
    if name == "good":
        return header(known) + good_samples() + END
    if name == "types65535":
        types = [(n, TYPES.get(n, 0)) for n in range(65535)]
        return header(types) + good_samples() + END
    if name == "pastend":
        s = 3000000000
        return (header(known) + good_samples() +
                event(162, s, struct.pack(">Q", 0)) +
                event(164, s, struct.pack(">BQ", 0, 7) + b"LOST", 60000))
    if name == "depth255":
        out = header(known) + prof_begin(1)
        for i in range(255):
            out += event(161, 0, struct.pack(">I", i) + b"cc%d\0M\0M.hs:1\0" % i + b"\0")
        s = 1000000000
        ids = b"".join(struct.pack(">I", i) for i in range(255))
        out += event(162, s, struct.pack(">Q", 0))
        out += event(163, s, struct.pack(">BQB", 0, 4096, 255) + ids)
        out += event(165, s, struct.pack(">Q", 0))
        return out + END
    if name == "longstack":
        out = header(known) + prof_begin(1)
        for i in (1, 2):
            out += event(161, 0, struct.pack(">I", i) + b"x" * 127 + b"\0M\0M.hs:1\0" + b"\0")
        s = 1000000000
        out += event(162, s, struct.pack(">Q", 0))
        for v, outer in ((5, 1), (6, 2)):
            ids = b"".join(struct.pack(">I", 1) for _ in range(199)) + struct.pack(">I", outer)
            out += event(163, s, struct.pack(">BQB", 0, v, 200) + ids)
        out += event(165, s, struct.pack(">Q", 0))
        return out + END
    if name == "oddnames":
        s = 1000000000
        out = header(known) + prof_begin(7) + event(162, s, struct.pack(">Q", 0))
        for v, label in enumerate((b"a\nb", b"a b", b" lead", b"", b"a\\nb"), 1):
            out += sample_string(s, label, v)
        return out + event(165, s, struct.pack(">Q", 0)) + END
    if name == "breakdown":
        return header(known) + good_samples(99) + END
    if name == "hostilemarks":
        s = 1000000000
        out = header(known) + event(58, s // 2, b"red\x1b[31m") + good_samples()
        out += event(58, 3 * s // 2, b"two\nlines")
        out += event(58, 9 * s // 5, b"csi\xc2\x9b2J")
        return out + END
    if name == "badutf8":
        s = 1000000000
        out = header(known) + event(58, s // 2, b"ff\xff") + good_samples()
        out += event(58, 3 * s // 2, b"lone\xc2")
        out += event(58, 9 * s // 5, b"cut\xe2\x80")
        out += (event(162, 3 * s, struct.pack(">Q", 0)) +
                sample_string(3 * s, b"band\xff\x9b2J", 900) +
                event(165, 3 * s, struct.pack(">Q", 0)))
        out = out.replace(event(162, 3 * s, struct.pack(">Q", 0)),
                          event(58, 5 * s // 2, b"csi\x9b2J") +
                          event(58, 14 * s // 5, b"surrogate\xed\xa0\x80") +
                          event(162, 3 * s, struct.pack(">Q", 0)))
        return out + END
    if name == "hostilenames":
        s = 1000000000
        out = header(known) + prof_begin(7)
        for k in (1, 2):
            out += event(162, k * s, struct.pack(">Q", 0))
            for label in HOSTILE_NAMES:
                v = 100000 if label != b"leak|pipe" else 1000000 if k == 1 else 5000000
                out += sample_string(k * s, label, v)
            out += event(165, k * s, struct.pack(">Q", 0))
            if k == 1:
                out += event(58, 3 * s // 2, b"mark|`x`\n")
        return out + END
    if name.startswith("marks:"):
        import math
        n = int(name[6:])
        out = header(known) + prof_begin(7)
        ev, span = [], 40 * 1000000000
        for k in range(400):
            ns = (k + 1) * span // 400
            ev.append((ns, 0, event(162, ns, struct.pack(">Q", 0)) +
                       sample_string(ns, b"ramp", 1000 * k) +
                       sample_string(ns, b"wave", int(200000 + 150000 * math.sin(k / 20))) +
                       sample_string(ns, b"flat", 100000) +
                       event(165, ns, struct.pack(">Q", 0))))
        for k in range(n):
            ns = k * span // n
            ev.append((ns, 1, event(58, ns, b"mark %d" % k)))
        ev.sort(key=lambda e: (e[0], e[1]))
        return out + b"".join(e[2] for e in ev) + END
    if name == "heapbegun":
        return header(known) + prof_begin(7) + END
    if name == "timebegun":
        return header(known) + event(168, 0, struct.pack(">Q", 1000000)) + END
    if name == "tickydefs":
        out = header(known)
        for i in range(3):
            out += event(210, 1000, struct.pack(">QH", i + 1, 1) + b"L\0" +
                         b"Main.f%d{v r%d} (fun)\0" % (i, i))
        return out + END
    if name in ("facts", "factscut"):
        args = b"./prog\0two\nlines\0</script><b>x</b>\0it's\0+RTS\0-N4\0-hT\0-RTS\0"
        out = (header(sorted(list(TYPES.items()) + list(RUN_TYPES.items()))) +
               event(29, 0, struct.pack(">I", 0) + b"GHC-9.14.1 rts_thr\x1b[31m") +
               event(30, 0, struct.pack(">I", 0) + args) +
               event(43, 250000000, struct.pack(">IQI", 0, 1795690218, 500000000)) +
               b"".join(event(45, 1000, struct.pack(">H", c)) for c in range(4)) +
               good_samples())
        return out + (END if name == "facts" else b"")
    if name == "badheader":
        return b"hdrb" + b"\x00\x01\x02\x03" * 8
    raise SystemExit("mkeventlog.py: unknown case " + name)


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    name, out = sys.argv[1], sys.argv[2]
    if name == "seeds":
        for c in ("good", "pastend", "depth255", "breakdown"):
            with open(os.path.join(out, c + ".eventlog"), "wb") as f:
                f.write(case(c))
        return
    with open(out, "wb") as f:
        f.write(case(name))


if __name__ == "__main__":
    main()
