/*
 * data/json.c - the JSON writer (json.h).
 */
#include "json.h"

#include <string.h>

#include "../hp/utf8.h"
#include "dataout.h"

void
json_put_str(FILE *f, const char *str, size_t len, int script)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, start = 0, k;
	unsigned cp;

	putc('"', f);
	while (i < len) {
		unsigned char c = s[i];

		if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\' &&
		    !(script && c == '<')) {
			i++;
			continue;
		}
		if (c >= 0x80 && (k = hp_utf8_decode(s + i, len - i, &cp))) {
			if (script && (cp == 0x2028 || cp == 0x2029)) {
				fwrite(s + start, 1, i - start, f);
				fprintf(f, "\\u%04x", cp);
				start = i + k;
			}
			i += k;
			continue;
		}
		fwrite(s + start, 1, i - start, f);
		switch (c) {
		case '"': fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\b': fputs("\\b", f); break;
		case '\f': fputs("\\f", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		default: fprintf(f, "\\u%04x", c); break;
		}
		start = ++i;
	}
	fwrite(s + start, 1, len - start, f);
	putc('"', f);
}

void
json_init(struct json_w *w, FILE *f, int script)
{
	memset(w, 0, sizeof *w);
	w->f = f;
	w->script = script;
	w->colon = ":";
}

/* Before a value: the comma, unless it follows its key or comes first. */
static void
sep(struct json_w *w)
{
	if (w->keyed) {
		w->keyed = 0;
		return;
	}
	if (w->depth > 0 && w->depth <= JSON_MAX_DEPTH) {
		unsigned d = w->depth - 1;
		const struct json_space *sp = w->space[d];

		if (w->used[d])
			fputs(w->next_sep ? w->next_sep : sp ? sp->sep : ",",
			      w->f);
		else if (sp)
			fputs(sp->first, w->f);
		w->used[d] = 1;
	}
	w->next_sep = NULL;
}

static void
open_(struct json_w *w, int c, const struct json_space *sp)
{
	sep(w);
	putc(c, w->f);
	if (w->depth < JSON_MAX_DEPTH) {
		w->used[w->depth] = 0;
		w->obj[w->depth] = c == '{';
		w->space[w->depth] = sp;
	}
	w->depth++;
}

void json_object(struct json_w *w) { open_(w, '{', NULL); }
void json_array(struct json_w *w) { open_(w, '[', NULL); }

void
json_object_sp(struct json_w *w, const struct json_space *sp)
{
	open_(w, '{', sp);
}

void
json_array_sp(struct json_w *w, const struct json_space *sp)
{
	open_(w, '[', sp);
}

void
json_end(struct json_w *w)
{
	unsigned d = --w->depth;

	if (d < JSON_MAX_DEPTH && w->used[d] && w->space[d])
		fputs(w->space[d]->close, w->f);
	putc(d < JSON_MAX_DEPTH && w->obj[d] ? '}' : ']', w->f);
}

void
json_next_sep(struct json_w *w, const char *s)
{
	w->next_sep = s;
}

void
json_key(struct json_w *w, const char *key)
{
	sep(w);
	json_put_str(w->f, key, strlen(key), w->script);
	fputs(w->colon, w->f);
	w->keyed = 1;
}

void
json_str(struct json_w *w, const char *s, size_t len)
{
	sep(w);
	json_put_str(w->f, s, len, w->script);
}

void
json_cstr(struct json_w *w, const char *s)
{
	if (!s)
		json_null(w);
	else
		json_str(w, s, strlen(s));
}

void
json_num(struct json_w *w, double v)
{
	char buf[OUT_TIME_MAX];

	sep(w);
	if (out_time(buf, v) < 0)
		fputs("null", w->f);
	else
		fputs(buf, w->f);
}

void
json_u64(struct json_w *w, uint64_t v)
{
	sep(w);
	out_u64(w->f, v);
}

void
json_int(struct json_w *w, long long v)
{
	sep(w);
	if (v < 0) {
		putc('-', w->f);
		out_u64(w->f, (uint64_t)0 - (uint64_t)v);
	} else {
		out_u64(w->f, (uint64_t)v);
	}
}

void
json_bool(struct json_w *w, int v)
{
	sep(w);
	fputs(v ? "true" : "false", w->f);
}

void
json_null(struct json_w *w)
{
	sep(w);
	fputs("null", w->f);
}

void
json_raw(struct json_w *w, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i, start = 0;

	sep(w);
	if (!w->script) {
		fwrite(text, 1, len, w->f);
		return;
	}
	for (i = 0; i < len; i++) {
		const char *esc = NULL;

		if (s[i] == '<')
			esc = "\\u003c";
		else if (s[i] == 0xe2 && i + 2 < len && s[i + 1] == 0x80 &&
			 (s[i + 2] == 0xa8 || s[i + 2] == 0xa9))
			esc = s[i + 2] == 0xa8 ? "\\u2028" : "\\u2029";
		if (!esc)
			continue;
		fwrite(s + start, 1, i - start, w->f);
		fputs(esc, w->f);
		if (s[i] != '<')
			i += 2;
		start = i + 1;
	}
	fwrite(s + start, 1, len - start, w->f);
}
