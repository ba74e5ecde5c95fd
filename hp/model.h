/*
 * hp/model.h - the heap profile: one representation that every reader
 * fills and every output reads.
 *
 * A model holds a header (JOB, DATE, units, breakdown), band names interned
 * once in first-seen order, samples in time order, marks, and optional
 * heap-size series.  It is append-only: readers open a sample, add
 * (band, bytes) pairs, and commit it.  A sample that is never committed
 * (a file cut short) is simply not there.  Watch mode extends a model as
 * a file grows, without re-reading.
 *
 * Samples are sparse: each keeps only the bands its reader listed (a zero
 * listed is kept: "DRAG 0" in a -hb profile is data), so 10,000 bands by
 * 100,000 samples costs what the data costs, not a dense matrix.
 * Values are exact 64-bit byte counts; times are seconds.
 *
 * Each band's total is kept up to date on commit, so ordering bands
 * never rescans the samples.
 *
 * The model owns every string it returns; they live until hp_model_free.
 * No function prints or exits; failures return -1 and fill a struct hp_err.
 */
#ifndef HP_MODEL_H
#define HP_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

typedef struct hp_model hp_model;
typedef uint32_t hp_band;

enum hp_field {
	HP_JOB,
	HP_DATE,
	HP_SAMPLE_UNIT,
	HP_VALUE_UNIT,
	HP_BREAKDOWN,		/* e.g. "by closure type (-hT)"; not in a .hp */
	HP_SOURCE,		/* e.g. "GHC-9.0.2 rts_p" */
	/* the run's facts besides (hp/facts.h says each one) */
	HP_PROGRAM,		/* argv[0] */
	HP_ARGS,		/* the program's arguments, quoted */
	HP_RTS_OPTS,		/* the RTS's (+RTS ... -RTS), quoted */
	HP_INTERVAL,		/* seconds between samples, e.g. "0.05" */
	HP_STARTED,		/* e.g. "2026-11-26T10:50:18Z" */
	HP_CAPS,		/* capabilities, e.g. "4" */
	HP_END,			/* "complete" or "cut" */
	HP_NFIELDS
};

enum hp_series {
	HP_HEAP_SIZE,		/* HEAP_SIZE events */
	HP_BLOCKS_SIZE,		/* BLOCKS_SIZE events */
	HP_HEAP_LIVE,		/* HEAP_LIVE events */
	HP_NSERIES
};

/* Each series' name for people ("heap size": legends, summaries) and
 * its key in JSON and CSV ("heap_size"). */
extern const struct hp_series_name {
	const char *name, *key;
} hp_series_names[HP_NSERIES];

/* Info-table provenance of a -hi band (from IPE events). */
struct hp_ipe {
	const char *table_name;
	const char *closure_desc;
	const char *type_desc;
	const char *label;
	const char *module;
	const char *srcloc;
};

/* What a model was read from: it says what the sample times are (a
 * .hp's are the mutator's CPU seconds, an eventlog's elapsed seconds
 * since the program started; a ticky report's one sample of totals has
 * no clock) and whether an eventlog's series stand in for a missing
 * heap profile.  The reader sets it (hp/reader.c) as soon as the first
 * bytes say; HP_KIND_UNKNOWN is the reader's "not yet", never a read
 * model's.  A model made in code is HP_KIND_HP until set. */
enum hp_kind { HP_KIND_UNKNOWN, HP_KIND_HP, HP_KIND_EVENTLOG, HP_KIND_TICKY };

/* Lifecycle.  hp_model_new returns NULL only when out of memory. */
hp_model *hp_model_new(void);
void hp_model_free(hp_model *m);

/*
 * A cache slot, in the way of cairo's user data: one pointer that a
 * reader of the model keeps with it, and the function that frees it
 * (render/ keeps its drawing summary there, so that it lives as long as
 * the samples it describes).  It is no part of what the model holds:
 * it is set through a const model, as a drawing has one (so two
 * drawings of one model must not run at the same time; none do, hp2x
 * has no drawing threads).  Setting it destroys the data it held (if
 * other); hp_model_free destroys it; hp_model_share_range takes prev's
 * over.  NULL until set.
 */
void *hp_model_cache(const hp_model *m);
void hp_model_set_cache(const hp_model *m, void *data,
			void (*destroy)(void *));

void hp_model_set_kind(hp_model *m, enum hp_kind k);
enum hp_kind hp_model_kind(const hp_model *m);

/* The other models of one run: an eventlog may hold several profiles
 * (+RTS -hc -p -l: heap, time, the heap-size series), each read into a
 * model of its own; the model given to the reader holds the others, in
 * slots 0..HP_MODEL_OTHERS-1 (hp/parts.h says which slot is which and
 * picks among them).  Setting a slot frees the model it held; m frees
 * them with itself.  NULL when empty. */
