/**
 * Writing files: chunking rows, encoding and compressing chunks (in parallel as the priority allows),
 * statistics, indexes and the catalog; full writes through a temporary file moved into place under the file's
 * writer lock, appends of new versions, and the rewrites (update, compaction) that keep everything a file holds.
 */
package io.jazmin.internal.writer;
