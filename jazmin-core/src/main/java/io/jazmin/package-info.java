/**
 * The entry points of JAZMIN for Java: {@link io.jazmin.JazminReader} and {@link io.jazmin.JazminTable} open and
 * query files, {@link io.jazmin.JazminWriter} writes them, {@link io.jazmin.JazminFile} changes them in place (append,
 * delete, upsert, update, compact) and {@link io.jazmin.WriteLock} runs several steps as one write. The values they take
 * and return live in the other API packages: {@code data} (rows, filters, queries), {@code schema} (columns and their
 * types), {@code options}, {@code key} and {@code error}; {@code convert} and {@code mapping} sit beside this package.
 * Nothing under {@code io.jazmin.internal} is API.
 */
package io.jazmin;
