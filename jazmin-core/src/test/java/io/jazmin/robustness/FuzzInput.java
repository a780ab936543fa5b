package io.jazmin.robustness;

import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * One fuzz input of {@link JazminReaderFuzzTest}: a 4-byte control prefix, then the bytes of a
 * JAZMIN file. Missing control bytes count as 0.
 *
 * <pre>
 * byte 0  bits 0-1 secret: 0 the one the preamble asks for, 1 none, 2 the fuzz key, 3 the fuzz password
 *         bit 2    repair checksums: recompute every section CRC and trailer CRC of the mutated file
 *         bit 3    scan with the default parallelism (else on the calling thread only)
 * byte 1  bits 0-2 filter kind, bits 3-4 how it is combined, bits 5-7 the row query
 * byte 2  which column the filter is on
 * byte 3  which value the filter compares with (a sampled value or, bit 7 set, a literal)
 * </pre>
 *
 * The checksum repair is what makes the fuzzing structure-aware: without it almost every mutation
 * dies at the first CRC check, with it mutations of plain files reach the payload decoders.
 */
record FuzzInput(int secret, boolean parallel, int filterKind, int combine, int rowQuery, int column, int value,
                 byte[] file) {
    static final int PREFIX = 4;
    /** Section envelope: codec, flags, reserved u16, raw_length, payload_length, crc32 (spec §1.5). */
    private static final int ENVELOPE = 16;
    /** Trailer: 36 bytes of fields, crc32 of them, magic (spec §1.4). */
    private static final int TRAILER = 44;
    private static final int PREAMBLE = 64;
    private static final byte[] MAGIC = {'J', 'Z', 'M', '1'};

    static FuzzInput decode(byte[] input) {
        int c0 = at(input, 0);
        int c1 = at(input, 1);
        byte[] file = input.length > PREFIX ? Arrays.copyOfRange(input, PREFIX, input.length) : new byte[0];
        if ((c0 & 0x4) != 0) {
            repairChecksums(file);
        }
        return new FuzzInput(c0 & 0x3, (c0 & 0x8) != 0, c1 & 0x7, (c1 >> 3) & 0x3, (c1 >> 5) & 0x7,
                at(input, 2), at(input, 3), file);
    }

    /** The control prefix for a seed: the given control bytes followed by {@code file}. */
    static byte[] encode(int c0, int c1, int c2, int c3, byte[] file) {
        byte[] out = new byte[PREFIX + file.length];
        out[0] = (byte) c0;
        out[1] = (byte) c1;
        out[2] = (byte) c2;
        out[3] = (byte) c3;
        System.arraycopy(file, 0, out, PREFIX, file.length);
        return out;
    }

    /**
     * Walks the sections from the end of the preamble (writers lay them out back to back, with the
     * trailers of earlier versions between appends) and rewrites each CRC to match the bytes; stops
     * at the first thing that is neither an envelope that fits nor a trailer.
     */
    static void repairChecksums(byte[] file) {
        int pos = PREAMBLE;
        while (pos + ENVELOPE <= file.length) {
            if (pos + TRAILER <= file.length && isTrailerAt(file, pos)) {
                putU32(file, pos + 36, crc(file, pos, 36));
                pos += TRAILER;
                continue;
            }
            long payload = u32(file, pos + 8);
            if ((file[pos] & 0xFF) > 3 || pos + ENVELOPE + payload > file.length) {
                break;
            }
            putU32(file, pos + 12, crc(file, pos + ENVELOPE, (int) payload));
            pos += ENVELOPE + (int) payload;
        }
        int last = file.length - TRAILER;
        if (last >= 0 && isTrailerAt(file, last)) {
            putU32(file, last + 36, crc(file, last, 36));
        }
    }

    private static boolean isTrailerAt(byte[] file, int pos) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (file[pos + 40 + i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private static int at(byte[] input, int i) {
        return i < input.length ? input[i] & 0xFF : 0;
    }

    private static long crc(byte[] b, int offset, int length) {
        CRC32 crc = new CRC32();
        crc.update(b, offset, length);
        return crc.getValue();
    }

    private static long u32(byte[] b, int pos) {
        return (b[pos] & 0xFFL) | (b[pos + 1] & 0xFFL) << 8 | (b[pos + 2] & 0xFFL) << 16 | (b[pos + 3] & 0xFFL) << 24;
    }

    private static void putU32(byte[] b, int pos, long v) {
        for (int i = 0; i < 4; i++) {
            b[pos + i] = (byte) (v >>> (8 * i));
        }
    }
}
