/**
 * Byte sources for files that are not a local path: {@link io.jazmin.source.RandomAccessSource} is
 * what the engine reads through (a channel, memory, an HTTP server, a Hadoop file system), and
 * {@link io.jazmin.source.SourceChangedException} what a source throws when its file changed under it.
 * For local paths, {@link io.jazmin.source.FileStamp} tells whether a writer committed to a file
 * between two moments.
 */
package io.jazmin.source;
