/*
 * hp/err.c - recording the first error.  See err.h for why.
 */
#include "err.h"

#include <stdio.h>

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

void
hp_err_clear(struct hp_err *err)
{
	if (err)
		err->msg[0] = '\0';
}
