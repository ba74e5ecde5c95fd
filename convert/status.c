/*
 * convert/status.c - watch mode's status line.  See status.h.
 *
 * On a terminal the line is redrawn with a carriage return and "erase to
 * end of line", so it stays one line; any other message first erases it
 * (cli_status_clear) and the next drawing puts it back.  Off a terminal
 * (a log file, CI), each status is a line of its own, at most one every
 * CLI_STATUS_EVERY seconds, so a day of watching writes a few thousand
 * lines, not one per drawing.
 */
#include "status.h"

#include <string.h>

#include "summary.h"

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

	if (m != st->m || n < st->scanned) {
		st->m = m;
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

void
cli_status_drawn(struct cli_status *st, const char *name, const hp_model *m,
		 double t, time_t wall)
{
	char peak[64], clock[16];
	struct tm tm;

	if (st->quiet || (!st->tty && t - st->last_line < CLI_STATUS_EVERY))
		return;
	cli_status_update(st, m, t);
	summary_bytes(peak, sizeof peak, (double)st->peak, "B");
	if (!localtime_r(&wall, &tm) ||
	    strftime(clock, sizeof clock, "%H:%M:%S", &tm) == 0)
		strcpy(clock, "?");
	fprintf(st->out, "%shp2x: %s: %zu samples, %zu bands, peak %s at %.4g s, drawn %s%s",
		st->tty ? "\r" : "", name, st->scanned,
		m ? hp_model_band_count(m) : 0, peak, st->peak_t, clock,
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
	fprintf(st->out, "hp2x: %s: no new sample for %.0f s\n", name,
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
