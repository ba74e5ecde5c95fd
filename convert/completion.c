/*
 * convert/completion.c - hp2x's completions for bash, zsh and fish,
 * written from the option table (optdef.h) and the format table, as
 * --help is (help.c): a new option, or a new word of a choice, completes
 * with no edit here.  The build writes the three scripts with
 * tools/completions.c and `cmake --install` puts each where its shell
 * looks.
 *
 * What follows an option is its row's kind: a choice's words (an
 * integer's too, as --bands all; --format the formats' names), any file
 * name for a file, and nothing where a number, a pattern or a label is
 * wanted.  An input argument offers profiles and eventlogs first.
 *
 * The scripts are code the shells run, so every name and word that goes
 * into them must be made of letters, digits and - + . _ only (the build
 * stops otherwise), and descriptions keep only characters no shell quote
 * or zsh spec treats specially.
 */
#include "optdef.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* What an option's value completes to. */
enum value {
	V_NONE,		/* it takes none */
	V_OTHER,	/* a number, a pattern, a label: nothing offered */
	V_WORDS,	/* its words */
	V_FILE		/* a file name */
};

/* What an input argument is, first: hp2x reads these, gzipped or not
 * (hp/reader.c reads the bytes, not the name; these are the names GHC's
 * runtime gives them). */
static const char *const input_suffixes[] = {
	".hp", ".eventlog", ".hp.gz", ".eventlog.gz", NULL
};

static enum value
value_of(const struct optdef *o)
{
	if (!cli_opt_takes_value(o))
		return V_NONE;
	switch (o->kind) {
	case OPT_CHOICE:
		return V_WORDS;
	case OPT_INT:
		return o->words ? V_WORDS : V_OTHER;
	case OPT_FILE:
		return V_FILE;
	case OPT_CUSTOM:
		return o->takes == TAKES_FILE ? V_FILE
		       : o->takes == TAKES_FORMAT ? V_WORDS : V_OTHER;
	default:
		return V_OTHER;
	}
}

/* A letter's value: hp2ps's letters take numbers, not an integer's
 * words (-m5, never -mall). */
static enum value
letter_value(const struct optdef *o)
{
	return o->kind == OPT_INT ? V_OTHER : value_of(o);
}

/* A letter a completion offers: -? is -h, and a glob besides. */
static int
letter_ok(char c)
{
	return isalnum((unsigned char)c);
}

static int
safe(const char *w, struct hp_err *err)
{
	const char *p;

	if (!*w)
		return hp_err_set(err, "completion: an empty word in the option table");
	for (p = w; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("-+._", *p))
			return hp_err_set(err, "completion: '%s' has a character a shell script cannot carry bare",
					  w);
	return 0;
}

/* The words of o's value, separated by sep; aliases (a word whose value
 * an earlier word has) are accepted by hp2x but not offered. */
static int
put_words(FILE *out, const struct optdef *o, const char *sep,
	  struct hp_err *err)
{
	const struct cli_format *f;
	const struct optword *w, *v;
	size_t i;
	int n = 0;

	if (o->kind == OPT_CUSTOM) {
		for (i = 0; (f = cli_format_at(i)); i++) {
			if (safe(f->name, err))
				return -1;
			fprintf(out, "%s%s", n++ ? sep : "", f->name);
		}
		return 0;
	}
	for (w = o->words; w->word; w++) {
		for (v = o->words; v < w && v->value != w->value; v++)
			;
		if (v < w)
			continue;
		if (safe(w->word, err))
			return -1;
		fprintf(out, "%s%s", n++ ? sep : "", w->word);
	}
	return 0;
}

/* o's help up to its first ';' or list (%W, %N, %E), cut to a line's
 * room at a space (and before a parenthesis left open), with only
 * characters that mean nothing to a shell's quotes or to a zsh spec. */
static void
put_description(FILE *out, const struct optdef *o)
{
	char d[64], *open;
	const char *h = o->help;
	size_t n = 0, cut = 0;

	for (; *h && !strchr("%;", *h); h++) {
		if (n + 1 == sizeof d) {
			n = cut ? cut : n;
			break;
		}
		if (*h == ' ' || *h == '\n') {
			cut = n;
			d[n++] = ' ';
		} else if (isalnum((unsigned char)*h) ||
			   strchr(",./()+-_=<>", *h)) {
			d[n++] = *h;
		}
	}
	d[n] = '\0';
	open = strrchr(d, '(');
	if (open && !strchr(open, ')'))
		n = (size_t)(open - d);
	while (n > 0 && strchr(" ,", d[n - 1]))
		n--;
	d[n] = '\0';
	fputs(d, out);
}

