/**
 * The shared worker threads, the ordered pipeline that {@link io.jazmin.options.Priority} uses for read-ahead and
 * parallel chunk encoding, and the fan-out of a few independent tasks (a first chunk part's Deflate trials),
 * delivering results in order whatever thread computed them.
 */
package io.jazmin.internal.parallel;
