/**
 * Engine-internal section envelopes (spec §1.4): reading a section by its reference (bounds, CRC, decryption,
 * decompression with the raw length checked first) and writing one (compress, seal, frame).
 */
package io.jazmin.internal.section;
