/*
 * live/metrics.c - /metrics of --serve: what hp2x sees of the
 * profile in Prometheus's text exposition format (version 0.0.4:
 * "# HELP", "# TYPE", then name{label="value"} number per line).
 *
 * Names follow Prometheus's conventions: an hp2x_ prefix, the unit in
 * the name (_bytes, _seconds), _total for counters.  Every series carries
 * the profile's JOB (the program and its arguments, as GHC writes it) as
 * the label `job`, so one Prometheus scraping many hp2x --serve tells the
 * programs apart (with honor_labels: true, else Prometheus keeps it as
 * exported_job).  The census's bands are the drawn ones and OTHER, as the
 * graph has them (-m, default 20), so the label set stays bounded however
 * many bands the profile names.  Label values are the profile's bytes:
 * '\\', '"' and new lines escaped as the format asks, and bytes that are
 * not UTF-8 (which the format requires) written as U+FFFD.  Before the
 * first drawing (no model yet) the counts are 0, with no label: no JOB
 * is known.
 */
#include "metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../hp/utf8.h"
#include "../render/layout/layout.h"
#include "../data/dataout.h"

static void
put_label(FILE *f, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;

	while (p < e) {
		unsigned cp;
		size_t k = hp_utf8_decode(p, (size_t)(e - p), &cp);

		if (k == 0) {
			fputs("\xef\xbf\xbd", f);
			p++;
			continue;
		}
		if (*p == '\\')
			fputs("\\\\", f);
		else if (*p == '"')
			fputs("\\\"", f);
		else if (*p == '\n')
			fputs("\\n", f);
		else
			fwrite(p, 1, k, f);
		p += k;
	}
}

struct met {
	FILE *f;
	const char *job;	/* NULL: no label */
};

static void
head(const struct met *mt, const char *name, const char *type,
     const char *help)
{
	fprintf(mt->f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void
labels(const struct met *mt, const char *name)
{
	fputs(name, mt->f);
	if (!mt->job)
		return;
	fputs("{job=\"", mt->f);
	put_label(mt->f, mt->job, strlen(mt->job));
	fputc('"', mt->f);
}

static void
value_u64(const struct met *mt, uint64_t v)
{
	fputs(mt->job ? "} " : " ", mt->f);
	out_u64(mt->f, v);
	fputc('\n', mt->f);
}

static void
value_num(const struct met *mt, double v)
{
	char buf[OUT_TIME_MAX];

	fputs(mt->job ? "} " : " ", mt->f);
	if (isfinite(v)) {
		out_time(buf, v);
		fputs(buf, mt->f);
	} else {
		fputs("NaN", mt->f);
	}
	fputc('\n', mt->f);
}

static void
one_u64(const struct met *mt, const char *name, const char *type,
	const char *help, uint64_t v)
{
	head(mt, name, type, help);
	labels(mt, name);
	value_u64(mt, v);
}

static void
one_num(const struct met *mt, const char *name, const char *help, double v)
{
	head(mt, name, "gauge", help);
	labels(mt, name);
	value_num(mt, v);
}

/* The latest census per drawn band and OTHER, and its total. */
static int
census(const struct met *mt, const hp_model *m, const struct render_opts *ro,
       struct hp_err *err)
{
	size_t n = hp_model_census_count(m), i, k, cnt;
	struct render_layout l;
	const hp_band *b;
	const uint64_t *v;
	uint64_t *sum, total = 0;

	if (layout_compute(&l, m, ro, NULL, NULL, NULL, err))
		return -1;
	sum = hp_callocn(l.nbands + 1, sizeof *sum);
	if (!sum) {
		layout_release(&l);
		return hp_err_set(err, "out of memory");
	}
	cnt = hp_model_sample(m, n - 1, &b, &v);
	for (k = 0; k < cnt; k++) {
		int32_t s = b[k] < l.nslot ? l.slot[b[k]] : LAYOUT_DROPPED;

		total += v[k];
		if (s >= 0)
			sum[s] += v[k];
	}
	head(mt, "hp2x_census_bytes", "gauge",
	     "The latest census: bytes of each band the graph draws, and of OTHER (what it merges).");
	for (i = l.nbands; i-- > 0;) {
		const struct layout_band *lb = &l.bands[i];

		labels(mt, "hp2x_census_bytes");
		fputs(",band=\"", mt->f);
		put_label(mt->f, lb->name, lb->name_len);
		fputc('"', mt->f);
		value_u64(mt, sum[i]);
	}
	one_u64(mt, "hp2x_census_total_bytes", "gauge",
		"The latest census's total: every band, drawn or not.", total);
	free(sum);
	layout_release(&l);
	return 0;
}

int
metrics_write(FILE *f, const hp_model *m, const struct render_opts *ro,
	      double last_wall, struct hp_err *err)
{
	static const char *const series_help[HP_NSERIES] = {
		"The heap's size, the RTS's latest HEAP_SIZE event.",
		"Bytes in the RTS's blocks, its latest BLOCKS_SIZE event.",
		"Live bytes after the latest major GC (HEAP_LIVE).",
	};
	struct met mt;
	const char *vu = m ? hp_model_get(m, HP_VALUE_UNIT) : NULL;
	/* The censuses, as every count of hp2x: a .hp's exit mark is
	 * none, nor its empty sample the latest census (model.h). */
	size_t n = m ? hp_model_census_count(m) : 0;
	uint64_t v;
	double t;
	int k;

	mt.f = f;
	mt.job = !m ? NULL : hp_model_get(m, HP_JOB) ? hp_model_get(m, HP_JOB) : "";
	one_u64(&mt, "hp2x_samples_total", "counter",
		"Censuses (samples) of the profile read so far.",
		n + (m ? hp_model_dropped(m) : 0));
	one_u64(&mt, "hp2x_bands", "gauge",
		"Bands (cost centres, closure types, ...) the profile has named so far.",
		m ? hp_model_band_count(m) : 0);
	one_u64(&mt, "hp2x_marks_total", "counter",
		"Marks (MARK lines, user markers) read so far.",
		m ? hp_model_mark_count(m) : 0);
	if (!m)
		return out_flush(f, err);
	if (n) {
		one_num(&mt, "hp2x_last_sample_seconds",
			"The latest census's time in the profile: seconds since the program started.",
			hp_model_sample_time(m, n - 1));
		one_num(&mt, "hp2x_last_sample_timestamp_seconds",
			"When hp2x read the latest census: seconds since the Unix epoch.",
			last_wall);
		/* a census in bytes only: ticky and time profiles count
		 * other things */
		if ((!vu || strcmp(vu, "bytes") == 0) && census(&mt, m, ro, err))
			return -1;
	}
	for (k = 0; k < HP_NSERIES; k++) {
		char name[64];

		if (!hp_model_latest(m, (enum hp_series)k, &t, &v))
			continue;
		snprintf(name, sizeof name, "hp2x_%s_bytes", hp_series_names[k].key);
		head(&mt, name, "gauge", series_help[k]);
		labels(&mt, name);
		value_u64(&mt, v);
	}
	if (hp_model_allocated(m, &t, &v))
		one_u64(&mt, "hp2x_allocated_bytes_total", "counter",
			"Bytes the program allocated since it started (HEAP_ALLOCATED).",
			v);
	return out_flush(f, err);
}
