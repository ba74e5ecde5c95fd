/*
 * hp/ipe.h - what a -hi band is called: a name a reader recognises, made
 * from its info table's provenance (IPE events), in place of the address
 * GHC names the band by.
 */
#ifndef HP_IPE_H
#define HP_IPE_H

#include <stddef.h>

#include "err.h"
#include "hash.h"
#include "model.h"

/* The labels given so far, to keep two tables with one description two
 * bands a reader can tell apart.  All zeros is empty. */
struct hp_ipe_names {
	struct hp_index bylabel;	/* hash of a plain label -> band */
	char *buf, *other;		/* scratch */
	size_t buf_cap, other_cap;
};

void hp_ipe_names_free(struct hp_ipe_names *n);

/*
 * Give band b of a -hi profile (named by its info table's address) the
 * provenance ipe and the label made from it.  Should another band have
 * the same label, both get their address appended (" [0x4c9b58]").  -1
 * with err set when out of memory.
 */
int hp_ipe_name_band(struct hp_ipe_names *n, hp_model *m, hp_band b,
		     const struct hp_ipe *ipe, struct hp_err *err) HP_MUSTCHECK;

/* The plain label of ipe into *buf (grown, NUL-terminated), its length
 * in *len.  -1 when out of memory. */
int hp_ipe_label(const struct hp_ipe *ipe, char **buf, size_t *cap, size_t *len);

/* GHC's name of the closure type an IPE gives as a number ("15" ->
 * "THUNK"), or NULL for anything else. */
const char *hp_ipe_closure_type(const char *desc);

/* A -hi band whose info table has no IPE event (the RTS's tables, a
 * library's built without -finfo-table-map) is labelled so: its
 * address and HP_IPE_NONE, "0xeb1e50 (no IPE entry)". */
#define HP_IPE_NONE " (no IPE entry)"
int hp_ipe_name_missing(hp_model *m, hp_band b,
			struct hp_err *err) HP_MUSTCHECK;

/* What to tell the reader of a -hi .hp (its bands GHC's info-table
 * addresses, every one, which the .hp format cannot name): that an
 * eventlog of the same run names them; NULL for any other model. */
const char *hp_ipe_hp_note(const hp_model *m);

#endif
