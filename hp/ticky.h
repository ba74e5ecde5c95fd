/*
 * hp/ticky.h - what the ticky-ticky reader (ticky.c) offers besides its
 * frontend: the readable form of a counter's STG name, which the
 * eventlog's ticky counters (eventlog-prof.c) are labelled with too.
 */
#ifndef HP_TICKY_H
#define HP_TICKY_H

#include <stddef.h>

/* The readable form of a ticky counter's STG name, for keys: module and
 * function, without the unique and the package ("go9{v scBC} (Leak.Zoo)
 * (fun) in rcaJ" -> "Leak.Zoo.go9"), " (thk)" or " (LNE)" kept.  Writes
 * up to cap bytes to out (no NUL); returns the whole length. */
size_t hp_ticky_readable(const char *name, size_t len, char *out, size_t cap);

#endif
