/*
 * convert/optdef.h - the option table's row: what options.c parses with
 * and help.c prints from (and what a shell's completion needs: every
 * row says what its option takes).  Private to convert/.
 */
#ifndef CONVERT_OPTDEF_H
#define CONVERT_OPTDEF_H

#include <stddef.h>

#include "cli.h"

/* How a short letter finds its value. */
enum letter_arg {
	LA_NONE,	/* none; the rest of the argument is ignored */
	LA_CHAIN,	/* none; the next letter is another flag (hp2ps -p) */
	LA_GLUED,	/* the rest of the argument, maybe empty (hp2ps) */
	LA_NEXT		/* the rest of the argument, else the next one */
};

/* What an option takes, and so how its value is read and where it
 * goes.  Every row has one: a shell's completion, like the parser,
 * needs to know what follows an option. */
enum opt_kind {
	OPT_SET,	/* nothing: the int field gets .value */
	OPT_REAL,	/* a number from .lo to .hi, into a double */
	OPT_INT,	/* a whole number from .lo to .hi, or a long
			 * option's word of .words (if any), into an int */
	OPT_FILE,	/* a file name, not empty, into a const char * */
	OPT_TEXT,	/* a string, not empty (.what says what it is) */
	OPT_LIST,	/* a string .check accepts, one more of a list */
	OPT_CHOICE,	/* a word of .words, its value into an int */
	OPT_LIMIT,	/* a number of digits and a point, one of .units
			 * and .per; its value in the base unit, at most
			 * .hi, into a struct cli_budget */
	OPT_CUSTOM	/* .set reads it: .takes says what it is */
};

/* What a custom option's value is, where no kind describes it. */
enum opt_takes {
	TAKES_NOTHING,
	TAKES_NUMBER,	/* a number, maybe with a unit or a second one */
	TAKES_TEXT,
	TAKES_FILE,
	TAKES_FORMAT	/* a name of the format table (formats.c) */
};

/* A word an option may take and the value it stands for; a word whose
 * value an earlier word has is an alias, accepted and never listed. */
struct optword {
	const char *word;
	int value;
	const char *note;	/* what --help says of it, or NULL */
};

/* A unit an OPT_LIMIT takes after its number, and what one is worth in
 * the base unit (bytes, percent). */
struct optunit {
	const char *unit;
	double factor;
};

typedef int (*set_fn)(struct cli_settings *s, const char *opt,
		      const char *arg, struct hp_err *err);
typedef int (*check_fn)(const char *opt, const char *arg,
			struct hp_err *err);

struct optdef {
	const char *letters;	/* short letters, or NULL */
	const char *short_argh;	/* value shown after the letter in --help */
	const char *name;	/* long name, or NULL */
	const char *alias;	/* a second long name, or NULL */
	const char *argh;	/* the long option's value in --help; a
				 * choice's words when NULL */
	const char *help;	/* with no letters nor name: a heading; %W:
				 * a choice's words with their notes */
	enum letter_arg letter_arg;
	int optional;		/* the long option's value only after '=' */
	enum opt_kind kind;
	int value;		/* OPT_SET: what the field gets */
	size_t field;		/* offsetof the field it writes */
	double lo, hi;		/* OPT_REAL, OPT_INT, OPT_LIMIT: the bounds */
	const char *what;	/* OPT_TEXT, OPT_LIMIT: the value, in an
				 * error; OPT_LIST: what the list holds */
	size_t count;		/* OPT_LIST: offsetof the list's length */
	check_fn check;		/* OPT_LIST */
	const struct optunit *units;	/* OPT_LIMIT, ended by a NULL unit */
	const char *per;	/* OPT_LIMIT: what follows the unit, or NULL */
	const struct optword *words;	/* OPT_CHOICE, OPT_INT: ended by a
					 * NULL word */
	set_fn set;		/* OPT_CUSTOM */
	enum opt_takes takes;	/* OPT_CUSTOM */
};

enum words_form {
	WORDS_OR,	/* "a, b or c": what an error says is wanted */
	WORDS_NOTES,	/* "a (note), b or c": --help's %W */
	WORDS_BAR	/* "a|b|c": a choice's value in --help */
};

/* Row i of the table, in --help's order, or NULL past the last. */
const struct optdef *cli_opt_at(size_t i);

/* Whether o takes a value (maybe an optional one). */
int cli_opt_takes_value(const struct optdef *o);

/* The value as --help and an error name it: the row's argh, else a
 * choice's words ("a|b"); buf holds the latter. */
const char *cli_opt_value_name(const struct optdef *o, char *buf,
			       size_t size);

/* A choice's words into buf, as form says, aliases left out; returns
 * the length written. */
size_t cli_opt_words(char *buf, size_t size, const struct optword *words,
		     enum words_form form);

#endif
