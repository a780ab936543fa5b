/**
 * Embedded files (spec §1.23): {@link io.jazmin.files.EmbeddedFile} describes one a file holds,
 * {@link io.jazmin.files.FileInput} one to store (bytes, a local path or a stream),
 * {@link io.jazmin.files.FileChanges} the files an append or update adds and removes, and
 * {@link io.jazmin.files.FileActions} what viewers may do with a file.
 */
package io.jazmin.files;