/* ---- bash ---- */

/* The case patterns ("--a|--b|-o") of the options whose value is v,
 * given in the next word (separate) or after '=': *n counts the
 * patterns written. */
static int
bash_case(FILE *out, enum value v, int separate, int *n, struct hp_err *err)
{
	const struct optdef *o;
	const char *c;
	size_t i, k;

	for (i = 0; (o = cli_opt_at(i)); i++) {
		const char *names[2] = { o->name, o->alias };

		for (k = 0; k < 2 && names[k] && value_of(o) == v &&
			    !(separate && o->optional); k++) {
			if (safe(names[k], err))
				return -1;
			fprintf(out, "%s--%s", (*n)++ ? "|" : "", names[k]);
		}
		for (c = o->letters; c && *c; c++)
			if (letter_ok(*c) && o->letter_arg == LA_NEXT &&
			    letter_value(o) == v)
				fprintf(out, "%s-%c", (*n)++ ? "|" : "", *c);
	}
	return 0;
}

/* A case's patterns cannot be none: one no argument can be. */
static void
bash_case_end(FILE *out, int n)
{
	if (n == 0)
		fputs("--hp2x-no-such-option", out);
}

static int
bash_options(FILE *out, int letters, struct hp_err *err)
{
	const struct optdef *o;
	const char *c;
	size_t i;
	int n = 0;

	for (i = 0; (o = cli_opt_at(i)); i++) {
		for (c = o->letters; letters && c && *c; c++)
			if (letter_ok(*c))
				fprintf(out, "%s-%c", n++ ? " " : "", *c);
		if (o->name) {
			const char *names[2] = { o->name, o->alias };
			size_t k;

			for (k = 0; k < 2 && names[k]; k++) {
				if (safe(names[k], err))
					return -1;
				/* a value after '=' offered at once; an
				 * optional one, both ways */
				if (o->optional || value_of(o) == V_NONE)
					fprintf(out, "%s--%s", n++ ? " " : "",
						names[k]);
				if (value_of(o) != V_NONE)
					fprintf(out, "%s--%s=", n++ ? " " : "",
						names[k]);
			}
		}
	}
	return 0;
}

