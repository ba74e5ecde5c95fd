/*
 * tests/unit/test_ipe.c - -hi band labels from info-table provenance
 * (hp/ipe.c): each closure kind, a location or none, a binding or the
 * module, types on one line and cut, constructor names from their
 * tables; two tables with one description stay two bands a reader can
 * tell apart; a real GHC 9.6.6 -hi log's key.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hp/ipe.h"
#include "hp/model.h"
#include "hp/reader.h"
#include "testutil.h"

static void
label_is(const char *table, const char *ctype, const char *type,
	 const char *label, const char *module, const char *srcloc,
	 const char *want)
{
	struct hp_ipe ipe = { table, ctype, type, label, module, srcloc };
	char *buf = NULL;
	size_t cap = 0, len;

	assert_int_equal(hp_ipe_label(&ipe, &buf, &cap, &len), 0);
	assert_string_equal(buf, want);
	assert_int_equal(len, strlen(want));
	free(buf);
}

static void
labels(void **state)
{
	(void)state;
	/* GHC 9.6.6's own, from samples/leak-hi.eventlog */
	label_is("sat_sdRD_info", "15", "String", "main", "Main", "src/Leak.hs:54:3-52",
		 "String thunk, Leak.hs:54:3-52 (main)");
	label_is("sat_sdRv_info", "10", "String -> String", "main", "Main",
		 "src/Leak.hs:54:50-51",
		 "String -> String function, Leak.hs:54:50-51 (main)");
	label_is(":_Leak.Table_9_con_info", "4", "[]", "scramble", "Leak.Table",
		 "src/Leak/Table.hs:13:33", "(:) :: [], Table.hs:13:33 (scramble)");
	label_is("I#_Leak.Table_17_con_info", "3", "Int", "scramble", "Leak.Table",
		 "src/Leak/Table.hs:13:33", "I# :: Int, Table.hs:13:33 (scramble)");
	/* no location (GHC writes ":"), no binding: the module */
	label_is("Bin_Leak.Table_1_con_info", "1", "Map", "", "Leak.Table", ":",
		 "Bin :: Map (Leak.Table)");
	/* without -fdistinct-constructor-tables; a tuple */
	label_is("Just_con_info", "2", "Maybe", "f", "M", "M.hs:1:1", "Just :: Maybe, M.hs:1:1 (f)");
	label_is("(,,)_Leak.Zoo_0_con_info", "1", "(,,)", "zooTriples", "Leak.Zoo",
		 "src/Leak/Zoo.hs:99:26", "(,,) :: (,,), Zoo.hs:99:26 (zooTriples)");
	/* a type over several lines, and one too long for a key */
	label_is("f_info", "14", "forall {a}.\nInt#\n-> [(String, a)]", "f", "M", "",
		 "forall {a}. Int# -> [(String, a)] function (f)");
	label_is("g_info", "8",
		 "Int -> (Map Int [Int] -> Map Int [Int]) -> Map Int [Int] -> [Int]",
		 "shrinkTable", "Leak.Table", "src/Leak/Table.hs:27:1-11",
		 "Int -> (Map Int [Int] -> Map Int [Int]) -> Map I... function, "
		 "Table.hs:27:1-11 (shrinkTable)");
	/* selector, partial application, another closure type, none known */
	label_is("s_info", "22", "Int", "g", "M", "M.hs:2:2", "Int selector thunk, M.hs:2:2 (g)");
	label_is("p_info", "25", "", "g", "M", "M.hs:3:3", "partial application, M.hs:3:3 (g)");
	label_is("a_info", "42", "ByteArray#", "", "M", "", "ByteArray# ARR_WORDS (M)");
	label_is("x_info", "TEXT", "", "", "", "", "x_info");
	assert_string_equal(hp_ipe_closure_type("15"), "THUNK");
	assert_string_equal(hp_ipe_closure_type("64"), "CONTINUATION");
	assert_null(hp_ipe_closure_type("99"));
	assert_null(hp_ipe_closure_type("1x"));
	assert_null(hp_ipe_closure_type(""));
}

/* Two info tables with one description: both get their address, the
 * first when the second comes; a third too; a different one does not. */
