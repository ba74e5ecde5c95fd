/* hp/hpfile.c - PLACEHOLDER, being written now; replaced before anything lands. */
#include "frontend.h"
static void *create(hp_model *m, const char *name) { (void)name; return m; }
static int feed(void *st, const unsigned char *p, size_t n, struct hp_err *err)
{ (void)st; (void)p; (void)n; return hp_err_set(err, "hpfile reader not written yet"); }
static int finish(void *st, struct hp_err *err) { (void)st; return hp_err_set(err, "hpfile reader not written yet"); }
static void destroy(void *st) { (void)st; }
const struct hp_frontend hp_hpfile_frontend = { .name = "hpfile", .create = create, .feed = feed, .finish = finish, .destroy = destroy };
