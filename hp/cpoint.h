/*
 * hp/cpoint.h - the decimal point of numbers as text, whatever the locale.
 *
 * printf and strtod follow LC_NUMERIC, and a caller (Pango, a program
 * embedding hp2x) may have set a locale with a decimal comma; every text
 * hp2x reads or writes (.hp, .aux, CSV, JSON, axis labels) has '.'
 * (GHC's rts/ProfHeap.c prints with the C locale's "%.2f").  So a number
 * printf wrote gets its point swapped for '.', and a number to be read
 * gets '.' swapped for the locale's point before strtod.
 */
#ifndef HP_CPOINT_H
#define HP_CPOINT_H

#include <stddef.h>

/* The current locale's decimal point ("." when it names none). */
const char *hp_locale_point(void);

/* buf, written by printf: its first locale decimal point made '.'.
 * Returns how many bytes shorter buf became (0 unless the locale's point
 * is longer than one byte). */
size_t hp_c_point(char *buf);

#endif
