package io.jazmin.convert;

import java.io.InputStream;

/** A generated test input that makes its bytes a block at a time; single bytes are read through a block. */
abstract class BlockInput extends InputStream {
    @Override
    public final int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public abstract int read(byte[] b, int off, int len);
}
