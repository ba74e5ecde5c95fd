/*
 * tests/unit/test_exe.c - the running program's own path (render/exe.h),
 * beside which an installed hp2x finds its font: whichever build this is
 * (Linux's /proc/self/exe, the portable build's argv[0] through $PATH
 * and realpath), it is this test's file, absolute and free of links,
 * whether argv[0] was a path, a relative path, a link or a bare name
 * found in $PATH.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "render/exe.h"

static char self[PATH_MAX];	/* realpath of argv[0] */
static char dir[] = "/tmp/hp2x-exe.XXXXXX";

static void
is_self(void)
{
	char got[PATH_MAX];

	assert_int_equal(render_exe_path(got, sizeof got), 0);
	assert_string_equal(got, self);
}

static void
absolute_path(void **state)
{
	(void)state;
	render_exe_note(self);
	is_self();
}

static void
relative_path_and_link(void **state)
{
	char cwd[PATH_MAX], link[PATH_MAX + 16];

	(void)state;
	assert_non_null(getcwd(cwd, sizeof cwd));
	snprintf(link, sizeof link, "%s/link", dir);
	assert_int_equal(symlink(self, link), 0);
	assert_int_equal(chdir(dir), 0);
	render_exe_note("./link");
	is_self();
	assert_int_equal(chdir(cwd), 0);
	unlink(link);
}

static void
bare_name_in_path(void **state)
{
	char *slash, *old = getenv("PATH"), *keep = old ? strdup(old) : NULL;
	char in[PATH_MAX + 32], d[PATH_MAX];

	(void)state;
	strcpy(d, self);
	slash = strrchr(d, '/');
	*slash = '\0';
	/* an entry that does not hold it first, as a shell skips it */
	snprintf(in, sizeof in, "%s:%s", dir, d);
	setenv("PATH", in, 1);
	render_exe_note(slash + 1);
	is_self();
	if (keep)
		setenv("PATH", keep, 1);
	free(keep);
}

static void
too_small(void **state)
{
	char got[4];

	(void)state;
	render_exe_note(self);
	assert_int_equal(render_exe_path(got, sizeof got), -1);
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(absolute_path),
		cmocka_unit_test(relative_path_and_link),
		cmocka_unit_test(bare_name_in_path),
		cmocka_unit_test(too_small),
	};
	int rc;

	(void)argc;
	if (!realpath(argv[0], self) || !mkdtemp(dir))
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	rmdir(dir);
	return rc;
}
