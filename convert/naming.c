/*
 * convert/naming.c - which files a run reads and writes.
 *
 * hp2ps's rules (GHC's utils/hp2ps/Main.c: the input gets .hp
 * appended unless it has it, the output is its basename + .ps), made
 * friendlier: `hp2x FOO'
 * reads FOO.hp if it exists, else FOO.eventlog, else FOO; the output is
 * the argument's
 * basename without .hp (or .eventlog, .gz, .hp.gz) plus .ps, in the
 * current directory, and FOO.aux is written beside it on every run, as
 * hp2ps does.  With -o the aux sits beside OUTPUT and is written only
 * when asked for (-p or --aux).  Standard output never gets an aux.
 *
 * The file system is reached only through the exists callback, so the
 * rules are unit-tested without touching a disk.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "../hp/grow.h"

static int
ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

static char *
concat(const char *a, size_t alen, const char *b, const char *c)
{
	size_t blen = strlen(b), clen = strlen(c);
	char *s;

	/* Lengths come from strings in memory, so the sum cannot overflow. */
	s = hp_malloc(alen + blen + clen + 1);
	if (!s)
		return NULL;
	memcpy(s, a, alen);
	memcpy(s + alen, b, blen);
	memcpy(s + alen + blen, c, clen);
	s[alen + blen + clen] = '\0';
	return s;
}

static const char *
basename_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

char *
cli_name_default(const char *arg, const char *ext)
{
	const char *base = basename_of(arg);
	size_t len = strlen(base);

	if (ends_with(base, len, ".gz") && len > 3)
		len -= 3;
	if (ends_with(base, len, ".hp") && len > 3)
		len -= 3;
	else if (ends_with(base, len, ".eventlog") && len > 9)
		len -= 9;
	return concat(base, len, ".", ext);
}

char *
cli_name_replace_ext(const char *path, const char *ext)
{
	const char *base = basename_of(path);
	const char *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t)(dot - path) : strlen(path);

	return concat(path, len, ".", ext);
}

void
cli_paths_release(struct cli_paths *p)
{
	free(p->input);
	free(p->output);
	free(p->aux);
	free(p->aux_in);
	memset(p, 0, sizeof *p);
}

static int
oom(struct cli_paths *p, struct hp_err *err)
{
	cli_paths_release(p);
	return hp_err_set(err, "out of memory");
}

/* The file to read.  A name that says what it is (.hp, .eventlog, .gz)
 * is read as given.  Else, as hp2ps: FOO.hp when it exists (`hp2x prog'
 * in a build directory means prog.hp, not the executable), else
 * FOO.eventlog (a run with +RTS -l), else FOO itself. */
static int
input_path(struct cli_paths *p, const char *arg, cli_exists_fn exists,
	   void *ctx, struct hp_err *err)
{
	static const char *const ext[] = { ".hp", ".eventlog" };
	size_t len = strlen(arg), k;
	char *name;

	if (!ends_with(arg, len, ".hp") && !ends_with(arg, len, ".eventlog") &&
	    !ends_with(arg, len, ".gz")) {
		for (k = 0; k < 2; k++) {
			name = concat(arg, len, ext[k], "");
			if (!name)
				return oom(p, err);
			if (exists(name, ctx)) {
				p->input = name;
				return 0;
			}
			free(name);
		}
		if (!exists(arg, ctx)) {
			cli_paths_release(p);
			return hp_err_set(err, "cannot open %s (nor %s.hp, nor "
					  "%s.eventlog): No such file or directory",
					  arg, arg, arg);
		}
	}
	/* A missing name that says what it is: the reader's "cannot
	 * open" names what the user typed. */
	p->input = hp_strdup(arg);
	return p->input ? 0 : oom(p, err);
}

/* The -o the aux goes with: of several, the first graph (one read, one
 * aux); its index in *i.  NULL without -o. */
static const char *
aux_output(const struct cli_settings *s, size_t *i)
{
	for (*i = 0; *i < s->noutputs; ++*i)
		if (cli_format_is_graph(s->formats[*i]))
			return s->outputs[*i];
	*i = 0;
	return s->output;
}

/* The aux must be none of the outputs. */
static int
aux_apart(struct cli_paths *p, const struct cli_settings *s,
	  struct hp_err *err)
{
	size_t i;

	for (i = 0; i < s->noutputs || i == 0; i++) {
		const char *out = i ? s->outputs[i] : p->output;

		if (strcmp(p->aux, out) == 0) {
			hp_err_set(err, "%s: the .aux file would overwrite the output",
				   out);
			cli_paths_release(p);
			return -1;
		}
	}
	return 0;
}

int
cli_paths_resolve(struct cli_paths *p, const struct cli_settings *s,
		  cli_exists_fn exists, void *ctx, struct hp_err *err)
{
	int from_stdin = !s->input || strcmp(s->input, "-") == 0;
	size_t gi;
	const char *gout = aux_output(s, &gi);
	int graph = s->noutputs ? cli_format_is_graph(s->formats[gi])
				: cli_format_is_graph(s->format);

	memset(p, 0, sizeof *p);
	if (from_stdin) {
		p->input = hp_strdup("-");
		if (!p->input)
			return oom(p, err);
	} else if (input_path(p, s->input, exists, ctx, err)) {
		return -1;
	}

	if (s->output) {
		p->output = hp_strdup(s->output);
		if (!p->output)
			return oom(p, err);
		/* -p: the prior .aux is the input's, as hp2ps names it
		 * (base.aux here), read and rewritten; --aux alone writes
		 * one beside OUTPUT. */
		p->aux_of = gi;
		if (graph && s->prior && !from_stdin &&
		    strcmp(gout, "-") != 0) {
			p->aux = cli_name_default(s->input, "aux");
			if (!p->aux)
				return oom(p, err);
		} else if (graph && s->aux && strcmp(gout, "-") != 0) {
			p->aux = cli_name_replace_ext(gout, "aux");
			if (!p->aux)
				return oom(p, err);
		}
	} else if (from_stdin) {
		/* hp2ps's filter mode: stdout, no aux. */
		p->output = hp_strdup("-");
		if (!p->output)
			return oom(p, err);
	} else {
		/* Without --format the format is PostScript, or EPS through
		 * -e, and hp2ps names both .ps. */
		p->output = cli_name_default(s->input,
			s->format_given ? s->format->exts[0] + 1 : "ps");
		if (!p->output)
			return oom(p, err);
		if (graph) {
			p->aux = cli_name_default(s->input, "aux");
			if (!p->aux)
				return oom(p, err);
		}
	}
	/* --aux-in and --aux-out name the two files themselves. */
	if (graph && s->aux_out && strcmp(p->output, "-") != 0) {
		free(p->aux);
		if (!(p->aux = hp_strdup(s->aux_out)))
			return oom(p, err);
	}
	if (graph && s->aux_in && strcmp(p->output, "-") != 0) {
		if (!(p->aux_in = hp_strdup(s->aux_in)))
			return oom(p, err);
		if (!p->aux && !(p->aux = hp_strdup(s->aux_in)))
			return oom(p, err);
	}
	if (p->aux) {
		p->aux_read = s->prior;
		p->aux_write = 1;
		if (aux_apart(p, s, err))
			return -1;
	}
	return 0;
}
