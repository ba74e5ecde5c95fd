/*
 * live/alloc-mallopt.c - glibc's allocator for a long run (alloc.h).
 *
 * glibc serves a block of 128 KiB or more from a mapping of its own,
 * returned to the system when freed, but raises that threshold to the
 * size of any such block freed (its "dynamic mmap threshold", up to
 * 32 MiB; malloc/malloc.c) and the heap's trim threshold to twice it.
 * Watch mode frees such blocks at its first compactions (render/'s
 * column index of the model, several hundred KiB); from then on each
 * drawing's and page's temporaries below the new threshold come from
 * the heap, where the small blocks that outlive them pin the space
 * they leave: tests/bench/long-run measured 37 MB in use and 50 MB
 * resident after some days, the difference free heap.  A threshold
 * set by hand is never raised: every large block stays a mapping of
 * its own, and the resident memory stays what is in use.  A one-shot
 * run reading a large .hp in halves frees the second half's arrays
 * (12 and 24 MB for hp-100k-60.hp), and the layout's and drawing's
 * blocks grown after came from the heap, copied as they grew: to PNG
 * its peak was 2 MB higher (89 MB, over half the 175 MB input).
 */
#include "alloc.h"

#include <malloc.h>

void
cli_alloc_long_run(void)
{
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}