#define HP_MODEL_OTHERS 4
void hp_model_set_other(hp_model *m, unsigned slot, hp_model *other);
hp_model *hp_model_other(const hp_model *m, unsigned slot);
/* Whether the model is one part of a run that holds a profile besides:
 * the heap-size series of a +RTS -hT -l log, whose title must not say
 * the log has no heap profile.  The reader sets it; a cut keeps it. */
void hp_model_set_beside(hp_model *m, int on);
int hp_model_beside(const hp_model *m);

/* Header fields.  A later set replaces an earlier one (as in hp2ps).
 * hp_model_get returns NULL for a field never set. */
int hp_model_set(hp_model *m, enum hp_field f, const char *s, size_t len,
		 struct hp_err *err) HP_MUSTCHECK;
const char *hp_model_get(const hp_model *m, enum hp_field f);

/* Bands.  hp_model_intern finds or adds the band with exactly these bytes
 * (any bytes, NUL included) and stores its index in *out.  Indices are
 * dense, 0..count-1, in first-seen order. */
int hp_model_intern(hp_model *m, const char *name, size_t len, hp_band *out,
		    struct hp_err *err) HP_MUSTCHECK;
int hp_model_lookup(const hp_model *m, const char *name, size_t len,
		    hp_band *out);	/* 1 found, 0 not */
/* Band b takes the name given, for a reader that learns a band's name
 * after its samples (GHC's ticky counters are defined at exit, after
 * the samples that named them by id).  0; 1 when another band has that
 * name (b keeps its own); -1 when out of memory. */
int hp_model_band_rename(hp_model *m, hp_band b, const char *name,
			 size_t len, struct hp_err *err) HP_MUSTCHECK;
size_t hp_model_band_count(const hp_model *m);
/* The interned bytes (NUL-terminated; *len may be NULL). */
const char *hp_model_band_name(const hp_model *m, hp_band b, size_t *len);
/* What to show for the band: its label if one was set, else its name. */
const char *hp_model_band_label(const hp_model *m, hp_band b, size_t *len);
int hp_model_band_set_label(hp_model *m, hp_band b, const char *s,
			    size_t len, struct hp_err *err) HP_MUSTCHECK;
int hp_model_band_set_ipe(hp_model *m, hp_band b, const struct hp_ipe *ipe,
			  struct hp_err *err) HP_MUSTCHECK;
const struct hp_ipe *hp_model_band_ipe(const hp_model *m, hp_band b);

/* The sum of a band's bytes over committed samples. */
double hp_model_band_total(const hp_model *m, hp_band b);

/* Samples.  hp_model_begin opens a sample at time t (seconds); t must not
 * be earlier than the last committed sample, and no sample may be open.
 * hp_model_add adds bytes to a band of the open sample: zero included
 * (the band is then listed with 0), a band added twice is summed
 * (refused if the sum passes 2^64-1) and its values kept as parts.
 * hp_model_add_many is hp_model_add of bytes[i] to bands[i] for each i
 * in turn, with the per-call checks paid once; when it fails, *done says
 * how many were added and bands[*done] is the one refused.
 * hp_model_commit makes the sample visible; hp_model_abort drops it. */
int hp_model_begin(hp_model *m, double t, struct hp_err *err) HP_MUSTCHECK;
int hp_model_add(hp_model *m, hp_band b, uint64_t bytes,
		 struct hp_err *err) HP_MUSTCHECK;
int hp_model_add_many(hp_model *m, const hp_band *bands,
		      const uint64_t *bytes, size_t n, size_t *done,
		      struct hp_err *err) HP_MUSTCHECK;
int hp_model_commit(hp_model *m, struct hp_err *err) HP_MUSTCHECK;
void hp_model_abort(hp_model *m);
int hp_model_is_open(const hp_model *m);
/* Append the committed samples of `from`, whose band k is band map[k]
 * here (a one-to-one map), as if each had been begun, added and
 * committed here in turn: same entries, sums and per-band totals.
 * No sample may be open here; the first appended must not be earlier
 * than the last one here. */
int hp_model_append(hp_model *m, const hp_model *from, const hp_band *map,
		    struct hp_err *err) HP_MUSTCHECK;
/* The same for samples lo..hi-1 of `from` (hi past its end: to its end),
 * keeping only the entries of the bands b with keep[b] (keep NULL: all;
 * map[b] is read only for those): what a window or a band filter cuts
 * (hp/select.c), in one pass and without a lookup per entry. */