static int
bash(FILE *out, struct hp_err *err)
{
	const struct optdef *o;
	const char *const *s;
	size_t i;

	fputs("# bash completion for hp2x: generated from hp2x's option table at build\n"
	      "# time (convert/completion.c); edits here are lost.\n"
	      "\n"
	      "# Files, each reply after the prefix $2; an input ($3 = input):\n"
	      "# profiles and eventlogs (and directories) first, else any file.\n"
	      "_hp2x_files()\n"
	      "{\n"
	      "\tlocal IFS=$'\\n' cur=$1 pre=$2 s\n"
	      "\tCOMPREPLY=()\n"
	      "\tif [ \"$3\" = input ]; then\n"
	      "\t\tfor s in", out);
	for (s = input_suffixes; *s; s++)
		fprintf(out, " '*%s'", *s);
	fputs("; do\n"
	      "\t\t\tCOMPREPLY+=($(compgen -f -X \"!$s\" -- \"$cur\"))\n"
	      "\t\tdone\n"
	      "\t\tCOMPREPLY+=($(compgen -d -- \"$cur\"))\n"
	      "\tfi\n"
	      "\t[ ${#COMPREPLY[@]} -gt 0 ] || COMPREPLY=($(compgen -f -- \"$cur\"))\n"
	      "\tCOMPREPLY=(\"${COMPREPLY[@]/#/$pre}\")\n"
	      "\tcompopt -o filenames 2>/dev/null\n"
	      "}\n"
	      "\n"
	      "_hp2x()\n"
	      "{\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} opt= pre= i\n"
	      "\tCOMPREPLY=()\n"
	      "\t# after --, the program --watch runs and its arguments\n"
	      "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
	      "\t\t[ \"${COMP_WORDS[i]}\" = -- ] || continue\n"
	      "\t\tif ((i + 1 == COMP_CWORD)); then\n"
	      "\t\t\tCOMPREPLY=($(compgen -c -- \"$cur\"))\n"
	      "\t\telse\n"
	      "\t\t\t_hp2x_files \"$cur\" \"\" input\n"
	      "\t\tfi\n"
	      "\t\treturn 0\n"
	      "\tdone\n"
	      "\t# --opt=value, one word or three (bash splits at the '=' when\n"
	      "\t# COMP_WORDBREAKS has it, as it does by default), or --opt value\n"
	      "\tif [[ $cur == --*=* ]]; then\n"
	      "\t\topt=${cur%%=*} pre=${cur%%=*}= cur=${cur#*=}\n"
	      "\telif [[ $cur == = ]] && ((COMP_CWORD > 1)); then\n"
	      "\t\topt=${COMP_WORDS[COMP_CWORD-1]} cur=\n"
	      "\telif [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]] && ((COMP_CWORD > 2)); then\n"
	      "\t\topt=${COMP_WORDS[COMP_CWORD-2]}\n"
	      "\telif ((COMP_CWORD > 1)); then\n"
	      "\t\tcase ${COMP_WORDS[COMP_CWORD-1]} in\n"
	      "\t\t", out);
	/* a value in the next word: long options whose value is not
	 * optional, and -o */
	{
		enum value v[] = { V_OTHER, V_WORDS, V_FILE };
		size_t k;
		int n = 0;

		for (k = 0; k < 3; k++)
			if (bash_case(out, v[k], 1, &n, err))
				return -1;
		bash_case_end(out, n);
	}
	fputs(") opt=${COMP_WORDS[COMP_CWORD-1]} ;;\n"
	      "\t\tesac\n"
	      "\tfi\n"
	      "\tif [ -n \"$opt\" ]; then\n"
	      "\t\tcase $opt in\n", out);
	for (i = 0; (o = cli_opt_at(i)); i++) {
		const char *names[2] = { o->name, o->alias };
		size_t k;

		if (value_of(o) != V_WORDS || !o->name)
			continue;
		fputs("\t\t", out);
		for (k = 0; k < 2 && names[k]; k++)
			fprintf(out, "%s--%s", k ? "|" : "", names[k]);
		fputs(") COMPREPLY=($(compgen -P \"$pre\" -W '", out);
		if (put_words(out, o, " ", err))
			return -1;
		fputs("' -- \"$cur\")) ;;\n", out);
	}
	fputs("\t\t", out);
	{
		int n = 0;

		if (bash_case(out, V_FILE, 0, &n, err))
			return -1;
		bash_case_end(out, n);
	}
	fputs(") _hp2x_files \"$cur\" \"$pre\" ;;\n"
	      "\t\tesac\n"
	      "\t\treturn 0\t# a number, a pattern, a label: nothing to offer\n"
	      "\tfi\n"
	      "\tcase $cur in\n"
	      "\t--*) COMPREPLY=($(compgen -W '", out);
	if (bash_options(out, 0, err))
		return -1;
	fputs("' -- \"$cur\")) ;;\n"
	      "\t-*) COMPREPLY=($(compgen -W '", out);
	if (bash_options(out, 1, err))
		return -1;
	fputs("' -- \"$cur\")) ;;\n"
	      "\t*) _hp2x_files \"$cur\" \"\" input; return 0 ;;\n"
	      "\tesac\n"
	      "\t# --opt= waits for its value\n"
	      "\t[[ ${#COMPREPLY[@]} -ne 1 || ${COMPREPLY[0]} != *= ]] ||\n"
	      "\t\tcompopt -o nospace 2>/dev/null\n"
	      "\treturn 0\n"
	      "}\n"
	      "\n"
	      "complete -F _hp2x hp2x\n", out);
	return 0;
}

/* ---- zsh ---- */

/* The message and action of a value v of o, after a spec's ':' (or
 * '::'). */
static int
zsh_value(FILE *out, const struct optdef *o, enum value v,
	  struct hp_err *err)
{
	switch (v) {
	case V_WORDS:
		fputs(":value:(", out);
		if (put_words(out, o, " ", err))
			return -1;
		fputs(")", out);
		return 0;
	case V_FILE:
		fputs(":file:_files", out);
		return 0;
	default:
		fputs(":value: ", out);
		return 0;
	}
}

