/**
 * Engine-internal table layout of an opened version: chunk directory segments, chunk and row ranges, deleted-row
 * sets, stored statistics, column visibility under a grant, the chunk cache, and chunk decoding for the query layer.
 */
package io.jazmin.internal.table;
