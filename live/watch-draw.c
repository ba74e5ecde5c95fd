/*
 * live/watch-draw.c - watch mode's model and its drawings: a new model
 * and reader for each file, what a drawing shows (another is drawn only
 * when that changed), the drawing itself through the job (and published
 * to --serve), and the messages said under the status line.  The input
 * (watch-input.c) and the loop (watch.c) call it; it calls neither.
 */
#include "watch-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../hp/hash.h"
#include "../hp/running.h"
#include "../convert/inputs.h"

double
watch_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void HP_PRINTF(2, 3)
watch_note(const struct watcher *w, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	if (w->s->quiet)
		return;
	cli_status_clear(w->status);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cli_say(w->errs, "", msg);
	fflush(w->errs);
}

void
watch_report(const struct watcher *w, const struct hp_err *err)
{
	cli_status_clear(w->status);
	cli_say(w->errs, "", err->msg[0] ? err->msg : "failed");
	fflush(w->errs);
}

/* The reader's new warnings, under the status line's place. */
size_t
watch_warnings(const struct watcher *w)
{
	if (hp_model_warning_count(w->m) > w->nwarn && !w->s->quiet)
		cli_status_clear(w->status);
	return cli_print_warnings(w->m, w->nwarn, w->s, w->errs);
}

static void
shown_of(const hp_model *m, struct shown *sh)
{
	uint64_t h = 0;
	int k;

	memset(sh, 0, sizeof *sh);
	live_pos_of(m, &sh->pos);
	for (k = 0; k < HP_NFIELDS; k++) {
		const char *f = hp_model_get(m, (enum hp_field)k);

		/* An absent field differs from an empty one. */
		h = hp_hash_mix(h ^ (f ? hp_hash_bytes(f, strlen(f)) : 1));
	}
	sh->header = h;
}

/* Something new to draw.  Nothing is drawn before the first complete
 * sample: a graph needs one, and the data outputs would claim an empty
 * profile.  A log where no profile began (plain +RTS -l) is drawn as
 * its heap-size series once it has ended: not before, as a live -h -l
 * log looks the same until GHC 9.0 flushes the buffer that holds its
 * HEAP_PROF_BEGIN and first censuses (tests/data/live). */
hp_model *
watch_part(const struct watcher *w)
{
	struct hp_err err = {{0}};
	hp_model *p;

	if (!w->m || cli_pick_part(w->m, w->s, w->input, &p, &err))
		return NULL;
	return p;
}

int
watch_pending(const struct watcher *w)
{
	struct shown sh;
	const hp_model *m = watch_part(w);

	if (!m || (hp_model_sample_count(m) == 0 &&
		   !(w->in.finished && hp_model_series_only(m))))
		return 0;
	if ((!w->drawing.has_drawn && !w->drawing.held) || w->drawing.force)
		return 1;
	shown_of(m, &sh);
	return memcmp(&sh, &w->drawing.drawn, sizeof sh) != 0;
}

/* The view of a profile that has samples holds none of them, or no
 * band (--from past the samples so far, a filter nothing matches yet):
 * such a view is not drawn, so a run whose input ends so, refused then
 * as the one-shot refuses it, leaves no output behind (wind_up); nor
 * does a view ever drawn empty before it holds something. */
static int
view_empty(struct watcher *w, const hp_model *cut)
{
	const hp_band *b;
	const uint64_t *v;
	size_t i, n;

	if (w->drawing.view_ok || !cut || hp_model_sample_count(watch_part(w)) == 0)
		return 0;
	n = hp_model_sample_count(cut);
	for (i = 0; i < n; i++)
		if (hp_model_sample(cut, i, &b, &v) > 0) {
			w->drawing.view_ok = 1;
			return 0;
		}
	return 1;
}