static int
zsh(FILE *out, struct hp_err *err)
{
	const struct optdef *o;
	const char *const *s;
	size_t i;

	fputs("#compdef hp2x\n"
	      "# zsh completion for hp2x: generated from hp2x's option table at build\n"
	      "# time (convert/completion.c); edits here are lost.\n"
	      "\n"
	      "_arguments -s -S \\\n", out);
	for (i = 0; (o = cli_opt_at(i)); i++) {
		const char *names[2] = { o->name, o->alias }, *c;
		size_t k;

		/* A letter: a value glued to it, maybe empty (hp2ps's way),
		 * or for -o glued or in the next word; '*': every option
		 * may come again (-o, --include do). */
		for (c = o->letters; c && *c; c++) {
			if (!letter_ok(*c))
				continue;
			fprintf(out, "  '*-%c", *c);
			if (o->letter_arg == LA_GLUED)
				fputs("-", out);
			else if (o->letter_arg == LA_NEXT)
				fputs("+", out);
			fputs("[", out);
			put_description(out, o);
			fputs("]", out);
			if (o->letter_arg == LA_GLUED)
				fputs(":", out);
			if ((o->letter_arg == LA_GLUED ||
			     o->letter_arg == LA_NEXT) &&
			    zsh_value(out, o, letter_value(o), err))
				return -1;
			fputs("' \\\n", out);
		}
		for (k = 0; k < 2 && names[k]; k++) {
			if (safe(names[k], err))
				return -1;
			fprintf(out, "  '*--%s%s[", names[k],
				value_of(o) == V_NONE ? ""
				: o->optional ? "=-" : "=");
			put_description(out, o);
			fputs("]", out);
			if (o->optional)
				fputs(":", out);
			if (value_of(o) != V_NONE &&
			    zsh_value(out, o, value_of(o), err))
				return -1;
			fputs("' \\\n", out);
		}
	}
	fputs("  '*:profile or eventlog:_files -g \"*.(", out);
	for (s = input_suffixes; *s; s++)
		fprintf(out, "%s%s", s == input_suffixes ? "" : "|", *s + 1);
	fputs(")(-.)\"'\n", out);
	return 0;
}

/* ---- fish ---- */

static int
fish(FILE *out, struct hp_err *err)
{
	const struct optdef *o;
	const char *const *s;
	size_t i;

	fputs("# fish completion for hp2x: generated from hp2x's option table at build\n"
	      "# time (convert/completion.c); edits here are lost.\n"
	      "\n"
	      "# Profiles and eventlogs first; any file after them.\n"
	      "complete -c hp2x -k -a '(", out);
	for (s = input_suffixes; *s; s++)
		fprintf(out, "%s__fish_complete_suffix %s",
			s == input_suffixes ? "" : "; ", *s);
	fputs(")'\n", out);
	for (i = 0; (o = cli_opt_at(i)); i++) {
		const char *names[2] = { o->name, o->alias }, *c;
		size_t k;

		/* a letter's glued value is not completed; -o's is a file */
		for (c = o->letters; c && *c; c++) {
			if (!letter_ok(*c))
				continue;
			fprintf(out, "complete -c hp2x -s %c%s -d '", *c,
				o->letter_arg == LA_NEXT ? " -r -F" : "");
			put_description(out, o);
			fputs("'\n", out);
		}
		for (k = 0; k < 2 && names[k]; k++) {
			if (safe(names[k], err))
				return -1;
			fprintf(out, "complete -c hp2x -l %s", names[k]);
			switch (value_of(o)) {
			case V_WORDS:
				fputs(o->optional ? " -f -a '" : " -x -a '", out);
				if (put_words(out, o, " ", err))
					return -1;
				fputs("'", out);
				break;
			case V_FILE:
				fputs(" -r -F", out);
				break;
			case V_OTHER:
				fputs(o->optional ? "" : " -x", out);
				break;
			case V_NONE:
				break;
			}
			fputs(" -d '", out);
			put_description(out, o);
			fputs("'\n", out);
		}
	}
	return 0;
}

int
cli_completion(FILE *out, const char *shell, struct hp_err *err)
{
	int r;

	if (strcmp(shell, "bash") == 0)
		r = bash(out, err);
	else if (strcmp(shell, "zsh") == 0)
		r = zsh(out, err);
	else if (strcmp(shell, "fish") == 0)
		r = fish(out, err);
	else
		return hp_err_set(err, "completion: no shell '%s' (bash, zsh or fish)",
				  shell);
	if (r)
		return -1;
	if (fflush(out) != 0 || ferror(out))
		return hp_err_set(err, "completion: cannot write the %s script",
				  shell);
	return 0;
}
