/*
 * convert/job.c - the files of one run and the writing of its outputs,
 * shared by a single run (run.c) and watch mode (live/watch.c).
 *
 * Preparing: resolve the file names, refuse to overwrite the input, read
 * the prior .aux (-p) before the profile so a missing one fails fast, and
 * set up the rendering context (fonts) once.  Writing: the model's data
 * (the format row's writer) or its graph (render_graph) and then the
 * .aux the graph used.  Every file goes through cli_out (atomic.c), so a
 * failure at any step leaves what was there before.
 */
#include "job.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../hp/grow.h"
#include "../data/dataout.h"
#include "../page/page.h"

int
cli_exists(const char *path, void *ctx)
{
	struct stat st;

	(void)ctx;
	/* Only "not there" counts as missing; any other failure (no
	 * permission) is reported by whoever opens the file. */
	return stat(path, &st) == 0 || (errno != ENOENT && errno != ENOTDIR);
}

/* The directory part of path ("." for none) and where its last
 * component starts. */
static int
stat_dir(const char *path, struct stat *st, const char **base)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int rc;

	*base = slash ? slash + 1 : path;
	if (!slash)
		return stat(".", st);
	dir = hp_strndup(path, slash == path ? 1 : (size_t)(slash - path));
	if (!dir)
		return -1;
	rc = stat(dir, st);
	free(dir);
	return rc;
}

int
cli_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	const char *ba, *bb;

	if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
		return 0;
	if (strcmp(a, b) == 0)
		return 1;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	/* One is not there (yet: a watched profile): the same name in the
	 * same directory, however either is spelled, is the same file
	 * once it is.  A link made later is caught when the file appears
	 * (live/watch.c). */
	return stat_dir(a, &sa, &ba) == 0 && stat_dir(b, &sb, &bb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
	       *ba && strcmp(ba, bb) == 0;
}

const char *
cli_job_output(const struct cli_job *j, size_t i,
	       const struct cli_format **f)
{
	if (i >= (j->s->noutputs ? j->s->noutputs : 1))
		return NULL;
	if (f)
		*f = j->s->noutputs ? j->s->formats[i] : j->s->format;
	return i ? j->s->outputs[i] : j->p.output;
}

/* No output may be the input, nor another output under another name
 * (a second write would only replace the first). */
static int
refuse_overwrite(const struct cli_job *j, struct hp_err *err)
{
	const struct cli_paths *p = &j->p;
	const char *out, *other;
	size_t i, k;

	for (i = 0; (out = cli_job_output(j, i, NULL)); i++) {
		if (cli_same_file(p->input, out))
			return hp_err_set(err, "%s: output would overwrite the input",
					  out);
		for (k = 0; k < i; k++)
			if (cli_same_file(other = cli_job_output(j, k, NULL),
					  out))
				return hp_err_set(err, "%s and %s are the same file",
						  other, out);
	}
	if (p->aux_write && cli_same_file(p->input, p->aux))
		return hp_err_set(err, "%s: the .aux file would overwrite the input",
				  p->aux);
	return 0;
}

static int
read_aux(render_aux *a, const char *path, struct hp_err *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int rc = 0;

	if (!f)
		return hp_err_set(err, "cannot open %s: %s", path,
				  strerror(errno));
	for (;;) {
		size_t n;

		if (HP_GROW(buf, cap, len + 4096)) {
			rc = hp_err_set(err, "%s: out of memory", path);
			goto out;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0) {
			if (ferror(f))
				rc = hp_err_set(err, "%s: read error: %s", path,
						strerror(errno));
			break;
		}
	}
	if (!rc)
		rc = render_aux_read(a, path, buf, len, err);
out:
	free(buf);
	fclose(f);
	return rc;
}

size_t
cli_print_warnings(const hp_model *m, size_t from,
		   const struct cli_settings *s, FILE *errs)
{
	size_t i, n = hp_model_warning_count(m);

	for (i = from; i < n && !s->quiet; i++)
		cli_say(errs, "warning: ", hp_model_warning(m, i));
	return n;
}

/* Watch mode does not wait for a FIFO's reader (atomic.c). */
static int
nowait(const struct cli_job *j)
{
	return j->s->watch ? CLI_OUT_NOWAIT : 0;
}

/* The graph, then (with_aux) the aux it used (render_graph fills
 * `used`): one result, renamed into place only when both are written. */
static int
write_graph(const struct cli_job *j, const hp_model *m, const char *path,
	    const struct render_opts *ro, int with_aux, struct cli_out *out,
	    struct cli_out *aux, struct hp_err *err)
{
	const struct cli_paths *p = &j->p;
	render_aux *used = NULL;
	int rc = -1;

	if (with_aux && !(used = render_aux_new())) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	if (cli_out_open_flags(out, path, nowait(j), err))
		goto out;
	if (render_graph(j->ctx, m, ro, j->prior, used, out->f, err)) {
		cli_out_name(out, err);
		goto out;
	}
	if (cli_out_finish(out, err))
		goto out;
	if (with_aux) {
		if (cli_out_open_flags(aux, p->aux, nowait(j), err))
			goto out;
		if (render_aux_write(used, aux->f, err)) {
			cli_out_name(aux, err);
			goto out;
		}
		if (cli_out_finish(aux, err))
			goto out;
	}
	/* Both ready: only now does either replace its target. */
	if (cli_out_commit(out, err) ||
	    (with_aux && cli_out_commit(aux, err)))
		goto out;
	rc = 0;
out:
	render_aux_free(used);
	return rc;
}