static void
twins_stay_apart(void **state)
{
	struct hp_ipe thunk = { "a_info", "15", "Int", "f", "M", "M.hs:1:1" };
	struct hp_ipe other = { "b_info", "15", "Int", "g", "M", "M.hs:1:1" };
	struct hp_ipe_names n = { 0 };
	struct hp_err err = {{0}};
	hp_model *m = hp_model_new();
	hp_band b[4];

	(void)state;
	assert_int_equal(hp_model_intern(m, "0x10", 4, &b[0], &err), 0);
	assert_int_equal(hp_model_intern(m, "0x20", 4, &b[1], &err), 0);
	assert_int_equal(hp_model_intern(m, "0x30", 4, &b[2], &err), 0);
	assert_int_equal(hp_model_intern(m, "0x40", 4, &b[3], &err), 0);
	assert_int_equal(hp_ipe_name_band(&n, m, b[0], &thunk, &err), 0);
	assert_string_equal(hp_model_band_label(m, b[0], NULL), "Int thunk, M.hs:1:1 (f)");
	assert_int_equal(hp_ipe_name_band(&n, m, b[1], &other, &err), 0);
	assert_int_equal(hp_ipe_name_band(&n, m, b[2], &thunk, &err), 0);
	assert_string_equal(hp_model_band_label(m, b[0], NULL), "Int thunk, M.hs:1:1 (f) [0x10]");
	assert_string_equal(hp_model_band_label(m, b[1], NULL), "Int thunk, M.hs:1:1 (g)");
	assert_string_equal(hp_model_band_label(m, b[2], NULL), "Int thunk, M.hs:1:1 (f) [0x30]");
	assert_int_equal(hp_ipe_name_band(&n, m, b[3], &thunk, &err), 0);
	assert_string_equal(hp_model_band_label(m, b[3], NULL), "Int thunk, M.hs:1:1 (f) [0x40]");
	assert_string_equal(hp_model_band_label(m, b[0], NULL), "Int thunk, M.hs:1:1 (f) [0x10]");
	assert_string_equal(hp_model_band_ipe(m, b[3])->table_name, "a_info");
	/* naming a band again (its IPE given twice) changes nothing */
	assert_int_equal(hp_ipe_name_band(&n, m, b[1], &other, &err), 0);
	assert_string_equal(hp_model_band_label(m, b[1], NULL), "Int thunk, M.hs:1:1 (g)");
	hp_ipe_names_free(&n);
	hp_model_free(m);
}

/* GHC 9.6.6's -hi log: every band with an IPE event has a label from it,
 * no two bands share a label, and a band without one keeps its address
 * and says it has no IPE entry. */
static void
real_hi_log(void **state)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};
	size_t i, j, n, named = 0;
	hp_band b;

	(void)state;
	if (hp_read_file(m, tu_src("samples/leak-hi.eventlog"), &err))
		fail_msg("%s", err.msg);
	n = hp_model_band_count(m);
	for (i = 0; i < n; i++) {
		const char *li = hp_model_band_label(m, (hp_band)i, NULL);

		if (hp_model_band_ipe(m, (hp_band)i)) {
			named++;
			assert_true(strcmp(li, hp_model_band_name(m, (hp_band)i, NULL)) != 0);
		} else {
			char want[64];

			snprintf(want, sizeof want, "%s (no IPE entry)", hp_model_band_name(m, (hp_band)i, NULL));
			assert_string_equal(li, want);
		}
		for (j = 0; j < i; j++)
			if (!strcmp(li, hp_model_band_label(m, (hp_band)j, NULL)))
				fail_msg("bands %zu and %zu are both \"%s\"", j, i, li);
	}
	assert_true(named >= 90);
	assert_int_equal(hp_model_lookup(m, "0x40db50", 8, &b), 1);
	assert_string_equal(hp_model_band_label(m, b, NULL),
			    "(:) :: [], Table.hs:18:58 (growTable.step)");
	assert_int_equal(hp_model_lookup(m, "0x40db90", 8, &b), 1);
	assert_string_equal(hp_model_band_label(m, b, NULL),
			    "(:) :: [], Table.hs:13:33 (scramble) [0x40db90]");
	assert_int_equal(hp_model_lookup(m, "0xeb1e50", 8, &b), 1);
	assert_null(hp_model_band_ipe(m, b));
	hp_model_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(labels),
		cmocka_unit_test(twins_stay_apart),
		cmocka_unit_test(real_hi_log),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
