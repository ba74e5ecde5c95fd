/*
 * hp/arena.h - a string arena: many small copies, freed in one call.
 *
 * Band names, labels and cost-centre names are interned here.  Pointers
 * stay valid until hp_arena_release (blocks never move).
 */
#ifndef HP_ARENA_H
#define HP_ARENA_H

#include <stddef.h>

struct hp_arena_block;

struct hp_arena {
	struct hp_arena_block *head;	/* newest block first */
	size_t used, size;		/* of head */
};

#define HP_ARENA_INIT { NULL, 0, 0 }

/* A NUL-terminated copy of the len bytes at s, or NULL when out of memory. */
char *hp_arena_dup(struct hp_arena *a, const char *s, size_t len);
void hp_arena_release(struct hp_arena *a);

#endif
