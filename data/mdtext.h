/*
 * data/mdtext.h - profile text in GitHub-flavoured Markdown
 * (mdtext.c), for --summary=markdown and its budget verdicts
 * (convert/budget.c): a name a profile chose, shown as itself whatever
 * bytes it holds.
 */
#ifndef DATA_MDTEXT_H
#define DATA_MDTEXT_H

#include <stddef.h>
#include <stdio.h>

/* Names longer than this many bytes are cut in the middle. */
#define MD_NAME_MAX 200

/*
 * s (len bytes, any bytes) as a code span, so nothing in it is markup:
 * no emphasis, link, HTML, mention, emoji or math, whatever it holds.
 * The fence is longer than its longest run of backticks; control
 * characters, C1 controls, bidirectional controls, line separators and
 * bytes that are not UTF-8 are written as \xNN or \uNNNN, as say.c
 * writes them on a terminal; cell: a table's cell, where | is escaped
 * as \| (GFM's tables split rows at it even inside a code span).  An
 * empty name is "*(empty)*".
 */
void md_name(FILE *out, const char *s, size_t len, int cell);

#endif
