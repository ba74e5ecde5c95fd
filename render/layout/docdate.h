/*
 * render/layout/docdate.h - the date a PDF or PostScript file carries (private;
 * docdate.c says why it is not the time of drawing).
 */
#ifndef RENDER_DOCDATE_H
#define RENDER_DOCDATE_H

#include <stddef.h>
#include <time.h>

/*
 * The document's date: epoch (SOURCE_DATE_EPOCH, UTC) when >= 0, else the
 * profile's DATE text (may be NULL) read as GHC or ISO 8601 writes it.
 * Returns 1 with tm filled (tm_wday only from an epoch), or 0 when there
 * is no date to use.
 */
int render_doc_date(long long epoch, const char *date, struct tm *tm);

/* tm as ISO 8601 ("2026-11-21T17:36:00"), cairo's form for PDF metadata.
 * Returns the length, or 0 when it does not fit. */
size_t render_doc_date_iso(const struct tm *tm, char *buf, size_t size);

/* The text of PostScript's %%CreationDate: the epoch in ctime's form, else
 * the DATE as it is (hp2ps), as one printable ASCII line.  Returns the
 * length, 0 when there is none. */
size_t render_doc_date_ps(long long epoch, const char *date, char *buf,
			  size_t size);

#endif
