/*
 * hp/regex.h - the --include/--exclude patterns: POSIX extended regular
 * expressions (regex(7), as grep -E) matched in time linear in the name.
 *
 * glibc's regexec is not fit for names a hostile profile chooses: its
 * unanchored search starts again at every byte (x|[ab]*c takes 0.8 s on
 * a 20 kB name, minutes on 200 kB), its DFA cache grows without bound
 * (a.{20}c on a random name: 240 MB and still running after a minute),
 * back-references backtrack exponentially ((x*)*\1y: minutes and 4 GB on
 * 2,000 bytes), regcomp recurses once per nested group (30,000 of them
 * overflow the stack) and expands {m,n} in place (((a{255}){255}){255}:
 * 3.4 GB).  Here a pattern compiles to a Thompson NFA of at most
 * HP_REGEX_MAX_SIZE instructions, with groups nested at most
 * HP_REGEX_MAX_DEPTH deep and no back-references, and a match walks the
 * name once, keeping the set of live instructions: time at most the
 * name's length times the pattern's size, memory the pattern's size.
 *
 * Bytes, as in the C locale hp2x runs in: '.' and [^...] match any byte,
 * ranges are by byte value.  Matching reports only whether the pattern
 * matches somewhere in the name (REG_NOSUB), so leftmost-longest and
 * leftmost-first agree.  GNU's \w \W \s \S are kept; \b \B \< \> \` \'
 * and back-references \1 to \9 are refused.
 */
#ifndef HP_REGEX_H
#define HP_REGEX_H

#include <stddef.h>

#define HP_REGEX_MAX_DEPTH 32	/* groups inside groups */
#define HP_REGEX_MAX_SIZE 10000	/* NFA instructions, {m,n} expanded */

typedef struct hp_regex hp_regex;

/* NULL when pat is not a pattern this accepts, with why (no pattern
 * quoted) in msg; or out of memory ("out of memory"). */
hp_regex *hp_regex_compile(const char *pat, char *msg, size_t size);

/* 1 when re matches somewhere in s[0..len), else 0.  re holds the
 * match's scratch space: one match at a time. */
int hp_regex_match(hp_regex *re, const char *s, size_t len);

void hp_regex_free(hp_regex *re);

#endif
