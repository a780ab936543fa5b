/**
 * The exception family: every failure of a public method is a {@link io.jazmin.error.JazminException} subclass
 * saying what is wrong and where (bad file bytes, bad arguments, keys, I/O, locks, features not built), with the
 * cause attached. Imports nothing else of the library, so every layer may throw them.
 */
package io.jazmin.error;
