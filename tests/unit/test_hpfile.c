/*
 * tests/unit/test_hpfile.c - the .hp text reader: one test per grammar
 * case, tolerated oddity and error message (with its line number), plus
 * chunked reading of every real profile compared with whole-file reading.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glob.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "hp/model.h"
#include "hp/reader.h"
#include "modelcmp.h"
#include "testutil.h"

#define HDR "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"

static hp_model *
read_ok_n(const char *s, size_t n)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	assert_non_null(m);
	if (hp_read_mem(m, "t.hp", s, n, &err))
		fail_msg("unexpected error: %s", err.msg);
	return m;
}

#define read_ok(s) read_ok_n((s), sizeof(s) - 1)

static void
read_err_n(const char *s, size_t n, const char *want)
{
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	assert_int_equal(hp_read_mem(m, "t.hp", s, n, &err), -1);
	assert_string_equal(err.msg, want);
	hp_model_free(m);
}

#define read_err(s, want) read_err_n((s), sizeof(s) - 1, (want))

/* Bytes of the band called name in sample i, 0 when absent. */
static uint64_t
val(const hp_model *m, size_t i, const char *name, size_t len)
{
	const hp_band *b;
	const uint64_t *v;
	size_t n = hp_model_sample(m, i, &b, &v), j;
	hp_band want;

	if (!hp_model_lookup(m, name, len, &want))
		return 0;
	for (j = 0; j < n; j++)
		if (b[j] == want)
			return v[j];
	return 0;
}

#define VAL(m, i, lit) val((m), (i), (lit), sizeof(lit) - 1)

static size_t
entries(const hp_model *m, size_t i)
{
	return hp_model_sample(m, i, NULL, NULL);
}

static void
ghc_layout(void **state)
{
	hp_model *m = read_ok(
		"JOB \"leak 3 +RTS -hT\"\nDATE \"Sat Nov 21 16:56 2026\"\n"
		"SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
		"BEGIN_SAMPLE 0.000000\nEND_SAMPLE 0.000000\n"
		"BEGIN_SAMPLE 0.021641\nghc-prim:GHC.Types.:\t4800\nARR_WORDS\t1064\nEND_SAMPLE 0.021641\n"
		"BEGIN_SAMPLE 0.043000\nARR_WORDS\t2000\nEND_SAMPLE 0.043000\n"
		"BEGIN_SAMPLE 0.050000\nEND_SAMPLE 0.050000\n");

	(void)state;
	assert_string_equal(hp_model_get(m, HP_JOB), "leak 3 +RTS -hT");
	assert_string_equal(hp_model_get(m, HP_DATE), "Sat Nov 21 16:56 2026");
	assert_string_equal(hp_model_get(m, HP_SAMPLE_UNIT), "seconds");
	assert_string_equal(hp_model_get(m, HP_VALUE_UNIT), "bytes");
	assert_null(hp_model_get(m, HP_BREAKDOWN));
	assert_int_equal(hp_model_sample_count(m), 4);
	assert_true(hp_model_sample_time(m, 0) == 0.0);
	assert_true(hp_model_sample_time(m, 1) == 0.021641);
	assert_true(hp_model_sample_time(m, 2) == 0.043);
	assert_true(hp_model_sample_time(m, 3) == 0.05);
	/* the empty first and last samples are kept, empty */
	assert_int_equal(entries(m, 0), 0);
	assert_int_equal(entries(m, 3), 0);
	assert_int_equal(entries(m, 1), 2);
	assert_int_equal(VAL(m, 1, "ghc-prim:GHC.Types.:"), 4800);
	assert_int_equal(VAL(m, 1, "ARR_WORDS"), 1064);
	assert_int_equal(VAL(m, 2, "ARR_WORDS"), 2000);
	assert_int_equal(hp_model_band_count(m), 2);
	assert_int_equal(hp_model_warning_count(m), 0);
	assert_int_equal(hp_model_mark_count(m), 0);
	hp_model_free(m);
}

static void
header_any_order_last_wins(void **state)
{
	hp_model *m = read_ok(
		"VALUE_UNIT \"words\"\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n"
		"DATE \"d1\"\nSAMPLE_UNIT \"ticks\"\nJOB \"first\"\nJOB \"second\"\n"
		"DATE \"d2\"\n");

	(void)state;
	assert_string_equal(hp_model_get(m, HP_JOB), "second");
	assert_string_equal(hp_model_get(m, HP_DATE), "d2");
	assert_string_equal(hp_model_get(m, HP_SAMPLE_UNIT), "ticks");
	assert_string_equal(hp_model_get(m, HP_VALUE_UNIT), "words");
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_model_free(m);
}

static void
string_doubled_quote_and_raw_backslash(void **state)
{
	/* GHC's T15904: JOB with quotes doubled, backslashes raw */
	hp_model *m = read_ok(
		"JOB \"\"\"T15904\"\" {\"\"e\"\": 2.72} \\ \"\" +RTS -hT\"\n"
		"DATE \"\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT   \"bytes\"  \n"
		"BEGIN_SAMPLE 0\nEND_SAMPLE 0\n");

	(void)state;
	assert_string_equal(hp_model_get(m, HP_JOB),
			    "\"T15904\" {\"e\": 2.72} \\ \" +RTS -hT");
	assert_string_equal(hp_model_get(m, HP_DATE), "");
	assert_string_equal(hp_model_get(m, HP_VALUE_UNIT), "bytes");
	hp_model_free(m);
}

static void
string_spans_lines_ok(void **state)
{
	hp_model *m = read_ok(
		"JOB \"one\ntwo \"\"q\"\"\n\nthree\"\nDATE \"a\r\nb\"\r\n"
		"SAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
		"BEGIN_SAMPLE 0\nx\t1\nEND_SAMPLE 0\n");

	(void)state;
	assert_string_equal(hp_model_get(m, HP_JOB), "one\ntwo \"q\"\n\nthree");
	assert_string_equal(hp_model_get(m, HP_DATE), "a\nb");
	assert_int_equal(hp_model_sample_count(m), 1);
	hp_model_free(m);
}

static void
line_numbers_count_string_lines(void **state)
{
	(void)state;
	/* unlike hp2ps, lines inside a string are counted */
	read_err(HDR "JOB \"a\nb\nc\"\nEND_SAMPLE 1\n",
		 "t.hp:8: END_SAMPLE without BEGIN_SAMPLE");
}

static void
marks(void **state)
{
	hp_model *m = read_ok(HDR "MARK 1.50\nBEGIN_SAMPLE 1\nMARK 1.75\na\t1\n"
			      "END_SAMPLE 1\nMARK 2\n");

	(void)state;
	assert_int_equal(hp_model_mark_count(m), 3);
	assert_true(hp_model_mark_time(m, 0) == 1.5);
	assert_true(hp_model_mark_time(m, 1) == 1.75);
	assert_true(hp_model_mark_time(m, 2) == 2.0);
	assert_null(hp_model_mark_label(m, 0));
	assert_null(hp_model_mark_label(m, 2));
	assert_int_equal(hp_model_sample_count(m), 1);
	hp_model_free(m);
}

static void
crlf_line_ends(void **state)
{
	hp_model *m = read_ok(
		"JOB \"j\"\r\nDATE \"d\"\r\nSAMPLE_UNIT \"seconds\"\r\nVALUE_UNIT \"bytes\"\r\n"
		"BEGIN_SAMPLE 0.5\r\nname with space\t12\r\nEND_SAMPLE 0.5\r\n");

	(void)state;
	assert_string_equal(hp_model_get(m, HP_JOB), "j");
	assert_string_equal(hp_model_get(m, HP_VALUE_UNIT), "bytes");
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(VAL(m, 0, "name with space"), 12);
	assert_int_equal(hp_model_band_count(m), 1);
	hp_model_free(m);
}

static void
comma_decimal_separator(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 0,022049\nEND_SAMPLE 0,022049\n"
			      "MARK 1,5\nBEGIN_SAMPLE 3,\nEND_SAMPLE 3,\n");

	(void)state;
	assert_int_equal(hp_model_sample_count(m), 2);
	assert_true(hp_model_sample_time(m, 0) == 0.022049);
	assert_true(hp_model_sample_time(m, 1) == 3.0);
	assert_true(hp_model_mark_time(m, 0) == 1.5);
	hp_model_free(m);
}

