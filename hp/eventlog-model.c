/*
 * hp/eventlog-model.c - what every part of the eventlog reader calls to
 * reach the models: each profile's model (the first profile's is the one
 * given, the others' its parts: hp/parts.h), a sample begun and
 * committed in time order, a header field set,
 * the scratch buffer labels and JOB are built in, and the messages for
 * what fails (out of memory, a model call, damage).  It calls nothing
 * of the reader's: eventlog.c, eventlog-frame.c, eventlog-heap.c and
 * eventlog-prof.c stand on it, so the files call in one direction only.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "eventlog-private.h"
#include "grow.h"
#include "parts.h"

/* ---- messages ---- */

int
el_oom(struct el *st, struct hp_err *err)
{
	return hp_err_set(err, "%s: out of memory", st->name);
}

/* A model call failed (out of memory, or a sum past 2^64-1): say where. */
int
el_model_fail(struct el *st, uint64_t off, struct hp_err *err)
{
	return hp_err_set(err, "%s: byte %llu: %s", st->name,
			  (unsigned long long)off, st->merr.msg);
}

/* Damage is reported once: later damage is usually its consequence. */
void
el_damage(struct el *st, uint64_t off, const char *what)
{
	if (st->damaged)
		return;
	st->damaged = 1;
	hp_model_warn(st->m, "%s: byte %llu: %s", st->name,
		      (unsigned long long)off, what);
}

/* ---- samples ---- */

int
el_sample_commit(struct el *st, enum el_kind kind, uint64_t off,
		 struct hp_err *err)
{
	struct el_out *o = &st->out[kind];

	o->open = 0;
	if (hp_model_commit(o->m, merr(st)))
		return el_model_fail(st, off, err);
	return 0;
}

int
el_sample_begin_at(struct el *st, enum el_kind kind, double t, uint64_t off,
		   struct hp_err *err)
{
	struct el_out *o = &st->out[kind];

	if (o->open && el_sample_commit(st, kind, off, err))
		return -1;
	if (o->nsample && t < o->last_t) {
		/* A restarted log from another run starts its clock again:
		 * carry on after the last sample.  Otherwise (damage) hold
		 * the time, since the model needs samples in order. */
		if (st->restarted)
			st->tbase += o->last_t - t;
		t = o->last_t;
	}
	st->restarted = 0;
	if (hp_model_begin(o->m, t, merr(st)))
		return el_model_fail(st, off, err);
	o->open = 1;
	o->nsample = 1;
	o->last_t = t;
	return 0;
}

int
el_sample_begin(struct el *st, enum el_kind kind, uint64_t ns, uint64_t off,
		struct hp_err *err)
{
	return el_sample_begin_at(st, kind, ev_time(st, ns), off, err);
}

void
el_abort_open(struct el *st)
{
	unsigned k;

	for (k = K_HEAP; k < K_NKINDS; k++)
		if (st->out[k].open) {
			hp_model_abort(st->out[k].m);
			st->out[k].open = 0;
		}
}

/* A model of the same run, holding its facts so far, in the given
 * model's slot p (parts.h). */
static hp_model *
run_model(struct el *st, enum hp_part p, uint64_t off, struct hp_err *err)
{
	hp_model *m = hp_model_new();

	if (!m) {
		el_oom(st, err);
		return NULL;
	}
	hp_model_set_other(st->m, (unsigned)p, m);
	st->all[st->nall++] = m;
	if (hp_part_copy_run(m, st->m, merr(st)) ||
	    hp_model_set(m, HP_VALUE_UNIT, "bytes", 5, merr(st))) {
		el_model_fail(st, off, err);
		return NULL;
	}
	return m;
}

/* The first profile is read into the given model, which then no longer
 * stands for the heap-size series alone: they get a model of their own
 * (parts.h).  Each later profile gets one too. */
int
el_claim(struct el *st, enum el_kind kind, uint64_t off, struct hp_err *err)
{
	static const enum hp_profile profile[] = {
		HP_PROFILE_HEAP, HP_PROFILE_HEAP, HP_PROFILE_TIME, HP_PROFILE_TICKY
	};
	static const enum hp_part part[] = {
		HP_PART_HEAP, HP_PART_HEAP, HP_PART_TIME, HP_PART_TICKY
	};
	struct el_out *o = &st->out[kind];
	int first = 1;
	unsigned k;

	if (o->m)
		return 0;
	for (k = K_HEAP; k < K_NKINDS; k++)
		first &= !st->out[k].m;
	if (first) {
		hp_model *z = run_model(st, HP_PART_HEAP_SIZE, off, err);

		if (!z)
			return -1;
		hp_model_set_beside(z, 1);
		o->m = st->m;
	} else if (!(o->m = run_model(st, part[kind], off, err))) {
		return -1;
	}
	hp_model_set_profile(o->m, profile[kind]);
	return 1;
}

/* ---- header fields ---- */

int
el_set_field(struct el *st, enum el_kind kind, enum hp_field f,
	     const char *s, size_t len, uint64_t off, struct hp_err *err)
{
	size_t i;

	if (kind != K_NONE) {
		if (hp_model_set(st->out[kind].m, f, s, len, merr(st)))
			return el_model_fail(st, off, err);
		return 0;
	}
	for (i = 0; i < st->nall; i++)
		if (hp_model_set(st->all[i], f, s, len, merr(st)))
			return el_model_fail(st, off, err);
	return 0;
}

int
el_set_interval(struct el *st, enum el_kind kind, uint64_t ns, uint64_t off,
		struct hp_err *err)
{
	char s[32];
	int n = snprintf(s, sizeof s, "%.9g", (double)ns / 1e9);

	if (ns == 0 || n < 0 || (size_t)n >= sizeof s)
		return 0;
	return el_set_field(st, kind, HP_INTERVAL, s, (size_t)n, off, err);
}

int
el_buf_room(struct el *st, size_t need)
{
	return need > st->buf_cap ? HP_GROW(st->buf, st->buf_cap, need) : 0;
}

int
el_buf_put(struct el *st, size_t *len, const char *s, size_t n)
{
	if (n > SIZE_MAX - *len - 1 || el_buf_room(st, *len + n + 1))
		return -1;
	memcpy(st->buf + *len, s, n);
	*len += n;
	return 0;
}
