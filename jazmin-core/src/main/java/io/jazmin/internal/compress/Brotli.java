package io.jazmin.internal.compress;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.encoder.Encoder;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** Brotli payloads through brotli4j (window 22, the reference writer's), decoded no further than the raw length declared. */
final class Brotli {
    private Brotli() {
    }

    static byte[] compress(int quality, byte[] raw, int len) {
        if (quality < 0 || quality > 11) {
            throw new JazminValidationException("Brotli quality must be 0-11, got " + quality);
        }
        ensureLoaded();
        try {
            Encoder.Parameters params = new Encoder.Parameters().setQuality(quality).setWindow(22);
            return Encoder.compress(len == raw.length ? raw : Arrays.copyOf(raw, len), params);
        } catch (IOException e) {
            throw new IllegalStateException("Brotli compression failed", e);
        }
    }

    static byte[] decompress(byte[] stored, int off, int len, int rawLength) {
        ensureLoaded();
        DecoderJNI.Wrapper decoder;
        try {
            decoder = new DecoderJNI.Wrapper(Math.max(1, len));
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the Brotli decoder", e);
        }
        try {
            ByteBuffer in = decoder.getInputBuffer();
            in.clear();
            in.put(stored, off, len);
            decoder.push(len);
            BoundedOutput out = new BoundedOutput(len, rawLength);
            while (true) {
                while (decoder.hasOutput()) {
                    out.append(decoder.pull());
                }
                switch (decoder.getStatus()) {
                    case DONE -> {
                        return out.finish("Brotli");
                    }
                    case OK -> decoder.push(0);
                    case NEEDS_MORE_OUTPUT -> out.append(decoder.pull());
                    case NEEDS_MORE_INPUT -> throw new JazminFormatException("truncated Brotli data");
                    default -> throw new JazminFormatException("corrupt Brotli data");
                }
            }
        } finally {
            decoder.destroy();
        }
    }

    private static void ensureLoaded() {
        if (!Brotli4jLoader.isAvailable()) {
            Brotli4jLoader.ensureAvailability();
        }
    }
}
