/*
 * tests/unit/test_status.c - watch mode's status line (live/status.c)
 * with made-up times: rewritten in place on a terminal, one line at most
 * every 10 s off one, silent with -q, the peak kept from new samples
 * only (and started over for a new model), "no new sample for 30 s"
 * said once per pause.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "live/status.h"
#include "hp/reader.h"

static hp_model *
load(const char *text)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();

	assert_non_null(m);
	assert_int_equal(hp_read_mem(m, "t.hp", text, strlen(text), &err), 0);
	return m;
}

static void
add_sample(hp_model *m, double t, uint64_t v)
{
	struct hp_err err = {{0}};
	hp_band b;

	assert_int_equal(hp_model_intern(m, "x", 1, &b, &err), 0);
	assert_int_equal(hp_model_begin(m, t, &err), 0);
	assert_int_equal(hp_model_add(m, b, v, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
}

static size_t
count(const char *s, const char *what)
{
	size_t n = 0;

	for (; (s = strstr(s, what)); s += strlen(what))
		n++;
	return n;
}

static void
not_a_terminal(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct cli_status st;
	hp_model *m = load("BEGIN_SAMPLE 0\na\t1000\nEND_SAMPLE 0\n"
			   "BEGIN_SAMPLE 2.5\na\t1200000\nb\t3\nEND_SAMPLE 2.5\n"
			   "BEGIN_SAMPLE 3\na\t10\nEND_SAMPLE 3\n");

	(void)state;
	cli_status_init(&st, f, 0, 0, 100);
	cli_status_drawn(&st, "FOO.hp", m, 100, 0);
	/* drawings within 10 s write nothing more */
	cli_status_drawn(&st, "FOO.hp", m, 104, 0);
	cli_status_drawn(&st, "FOO.hp", m, 109.9, 0);
	cli_status_drawn(&st, "FOO.hp", m, 110, 0);
	fflush(f);
	assert_int_equal(count(buf, "\n"), 2);
	assert_int_equal(count(buf, "\r"), 0);
	assert_non_null(strstr(buf, "hp2x: FOO.hp: 3 samples, 2 bands, peak 1.2 MB at 2.5 s, drawn "));
	fclose(f);
	free(buf);
	hp_model_free(m);
}

static void
terminal(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct cli_status st;
	hp_model *m = load("BEGIN_SAMPLE 1\na\t5\nEND_SAMPLE 1\n");

	(void)state;
	cli_status_init(&st, f, 1, 0, 0);
	cli_status_drawn(&st, "F", m, 1, 0);
	add_sample(m, 2, 50);
	cli_status_update(&st, m, 2);
	cli_status_drawn(&st, "F", m, 2, 0);
	fflush(f);
	/* each drawing rewrites the one line */
	assert_int_equal(count(buf, "\r"), 2);
	assert_int_equal(count(buf, "\033[K"), 2);
	assert_int_equal(count(buf, "\n"), 0);
	assert_non_null(strstr(buf, "F: 2 samples, 2 bands, peak 50 B at 2 s"));
	/* another message first takes the line away */
	cli_status_clear(&st);
	fflush(f);
	assert_int_equal(count(buf, "\r\033[K"), 1);
	cli_status_clear(&st);	/* nothing shown: nothing written */
	cli_status_drawn(&st, "F", m, 3, 0);
	cli_status_end(&st);
	fflush(f);
	assert_int_equal(count(buf, "\r\033[K"), 1);
	assert_int_equal(buf[strlen(buf) - 1], '\n');
	fclose(f);
	free(buf);
	hp_model_free(m);
}

static void
quiet(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct cli_status st;
	hp_model *m = load("BEGIN_SAMPLE 1\na\t5\nEND_SAMPLE 1\n");

	(void)state;
	cli_status_init(&st, f, 1, 1, 0);
	cli_status_drawn(&st, "F", m, 1, 0);
	cli_status_idle(&st, "F", 100);
	cli_status_end(&st);
	fflush(f);
	assert_int_equal(len, 0);
	fclose(f);
	free(buf);
	hp_model_free(m);
}

