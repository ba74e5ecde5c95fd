/*
 * hp/cpoint.c - '.' for the locale's decimal point.  See cpoint.h.
 */
#include "cpoint.h"

#include <locale.h>
#include <string.h>

const char *
hp_locale_point(void)
{
	const char *dp = localeconv()->decimal_point;

	return dp && *dp ? dp : ".";
}

size_t
hp_c_point(char *buf)
{
	const char *dp = hp_locale_point();
	size_t dplen = strlen(dp);
	char *p;

	if (strcmp(dp, ".") == 0 || !(p = strstr(buf, dp)))
		return 0;
	*p = '.';
	memmove(p + 1, p + dplen, strlen(p + dplen) + 1);
	return dplen - 1;
}
