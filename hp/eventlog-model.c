/*
 * hp/eventlog-model.c - what every part of the eventlog reader calls to
 * reach the model: which profile the log holds (the first kind seen
 * wins), a sample begun and committed in time order, a header field set,
 * the scratch buffer labels and JOB are built in, and the messages for
 * what fails (out of memory, a model call, damage).  It calls nothing
 * of the reader's: eventlog.c, eventlog-frame.c, eventlog-heap.c and
 * eventlog-prof.c stand on it, so the files call in one direction only.
 */
#include <stdint.h>
#include <string.h>

#include "eventlog-private.h"
#include "grow.h"

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
el_sample_commit(struct el *st, uint64_t off, struct hp_err *err)
{

	st->open = 0;
	if (hp_model_commit(st->m, merr(st)))
		return el_model_fail(st, off, err);
	return 0;
}

int
el_sample_begin_at(struct el *st, double t, uint64_t off, struct hp_err *err)
{
	if (st->open && el_sample_commit(st, off, err))
		return -1;
	if (st->nsample && t < st->last_t) {
		/* A restarted log from another run starts its clock again:
		 * carry on after the last sample.  Otherwise (damage) hold
		 * the time, since the model needs samples in order. */
		if (st->restarted)
			st->tbase += st->last_t - t;
		t = st->last_t;
	}
	st->restarted = 0;
	if (hp_model_begin(st->m, t, merr(st)))
		return el_model_fail(st, off, err);
	st->open = 1;
	st->nsample = 1;
	st->last_t = t;
	return 0;
}

int
el_sample_begin(struct el *st, uint64_t ns, uint64_t off, struct hp_err *err)
{
	return el_sample_begin_at(st, ev_time(st, ns), off, err);
}

int
el_claim(struct el *st, enum el_kind kind)
{
	static const char *const what[] = { "", "heap", "time", "ticky" };
	static const enum hp_profile profile[] = {
		HP_PROFILE_HEAP, HP_PROFILE_HEAP, HP_PROFILE_TIME, HP_PROFILE_TICKY
	};

	if (st->kind == K_NONE) {
		st->kind = kind;
		hp_model_set_profile(st->m, profile[kind]);
		return 1;
	}
	if (st->kind == kind)
		return 1;
	if (!st->other_kind) {
		st->other_kind = 1;
		hp_model_warn(st->m, "%s: the eventlog also holds %s samples; only its %s profile is read",
			      st->name, what[kind], what[st->kind]);
	}
	return 0;
}

/* ---- header fields ---- */

int
el_set_field(struct el *st, enum hp_field f, const char *s, size_t len,
	     uint64_t off, struct hp_err *err)
{

	if (hp_model_set(st->m, f, s, len, merr(st)))
		return el_model_fail(st, off, err);
	return 0;
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
