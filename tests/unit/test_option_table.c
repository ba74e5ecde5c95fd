/*
 * tests/unit/test_option_table.c - the option table's rows (optdef.h)
 * say what the parser does: each row's kind, its bounds, its words and
 * its field are checked by parsing through every row, so a later reader
 * of the table (--help, a shell's completion) can trust them; a
 * choice's words in errors and --help come from its row.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convert/optdef.h"

static struct cli_settings s;
static struct hp_err err;

/* Parse "hp2x" + args + the context ctx (NULL-terminated lists). */
static int
parse_in(const char *const *args, const char *const *ctx)
{
	char *argv[16];
	int argc = 0;

	argv[argc++] = "hp2x";
	for (; *args; args++)
		argv[argc++] = (char *)*args;
	for (; ctx && *ctx; ctx++)
		argv[argc++] = (char *)*ctx;
	argv[argc] = NULL;
	cli_settings_init(&s);
	hp_err_clear(&err);
	return cli_parse(&s, argc, argv, &err);
}

/* What other options a row's option goes with: the first context in
 * which args parse. */
static int
parse_all_somewhere(const char *const *args)
{
	static const char *const contexts[][7] = {
		{ "x.hp", NULL },
		{ "--watch", "unix:x", NULL },
		{ "--serve", "unix:x", NULL },
		{ "a.hp", "b.hp", "-o", "x.pdf", NULL },
		{ "--diff", "a.hp", "b.hp", "-o", "x.pdf", NULL },
	};
	size_t i;

	for (i = 0; i < sizeof contexts / sizeof contexts[0]; i++)
		if (parse_in(args, contexts[i]) == 0)
			return 0;
	return -1;
}

static int
parse_somewhere(const char *arg)
{
	const char *args[] = { arg, NULL };

	return parse_all_somewhere(args);
}

static const void *
field_of(const struct optdef *o)
{
	return (const char *)&s + o->field;
}

/* Every named row: a value iff its kind takes one, the value written
 * where the row says, bounds and words as the row says. */
static void
rows_say_what_they_take(void **state)
{
	const struct optdef *o;
	char a[128];
	size_t i, rows = 0;

	(void)state;
	for (i = 0; (o = cli_opt_at(i)); i++) {
		const char *none[] = { a, NULL };

		if (!o->name)
			continue;
		rows++;
		snprintf(a, sizeof a, "--%s", o->name);
		if (cli_opt_takes_value(o) && !o->optional) {
			assert_int_equal(parse_in(none, NULL), -1);
			assert_non_null(strstr(err.msg, "needs a value"));
		} else if (!cli_opt_takes_value(o)) {
			snprintf(a, sizeof a, "--%s=x", o->name);
			assert_int_equal(parse_in(none, NULL), -1);
			assert_non_null(strstr(err.msg, "takes no value"));
		}
		switch (o->kind) {
		case OPT_SET:
			snprintf(a, sizeof a, "--%s", o->name);
			assert_int_equal(parse_somewhere(a), 0);
			assert_memory_equal(field_of(o), &o->value, sizeof(int));
			break;
		case OPT_REAL:
			snprintf(a, sizeof a, "--%s=%.17g", o->name, o->lo);
			assert_int_equal(parse_somewhere(a), 0);
			assert_true(*(const double *)field_of(o) == o->lo);
			snprintf(a, sizeof a, "--%s=%.17g", o->name, o->hi);
			assert_int_equal(parse_somewhere(a), 0);
			assert_true(*(const double *)field_of(o) == o->hi);
			snprintf(a, sizeof a, "--%s=%.17g", o->name, o->hi * 2);
			assert_int_equal(parse_somewhere(a), -1);
			assert_non_null(strstr(err.msg, "from"));
			break;
		case OPT_INT:
			snprintf(a, sizeof a, "--%s=%.0f", o->name, o->hi);
			assert_int_equal(parse_somewhere(a), 0);
			assert_int_equal(*(const int *)field_of(o), (int)o->hi);
			snprintf(a, sizeof a, "--%s=%.0f", o->name, o->lo - 1);
			assert_int_equal(parse_somewhere(a), -1);
			/* fall through: its words */
		case OPT_CHOICE: {
			const struct optword *w;

			for (w = o->words; w && w->word; w++) {
				snprintf(a, sizeof a, "--%s=%s", o->name, w->word);
				assert_int_equal(parse_somewhere(a), 0);
				assert_int_equal(*(const int *)field_of(o), w->value);
			}
			break;
		}
		case OPT_FILE:
		case OPT_TEXT:
			snprintf(a, sizeof a, "--%s=3.pdf", o->name);
			assert_int_equal(parse_somewhere(a), 0);
			assert_string_equal(*(const char *const *)field_of(o), "3.pdf");
			snprintf(a, sizeof a, "--%s=", o->name);
			assert_int_equal(parse_somewhere(a), -1);
			assert_non_null(strstr(err.msg, "wants"));
			break;
		case OPT_LIST: {
			const char *two[] = { a, a, NULL };

			snprintf(a, sizeof a, "--%s=M", o->name);
			assert_int_equal(parse_all_somewhere(two), 0);
			assert_int_equal(*(const size_t *)((const char *)&s + o->count), 2);
			assert_string_equal((*(const char *const (*)[CLI_MAX_PATTERNS])field_of(o))[1], "M");
			snprintf(a, sizeof a, "--%s=(", o->name);
			assert_int_equal(parse_somewhere(a), -1);
			break;
		}
		case OPT_LIMIT: {
			const struct cli_budget *b = field_of(o);

			snprintf(a, sizeof a, "--%s=1%s", o->name, o->per ? o->per : "");
			assert_int_equal(parse_somewhere(a), 0);
			assert_true(b->limit == 1);
			assert_string_equal(b->given, a + strlen(o->name) + 3);
			snprintf(a, sizeof a, "--%s=-1", o->name);
			assert_int_equal(parse_somewhere(a), -1);
			assert_non_null(strstr(err.msg, o->what));
			break;
		}
		case OPT_CUSTOM:
			assert_non_null(o->set);
			break;
		}
	}
	assert_true(rows > 40);
}

