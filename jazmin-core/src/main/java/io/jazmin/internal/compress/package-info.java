/**
 * Section payload compression: Deflate through the JDK and Brotli through brotli4j, with raw lengths bounded
 * before anything is inflated.
 */
package io.jazmin.internal.compress;
