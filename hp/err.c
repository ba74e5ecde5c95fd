/*
 * hp/err.c - recording the first error.  See err.h for why.
 */
#include "err.h"

#include <stdio.h>
#include <string.h>

/* How hp_err_write's message starts until hp_err_name names the file. */
static const char unnamed_write[] = "cannot write: ";

int
hp_err_vset(struct hp_err *err, const char *fmt, va_list ap)
{
	if (err && err->msg[0] == '\0')
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	return -1;
}

int
hp_err_set(struct hp_err *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	hp_err_vset(err, fmt, ap);
	va_end(ap);
	return -1;
}

int
hp_err_write(struct hp_err *err, int e)
{
	return hp_err_set(err, "%s%s", unnamed_write,
			  e ? strerror(e) : "write error");
}

void
hp_err_name(struct hp_err *err, const char *name)
{
	static const size_t k = sizeof unnamed_write - 1;
	char msg[2 * sizeof err->msg];
	size_t n;

	if (!err || !name || !err->msg[0])
		return;
	if (strncmp(err->msg, unnamed_write, k) == 0)
		snprintf(msg, sizeof msg, "cannot write %s: %s", name,
			 err->msg + k);
	else if (!strstr(err->msg, name))
		snprintf(msg, sizeof msg, "%s: %s", name, err->msg);
	else
		return;
	n = strlen(msg);	/* the end is cut, the name kept */
	if (n >= sizeof err->msg)
		n = sizeof err->msg - 1;
	memcpy(err->msg, msg, n);
	err->msg[n] = '\0';
}

void
hp_err_clear(struct hp_err *err)
{
	if (err)
		err->msg[0] = '\0';
}