static void
time_forms(void **state)
{
	hp_model *m = read_ok(HDR
		"BEGIN_SAMPLE 0.10\nEND_SAMPLE 0.10\n"
		"BEGIN_SAMPLE 0.100000\nEND_SAMPLE 0.100000\n"
		"BEGIN_SAMPLE 7\nEND_SAMPLE 7\n"
		"BEGIN_SAMPLE 12.\nEND_SAMPLE 12.\n"
		"BEGIN_SAMPLE 12.12345678901234567890123\nEND_SAMPLE 12.1\n"
		"BEGIN_SAMPLE 100000000000000000000000000000\nEND_SAMPLE 1\n"
		"BEGIN_SAMPLE\t  100000000000000000000000000000.0000000000000000000000000001  \n"
		"END_SAMPLE 1\n");

	(void)state;
	assert_int_equal(hp_model_sample_count(m), 7);
	assert_true(hp_model_sample_time(m, 0) == 0.1);
	assert_true(hp_model_sample_time(m, 1) == 0.1);
	assert_true(hp_model_sample_time(m, 2) == 7.0);
	assert_true(hp_model_sample_time(m, 3) == 12.0);
	assert_true(hp_model_sample_time(m, 4) == strtod("12.12345678901234567890123", NULL));
	assert_true(hp_model_sample_time(m, 5) == 1e29);
	assert_true(hp_model_sample_time(m, 6) == 1e29);
	hp_model_free(m);
}

static void
equal_times_allowed(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nBEGIN_SAMPLE 1.0\n"
			      "END_SAMPLE 0.5\n");

	(void)state;
	/* END_SAMPLE's own time is not compared, as in hp2ps */
	assert_int_equal(hp_model_sample_count(m), 2);
	hp_model_free(m);
}

static void
duplicates_summed(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\nx\t5\ny\t1\nx\t7\nz\t0\nEND_SAMPLE 1\n");
	const size_t *pe;
	const uint64_t *pv;

	(void)state;
	assert_int_equal(entries(m, 0), 3);	/* z 0 is listed, so kept */
	assert_int_equal(VAL(m, 0, "x"), 12);
	assert_int_equal(VAL(m, 0, "y"), 1);
	assert_int_equal(VAL(m, 0, "z"), 0);
	/* x's two lines are kept as parts, for hp2ps's -d */
	assert_int_equal(hp_model_parts(m, &pe, &pv), 2);
	assert_int_equal(pe[0], 0);
	assert_int_equal(pv[0], 5);
	assert_int_equal(pe[1], 0);
	assert_int_equal(pv[1], 7);
	hp_model_free(m);
}

static void
names_split_at_last_tab(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\n"
		"(12)my label/main\t10\n"
		"\"quoted\" (paren \\ back\t20\n"
		"caf\xc3\xa9 \xe2\x88\x80x\t30\n"
		"a\tb\t40\n"
		"trailing space \t50\n"
		"  indented\t60\n"
		"spaced value\t 70 \n"
		"\xff\xfe\t80\n"
		"END_SAMPLE 1\n");

	(void)state;
	assert_int_equal(entries(m, 0), 8);
	assert_int_equal(VAL(m, 0, "(12)my label/main"), 10);
	assert_int_equal(VAL(m, 0, "\"quoted\" (paren \\ back"), 20);
	assert_int_equal(VAL(m, 0, "caf\xc3\xa9 \xe2\x88\x80x"), 30);
	assert_int_equal(VAL(m, 0, "a\tb"), 40);
	assert_int_equal(VAL(m, 0, "trailing space "), 50);
	assert_int_equal(VAL(m, 0, "indented"), 60);
	assert_int_equal(VAL(m, 0, "spaced value"), 70);
	assert_int_equal(VAL(m, 0, "\xff\xfe"), 80);
	hp_model_free(m);
}

static void
no_tab_splits_at_last_blanks(void **state)
{
	/* the hp2ps man-page layout */
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1.00\n  elim 180\n  SYSTEM   12\n"
			      "my cost centre 7\nEND_SAMPLE 1.00\n");

	(void)state;
	assert_int_equal(VAL(m, 0, "elim"), 180);
	assert_int_equal(VAL(m, 0, "SYSTEM"), 12);
	assert_int_equal(VAL(m, 0, "my cost centre"), 7);
	hp_model_free(m);
}

static void
keyword_named_bands_inside_sample(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\nMARK\t48\nJOB\t16\nEND_SAMPLE\t8\n"
			      "JOB x\t4\nEND_SAMPLE 1\n");

	(void)state;
	assert_int_equal(hp_model_mark_count(m), 0);
	assert_string_equal(hp_model_get(m, HP_JOB), "j");
	assert_int_equal(VAL(m, 0, "MARK"), 48);
	assert_int_equal(VAL(m, 0, "JOB"), 16);
	assert_int_equal(VAL(m, 0, "END_SAMPLE"), 8);
	assert_int_equal(VAL(m, 0, "JOB x"), 4);
	hp_model_free(m);
}

static void
header_inside_sample(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\nJOB \"a\tb\"\nx\t1\nEND_SAMPLE 1\n");

	(void)state;
	assert_string_equal(hp_model_get(m, HP_JOB), "a\tb");
	assert_int_equal(VAL(m, 0, "x"), 1);
	hp_model_free(m);
}

static void
exact_u64_values(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\nbig\t18446744073709551615\n"
			      "p53\t9007199254740993\nz\t000000000000000000000042\nEND_SAMPLE 1\n");

	(void)state;
	assert_true(VAL(m, 0, "big") == UINT64_MAX);
	assert_true(VAL(m, 0, "p53") == 9007199254740993ull);
	assert_int_equal(VAL(m, 0, "z"), 42);
	hp_model_free(m);
}

static void
value_errors(void **state)
{
	(void)state;
	read_err(HDR "BEGIN_SAMPLE 1\nbig\t18446744073709551616\nEND_SAMPLE 1\n",
		 "t.hp:6: value greater than 2^64-1");
	read_err(HDR "BEGIN_SAMPLE 1\nbig 99999999999999999999999\nEND_SAMPLE 1\n",
		 "t.hp:6: value greater than 2^64-1");
	read_err(HDR "BEGIN_SAMPLE 1\na\t1\nneg\t-5\nEND_SAMPLE 1\n",
		 "t.hp:7: negative value");
	read_err(HDR "BEGIN_SAMPLE 1\nx\t12k\nEND_SAMPLE 1\n",
		 "t.hp:6: integer value must follow band name");
	read_err(HDR "BEGIN_SAMPLE 1\nx\t1.5\nEND_SAMPLE 1\n",
		 "t.hp:6: integer value must follow band name");
	read_err(HDR "BEGIN_SAMPLE 1\nlonely\nEND_SAMPLE 1\n",
		 "t.hp:6: integer value must follow band name");
	read_err(HDR "BEGIN_SAMPLE 1\nx\t\nEND_SAMPLE 1\n",
		 "t.hp:6: integer value must follow band name");
	read_err(HDR "BEGIN_SAMPLE 1\nx\t+3\nEND_SAMPLE 1\n",
		 "t.hp:6: integer value must follow band name");
	read_err(HDR "BEGIN_SAMPLE 1\nx\t18446744073709551615\nx\t1\nEND_SAMPLE 1\n",
		 "t.hp:7: value of band in one sample passes 2^64-1");
}

