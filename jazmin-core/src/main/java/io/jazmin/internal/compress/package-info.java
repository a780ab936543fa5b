/**
 * Section payload compression: {@link io.jazmin.internal.compress.Compression} picks the codec; Deflate
 * through the JDK ({@code Deflate}, {@code Inflate}, with raw lengths bounded before anything is inflated)
 * and Brotli through brotli4j ({@code Brotli}); the default Deflate setting's choice of passes for whole
 * sections ({@link io.jazmin.internal.compress.DefaultDeflate}) and for chunk parts with column flush
 * points ({@link io.jazmin.internal.compress.FlushedDeflate}); payloads inflated as far as their readers ask
 * ({@link io.jazmin.internal.compress.SectionPayload}).
 */
package io.jazmin.internal.compress;
