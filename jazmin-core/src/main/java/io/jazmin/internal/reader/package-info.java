/**
 * Opening files: locating the latest committed version (recovering from torn appends), decrypting the header,
 * laying out each table's chunks, deleted rows and statistics, and decoding chunks for the query layer.
 */
package io.jazmin.internal.reader;