static void
structure_errors(void **state)
{
	(void)state;
	read_err(HDR "BEGIN_SAMPLE 1\nBEGIN_SAMPLE 2\n",
		 "t.hp:6: BEGIN_SAMPLE inside a sample (begun at line 5)");
	read_err(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nEND_SAMPLE 1\n",
		 "t.hp:7: END_SAMPLE without BEGIN_SAMPLE");
	read_err(HDR "BEGIN_SAMPLE 2.5\nEND_SAMPLE 2.5\nBEGIN_SAMPLE 0.25\nEND_SAMPLE 0.25\n",
		 "t.hp:7: samples out of sequence (0.25 after 2.5)");
	read_err(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nx\t5\n",
		 "t.hp:7: band line outside a sample");
	read_err(HDR "x\t5\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n",
		 "t.hp:5: band line outside a sample");
	/* not .hp from its first line: an executable, a .prof, a .hs */
	read_err("hello world\n", "t.hp: not a heap profile (.hp) or eventlog");
	read_err("\x7f" "ELF\x02\x01\x01\n\x00\x00", "t.hp: not a heap profile (.hp) or eventlog");
	read_err("\tSat Nov 21 17:37 2026 Time and Allocation Profiling Report  (Final)\n",
		 "t.hp: not a heap profile (.hp) or eventlog");
	read_err("module Main where\n\nmain = print 1\n",
		 "t.hp: not a heap profile (.hp) or eventlog");
	/* a .hp with a bad first header line says what was expected */
	read_err("JOB job\n", "t.hp:1: string must follow JOB");
	read_err(HDR "\"stray string\"\n",
		 "t.hp:5: header key, MARK or BEGIN_SAMPLE expected");
}

