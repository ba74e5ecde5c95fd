/*
 * hp/ipe.c - -hi band names from info-table provenance.  See ipe.h.
 *
 * GHC's -hi names each band by its info table's address (rts/ProfHeap.c
 * prints the pointer), which says nothing to a reader.  A program built
 * with -finfo-table-map posts one IPE event per info table (rts/eventlog/
 * EventLog.c, postIPE): table name, closure type, type, label (the
 * binding the closure was made in), module and source location.  The
 * label here is
 *
 *     String thunk, Leak.hs:54:3-52 (main)        a thunk
 *     String -> String function, Leak.hs:54:46-47 (main)
 *     (:) :: [], Table.hs:13:33 (scramble)        a constructor
 *     Bin :: Map (Leak.Table)                     no location, no label
 *
 * that is: what the closure is, where it was written (the file without
 * its directories; the module says which), and the binding, else the
 * module.  A constructor is named from its table, which GHC calls
 * Con_Module_N_con_info (-fdistinct-constructor-tables) or Con_con_info;
 * every other kind is the type and a word for the closure type.  Types
 * are put on one line (GHC writes long ones over several) and cut at
 * TYPE_MAX bytes with "...": the key has a line per band.
 *
 * An info table without an IPE event keeps its address and says it has
 * none ("0xeb1e50 (no IPE entry)": often the largest band, an RTS
 * table), and every band keeps its address in the .hp and CSV outputs
 * (which write band names): the label is for reading, the address is
 * the band.  A .hp of -hi has addresses only; hp_ipe_hp_note says where
 * the names are.
 */
#include "ipe.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

#define TYPE_MAX 48

/* rts/include/rts/storage/ClosureTypes.h, the same numbers since GHC 9.0
 * (GHC 9.6 added CONTINUATION, 9.14 ANN_FRAME, each at the end). */
static const char *const closure_types[] = {
	"INVALID_OBJECT", "CONSTR", "CONSTR_1_0", "CONSTR_0_1", "CONSTR_2_0",
	"CONSTR_1_1", "CONSTR_0_2", "CONSTR_NOCAF", "FUN", "FUN_1_0", "FUN_0_1",
	"FUN_2_0", "FUN_1_1", "FUN_0_2", "FUN_STATIC", "THUNK", "THUNK_1_0",
	"THUNK_0_1", "THUNK_2_0", "THUNK_1_1", "THUNK_0_2", "THUNK_STATIC",
	"THUNK_SELECTOR", "BCO", "AP", "PAP", "AP_STACK", "IND", "IND_STATIC",
	"RET_BCO", "RET_SMALL", "RET_BIG", "RET_FUN", "UPDATE_FRAME",
	"CATCH_FRAME", "UNDERFLOW_FRAME", "STOP_FRAME", "BLOCKING_QUEUE",
	"BLACKHOLE", "MVAR_CLEAN", "MVAR_DIRTY", "TVAR", "ARR_WORDS",
	"MUT_ARR_PTRS_CLEAN", "MUT_ARR_PTRS_DIRTY", "MUT_ARR_PTRS_FROZEN_DIRTY",
	"MUT_ARR_PTRS_FROZEN_CLEAN", "MUT_VAR_CLEAN", "MUT_VAR_DIRTY", "WEAK",
	"PRIM", "MUT_PRIM", "TSO", "STACK", "TREC_CHUNK", "ATOMICALLY_FRAME",
	"CATCH_RETRY_FRAME", "CATCH_STM_FRAME", "WHITEHOLE",
	"SMALL_MUT_ARR_PTRS_CLEAN", "SMALL_MUT_ARR_PTRS_DIRTY",
	"SMALL_MUT_ARR_PTRS_FROZEN_DIRTY", "SMALL_MUT_ARR_PTRS_FROZEN_CLEAN",
	"COMPACT_NFDATA", "CONTINUATION", "ANN_FRAME",
};

enum { CT_CONSTR = 1, CT_CONSTR_NOCAF = 7, CT_FUN = 8, CT_FUN_STATIC = 14,
       CT_THUNK = 15, CT_THUNK_SELECTOR = 22, CT_AP = 24, CT_PAP = 25 };

