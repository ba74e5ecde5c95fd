/*
 * data/dataout.h - the data outputs: a model written back out as .hp
 * text, as long-form CSV, as JSON, or (time and ticky samples) as a
 * speedscope profile.
 *
 * Each writer streams to a FILE already open for writing and checks the
 * stream at the end (ferror, fflush), so a full disk is an error, not a
 * short file.  They print nothing else and never exit.
 *
 * Times are written so that reading them back gives the same double:
 * "%.6f" when that round-trips (GHC's own form), else the shortest
 * fixed-point form that does; always with a '.', never an exponent, in
 * any locale.
 */
#ifndef DATA_DATAOUT_H
#define DATA_DATAOUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../hp/err.h"
#include "../hp/model.h"

/* .hp text that GHC's hp2ps and hp2x read: header (JOB and DATE default
 * to "", units to "seconds" and "bytes"), MARK lines, then every sample
 * with its bands by NAME, TAB, value.  .hp -> model -> .hp keeps every
 * time, name and value. */
int out_hp(const hp_model *m, FILE *f, struct hp_err *err) HP_MUSTCHECK;

/* CSV (RFC 4180, LF line ends): "sample,time,band,bytes,kind", one row
 * per non-zero value; sample counts from 0; band is the band's name;
 * kind the profile's (hp/parts.h). */
int out_csv(const hp_model *m, FILE *f, struct hp_err *err) HP_MUSTCHECK;

/*
 * What a live run's output gains since its last writing (watch mode
 * appends a .hp or CSV as its censuses come, as GHC writes its .hp):
 * the samples from `sample` on, the marks from `mark` on (a .hp's MARK
 * lines, before those samples), CSV counting its samples from `serial`
 * (the first one's number in the whole run); with header, the file's
 * head first.  Only a heap profile is written so (a per-interval
 * profile's .hp is its steps, rewritten whole): out_*_tail returns 1,
 * writing nothing, for any other.  Else as out_hp and out_csv: written
 * whole from the start, the same bytes.
 */
struct out_tail {
	size_t sample, mark, serial;
	int header;
};
int out_hp_tail(const hp_model *m, const struct out_tail *t, FILE *f,
		struct hp_err *err) HP_MUSTCHECK;
int out_csv_tail(const hp_model *m, const struct out_tail *t, FILE *f,
		 struct hp_err *err) HP_MUSTCHECK;

/* One JSON object: header fields, kind, bands, samples, marks, series. */
int out_json(const hp_model *m, FILE *f, struct hp_err *err) HP_MUSTCHECK;

/* speedscope's file format, "sampled" profile: a time profile's samples
 * for flame graphs (out_speedscope.c).  Fails for any other profile. */
int out_speedscope(const hp_model *m, FILE *f, struct hp_err *err) HP_MUSTCHECK;

/* A band's info-table provenance as a JSON object (out_json.c): the
 * JSON output's "ipe" and the HTML page's, one writer; sp as json.h's
 * containers take it (NULL: the default). */
struct json_w;
struct json_space;
void out_json_ipe(struct json_w *w, const struct hp_ipe *p,
		  const struct json_space *sp);

/* Shared by the four writers, and by json.c and the server's metrics
 * for the numbers they write (out_hp.c). */

/* The time as every writer writes it, NUL-terminated in buf (at most
 * OUT_TIME_MAX bytes with the NUL).  Returns the length, or -1 when t is
 * not finite (buf then holds "0"). */
#define OUT_TIME_MAX 400
int out_time(char *buf, double t);

/* v in decimal, without printf's per-call cost (millions of values).
 * out_u64_digits writes them just before end (20 bytes are room enough)
 * and returns where they start. */
void out_u64(FILE *f, uint64_t v);
char *out_u64_digits(char *end, uint64_t v);

/* Flush and check the stream: 0, or -1 with "write error: ...". */
int out_flush(FILE *f, struct hp_err *err) HP_MUSTCHECK;

#endif
