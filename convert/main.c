/* convert/main.c - PLACEHOLDER, being written now. */
#include <stdio.h>
int main(void) { fputs("hp2x: not written yet\n", stderr); return 1; }
