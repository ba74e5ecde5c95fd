/*
 * data/json.h - one small JSON writer: commas, keys, string escapes
 * and numbers in one place, for every JSON hp2x writes.
 *
 * A struct json_w tracks where it is (inside an object or an array, the
 * first member or not), so a writer says what comes next and never
 * counts commas.  Output is compact (no spaces, no new lines) unless a
 * container is opened with a struct json_space, which says what goes
 * before its first member, between two and before its closing bracket,
 * and colon is ": " (the data outputs' files are read by people too,
 * one sample or band to a line).
 *
 * Strings are the model's bytes, which need not be UTF-8: valid UTF-8 is
 * copied, a byte outside a valid sequence is written \u00XX (read back
 * as Latin-1), so the text is always valid JSON.  With `script` set the
 * text may sit inside an HTML <script> element: '<' is written \u003c
 * (so no "</script" or "<!--" ends or bends the element, HTML's
 * "restrictions for contents of script elements") and U+2028, U+2029
 * as \u2028, \u2029 (line ends to JavaScript before ES2019).
 *
 * Numbers: integers exactly; other numbers as out_time writes them (read
 * back as the same double, '.' in any locale), null when not finite.
 * Errors stick in the FILE; the caller checks it once (out_flush).
 */
#ifndef DATA_JSON_H
#define DATA_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

/* A container's spacing: first before its first member, sep between
 * two, close before the bracket that ends it when it has members.  NULL
 * for a container: compact ("", ",", ""). */
struct json_space {
	const char *first, *sep, *close;
};

struct json_w {
	FILE *f;
	int script;			/* escape for an HTML <script> */
	const char *colon;		/* after a key: ":" (json_init) */
	unsigned depth;
	unsigned char used[JSON_MAX_DEPTH];	/* a member written at depth */
	unsigned char obj[JSON_MAX_DEPTH];	/* an object open there */
	const struct json_space *space[JSON_MAX_DEPTH];
	const char *next_sep;		/* json_next_sep's, once */
	int keyed;			/* a key was written, its value next */
};

void json_init(struct json_w *w, FILE *f, int script);

void json_object(struct json_w *w);	/* { */
void json_array(struct json_w *w);	/* [ */
/* The same, spaced as sp says (NULL: compact). */
void json_object_sp(struct json_w *w, const struct json_space *sp);
void json_array_sp(struct json_w *w, const struct json_space *sp);
void json_end(struct json_w *w);	/* } or ], whichever is open */
/* The separator before the next member of the open container, once,
 * instead of its space's (a long object broken into lines). */
void json_next_sep(struct json_w *w, const char *sep);
/* The key of the next member of the open object. */
void json_key(struct json_w *w, const char *key);

void json_str(struct json_w *w, const char *s, size_t len);
void json_cstr(struct json_w *w, const char *s);	/* null for NULL */
void json_num(struct json_w *w, double v);
void json_u64(struct json_w *w, uint64_t v);
void json_int(struct json_w *w, long long v);
void json_bool(struct json_w *w, int v);
void json_null(struct json_w *w);
/* Text that is already JSON (a value): copied as it is, or with the
 * script escapes when w->script (JSON holds '<' and U+2028/9 only inside
 * strings, where the escapes mean the same). */
void json_raw(struct json_w *w, const char *text, size_t len);

/* The string escaper alone, for writers that place their own commas. */
void json_put_str(FILE *f, const char *s, size_t len, int script);

#endif