int hp_model_append_range(hp_model *m, const hp_model *from, size_t lo,
			  size_t hi, const hp_band *map, const char *keep,
			  struct hp_err *err) HP_MUSTCHECK;
/* hp_model_append of all of `from`, whose samples' memory is given back
 * to the system as they are copied (two halves of a file are joined
 * without needing both at once), leaving `from` without samples; on
 * failure m holds the samples appended so far and `from` is fit only
 * for hp_model_free. */
int hp_model_append_drain(hp_model *m, hp_model *from, const hp_band *map,
			  struct hp_err *err) HP_MUSTCHECK;
/* Samples lo..hi-1 of `from` as this model's samples, their entries
 * shared rather than copied (a window of a gigabyte profile is not
 * copied to be drawn): m holds no sample yet and the same bands as
 * `from`, in the same order.  m must be freed before `from` is, or
 * written to first (the shared entries are then copied), and is not
 * read after `from` grows, except as prev here.  prev (or NULL): an
 * earlier share of `from` from the same lo, made before `from` grew:
 * its per-band totals and its cache (hp_model_cache) are taken
 * over, so only the samples past it are read (watch mode's window, one
 * share per drawing); it is then only fit to be freed. */
int hp_model_share_range(hp_model *m, const hp_model *from, size_t lo,
			 size_t hi, hp_model *prev,
			 struct hp_err *err) HP_MUSTCHECK;
/* Whether m's entries are another model's (hp_model_share_range). */
int hp_model_shares(const hp_model *m);

size_t hp_model_sample_count(const hp_model *m);	/* committed only */
double hp_model_sample_time(const hp_model *m, size_t i);
/* The first of samples 0..n-1 at or after time t (n when none). */
size_t hp_model_first_at(const hp_model *m, size_t n, double t);
/* Entries of sample i, in first-added order: n pairs (bands[k], bytes[k]),
 * every band at most once; bytes[k] may be 0. */
size_t hp_model_sample(const hp_model *m, size_t i, const hp_band **bands,
		       const uint64_t **bytes);
/* Sum of the whole sample (saturating at 2^64-1). */
uint64_t hp_model_sample_sum(const hp_model *m, size_t i);
/* Index of sample i's first entry among all entries, in sample order:
 * its entry k is entry hp_model_sample_first(m, i) + k. */
size_t hp_model_sample_first(const hp_model *m, size_t i);
/* GHC's exit sample.  endHeapProfiling (rts/ProfHeap.c) ends every
 * .hp with an empty BEGIN_SAMPLE t / END_SAMPLE t pair, t the time the
 * program ended: it marks the end of the run, nothing was measured.  A
 * reader of input that has one says so (hp_model_set_exit_sample, the
 * .hp reader); then a last sample that lists no band, after another
 * sample, is that mark and not a census.  It stays a sample: drawings
 * end there and fall to zero, as hp2ps draws it, and .hp output writes
 * it back.  Every number about the bands (last value, growth, peaks,
 * phases, sample counts) reads only the censuses: samples
 * 0..hp_model_census_count-1.  An eventlog has no such sample. */
void hp_model_set_exit_sample(hp_model *m, int on);
int hp_model_exit_sample(const hp_model *m);	/* as set */
/* The censuses: every sample but a last one that is the exit mark. */
size_t hp_model_census_count(const hp_model *m);
/* When the run ended, as far as the input says: the last sample's time
 * (the exit mark's, when there is one); 0 without samples. */
double hp_model_end_time(const hp_model *m);
/* Parts: the values of every entry that was added more than once (old
 * -hd profiles list a name twice in a sample), each as it was added:
 * n pairs (entry[k], bytes[k]), by entry, in add order within one.
 * An entry's parts sum to its bytes.  hp2ps counts each as a data
 * point (its -d order); everything else uses the sum. */
size_t hp_model_parts(const hp_model *m, const size_t **entry,
		      const uint64_t **bytes);

/* Marks: a time and an optional label (NULL when there is none). */
int hp_model_add_mark(hp_model *m, double t, const char *label, size_t len,
		      struct hp_err *err) HP_MUSTCHECK;
size_t hp_model_mark_count(const hp_model *m);
double hp_model_mark_time(const hp_model *m, size_t i);
const char *hp_model_mark_label(const hp_model *m, size_t i);

/* Heap-size series from eventlogs.  Points may come in any order (an
 * eventlog of several capabilities has each one's events in blocks of
 * its own); a series is held, and read, in time order (equal times in
 * the order they came).  A series comes from every garbage collection,
 * so a program streaming for days would make it grow without end: past
 * HP_SERIES_MAX points it is thinned, each run of points kept as its
 * least and greatest value, the runs twice as long at every thinning.
 * Below that every point is kept as given. */
