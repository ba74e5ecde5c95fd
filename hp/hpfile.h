/*
 * hp/hpfile.h - what the .hp text reader (hpfile.c) offers besides its
 * frontend: joining two halves of one file read at once, for
 * hp_read_file (reader.c).
 */
#ifndef HP_HPFILE_H
#define HP_HPFILE_H

#include "err.h"

/* .hp text read in two parts at once (hp_read_file on a large file):
 * a and b are hp_hpfile_frontend states, b fed what follows a's input
 * from a line start on.  Moves what b read into a's model and state, as
 * if a had read it; then only a is finished and b is destroyed.
 * Returns 1 when done, 0 when a must read b's input itself (nothing
 * changed in a), -1 on failure (err set). */
int hp_hpfile_join(void *a, void *b, struct hp_err *err) HP_MUSTCHECK;

#endif