/* A wrong word gets the row's words, in the one form every choice uses,
 * aliases left out; --help shows them all (from the same list). */
static void
choice_words_from_the_row(void **state)
{
	static const struct {
		const char *opt, *msg;
	} cases[] = {
		{ "--sort", "option '--sort' wants size, stddev, name, name-desc or growth, not 'no'" },
		{ "--palette", "option '--palette' wants hp2ps, grey or many, not 'no'" },
		{ "--colour-by", "option '--colour-by' wants name or rank, not 'no'" },
		{ "--ticky-by", "option '--ticky-by' wants entries, alloc or allocd, not 'no'" },
		{ "--by", "option '--by' wants cc or stack, not 'no'" },
		{ "--summary=no", "option '--summary' wants text, json or markdown, not 'no'" },
	};
	char *help = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&help, &len);

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *args[] = { cases[i].opt, "no", "x.hp", NULL };

		if (strchr(cases[i].opt, '='))
			args[1] = "x.hp", args[2] = NULL;
		assert_int_equal(parse_in(args, NULL), -1);
		assert_string_equal(err.msg, cases[i].msg);
	}
	assert_non_null(f);
	assert_int_equal(cli_help(f), 0);
	fclose(f);
	/* --sort's help once lacked growth; --by's value named one word */
	assert_non_null(strstr(help, "stddev, name, name-desc or growth"));
	assert_non_null(strstr(help, "--by=cc|stack"));
	assert_non_null(strstr(help, "--summary[=text|json|markdown]"));
	assert_non_null(strstr(help, "--colour-by=name|rank"));
	assert_null(strstr(help, "gray"));
	free(help);
}

/* The file options say the same thing when given nothing. */
static void
file_names(void **state)
{
	static const char *const opts[] = { "--output=", "--aux-in=", "--aux-out=" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof opts / sizeof opts[0]; i++) {
		const char *args[] = { opts[i], "x.hp", NULL };
		char want[64];

		assert_int_equal(parse_in(args, NULL), -1);
		snprintf(want, sizeof want, "option '%.*s' wants a file name",
			 (int)strlen(opts[i]) - 1, opts[i]);
		assert_string_equal(err.msg, want);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rows_say_what_they_take),
		cmocka_unit_test(choice_words_from_the_row),
		cmocka_unit_test(file_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
