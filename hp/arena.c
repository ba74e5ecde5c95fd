/*
 * hp/arena.c - bump allocation in 64 KiB blocks; larger strings get a
 * block of their own.
 */
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

struct hp_arena_block {
	struct hp_arena_block *next;
	char data[];
};

enum { BLOCK = 64 * 1024 };

char *
hp_arena_dup(struct hp_arena *a, const char *s, size_t len)
{
	char *p;

	if (len >= SIZE_MAX - sizeof(struct hp_arena_block) - 1)
		return NULL;
	if (!a->head || a->size - a->used < len + 1) {
		size_t sz = len + 1 > BLOCK ? len + 1 : BLOCK;
		struct hp_arena_block *b = hp_malloc(sizeof *b + sz);

		if (!b)
			return NULL;
		if (sz > BLOCK && a->head) {
			/* Keep filling the current block; slot the big one behind it. */
			b->next = a->head->next;
			a->head->next = b;
			memcpy(b->data, s, len);
			b->data[len] = '\0';
			return b->data;
		}
		b->next = a->head;
		a->head = b;
		a->used = 0;
		a->size = sz;
	}
	p = a->head->data + a->used;
	memcpy(p, s, len);
	p[len] = '\0';
	a->used += len + 1;
	return p;
}

void
hp_arena_release(struct hp_arena *a)
{
	struct hp_arena_block *b = a->head, *n;

	for (; b; b = n) {
		n = b->next;
		free(b);
	}
	a->head = NULL;
	a->used = a->size = 0;
}
