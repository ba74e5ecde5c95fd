/*
 * convert/run.c - one run of hp2x: read, write, report.
 *
 * The pipeline: resolve the file names, refuse to overwrite the input,
 * read the prior .aux (-p) before the profile so a missing one fails fast,
 * read the profile into a model, then write either its data (out_hp,
 * out_csv, out_json) or its graph (render_graph), and finally the .aux.
 * Every file is written through cli_out (atomic.c), so a failure at any
 * step leaves what was there before.
 *
 * This is the only place that prints: "hp2x: MESSAGE" for the error that
 * stopped the run (exit 1), "hp2x: warning: MESSAGE" for what a reader
 * tolerated (unless -q).
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../hp/grow.h"
#include "../hp/reader.h"
#include "dataout.h"
#include "watch.h"

int
cli_exists(const char *path, void *ctx)
{
	struct stat st;

	(void)ctx;
	/* Only "not there" counts as missing; any other failure (no
	 * permission) is reported by whoever opens the file. */
	return stat(path, &st) == 0 || (errno != ENOENT && errno != ENOTDIR);
}

static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
		return 0;
	if (strcmp(a, b) == 0)
		return 1;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int
cli_refuse_overwrite(const struct cli_paths *p, struct hp_err *err)
{
	if (same_file(p->input, p->output))
		return hp_err_set(err, "%s: output would overwrite the input",
				  p->output);
	if (p->aux_write && same_file(p->input, p->aux))
		return hp_err_set(err, "%s: the .aux file would overwrite the input",
				  p->aux);
	return 0;
}

int
cli_read_aux(render_aux *a, const char *path, struct hp_err *err)
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
		fprintf(errs, "hp2x: warning: %s\n", hp_model_warning(m, i));
	return n;
}

/* The renderer and the data writers see only a FILE; say which file a
 * failure was about, unless the message already does. */
static void
name_output(struct hp_err *err, const struct cli_out *o)
{
	const char *name = o->is_stdout ? "standard output" : o->path;
	char msg[sizeof err->msg];
	size_t n, k;

	if (!name || strstr(err->msg, name))
		return;
	n = strlen(name);
	k = strlen(err->msg);
	if (n + 2 >= sizeof msg)
		return;
	if (n + 2 + k >= sizeof msg)
		k = sizeof msg - 1 - n - 2;	/* cut the end, keep the name */
	memcpy(msg, name, n);
	memcpy(msg + n, ": ", 2);
	memcpy(msg + n + 2, err->msg, k);
	msg[n + 2 + k] = '\0';
	memcpy(err->msg, msg, sizeof msg);
}

static int
write_data(enum cli_format f, const hp_model *m, FILE *out,
	   struct hp_err *err)
{
	switch (f) {
	case CLI_FORMAT_HP:
		return out_hp(m, out, err);
	case CLI_FORMAT_CSV:
		return out_csv(m, out, err);
	case CLI_FORMAT_JSON:
		return out_json(m, out, err);
	default:
		return hp_err_set(err, "%s is not a data format",
				  cli_format_name(f));
	}
}

/* The graph, then the aux it used: render_graph fills `used`. */
static int
write_graph(const struct cli_settings *s, const struct cli_paths *p,
	    render_ctx *ctx, const hp_model *m, const render_aux *prior,
	    struct cli_out *out, struct cli_out *aux, struct hp_err *err)
{
	render_aux *used = NULL;
	int rc = -1;

	if (p->aux_write && !(used = render_aux_new())) {
		hp_err_set(err, "out of memory");
		goto out;
	}
	if (cli_out_open(out, p->output, err))
		goto out;
	if (render_graph(ctx, m, &s->render, prior, used, out->f, err)) {
		name_output(err, out);
		goto out;
	}
	if (cli_out_commit(out, err))
		goto out;
	if (p->aux_write) {
		if (cli_out_open(aux, p->aux, err))
			goto out;
		if (render_aux_write(used, aux->f, err)) {
			name_output(err, aux);
			goto out;
		}
		if (cli_out_commit(aux, err))
			goto out;
	}
	rc = 0;
out:
	render_aux_free(used);
	return rc;
}

int
cli_write_outputs(const struct cli_settings *s, const struct cli_paths *p,
		  render_ctx *ctx, const hp_model *m, const render_aux *prior,
		  struct hp_err *err)
{
	struct cli_out out = {0}, aux = {0};
	int rc = -1;

	if (cli_format_is_graph(s->format)) {
		if (write_graph(s, p, ctx, m, prior, &out, &aux, err))
			goto out;
	} else {
		if (cli_out_open(&out, p->output, err))
			goto out;
		if (write_data(s->format, m, out.f, err)) {
			name_output(err, &out);
			goto out;
		}
		if (cli_out_commit(&out, err))
			goto out;
	}
	rc = 0;
out:
	cli_out_abort(&out);
	cli_out_abort(&aux);
	return rc;
}

int
cli_run(const struct cli_settings *s, FILE *errs)
{
	struct hp_err err = {{0}};
	struct cli_paths p = {0};
	render_aux *prior = NULL;
	render_ctx *ctx = NULL;
	hp_model *m = NULL;
	int graph = cli_format_is_graph(s->format);
	int status = 1;

	if (s->watch)
		return cli_watch(s, errs);
	if (cli_paths_resolve(&p, s, cli_exists, NULL, &err) ||
	    cli_refuse_overwrite(&p, &err))
		goto fail;
	if (s->prior && graph && !p.aux_read && !s->quiet)
		fprintf(errs, "hp2x: warning: -p has no effect when writing to standard output\n");
	if (p.aux_read) {
		prior = render_aux_new();
		if (!prior) {
			hp_err_set(&err, "out of memory");
			goto fail;
		}
		if (cli_read_aux(prior, p.aux, &err))
			goto fail;
	}
	m = hp_model_new();
	if (!m) {
		hp_err_set(&err, "out of memory");
		goto fail;
	}
	if (hp_read_file(m, p.input, &err)) {
		cli_print_warnings(m, 0, s, errs);
		goto fail;
	}
	cli_print_warnings(m, 0, s, errs);
	if (graph && !(ctx = render_ctx_new(NULL, &err)))
		goto fail;
	if (cli_write_outputs(s, &p, ctx, m, prior, &err))
		goto fail;
	status = 0;
	goto done;
fail:
	fprintf(errs, "hp2x: %s\n", err.msg[0] ? err.msg : "failed");
done:
	render_ctx_free(ctx);
	render_aux_free(prior);
	hp_model_free(m);
	cli_paths_release(&p);
	return status;
}
