/*
 * hp/err.h - the one error type of hp2x.
 *
 * Libraries never print and never exit: a function that fails fills a
 * struct hp_err with "what, where" and returns -1.  Only convert/ prints
 * the message and picks the exit status.  The first error is the one that
 * counts (later ones are usually consequences), so hp_err_set keeps it.
 */
#ifndef HP_ERR_H
#define HP_ERR_H

#include <stdarg.h>

struct hp_err {
	char msg[1024];		/* "FILE:LINE: what was expected", or "" */
};

#if defined(__GNUC__)
#define HP_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define HP_MUSTCHECK __attribute__((warn_unused_result))
#else
#define HP_PRINTF(a, b)
#define HP_MUSTCHECK
#endif

/* Record an error unless one is already recorded.  err may be NULL.
 * Always returns -1, so callers write `return hp_err_set(err, ...);`. */
int hp_err_set(struct hp_err *err, const char *fmt, ...) HP_PRINTF(2, 3);
int hp_err_vset(struct hp_err *err, const char *fmt, va_list ap);

/*
 * A failed write to the caller's stream, for the system's reason e
 * (errno; 0 when unknown).  Libraries see only a FILE, so the message
 * waits for its name: hp_err_name, at the edge, makes it "cannot write
 * NAME: REASON", the same words whichever layer saw the failure (the
 * renderer mid-file, or the final flush of a short one).
 */
int hp_err_write(struct hp_err *err, int e);
/* Say what the recorded error is about: "cannot write NAME: REASON" for
 * hp_err_write's; else "NAME: message", unless the message names it. */
void hp_err_name(struct hp_err *err, const char *name);

/* Forget any recorded error. */
void hp_err_clear(struct hp_err *err);

#endif
