/**
 * The shared worker threads and the ordered pipeline that {@link io.jazmin.options.Priority} uses for read-ahead and
 * parallel chunk encoding, delivering results in order whatever thread computed them.
 */
package io.jazmin.internal.parallel;