static void
keyword_argument_errors(void **state)
{
	(void)state;
	read_err("JOB\n", "t.hp:1: string must follow JOB");
	read_err("DATE 12\n", "t.hp:1: string must follow DATE");
	read_err("SAMPLE_UNIT seconds\n", "t.hp:1: string must follow SAMPLE_UNIT");
	read_err("VALUE_UNIT \"b\" x\n", "t.hp:1: unexpected text after VALUE_UNIT string");
	read_err("JOB \"a\nb\" DATE \"c\"\n", "t.hp:2: unexpected text after JOB string");
	read_err(HDR "BEGIN_SAMPLE\n", "t.hp:5: time must follow BEGIN_SAMPLE");
	read_err(HDR "BEGIN_SAMPLE x\n", "t.hp:5: time must follow BEGIN_SAMPLE");
	read_err(HDR "BEGIN_SAMPLE -1\n", "t.hp:5: time must follow BEGIN_SAMPLE");
	read_err(HDR "BEGIN_SAMPLE .5\n", "t.hp:5: time must follow BEGIN_SAMPLE");
	read_err(HDR "BEGIN_SAMPLE 1.0 a 5 END_SAMPLE 1.0\n",
		 "t.hp:5: unexpected text after BEGIN_SAMPLE time");
	read_err(HDR "BEGIN_SAMPLE 1.2.3\n", "t.hp:5: unexpected text after BEGIN_SAMPLE time");
	read_err(HDR "BEGIN_SAMPLE 1e5\n", "t.hp:5: unexpected text after BEGIN_SAMPLE time");
	read_err(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE\n", "t.hp:6: time must follow END_SAMPLE");
	read_err(HDR "MARK 1x\n", "t.hp:5: unexpected text after MARK time");
	read_err(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nMARK\n", "t.hp:7: time must follow MARK");
}

static void
time_out_of_range(void **state)
{
	char buf[1024];
	int n;

	(void)state;
	n = snprintf(buf, sizeof buf, HDR "BEGIN_SAMPLE 1%0400d\nEND_SAMPLE 1\n", 0);
	read_err_n(buf, (size_t)n, "t.hp:5: BEGIN_SAMPLE time out of range");
}

static void
nul_bytes(void **state)
{
	static const char inname[] = HDR "BEGIN_SAMPLE 1\nna\0me\t5\nEND_SAMPLE 1\n";
	static const char innum[] = HDR "BEGIN_SAMPLE 1\nname\t5\0\nEND_SAMPLE 1\n";
	static const char intime[] = HDR "BEGIN_SAMPLE 1\0\nEND_SAMPLE 1\n";
	/* a keyword with a NUL is a band name, here outside a sample */
	static const char inkey[] = HDR "BEGIN_\0SAMPLE 1\n";
	hp_model *m = read_ok_n(inname, sizeof inname - 1);
	size_t len;

	(void)state;
	assert_int_equal(hp_model_band_count(m), 1);
	assert_memory_equal(hp_model_band_name(m, 0, &len), "na\0me", 5);
	assert_int_equal(len, 5);
	assert_int_equal(val(m, 0, "na\0me", 5), 5);
	hp_model_free(m);
	read_err_n(innum, sizeof innum - 1, "t.hp:6: integer value must follow band name");
	read_err_n(intime, sizeof intime - 1, "t.hp:5: unexpected text after BEGIN_SAMPLE time");
	read_err_n(inkey, sizeof inkey - 1, "t.hp:5: band line outside a sample");
}

static void
huge_line(void **state)
{
	size_t big = 10u << 20, n = 0;
	char *buf = malloc(big + 256);
	hp_model *m;
	size_t len;

	(void)state;
	assert_non_null(buf);
	n += (size_t)sprintf(buf, HDR "BEGIN_SAMPLE 1\n");
	memset(buf + n, 'x', big);
	n += big;
	n += (size_t)sprintf(buf + n, "\t77\nEND_SAMPLE 1\n");
	m = read_ok_n(buf, n);
	assert_int_equal(hp_model_band_count(m), 1);
	hp_model_band_name(m, 0, &len);
	assert_int_equal(len, big);
	assert_int_equal(hp_model_sample(m, 0, NULL, NULL), 1);
	hp_model_free(m);
	free(buf);
}

static void
missing_header_warns_once(void **state)
{
	hp_model *m = read_ok("DATE \"d\"\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n");

	(void)state;
	assert_null(hp_model_get(m, HP_JOB));
	assert_string_equal(hp_model_get(m, HP_DATE), "d");
	assert_null(hp_model_get(m, HP_SAMPLE_UNIT));
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_string_equal(hp_model_warning(m, 0),
			    "t.hp: header lacks JOB, SAMPLE_UNIT, VALUE_UNIT");
	hp_model_free(m);
}

static void
bom_and_blank_lines(void **state)
{
	hp_model *m = read_ok("\xef\xbb\xbfJOB \"j\"\n\n   \n\t\nDATE \"d\"\nSAMPLE_UNIT \"s\"\n"
			      "VALUE_UNIT \"b\"\nBEGIN_SAMPLE 1\n\nx\t1\n \nEND_SAMPLE 1\n\n");

	(void)state;
	assert_string_equal(hp_model_get(m, HP_JOB), "j");
	assert_int_equal(VAL(m, 0, "x"), 1);
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_model_free(m);
}

static void
last_line_without_lf(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\nx\t1\nEND_SAMPLE 1");

	(void)state;
	assert_int_equal(hp_model_sample_count(m), 1);
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_model_free(m);
	m = read_ok(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nJOB \"late\"");
	assert_string_equal(hp_model_get(m, HP_JOB), "late");
	assert_int_equal(hp_model_warning_count(m), 0);
	hp_model_free(m);
}

#define NOSAMPLES(f) f ": contains no samples: the program ended before " \
	"its first heap census (a smaller +RTS -i takes one sooner)"

static void
empty_and_sampleless(void **state)
{
	(void)state;
	read_err("", "t.hp: empty file");
	read_err(HDR, NOSAMPLES("t.hp"));
	read_err("\n\n", NOSAMPLES("t.hp"));
	read_err(HDR "BEGIN_SAMPLE 1\nx\t5\n", NOSAMPLES("t.hp"));
	read_err("JOB \"cut in the hea", NOSAMPLES("t.hp"));
}

/* A file cut at each of these places keeps its two complete samples and
 * warns once. */
static void
truncations(void **state)
{
	static const char *const tails[] = {
		"BEGIN_SAMPLE 3",			/* right after BEGIN, no LF */
		"BEGIN_SAMPLE 3\n",			/* ... with LF */
		"BEGIN_SAMPLE 3\nlong na",		/* mid-name */
		"BEGIN_SAMPLE 3\nlong name\t",		/* after the TAB */
		"BEGIN_SAMPLE 3\nlong name\t12",	/* mid-number */
		"BEGIN_SAMPLE 3\nlong name\t12\n",	/* complete line */
		"BEGIN_SAMPLE 3\nx\t1\nEND_SAM",	/* mid-keyword */
		"BEGIN_SAMPLE 3\nx\t1\nEND_SAMPLE",	/* keyword, no time */
		"BEGIN_SAMPLE 3\nx\t1\nEND_SAMPLE ",	/* keyword, no time */
		"BEGIN_SAMPLE 3\ncaf\xc3",		/* mid-UTF-8 */
		"BEGIN_SAMPLE 3\nx\t1\r",		/* inside CRLF */
		"BEGI",					/* mid-keyword between samples */
		"BEGIN_SAMPLE",				/* keyword without time */
		"BEGIN_SAMPLE 0",			/* cut time: out of sequence */
		"JOB \"cut",				/* mid-string */
		"JOB \"cut\nmore",			/* mid multi-line string */
		"x\t",					/* a band outside a sample */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof tails / sizeof *tails; i++) {
		char buf[512];
		int n = snprintf(buf, sizeof buf,
				 HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\n"
				 "BEGIN_SAMPLE 2\nb\t2\nEND_SAMPLE 2\n%s", tails[i]);
		hp_model *m = read_ok_n(buf, (size_t)n);

		if (hp_model_sample_count(m) != 2 || hp_model_warning_count(m) != 1)
			fail_msg("tail %zu: %zu samples, %zu warnings", i,
				 hp_model_sample_count(m), hp_model_warning_count(m));
		assert_int_equal(VAL(m, 0, "a"), 1);
		assert_int_equal(VAL(m, 1, "b"), 2);
		assert_string_equal(hp_model_get(m, HP_JOB), "j");
		assert_false(hp_model_is_open(m));
		hp_model_free(m);
	}
}

static void
truncation_messages(void **state)
{
	hp_model *m = read_ok(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\nx\t1\ny\t");

	(void)state;
	assert_int_equal(hp_model_warning_count(m), 1);
	assert_string_equal(hp_model_warning(m, 0), "t.hp:7: truncated final sample dropped");
	hp_model_free(m);
	m = read_ok(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nBEGIN_SA");
	assert_string_equal(hp_model_warning(m, 0), "t.hp:7: truncated final line ignored");
	hp_model_free(m);
	m = read_ok(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE 1\nDATE \"x\ny");
	assert_string_equal(hp_model_warning(m, 0),
			    "t.hp:7: input ends inside the DATE string; ignored");
	assert_string_equal(hp_model_get(m, HP_DATE), "d");
	hp_model_free(m);
}

static void
gzip_input(void **state)
{
	static const char text[] = HDR "BEGIN_SAMPLE 1\nx\t5\nEND_SAMPLE 1\n";
	unsigned char gz[512];
	z_stream z;
	hp_model *m;
	struct hp_err err = {{0}};

	(void)state;
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (unsigned char *)text;
	z.avail_in = sizeof text - 1;
	z.next_out = gz;
	z.avail_out = sizeof gz;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	m = hp_model_new();
	assert_int_equal(hp_read_mem(m, "t.hp.gz", gz, z.total_out, &err), 0);
	deflateEnd(&z);
	assert_int_equal(VAL(m, 0, "x"), 5);
	hp_model_free(m);
}

/* --- guessed bands ---------------------------------------------------- */

/* The reader guesses each line's band from the samples before, and reads
 * a line whose name is the guessed one in place.  So the same lines must
 * give the same entries in a sample after the first (guessed) as in the
 * first (not guessed), whatever their shape. */
static void
guessed_lines_read_as_first_time(void **state)
{
	static const char body[] =
		"(12)my label/main\t10\n"
		"a\tb\t40\n"
		"trailing space \t50\n"
		"  indented\t60\n"
		"spaced value\t 70 \n"
		"blank after\t71 \n"
		"tab after\t72\t\n"
		"crlf\t80\r\n"
		"cr only\t81\r\n"
		"\xff\xfe\t90\n"
		"nineteen\t9999999999999999999\n"
		"twenty\t10000000000000000000\n"
		"zeros\t000000000000000000000042\n"
		"eight\t12345678\n"
		"nine\t123456789\n"
		"sixteen\t1234567890123456\n"
		"one\t7\n"
		"zero\t0\n"
		"MARK\t48\n"
		"END_SAMPLE\t8\n"
		"a\t1\n"
		"a\t2\n"
		"ab\t3\n"
		"no tab 4\n"
		"x\t12\n";
	char buf[4096];
	size_t n = 0, i;
	hp_model *m;
	const char *d;

	(void)state;
	n += (size_t)snprintf(buf, sizeof buf, HDR);
	for (i = 0; i < 3; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n,
				      "BEGIN_SAMPLE 1\n%sEND_SAMPLE 1\n", body);
	assert_true(n < sizeof buf - 1);
	m = read_ok_n(buf, n);
	assert_int_equal(hp_model_sample_count(m), 3);
	assert_int_equal(hp_model_warning_count(m), 0);
	assert_true(VAL(m, 0, "nineteen") == 9999999999999999999ull);
	assert_true(VAL(m, 0, "twenty") == 10000000000000000000ull);
	assert_int_equal(VAL(m, 0, "sixteen"), 1234567890123456ull);
	assert_int_equal(VAL(m, 0, "a\tb"), 40);
	assert_int_equal(VAL(m, 0, "a"), 3);
	assert_int_equal(VAL(m, 0, "crlf"), 80);
	assert_int_equal(VAL(m, 0, "blank after"), 71);
	assert_int_equal(VAL(m, 0, "tab after"), 72);
	assert_int_equal(VAL(m, 0, "no tab"), 4);
	assert_int_equal(VAL(m, 0, "MARK"), 48);
	assert_int_equal(hp_model_mark_count(m), 0);
	assert_int_equal(entries(m, 0), 24);	/* "zero\t0" included */
	for (i = 1; i < 3; i++)
		if ((d = mc_samples_diff(m, 0, m, i, 1)))
			fail_msg("sample %zu: %s", i, d);
	assert_int_equal(hp_model_band_count(m), 24);
	hp_model_free(m);
}

/* Errors on lines whose band was guessed: the same message and line as
 * anywhere else. */
static void
guessed_line_errors(void **state)
{
#define TWO "BEGIN_SAMPLE 1\nx\t1\nx\t1\ny\t2\nEND_SAMPLE 1\n"
	(void)state;
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t18446744073709551615\nx\t1\nEND_SAMPLE 2\n",
		 "t.hp:12: value of band in one sample passes 2^64-1");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t18446744073709551615\nx\t1\r\nEND_SAMPLE 2\n",
		 "t.hp:12: value of band in one sample passes 2^64-1");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t99999999999999999999\nEND_SAMPLE 2\n",
		 "t.hp:11: value greater than 2^64-1");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t18446744073709551616\nEND_SAMPLE 2\n",
		 "t.hp:11: value greater than 2^64-1");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t5x\nEND_SAMPLE 2\n",
		 "t.hp:11: integer value must follow band name");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t1\nx\t\nEND_SAMPLE 2\n",
		 "t.hp:12: integer value must follow band name");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t1\nx\t5\ry\nEND_SAMPLE 2\n",
		 "t.hp:12: integer value must follow band name");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t-1\nEND_SAMPLE 2\n",
		 "t.hp:11: negative value");
	read_err(HDR TWO "BEGIN_SAMPLE 2\nx\t1\nx\t1\ny\t2\nBEGIN_SAMPLE 3\n",
		 "t.hp:14: BEGIN_SAMPLE inside a sample (begun at line 10)");
#undef TWO
}

static uint64_t rnd(uint64_t *s);
static int read_chunked(hp_model *m, const char *data, size_t len,
			size_t maxchunk, uint64_t seed, struct hp_err *err);
static void check_chunked(const char *what, const char *data, size_t len);

/* Twenty bands in one order, band `dup` given twice in each sample
 * (both values `last` in the last sample), then `tail` in that sample
 * before its END_SAMPLE.  Returns the length. */