/* The closure type number in desc, or -1. */
static int
closure_type(const char *desc)
{
	int v = 0;

	if (!desc || !*desc)
		return -1;
	for (; *desc; desc++) {
		if (*desc < '0' || *desc > '9' || v > 1000)
			return -1;
		v = v * 10 + (*desc - '0');
	}
	return v < (int)(sizeof closure_types / sizeof *closure_types) ? v : -1;
}

const char *
hp_ipe_closure_type(const char *desc)
{
	int t = closure_type(desc);

	return t < 0 ? NULL : closure_types[t];
}

int
hp_ipe_name_missing(hp_model *m, hp_band b, struct hp_err *err)
{
	size_t len, k = sizeof HP_IPE_NONE - 1;
	const char *name = hp_model_band_name(m, b, &len);
	char *s = len < SIZE_MAX - k ? hp_malloc(len + k + 1) : NULL;
	int rc;

	if (!s)
		return hp_err_set(err, "out of memory");
	memcpy(s, name, len);
	memcpy(s + len, HP_IPE_NONE, k + 1);
	rc = hp_model_band_set_label(m, b, s, len + k, err);
	free(s);
	return rc;
}

/* "0x4c9b58", as GHC's -hi prints an address (%p) */
static int
is_address(const char *s, size_t len)
{
	size_t i;

	if (len < 3 || len > 18 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < len; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

const char *
hp_ipe_hp_note(const hp_model *m)
{
	size_t i, n = hp_model_band_count(m), len;

	if (hp_model_kind(m) != HP_KIND_HP || n == 0)
		return NULL;
	for (i = 0; i < n; i++) {
		const char *s = hp_model_band_name(m, (hp_band)i, &len);

		if (!is_address(s, len))
			return NULL;
	}
	return "the bands are info-table addresses (-hi), which a .hp cannot name; "
	       "an eventlog of the same run (+RTS -hi -l) carries each table's name, type and source";
}

struct out {
	char **buf;
	size_t *cap, len;
	int bad;
};

static void
put(struct out *o, const char *s, size_t n)
{
	if (o->bad || n > SIZE_MAX - o->len - 1 ||
	    HP_GROW(*o->buf, *o->cap, o->len + n + 1)) {
		o->bad = 1;
		return;
	}
	memcpy(*o->buf + o->len, s, n);
	o->len += n;
	(*o->buf)[o->len] = '\0';
}

static void
puts0(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The type on one line: blanks squeezed to one space, cut at TYPE_MAX. */
static void
put_type(struct out *o, const char *t)
{
	size_t start = o->len;

	while (blank(*t))
		t++;
	for (; *t; t++) {
		if (o->len - start >= TYPE_MAX) {
			puts0(o, "...");
			return;
		}
		if (blank(*t)) {
			while (blank(t[1]))
				t++;
			if (!t[1])
				return;
			put(o, " ", 1);
		} else {
			put(o, t, 1);
		}
	}
}

/* The constructor a con_info table is for: "Bin_Leak.Table_1_con_info"
 * (-fdistinct-constructor-tables: _Module_N before the suffix) or
 * "Bin_con_info" gives "Bin"; an operator is written in parentheses. */
static void
put_constructor(struct out *o, const char *table, const char *module)
{
	size_t n = strlen(table), ml = module ? strlen(module) : 0, k;
	static const char suffix[] = "_con_info";

	if (n > sizeof suffix - 1 && !strcmp(table + n - (sizeof suffix - 1), suffix))
		n -= sizeof suffix - 1;
	/* _Module_N */
	k = n;
	while (k > 0 && table[k - 1] >= '0' && table[k - 1] <= '9')
		k--;
	if (module && k < n && k > ml + 1 && table[k - 1] == '_' &&
	    !memcmp(table + k - 1 - ml, module, ml) && table[k - 2 - ml] == '_')
		n = k - 2 - ml;
	if (n && !(table[0] == '(' || table[0] == '_' ||
		   (table[0] >= 'A' && table[0] <= 'Z') ||
		   (table[0] >= 'a' && table[0] <= 'z') || (unsigned char)table[0] >= 0x80)) {
		put(o, "(", 1);
		put(o, table, n);
		put(o, ")", 1);
	} else {
		put(o, table, n);
	}
}

/* "src/Leak/Table.hs:13:33" -> "Table.hs:13:33"; nothing for GHC's
 * no-location ":" (or empty). */
static void
put_location(struct out *o, const char *loc)
{
	const char *colon, *p, *file = loc;

	if (!loc || !*loc || !strcmp(loc, ":"))
		return;
	colon = strchr(loc, ':');
	for (p = loc; *p && (!colon || p < colon); p++)
		if (*p == '/')
			file = p + 1;
	puts0(o, ", ");
	puts0(o, file);
}

int
hp_ipe_label(const struct hp_ipe *ipe, char **buf, size_t *cap, size_t *len)
{
	struct out o = { buf, cap, 0, 0 };
	int t = closure_type(ipe->closure_desc);
	const char *type = ipe->type_desc ? ipe->type_desc : "";
	const char *kind;

	put(&o, "", 0);
	if (t >= CT_CONSTR && t <= CT_CONSTR_NOCAF) {
		put_constructor(&o, ipe->table_name ? ipe->table_name : "", ipe->module);
		if (*type) {
			puts0(&o, " :: ");
			put_type(&o, type);
		}
	} else {
		if (t >= CT_FUN && t <= CT_FUN_STATIC)
			kind = "function";
		else if (t == CT_THUNK_SELECTOR)
			kind = "selector thunk";
		else if ((t >= CT_THUNK && t < CT_THUNK_SELECTOR) || t == CT_AP)
			kind = "thunk";
		else if (t == CT_PAP)
			kind = "partial application";
		else if (t >= 0)
			kind = closure_types[t];
		else
			kind = ipe->table_name ? ipe->table_name : "";
		put_type(&o, type);
		if (o.len && *kind)
			put(&o, " ", 1);
		puts0(&o, kind);
	}
	put_location(&o, ipe->srcloc);
	if (ipe->label && *ipe->label) {
		puts0(&o, " (");
		puts0(&o, ipe->label);
		puts0(&o, ")");
	} else if (ipe->module && *ipe->module) {
		puts0(&o, " (");
		puts0(&o, ipe->module);
		puts0(&o, ")");
	}
	*len = o.len;
	return o.bad ? -1 : 0;
}

void
hp_ipe_names_free(struct hp_ipe_names *n)
{
	hp_index_free(&n->bylabel);
	free(n->buf);
	free(n->other);
	memset(n, 0, sizeof *n);
}

static int
oom(struct hp_err *err)
{
	return hp_err_set(err, "out of memory");
}

/* Label band b "<plain> [<its address>]". */
static int
with_address(hp_model *m, hp_band b, const char *plain,
	     size_t plen, struct hp_err *err)
{
	size_t alen, len;
	const char *addr = hp_model_band_name(m, b, &alen);
	char *s;

	if (plen > SIZE_MAX - alen - 4)
		return oom(err);
	len = plen + alen + 3;
	if (!(s = malloc(len + 1)))
		return oom(err);
	memcpy(s, plain, plen);
	memcpy(s + plen, " [", 2);
	memcpy(s + plen + 2, addr, alen);
	s[len - 1] = ']';
	s[len] = '\0';
	if (hp_model_band_set_label(m, b, s, len, err)) {
		free(s);
		return -1;
	}
	free(s);
	return 0;
}

int
hp_ipe_name_band(struct hp_ipe_names *n, hp_model *m, hp_band b,
		 const struct hp_ipe *ipe, struct hp_err *err)
{
	size_t len, olen, slot;
	int64_t v;
	uint64_t h;
	int twin = 0;

	if (hp_ipe_label(ipe, &n->buf, &n->buf_cap, &len))
		return oom(err);
	if (hp_model_band_set_ipe(m, b, ipe, err))
		return -1;
	h = hp_hash_bytes(n->buf, len);
	for (slot = hp_index_start(&n->bylabel, h);
	     (v = hp_index_next(&n->bylabel, h, &slot)) >= 0;) {
		const struct hp_ipe *o = hp_model_band_ipe(m, (hp_band)v);

		if ((hp_band)v == b || !o)
			continue;
		if (hp_ipe_label(o, &n->other, &n->other_cap, &olen))
			return oom(err);
		if (olen == len && !memcmp(n->other, n->buf, len)) {
			if (with_address(m, (hp_band)v, n->other, olen, err))
				return -1;
			twin = 1;
		}
	}
	if (hp_index_add(&n->bylabel, h, (uint32_t)b))
		return oom(err);
	if (twin)
		return with_address(m, b, n->buf, len, err);
	return hp_model_band_set_label(m, b, n->buf, len, err);
}
