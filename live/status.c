/*
 * live/status.c - watch mode's status line.  See status.h.
 *
 * On a terminal the line is redrawn with a carriage return and "erase to
 * end of line", so it stays one line; any other message first erases it
 * (cli_status_clear) and the next drawing puts it back.  Off a terminal
 * (a log file, CI), each status is a line of its own, at most one every
 * CLI_STATUS_EVERY seconds, so a day of watching writes a few thousand
 * lines, not one per drawing.
 *
 * After the drawing's time come what a live stream tells of the program
 * now (the "EKG" line of GHC's live-profiling page): the newest heap
 * size, live bytes and bytes allocated (HEAP_SIZE, HEAP_LIVE,
 * HEAP_ALLOCATED, when the eventlog has them), the newest sample's total
 * and its top band, and the newest mark's label.  On a terminal the whole
 * line is cut to the terminal's width, or rewriting it in place would not
 * work.
 */
#include "status.h"

#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../hp/utf8.h"
#include "../render/layout/layout.h"
#include "../convert/cli.h"
#include "../data/summary.h"

void
cli_status_init(struct cli_status *st, FILE *out, int tty, int quiet, double t)
{
	memset(st, 0, sizeof *st);
	st->out = out;
	st->tty = tty;
	st->quiet = quiet;
	st->last_new = t;
	st->last_line = -1e300;
}

void
cli_status_update(struct cli_status *st, const hp_model *m, double t)
{
	size_t n = m ? hp_model_sample_count(m) : 0, i;

	/* compacted (hp_model_compact): its indices moved, and its
	 * summary keeps each stretch's greatest total */
	if (m != st->m || n < st->scanned ||
	    (m && hp_model_dropped(m) != st->dropped)) {
		st->m = m;
		st->dropped = m ? hp_model_dropped(m) : 0;
		st->scanned = 0;
		st->peak = 0;
		st->peak_t = 0;
	}
	if (n == st->scanned)
		return;
	for (i = st->scanned; i < n; i++) {
		uint64_t v = hp_model_sample_sum(m, i);

		if (i == 0 || v > st->peak) {
			st->peak = v;
			st->peak_t = hp_model_sample_time(m, i);
		}
	}
	st->scanned = n;
	st->last_new = t;
	st->idle_said = 0;
}

void
cli_status_clear(struct cli_status *st)
{
	if (st->shown) {
		fputs("\r\033[K", st->out);
		fflush(st->out);
		st->shown = 0;
	}
}

/* Append s (len bytes) to buf at *n, at most max bytes of it, cut at a
 * character's start: control characters and bytes that are not UTF-8
 * as '?' (band names, marks and file names hold any bytes;
 * hp_utf8_term says which may reach the terminal). */
static void
put_name(char *buf, size_t size, size_t *n, const char *s, size_t len,
	 size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, k;
	unsigned cp;
	int ok;

	for (i = 0; i < len; i += k) {
		k = hp_utf8_term(p + i, len - i, &ok, &cp);
		if (i + k > max || *n + k + 4 >= size)
			break;
		if (ok) {
			memcpy(buf + *n, p + i, k);
			*n += k;
		} else {
			buf[(*n)++] = '?';
		}
	}
	if (i < len && *n + 4 < size) {
		memcpy(buf + *n, "...", 3);
		*n += 3;
	}
	buf[*n] = 0;
}