#define HP_SERIES_MAX ((size_t)1 << 16)
int hp_model_add_point(hp_model *m, enum hp_series s, double t, uint64_t v,
		       struct hp_err *err) HP_MUSTCHECK;
size_t hp_model_series(const hp_model *m, enum hp_series s, const double **t,
		       const uint64_t **v);
/* Whether any series has a point. */
int hp_model_has_series(const hp_model *m);
/* Whether the model is an eventlog's heap-size series alone: no profile
 * began (every profile's first event names its breakdown), so there is
 * no sample, but the GC's events gave series (plain +RTS -l).  Such a
 * model is drawn and summarised as its series. */
int hp_model_series_only(const hp_model *m);
/* What a live view shows now: the point of series s with the greatest
 * time (the later one of equals), thinned or not.  1, or 0 when s has
 * none; t and v may be NULL. */
int hp_model_latest(const hp_model *m, enum hp_series s, double *t,
		    uint64_t *v);
/* Bytes allocated since the program started (HEAP_ALLOCATED, a counter
 * the collector posts at every collection): held as a series is, in
 * time order and thinned past HP_SERIES_MAX, so the rate between two
 * counts is the allocation rate there (the page's heap view).
 * hp_model_allocated says the count of greatest time (1), or 0 when
 * there is none. */
int hp_model_add_allocated(hp_model *m, double t, uint64_t v,
			   struct hp_err *err) HP_MUSTCHECK;
size_t hp_model_allocations(const hp_model *m, const double **t,
			    const uint64_t **v);
int hp_model_allocated(const hp_model *m, double *t, uint64_t *v);

/* Warnings: what a reader tolerated ("dropped truncated final sample").
 * Kept in order; convert/ prints the ones it has not printed yet. */
void hp_model_warn(hp_model *m, const char *fmt, ...) HP_PRINTF(2, 3);
size_t hp_model_warning_count(const hp_model *m);
const char *hp_model_warning(const hp_model *m, size_t i);

/* ---- a model that lets its old samples go ----
 *
 * Watch mode reads a profile for as long as its program runs, so its
 * model must not hold every sample.  hp_model_compact keeps samples
 * upto.. exactly and the ones before only as a summary: they fall into
 * at most nbuckets buckets of as many samples each (adjacent buckets
 * merged pairwise when all are full, as a round-robin database does),
 * and of each bucket the model keeps the sample of least and the one of
 * greatest total and its last (the first bucket its first too), whole,
 * as samples: so a drawing of the run draws every column from the
 * samples a drawing of every sample would take there (least and
 * greatest total, render/layout/colidx.h).  The first
 * hp_model_summarised(m) samples are that summary; the model no longer
 * holds hp_model_dropped(m) of the samples committed.  The open sample,
 * if any, stays open.
 *
 * What hp_stats_compute says of each band (peak and when, integral,
 * last, growth and its fit) and of the run (its censuses, first and
 * last, peak total) stays exact: the model keeps those as running sums
 * (hp/running.h) from its first compaction on, over every sample it
 * had; a share of all its samples (hp_model_share_range) says them too.
 * Shapes and phases are read from the samples held.
 *
 * The running sums must hold every sample before upto first:
 * hp_running_compact (running.h) folds them and compacts, and says how
 * many samples moved (*removed) to them.
 *
 * Sample indices change: anything that holds an index into m, a share
 * of m's entries or a summary of them (hp_model_cache) must let go of it
 * first (m's own cache slot is emptied).  0, or -1 (err) when out of
 * memory. */
int hp_model_compact(hp_model *m, size_t upto, size_t nbuckets,
		     size_t *removed, struct hp_err *err) HP_MUSTCHECK;
size_t hp_model_summarised(const hp_model *m);
size_t hp_model_dropped(const hp_model *m);
/* The running sums (hp/running.h) of a model that was compacted (or of
 * a share of all its samples), else NULL: through a const model, as
 * hp_model_cache, for hp_stats_compute brings them up to date. */
struct hp_running *hp_model_running(const hp_model *m);
/* m keeps r (running.c makes it), destroy frees it with m. */
void hp_model_set_running(hp_model *m, struct hp_running *r,
			  void (*destroy)(struct hp_running *));

/* ---- profiles that are not heap censuses (ticky, time) ----
 *
 * Every reader fills the same samples and bands; these say what they
 * mean.  A ticky report (one total per counter) is HP_PROFILE_COUNTERS,
 * drawn as bars; ticky samples and time samples are band graphs whose
 * values are rates (per second) or tick counts with a scale. */
