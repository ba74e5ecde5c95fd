/*
 * page/page_facts.c - the run's facts (hp/facts.h) for the page's panel
 * "The run": key "facts", [[label, text], ...] in the table's order,
 * each fact the input says, seconds with their unit.  The labels come
 * from the table, so the page and --summary say the same; the viewer
 * (page/viewer/facts.js) sets them as text.
 */
#include "page.h"

#include <stdio.h>

#include "../hp/facts.h"
#include "../data/json.h"

void
page_facts(struct json_w *w, const hp_model *m)
{
	char buf[64];
	size_t i;

	json_key(w, "facts");
	json_array(w);
	for (i = 0; i < HP_NFACTS; i++) {
		const struct hp_fact *f = &hp_facts[i];
		const char *v = hp_model_get(m, f->field);

		if (!v || !*v)
			continue;
		if (f->kind == HP_FACT_SECONDS) {	/* a number's text */
			snprintf(buf, sizeof buf, "%s s", v);
			v = buf;
		}
		json_array(w);
		json_cstr(w, f->label);
		json_cstr(w, v);
		json_end(w);
	}
	json_end(w);
}
