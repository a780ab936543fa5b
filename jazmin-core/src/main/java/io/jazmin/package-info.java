/**
 * The public API of the JAZMIN engine: {@link io.jazmin.JazminReader} and {@link io.jazmin.JazminTable} to open and query files,
 * {@link io.jazmin.JazminWriter} to write them, {@link io.jazmin.JazminFile} to change them in place (append, delete,
 * upsert, update, compact), {@link io.jazmin.data.Filter} and {@link io.jazmin.data.RowQuery} (with {@link io.jazmin.data.SortKey}) to ask,
 * {@link io.jazmin.options.ReadOptions}, {@link io.jazmin.options.ReadLimits} and {@link io.jazmin.options.WriteOptions} to configure, and the
 * {@link io.jazmin.error.JazminException} family every failure belongs to. The other packages are the engine's layers.
 */
package io.jazmin;
