/**
 * The catalog messages in the Protocol Buffers wire format: the header, tables, column definitions, chunk
 * directories, statistics, indexes, keyring, embedded-file directory and access-control records, each read
 * strictly (every count and length checked against the bytes) and written byte-compatibly with the reference.
 */
package io.jazmin.internal.catalog;
