/*
 * data/out_speedscope.c - a time profile as speedscope's file format
 * (https://www.speedscope.app/file-format-schema.json), "sampled"
 * profile type, so that the eventlog's time samples open as flame graphs
 * in speedscope and the tools that read its format.
 *
 *   {"$schema": "https://www.speedscope.app/file-format-schema.json",
 *    "shared": {"frames": [{"name": "main"}, {"name": "fib"}, ...]},
 *    "profiles": [{"type": "sampled", "name": JOB, "unit": "seconds",
 *                  "startValue": 0, "endValue": TOTAL,
 *                  "samples": [[0, 1], ...], "weights": [0.05, ...]}],
 *    "name": JOB, "activeProfileIndex": 0, "exporter": "hp2x"}
 *
 * A sample is a band's cost-centre stack, outermost frame first (the
 * model keeps each band's frames: hp_model_band_stack); its weight the
 * CPU seconds the band had in one column (ticks times the tick).  Columns
 * follow in time order, so speedscope's time-ordered view keeps the
 * program's phases at the columns' resolution.  Frames are shared by
 * name.  The command reads the eventlog by stack for this format
 * (cli_read_opts); read by innermost cost centre, each stack is one frame.
 */
#include "dataout.h"

#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"
#include "../hp/hash.h"
#include "json.h"

/* The file's spacing (json.h): its members and the elements of its long
 * lists one to a line, a profile's first members on one. */
static const struct json_space lines = { "", ",\n", "" };
static const struct json_space list = { "\n", ",\n", "" };
static const struct json_space inline_ = { "", ", ", "" };

struct frames {
	const char **name;	/* into the model's stacks */
	size_t *len, n, cap, lcap;
	struct hp_index ix;
};

/* The index of the frame named s, added if new; -1 when out of memory. */
static int64_t
frame_of(struct frames *fr, const char *s, size_t len)
{
	uint64_t h = hp_hash_bytes(s, len);
	size_t slot;
	int64_t v;

	for (slot = hp_index_start(&fr->ix, h); fr->n &&
	     (v = hp_index_next(&fr->ix, h, &slot)) >= 0;)
		if (fr->len[v] == len && memcmp(fr->name[v], s, len) == 0)
			return v;
	if (fr->n >= UINT32_MAX - 1 || HP_GROW(fr->name, fr->cap, fr->n + 1) ||
	    HP_GROW(fr->len, fr->lcap, fr->n + 1) ||
	    hp_index_add(&fr->ix, h, (uint32_t)fr->n))
		return -1;
	fr->name[fr->n] = s;
	fr->len[fr->n] = len;
	return (int64_t)fr->n++;
}

int
out_speedscope(const hp_model *m, FILE *f, struct hp_err *err)
{
	size_t nb = hp_model_band_count(m), ns = hp_model_sample_count(m);
	size_t b, i, k, total_ticks = 0;
	struct frames fr = { 0 };
	uint32_t **stack = hp_callocn(nb ? nb : 1, sizeof *stack);
	size_t *depth = hp_callocn(nb ? nb : 1, sizeof *depth);
	const char *job = hp_model_get(m, HP_JOB);
	double tick = hp_model_tick(m);
	char t[OUT_TIME_MAX];
	struct json_w w;
	int rc = -1;

	if (!stack || !depth) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	if (hp_model_profile(m) != HP_PROFILE_TIME || !(tick > 0)) {
		hp_err_set(err, "speedscope output needs time samples: an eventlog "
			   "of a program run with +RTS -p -l");
		goto out;
	}
	/* Each band's frames as indices, outermost first. */
	for (b = 0; b < nb; b++) {
		size_t len, d = 0;
		const char *s = hp_model_band_stack(m, (hp_band)b, &len), *e, *z;

		if (!s) {	/* no stack: the band's name is its one frame */
			s = hp_model_band_name(m, (hp_band)b, &len);
			if (!(stack[b] = hp_mallocn(1, sizeof **stack)))
				goto oom;
			if ((stack[b][0] = (uint32_t)frame_of(&fr, s, len)) == UINT32_MAX)
				goto oom;
			depth[b] = 1;
			continue;
		}
		for (e = s + len, z = s; z < e; z++)
			d += *z == '\0';
		if (!(stack[b] = hp_mallocn(d ? d : 1, sizeof **stack)))
			goto oom;
		for (k = 0; s < e && k < d; s = z + 1) {
			int64_t v;

			z = memchr(s, '\0', (size_t)(e - s));
			if (!z)
				z = e;
			if ((v = frame_of(&fr, s, (size_t)(z - s))) < 0)
				goto oom;
			stack[b][k++] = (uint32_t)v;
		}
		depth[b] = k;
	}
	json_init(&w, f, 0);
	w.colon = ": ";
	json_object_sp(&w, &lines);
	json_key(&w, "$schema");
	json_cstr(&w, "https://www.speedscope.app/file-format-schema.json");
	json_key(&w, "shared");
	json_object(&w);
	json_key(&w, "frames");
	json_array_sp(&w, &list);
	for (i = 0; i < fr.n; i++) {
		json_object(&w);
		json_key(&w, "name");
		json_str(&w, fr.name[i], fr.len[i]);
		json_end(&w);
	}
	json_end(&w);
	json_end(&w);
	json_key(&w, "profiles");
	json_array(&w);
	json_object_sp(&w, &inline_);
	json_key(&w, "type");
	json_cstr(&w, "sampled");
	json_key(&w, "name");
	json_str(&w, job ? job : "", job ? strlen(job) : 0);
	json_key(&w, "unit");
	json_cstr(&w, "seconds");
	json_key(&w, "startValue");
	json_u64(&w, 0);
	json_next_sep(&w, ",\n");
	json_key(&w, "samples");
	json_array_sp(&w, &list);
	for (i = 0; i < ns; i++) {
		const hp_band *bb;
		const uint64_t *v;
		size_t n = hp_model_sample(m, i, &bb, &v), j;

		for (j = 0; j < n; j++) {
			json_array(&w);
			for (k = 0; k < depth[bb[j]]; k++)
				json_u64(&w, stack[bb[j]][k]);
			json_end(&w);
			total_ticks += (size_t)v[j];
		}
	}
	json_end(&w);
	json_next_sep(&w, ",\n");
	json_key(&w, "weights");
	json_array_sp(&w, &list);
	for (i = 0; i < ns; i++) {
		const hp_band *bb;
		const uint64_t *v;
		size_t n = hp_model_sample(m, i, &bb, &v), j;

		for (j = 0; j < n; j++) {
			/* out_time's "0" for what is not finite, not null:
			 * speedscope wants numbers */
			out_time(t, (double)v[j] * tick);
			json_raw(&w, t, strlen(t));
		}
	}
	json_end(&w);
	out_time(t, (double)total_ticks * tick);
	json_next_sep(&w, ",\n");
	json_key(&w, "endValue");
	json_raw(&w, t, strlen(t));
	json_end(&w);
	json_end(&w);
	json_key(&w, "name");
	json_str(&w, job ? job : "", job ? strlen(job) : 0);
	json_key(&w, "activeProfileIndex");
	json_u64(&w, 0);
	json_key(&w, "exporter");
	json_cstr(&w, "hp2x");
	json_end(&w);
	putc('\n', f);
	rc = out_flush(f, err);
	goto out;
oom:
	hp_err_set(err, "out of memory");
out:
	for (b = 0; stack && b < nb; b++)
		free(stack[b]);
	free(stack);
	free(depth);
	free(fr.name);
	free(fr.len);
	hp_index_free(&fr.ix);
	return rc;
}