static size_t
run_profile(char *buf, size_t size, size_t dup, const char *last,
	    const char *tail)
{
	size_t n = (size_t)snprintf(buf, size, "%s", HDR), s, i;

	for (s = 1; s <= 3; s++) {
		n += (size_t)snprintf(buf + n, size - n, "BEGIN_SAMPLE %zu\n", s);
		for (i = 0; i < 20; i++) {
			if (i == dup && s == 3)
				n += (size_t)snprintf(buf + n, size - n,
						      "band%zu\t%s\n", i, last);
			else
				n += (size_t)snprintf(buf + n, size - n,
						      "band%zu\t%zu\n", i, i + 1);
			if (i == dup)
				n += (size_t)snprintf(buf + n, size - n, "band%zu\t%s\n",
						      i, s == 3 ? last : "7");
		}
		n += (size_t)snprintf(buf + n, size - n, "%sEND_SAMPLE %zu\n",
				      s == 3 ? tail : "", s);
	}
	assert_true(n < size);
	return n;
}

/* The fast path hands a run of guessed lines to the model at once
 * (hpfile.c, flush): a value refused anywhere in such a run, and a
 * line after the run that does not parse, are named by their own lines
 * whatever the chunks; a band repeated inside a run is summed. */
static void
batched_lines(void **state)
{
	static const size_t chunks[] = { 1, 2, 5, 13, 64, 100000 };
	char buf[4096], want[128];
	struct hp_err err;
	size_t dup, c, n, line;
	hp_model *m;

	(void)state;
	/* lines: 4 of header; each sample BEGIN, 21 bands, END */
	for (dup = 0; dup < 20; dup++) {
		/* 19 digits, the fast path's most; twice passes 2^64-1 */
		n = run_profile(buf, sizeof buf, dup, "9999999999999999999", "");
		line = 4 + 2 * 23 + 1 + dup + 2;	/* the repeat, third sample */
		snprintf(want, sizeof want,
			 "t.hp:%zu: value of band in one sample passes 2^64-1", line);
		for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
			m = hp_model_new();
			memset(&err, 0, sizeof err);
			assert_int_equal(read_chunked(m, buf, n, chunks[c], 7 + c, &err), -1);
			assert_string_equal(err.msg, want);
			hp_model_free(m);
		}
	}
	n = run_profile(buf, sizeof buf, 3, "9", "band5\t12k\n");
	for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
		m = hp_model_new();
		memset(&err, 0, sizeof err);
		assert_int_equal(read_chunked(m, buf, n, chunks[c], 7 + c, &err), -1);
		assert_string_equal(err.msg,
				    "t.hp:73: integer value must follow band name");
		hp_model_free(m);
	}
	n = run_profile(buf, sizeof buf, 3, "9", "");
	m = read_ok_n(buf, n);
	assert_int_equal(hp_model_sample_count(m), 3);
	assert_int_equal(val(m, 1, "band3", 5), 4 + 7);
	assert_int_equal(val(m, 2, "band3", 5), 9 + 9);
	assert_int_equal(val(m, 2, "band19", 6), 20);
	hp_model_free(m);
	check_chunked("batched lines", buf, n);
}

/* A profile whose bands come and go, change order, repeat and appear
 * late, as real ones do: every value where it belongs, band indices in
 * first-seen order, and chunked reading equal to whole reading. */
static void
guesses_follow_shifting_bands(void **state)
{
	enum { NB = 40, NS = 300, EXTRA = 30 };
	static uint64_t want[NS][NB + EXTRA];
	static char listed_in[NS][NB + EXTRA];	/* a line, zero or not */
	size_t cap = 1u << 20, n = 0, s, i, order[NB + EXTRA], nseen = 0;
	char *buf = malloc(cap), name[32];
	int seen[NB + EXTRA] = {0};
	uint64_t seed = 7;
	hp_model *m;

	(void)state;
	assert_non_null(buf);
	memset(want, 0, sizeof want);
	memset(listed_in, 0, sizeof listed_in);
	n += (size_t)snprintf(buf, cap, HDR);
	for (s = 0; s < NS; s++) {
		size_t sel[2 * NB + 2], nsel = 0, k;

		for (i = 0; i < NB; i++)
			if (rnd(&seed) % 10 < 7)
				sel[nsel++] = i;
		if (rnd(&seed) % 4 == 0)	/* shuffled */
			for (k = nsel; k > 1; k--) {
				size_t j = (size_t)(rnd(&seed) % k), t = sel[k - 1];

				sel[k - 1] = sel[j];
				sel[j] = t;
			}
		if (rnd(&seed) % 10 == 0)	/* a band appears late */
			sel[nsel++] = NB + s % EXTRA;
		if (nsel && rnd(&seed) % 10 == 0)	/* a repeated line */
			sel[nsel++] = sel[0];
		n += (size_t)snprintf(buf + n, cap - n, "BEGIN_SAMPLE %zu\n", s);
		for (k = 0; k < nsel; k++) {
			uint64_t v = rnd(&seed) % 1000000000000ull;

			if (rnd(&seed) % 8 == 0)
				v = 0;
			want[s][sel[k]] += v;
			listed_in[s][sel[k]] = 1;
			if (!seen[sel[k]]) {
				seen[sel[k]] = 1;
				order[nseen++] = sel[k];
			}
			n += (size_t)snprintf(buf + n, cap - n, "band %zu\t%llu\n",
					      sel[k], (unsigned long long)v);
		}
		n += (size_t)snprintf(buf + n, cap - n, "END_SAMPLE %zu\n", s);
		assert_true(n < cap - 4096);
	}
	m = read_ok_n(buf, n);
	assert_int_equal(hp_model_sample_count(m), NS);
	assert_int_equal(hp_model_band_count(m), nseen);
	for (i = 0; i < nseen; i++) {
		int len = snprintf(name, sizeof name, "band %zu", order[i]);
		size_t got;

		assert_memory_equal(hp_model_band_name(m, (hp_band)i, &got), name, (size_t)len);
		assert_int_equal(got, (size_t)len);
	}
	for (s = 0; s < NS; s++) {
		size_t listed = 0;

		for (i = 0; i < NB + EXTRA; i++) {
			int len = snprintf(name, sizeof name, "band %zu", i);

			if (val(m, s, name, (size_t)len) != want[s][i])
				fail_msg("sample %zu, band %zu: %llu, want %llu", s, i,
					 (unsigned long long)val(m, s, name, (size_t)len),
					 (unsigned long long)want[s][i]);
			listed += listed_in[s][i];
		}
		assert_int_equal(entries(m, s), listed);
	}
	hp_model_free(m);
	check_chunked("shifting bands", buf, n);
	free(buf);
}

/* --- chunked reading ------------------------------------------------- */

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Feed data in random chunks of 1..maxchunk bytes; returns the rc. */
static int
read_chunked(hp_model *m, const char *data, size_t len, size_t maxchunk,
	     uint64_t seed, struct hp_err *err)
{
	hp_reader *r = hp_reader_new(m, "t.hp");
	size_t off = 0;
	int rc = 0;

	assert_non_null(r);
	while (off < len && !rc) {
		size_t n = 1 + (size_t)(rnd(&seed) % maxchunk);

		if (n > len - off)
			n = len - off;
		rc = hp_reader_feed(r, data + off, n, err);
		off += n;
	}
	if (!rc)
		rc = hp_reader_finish(r, err);
	hp_reader_free(r);
	return rc;
}

