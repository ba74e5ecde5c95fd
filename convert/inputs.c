/*
 * convert/inputs.c - the inputs of a run: reading a profile whole and
 * cutting it by the band filter and time window every run applies
 * (cli_select), so a summary describes exactly the graph the same
 * options draw.
 */
#include "inputs.h"

#include <string.h>

#include "../hp/ipe.h"
#include "../hp/parts.h"
#include "../hp/reader.h"
#include "../hp/select.h"
#include "job.h"

int
cli_select(const hp_model *m, const struct cli_settings *s, int lenient,
	   hp_model *prev, hp_model **cut, struct render_opts *ro, char *note,
	   size_t size, struct hp_err *err)
{
	struct hp_select sel = {
		s->include, s->ninclude, s->exclude, s->nexclude,
		s->from, s->to, lenient, prev
	};
	struct hp_window w;

	*cut = NULL;
	*ro = s->render;
	if (size)
		note[0] = '\0';
	if (!hp_select_active(&sel))
		return 0;
	*cut = hp_select_apply(m, &sel, &w, err);
	if (!*cut)
		return -1;
	hp_select_describe(&sel, note, size);
	ro->note = note[0] ? note : NULL;
	ro->has_from = w.has_from;
	ro->from = w.from;
	ro->has_to = w.has_to;
	ro->to = w.to;
	return 0;
}

const hp_model *
cli_input_model(const struct cli_input *in)
{
	return in->cut ? in->cut : in->part;
}

int
cli_pick_part(const hp_model *raw, const struct cli_settings *s,
	      const char *name, hp_model **part, struct hp_err *err)
{
	enum hp_part p = (enum hp_part)(s->kind - 1);
	char has[80];

	if (!s->kind) {
		*part = hp_part_get(raw, hp_part_of(hp_part_default(raw)));
		return 0;
	}
	if ((*part = hp_part_get(raw, p)))
		return 0;
	hp_parts_list(hp_parts_present(raw), has, sizeof has);
	return hp_err_set(err, "%s: holds no %s profile (--kind=%s); it holds: %s",
			  name, hp_part_names[p], hp_part_names[p],
			  has[0] ? has : "nothing to draw");
}

int
cli_input_read(struct cli_input *in, const char *name,
	       const struct cli_settings *s, FILE *errs, struct hp_err *err)
{
	struct hp_read_opts o;
	const char *shown = strcmp(name, "-") ? name : "stdin";
	int rc;

	in->name = name;
	in->raw = hp_model_new();
	if (!in->raw)
		return hp_err_set(err, "out of memory");
	cli_read_opts(s, &o);
	/* what a drawing of it is refused for, a summary is too */
	rc = hp_read_file_opts(in->raw, name, &o, err) ||
	     cli_pick_part(in->raw, s, shown, &in->part, err) ||
	     hp_read_check(in->part, shown, err);
	cli_print_warnings(in->raw, 0, s, errs);
	if (in->part && in->part != in->raw)
		cli_print_warnings(in->part, 0, s, errs);
	if (rc)
		return -1;
	if (!s->quiet && hp_ipe_hp_note(in->part))
		cli_sayf(errs, "note: ", "%s: %s", shown, hp_ipe_hp_note(in->part));
	if (cli_select(in->part, s, 0, NULL, &in->cut, &in->ro, in->note,
		       sizeof in->note, err)) {
		/* say which input, when there are several */
		if (s->ninputs > 1)
			hp_err_name(err, name);
		return -1;
	}
	return 0;
}

void
cli_input_release(struct cli_input *in)
{
	hp_model_free(in->cut);
	hp_model_free(in->raw);
	in->cut = in->raw = in->part = NULL;
}

void
cli_parts_make(struct cli_parts *p, const struct cli_input *in,
	       const struct cli_settings *s)
{
	unsigned k;

	memset(p, 0, sizeof *p);
	for (k = 0; k < HP_NPARTS; k++) {
		hp_model *m = hp_part_get(in->raw, (enum hp_part)k);
		struct hp_err e = { { 0 } };

		if (!m)
			continue;
		if (m == in->part) {
			p->m[k] = cli_input_model(in);
			p->ro[k] = &in->ro;
		} else if (hp_read_check(m, in->name, &e) == 0 &&
			   cli_select(m, s, 1, NULL, &p->cut[k], &p->own[k],
				      p->note[k], sizeof p->note[k], &e) == 0) {
			p->m[k] = p->cut[k] ? p->cut[k] : m;
			p->ro[k] = &p->own[k];
		} else {
			continue;	/* a part with nothing to count */
		}
		p->nprof += k != HP_PART_HEAP_SIZE;
	}
}

void
cli_parts_release(struct cli_parts *p)
{
	unsigned k;

	for (k = 0; k < HP_NPARTS; k++)
		hp_model_free(p->cut[k]);
	memset(p, 0, sizeof *p);
}
