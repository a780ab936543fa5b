package io.jazmin.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/** Lets a sink "close" standard output: flushes instead, as the stream belongs to the caller. */
final class NonClosingWriter extends FilterWriter {
    NonClosingWriter(Writer out) {
        super(out);
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