static void
check_chunked(const char *what, const char *data, size_t len)
{
	static const size_t sizes[] = { 3, 17, 4096 };
	struct hp_err err = {{0}};
	hp_model *whole = hp_model_new();
	size_t i, w;

	if (hp_read_mem(whole, "t.hp", data, len, &err))
		fail_msg("%s: %s", what, err.msg);
	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		hp_model *m = hp_model_new();
		const char *d;

		/* tiny chunks cost time under ASan: only over the first 64 KiB */
		size_t n = sizes[i] < 16 && len > 65536 ? 65536 : len;

		if (n < len) {
			hp_model *part = hp_model_new();
			int rc1 = hp_read_mem(part, "t.hp", data, n, &err);
			int rc2 = read_chunked(m, data, n, sizes[i], 42 + i, &err);

			assert_int_equal(rc1, rc2);
			if ((d = mc_diff(m, part, (size_t)-1)))
				fail_msg("%s, chunks <= %zu, prefix: %s", what, sizes[i], d);
			assert_int_equal(hp_model_warning_count(m), hp_model_warning_count(part));
			hp_model_free(part);
		} else {
			if (read_chunked(m, data, len, sizes[i], 42 + i, &err))
				fail_msg("%s, chunks <= %zu: %s", what, sizes[i], err.msg);
			if ((d = mc_diff(m, whole, (size_t)-1)))
				fail_msg("%s, chunks <= %zu: %s", what, sizes[i], d);
			assert_int_equal(hp_model_band_count(m), hp_model_band_count(whole));
			assert_int_equal(hp_model_warning_count(m), hp_model_warning_count(whole));
			for (w = 0; w < hp_model_warning_count(m); w++)
				assert_string_equal(hp_model_warning(m, w),
						    hp_model_warning(whole, w));
		}
		hp_model_free(m);
	}
	hp_model_free(whole);
}

static size_t
count_lines_starting(const char *data, size_t len, const char *word)
{
	size_t n = 0, k = strlen(word);
	const char *p = data, *e = data + len;

	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));

		if ((size_t)(e - p) >= k && memcmp(p, word, k) == 0)
			n++;
		p = nl ? nl + 1 : e;
	}
	return n;
}

/* Real files: sample counts as independently counted, and chunked
 * reading identical to whole reading. */
static void
check_real(const char *path, size_t want_samples)
{
	size_t len;
	char *data = tu_slurp(path, &len);
	hp_model *m = hp_model_new();
	struct hp_err err = {{0}};

	if (!data)
		fail_msg("cannot read %s", path);
	if (hp_read_mem(m, path, data, len, &err))
		fail_msg("%s", err.msg);
	if (want_samples == (size_t)-1 && (unsigned char)data[0] != 0x1f)
		want_samples = count_lines_starting(data, len, "END_SAMPLE");
	if (want_samples != (size_t)-1 && hp_model_sample_count(m) != want_samples)
		fail_msg("%s: %zu samples, want %zu", path, hp_model_sample_count(m),
			 want_samples);
	check_chunked(path, data, len);
	hp_model_free(m);
	free(data);
}

static void
real_testdata(void **state)
{
	static const char *const files[] = {
		"dilcue-Main.hp", "hackage-query.hp", "hp2any-example.hp",
		"startstopfrp-test.hp", "Describe2.hp.gz",
	};
	char rel[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(rel, sizeof rel, "hp/%s", files[i]);
		check_real(tu_data(rel), strstr(files[i], ".gz") ? 508 : (size_t)-1);
	}
}

/* Describe2 inflated, so the text frontend itself sees tiny chunks. */
static void
describe2_inflated_chunks(void **state)
{
	size_t zlen, cap = 4u << 20;
	char *z = tu_slurp(tu_data("hp/Describe2.hp.gz"), &zlen);
	char *text = malloc(cap);
	z_stream s;

	(void)state;
	assert_non_null(z);
	assert_non_null(text);
	memset(&s, 0, sizeof s);
	assert_int_equal(inflateInit2(&s, 15 + 16), Z_OK);
	s.next_in = (unsigned char *)z;
	s.avail_in = (uInt)zlen;
	s.next_out = (unsigned char *)text;
	s.avail_out = (uInt)cap;
	assert_int_equal(inflate(&s, Z_FINISH), Z_STREAM_END);
	check_chunked("Describe2.hp", text, s.total_out);
	inflateEnd(&s);
	free(text);
	free(z);
}

static void
samples_dir(void **state)
{
	glob_t g;
	size_t i;

	(void)state;
	if (glob(tu_src("samples/*.hp"), 0, NULL, &g) != 0)
		return;		/* none generated yet */
	for (i = 0; i < g.gl_pathc; i++)
		check_real(g.gl_pathv[i], (size_t)-1);
	globfree(&g);
}

/* Every way to split a small tricky file in two gives the same model. */
static void
every_split_point(void **state)
{
	static const char text[] =
		"\xef\xbb\xbfJOB \"a \"\"b\"\"\r\nc\"\r\nDATE \"d\"\r\nSAMPLE_UNIT \"s\"\r\n"
		"VALUE_UNIT \"v\"\r\nMARK 0,5\r\nBEGIN_SAMPLE 0,25\r\n"
		"name with space\t123456789\r\n  indented 5\r\nx\t1\r\nx\t2\r\n"
		"END_SAMPLE 0,25\r\nBEGIN_SAMPLE 1\r\nEND_SAMPLE 1\r\n";
	struct hp_err err = {{0}};
	hp_model *whole = read_ok(text);
	size_t cut;

	(void)state;
	assert_int_equal(hp_model_sample_count(whole), 2);
	assert_string_equal(hp_model_get(whole, HP_JOB), "a \"b\"\nc");
	for (cut = 0; cut <= sizeof text - 1; cut++) {
		hp_model *m = hp_model_new();
		hp_reader *r = hp_reader_new(m, "t.hp");
		const char *d;

		assert_int_equal(hp_reader_feed(r, text, cut, &err), 0);
		assert_int_equal(hp_reader_feed(r, text + cut, sizeof text - 1 - cut, &err), 0);
		assert_int_equal(hp_reader_finish(r, &err), 0);
		if ((d = mc_diff(m, whole, (size_t)-1)))
			fail_msg("cut at %zu: %s", cut, d);
		assert_int_equal(hp_model_warning_count(m), 0);
		hp_reader_free(r);
		hp_model_free(m);
	}
	hp_model_free(whole);
}

/* --- a file read in two halves at once -------------------------------- */

/* Everything a reader decides, band indices and sums included: "" when
 * a and b agree, else what differs. */
static const char *
same_model(const hp_model *a, const hp_model *b)
{
	static char why[256];
	const char *d = mc_diff(a, b, (size_t)-1);
	size_t i, la, lb;

	if (d)
		return d;
	if (hp_model_band_count(a) != hp_model_band_count(b))
		return "band count";
	for (i = 0; i < hp_model_band_count(a); i++) {
		const char *na = hp_model_band_name(a, (hp_band)i, &la);
		const char *nb = hp_model_band_name(b, (hp_band)i, &lb);

		if (la != lb || memcmp(na, nb, la) != 0 ||
		    hp_model_band_total(a, (hp_band)i) != hp_model_band_total(b, (hp_band)i)) {
			snprintf(why, sizeof why, "band %zu", i);
			return why;
		}
	}
	for (i = 0; i < hp_model_sample_count(a); i++)
		if (hp_model_sample_sum(a, i) != hp_model_sample_sum(b, i))
			return "sample sum";
	if (hp_model_warning_count(a) != hp_model_warning_count(b))
		return "warning count";
	for (i = 0; i < hp_model_warning_count(a); i++)
		if (strcmp(hp_model_warning(a, i), hp_model_warning(b, i)) != 0) {
			snprintf(why, sizeof why, "warning \"%s\" vs \"%s\"",
				 hp_model_warning(a, i), hp_model_warning(b, i));
			return why;
		}
	if (hp_model_is_open(a) != hp_model_is_open(b))
		return "open sample";
	return NULL;
}