static void
put(char *buf, size_t size, size_t *n, const char *fmt, const char *a,
    const char *b)
{
	int k = snprintf(buf + *n, size - *n, fmt, a, b);

	if (k > 0)
		*n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

#define NAME_MAX_SHOWN 40

void
cli_status_live(char *buf, size_t size, const hp_model *m)
{
	static const struct {
		enum hp_series s;
		const char *what;
	} gauges[] = { { HP_HEAP_SIZE, "heap" }, { HP_HEAP_LIVE, "live" } };
	size_t n = 0, i, k, ns;
	char v[64];
	const char *sep = "; ";
	uint64_t x;

	buf[0] = 0;
	if (!m || size < 8)
		return;
	for (i = 0; i < sizeof gauges / sizeof gauges[0]; i++)
		if (hp_model_latest(m, gauges[i].s, NULL, &x)) {
			layout_si(v, sizeof v, (double)x, "B");
			put(buf, size, &n, "%s%s ", sep, gauges[i].what);
			put(buf, size, &n, "%s%s", v, "");
			sep = ", ";
		}
	if (hp_model_allocated(m, NULL, &x)) {
		layout_si(v, sizeof v, (double)x, "B");
		put(buf, size, &n, "%sallocated %s", sep, v);
	}
	ns = hp_model_census_count(m);	/* "now" is no exit mark's 0 B */
	if (ns > 0) {
		const hp_band *bands;
		const uint64_t *bytes;
		size_t ne = hp_model_sample(m, ns - 1, &bands, &bytes), top = 0;

		layout_si(v, sizeof v, (double)hp_model_sample_sum(m, ns - 1), "B");
		put(buf, size, &n, "; now %s%s", v, "");
		for (k = 1; k < ne; k++)
			if (bytes[k] > bytes[top])
				top = k;
		if (ne > 0) {
			size_t len;
			const char *label = hp_model_band_label(m, bands[top], &len);

			put(buf, size, &n, "%s%s", ", top ", "");
			put_name(buf, size, &n, label, len, NAME_MAX_SHOWN);
			layout_si(v, sizeof v, (double)bytes[top], "B");
			put(buf, size, &n, " %s%s", v, "");
		}
	}
	for (k = hp_model_mark_count(m); k > 0; k--) {
		const char *label = hp_model_mark_label(m, k - 1);

		if (label && *label) {
			put(buf, size, &n, "%s%s", "; mark '", "");
			put_name(buf, size, &n, label, strlen(label), NAME_MAX_SHOWN);
			put(buf, size, &n, "%s%s", "'", "");
			break;
		}
	}
}

/* Columns of the terminal out is, or 0. */
static size_t
columns(FILE *out)
{
	struct winsize ws;

	if (ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
		return ws.ws_col;
	return 0;
}

void
cli_status_drawn(struct cli_status *st, const char *name, const hp_model *m,
		 double t, time_t wall)
{
	char peak[64], clock[16], live[512], line[1024], shown[256];
	struct tm tm;
	size_t width, nb, ns, sn = 0;
	int k;

	if (st->quiet || (!st->tty && t - st->last_line < CLI_STATUS_EVERY))
		return;
	cli_status_update(st, m, t);
	layout_si(peak, sizeof peak, (double)st->peak, "B");
	if (!localtime_r(&wall, &tm) ||
	    strftime(clock, sizeof clock, "%H:%M:%S", &tm) == 0)
		strcpy(clock, "?");
	cli_status_live(live, sizeof live, m);
	put_name(shown, sizeof shown, &sn, name, strlen(name), sizeof shown - 8);
	name = shown;
	nb = m ? hp_model_band_count(m) : 0;
	/* The censuses, as --summary and the data count them: a .hp's
	 * exit mark is no sample taken (model.h). */
	ns = m ? hp_model_census_count(m) + hp_model_dropped(m) : 0;
	if (m && hp_model_series_only(m))	/* no sample to count */
		k = snprintf(line, sizeof line, "hp2x: %s: no heap profile, "
			     "heap size only, drawn %s%s", name, clock, live);
	else
		k = snprintf(line, sizeof line, "hp2x: %s: %zu sample%s, %zu band%s, peak %s at %.4g s, drawn %s%s",
			     name, ns, ns == 1 ? "" : "s", nb,
			     nb == 1 ? "" : "s", peak, st->peak_t, clock, live);
	if (k < 0)
		return;
	if (st->tty && (width = columns(st->out)) > 0 && strlen(line) >= width) {
		/* Cut at a character start, short of the last column. */
		size_t at = width - 1;

		while (at > 0 && ((unsigned char)line[at] & 0xc0) == 0x80)
			at--;
		line[at] = 0;
	}
	fprintf(st->out, "%s%s%s", st->tty ? "\r" : "", line,
		st->tty ? "\033[K" : "\n");
	fflush(st->out);
	st->shown = st->tty;
	st->last_line = t;
}

double
cli_status_due(const struct cli_status *st, double t)
{
	if (st->quiet || st->idle_said)
		return 1e300;
	return st->last_new + CLI_STATUS_IDLE - t;
}

void
cli_status_idle(struct cli_status *st, const char *name, double t)
{
	if (st->quiet || st->idle_said || t - st->last_new < CLI_STATUS_IDLE)
		return;
	cli_status_clear(st);
	cli_sayf(st->out, "", "%s: no new sample for %.0f s", name,
		 t - st->last_new);
	fflush(st->out);
	st->idle_said = 1;
}

void
cli_status_end(struct cli_status *st)
{
	if (st->shown) {
		fputc('\n', st->out);
		fflush(st->out);
		st->shown = 0;
	}
}
