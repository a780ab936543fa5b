/**
 * The shared worker threads, the ordered pipeline that {@link io.jazmin.options.Priority} uses for read-ahead and
 * parallel chunk encoding, and the fan-out of a few independent tasks (a first chunk part's Deflate trials),
 * delivering results in order whatever thread computed them; and the shared cursor from which the caller and a
 * few helpers claim the chunks of work that needs no order (counts, sums), each folding into its own partial result.
 */
package io.jazmin.internal.parallel;
