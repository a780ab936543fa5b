package io.jazmin.cli;

import io.jazmin.JazminWriter;
import java.util.List;

/** Writes rows to a .jzm file; the writer itself writes to a temporary file and moves it on finish. */
final class JzmRowOutput implements RowOutput {
    private final JazminWriter writer;
    private boolean finished;

    JzmRowOutput(JazminWriter writer) {
        this.writer = writer;
    }

    @Override
    public void write(List<Object> values) {
        writer.writeValues(values.toArray());
    }

    @Override
    public void finish() {
        writer.finish();
        finished = true;
    }

    @Override
    public void close() {
        if (!finished) {
            writer.abort();
        }
    }
}