static void
idle_once(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct cli_status st;
	hp_model *m = load("BEGIN_SAMPLE 1\na\t5\nEND_SAMPLE 1\n");

	(void)state;
	cli_status_init(&st, f, 0, 0, 0);
	cli_status_update(&st, m, 5);	/* a sample at 5 s */
	assert_true(cli_status_due(&st, 10) == 25);
	cli_status_idle(&st, "F", 34.9);
	fflush(f);
	assert_int_equal(len, 0);
	cli_status_idle(&st, "F", 35);
	cli_status_idle(&st, "F", 80);	/* said once */
	fflush(f);
	assert_string_equal(buf, "hp2x: F: no new sample for 30 s\n");
	assert_true(cli_status_due(&st, 80) > 1e9);
	/* a new sample: the next pause is said again */
	cli_status_update(&st, m, 81);	/* no new sample: nothing changes */
	cli_status_idle(&st, "F", 200);
	fflush(f);
	assert_int_equal(count(buf, "no new sample"), 1);
	add_sample(m, 2, 7);
	cli_status_update(&st, m, 201);
	cli_status_idle(&st, "F", 231);
	fflush(f);
	assert_int_equal(count(buf, "no new sample"), 2);
	fclose(f);
	free(buf);
	hp_model_free(m);
}

static void
new_model(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct cli_status st;
	hp_model *a = load("BEGIN_SAMPLE 1\na\t500\nEND_SAMPLE 1\n");
	hp_model *b = load("BEGIN_SAMPLE 1\na\t7\nEND_SAMPLE 1\n");

	(void)state;
	cli_status_init(&st, f, 0, 0, 0);
	cli_status_update(&st, a, 1);
	assert_int_equal(st.peak, 500);
	/* the file was replaced: the peak is the new model's */
	cli_status_update(&st, b, 2);
	assert_int_equal(st.peak, 7);
	assert_int_equal(st.scanned, 1);
	fclose(f);
	free(buf);
	hp_model_free(a);
	hp_model_free(b);
}

/* What a live stream says of the program now, each part only when the
 * model has it. */
static void
live_fields(void **state)
{
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	char buf[512];
	hp_band a, b;
	char longname[100];

	(void)state;
	cli_status_live(buf, sizeof buf, m);
	assert_string_equal(buf, "");
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 1, 1000000, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 3, 2000000, &err), 0);
	assert_int_equal(hp_model_add_point(m, HP_HEAP_SIZE, 2, 9000000, &err), 0);
	cli_status_live(buf, sizeof buf, m);
	assert_string_equal(buf, "; heap 2 MB");
	assert_int_equal(hp_model_add_point(m, HP_HEAP_LIVE, 3, 500000, &err), 0);
	assert_int_equal(hp_model_add_allocated(m, 3, 7000000000u, &err), 0);
	assert_int_equal(hp_model_intern(m, "a", 1, &a, &err), 0);
	assert_int_equal(hp_model_intern(m, "THUNK\tx", 7, &b, &err), 0);
	assert_int_equal(hp_model_begin(m, 1, &err), 0);
	assert_int_equal(hp_model_add(m, b, 9000000, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_begin(m, 2, &err), 0);
	assert_int_equal(hp_model_add(m, a, 100000, &err), 0);
	assert_int_equal(hp_model_add(m, b, 3000000, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 1, "phase 1", 7, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 1.5, "phase\n2", 7, &err), 0);
	assert_int_equal(hp_model_add_mark(m, 1.7, NULL, 0, &err), 0);
	cli_status_live(buf, sizeof buf, m);
	/* The newest sample, not the peak one; a control character shown as
	 * '?'; the newest mark with a label. */
	assert_string_equal(buf, "; heap 2 MB, live 500 kB, allocated 7 GB; now 3.1 MB, top THUNK?x 3 MB; mark 'phase?2'");
	/* A long name is cut, not at a UTF-8 continuation byte. */
	memset(longname, 'n', sizeof longname);
	memcpy(longname + 39, "\xc3\xa9", 2);
	assert_int_equal(hp_model_intern(m, longname, sizeof longname, &a, &err), 0);
	assert_int_equal(hp_model_begin(m, 3, &err), 0);
	assert_int_equal(hp_model_add(m, a, 10, &err), 0);
	assert_int_equal(hp_model_commit(m, &err), 0);
	cli_status_live(buf, sizeof buf, m);
	assert_non_null(strstr(buf, "top " "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn" "... 10 B"));
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(not_a_terminal),
		cmocka_unit_test(terminal),
		cmocka_unit_test(quiet),
		cmocka_unit_test(live_fields),
		cmocka_unit_test(idle_once),
		cmocka_unit_test(new_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