/* Output i of one drawing: the graph (and its aux), or the data. */
static int
write_one(const struct cli_job *j, const hp_model *m, size_t i,
	  struct hp_err *err)
{
	const struct cli_format *f = NULL;
	const char *path = cli_job_output(j, i, &f);
	struct cli_out out = {0}, aux = {0};
	struct render_opts ro = j->s->render;
	int rc = -1;

	if (f->graph) {
		ro.format = f->surface;
		if (write_graph(j, m, path, &ro,
				j->p.aux_write && i == j->p.aux_of, &out,
				&aux, err))
			goto out;
	} else {
		if (j->tail && f->tail &&
		    (rc = cli_tail_write(j, m, i, path, f, err)) <= 0)
			goto out;
		rc = -1;
		if (cli_out_open_flags(&out, path, nowait(j), err))
			goto out;
		if (f->page && j->parts && j->parts->nprof > 1 &&
		    f->page == out_html
		    ? out_html_parts(j->ctx, j->parts->m, &ro, j->p.input,
				     out.f, err)
		    : f->page ? f->page(j->ctx, m, &ro, j->p.input, out.f, err)
			      : f->write(m, out.f, err)) {
			cli_out_name(&out, err);
			goto out;
		}
		if (cli_out_commit(&out, err))
			goto out;
		if (j->tail && f->tail)
			cli_tail_started(j, m, i, path);
	}
	rc = 0;
out:
	cli_out_abort(&out);
	cli_out_abort(&aux);
	return rc;
}

/*
 * Every output, each on its own: one that fails leaves its previous
 * file and does not keep the others, written from the same read, from
 * being replaced.  err then says every failure, "; " between them.
 */
int
cli_job_write(const struct cli_job *j, const hp_model *m, struct hp_err *err)
{
	size_t i;
	int rc = 0;

	for (i = 0; cli_job_output(j, i, NULL); i++) {
		struct hp_err e = {{0}};

		if (write_one(j, m, i, &e))
			rc = cli_err_also(err, &e);
	}
	return rc;
}

int
cli_job_write_tails(const struct cli_job *j, const hp_model *m,
		    struct hp_err *err)
{
	const struct cli_format *f;
	size_t i;
	int rc = 0;

	for (i = 0; j->tail && cli_job_output(j, i, &f); i++) {
		struct hp_err e = {{0}};

		if (f->tail && write_one(j, m, i, &e))
			rc = cli_err_also(err, &e);
	}
	return rc;
}

int
cli_err_also(struct hp_err *err, const struct hp_err *e)
{
	size_t n = strlen(err->msg);

	snprintf(err->msg + n, sizeof err->msg - n, "%s%s", n ? "; " : "",
		 e->msg[0] ? e->msg : "failed");
	return -1;
}

/* The renderer's warnings (a character no font has), as the model's. */
static void
render_warning(void *closure, const char *msg)
{
	cli_say(closure, "warning: ", msg);
}

/* Some output is a graph or the page: fonts are needed. */
static int
drawn(const struct cli_job *j)
{
	const struct cli_format *f;
	size_t i;

	for (i = 0; cli_job_output(j, i, &f); i++)
		if (f && (f->graph || f->page))
			return 1;
	return 0;
}

int
cli_job_prepare(struct cli_job *j, const struct cli_settings *s,
		cli_exists_fn exists, struct hp_err *err)
{
	memset(j, 0, sizeof *j);
	j->s = s;
	if (cli_paths_resolve(&j->p, s, exists, NULL, err) ||
	    refuse_overwrite(j, err))
		return -1;
	if (j->p.aux_read) {
		j->prior = render_aux_new();
		if (!j->prior)
			return hp_err_set(err, "out of memory");
		if (read_aux(j->prior, j->p.aux_in ? j->p.aux_in : j->p.aux,
			     err))
			return -1;
	}
	if (drawn(j) && !(j->ctx = render_ctx_new(NULL, err)))
		return -1;
	if (j->ctx && !s->quiet)
		render_ctx_set_warn(j->ctx, render_warning, stderr);
	return 0;
}

void
cli_job_release(struct cli_job *j)
{
	render_ctx_free(j->ctx);
	render_aux_free(j->prior);
	cli_job_tails_free(j);
	cli_paths_release(&j->p);
	memset(j, 0, sizeof *j);
}

void
cli_read_opts(const struct cli_settings *s, struct hp_read_opts *o)
{
	size_t i;

	o->measure = s->ticky_by;
	o->by_stack = s->by_stack || (s->format && s->format->whole_stacks);
	/* One read for every output: a flame graph among them has every
	 * output read by whole stacks. */
	for (i = 0; i < s->noutputs; i++)
		o->by_stack |= s->formats[i]->whole_stacks;
}
