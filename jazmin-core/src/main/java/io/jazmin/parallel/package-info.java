/**
 * The shared worker threads and the ordered pipeline that {@link io.jazmin.Priority} uses for read-ahead and
 * parallel chunk encoding, delivering results in order whatever thread computed them.
 */
package io.jazmin.parallel;
