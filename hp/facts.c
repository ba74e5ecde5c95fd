/*
 * hp/facts.c - the run's facts: their table, and a command line split
 * as the RTS splits it.  See facts.h.
 */
#include "facts.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"

const struct hp_fact hp_facts[HP_NFACTS] = {
	{ HP_SOURCE, "rts", "RTS", HP_FACT_TEXT },
	{ HP_PROGRAM, "program", "program", HP_FACT_TEXT },
	{ HP_ARGS, "args", "arguments", HP_FACT_TEXT },
	{ HP_RTS_OPTS, "rts_options", "RTS options", HP_FACT_TEXT },
	{ HP_BREAKDOWN, "breakdown", "breakdown", HP_FACT_TEXT },
	{ HP_INTERVAL, "interval", "sampling interval", HP_FACT_SECONDS },
	{ HP_STARTED, "started", "started", HP_FACT_TEXT },
	{ HP_CAPS, "capabilities", "capabilities", HP_FACT_COUNT },
	{ HP_END, "end", "end of the log", HP_FACT_TEXT },
};

int
hp_facts_any(const hp_model *m)
{
	size_t i;

	for (i = 0; i < HP_NFACTS; i++)
		if (hp_model_get(m, hp_facts[i].field))
			return 1;
	return 0;
}

/* Whether a shell would read arg as one word as it is. */
static int
plain(const char *arg, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			    "0123456789+-_./,:=@%^", arg[i]) || arg[i] == '\0')
			return 0;
	return 1;
}

/* arg onto list (*len bytes so far, *cap room), a space before it
 * unless first; quoted '...' with ' as '\'' unless plain. */
static int
put_arg(char **list, size_t *len, size_t *cap, const char *arg, size_t n)
{
	size_t need = *len + 1 + 2 + 4 * n + 1, i;
	char *p;

	if (HP_GROW(*list, *cap, need) || !*list)
		return -1;
	p = *list + *len;
	if (*len)
		*p++ = ' ';
	if (plain(arg, n)) {
		memcpy(p, arg, n);
		p += n;
	} else {
		*p++ = '\'';
		for (i = 0; i < n; i++) {
			if (arg[i] == '\'') {
				memcpy(p, "'\\''", 4);
				p += 4;
			} else {
				*p++ = arg[i];
			}
		}
		*p++ = '\'';
	}
	*p = '\0';
	*len = (size_t)(p - *list);
	return 0;
}

int
hp_facts_set_argv(hp_model *m, const char *argv, size_t n,
		  struct hp_err *err)
{
	const char *a = argv, *end = argv + n;
	char *list[3] = { NULL, NULL, NULL };
	size_t len[3] = { 0, 0, 0 }, cap[3] = { 0, 0, 0 };
	int first = 1, rts = 0, literal = 0, rc = -1, k;

	while (a < end) {
		const char *z = memchr(a, 0, (size_t)(end - a));
		size_t an = (size_t)((z ? z : end) - a);
		const char *arg = a;

		a = z ? z + 1 : end;
		if (first) {	/* the program as it was called */
			first = 0;
			if (!(list[0] = hp_malloc(an + 1)))
				goto oom;
			memcpy(list[0], arg, an);
			list[0][an] = '\0';
			len[0] = an;
			continue;
		}
		if (!literal && an == 4 && !memcmp(arg, "+RTS", 4)) {
			rts = 1;
			continue;
		}
		if (!literal && an == 4 && !memcmp(arg, "-RTS", 4)) {
			rts = 0;
			continue;
		}
		if (!literal && an == 5 && !memcmp(arg, "--RTS", 5)) {
			rts = 0;
			literal = 1;
			continue;
		}
		if (put_arg(&list[rts ? 2 : 1], &len[rts ? 2 : 1],
			    &cap[rts ? 2 : 1], arg, an))
			goto oom;
	}
	for (k = 0; k < 3; k++)
		if (list[k] && hp_model_set(m, k == 0 ? HP_PROGRAM : k == 1 ? HP_ARGS
					    : HP_RTS_OPTS, list[k], len[k], err))
			goto out;
	rc = 0;
	goto out;
oom:
	hp_err_set(err, "out of memory");
out:
	for (k = 0; k < 3; k++)
		free(list[k]);
	return rc;
}

int
hp_facts_from_job(hp_model *m, struct hp_err *err)
{
	const char *job = hp_model_get(m, HP_JOB), *date = hp_model_get(m, HP_DATE);
	char *argv;
	size_t n, i;
	int rc;

	if (date && *date && !hp_model_get(m, HP_STARTED) &&
	    hp_model_set(m, HP_STARTED, date, strlen(date), err))
		return -1;
	if (!job || !*job || hp_model_get(m, HP_PROGRAM))
		return 0;
	/* its words as arguments: the RTS wrote them with a space between
	 * (rts/ProfHeap.c), so one with a space in it cannot be told */
	if (!(argv = hp_malloc(strlen(job) + 1)))
		return hp_err_set(err, "out of memory");
	for (n = 0, i = 0; job[i]; i++)
		if (job[i] != ' ')
			argv[n++] = job[i];
		else if (n && argv[n - 1] != '\0')
			argv[n++] = '\0';
	rc = hp_facts_set_argv(m, argv, n, err);
	free(argv);
	return rc;
}
