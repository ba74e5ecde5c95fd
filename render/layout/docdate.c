/*
 * render/layout/docdate.c - the date a PDF or PostScript file carries.
 *
 * Cairo stamps PDF and PostScript output with the moment it was drawn, so
 * drawing one profile twice gave two different files: a paper's figures
 * changed in version control on every `make`, and a reproducible build
 * could not contain them.  hp2ps writes the profile's own DATE into its
 * %%CreationDate, so its output depends on the profile alone; hp2x does
 * the same.  The date is SOURCE_DATE_EPOCH when set (the convention of
 * reproducible-builds.org, read by convert/), else the profile's DATE,
 * when the program ran.  Only a profile with neither keeps the drawing
 * time.
 *
 * DATE is free text.  GHC writes "Sat Nov 21 17:36 2026" (local time);
 * the eventlog reader writes the same from the wall-clock event; other
 * tools write ISO 8601.  Anything else is not a date hp2x will guess at.
 */
#include "docdate.h"

#include <stdio.h>
#include <string.h>

static int
month(const char *s)
{
	static const char names[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	size_t i;

	if (strlen(s) != 3)
		return -1;
	for (i = 0; i < 12; i++)
		if (strncmp(names + 3 * i, s, 3) == 0)
			return (int)i;
	return -1;
}

static int
valid(const struct tm *tm)
{
	return tm->tm_year >= 1 - 1900 && tm->tm_year <= 9999 - 1900 &&
		tm->tm_mon >= 0 && tm->tm_mon <= 11 &&
		tm->tm_mday >= 1 && tm->tm_mday <= 31 &&
		tm->tm_hour >= 0 && tm->tm_hour <= 23 &&
		tm->tm_min >= 0 && tm->tm_min <= 59 &&
		tm->tm_sec >= 0 && tm->tm_sec <= 60;
}

/* "[Www] Mmm D [HH:MM[:SS]] YYYY", as GHC's RTS writes it. */
static int
parse_ghc(const char *date, struct tm *tm)
{
	char tok[6][16];
	int n = 0, i = 0, end;
	const char *p = date;

	while (n < 6 && sscanf(p, "%15s%n", tok[n], &end) == 1) {
		p += end;
		n++;
	}
	if (sscanf(p, "%*s") != EOF || n < 3)
		return 0;	/* more words, or too few */
	if (month(tok[0]) < 0)
		i = 1;		/* a weekday first */
	if (n - i < 3 || n - i > 4 || (tm->tm_mon = month(tok[i])) < 0)
		return 0;
	if (sscanf(tok[i + 1], "%d%n", &tm->tm_mday, &end) != 1 ||
	    tok[i + 1][end] ||
	    sscanf(tok[n - 1], "%d%n", &tm->tm_year, &end) != 1 ||
	    tok[n - 1][end])
		return 0;
	tm->tm_year -= 1900;
	if (n - i == 4 &&
	    sscanf(tok[i + 2], "%d:%d%n:%d%n", &tm->tm_hour, &tm->tm_min,
		   &end, &tm->tm_sec, &end) < 2)
		return 0;
	if (n - i == 4 && tok[i + 2][end])
		return 0;
	return 1;
}

/* "YYYY-MM-DD[THH:MM[:SS]]" (or a space for the T). */
static int
parse_iso(const char *date, struct tm *tm)
{
	int end = 0, got;

	got = sscanf(date, " %d-%d-%d%n", &tm->tm_year, &tm->tm_mon,
		     &tm->tm_mday, &end);
	if (got != 3)
		return 0;
	date += end;
	if (*date == 'T' || *date == ' ') {
		end = 0;
		if (sscanf(date + 1, "%d:%d%n:%d%n", &tm->tm_hour, &tm->tm_min,
			   &end, &tm->tm_sec, &end) < 2)
			return 0;
		date += 1 + end;
	}
	tm->tm_year -= 1900;
	tm->tm_mon -= 1;
	return sscanf(date, "%*s") == EOF;
}

int
render_doc_date(long long epoch, const char *date, struct tm *tm)
{
	memset(tm, 0, sizeof *tm);
	if (epoch >= 0) {
		time_t t = (time_t)epoch;

		return (long long)t == epoch && gmtime_r(&t, tm) && valid(tm);
	}
	if (!date || !*date)
		return 0;
	if (!parse_ghc(date, tm) && (memset(tm, 0, sizeof *tm),
				     !parse_iso(date, tm)))
		return 0;
	tm->tm_wday = -1;	/* not known, and not needed */
	return valid(tm);
}

size_t
render_doc_date_iso(const struct tm *tm, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%04d-%02d-%02dT%02d:%02d:%02d",
			 tm->tm_year + 1900, tm->tm_mon + 1, tm->tm_mday,
			 tm->tm_hour, tm->tm_min, tm->tm_sec);

	return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
}

size_t
render_doc_date_ps(long long epoch, const char *date, char *buf, size_t size)
{
	static const char wday[] = "SunMonTueWedThuFriSat";
	static const char mon[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	struct tm tm;
	size_t i = 0;
	int n;

	if (size == 0)
		return 0;
	if (epoch >= 0) {
		if (!render_doc_date(epoch, NULL, &tm))
			return 0;
		/* ctime's form, as cairo writes it, in UTC */
		n = snprintf(buf, size, "%.3s %.3s %2d %02d:%02d:%02d %d",
			     wday + 3 * (size_t)tm.tm_wday,
			     mon + 3 * (size_t)tm.tm_mon,
			     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
			     tm.tm_year + 1900);
		return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
	}
	/* hp2ps: the DATE as it is; a DSC comment is one line of ASCII */
	for (; date && *date && i + 1 < size; date++)
		buf[i++] = *date >= 0x20 && *date < 0x7F ? *date : '?';
	buf[i] = '\0';
	return i;
}
