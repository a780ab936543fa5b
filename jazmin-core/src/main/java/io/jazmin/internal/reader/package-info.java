/**
 * Engine-internal opening of files: locating the latest committed version (recovering from torn appends),
 * deriving keys and decrypting the header, access-key slots and expiry, embedded files, and
 * {@link io.jazmin.internal.reader.TableReader}, the engine side of a table that {@code JazminTable} and the
 * rewriters read through.
 */
package io.jazmin.internal.reader;
