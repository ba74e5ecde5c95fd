/*
 * hp/ticky.h - what the ticky-ticky reader (ticky.c) offers besides its
 * frontend: the readable form of a counter's STG name, which the
 * eventlog's ticky counters (eventlog-prof.c) are labelled with too, its
 * closure kind and its argument and free-variable kinds.
 */
#ifndef HP_TICKY_H
#define HP_TICKY_H

#include <stddef.h>

/* The readable form of a ticky counter's STG name, for keys: module and
 * function, without the unique and the package ("go9{v scBC} (Leak.Zoo)
 * (fun) in rcaJ" -> "Leak.Zoo.go9"), " (thk)" or " (LNE)" kept.  Writes
 * up to cap bytes to out (no NUL); returns the whole length. */
size_t hp_ticky_readable(const char *name, size_t len, char *out, size_t cap);

struct hp_ticky_row;

/* What kind of closure a counter's STG name says it counts, from GHC's
 * flags after the name ("(fun)", "(fun,se)", "(thk)", "(con: Just)",
 * "(LNE)"): "function", "thunk", "constructor", "let-no-escape", with
 * ", single entry" where GHC says so; NULL when it says none. */
const char *hp_ticky_closure(const char *name, size_t len);

/* A counter definition's argument kinds and JSON description into r's
 * kinds and fvs (pointing into them; NULL fvs: not known).  GHC 7.8 to
 * 9.2 give the argument kinds alone ("iL"); GHC 9.4 gives the JSON in
 * their place ({"type":"entCntr","subTy":"fun","fvs_c":1,"fvs":"i",
 * "args":"L"}, which a report cuts at 60 characters), GHC 9.6 on both,
 * the JSON after the info table (json, jlen; NULL when none). */
void hp_ticky_kinds(const char *kinds, size_t klen, const char *json,
		    size_t jlen, struct hp_ticky_row *r);

#endif