enum hp_profile {
	HP_PROFILE_HEAP,	/* bytes live at each census (the default) */
	HP_PROFILE_TICKY,	/* ticky counter samples: rates per second */
	HP_PROFILE_TIME,	/* time samples: ticks per column, see scale */
	HP_PROFILE_COUNTERS	/* a ticky report: one sample of totals */
};
void hp_model_set_profile(hp_model *m, enum hp_profile p);
enum hp_profile hp_model_profile(const hp_model *m);

/* A value v is drawn as v * scale VALUE_UNITs (1 unless set): a time
 * profile counts ticks per column, drawn as CPU seconds per second. */
void hp_model_set_scale(hp_model *m, double scale);
double hp_model_scale(const hp_model *m);

/* Per-interval profiles.  A time sample counts the ticks of a column of
 * time, a ticky sample what its counters counted since the previous
 * sample: amounts over an interval, not a state at an instant.  Such a
 * sample is drawn as its rate held over its interval (a step), so the
 * area under the graph is exactly what was counted (hp/steps.h):
 *   time samples: the column around the sample's time, tick / scale
 *     seconds wide (the eventlog reader puts samples at column middles);
 *   ticky samples: from the previous sample's time to its own, the
 *     first from the origin (0, where the program started; a window
 *     cut from a profile: the sample before it); the value is the
 *     count over it (bytes or entries), the rate that count per second.
 * A heap census is an instant: its interval is [t, t].  The rate is in
 * VALUE_UNITs per second and the amount in VALUE_UNIT x seconds, both
 * before hp_model_scale. */
int hp_model_per_interval(const hp_model *m);
void hp_model_interval(const hp_model *m, size_t i, double *from,
		       double *to);
double hp_model_rate(const hp_model *m, size_t i, uint64_t v);
double hp_model_amount(const hp_model *m, size_t i, uint64_t v);
/* What an amount counts, after scale: "CPU seconds", "bytes",
 * "entries" (the rate is that per second). */
const char *hp_model_amount_unit(const hp_model *m);
/* What one value of a sample counts, as the data outputs give it:
 * "bytes" (a census, a ticky count of allocation), "entries", "ticks". */
const char *hp_model_count_unit(const hp_model *m);
void hp_model_set_origin(hp_model *m, double t);
double hp_model_origin(const hp_model *m);

/* A time profile's tick, seconds (0: not a time profile). */
void hp_model_set_tick(hp_model *m, double seconds);
double hp_model_tick(const hp_model *m);

/* Which ticky count a ticky profile's values are: its reader records
 * the one it was asked for (hp_read_opts, reader.h). */
enum hp_measure { HP_MEASURE_ALLOC, HP_MEASURE_ENTRIES, HP_MEASURE_ALLOCD };
void hp_model_set_measure(hp_model *m, enum hp_measure mm);
enum hp_measure hp_model_measure(const hp_model *m);

/* A band's cost-centre stack (time profiles): frame names outermost
 * first, each ending in a NUL, len bytes in all.  NULL when not set. */
int hp_model_band_set_stack(hp_model *m, hp_band b, const char *frames,
			    size_t len, struct hp_err *err) HP_MUSTCHECK;
const char *hp_model_band_stack(const hp_model *m, hp_band b, size_t *len);

/* A ticky counter's row for its band: all three measures (a report's
 * totals; an eventlog's sums over its committed samples), and what its
 * definition says of the closure. */
struct hp_ticky_row {
	uint64_t entries, alloc, allocd;
	uint64_t arity;
	const char *kinds;	/* argument kinds, e.g. "iL" */
	size_t kinds_len;
	const char *fvs;	/* free variables' kinds (GHC 9.4+), NULL: unknown */
	size_t fvs_len;
	uint64_t info;		/* its info table's address (GHC 9.4+), 0: none */
	int undefined;		/* an eventlog's counter sampled, never defined
				 * (GHC defines them at exit): arity, kinds unknown */
};
int hp_model_band_set_ticky(hp_model *m, hp_band b,
			    const struct hp_ticky_row *r,
			    struct hp_err *err) HP_MUSTCHECK;
const struct hp_ticky_row *hp_model_band_ticky(const hp_model *m, hp_band b);

/* Named totals that are not bands (a ticky report's global counters),
 * in the order added. */
int hp_model_add_counter(hp_model *m, const char *name, size_t len,
			 uint64_t v, struct hp_err *err) HP_MUSTCHECK;
size_t hp_model_counter_count(const hp_model *m);
const char *hp_model_counter(const hp_model *m, size_t i, uint64_t *v);

#endif
