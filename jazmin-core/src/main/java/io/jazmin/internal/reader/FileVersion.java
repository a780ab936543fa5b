package io.jazmin.internal.reader;

import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.Trailer;

/**
 * The file version a reader sees: its preamble, the trailer it chose, where that trailer starts,
 * and whether it had to scan back past a damaged or unfinished append to find it.
 */
public record FileVersion(Preamble preamble, Trailer trailer, long trailerOffset, boolean recovered) {
}
