/**
 * Bytes on disk (spec §1.2–§1.4): varints and fixed-width numbers, the preamble, the trailer, section envelopes
 * with their CRCs, strict UTF-8, and reading and writing sections within a file version's bounds and the
 * {@link io.jazmin.options.ReadLimits}.
 */
package io.jazmin.internal.wire;