void
watch_draw(struct watcher *w)
{
	struct hp_err err = {{0}};
	hp_model *cut = NULL, *m = watch_part(w);
	double start = watch_now();
	int sel;

	if (!m)
		return;	/* watch_pending said there is something */
	shown_of(m, &w->drawing.drawn);
	w->drawing.force = 0;
	sel = cli_select(m, &w->given, 1, w->drawing.cut, &cut, w->ro, w->drawing.note,
			 sizeof w->drawing.note, &err);
	w->drawing.held = sel == 0 && view_empty(w, cut);
	if (!w->drawing.held) {
		w->drawing.has_drawn = 1;
		w->drawing.drawn_ok = sel == 0 &&
			/* --serve without -o: the page is the output */
			((w->s->serve && !w->s->output) ||
			 cli_job_write(&w->job, cut ? cut : m, &err) == 0);
	}
	if (w->serve)
		cli_serve_publish(w->serve, m, w->ro, w->input);
	hp_model_free(w->drawing.cut);
	/* Kept for the next drawing when it costs nothing to keep: a view
	 * sharing m's samples; a filtered copy would double the memory. */
	w->drawing.cut = cut && hp_model_shares(cut) ? cut : NULL;
	if (!w->drawing.cut)
		hp_model_free(cut);
	if (w->drawing.held) {
		w->drawing.last_draw = watch_now();
		return;
	}
	/* An output that cannot be written (its directory removed, say)
	 * is said once; later drawings keep trying, silently, until one
	 * is written or fails another way. */
	if (!w->drawing.drawn_ok && strcmp(err.msg, w->drawing.draw_err) != 0) {
		watch_report(w, &err);
		snprintf(w->drawing.draw_err, sizeof w->drawing.draw_err, "%s", err.msg);
	}
	if (w->drawing.drawn_ok)
		w->drawing.draw_err[0] = '\0';
	w->drawing.last_draw = watch_now();
	/* A day-long stream makes a drawing slow (each walks every
	 * sample): drawings are then spaced to four times what the last
	 * one took, so watching keeps to a fifth of a core. */
	w->drawing.gap = 4 * (w->drawing.last_draw - start);
	if (w->drawing.gap < w->interval)
		w->drawing.gap = w->interval;
	if (w->drawing.drawn_ok)
		cli_status_drawn(w->status, w->input, m, w->drawing.last_draw,
				 time(NULL));
}

/* The first sample of m's exact part to keep: the last --keep censuses,
 * or those of the last --keep seconds. */
static size_t
keep_from(const struct watcher *w)
{
	const hp_model *m = watch_part(w);
	size_t n = hp_model_sample_count(m), lo = hp_model_summarised(m), at;
	double t;

	if (!(w->s->keep_seconds > 0)) {
		size_t k = w->s->keep_samples ? w->s->keep_samples
			   : WATCH_KEEP;

		return n > k ? n - k : 0;
	}
	t = hp_model_sample_time(m, n - 1) - w->s->keep_seconds;
	at = hp_model_first_at(m, n, t);
	return at > lo ? at : lo;	/* the summary's samples stay summary */
}

int
watch_bound(struct watcher *w, struct hp_err *err)
{
	size_t n, upto, aged, slack;
	hp_model *m = watch_part(w);	/* the part drawn (parts.h) */

	if (!m || (n = hp_model_sample_count(m)) < 2)
		return 0;
	upto = keep_from(w);
	/* once a good share of the window has aged, not at every sample:
	 * a compaction moves the whole window */
	aged = upto > hp_model_summarised(m) ? upto - hp_model_summarised(m) : 0;
	slack = (n - upto) / 2;
	if (aged < (slack > WATCH_AGED ? slack : WATCH_AGED))
		return 0;
	/* the censuses about to go are written first where outputs grow
	 * by them (a failure is said at the next drawing, which writes
	 * such an output whole) */
	{
		struct hp_err ignored = {{0}};

		if (cli_job_write_tails(&w->job, m, &ignored))
			ignored.msg[0] = '\0';
	}
	/* what holds indices of m, or its entries, lets go first */
	hp_model_free(w->drawing.cut);
	w->drawing.cut = NULL;
	if (w->serve)
		cli_serve_forget(w->serve);
	if (hp_running_compact(m, upto, WATCH_BUCKETS, err))
		return -1;
	/* the pages load the compacted model at once (not a "waiting"
	 * page until the next drawing) */
	if (w->serve && w->drawing.has_drawn)
		cli_serve_publish(w->serve, m, w->ro, w->input);
	return 0;
}

/* A new model and reader: the first file, or one that replaced it. */
int
watch_fresh_model(struct watcher *w, struct hp_err *err)
{
	if (w->serve)
		cli_serve_forget(w->serve);
	cli_job_tails_reset(&w->job);
	hp_reader_free(w->r);
	hp_model_free(w->drawing.cut);
	hp_model_free(w->m);
	w->drawing.cut = NULL;
	w->r = NULL;
	w->m = hp_model_new();
	if (w->m)
		w->r = hp_reader_new(w->m, w->input);
	if (!w->m || !w->r)
		return hp_err_set(err, "out of memory");
	{
		struct hp_read_opts o;

		cli_read_opts(w->s, &o);
		hp_reader_set_opts(w->r, &o);
	}
	w->nwarn = 0;
	w->in.fed = 0;
	w->in.more = w->in.broken = w->in.ended = 0;
	w->drawing.has_drawn = w->drawing.held = w->drawing.view_ok = 0;
	w->drawing.force = 1;
	return 0;
}