/* data in a temporary file; its path in a static buffer */
static const char *
temp_file(const void *data, size_t len)
{
	static char path[64];
	int fd;

	snprintf(path, sizeof path, "/tmp/test_hpfile.XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	close(fd);
	return path;
}

/* Read as a file whose second half starts at every byte: the same as one
 * read of the same bytes, model, warnings and error (with its line). */
static void
check_every_half(const char *what, const char *data, size_t len)
{
	struct hp_err want = {{0}};
	hp_model *whole = hp_model_new();
	const char *path = temp_file(data, len);
	char name[64];
	int rc = hp_read_mem(whole, path, data, len, &want);
	size_t at;

	snprintf(name, sizeof name, "%s", path);
	for (at = 0; at <= len; at++) {
		struct hp_err err = {{0}};
		hp_model *m = hp_model_new();
		const char *d;

		assert_int_equal(hp_read_file_split(m, name, (long long)at, &err), rc);
		if (strcmp(err.msg, want.msg) != 0)
			fail_msg("%s, second half from %zu: \"%s\", want \"%s\"", what, at,
				 err.msg, want.msg);
		if ((d = same_model(m, whole)))
			fail_msg("%s, second half from %zu: %s", what, at, d);
		hp_model_free(m);
	}
	unlink(name);
	hp_model_free(whole);
}

static void
halves_read_as_one(void **state)
{
	static const struct {
		const char *what, *text;
	} cases[] = {
		{ "clean", HDR "MARK 0.5\nBEGIN_SAMPLE 1\na\t1\nb\t2\nEND_SAMPLE 1\n"
			   "BEGIN_SAMPLE 2\nb\t3\nc\t4\na\t5\nEND_SAMPLE 2\nMARK 2.5\n"
			   "BEGIN_SAMPLE 2\nd\t6\na\t0\nd\t1\nEND_SAMPLE 2\n"
			   "BEGIN_SAMPLE 3\nEND_SAMPLE 3\n" },
		{ "header later", "DATE \"d\"\nBEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\n"
			   "JOB \"first\"\nBEGIN_SAMPLE 2\na\t2\nEND_SAMPLE 2\n"
			   "JOB \"second\"\nVALUE_UNIT \"v\"\nDATE \"e\"\n" },
		{ "no header", "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nBEGIN_SAMPLE 3\nEND_SAMPLE 3\n" },
		{ "cut sample", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nBEGIN_SAMPLE 3\nnew\t1\na\t3\n" },
		{ "cut line", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nBEGIN_SA" },
		{ "no last LF", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2" },
		{ "cut string", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nJOB \"x\ny\n" },
		{ "string over lines", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\n"
			   "JOB \"x\nBEGIN_SAMPLE 2\na\t2\nEND_SAMPLE 2\n\"\n"
			   "BEGIN_SAMPLE 3\na\t3\nEND_SAMPLE 3\n" },
		{ "error late", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nBEGIN_SAMPLE 3\na\t-3\nEND_SAMPLE 3\n" },
		{ "error early", HDR "BEGIN_SAMPLE 1\na\tx\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nBEGIN_SAMPLE 3\na\t3\nEND_SAMPLE 3\n" },
		{ "two errors", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nEND_SAMPLE 1\n"
			   "BEGIN_SAMPLE 2\nBEGIN_SAMPLE 2\n" },
		{ "out of sequence", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nBEGIN_SAMPLE 1.5\na\t3\nEND_SAMPLE 1.5\n" },
		{ "cut out of sequence", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t2\nEND_SAMPLE 2\nBEGIN_SAMPLE 1.5\na\t3\n" },
		{ "sum overflow", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\n"
			   "a\t18446744073709551615\nb\t1\na\t1\nEND_SAMPLE 2\n" },
		{ "crlf", "JOB \"j\"\r\nDATE \"d\"\r\nSAMPLE_UNIT \"s\"\r\nVALUE_UNIT \"b\"\r\n"
			   "BEGIN_SAMPLE 1\r\na\t1\r\nEND_SAMPLE 1\r\nBEGIN_SAMPLE 2\r\n"
			   "a b\t2\r\nEND_SAMPLE 2\r\n" },
		{ "outside", HDR "BEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\nb\t1\n" },
		{ "one sample", HDR "\n\nBEGIN_SAMPLE 1\na\t1\nEND_SAMPLE 1\n\n\n" },
		{ "no sample", HDR "\n\n\n" },
		{ "gzip magic", "\x1f\x8b\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++)
		check_every_half(cases[i].what, cases[i].text, strlen(cases[i].text));
}

/* Halves too large for one step of the join (hp_model_append_drain gives
 * the second half's pages back a step at a time, about 260,000 entries):
 * every value that was given back was moved first, at every split near
 * a step's end. */
static void
halves_drained(void **state)
{
	size_t cap = (size_t)12 << 20, n, s, i, k;
	char *buf = malloc(cap);
	hp_model *whole = hp_model_new(), *m;
	struct hp_err err = {{0}};
	const char *path, *d;
	static const double at[] = { 0.5, 0.3, 0.77 };

	(void)state;
	assert_non_null(buf);
	n = (size_t)snprintf(buf, cap, "%s", HDR);
	/* 8,000 samples of 70 bands, values that differ everywhere */
	for (s = 0; s < 8000; s++) {
		n += (size_t)snprintf(buf + n, cap - n, "BEGIN_SAMPLE %zu.5\n", s);
		for (i = 0; i < 70; i++)
			n += (size_t)snprintf(buf + n, cap - n, "b%zu\t%zu\n", i,
					      s * 131 + i * 7 + 1);
		n += (size_t)snprintf(buf + n, cap - n, "END_SAMPLE %zu.5\n", s);
	}
	assert_true(n < cap);
	assert_int_equal(hp_read_mem(whole, "x", buf, n, &err), 0);
	path = temp_file(buf, n);
	for (k = 0; k < sizeof at / sizeof *at; k++) {
		/* at a sample's start, where the halves are joined */
		const char *begin = strstr(buf + (size_t)(at[k] * (double)n),
					   "\nBEGIN_SAMPLE");

		assert_non_null(begin);
		m = hp_model_new();
		assert_int_equal(hp_read_file_split(m, path,
						    (long long)(begin + 1 - buf), &err), 0);
		if ((d = same_model(m, whole)))
			fail_msg("split at %.2f: %s", at[k], d);
		hp_model_free(m);
	}
	unlink(path);
	hp_model_free(whole);
	free(buf);
}

/* hp_model_append, which joins the halves: as if the samples had been
 * added here, and refused where adding them would have been. */
static void
model_append(void **state)
{
	hp_model *a = read_ok(HDR "BEGIN_SAMPLE 1\nx\t3\ny\t5\nEND_SAMPLE 1\n");
	hp_model *b = read_ok(HDR "BEGIN_SAMPLE 2\nz\t7\ny\t18446744073709551615\n"
			      "END_SAMPLE 2\nBEGIN_SAMPLE 3\nEND_SAMPLE 3\n");
	hp_model *one = read_ok(HDR "BEGIN_SAMPLE 1\nx\t3\ny\t5\nEND_SAMPLE 1\n"
				"BEGIN_SAMPLE 2\nz\t7\ny\t18446744073709551615\n"
				"END_SAMPLE 2\nBEGIN_SAMPLE 3\nEND_SAMPLE 3\n");
	hp_model *late = read_ok(HDR "BEGIN_SAMPLE 0.5\nEND_SAMPLE 0.5\n");
	struct hp_err err = {{0}};
	hp_band map[2], bad[2] = { 0, 7 };
	const char *d;

	(void)state;
	assert_int_equal(hp_model_intern(a, "z", 1, &map[0], &err), 0);
	assert_int_equal(hp_model_intern(a, "y", 1, &map[1], &err), 0);
	assert_int_equal(hp_model_append(a, b, bad, &err), -1);
	assert_string_equal(err.msg, "no such band 7");
	hp_err_clear(&err);
	assert_int_equal(hp_model_append(a, late, map, &err), -1);
	assert_string_equal(err.msg, "samples out of sequence (0.5 after 1)");
	hp_err_clear(&err);
	assert_int_equal(hp_model_begin(a, 9, &err), 0);
	assert_int_equal(hp_model_append(a, b, map, &err), -1);
	assert_string_equal(err.msg, "sample already open");
	hp_err_clear(&err);
	hp_model_abort(a);
	assert_int_equal(hp_model_sample_count(a), 1);
	assert_int_equal(hp_model_append(a, b, map, &err), 0);
	if ((d = same_model(a, one)))
		fail_msg("%s", d);
	assert_true(hp_model_sample_sum(a, 1) == UINT64_MAX);
	hp_model_free(a);
	hp_model_free(b);
	hp_model_free(one);
	hp_model_free(late);
}

/* A file large enough for hp_read_file to read in two halves by itself
 * (its second half from the first BEGIN_SAMPLE past the middle): the same
 * as one read, complete and cut inside its last sample. */
static void
large_file_read_as_one(void **state)
{
	size_t cap = 12u << 20, n = 0, s = 0, k, cut;
	char *buf = malloc(cap);
	uint64_t seed = 11;

	(void)state;
	assert_non_null(buf);
	n += (size_t)snprintf(buf, cap, HDR);
	while (n < (9u << 20)) {
		n += (size_t)snprintf(buf + n, cap - n, "BEGIN_SAMPLE %zu.%03zu\n",
				      s / 1000, s % 1000);
		for (k = 0; k < 60; k++)
			if (rnd(&seed) % 4)
				n += (size_t)snprintf(buf + n, cap - n, "%s:band %zu\t%llu\n",
						      k % 3 ? "base" : "(12)main", (k + s / 500) % 90,
						      (unsigned long long)(rnd(&seed) % 100000000));
		n += (size_t)snprintf(buf + n, cap - n, "END_SAMPLE %zu.%03zu\n",
				      s / 1000, s % 1000);
		if (s % 1000 == 999)
			n += (size_t)snprintf(buf + n, cap - n, "MARK %zu\n", s / 1000);
		s++;
	}
	for (cut = 0; cut < 2; cut++) {
		size_t len = cut ? n - 20 : n;
		struct hp_err e1 = {{0}}, e2 = {{0}};
		hp_model *whole = hp_model_new(), *m = hp_model_new();
		const char *path = temp_file(buf, len);
		const char *d;

		assert_int_equal(hp_read_mem(whole, path, buf, len, &e1), 0);
		assert_int_equal(hp_read_file(m, path, &e2), 0);
		unlink(path);
		if ((d = same_model(m, whole)))
			fail_msg("%s: %s", cut ? "cut" : "whole", d);
		assert_int_equal(hp_model_warning_count(m), cut);
		hp_model_free(m);
		hp_model_free(whole);
	}
	free(buf);
}

/* Past 64 MiB a line (a band name, junk, a gzip bomb's one line) or a
 * header string is refused where it starts, whole or fed in chunks. */
static void
line_cap(void **state)
{
	size_t big = (64u << 20) + 1, n = 0, nh;
	char *buf = malloc(big + 4096);
	struct hp_err err = {{0}};
	hp_model *m;

	(void)state;
	assert_non_null(buf);
	n += (size_t)sprintf(buf, HDR "BEGIN_SAMPLE 1\n");
	memset(buf + n, 'x', big);
	n += big;
	n += (size_t)sprintf(buf + n, "\t77\nEND_SAMPLE 1\n");
	read_err_n(buf, n, "t.hp:6: line longer than 64 MiB");
	m = hp_model_new();
	assert_int_equal(read_chunked(m, buf, n, 1u << 20, 5, &err), -1);
	assert_string_equal(err.msg, "t.hp:6: line longer than 64 MiB");
	hp_model_free(m);
	/* exactly 64 MiB of name is still a name */
	n = (size_t)sprintf(buf, HDR "BEGIN_SAMPLE 1\n");
	memset(buf + n, 'x', big - 4);
	n += big - 4;
	n += (size_t)sprintf(buf + n, "\t7\nEND_SAMPLE 1\n");
	m = read_ok_n(buf, n);
	assert_int_equal(hp_model_sample(m, 0, NULL, NULL), 1);
	hp_model_free(m);
	/* a JOB string over many lines */
	nh = n = (size_t)sprintf(buf, "JOB \"");
	while (n - nh < big)
		n += (size_t)sprintf(buf + n, "%01023d\n", 0);
	n += (size_t)sprintf(buf + n, "\"\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n");
	read_err_n(buf, n, "t.hp:1: JOB string longer than 64 MiB");
	free(buf);
}

/* Old Mac OS files end lines in CR alone: read like the LF file. */
static void
cr_only_lines(void **state)
{
	static const char lf[] = HDR "MARK 0.5\nBEGIN_SAMPLE 1\na b\t5\nc\t6\n"
		"END_SAMPLE 1\nBEGIN_SAMPLE 2\na b\t7\nEND_SAMPLE 2\n";
	static char big[200000];
	char cr[sizeof lf], want[128];
	hp_model *a, *b;
	const char *d;
	size_t i, n, ns;

	(void)state;
	for (i = 0; i < sizeof lf; i++)
		cr[i] = lf[i] == '\n' ? '\r' : lf[i];
	a = read_ok(lf);
	b = read_ok_n(cr, sizeof cr - 1);
	if ((d = mc_diff(b, a, (size_t)-1)))
		fail_msg("CR-only: %s", d);
	assert_int_equal(hp_model_warning_count(b), 0);
	assert_int_equal(hp_model_sample(b, 0, NULL, NULL), 2);
	check_chunked("CR-only", cr, sizeof cr - 1);
	hp_model_free(b);
	/* past the first 64 KiB, and an error names its CR line */
	n = (size_t)sprintf(big, "%s", HDR);
	for (i = 0; n < sizeof big - 100; i++)
		n += (size_t)sprintf(big + n, "BEGIN_SAMPLE %zu\nx\t%zu\nEND_SAMPLE %zu\n",
				     i, i, i);
	ns = i;
	n += (size_t)sprintf(big + n, "oops\n");
	for (i = 0; i < n; i++)
		if (big[i] == '\n')
			big[i] = '\r';
	b = read_ok_n(big, n - 5);
	assert_int_equal(hp_model_sample_count(b), ns);
	hp_model_free(b);
	snprintf(want, sizeof want,
		 "t.hp:%zu: header key, MARK or BEGIN_SAMPLE expected", 5 + 3 * ns);
	read_err_n(big, n, want);
	hp_model_free(a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ghc_layout),
		cmocka_unit_test(header_any_order_last_wins),
		cmocka_unit_test(string_doubled_quote_and_raw_backslash),
		cmocka_unit_test(string_spans_lines_ok),
		cmocka_unit_test(line_numbers_count_string_lines),
		cmocka_unit_test(marks),
		cmocka_unit_test(crlf_line_ends),
		cmocka_unit_test(comma_decimal_separator),
		cmocka_unit_test(time_forms),
		cmocka_unit_test(equal_times_allowed),
		cmocka_unit_test(duplicates_summed),
		cmocka_unit_test(names_split_at_last_tab),
		cmocka_unit_test(no_tab_splits_at_last_blanks),
		cmocka_unit_test(keyword_named_bands_inside_sample),
		cmocka_unit_test(header_inside_sample),
		cmocka_unit_test(exact_u64_values),
		cmocka_unit_test(value_errors),
		cmocka_unit_test(structure_errors),
		cmocka_unit_test(keyword_argument_errors),
		cmocka_unit_test(time_out_of_range),
		cmocka_unit_test(nul_bytes),
		cmocka_unit_test(huge_line),
		cmocka_unit_test(line_cap),
		cmocka_unit_test(cr_only_lines),
		cmocka_unit_test(missing_header_warns_once),
		cmocka_unit_test(bom_and_blank_lines),
		cmocka_unit_test(last_line_without_lf),
		cmocka_unit_test(empty_and_sampleless),
		cmocka_unit_test(truncations),
		cmocka_unit_test(truncation_messages),
		cmocka_unit_test(gzip_input),
		cmocka_unit_test(guessed_lines_read_as_first_time),
		cmocka_unit_test(guessed_line_errors),
		cmocka_unit_test(batched_lines),
		cmocka_unit_test(guesses_follow_shifting_bands),
		cmocka_unit_test(every_split_point),
		cmocka_unit_test(real_testdata),
		cmocka_unit_test(describe2_inflated_chunks),
		cmocka_unit_test(samples_dir),
		cmocka_unit_test(halves_read_as_one),
		cmocka_unit_test(halves_drained),
		cmocka_unit_test(model_append),
		cmocka_unit_test(large_file_read_as_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
