/**
 * How to open and write files: {@link io.jazmin.options.ReadOptions} (keys, passwords, priority, limits,
 * latest-version checks), {@link io.jazmin.options.WriteOptions} (codec, chunking, indexes, keys), the
 * {@link io.jazmin.options.Priority} of memory, balanced or speed and the {@link io.jazmin.options.Parallelism} it
 * implies, and the {@link io.jazmin.options.ReadLimits} every count read from a file is checked against.
 */
package io.jazmin.options;
