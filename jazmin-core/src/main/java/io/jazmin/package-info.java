/**
 * The public API of the JAZMIN engine: {@link io.jazmin.JazminReader} and {@link io.jazmin.JazminTable} to open and query files,
 * {@link io.jazmin.JazminWriter} to write them, {@link io.jazmin.JazminFile} to change them in place (append, delete,
 * upsert, update, compact), {@link io.jazmin.Filter} and {@link io.jazmin.RowQuery} (with {@link io.jazmin.SortKey}) to ask,
 * {@link io.jazmin.ReadOptions}, {@link io.jazmin.ReadLimits} and {@link io.jazmin.WriteOptions} to configure, and the
 * {@link io.jazmin.JazminException} family every failure belongs to. The other packages are the engine's layers.
 */
package io.jazmin;
