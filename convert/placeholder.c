/* convert/placeholder.c - PLACEHOLDER so the library has a source; removed when convert/ lands. */
int hp2x_convert_placeholder;
